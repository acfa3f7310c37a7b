"""An organizer swaps two players who already met and sees the rematch warning first (issue #13 item 2).

R-000-64: no rematch while avoidable. Round 1 (by hand): table 1 Ana-Bruno,
table 2 Carla-Darío, side A wins 2-0. Round 2: table 1 Ana-Carla, table 2
Bruno-Darío. Swapping Carla and Bruno pairs Ana with Bruno and Carla with
Darío again — both met in round 1, and each table has a 1-point gap.
"""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import EventLogEntry, Venue

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def round_two(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    venue = Venue.objects.create(name="Sede Palermo", province="CABA")
    user = get_user_model().objects.create_user("sede_palermo", password="clave-de-prueba", is_staff=True)
    user.groups.add(Group.objects.get(name="Organizador"))
    venue.organizers.add(user)
    event = EventFactory(venue=venue, name="Fecha de emparejamiento manual")
    services.registration_open(event=event)
    p = [services.registration_create(event=event, player=PlayerFactory(display_name=n, home_venue=venue))
         for n in ("Ana", "Bruno", "Carla", "Darío")]
    services.registration_close(event=event)
    r1 = services.round_pair_manual(event=event, pairings=[(p[0], p[1]), (p[2], p[3])])
    for m in r1.tables.all():
        services.table_result_record(table=m, seats=[{"games": 2}, {"games": 0}])
    r2 = services.round_pair_manual(event=event, pairings=[(p[0], p[2]), (p[1], p[3])])
    return r2


def click(page, locator) -> None:
    with page.expect_navigation():
        locator.click()


def table_rows(page) -> list[str]:
    rows = page.locator("#arena-round table.arena-tables tbody tr")
    return [re.sub(r"\s+", " ", rows.nth(i).inner_text()).strip() for i in range(rows.count())]


def test_organizer_swaps_two_players_and_confirms_the_rematch(live_server, desktop_page, round_two):
    page = desktop_page
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "sede_palermo")
    page.fill("#id_password", "clave-de-prueba")
    click(page, page.locator('input[type="submit"]'))
    page.goto(f"{live_server.url}/admin/tournaments/round/{round_two.pk}/change/")

    swap = page.locator("#arena-pairing-swap")
    swap.get_by_label("Primer jugador").select_option(label="Carla (mesa 1, B)")
    swap.get_by_label("Segundo jugador").select_option(label="Bruno (mesa 2, A)")
    click(page, swap.get_by_role("button", name="Revisar intercambio"))

    warnings = page.locator("#arena-pairing-warnings li").all_inner_texts()
    assert warnings == [
        "Revancha: Ana y Bruno ya se enfrentaron en la ronda 1.",
        "Diferencia de puntaje en la mesa 1: Ana tiene 1 y Bruno 0; difieren en 1.",
        "Revancha: Carla y Darío ya se enfrentaron en la ronda 1.",
        "Diferencia de puntaje en la mesa 2: Carla tiene 1 y Darío 0; difieren en 1.",
    ]
    changes = page.locator("#arena-pairing-changes tbody tr").all_inner_texts()
    assert [re.sub(r"\s+", " ", row).strip() for row in changes] == [
        "1 Ana (1) — Carla (1) Ana (1) — Bruno (0)",
        "2 Bruno (0) — Darío (0) Carla (1) — Darío (0)",
    ]
    assert not EventLogEntry.objects.filter(action="pairing_swap").exists()

    click(page, page.get_by_role("button", name="Confirmar y aplicar"))
    assert "Emparejamiento cambiado (mesas 1, 2)" in " ".join(page.locator("ul.messagelist li").all_inner_texts())
    rows = table_rows(page)
    assert rows[0].startswith("1 Ana")
    assert "Bruno" in rows[0] and "revancha" in rows[0]
    assert rows[1].startswith("2 Carla") and "Darío" in rows[1] and "revancha" in rows[1]
    assert EventLogEntry.objects.filter(action="pairing_swap").count() == 1
