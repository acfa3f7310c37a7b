"""A venue organizer runs an 8-player event to its podium with admin clicks only (issue #4).

Create the event, open registration, add 8 players with «Alta rápida»,
close registration, pair three Swiss rounds entering every result on the
round page, start the top cut, play semifinals and final, finish, and read
the podium on the event page. The organizer is a venue organizer (staff,
group «Organizador»), not a superuser.
"""
from __future__ import annotations

import re

import pytest

from tournaments.enums import EventState
from tournaments.models import Event

from .helpers import add_event, button, click, confirm, login, messages, register_and_pair

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

PLAYERS = [
    ("Martina Álvarez", "E2E-01"), ("Joaquín Peña", "E2E-02"), ("Tomás Acosta", "E2E-03"),
    ("Lucía Fernández", "E2E-04"), ("Bruno Sosa", "E2E-05"), ("Valentina Ruiz", "E2E-06"),
    ("Nicolás Herrera", "E2E-07"), ("Camila Ortiz", "E2E-08"),
]


def enter_every_result(page) -> int:
    """Click «2-0» on every table still missing its result; returns how many."""
    entered = 0
    while page.locator("tr.arena-row-missing").count():
        click(page, page.locator('tr.arena-row-missing button[name="score"]').first)
        assert "cargado" in messages(page), messages(page)
        entered += 1
    return entered


def test_admin_runs_an_eight_player_event_to_its_podium(live_server, desktop_page, venue_organizer):
    page = desktop_page
    login(page, live_server)
    assert page.locator("#site-name").inner_text() == "Arena — consola del organizador"

    # Create the event: the venue, date, game defaults and seed come prefilled.
    add_event(page)
    assert page.input_value("#id_best_of") == "3"
    assert page.input_value("#id_seed") != ""
    page.fill("#id_name", "Fecha de prueba E2E")
    click(page, 'input[name="_save"]')
    assert "Se creó el evento «Fecha de prueba E2E»" in messages(page)
    assert button(page, "Abrir inscripción").count() == 1

    register_and_pair(page, PLAYERS)
    assert page.locator("tr.arena-row-missing").count() == 4  # landed on round 1's page

    for number in (1, 2, 3):
        assert enter_every_result(page) == 4
        if number == 1:
            click(page, button(page, "Cerrar ronda y confirmar resultados"))
            confirm(page, "Cerrar ronda y confirmar resultados")
            assert "Ronda 1 cerrada: resultados confirmados." in messages(page)
        if number < 3:
            click(page, button(page, "Emparejar ronda siguiente"))
            confirm(page, "Emparejar ronda siguiente")
            assert f"Ronda {number + 1} emparejada: 4 mesas." in messages(page)

    click(page, button(page, "Iniciar reducido"))
    confirm(page, "Iniciar reducido")
    assert "Ronda 4 — Semifinales emparejada: 2 mesas." in messages(page)
    assert enter_every_result(page) == 2
    click(page, button(page, "Emparejar ronda siguiente"))
    confirm(page, "Emparejar ronda siguiente")
    assert "Ronda 5 — Final emparejada: 1 mesa." in messages(page)
    assert enter_every_result(page) == 1
    click(page, button(page, "Finalizar evento"))
    confirm(page, "Finalizar evento")
    assert "Evento finalizado. Podio:" in messages(page)

    event = Event.objects.get(name="Fecha de prueba E2E")
    assert event.state == EventState.FINISHED
    podium = page.locator("#arena-podium li").all_inner_texts()
    expected = [event.podium_first, event.podium_second, event.podium_third]
    assert [re.sub(r"\s+", " ", line).strip() for line in podium] == [
        f"{place} {reg.player.display_name} {reg.player.player_number}"
        for place, reg in zip(("1º", "2º", "3º"), expected)
    ]
    assert button(page, "Finalizar evento").count() == 0
