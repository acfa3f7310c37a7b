"""A venue organizer runs a 13-player stoner-points event to its podium with admin clicks only (issue #12).

Create the event (game «Puntos Stoner»), open registration, add 13 players
with «Alta rápida», close registration, seat round 1 (pods of 5, 4 and 4:
2–6 a table, the largest preferred), enter every pod's places and stoner
points on the round page — finding «Cerrar ronda» disabled while one pod
is missing, its title naming the table —, seat the next
rounds until the four planned ones are played (ceil(log2 13) = 4), finish,
and read the podium on the event page. The organizer is a venue organizer
(staff, group «Organizador»), not a superuser.

The results follow one rule chosen here: the lower a player's number, the
stronger; at every table the strongest finishes 1st, and each player scores
30 − their number in stoner points (E2E-01 scores 29, E2E-13 scores 17), so
places and points always agree (004_4a3d59c736a1e8f3.txt § "1 Objetivo": more
stoner points, better place; a single leader). The expected podium is worked
out in this test from what was entered: placement points 3/2/1 (later places
0), then opponents' points (each pod-mate's final points, once per pod
shared), then total stoner points — never read from the product.
"""
from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import pytest

from tournaments.enums import EventState
from tournaments.models import Event, Registration

from .helpers import add_event, button, click, confirm, login, messages, register_and_pair

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

PLAYERS = [
    ("Martina Álvarez", "E2E-01"), ("Joaquín Peña", "E2E-02"), ("Tomás Acosta", "E2E-03"),
    ("Lucía Fernández", "E2E-04"), ("Bruno Sosa", "E2E-05"), ("Valentina Ruiz", "E2E-06"),
    ("Nicolás Herrera", "E2E-07"), ("Camila Ortiz", "E2E-08"), ("Sofía Ibáñez", "E2E-09"),
    ("Agustín Núñez", "E2E-10"), ("Florencia Gómez", "E2E-11"), ("Emiliano Córdoba", "E2E-12"),
    ("Abril Villalba", "E2E-13"),
]
NAMES = {number: name for name, number in PLAYERS}


def strength(number: str) -> int:
    return int(number.split("-")[1])


class Ledger:
    """What this test entered, pod by pod, and the standings worked out from it."""

    def __init__(self) -> None:
        self.pods: list[list[tuple[str, int, int]]] = []  # [(player number, place, stoner points)]

    def add(self, lines: list[tuple[str, int, int]]) -> None:
        self.pods.append(lines)

    def points(self) -> dict[str, Fraction]:
        """DESIGN.md decision 17, counted pairwise: 3 × the share of pod-mates finished behind
        (no ties here: every place of a pod is different)."""
        total: dict[str, Fraction] = defaultdict(Fraction)
        for lines in self.pods:
            for number, place, _score in lines:
                behind = sum(1 for other, other_place, _s in lines if other != number and other_place > place)
                total[number] += Fraction(3 * behind, len(lines) - 1)
        return total

    def ranking(self, draw_order: dict[str, int]) -> list[str]:
        """By points, opponents' points and stoner points; what still ties is a technical tie in the
        event's draw order (drawn at registration)."""
        points = self.points()
        opponents: dict[str, Fraction] = defaultdict(Fraction)
        stoner: dict[str, int] = defaultdict(int)
        for lines in self.pods:
            for number, _place, score in lines:
                stoner[number] += score
                opponents[number] += sum(points[other] for other, _p, _s in lines if other != number)
        return sorted(points, key=lambda n: (-points[n], -opponents[n], -stoner[n], draw_order[n]))


def enter_pod(page, table: int, ledger: Ledger) -> None:
    """Give every seat of ``table`` its place and stoner points by the test's rule, and save."""
    row = page.locator(f"tr#mesa-{table}")
    seats = row.locator("tr[data-registration]")
    numbers = [seats.nth(i).get_attribute("data-number") for i in range(seats.count())]
    assert len(numbers) in (4, 5)  # 13 players: pods of 5, 4 and 4
    order = sorted(numbers, key=strength)
    lines = [(number, order.index(number) + 1, 30 - strength(number)) for number in numbers]
    for index, (_number, place, score) in enumerate(lines):
        seat = seats.nth(index)
        seat.locator("select").select_option(str(place))
        seat.locator('input[type="number"]').fill(str(score))
    click(page, row.get_by_role("button", name="Guardar puestos", exact=True))
    winner = order[0]
    assert f"Mesa {table}: puestos cargados (versión 1): 1.º {NAMES[winner]} ({30 - strength(winner)})" in messages(
        page), messages(page)
    ledger.add(lines)


