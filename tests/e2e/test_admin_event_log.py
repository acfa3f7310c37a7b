"""An organizer reads the event log at 1280 px: from the day panel, in words, filtered by table (issue #28 point 2).

Four players, round 1 paired by hand: table 1 Milagros Núñez vs Tomás
Acosta, table 2 Lucía Fernández vs Joaquín Peña. Table 1 was entered 2-0,
the round closed, then corrected to 0-2: Tomás wins.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_judge_results import seeded_game
from tests.factories import EventFactory
from tests.factories.day import game_seats
from tournaments import services
from tournaments.models import Player, Table, Venue

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ("Milagros Núñez", "Tomás Acosta", "Lucía Fernández", "Joaquín Peña")
REASON = "Planilla leída al revés"


@pytest.fixture
def day(venue_organizer):
    venue = Venue.objects.get(name="Sede Palermo")
    event = EventFactory(name="Fecha del registro", venue=venue, game=seeded_game(), cut_size=0)
    services.registration_open(event=event)
    regs = [services.registration_create(event=event, player=Player.objects.create(
        display_name=name, player_number=f"E2E-L{i}", home_venue=venue)) for i, name in enumerate(NAMES)]
    services.registration_close(event=event)
    rnd = services.round_pair_manual(event=event, pairings=[(regs[0], regs[1]), (regs[2], regs[3])],
                                     by=venue_organizer)
    one, two = (Table.objects.get(round=rnd, table_number=n) for n in (1, 2))
    services.table_result_record(table=one, seats=[{"games": 2}, {"games": 0}], entered_by=venue_organizer)
    services.table_result_record(table=two, seats=[{"games": 1}, {"games": 2}], entered_by=venue_organizer)
    services.round_close(event=event, by=venue_organizer)
    services.table_result_correct(table=one, seats=game_seats(one, 0, 2), reason=REASON, by=venue_organizer)
    return event


def click(page, locator) -> None:
    with page.expect_navigation():
        locator.click()


def test_organizer_reads_the_log_in_words_at_1280_px(live_server, desktop_page, day):
    page = desktop_page
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "sede_palermo")
    page.fill("#id_password", "clave-de-prueba")
    click(page, page.locator('input[type="submit"]'))
    page.goto(live_server.url + reverse("admin:tournaments_event_change", args=[day.pk]))
    click(page, page.locator("#arena-event-log-link"))
    assert page.title().startswith("Registro del evento — Fecha del registro")

    first = page.locator("#arena-log tbody tr").first
    cells = [" ".join(t.split()) for t in first.locator("td").all_inner_texts()]
    assert cells[1:] == ["sede_palermo", "Resultado corregido Ronda 1, mesa 1 · Milagros Núñez – Tomás Acosta",
                         "Mesa 1: 2-0 → 0-2 (Tomás Acosta gana)", REASON]
    for column in ("when", "who", "what", "change", "reason"):  # every column on screen, no sideways scroll
        box = page.locator(f"#arena-log th.arena-log-{column}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280, column
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280

    page.select_option("#id_mesa", "2")
    click(page, page.get_by_role("button", name="Filtrar"))
    changes = page.locator("#arena-log td.arena-log-change").all_inner_texts()
    assert changes == ["Mesa 2: 1-2 (Joaquín Peña gana)"]
