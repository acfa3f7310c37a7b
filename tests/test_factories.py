"""The day factories build what their docstrings say, through the services.

Results by hand from :data:`tests.factories.MATCH_SCORES` (table 1 2-1,
table 2 0-2, table 3 2-0, table 4 1-2) and
:func:`tests.factories.pod_placements` (seat 1 first with 20 points, seat 2
second with 15 …).
"""
from __future__ import annotations

import pytest

from tests.factories import (
    EventInRound,
    decklist_submitted,
    event_with_top_cut,
    finished_event,
    open_round,
    penalty_issued,
    registered_event,
    tables_with_results,
)
from tournaments.enums import EventState, MatchOutcome, MatchStatus, RoundPhase, RoundState
from tournaments.formats import PODS
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def test_event_in_round_pairs_round_n_after_playing_the_rounds_before_it():
    event = EventInRound(3, players=8)
    assert event.state == EventState.SWISS
    assert list(event.rounds.order_by("number").values_list("number", "state")) == [
        (1, RoundState.CLOSED), (2, RoundState.CLOSED), (3, RoundState.PAIRED)]
    # 8 players: four tables a round, scored 2-1, 0-2, 2-0, 1-2 by table number
    first = event.rounds.get(number=1)
    scores = [(m.table_number, m.games_a, m.games_b, m.outcome)
              for m in Table.objects.filter(round=first).order_by("table_number")]
    assert scores == [(1, 2, 1, MatchOutcome.A_WINS), (2, 0, 2, MatchOutcome.B_WINS),
                      (3, 2, 0, MatchOutcome.A_WINS), (4, 1, 2, MatchOutcome.B_WINS)]
    assert not Table.objects.filter(round=event.rounds.get(number=3)).exclude(status=MatchStatus.PENDING).exists()
    assert open_round(event).number == 3


def test_event_in_round_takes_a_format_and_names():
    event = EventInRound(2, format="pods", players=["Ana", "Beto", "Carla", "Darío", "Eva"], played=True)
    assert event.format == PODS.key and event.game.key == "stoner_points" and event.best_of == 1
    rnd = open_round(event)
    assert rnd.number == 2
    # five players sit at one pod of five; seat 1 finished first with 20 stoner points
    seats = list(Seat.objects.filter(table__round=rnd).order_by("seat").values_list("seat", "place", "score"))
    assert seats == [(1, 1, 20), (2, 2, 15), (3, 3, 10), (4, 4, 5), (5, 5, 0)]
    names = set(event.registrations.values_list("player__display_name", flat=True))
    assert names == {"Ana", "Beto", "Carla", "Darío", "Eva"}


def test_tables_with_results_fills_only_the_tables_asked():
    event = registered_event(6)
    from tournaments import services

    rnd = tables_with_results(services.round_pair_next(event=event), count=2)
    statuses = list(Table.objects.filter(round=rnd).order_by("table_number").values_list("status", flat=True))
    assert statuses == [MatchStatus.REPORTED, MatchStatus.REPORTED, MatchStatus.PENDING]


def test_the_top_cut_and_the_finished_event():
    event = event_with_top_cut(8, cut_size=4)
    assert event.state == EventState.TOP_CUT
    semis = open_round(event)
    assert (semis.phase, semis.stage, semis.tables.count()) == (RoundPhase.TOP_CUT, 2, 2)
    done = finished_event(8, cut_size=4)
    assert done.state == EventState.FINISHED
    # the final is table 1, scored 2-1: player A of the final is the champion
    final = done.rounds.order_by("-number").first().tables.get(table_number=1)
    assert done.podium_first_id == final.player_a_id and done.podium_second_id == final.player_b_id


def test_penalties_and_decklists_go_through_their_services():
    event = EventInRound(1, players=4)
    reg = event.registrations.order_by("pk").first()
    penalty = penalty_issued(reg)
    assert penalty.registration_id == reg.pk and penalty.pk
    decklist = decklist_submitted(reg)
    assert decklist.registration_id == reg.pk
    # 60 cards, no more than 4 copies of a card but the basic gems (Sativa, Índica), no Baby:
    # legal by 000_0014b2ac83da54b4.txt § "Armado de Mazos"
    assert decklist.status == "legal" and decklist.text.startswith("Monsters:")