def test_admin_runs_a_thirteen_player_stoner_points_event_to_its_podium(live_server, desktop_page,
                                                                        venue_organizer):
    page = desktop_page
    login(page, live_server)

    # Create the event: choosing the game fills in its defaults (one game per round).
    add_event(page)
    page.select_option("#id_game", label="Puntos Stoner")
    assert page.input_value("#id_best_of") == "1"
    page.fill("#id_name", "Fecha Stoner E2E")
    click(page, 'input[name="_save"]')
    assert "Se creó el evento «Fecha Stoner E2E»" in messages(page)

    register_and_pair(page, PLAYERS)
    assert "Ronda 1 emparejada: 3 mesas." in messages(page)
    assert page.locator("tr.arena-row-missing").count() == 3  # landed on round 1's page
    sizes = sorted(page.locator(f"tr#mesa-{t} tr[data-registration]").count() for t in (1, 2, 3))
    assert sizes == [4, 4, 5]

    ledger = Ledger()
    enter_pod(page, 1, ledger)
    enter_pod(page, 3, ledger)
    assert button(page, "Emparejar ronda siguiente").count() == 0  # table 2 is still missing
    # Said before any click: «Cerrar ronda» waits for table 2, and its button says why.
    close = button(page, "Cerrar ronda y confirmar resultados")
    assert close.is_disabled()
    assert close.get_attribute("title") == "Falta el resultado de la mesa 2; cargalo antes de cerrar la ronda 1."
    assert page.locator("#arena-close-blocked").is_visible()
    assert page.locator("tr.arena-row-missing").count() == 1
    enter_pod(page, 2, ledger)
    click(page, button(page, "Cerrar ronda y confirmar resultados"))
    confirm(page, "Cerrar ronda y confirmar resultados")
    assert "Ronda 1 cerrada: resultados confirmados." in messages(page)

    for number in (2, 3, 4):
        click(page, button(page, "Emparejar ronda siguiente"))
        confirm(page, "Emparejar ronda siguiente")
        assert f"Ronda {number} emparejada: 3 mesas." in messages(page)
        assert page.locator("tr.arena-row-missing").count() == 3
        for table in (1, 2, 3):
            enter_pod(page, table, ledger)
        assert page.locator("tr.arena-row-missing").count() == 0

    assert button(page, "Emparejar ronda siguiente").count() == 0  # the four planned rounds are played
    assert button(page, "Iniciar reducido").count() == 0  # pods have no top cut
    click(page, button(page, "Finalizar evento"))
    confirm(page, "Finalizar evento")
    draw_order = dict(Registration.objects.filter(event__name="Fecha Stoner E2E")
                      .values_list("player__player_number", "draw_order"))
    first, second, third = ledger.ranking(draw_order)[:3]
    assert (
        f"Evento finalizado. Podio: 1º {NAMES[first]}, 2º {NAMES[second]}, 3º {NAMES[third]}." in messages(page)
    ), messages(page)

    assert len(ledger.pods) == 12 and sum(len(lines) for lines in ledger.pods) == 4 * 13
    assert ledger.points()["E2E-01"] == 12  # the strongest won each of their four pods
    event = Event.objects.get(name="Fecha Stoner E2E")
    assert event.state == EventState.FINISHED
    podium = page.locator("#arena-podium li").all_inner_texts()
    assert [re.sub(r"\s+", " ", line).strip() for line in podium] == [
        f"{place} {NAMES[number]} {number}" for place, number in zip(("1º", "2º", "3º"), (first, second, third))
    ]
    assert button(page, "Finalizar evento").count() == 0
