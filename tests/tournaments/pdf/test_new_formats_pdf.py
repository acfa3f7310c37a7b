"""The round's PDFs of a round robin and a single elimination name the players of their tables.

Cases: tests/tournaments/formats_cases.py (DESIGN.md decision 22); a bracket
round prints like a top-cut round (000_0014b2ac83da54b4.txt § "10.1.
Desarrollo de las Rondas Suizas": pairings published, R-000-75).
"""
from __future__ import annotations

import pytest

from tests.tournaments.formats.test_new_formats import registered
from tests.tournaments.formats_cases import ROUND_ROBIN_6, SINGLE_ELIMINATION_6
from tournaments import services
from tournaments.enums import DocumentKind

from .conftest import download, pdf_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.mark.parametrize("case", [ROUND_ROBIN_6, SINGLE_ELIMINATION_6], ids=lambda c: c["id"])
@pytest.mark.parametrize("kind", [DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.RESULT_SLIPS])
def test_round_one_documents_name_every_seated_player(embedded_default, client, case, kind):
    event, _regs = registered(case)
    rnd = services.round_pair_next(event=event)
    _pages, text = pdf_text(download(client, rnd, kind))
    seated = [m.player_a.player.display_name for m in rnd.tables.filter(is_bye=False)] + [
        m.player_b.player.display_name for m in rnd.tables.filter(is_bye=False)]
    # round robin of 6: all six at 3 tables; bracket of 6: the four without a bye (Sergio, Tamara, Rocío, Ulises)
    assert len(seated) == (6 if case["format"] == "round_robin" else 4)
    assert all(name in text for name in seated)



def test_the_bracket_sheet_of_a_single_elimination_names_its_players(embedded_default, client):
    from tournaments.documents import kinds_for_round

    event, _regs = registered(SINGLE_ELIMINATION_6)
    rnd = services.round_pair_next(event=event)
    assert DocumentKind.BRACKET in kinds_for_round(rnd)
    _pages, text = pdf_text(download(client, rnd, DocumentKind.BRACKET))
    # quarterfinals: Pablo and Quimey (seeds 1, 2) with byes, Sergio v Tamara and Rocío v Ulises (formats_cases)
    assert all(name in text for name in ("Sergio", "Tamara", "Rocío", "Ulises", "Pablo", "Quimey"))


def test_a_round_robin_without_a_cut_prints_no_bracket():
    from tournaments.documents import kinds_for_round

    event, _regs = registered(ROUND_ROBIN_6)
    assert DocumentKind.BRACKET not in kinds_for_round(services.round_pair_next(event=event))
