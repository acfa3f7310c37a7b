"""The format registry and the services every format goes through.

A stoner-points or La Copa del Mundo event plays in pods, every other game
in duels; closing, re-pairing and finishing work the same for both, and
refuse with the table that is missing. Rule: 004_4a3d59c736a1e8f3.txt
§ "1 Objetivo" (pods); 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las
Rondas Suizas" (rounds closed with every result, R-000-75).
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rules.games import REGISTRY
from tests.factories import record_places
from tests.factories.day import registered_event
from tournaments import services
from tournaments.enums import EventState, MatchStatus, RoundState
from tournaments.errors import StateError
from tournaments.formats import FORMATS, format_for, format_for_profile
from tournaments.models import Table
from tournaments.swiss import topcut

from .test_pods_results import by_seat_order, pod_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_the_registry_seats_the_multiplayer_games_in_pods_and_every_other_in_duels():
    # 004 (stoner points) and 002 § "La Copa del Mundo" are the games of 3+ at a table
    in_pods = sorted(key for key, profile in REGISTRY.items() if format_for_profile(profile) is FORMATS["pods"])
    assert in_pods == ["copa_del_mundo", "stoner_points"]
    assert format_for_profile(None) is FORMATS["duels"]
    assert format_for(pod_event(9)) is FORMATS["pods"]


def test_closing_a_pods_round_with_a_pod_missing_names_that_table():
    event = pod_event(13)
    rnd = services.round_pair_next(event=event)
    pods = list(rnd.tables.order_by("table_number"))
    for pod in pods[:-1]:
        record_places(pod, by_seat_order(pod))
    missing = pods[-1].table_number
    with pytest.raises(StateError) as refused:
        services.round_close(event=event)
    assert refused.value.code == "results_missing"
    assert str(refused.value) == f"Falta el resultado de la mesa {missing}; cargalo antes de cerrar la ronda 1."
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PAIRED
    # the table can still be entered, then the round closes and the next one pairs: the event is not stuck
    record_places(pods[-1], by_seat_order(pods[-1]))
    services.round_close(event=event)
    assert Table.objects.filter(round=rnd, status=MatchStatus.CONFIRMED).count() == len(pods)
    assert services.round_pair_next(event=event).number == 2


def test_a_pods_round_with_a_result_is_not_re_paired():
    event = pod_event(9)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.first()
    record_places(pod, by_seat_order(pod))
    with pytest.raises(StateError) as refused:
        services.round_repair(event=event)
    assert refused.value.code == "round_has_results"
    assert Table.objects.filter(pk=pod.pk).exists()


def test_a_provisional_score_counts_as_a_result_for_re_pairing():
    event = registered_event(8, cut_size=0)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.filter(is_bye=False).first()
    # a game lost to a penalty
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 0}], provisional=True)
    with pytest.raises(StateError) as refused:
        services.round_repair(event=event)
    assert refused.value.code == "round_has_results"
    assert Table.objects.get(pk=match.pk).entries.count() == 1


def test_a_result_for_a_table_that_a_re_pair_replaced_is_refused_not_a_crash():
    event = registered_event(8, cut_size=0)
    old = services.round_pair_next(event=event).tables.filter(is_bye=False).first()
    old_pk = old.pk
    services.round_repair(event=event)
    with pytest.raises(StateError) as refused:
        services.table_result_record(table=old_pk, seats=[{"games": 2}, {"games": 0}], expected_version=0)
    assert refused.value.code == "table_gone"


def test_finishing_a_pods_event_takes_the_top_three_without_the_disqualified():
    event = pod_event(9, planned_rounds=1)
    rnd = services.round_pair_next(event=event)
    winners = []
    for pod in rnd.tables.order_by("table_number"):
        placements = by_seat_order(pod)
        record_places(pod, placements)
        winners.append(placements[0][0])
    # 9 players in 3 pods of 3: three winners with 3 placement points each; disqualify the first of them
    disqualified = winners[0]
    event.registrations.filter(pk=disqualified).update(disqualified=True)
    services.event_finish(event=event)
    event.refresh_from_db()
    assert event.state == EventState.FINISHED
    podium = {event.podium_first_id, event.podium_second_id, event.podium_third_id}
    assert disqualified not in podium
    assert set(winners[1:]) <= podium


def test_the_event_api_says_the_format_and_the_actions_that_apply():
    event = pod_event(9)
    api = APIClient()
    body = api.get(reverse("tournaments_api:event-detail", args=[event.pk])).json()
    assert (body["format"], body["actions"]) == ("pods", ["registration_open", "round_pair_next"])
    services.round_pair_next(event=event)
    body = api.get(reverse("tournaments_api:event-detail", args=[event.pk])).json()
    assert body["actions"] == ["round_repair", "round_close"]


# --------------------------------------------------------------------------- the podium rule (pure)


@pytest.mark.unit
def test_podium_without_moves_the_next_players_up():
    # played podium 7, 3, 5; 3 is disqualified: 5 becomes 2nd, the best other candidate (9) 3rd
    podium = topcut.podium_without((7, 3, 5), [9, 2, 7, 3, 5, 4], {3})
    assert podium.as_tuple() == (7, 5, 9)
    assert podium.third_decided_by == "disqualification"


@pytest.mark.unit
def test_podium_without_keeps_how_third_was_decided_when_nobody_is_excluded():
    podium = topcut.podium_without((1, 2, 3), [4], {8}, decided_by="third_place_match")
    assert (podium.as_tuple(), podium.third_decided_by) == ((1, 2, 3), "third_place_match")


@pytest.mark.unit
def test_podium_without_a_cut_is_the_first_three_candidates_and_vacancies_stay_empty():
    assert topcut.podium_without((), [4, 6, 1, 2], {6}).as_tuple() == (4, 1, 2)
    assert topcut.podium_without((), [4, 6], {6}).as_tuple() == (4, None, None)


@pytest.mark.unit
def test_final_order_follows_design_decision_20():
    # Swiss order 1..10; top 8: quarterfinal losers 5, 6, 7, 8; semifinal losers 3 and 4; final 2 beat 1;
    # 3rd decided by Swiss rank (decision 6): 3. Expected: 2, 1, 3, 4, then 5–8 by Swiss rank, then 9, 10.
    from tournaments.swiss.types import Podium

    eliminated = {5: 3, 6: 3, 7: 3, 8: 3, 3: 2, 4: 2}
    order = topcut.final_order(list(range(1, 11)), Podium(first=2, second=1, third=3), eliminated_at=eliminated)
    assert order == (2, 1, 3, 4, 5, 6, 7, 8, 9, 10)


@pytest.mark.unit
def test_final_order_lists_the_disqualified_last_and_quarterfinal_losers_by_swiss_rank():
    from tournaments.swiss.types import Podium

    # 4 was disqualified in the semifinal; podium moved up to 1, 2, 6 (the best other cut player, decision 10)
    eliminated = {8: 3, 6: 3, 7: 3, 5: 3, 3: 2, 4: 2}
    order = topcut.final_order(list(range(1, 10)), Podium(first=1, second=2, third=6),
                               eliminated_at=eliminated, excluded={4})
    assert order == (1, 2, 6, 3, 5, 7, 8, 9, 4)
