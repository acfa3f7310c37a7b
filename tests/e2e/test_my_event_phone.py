"""A player on a 360 px phone finds their table and opponent in «Mi torneo», then drops with a confirmation.

The drop takes effect from the next pairing (issue #17 point 5; DESIGN decision 2): pairing round 2
afterwards leaves the player out. Playwright drives Debian's chromium (tests/e2e/conftest.py).
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.tournaments.views.helpers import build_event, play
from tournaments import services
from tournaments.models import Registration, Table

from .test_judge_results import seeded_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]


def test_player_on_phone_sees_table_and_opponent_and_drops_with_confirmation(live_server, settings, phone_page):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = build_event(4, names=NAMES, game=seeded_game())
    match = Table.objects.get(
        round__event=event, table_number=1)
    user = UserFactory(username="jugadora", email="jugadora@example.com", password="clave-de-jugadora")
    player = match.player_a.player
    player.user = user
    player.save()

    phone = phone_page
    phone.goto(live_server.url + reverse("me:event", args=[event.pk]))
    phone.fill("input[name=username]", "jugadora@example.com")  # the player login takes the e-mail
    phone.fill("input[name=password]", "clave-de-jugadora")
    phone.click("button[type=submit]")
    expect(phone.locator("#my-table")).to_contain_text("Tu mesa: 1")
    expect(phone.locator("#my-opponents")).to_contain_text(match.player_b.player.display_name)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    phone.click("#drop-link")
    expect(phone.locator("h1")).to_have_text("Abandonar el torneo")
    assert not Registration.objects.get(pk=match.player_a_id).dropped  # only asked so far
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.click("text=Sí, abandonar el torneo")
    expect(phone.locator("#my-dropped")).to_contain_text("Abandonaste este torneo")
    assert Registration.objects.get(pk=match.player_a_id).dropped

    play(match.round)
    services.round_close(event=event)
    rnd2 = services.round_pair_next(event=event)
    assert not Table.objects.filter(round=rnd2, seats__registration_id=match.player_a_id).exists()
