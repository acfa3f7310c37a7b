"""A player on a 360 px phone writes their decklist and sees the violations while typing (issue #17 §6).

The live check posts the text (debounced) to the page's JSON endpoint and lists the violations
under the text area; the page never scrolls sideways. Playwright drives Debian's chromium
(tests/e2e/conftest.py).
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from rules.models import Decklist
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import services

from .test_judge_results import seeded_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_player_on_phone_sees_live_violations_then_saves(live_server, settings, phone_page):
    """R-000-20: «4 Fasent» alone is a 4-card deck, not 60 — the live check says so before saving."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = EventFactory(game=seeded_game(), name="Fecha de prueba")
    services.registration_open(event=event)
    user = UserFactory(username="jugadora", password="clave-de-jugadora")
    player = PlayerFactory(display_name="Martina Álvarez", user=user)
    services.registration_create(event=event, player=player)

    phone = phone_page
    phone.goto(live_server.url + reverse("rules:decklist_submit", args=[event.pk]))
    phone.fill("input[name=username]", "jugadora")
    phone.fill("input[name=password]", "clave-de-jugadora")
    phone.click("button[type=submit]")
    expect(phone.locator("h1")).to_have_text("Lista de mazo")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    phone.fill("textarea[name=text]", "4 Fasent")
    live = phone.locator("#live-check")
    expect(live.locator("li[data-code=deck_size]")).to_contain_text("El mazo tiene 4 cartas")
    expect(live).to_contain_text("Cartas en el mazo: 4")
    assert not Decklist.objects.exists()  # nothing saved while typing
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    phone.click("text=Guardar y validar")
    expect(phone.locator("#decklist")).to_contain_text("Martina Álvarez")
    assert Decklist.objects.get().main_count == 4
