"""Fixtures of the service tests: the roles of the module's ``event`` fixture (a judge, the head judge, an organizer).

Each test module defines its own ``event`` (usually :class:`tests.factories.EventInRound`).
"""
from __future__ import annotations

import pytest

from tests.factories import UserFactory


@pytest.fixture
def judge(event):
    """A judge of ``event`` (not its head judge)."""
    user = UserFactory(username="juez_reloj")
    event.judges.add(user)
    return user


@pytest.fixture
def head_judge(event):
    """The head judge of ``event``."""
    user = UserFactory(username="juez_principal")
    event.head_judge = user
    event.save(update_fields=["head_judge"])
    return user


@pytest.fixture
def organizer(event):
    """An organizer of ``event``'s venue."""
    user = UserFactory(username="orga_reloj")
    event.venue.organizers.add(user)
    return user
