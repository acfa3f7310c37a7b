"""Documents ask the event's format (issue #24): a format that subclasses duels prints what duels print.

The documents name no format: a round's kinds and the sheet of each come
from the format (``document_kinds``, ``document_sheets``), so a format
registered tomorrow as a subclass of duels gets the pairings, the posting
sheet, the slips, the standings and the bracket with no edit to
:mod:`tournaments.documents`; manual pairing follows it the same way.
"""
from __future__ import annotations

import pytest

from tournaments import documents, services
from tournaments.enums import DocumentKind
from tournaments.errors import StateError
from tournaments.formats import FORMATS, Duels, format_for
from tournaments.models import Event, Table

from .conftest import download_all, make_event, pdf_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


class DuelsCopy(Duels):
    """A new format: its own key, everything else inherited."""

    key = "duels_copy"
    label = "Suizo de prueba"


@pytest.fixture
def copied(monkeypatch):
    fmt = DuelsCopy()
    monkeypatch.setitem(FORMATS, fmt.key, fmt)
    return fmt


def event_in(fmt, players: int, **kwargs):
    event = make_event(players, **kwargs)
    Event.objects.filter(pk=event.pk).update(format=fmt.key)
    event.refresh_from_db()
    assert format_for(event) is fmt
    return event


def test_a_format_subclassing_duels_prints_every_duels_document(copied, media_root, client):
    event = event_in(copied, 6, cut_size=4)
    rnd = services.round_pair_next(event=event)
    assert documents.kinds_for_round(rnd) == [
        DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.PAIRINGS_BY_NAME, DocumentKind.RESULT_SLIPS,
        DocumentKind.STANDINGS, DocumentKind.BRACKET,
    ]
    bodies = download_all(client, rnd)
    assert set(bodies) == set(documents.kinds_for_round(rnd))
    names = [m.player_a.player.display_name for m in rnd.tables.all()] + [
        m.player_b.player.display_name for m in rnd.tables.all()]
    assert len(names) == 6  # six players, three tables, no bye
    _pages, by_table = pdf_text(bodies[DocumentKind.PAIRINGS_BY_TABLE])
    _pages, slips = pdf_text(bodies[DocumentKind.RESULT_SLIPS])
    assert all(name in by_table for name in names)
    assert slips.count("PLANILLA DE RESULTADO") == 3


def test_a_format_subclassing_duels_is_paired_by_hand_and_refuses_pod_places(copied):
    event = event_in(copied, 4)
    regs = list(event.registrations.order_by("pk"))
    rnd = services.round_pair_manual(event=event, pairings=[(regs[0], regs[1]), (regs[2], regs[3])])
    assert sorted((m.table_number, m.player_a_id, m.player_b_id) for m in Table.objects.filter(round=rnd)) == [
        (1, regs[0].pk, regs[1].pk), (2, regs[2].pk, regs[3].pk)]
    with pytest.raises(StateError) as refused:
        copied.result_check(event, None, [regs[0].pk], [(regs[0].pk, 1, None)])
    assert refused.value.code == "no_places"
