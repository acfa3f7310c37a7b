"""Public players endpoints and a player's round-by-round results in an event."""
import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory, VenueFactory
from tournaments import services

from .conftest import open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PLAYERS = reverse("tournaments_api:player-list")


def results_url(event, number):
    return reverse("tournaments_api:player-results", args=[event.pk, number])


def test_player_list_shows_only_public_data(api):
    venue = VenueFactory(name="Sede Centro", province="Mendoza")
    owner = UserFactory(username="privado", email="privado@example.com")
    player = PlayerFactory(display_name="Breeder Público", player_number="WM-777", home_venue=venue, user=owner)
    PlayerFactory(referred_by=player)
    rows = api.get(PLAYERS, {"search": "WM-777"}).json()["results"]
    assert rows == [{
        "player_number": "WM-777",
        "display_name": "Breeder Público",
        "home_venue": {"id": venue.pk, "name": "Sede Centro", "province": "Mendoza"},
    }]


def test_player_list_is_alphabetical(api):
    for name in ("Zoe", "Ana", "Mara"):
        PlayerFactory(display_name=name)
    assert [r["display_name"] for r in api.get(PLAYERS).json()["results"]] == ["Ana", "Mara", "Zoe"]


def test_player_list_filters_by_home_venue_event_and_name(api, event):
    venue = VenueFactory()
    local = PlayerFactory(display_name="Local Único", home_venue=venue)
    assert [r["player_number"] for r in api.get(PLAYERS, {"home_venue": venue.pk}).json()["results"]] == [
        local.player_number]
    assert api.get(PLAYERS, {"event": event.pk}).json()["count"] == 8
    assert [r["display_name"] for r in api.get(PLAYERS, {"search": "LOCAL"}).json()["results"]] == ["Local Único"]


def test_player_without_home_venue(api):
    PlayerFactory(display_name="Nómade", home_venue=None)
    assert api.get(PLAYERS).json()["results"][0]["home_venue"] is None


@pytest.mark.parametrize("count", [1, 3])
def test_player_list_runs_a_constant_number_of_queries(api, django_assert_num_queries, count):
    PlayerFactory.create_batch(count)
    with django_assert_num_queries(2):  # count + page with home venue joined
        response = api.get(PLAYERS)
    assert len(response.json()["results"]) == count


def test_player_detail_by_number(api):
    PlayerFactory(display_name="Breeder Siete", player_number="WM-0007")
    body = api.get(reverse("tournaments_api:player-detail", args=["WM-0007"])).json()
    assert (body["display_name"], body["player_number"]) == ("Breeder Siete", "WM-0007")


def test_player_detail_unknown_is_404_in_spanish(api):
    response = api.get(reverse("tournaments_api:player-detail", args=["WM-NADIE"]))
    assert response.status_code == 404
    assert response.json() == {"code": "player_not_found", "detail": "No existe el jugador WM-NADIE."}


def test_player_results_round_by_round_from_the_players_side(api, event):
    first = play_round(event, score=(2, 1, 0))
    match = first.tables.filter(is_bye=False).order_by("table_number").first()
    loser = match.player_b
    second = services.round_pair_next(event=event)
    body = api.get(results_url(event, loser.player.player_number)).json()
    assert body["player"]["player_number"] == loser.player.player_number
    assert (body["dropped"], body["late_entry"], body["joined_round"]) == (False, False, 1)
    played, pending = body["rounds"]
    assert played["round_number"] == 1
    assert played["table_number"] == match.table_number
    assert played["opponent"]["player_number"] == match.player_a.player.player_number
    assert (played["games_won"], played["games_lost"], played["result"], played["match_points"]) == (1, 2, "loss", 0.0)
    assert (pending["round_number"], pending["result"], pending["match_points"], pending["status"]) == (
        2, "pending", None, "pending")
    assert pending["match_id"] in set(second.tables.values_list("pk", flat=True))
    assert body["standing"]["player_number"] == loser.player.player_number
    assert body["standing"]["match_points"] == 0.0


def test_player_results_show_a_bye(api):
    event = open_event(players=3)
    rnd = services.round_pair_next(event=event)
    bye = rnd.tables.get(is_bye=True)
    body = api.get(results_url(event, bye.player_a.player.player_number)).json()
    row = body["rounds"][0]
    assert (row["is_bye"], row["opponent"], row["result"], row["match_points"], row["games_won"]) == (
        True, None, "bye", 1.0, 2)


def test_player_results_of_dropped_player(api, event):
    play_round(event)
    reg = event.registrations.first()
    services.registration_drop(registration=reg)
    body = api.get(results_url(event, reg.player.player_number)).json()
    assert (body["dropped"], body["dropped_after_round"], len(body["rounds"])) == (True, 1, 1)
    assert body["standing"]["dropped"] is True


def test_player_results_of_a_player_not_registered_is_404(api, event):
    outsider = PlayerFactory()
    response = api.get(results_url(event, outsider.player_number))
    assert response.status_code == 404
    assert response.json() == {
        "code": "registration_not_found",
        "detail": f"El número {outsider.player_number} no tiene inscripción en «Fecha 3 Super Liga».",
    }
