"""Fixtures of the account tests: fast password hashing, a login rate to reach, a player with a code."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from tests.factories import PlayerFactory, UserFactory, VenueFactory

PASSWORD = "truco-y-mate-2024"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def login_rate(settings):
    """Set the login rate (``ARENA_LOGIN_RATE``'s setting) for one test."""

    def set_rate(rate: str | None) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": {"anon": "1000/min", "login": rate}}

    return set_rate


@pytest.fixture
def account(db):
    """A player account with no player yet: ana@example.com / PASSWORD."""
    return UserFactory(username="ana@example.com", email="ana@example.com", password=PASSWORD)


@pytest.fixture
def organizer(db):
    """The organizer of «Sede Norte» (Córdoba) and a player of that venue."""
    user = UserFactory(username="orga_norte", is_staff=True)
    user.groups.add(Group.objects.get(name="Organizador"))
    venue = VenueFactory(name="Sede Norte", province="Córdoba")
    venue.organizers.add(user)
    return user


@pytest.fixture
def player(organizer):
    return PlayerFactory(display_name="Ana Pérez", player_number="WM-0123", home_venue=organizer.organized_venues.get())
