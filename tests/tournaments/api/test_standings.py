"""Public standings endpoint: every tiebreak column with the rulebook's labels."""
import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tournaments import services

from .conftest import open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

COLUMNS = {
    "rank", "swiss_rank", "display_name", "player_number", "venue", "match_points", "wins", "draws", "losses", "byes",
    "buchholz", "head_to_head", "game_differential", "game_wins", "game_losses", "game_draws",
    "matches_played", "separated_by", "separated_by_label", "technical_tie", "active", "dropped", "disqualified",
}


def standings_url(event):
    return reverse("tournaments_api:standing-list", args=[event.pk])


@pytest.fixture
def round_robin():
    """Four players, three rounds paired by hand, two head-to-head ties.

    Ana beats Beto and Ceci and loses to Dani; Beto beats Ceci and Dani;
    Ceci beats Dani. Ana and Beto: 2 points, 2 wins, Buchholz 4 — Ana
    won their match. Ceci and Dani: 1 point, 1 win, Buchholz 5 — Ceci won.
    """
    event = EventFactory(name="Todos contra todos", planned_rounds=3, cut_size=0)
    services.registration_open(event=event)
    regs = {
        name: services.registration_create(event=event, player=PlayerFactory(display_name=name))
        for name in ("Ana", "Beto", "Ceci", "Dani")
    }
    services.registration_close(event=event)
    schedule = [
        [("Ana", "Beto", (2, 0)), ("Ceci", "Dani", (2, 1))],
        [("Ana", "Ceci", (2, 1)), ("Beto", "Dani", (2, 0))],
        [("Ana", "Dani", (0, 2)), ("Beto", "Ceci", (2, 1))],
    ]
    for tables in schedule:
        rnd = services.round_pair_manual(event=event, pairings=[(regs[a], regs[b]) for a, b, _ in tables])
        for match, (_, _, (ga, gb)) in zip(rnd.tables.order_by("table_number"), tables, strict=True):
            services.table_result_record(table=match, seats=[{"games": ga}, {"games": gb}])
    return event


def test_standings_have_every_tiebreak_column_and_rulebook_labels(api, round_robin):
    rows = api.get(standings_url(round_robin)).json()["results"]
    assert set(rows[0]) == COLUMNS
    by_name = [(r["display_name"], r["rank"], r["match_points"], r["wins"], r["losses"], r["buchholz"],
                r["head_to_head"], r["separated_by"], r["separated_by_label"]) for r in rows]
    assert by_name == [
        ("Ana", 1, 2.0, 2, 1, 4.0, 1, None, None),
        ("Beto", 2, 2.0, 2, 1, 4.0, -1, "head_to_head", "Handicap: vs"),
        ("Ceci", 3, 1.0, 1, 2, 5.0, 1, "match_points", "Puntaje total"),
        ("Dani", 4, 1.0, 1, 2, 5.0, -1, "head_to_head", "Handicap: vs"),
    ]
    ana = rows[0]
    assert (ana["game_wins"], ana["game_losses"], ana["game_differential"]) == (4, 3, 1)
    assert (ana["matches_played"], ana["technical_tie"], ana["dropped"], ana["active"]) == (3, False, False, True)


def test_standings_game_differential_uses_its_rulebook_label(api):
    """Ana 2-0 Beto and Ceci 2-1 Dani: the winners are level but for games, «Handicap: x»."""
    event = EventFactory(planned_rounds=1, cut_size=0)
    services.registration_open(event=event)
    regs = [
        services.registration_create(event=event, player=PlayerFactory(display_name=n))
        for n in ("Ana", "Beto", "Ceci", "Dani")
    ]
    services.registration_close(event=event)
    rows = api.get(standings_url(event)).json()["results"]
    assert [(r["rank"], r["technical_tie"]) for r in rows] == [(1, True)] * 4  # nothing played yet
    rnd = services.round_pair_manual(event=event, pairings=[(regs[0], regs[1]), (regs[2], regs[3])])
    first, second = rnd.tables.order_by("table_number")
    services.table_result_record(table=first, seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=second, seats=[{"games": 2}, {"games": 1}])
    rows = api.get(standings_url(event)).json()["results"]
    assert [(r["display_name"], r["game_differential"], r["separated_by_label"]) for r in rows] == [
        ("Ana", 2, None),
        ("Ceci", 1, "Handicap: x"),
        ("Dani", -1, "Puntaje total"),
        ("Beto", -2, "Handicap: x"),
    ]


def test_standings_count_drawn_matches(api):
    event = open_event(players=2, planned_rounds=1, cut_size=0)
    match = services.round_pair_next(event=event).tables.get()
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 1}], games_drawn=1)
    rows = api.get(standings_url(event)).json()["results"]
    assert [(r["rank"], r["match_points"], r["draws"], r["game_draws"]) for r in rows] == [(1, 0.5, 1, 1)] * 2
    assert rows[1]["technical_tie"] is True


def test_standings_keep_dropped_players_flagged(api, event):
    play_round(event)
    reg = event.registrations.first()
    services.registration_drop(registration=reg)
    rows = api.get(standings_url(event)).json()["results"]
    row = next(r for r in rows if r["player_number"] == reg.player.player_number)
    assert (row["dropped"], row["active"]) == (True, False)
    assert len(rows) == 8


def test_standings_search_keeps_the_rank(api, round_robin):
    rows = api.get(standings_url(round_robin), {"search": "dani"}).json()["results"]
    assert [(r["display_name"], r["rank"]) for r in rows] == [("Dani", 4)]


def test_standings_paginate(api, round_robin):
    body = api.get(standings_url(round_robin), {"page_size": 3, "page": 2}).json()
    assert (body["count"], [r["rank"] for r in body["results"]]) == (4, [4])


def test_standings_show_the_home_venue_name(api, round_robin):
    row = api.get(standings_url(round_robin)).json()["results"][0]
    assert row["venue"] == round_robin.registrations.get(player__display_name="Ana").player.home_venue.name


def test_standings_of_unknown_event_is_404(api):
    assert api.get(reverse("tournaments_api:standing-list", args=[31337])).status_code == 404


@pytest.mark.parametrize("players", [1, 3])
def test_standings_run_a_constant_number_of_queries(api, django_assert_num_queries, players):
    event = open_event(players=players)
    with django_assert_num_queries(4):  # the state stamp, event, registrations, matches
        response = api.get(standings_url(event))
    assert len(response.json()["results"]) == players
    with django_assert_num_queries(0):  # the same body again at the same stamp: answered before the ORM
        assert api.get(standings_url(event)).content == response.content
