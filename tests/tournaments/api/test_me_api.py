"""The player's own API (issue #17 points 3, 5 and 7): «Mi torneo» and self-drop with a player token.

The same rules as the «Mi torneo» pages (tests/tournaments/views/test_my_event.py):
a player sees only their own table and drops only themselves; only the
organizer undoes a drop.
"""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory, player_account
from tests.tournaments.views.helpers import build_event
from tournaments import services
from tournaments.models import EventLogEntry, Registration, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def table_one(event) -> Table:
    return Table.objects.get(round=event.rounds.order_by("-number").first(), table_number=1)


def test_my_events_gives_my_table_my_opponent_and_the_tables_clock():
    """R-000-76: 50 minutes a round; a judge gave this table 5 more, so its clock ends 55 minutes after the
    start (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas")."""
    event = build_event(4)
    match = table_one(event)
    services.round_clock_start(round=match.round)
    services.match_time_extend(match=match, minutes=5, reason="Chequeo de mazo")
    a, b = match.player_a, match.player_b
    body = token_client(player_account(a, "api_a")).get(reverse("tournaments_api:my-events")).json()
    assert [row["event_id"] for row in body] == [event.pk]
    current = body[0]["current"]
    assert (current["round"], current["seated"], current["table_number"], current["match_id"]) == (
        1, True, 1, match.pk)
    assert current["opponents"] == [
        {"display_name": b.player.display_name, "player_number": b.player.player_number, "seat": None}]
    match.round.refresh_from_db()
    ends = datetime.datetime.fromisoformat(current["clock"]["ends_at"].replace("Z", "+00:00"))
    assert ends == match.round.clock_started_at + datetime.timedelta(minutes=55)
    assert current["clock"]["state"] == "running"
    # The opponent's token sees the other side of the same table.
    other = token_client(player_account(b, "api_b")).get(reverse("tournaments_api:my-events")).json()
    assert other[0]["current"]["opponents"][0]["player_number"] == a.player.player_number


def test_an_account_without_a_player_has_no_events_and_anonymous_is_refused():
    build_event(4)
    assert token_client(UserFactory(username="sin_jugador")).get(reverse("tournaments_api:my-events")).json() == []
    anonymous = APIClient().get(reverse("tournaments_api:my-events"))
    assert (anonymous.status_code, anonymous.json()["code"]) == (403, "not_authenticated")  # as the whole API


def test_self_drop_through_the_api_and_no_undo_for_the_player():
    event = build_event(4)
    a = table_one(event).player_a
    client = token_client(player_account(a, "api_drop"))
    url = reverse("tournaments_api:self-drop", args=[event.pk])
    answer = client.post(url)
    assert answer.status_code == 200 and answer.json() == {"registration_id": a.pk, "dropped": True}
    log = EventLogEntry.objects.get(event=event, action="registration_drop")
    assert log.after.get("self_drop") is True
    again = client.post(url)
    assert again.status_code == 400 and again.json()["code"] == "already_dropped"
    undo = client.post(reverse("tournaments_api:undo-drop", args=[event.pk, a.player.player_number]))
    assert undo.status_code == 403
    assert Registration.objects.get(pk=a.pk).dropped is True


def test_a_player_of_another_event_cannot_drop_here():
    event, other = build_event(4), build_event(4)
    stranger = token_client(player_account(table_one(other).player_a, "api_otro"))
    refused = stranger.post(reverse("tournaments_api:self-drop", args=[event.pk]))
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert not Registration.objects.filter(event=event, dropped=True).exists()
