"""Hostile input in requests (issue #15): NUL and other control characters get a 400.

Each URL measured in the issue answered 500 on PostgreSQL with a NUL byte;
``config.middleware.HostileInputMiddleware`` now refuses them before any
view runs, with a Spanish message (JSON ``{"code", "detail"}`` under
``/api/``), and nothing is written. The same URLs without the NUL are
checked too, so the refusal is the NUL's doing and not a broken URL. Runs
on SQLite and, with ``DATABASE_URL``, on PostgreSQL (where the NUL used to
reach the database).
"""
from __future__ import annotations

import base64
import json

import pytest
from django.contrib.auth.models import User

from rules.models import Decklist
from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NUL = "\x00"
NUL_QUERY = "%00"


@pytest.fixture
def setup(db):
    event = EventFactory()
    services.registration_open(event=event)
    player = PlayerFactory(player_number="WM-77")
    services.registration_create(event=event, player=player)
    return event, player


def _pages(event, player):
    """(clean URL, hostile URL) for every page the issue lists."""
    return [
        ("/api/leagues/ranking/?game=weed_monsters", f"/api/leagues/ranking/?game=weed{NUL_QUERY}"),
        (f"/api/players/{player.player_number}/", f"/api/players/{player.player_number}{NUL_QUERY}/"),
        (f"/eventos/{event.pk}/jugadores/{player.player_number}/",
         f"/eventos/{event.pk}/jugadores/{player.player_number}{NUL_QUERY}/"),
        ("/liga/ranking/?juego=weed_monsters", f"/liga/ranking/?juego=weed{NUL_QUERY}"),
        (f"/juez/jugadores/{player.player_number}/penalidades/",
         f"/juez/jugadores/{player.player_number}{NUL_QUERY}/penalidades/"),
        (f"/reglas/eventos/{event.pk}/mazo/?jugador={player.player_number}",
         f"/reglas/eventos/{event.pk}/mazo/?jugador=WM{NUL_QUERY}77"),
    ]


@pytest.mark.parametrize("index", range(6))
def test_hostile_input_nul_in_each_measured_url_is_400_with_message(client, setup, index):
    event, player = setup
    clean, hostile = _pages(event, player)[index]

    assert client.get(clean).status_code in (200, 302)  # the page exists (302: login first)
    response = client.get(hostile)

    assert response.status_code == 400
    if hostile.startswith("/api/"):
        body = response.json()
        assert body["code"] == "control_characters"
        assert "caracteres de control no permitidos (U+0000)" in body["detail"]
    else:
        assert response["Content-Type"].startswith("text/html")
        assert "caracteres de control no permitidos (U+0000)" in response.content.decode()


def test_hostile_input_query_message_names_the_parameter(client, setup):
    response = client.get(f"/liga/ranking/?juego=x{NUL_QUERY}")

    assert response.status_code == 400
    assert "El parámetro «juego» contiene caracteres de control no permitidos (U+0000)." in response.content.decode()


def test_hostile_input_basic_auth_user_name_with_nul_is_400_json(client, setup):
    credentials = base64.b64encode(f"ana{NUL}:secreto".encode()).decode()

    response = client.get("/api/events/", HTTP_AUTHORIZATION=f"Basic {credentials}")

    assert response.status_code == 400
    assert response.json() == {
        "code": "control_characters",
        "detail": "El encabezado de autorización contiene caracteres de control no permitidos (U+0000).",
    }


def test_hostile_input_basic_auth_without_control_characters_passes_through(client, setup):
    User.objects.create_user("ana", password="secreto")
    credentials = base64.b64encode(b"ana:secreto").decode()

    response = client.get("/api/events/", HTTP_AUTHORIZATION=f"Basic {credentials}")

    assert response.status_code == 200


def test_hostile_input_cookie_with_control_character_is_400(client, setup):
    client.cookies["django_language"] = "es\x01"

    response = client.get("/liga/ranking/")

    assert response.status_code == 400
    assert "La cookie «django_language» contiene caracteres de control no permitidos (U+0001)." in (
        response.content.decode()
    )


def test_hostile_input_form_field_with_nul_writes_nothing(client, setup):
    event, player = setup
    judge = User.objects.create_user("juez")
    event.judges.add(judge)
    client.force_login(judge)

    response = client.post(
        f"/reglas/eventos/{event.pk}/mazo/", {"player_number": player.player_number, "text": f"4 Fa{NUL}sent"}
    )

    assert response.status_code == 400
    assert "El campo «text» contiene caracteres de control no permitidos (U+0000)." in response.content.decode()
    assert Decklist.objects.count() == 0


def test_hostile_input_text_area_keeps_tabs_and_newlines(client, setup):
    response = client.post(
        "/reglas/mazos/validar/",
        {"game_format": "weed_monsters:constructed", "text": "4 Fasent\r\n4\tSativa\n"},
    )

    assert response.status_code == 200


def test_hostile_input_tab_in_a_query_parameter_name_is_refused(client, setup):
    response = client.get("/liga/ranking/?jue%09go=weed_monsters")

    assert response.status_code == 400
    assert "(U+0009)" in response.content.decode()


def test_hostile_input_lines_of_a_get_text_area_pass_but_nul_does_not(client, setup):
    """The rulings' chain helper is a GET form with a text area: its lines are kept."""
    assert client.get("/resoluciones/orden/?plays=a%0D%0Ab").status_code != 400
    response = client.get("/resoluciones/orden/?plays=a%00b")

    assert response.status_code == 400
    assert "(U+0000)" in response.content.decode()


def test_hostile_input_json_body_escape_of_nul_is_400_and_nothing_saved(client, setup):
    before = Player.objects.count()

    response = client.post(
        "/api/token/", data=json.dumps({"username": "ana\u0000", "password": "x"}), content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "control_characters"
    assert Player.objects.count() == before


def test_hostile_input_nul_in_path_of_a_page_is_400(client, setup):
    event, _player = setup

    response = client.get(f"/eventos/{event.pk}/{NUL_QUERY}")

    assert response.status_code == 400
    assert "La dirección pedida contiene caracteres de control no permitidos (U+0000)." in response.content.decode()
