"""A Breeder on a 360 px phone pre-registers from «Próximos torneos», shows the QR, and is checked in with it.

Issue #17 point 2: capacity 1 with one place taken → the player is
«En lista de espera (puesto 1)»; when the confirmed player cancels, our
player is «Confirmado». The organizer's scanner posts the code the page
shows. No horizontal scroll on any page.
"""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services
from tournaments.enums import PreRegistrationState
from tournaments.models import PreRegistration

from .helpers import click

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def assert_fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, (page.url, width)


def test_player_pre_registers_on_phone_waits_is_promoted_and_checked_in_by_qr(live_server, settings, phone_page):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    venue = VenueFactory(name="Dragón Dorado — Sede Centro con nombre largo", province="Santiago del Estero")
    event = EventFactory(name="Super Liga de Santiago del Estero — Fecha 7 (clasificatoria)", venue=venue,
                         preregistration_open=True, capacity=1,
                         date=timezone.localdate() + datetime.timedelta(days=6))
    first = services.preregistration_create(event=event, player=PlayerFactory(display_name="Tomás Acosta"))
    user = UserFactory(username="lucia", email="lucia@example.com", password="clave-de-jugadora")
    player = PlayerFactory(display_name="Lucía Fernández", user=user)

    page = phone_page
    page.goto(f"{live_server.url}/proximos/")
    assert_fits(page)
    expect(page.locator(f"#upcoming-{event.pk}")).to_contain_text("Sin lugares: te anotás en lista de espera")
    click(page, page.locator(f"#upcoming-{event.pk}").get_by_role("link", name="Preinscribirme"))
    page.fill("input[name=username]", "lucia@example.com")
    page.fill("input[name=password]", "clave-de-jugadora")
    click(page, page.locator("main button[type=submit]"))
    expect(page.locator("h1")).to_have_text(event.name)
    assert_fits(page)
    click(page, page.get_by_role("button", name="Preinscribirme"))
    expect(page.locator("#prereg-state")).to_have_text("En lista de espera (puesto 1)")
    expect(page.locator("#prereg-qr svg")).to_be_visible()
    assert_fits(page)
    box = page.locator("#prereg-qr svg").bounding_box()
    assert 150 <= box["width"] <= 330  # big enough to scan, inside the screen

    services.preregistration_cancel(preregistration=first)
    page.reload()
    expect(page.locator("#prereg-state")).to_have_text("Confirmado")
    token = page.locator("#prereg-token").text_content().strip()

    services.registration_open(event=event)
    services.preregistration_check_in_token(event=event, token=token)  # what the desk's scanner posts
    prereg = PreRegistration.objects.get(event=event, player=player)
    assert prereg.state == PreRegistrationState.CHECKED_IN and prereg.registration.checked_in
    page.reload()
    expect(page.locator("#prereg-state")).to_have_text("Ya tenés tu inscripción")
    assert_fits(page)
