"""Public top-cut bracket endpoint."""
import pytest
from django.urls import reverse

from tournaments import services

from .conftest import open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def bracket_url(event):
    return reverse("tournaments_api:bracket", args=[event.pk])


@pytest.fixture
def semis(event):
    for _ in range(3):
        play_round(event)
    return services.top_cut_start(event=event)


def test_bracket_before_the_top_cut_is_empty(api, event):
    body = api.get(bracket_url(event)).json()
    assert body == {"event_id": event.pk, "cut_size": 4, "third_place_match": False, "stages": [], "podium": None}


def test_bracket_shows_the_semifinals_seeded_one_against_four(api, event, semis):
    standings = api.get(reverse("tournaments_api:standing-list", args=[event.pk])).json()["results"]
    seeds = [row["player_number"] for row in standings[:4]]
    body = api.get(bracket_url(event)).json()
    (stage,) = body["stages"]
    round_ = stage["round"]
    assert (round_["stage"], round_["stage_label"], round_["phase"]) == (2, "Semifinales", "top_cut")
    pairs = [{m["player_a"]["player_number"], m["player_b"]["player_number"]} for m in stage["matches"]]
    assert pairs == [{seeds[0], seeds[3]}, {seeds[1], seeds[2]}]
    assert [m["winner"] for m in stage["matches"]] == [None, None]


def test_bracket_after_the_final_has_winners_and_podium(api, event, semis):
    for match in semis.tables.all():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    final = services.round_pair_next(event=event)
    final_match = final.tables.get()
    services.table_result_record(table=final_match, seats=[{"games": 0}, {"games": 2}])
    services.event_finish(event=event)
    body = api.get(bracket_url(event)).json()
    assert [s["round"]["stage_label"] for s in body["stages"]] == ["Semifinales", "Final"]
    (final_row,) = body["stages"][1]["matches"]
    champion = final_match.player_b.player.player_number
    assert (final_row["winner"], final_row["status"]) == (champion, "confirmed")
    assert body["podium"]["first"]["player_number"] == champion
    assert body["podium"]["second"]["player_number"] == final_match.player_a.player.player_number


def test_bracket_shows_the_third_place_match(api):
    event = open_event(players=8, third_place_match=True)
    for _ in range(3):
        play_round(event)
    semis = services.top_cut_start(event=event)
    for match in semis.tables.all():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    services.round_pair_next(event=event)
    final_stage = api.get(bracket_url(event)).json()["stages"][-1]
    assert [m["is_third_place"] for m in final_stage["matches"]] == [False, True]


def test_bracket_of_unknown_event_is_404(api):
    assert api.get(reverse("tournaments_api:bracket", args=[55555])).status_code == 404


@pytest.mark.parametrize("stages", [1, 2])
def test_bracket_runs_a_constant_number_of_queries(api, django_assert_num_queries, event, semis, stages):
    if stages == 2:
        for match in semis.tables.all():
            services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
        services.round_pair_next(event=event)
    with django_assert_num_queries(4):  # event with podium, rounds with counts, tables, their seats with players
        response = api.get(bracket_url(event))
    assert len(response.json()["stages"]) == stages
