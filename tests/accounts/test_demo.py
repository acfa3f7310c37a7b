"""``make run``'s demo player account (issue #17: "make run prints a demo player login")."""
from __future__ import annotations

import pytest
from django.contrib.auth import authenticate

from tests.tournaments.views.helpers import build_event
from tournaments.management.commands.demo_setup import PLAYER, Command

pytestmark = pytest.mark.integration


def test_demo_player_account_logs_in_by_email_and_is_linked_once(db):
    live = build_event(4)
    first = live.registrations.order_by("pk").first().player
    command = Command()
    assert command._demo_player(live) == first
    assert command._demo_player(live) == first  # idempotent: same player, no second account
    user = authenticate(None, username=PLAYER[0], password=PLAYER[1])
    assert user is not None and user.player == first
