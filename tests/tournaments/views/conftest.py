"""Fixtures of the page tests: an event in round 1 and one user per role."""
from __future__ import annotations

import pytest

from tests.factories import UserFactory

from .helpers import build_event


@pytest.fixture
def event(db):
    """Eight players, round 1 paired, every table pending."""
    return build_event(8)


@pytest.fixture
def judge(event):
    user = UserFactory(username="juez1")
    event.judges.add(user)
    return user


@pytest.fixture
def other_judge(event):
    user = UserFactory(username="juez2", first_name="Ana", last_name="Paz")
    event.judges.add(user)
    return user


@pytest.fixture
def organizer(event):
    user = UserFactory(username="orga")
    event.venue.organizers.add(user)
    return user


@pytest.fixture
def plain_user(db):
    return UserFactory(username="cualquiera")


@pytest.fixture
def foreign_judge(db):
    """A judge of another event only."""
    other = build_event(4)
    user = UserFactory(username="juez_de_otro")
    other.judges.add(user)
    return user


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Hash test passwords quickly (the default PBKDF2 costs ~0.3 s per user)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
