"""A Breeder on a 360 px phone: signs up, claims their player number with the printed code, edits the profile.

Every page must fit the phone: no horizontal scroll (issue #17).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts import services
from tests.factories import PlayerFactory, VenueFactory

from .helpers import click

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def assert_fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, (page.url, width)


def test_signup_claim_and_profile_on_a_phone(live_server, transactional_db, settings, phone_page):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    norte = VenueFactory(name="Sede Norte", province="Córdoba")
    VenueFactory(name="Sede Sur", province="Mendoza")
    player = PlayerFactory(display_name="Martina Álvarez", player_number="WM-0456", home_venue=norte)
    code = services.player_claim_code_create(player=player)  # what the organizer printed
    page = phone_page

    page.goto(f"{live_server.url}/")
    assert_fits(page)
    click(page, page.get_by_role("link", name="Mi torneo", exact=True))
    expect(page.get_by_role("heading", name="Ingresar")).to_be_visible()
    assert_fits(page)
    click(page, page.get_by_role("link", name="¿No tenés cuenta? Registrate"))
    assert_fits(page)
    page.fill("#id_email", "martina@example.com")
    page.fill("#id_password1", "mazo-de-fuego-2024")
    page.fill("#id_password2", "mazo-de-fuego-2024")
    click(page, page.get_by_role("button", name="Crear cuenta"))

    expect(page.get_by_role("heading", name="Vincular tu número de jugador")).to_be_visible()
    assert_fits(page)
    page.fill("#id_code", f"{code[:4].lower()}-{code[4:]}")
    click(page, page.get_by_role("button", name="Vincular"))

    expect(page.get_by_role("heading", name="Mi cuenta")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("Martina Álvarez (WM-0456)")
    expect(page.locator("dl")).to_contain_text("Córdoba")
    assert_fits(page)
    page.select_option("#id_home_venue", label="Sede Sur (Mendoza)")
    click(page, page.get_by_role("button", name="Guardar"))
    expect(page.locator("dl")).to_contain_text("Mendoza")
    assert_fits(page)
    player.refresh_from_db()
    assert player.user.email == "martina@example.com" and player.home_venue.name == "Sede Sur"
