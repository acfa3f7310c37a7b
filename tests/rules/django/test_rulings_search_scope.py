"""Rulings search opened from an event defaults to the event's game (issue #16 §7).

The audit's case: a Weed Monsters judge searching "cadena" got the
Blobbiemundo ruling "bm.actions.no_chains" first (001_eff5eaaa4c47c954.txt
§ "Acciones") before the Weed Monsters ones (000_0014b2ac83da54b4.txt
§ "Prioridad"). From the event the filter is Weed Monsters; "Todos los
juegos" (``game=``) still shows every game.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, UserFactory
from tests.factories import game as game_row
from tests.tournaments.views.helpers import build_event
from tournaments.models import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SEARCH = "rulings:search"


def ids(response) -> list[str]:
    assert response.status_code == 200
    return re.findall(r'data-ruling="([^"]+)"', response.content.decode())


def selected_game(response) -> str:
    """The value of the selected option of the game select ("" = all games)."""
    select = re.search(r'<select name="game"[^>]*>(.*?)</select>', response.content.decode(), re.S).group(1)
    chosen = re.findall(r'<option value="([^"]*)"[^>]*selected', select)
    return chosen[0] if chosen else ""


def test_search_without_event_still_defaults_to_all_games(client):
    found = ids(client.get(reverse(SEARCH), {"q": "cadena"}))
    assert found[0] == "bm.actions.no_chains"
    assert {i[:3] for i in found} == {"bm.", "wm."}


def test_search_opened_from_a_weed_monsters_event_searches_weed_monsters(client):
    event = EventFactory(game=game_row("weed_monsters"))
    response = client.get(reverse(SEARCH), {"q": "cadena", "event": event.pk})
    found = ids(response)
    assert found and all(i.startswith("wm.") for i in found)
    assert "bm.actions.no_chains" not in found
    assert selected_game(response) == "weed_monsters"
    html = response.content.decode()
    assert '<option value="">Todos los juegos</option>' in html  # still offered
    assert f'<input type="hidden" name="event" value="{event.pk}">' in html
    assert f"Abierta desde el evento «{event.name}»: se busca en Weed Monsters TCG." in html


def test_all_games_stays_selectable_from_an_event(client):
    event = EventFactory(game=game_row("weed_monsters"))
    response = client.get(reverse(SEARCH), {"q": "cadena", "event": event.pk, "game": ""})
    found = ids(response)
    assert found[0] == "bm.actions.no_chains" and any(i.startswith("wm.") for i in found)
    assert selected_game(response) == ""
    assert re.search(r'<option value="" selected>Todos los juegos</option>', response.content.decode())


def test_an_explicit_other_game_wins_over_the_event_game(client):
    event = EventFactory(game=game_row("weed_monsters"))
    found = ids(client.get(reverse(SEARCH), {"q": "cadena", "event": event.pk, "game": "blobbiemundo"}))
    assert found == ["bm.actions.no_chains"]


def test_event_without_query_lists_only_the_event_games_catalogue(client):
    from rules.rulings import CATALOG

    event = EventFactory(game=game_row("blobbiemundo"))
    found = ids(client.get(reverse(SEARCH), {"event": event.pk}))
    assert found == [r.id for r in CATALOG if r.game == "blobbiemundo"]


@pytest.mark.parametrize("raw", ["abc", "0", "-3", "99999999", "9" * 30])
def test_an_unknown_or_malformed_event_is_ignored(client, raw):
    found = ids(client.get(reverse(SEARCH), {"q": "cadena", "event": raw}))
    assert found[0] == "bm.actions.no_chains"


def test_table_rulings_search_the_event_game_and_can_widen_to_all(client):
    event = build_event(4)
    judge = UserFactory(username="juez_wm")
    event.judges.add(judge)
    client.force_login(judge)
    match = Table.objects.filter(round__event=event).order_by("table_number").first()
    url = reverse("judge:table_rulings", args=[event.pk, match.round.number, match.table_number])
    scoped = client.get(url, {"q": "cadena"})
    assert event.game.key == "weed_monsters"
    assert ids(scoped) and all(i.startswith("wm.") for i in ids(scoped))
    assert selected_game(scoped) == "weed_monsters"
    widened = ids(client.get(url, {"q": "cadena", "game": ""}))
    assert widened[0] == "bm.actions.no_chains"
