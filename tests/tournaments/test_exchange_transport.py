"""Event files travel gzip-compressed within a limit that grows with the event; the API answers JSON (issue #26).

The limit (:mod:`tournaments.exchange.transport`): 5 MB plus 16 KB per
declared player, decompressed. By hand: for 1,024 players,
5 × 1024 × 1024 + 16 × 1024 × 1024 = 5,242,880 + 16,777,216 = 22,020,096 bytes.
"""
from __future__ import annotations

import gzip
import json
import time

import pytest
from rest_framework.test import APIClient

from tests.factories import VenueFactory
from tournaments.exchange import fileformat, transport
from tournaments.models import Event, Registration, Table

from .exchange_helpers import big_document, signed, venue_key
from .test_exchange_api import client_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/api/events/import/"


@pytest.fixture
def superuser(django_user_model):
    return django_user_model.objects.create_superuser("raiz", password="x")


def post(client: APIClient, body: bytes, **headers):
    return client.post(URL, data=body, content_type="application/json", **headers)


def test_the_limit_grows_with_the_declared_players():
    assert transport.max_bytes(None) == 5_242_880
    assert transport.max_bytes(1024) == 22_020_096  # by hand in the module docstring
    assert transport.max_bytes(10**9) == 5_242_880 + 16_384 * 10_000  # capped at ARENA_IMPORT_MAX_PLAYERS


def test_a_1024_player_12_round_event_publishes_gzip_compressed(superuser):
    """Over the old 5 MB limit uncompressed; accepted through the API with its player count declared."""
    venue = VenueFactory()
    venue_key(venue)
    doc = signed(big_document(1024, 12, venue=venue, game_key="weed_monsters"))
    text = fileformat.dumps(doc).encode("utf-8")
    assert len(text) > 5 * 1024 * 1024
    body = gzip.compress(text)
    started = time.monotonic()
    response = post(client_for(superuser), body, HTTP_CONTENT_ENCODING="gzip", HTTP_X_ARENA_PLAYERS="1024")
    assert response.status_code == 201, response.content[:500]
    assert time.monotonic() - started < 60
    event = Event.objects.get(uid=doc["event"]["uid"])
    assert Registration.objects.filter(event=event).count() == 1024
    assert Table.objects.filter(round__event=event).count() == 12 * 512  # 512 tables a round, no bye


def test_a_file_over_its_limit_is_a_json_413(superuser):
    """Undeclared, the limit is the base 5 MB: 6 MB of inflated bytes are refused before being kept."""
    body = gzip.compress(b" " * (6 * 1024 * 1024))
    response = post(client_for(superuser), body, HTTP_CONTENT_ENCODING="gzip")
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert response.json()["detail"].startswith("El archivo supera el tamaño máximo para su cantidad de jugadores")


def test_more_players_than_declared_is_refused(superuser):
    venue = VenueFactory()
    venue_key(venue)
    body = fileformat.dumps(signed(big_document(4, 3, venue=venue, game_key="weed_monsters"))).encode()
    response = post(client_for(superuser), body, HTTP_X_ARENA_PLAYERS="2")
    assert response.status_code == 400
    assert response.json()["detail"] == "players: el archivo trae 4 jugadores y se declararon 2 (X-Arena-Players)."


@pytest.mark.parametrize("body, code", [
    (gzip.compress(b'{"format": "arena-event"}')[:-12], "bad_gzip"),  # cut before its end
    (b"\x1f\x8b\x08\x00garbage-not-deflate", "bad_gzip"),
    (b"\xff\xfe{}", "not_utf8"),
])
def test_damaged_bodies_are_json_400(superuser, body, code):
    response = post(client_for(superuser), body, HTTP_CONTENT_ENCODING="gzip" if body[:2] == b"\x1f\x8b" else "")
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_hostile_values_through_the_api_are_json_400_naming_them(superuser):
    """best_of -3, a registration listed twice and a 200-character player number: 400 with the paths, never 500."""
    venue = VenueFactory()
    venue_key(venue)
    doc = big_document(4, 3, venue=venue, game_key="weed_monsters")
    doc["event"]["settings"]["best_of"] = -3
    doc["registrations"].append(dict(doc["registrations"][0]))
    doc = json.loads(json.dumps(doc).replace('"G00002"', '"' + "7" * 200 + '"'))  # everywhere it is named
    response = post(client_for(superuser), json.dumps(signed(doc)).encode())
    assert response.status_code == 400
    problems = response.json()["problems"]
    assert any(p.startswith("event.settings.best_of: -3 no es válido") for p in problems)
    assert "registrations[4]: el jugador G00001 ya está inscripto en registrations[0]." in problems
    assert any(p.startswith("players[1].player_number: ") for p in problems)
    assert not Event.objects.filter(uid=doc["event"]["uid"]).exists()


def test_a_control_character_inside_a_compressed_file_is_refused_naming_it(superuser):
    """The middleware cannot see inside a gzip body: the view applies the same rule once inflated."""
    venue = VenueFactory()
    venue_key(venue)
    doc = big_document(4, 3, venue=venue, game_key="weed_monsters")
    doc["players"][2]["display_name"] = "Ana\x00"
    body = gzip.compress(fileformat.dumps(signed(doc)).encode())
    response = post(client_for(superuser), body, HTTP_CONTENT_ENCODING="gzip")
    assert response.status_code == 400
    assert response.json()["detail"] == (
        "players[2].display_name: contiene caracteres de control no permitidos (U+0000).")
