"""Fixtures of the API tests: clients, users per role and events built through the services."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory, UserFactory, VenueFactory
from tests.factories.day import registered_event
from tournaments import services
from tournaments.models import Event, Round, Table


def open_event(players: int = 8, **kwargs) -> Event:
    """An event with ``players`` registered and registration closed (ready for round 1)."""
    return registered_event(players, **kwargs)


def play_round(event: Event, score: tuple[int, int, int] = (2, 1, 0)) -> Round:
    """Pair the next round and enter ``score`` at every table (player A wins by default)."""
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )
    return rnd


def finish_with_top_cut(event: Event) -> Event:
    """Play the Swiss rounds, a top 4 (higher seed wins the semis, B wins the final) and finish."""
    for _ in range(event.planned_rounds or 3):
        play_round(event)
    semis = services.top_cut_start(event=event)
    for match in semis.tables.all():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    final = services.round_pair_next(event=event)
    services.table_result_record(table=final.tables.get(), seats=[{"games": 0}, {"games": 2}])
    return services.event_finish(event=event)


def first_table(rnd: Round) -> Table:
    return rnd.tables.filter(is_bye=False).order_by("table_number").first()


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Users are created by the dozen here; PBKDF2 would dominate the run time."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def venue():
    return VenueFactory(name="Dragón Dorado", province="Córdoba")


@pytest.fixture
def organizer(venue):
    user = UserFactory(username="organiza")
    venue.organizers.add(user)
    return user


@pytest.fixture
def event(venue, organizer, judge):
    """Eight players, registration closed, one judge; the venue has an organizer."""
    event = open_event(players=8, venue=venue, name="Fecha 3 Super Liga")
    event.judges.add(judge)
    return event


@pytest.fixture
def judge():
    return UserFactory(username="jueza")


@pytest.fixture
def head_judge(event):
    user = UserFactory(username="principal")
    event.head_judge = user
    event.save(update_fields=["head_judge"])
    return user


@pytest.fixture
def other_judge():
    """A judge of another event: no rights on ``event``."""
    user = UserFactory(username="juez-de-otra-fecha")
    EventFactory().judges.add(user)
    return user


@pytest.fixture
def plain_user():
    return UserFactory(username="breeder")


@pytest.fixture
def round_one(event) -> Round:
    return services.round_pair_next(event=event)


@pytest.fixture
def as_user(api):
    """Log ``api`` in as a user (session authentication); returns the client."""

    def login(user) -> APIClient:
        api.force_login(user)
        return api

    return login
