"""A format registered tomorrow that seats duels works on every page and API answer with no edit (issue #24).

The pages, the judge list and the API ask the event's format
(:class:`tournaments.formats.base.EventFormat`) for its rows, fragments and
context instead of branching on its key; a subclass of the duels format
under a new key must therefore be served exactly like duels.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.formats import FORMATS, Duels, format_for
from tournaments.models import Table

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


class SideDuels(Duels):
    """A side event's duels: nothing of its own but its key."""

    key = "side_duels"
    label = "Duelos de la mesa lateral"


@pytest.fixture
def side_event(monkeypatch):
    """Four players in a ``side_duels`` event, round 1 played: table 1 2-1 for A, table 2 0-2 for B."""
    fmt = SideDuels()
    monkeypatch.setitem(FORMATS, fmt.key, fmt)
    event = build_event(4, rounds=1, pending_last=False, format=fmt.key, cut_size=0,
                        names=["Ana Paz", "Beto Río", "Ceci Sol", "Dani Luz"])
    assert format_for(event) is fmt
    matches = list(Table.objects.filter(round__event=event).order_by("table_number"))
    # helpers.play: table 1 (2, 1, 0) → A wins; table 2 (0, 2, 0) → B wins.
    winners = {matches[0].player_a.player.player_number, matches[1].player_b.player.player_number}
    return event, matches, winners


def test_new_duel_format_public_pages_show_the_duels(client, side_event):
    event, matches, _winners = side_event
    page = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert all(name in page for name in ("Ana Paz", "Beto Río", "Ceci Sol", "Dani Luz"))
    standings = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert "Handicap" in standings and "Ana Paz" in standings
    a, b = matches[0].player_a.player, matches[0].player_b.player
    player = client.get(reverse("public:player", args=[event.pk, a.player_number])).content.decode()
    assert b.display_name in player  # the opponent of round 1


def test_new_duel_format_api_answers_duel_rows(client, side_event):
    """Match points by hand: a win 1, a loss 0 (000 § "Desempates"): the two winners 1, the others 0."""
    event, matches, winners = side_event
    pairings = client.get(reverse("tournaments_api:pairing-list", args=[event.pk, 1])).json()["results"]
    assert [(p["table_number"], p["games_a"], p["games_b"]) for p in pairings] == [(1, 2, 1), (2, 0, 2)]
    rows = client.get(reverse("tournaments_api:standing-list", args=[event.pk])).json()["results"]
    assert sorted((r["match_points"], r["player_number"] in winners) for r in rows) == [
        (0.0, False), (0.0, False), (1.0, True), (1.0, True)]
    results = client.get(reverse("tournaments_api:player-results",
                                 args=[event.pk, matches[0].player_a.player.player_number])).json()
    assert (results["shape"], [r["result"] for r in results["rounds"]]) == ("duel", ["win"])
    rounds = client.get(reverse("tournaments_api:round-list", args=[event.pk])).json()["results"]
    assert [(r["tables"], r["results_pending"]) for r in rounds] == [(2, 0)]


def test_new_duel_format_judge_list_shows_the_tables(client, side_event, django_user_model):
    event, matches, _winners = side_event
    judge = django_user_model.objects.create_user("jueza_lateral", password="x")
    event.judges.add(judge)
    client.force_login(judge)
    page = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert 'id="tables"' in page and matches[1].player_b.player.display_name in page
    form = client.get(reverse("judge:table", args=[event.pk, 1, 2]))
    assert form.status_code == 200 and matches[1].player_a.player.display_name in form.content.decode()
