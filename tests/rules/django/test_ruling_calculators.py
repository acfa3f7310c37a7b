"""The rulings helpers page (``rules:ruling_calculators``) and the rulings
search for the games of seeds 002–004 (issue #16, points 3 and 8).

The page holds three GET forms — Planets War ships, Reinas tributes,
stoner-points draws — each computed by its resolver in rules.rulings with
the rule source shown. The search opened from an event of one of these
games defaults to that game (as tests/rules/django/test_rulings_search_scope.py
checks for Weed Monsters).
"""
from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import game as game_row

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "rules:ruling_calculators"


def page(client, **params) -> str:
    response = client.get(reverse(URL), params)
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0") or "no-cache" in response["Cache-Control"]
    return html.unescape(response.content.decode())


def result(body: str, prefix: str) -> str:
    """The text of the result box of one form, tags stripped."""
    match = re.search(rf'<div class="decision" id="{prefix}-result"[^>]*>(.*?)</div>', body, re.S)
    assert match, f"no {prefix} result"
    return re.sub(r"<[^>]+>", " ", match.group(1))


def test_unbound_page_shows_the_three_forms_in_spanish(client):
    body = page(client)
    assert "Reglas que se calculan" in body
    for label in ("Naves en su Tablero", "Nivel (LVL) de la bestia que se invoca", "Niveles de los tributos",
                  "Cartas en el mazo materiales", "Cartas en el descarte juego"):
        assert label in body
    assert 'id="naves-result"' not in body and 'id="tributo-result"' not in body


def test_fifth_ship_is_refused_with_its_source(client):
    """R-002-05: 4 ships on the Tablero + 1 → 5 > 4, "sin exceder las 4 Cartas de Nave"
    (002 § "Planets War › Fase de inicial")."""
    body = page(client, **{"naves-on_board": 4, "naves-summoning": 1, "naves-lost_before": 0, "naves-lost_now": 0})
    text = result(body, "naves")
    assert "hasta 4 Cartas de Nave" in text
    assert "Fuente: Reglamento Planets War / La Copa del Mundo § Planets War › PREPARACION" in text
    assert "§ Planets War › Fase de inicial" in text
    assert 'class="bad"' in body


def test_third_lost_ship_takes_a_card(client):
    """R-002-05: 2 ships lost before, 1 now → 3 lost → 1 card ("Cada que un jugador pierda
    3 Naves, tomará 1 Carta de su Deck", § "Planets War › DESTRUCCION DE NAVES")."""
    body = page(client, **{"naves-on_board": 3, "naves-summoning": 0, "naves-lost_before": 2, "naves-lost_now": 1})
    text = result(body, "naves")
    assert "Con 3 Naves perdidas toma 1 carta de su Deck" in text
    assert 'class="ok"' in body


@pytest.mark.parametrize(("tributes", "fragment", "css"), [
    ("2, 4", "Legal: 2 tributos que suman exactamente 6", "ok"),
    ("6", "2 o más tributos", "bad"),
    ("2 3", "suman 5 y deben sumar exactamente 6", "bad"),
])
def test_tribute_helper_for_a_level_6_beast(client, tributes, fragment, css):
    """R-003-06: LVL 6 with [2, 4] legal, [6] illegal (one tribute), [2, 3] illegal
    (5 ≠ 6) — 003 § "Invocación por Tributo"."""
    body = page(client, **{"tributo-level": 6, "tributo-tributes": tributes})
    text = result(body, "tributo")
    assert fragment in text
    assert "Reglamento Reinas § Invocación por Tributo" in text
    assert f'class="{css}"' in body


@pytest.mark.parametrize(("params", "error"), [
    ({"tributo-level": 6, "tributo-tributes": "2, cuatro"}, "«cuatro» no es un nivel"),
    ({"tributo-level": 6, "tributo-tributes": "2, 9"}, "Los niveles de las bestias van del 1 al 7."),
    ({"tributo-level": 8, "tributo-tributes": "4 4"}, "El valor tiene que ser menor o igual a 7."),
])
def test_tribute_helper_refuses_nonsense(client, params, error):
    body = page(client, **params)
    assert error in body
    assert 'id="tributo-result"' not in body


def test_stoner_helper_materials_deck_and_discard_empty(client):
    """R-004-06: materials deck and its discard empty → only the game card (OP 26,
    004 § "4 Las 28 operaciones › Gestión de mazos")."""
    body = page(client, **{"mazos-materials_deck": 0, "mazos-materials_discard": 0, "mazos-game_deck": 12,
                           "mazos-game_discard": 3})
    text = result(body, "mazos")
    assert "roba solo la carta de juego (OP 26)" in text
    assert "Fuente: Reglamento Puntos Stoner § " in text
    assert "§ 4 Las 28 operaciones › Gestión de mazos" in text


def test_stoner_helper_refuses_negative_counts(client):
    body = page(client, **{"mazos-materials_deck": -1, "mazos-materials_discard": 0, "mazos-game_deck": 0,
                           "mazos-game_discard": 0})
    assert 'id="mazos-result"' not in body
    assert "mayor o igual a 0" in body


def test_only_the_submitted_form_is_read(client):
    body = page(client, **{"tributo-level": 6, "tributo-tributes": "2 4"})
    assert 'id="tributo-result"' in body
    assert 'id="naves-result"' not in body and 'id="mazos-result"' not in body
    assert "Este campo es obligatorio." not in body


def test_post_is_not_allowed(client):
    assert client.post(reverse(URL), {"tributo-level": 6}).status_code == 405


# --------------------------------------------------------------------------- rulings search for 002–004


def ids(response) -> list[str]:
    assert response.status_code == 200
    return re.findall(r'data-ruling="([^"]+)"', response.content.decode())


@pytest.mark.parametrize(("key", "query", "first", "name"), [
    ("reinas", "tributo nivel 6", "rq.tribute", "Reinas"),
    ("planets_war", "cuantas naves", "pw.ships.limit", "Planets War"),
    ("copa_del_mundo", "penales", "cm.penalties", "La Copa del Mundo"),
    ("stoner_points", "mazo vacío descarte", "sp.decks.empty", "Puntos Stoner"),
])
def test_search_opened_from_an_event_of_a_002_004_game(client, key, query, first, name):
    """Issue #16 §7 for the other games: the event's game is the default filter and
    the selector offers it (R-003-06, R-002-05, R-002-10, R-004-06 look-ups)."""
    event = EventFactory(game=game_row(key))
    response = client.get(reverse("rulings:search"), {"q": query, "event": event.pk})
    found = ids(response)
    assert found[0] == first
    prefix = first.split(".")[0] + "."
    assert all(i.startswith(prefix) for i in found)
    body = response.content.decode()
    assert re.search(rf'<option value="{key}" selected>{re.escape(name)}</option>', body)
    assert f"se busca en {name}" in html.unescape(body)


def test_search_game_selector_lists_every_seed_game(client):
    body = client.get(reverse("rulings:search")).content.decode()
    for key in ("weed_monsters", "blobbiemundo", "planets_war", "copa_del_mundo", "reinas", "stoner_points"):
        assert f'<option value="{key}"' in body
