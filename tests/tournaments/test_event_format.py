"""The format belongs to the event (DESIGN.md decision 22; issue #24 point 3).

The default comes from the game's profile: pods for the stoner-points game
(004_4a3d59c736a1e8f3.txt § "1 Objetivo": 2 to 6 players a table) and La
Copa del Mundo (002_c95a30c488414cab.txt § "La Copa del Mundo"), Swiss duels
for every other game; an event file carries it and a file naming a format
this server does not have is refused.
"""
from __future__ import annotations

import json

import pytest

from tests.factories import EventFactory, game
from tests.tournaments.exchange_helpers import publish
from tournaments.exchange.fileformat import event_export
from tournaments.exchange.service import ImportRefused
from tournaments.formats import FORMATS, UnknownFormat, format_for
from tournaments.models import Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.mark.parametrize(("key", "expected"), [
    ("weed_monsters", "duels"), ("blobbiemundo", "duels"), ("planets_war", "duels"), ("reinas", "duels"),
    ("copa_del_mundo", "pods"), ("stoner_points", "pods"),
])
def test_a_new_event_takes_its_games_default_format(key, expected):
    event = EventFactory(game=game(key))
    assert Event.objects.get(pk=event.pk).format == expected


def test_the_event_not_the_game_chooses_the_format():
    event = EventFactory(game=game("stoner_points"), format="duels")
    assert format_for(event) is FORMATS["duels"]
    event = EventFactory(game=game("weed_monsters"))
    assert format_for(event) is FORMATS["duels"]
    event.format = "pods"
    assert format_for(event) is FORMATS["pods"]


def test_an_unknown_format_key_is_an_error_not_a_fallback():
    event = EventFactory(format="swiss_in_the_dark")
    with pytest.raises(UnknownFormat):
        format_for(event)


def test_an_event_file_carries_the_format_and_a_file_with_an_unknown_one_is_refused():
    event = EventFactory(game=game("stoner_points"), format="duels")
    doc = json.loads(json.dumps(event_export(event)))
    assert doc["event"]["settings"]["format"] == "duels"
    doc["event"]["settings"]["format"] = "bogus"
    doc["event"]["uid"] = "7f0c4b2e-9a0f-4b6c-8d2a-1c3e5f7a9b0d"
    with pytest.raises(ImportRefused) as refused:
        publish(doc)
    assert any("event.settings.format" in problem for problem in refused.value.problems)
    assert not Event.objects.filter(uid="7f0c4b2e-9a0f-4b6c-8d2a-1c3e5f7a9b0d").exists()
