"""The organizer's day panel runs a single elimination and a round robin with clicks.

The buttons are the lifecycle's (``actions_available(format.day_facts(event))``):
a bracket never offers «Iniciar reducido»; the round robin pairs its fixed
rounds, then finishes. Cases: tests/tournaments/formats_cases.py (DESIGN.md
decision 22); 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
Suizas" (results, then the next round, R-000-78; the podium, R-000-80).
"""
from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tests.tournaments.formats_cases import ROUND_ROBIN_6, SINGLE_ELIMINATION_8
from tournaments import services
from tournaments.enums import EventState

from .conftest import change_url, press, shown_buttons

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def registered(venue, case):
    from tests.factories import EventFactory

    event = EventFactory(venue=venue, format=case["format"], **case["settings"])
    services.registration_open(event=event)
    regs = {name: services.registration_create(event=event, player=PlayerFactory(display_name=name, home_venue=venue))
            for name in case["players"]}
    services.registration_close(event=event)
    event.refresh_from_db()
    return event, {reg.pk: name for name, reg in regs.items()}


def enter(event, names, score_of):
    rnd = event.rounds.order_by("-number").first()
    for match in rnd.tables.filter(is_bye=False):
        ga, gb, gd = score_of(names[match.player_a_id], names[match.player_b_id])
        services.table_result_record(table=match, seats=[{"games": ga}, {"games": gb}], games_drawn=gd)


def test_a_single_elimination_of_eight_runs_from_the_day_panel(client_a, venue_a):
    case = SINGLE_ELIMINATION_8
    event, names = registered(venue_a, case)
    assert shown_buttons(client_a.get(change_url(event))) == ["Abrir inscripción", "Emparejar ronda siguiente"]
    for index, expected in enumerate(case["rounds"]):
        press(client_a, event, "emparejar")
        assert shown_buttons(client_a.get(change_url(event))) == ["Cerrar ronda y confirmar resultados"]
        scores = {(a, b): s for a, b, s in expected}
        enter(event, names, lambda a, b, scores=scores: scores[(a, b)])
        last = index == len(case["rounds"]) - 1
        assert shown_buttons(client_a.get(change_url(event))) == [
            "Cerrar ronda y confirmar resultados", "Finalizar evento" if last else "Emparejar ronda siguiente"]
    press(client_a, event, "finalizar")
    event.refresh_from_db()
    assert event.state == EventState.FINISHED
    assert tuple(names[p] for p in (event.podium_first_id, event.podium_second_id, event.podium_third_id)) \
        == case["podium"]


def test_a_round_robin_of_six_runs_from_the_day_panel(client_a, venue_a):
    case = ROUND_ROBIN_6
    event, names = registered(venue_a, case)
    results = case["results_by_pair"]

    def score_of(a, b):
        if (a, b) in results:
            return results[(a, b)]
        ga, gb, gd = results[(b, a)]
        return gb, ga, gd

    for _round in range(case["planned_rounds"]):
        press(client_a, event, "emparejar")
        assert shown_buttons(client_a.get(change_url(event))) == [
            "Rehacer ronda actual", "Cerrar ronda y confirmar resultados"]
        enter(event, names, score_of)
        press(client_a, event, "cerrar-ronda")
    # 5 rounds played (6 players), no cut: only the finish is offered
    assert shown_buttons(client_a.get(change_url(event))) == ["Finalizar evento"]
    press(client_a, event, "finalizar")
    event.refresh_from_db()
    assert tuple(names[p] for p in (event.podium_first_id, event.podium_second_id, event.podium_third_id)) \
        == case["podium"]
