"""A venue organizer runs a 6-player Weed Monsters round robin and an 8-player single elimination in the
admin, from registration to podium, with clicks only (issue #24, "Done when"; DESIGN.md decision 22).

The organizer creates the event choosing its «Sistema de juego», registers the players with «Alta
rápida», and for every round clicks «Emparejar ronda siguiente» and enters each table's games in
«Otro resultado…». The results, the expected standings and podiums are the hand-derived cases of
``tests/tournaments/formats_cases.py`` (worked out there from 000_0014b2ac83da54b4.txt § "10.1" and
the tiebreak sections): the podium read on the event page must be theirs, never the product's.
"""
from __future__ import annotations

import re

import pytest

from tests.tournaments.formats_cases import ROUND_ROBIN_6, SINGLE_ELIMINATION_8
from tournaments.enums import EventState
from tournaments.models import Event

from .helpers import add_event, button, click, confirm, login, messages, quick_register

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def scores_by_pair(case) -> dict[tuple[str, str], tuple[int, int, int]]:
    """Every result of the case by the ordered pair of names, both orientations."""
    if "results_by_pair" in case:
        pairs = case["results_by_pair"]
    else:
        pairs = {(a, b): score for stage in case["rounds"] for a, b, score in stage if b is not None}
    both = {}
    for (a, b), (ga, gb, gd) in pairs.items():
        both[(a, b)] = (ga, gb, gd)
        both[(b, a)] = (gb, ga, gd)
    return both


def create_event(page, live_server, name: str, system: str, *, cut: str, third_place: bool) -> None:
    add_event(page)
    page.fill("#id_name", name)
    page.select_option("#id_format", label=system)
    page.select_option("#id_cut_size", label=cut)
    if third_place:
        page.check("#id_third_place_match")
    click(page, 'input[name="_save"]')
    assert f"Se creó el evento «{name}»" in messages(page), messages(page)


def enter_round(page, names: dict[str, str], scores) -> int:
    """Enter every missing table of the round page from the case; returns how many."""
    entered = 0
    while page.locator("tr.arena-row-missing").count():
        row = page.locator("tr.arena-row-missing").first
        cells = row.locator("td")
        number_a = cells.nth(1).locator(".arena-muted").inner_text().strip()
        number_b = cells.nth(3).locator(".arena-muted").inner_text().strip()
        ga, gb, gd = scores[(names[number_a], names[number_b])]
        row.locator("summary", has_text="Otro resultado…").click()
        row.locator('input[name="games_a"]').fill(str(ga))
        row.locator('input[name="games_b"]').fill(str(gb))
        row.locator('input[name="games_drawn"]').fill(str(gd))
        click(page, row.get_by_role("button", name="Guardar", exact=True))
        assert "cargado" in messages(page), messages(page)
        entered += 1
    return entered


def play(page, case, *, rounds: int, tables: list[int]) -> None:
    names = {f"E2E-{i:02d}": name for i, name in enumerate(case["players"], start=1)}
    quick_register(page, [(name, number) for number, name in names.items()])
    click(page, button(page, "Cerrar inscripción"))
    scores = scores_by_pair(case)
    for number in range(1, rounds + 1):
        assert button(page, "Iniciar reducido").count() == 0  # neither format offers a cut here
        click(page, button(page, "Emparejar ronda siguiente"))
        confirm(page, "Emparejar ronda siguiente")
        assert enter_round(page, names, scores) == tables[number - 1], number
    assert button(page, "Emparejar ronda siguiente").count() == 0
    click(page, button(page, "Finalizar evento"))
    confirm(page, "Finalizar evento")
    first, second, third = case["podium"]
    assert f"Evento finalizado. Podio: 1º {first}, 2º {second}, 3º {third}." in messages(page), messages(page)
    numbers = {name: number for number, name in names.items()}
    podium = [re.sub(r"\s+", " ", line).strip() for line in page.locator("#arena-podium li").all_inner_texts()]
    assert podium == [f"{place} {name} {numbers[name]}" for place, name in zip(("1º", "2º", "3º"), case["podium"])]


def test_admin_runs_a_six_player_round_robin_to_its_podium(live_server, desktop_page, venue_organizer):
    page = desktop_page
    login(page, live_server)
    create_event(page, live_server, "Todos contra todos E2E", "Todos contra todos", cut="Sin reducido",
                 third_place=False)
    click(page, button(page, "Abrir inscripción"))
    # 6 players: 5 rounds of 3 tables (everyone meets everyone once, no bye).
    play(page, ROUND_ROBIN_6, rounds=5, tables=[3, 3, 3, 3, 3])
    event = Event.objects.get(name="Todos contra todos E2E")
    assert event.state == EventState.FINISHED and event.format == "round_robin"


def test_admin_runs_an_eight_player_single_elimination_to_its_podium(live_server, desktop_page, venue_organizer):
    page = desktop_page
    login(page, live_server)
    create_event(page, live_server, "Eliminación directa E2E", "Eliminación directa", cut="Sin reducido",
                 third_place=True)
    click(page, button(page, "Abrir inscripción"))
    # 8 players: quarterfinals (4 tables), semifinals (2), the final and the third-place match (2).
    play(page, SINGLE_ELIMINATION_8, rounds=3, tables=[4, 2, 2])
    event = Event.objects.get(name="Eliminación directa E2E")
    assert event.state == EventState.FINISHED and event.format == "single_elimination"
