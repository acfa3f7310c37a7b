"""The round page asks the event's format what a table's result is; it never names a format.

``EventFormat.table_results`` says whether a result is game wins of two sides
(duels) or a place per seat (pods); ``places_by_score`` whether the places
follow from the secondary score. The stoner-points game orders places by its
stoner points (004_4a3d59c736a1e8f3.txt § "1 Objetivo": the first to 20
stoner points wins); La Copa del Mundo by elimination (002_c95a30c488414cab.txt
§ "La Copa del Mundo › FIN DEL JUEGO": a Manager who loses every team is
eliminated; the last one left wins).
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, game
from tournaments import services
from tournaments.formats import DUELS, FORMATS, PODS, format_for
from tournaments.formats.base import GAME_RESULTS, PLACE_RESULTS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def first_round(venue, game_key: str, players: int):
    """Round 1 of a new event of ``game_key`` at ``venue`` with ``players`` registered."""
    event = EventFactory(venue=venue, game=game(game_key), best_of=1, cut_size=0)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory(home_venue=venue))
    services.registration_close(event=event)
    return services.round_pair_next(event=event)


def test_each_format_says_what_a_table_result_is():
    assert DUELS.table_results == GAME_RESULTS
    assert PODS.table_results == PLACE_RESULTS


@pytest.mark.parametrize(("game_key", "by_score"), [("stoner_points", True), ("copa_del_mundo", False)])
def test_the_pods_round_page_orders_places_as_the_game_does(client_a, venue_a, game_key, by_score):
    rnd = first_round(venue_a, game_key, players=6)
    assert format_for(rnd.event) is FORMATS["pods"]  # both games default to pods (their profiles seat 2 to 6)
    assert PODS.places_by_score(rnd.event) is by_score
    page = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk]))
    assert page.status_code == 200
    assert page.context["places_by_score"] is by_score
    assert page.context["cells_template"] == "admin/tournaments/round/_cells_places.html"
    assert [line.number for line in page.context["lines"]] == sorted(rnd.tables.values_list("table_number", flat=True))


def test_a_duel_round_page_shows_game_results(client_a, venue_a):
    rnd = first_round(venue_a, "weed_monsters", players=4)
    assert DUELS.places_by_score(rnd.event) is False
    page = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk]))
    assert page.status_code == 200
    # 4 players, best of 1: two tables, each with the one-click scores 1-0 and 0-1.
    assert page.context["cells_template"] == "admin/tournaments/round/_cells_games.html"
    assert len(page.context["lines"]) == 2
    assert page.context["quick_scores"] == [("1-0-0", "1-0"), ("0-1-0", "0-1")]

