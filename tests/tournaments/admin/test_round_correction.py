"""The round page's «Corregir» on a closed round: preview first, then confirm (issue #13 item 1).

The field and the hand-computed standings are those of
tests/tournaments/test_corrections_preview.py: round 1 A beats B 2-0, C
beats D 2-1; round 2 paired A–C, B–D; correcting C–D to 1-2 moves C
(2nd → 3rd) and D (3rd → 2nd) and round 2 would pair A–D, B–C (R-000-64).
"""
import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import EventLogEntry, Table

from .conftest import make_organizer

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def field(venue_a):
    from tests.factories import EventFactory

    event = EventFactory(venue=venue_a, cut_size=0, planned_rounds=3)
    services.registration_open(event=event)
    regs = {n: services.registration_create(event=event, player=PlayerFactory(display_name=f"Jugador {n}"))
            for n in "ABCD"}
    services.registration_close(event=event)
    r1 = services.round_pair_manual(event=event, pairings=[(regs["A"], regs["B"]), (regs["C"], regs["D"])])
    services.table_result_record(
        table=Table.objects.get(round=r1, seats__registration=regs["A"], seats__seat=1),
        seats=[{"games": 2}, {"games": 0}],
    )
    cd = Table.objects.get(round=r1, seats__registration=regs["C"], seats__seat=1)
    services.table_result_record(table=cd, seats=[{"games": 2}, {"games": 1}])
    r2 = services.round_pair_next(event=event)
    cd.refresh_from_db()
    return event, regs, r1, r2, cd


def url(rnd, match):
    return reverse("admin:tournaments_round_correct", args=[rnd.pk, match.pk])


def test_closed_round_page_offers_corregir(client_a, field):
    event, regs, r1, r2, cd = field
    page = client_a.get(reverse("admin:tournaments_round_change", args=[r1.pk])).content.decode()
    assert page.count('class="arena-correct-form"') == 2
    assert "ya no se corrigen" not in page


def test_preview_then_confirm_and_repair(client_a, field, organizer_a):
    event, regs, r1, r2, cd = field
    post = {"step": "preview", "games_a": "1", "games_b": "2", "games_drawn": "0", "reason": "Planilla al revés",
            "expected_version": str(cd.version)}
    page = client_a.post(url(r1, cd), post)
    html = page.content.decode()
    assert page.status_code == 200
    assert "Posiciones que cambian" in html
    assert "Confirmar corrección y volver a emparejar la ronda actual" in html
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b) == (2, 1)  # the preview writes nothing
    done = client_a.post(url(r1, cd), {**post, "step": "confirm", "repair": "1"})
    assert done.status_code == 302
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b) == (1, 2)
    log = EventLogEntry.objects.get(event=event, action="match_result_correct")
    assert (log.reason, log.actor) == ("Planilla al revés", organizer_a)
    round_two = event.rounds.get(number=2)
    assert {frozenset((m.player_a_id, m.player_b_id)) for m in round_two.tables.all()} == {
        frozenset((regs["A"].pk, regs["D"].pk)), frozenset((regs["B"].pk, regs["C"].pk))}


def test_preview_without_reason_is_refused_with_a_message(client_a, field):
    event, regs, r1, r2, cd = field
    done = client_a.post(url(r1, cd), {"step": "preview", "games_a": "1", "games_b": "2", "reason": " "})
    assert done.status_code == 302
    assert any("motivo" in str(m) for m in get_messages(done.wsgi_request))


def test_organizer_of_another_venue_cannot_correct(client, field, venue_b):
    event, regs, r1, r2, cd = field
    client.force_login(make_organizer("org_otra", venue_b))
    done = client.post(url(r1, cd), {"step": "confirm", "games_a": "1", "games_b": "2", "reason": "x"})
    assert done.status_code in (302, 404)
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b) == (2, 1)
