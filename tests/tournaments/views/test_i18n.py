"""Spanish (es-AR) by default, with accents; English after the language switch."""
from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_pages_render_spanish_by_default(client, event):
    standings = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert '<html lang="es-ar">' in standings
    assert "Posiciones" in standings
    assert "¿Cómo se desempata?" in standings
    pairings = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "Ronda 1" in pairings
    assert "Mesa" in pairings
    assert "Buscá tu nombre o número…" in pairings
    clock = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "el reloj todavía no empezó" in clock


def test_language_switch_renders_english(client, event, judge):
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("public:standings",
                                                                                      args=[event.pk])})
    assert response.status_code == 302
    standings = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert '<html lang="en">' in standings
    assert "Standings" in standings
    assert "Posiciones" not in standings
    assert "Handicap: vs" in standings  # the rulebook's own label stays
    pairings = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "Round 1" in pairings
    assert "Table" in pairings
    client.force_login(judge)
    tables = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert "pending" in tables
    assert "Round 1" in tables


def test_language_switch_back_to_spanish(client, event):
    client.post(reverse("set_language"), {"language": "en"})
    client.post(reverse("set_language"), {"language": "es-ar"})
    html = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert "Posiciones" in html


def test_an_english_browser_still_gets_spanish_until_it_switches(client, event):
    html = client.get(reverse("public:standings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert '<html lang="es-ar">' in html.content.decode()
    assert "Posiciones" in html.content.decode()
