"""Public rounds and pairings endpoints."""
import pytest
from django.urls import reverse

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Registration

from .conftest import first_table, open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def rounds_url(event):
    return reverse("tournaments_api:round-list", args=[event.pk])


def pairings_url(event, number):
    return reverse("tournaments_api:pairing-list", args=[event.pk, number])


def test_round_list_in_order_with_pending_results(api, event):
    play_round(event)
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=first_table(rnd), seats=[{"games": 2}, {"games": 0}])
    rows = api.get(rounds_url(event)).json()["results"]
    assert [r["number"] for r in rows] == [1, 2]
    assert [(r["state"], r["tables"], r["results_pending"]) for r in rows] == [("closed", 4, 0), ("paired", 4, 3)]
    assert (rows[0]["phase"], rows[0]["phase_label"], rows[0]["stage_label"]) == ("swiss", "Suiza", None)
    assert rows[1]["state_label"] == "Emparejada"


def test_round_list_filters_by_phase_and_state(api, event):
    play_round(event)
    services.round_pair_next(event=event)
    assert [r["number"] for r in api.get(rounds_url(event), {"state": "closed"}).json()["results"]] == [1]
    assert api.get(rounds_url(event), {"phase": "top_cut"}).json()["count"] == 0


def test_round_list_of_unknown_event_is_404(api):
    response = api.get(reverse("tournaments_api:round-list", args=[4040]))
    assert response.status_code == 404
    assert response.json()["code"] == "event_not_found"


@pytest.mark.parametrize("count", [1, 3])
def test_round_list_runs_a_constant_number_of_queries(api, django_assert_num_queries, count):
    event = open_event(players=4, planned_rounds=3)
    for _ in range(count):
        play_round(event)
    with django_assert_num_queries(3):  # event, count, page with table counts
        response = api.get(rounds_url(event))
    assert len(response.json()["results"]) == count


def test_round_detail_by_number(api, round_one):
    body = api.get(reverse("tournaments_api:round-detail", args=[round_one.event_id, 1])).json()
    assert (body["number"], body["tables"], body["results_pending"]) == (1, 4, 4)


def test_round_detail_unknown_number_is_404_in_spanish(api, event):
    response = api.get(reverse("tournaments_api:round-detail", args=[event.pk, 7]))
    assert response.status_code == 404
    assert response.json() == {"code": "round_not_found", "detail": "El evento «Fecha 3 Super Liga» no tiene ronda 7."}


def test_pairings_in_table_order_with_players_result_status_and_version(api, round_one):
    match = first_table(round_one)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    rows = api.get(pairings_url(round_one.event, 1)).json()["results"]
    assert [r["table_number"] for r in rows] == [1, 2, 3, 4]
    first = rows[0]
    assert first["match_id"] == match.pk
    assert first["player_a"] == {
        "display_name": match.player_a.player.display_name,
        "player_number": match.player_a.player.player_number,
    }
    assert first["player_b"]["player_number"] == match.player_b.player.player_number
    assert (first["games_a"], first["games_b"], first["games_drawn"]) == (2, 1, 0)
    assert (first["outcome"], first["outcome_label"]) == ("a_wins", "Gana A")
    assert (first["status"], first["status_label"], first["version"]) == ("reported", "Cargado", 1)
    assert (rows[1]["status"], rows[1]["outcome"], rows[1]["version"]) == ("pending", "", 0)


def test_pairings_put_the_bye_last_without_opponent(api):
    event = open_event(players=5)
    services.round_pair_next(event=event)
    rows = api.get(pairings_url(event, 1)).json()["results"]
    bye = rows[-1]
    assert (bye["is_bye"], bye["table_number"], bye["player_b"]) == (True, None, None)
    assert (bye["games_a"], bye["outcome"], bye["status"]) == (2, "bye", "confirmed")


def test_pairings_search_by_name_ignores_case_and_accents(api, event):
    reg = Registration.objects.filter(event=event).first()
    reg.player.display_name = "Iñaki Núñez"
    reg.player.save()
    services.round_pair_next(event=event)
    for query in ("iñaki", "INAKI", "nunez"):
        rows = api.get(pairings_url(event, 1), {"search": query}).json()["results"]
        names = {rows[0]["player_a"]["display_name"], rows[0]["player_b"]["display_name"]}
        assert len(rows) == 1 and "Iñaki Núñez" in names


def test_pairings_search_by_player_number(api, round_one):
    match = first_table(round_one)
    number = match.player_b.player.player_number
    rows = api.get(pairings_url(round_one.event, 1), {"search": number}).json()["results"]
    assert [r["match_id"] for r in rows] == [match.pk]


def test_pairings_paginate(api, round_one):
    body = api.get(pairings_url(round_one.event, 1), {"page_size": 3, "page": 2}).json()
    assert body["count"] == 4
    assert [r["table_number"] for r in body["results"]] == [4]


def test_pairings_of_unknown_round_is_404(api, event):
    response = api.get(pairings_url(event, 1))
    assert response.status_code == 404
    assert response.json()["code"] == "round_not_found"


@pytest.mark.parametrize("tables", [1, 3])
def test_pairings_run_a_constant_number_of_queries(api, django_assert_num_queries, tables):
    event = open_event(players=tables * 2)
    services.round_pair_next(event=event)
    with django_assert_num_queries(5):  # the state stamp, event, round with counts, tables, seats with players
        response = api.get(pairings_url(event, 1))
    assert len(response.json()["results"]) == tables
    with django_assert_num_queries(0):  # the same body again at the same stamp: answered before the ORM
        assert api.get(pairings_url(event, 1)).content == response.content


def test_late_entry_is_paired_in_the_next_round(api, event):
    play_round(event)
    late = services.registration_create(event=event, player=PlayerFactory(display_name="Llegó Tarde"))
    services.round_pair_next(event=event)
    rows = api.get(pairings_url(event, 2), {"search": "llego tarde"}).json()["results"]
    assert len(rows) == 1
    numbers = {rows[0]["player_a"]["player_number"], (rows[0]["player_b"] or {}).get("player_number")}
    assert late.player.player_number in numbers
