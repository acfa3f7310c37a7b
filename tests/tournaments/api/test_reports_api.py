"""Self-reported results through the API with player tokens (issue #17 points 4 and 7).

DESIGN.md decision 21; the same rules as the «Mi torneo» page and the same
``{"code", "detail"}`` errors as the rest of the API. Who sits at table 1 is
read from the match row.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.pods_helpers import stoner_event
from tests.tournaments.views.helpers import build_event
from tournaments import services
from tournaments.enums import MatchStatus, ResultSource
from tournaments.models import Registration, ResultEntry, Table, TableReport

from .entries import duel_body, pod_body

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def player_client(registration: Registration, username: str) -> APIClient:
    """An API client with the DRF token of the user linked to the registration's player."""
    user = UserFactory(username=username)
    player = registration.player
    player.user = user
    player.save()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def table_one(event) -> Table:
    return Table.objects.get(round=event.rounds.order_by("-number").first(), table_number=1)


def url(event, match):
    return reverse("tournaments_api:table-report", args=[event.pk, match.pk])


def test_both_players_report_the_same_and_it_is_recorded():
    """A's token: 2-1 → «waiting»; B's token: 2-1 → «recorded», the match 2-1 (v1, source «players»)."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    a, b = player_client(match.player_a, "jug_a"), player_client(match.player_b, "jug_b")
    first = a.post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    assert first.status_code == 200 and first.json() == {"state": "waiting", "table_number": 1, "version": 0}
    second = b.post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    assert second.json() == {"state": "recorded", "table_number": 1, "version": 1}
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status) == (2, 1, MatchStatus.REPORTED)
    assert ResultEntry.objects.get(table=match).source == ResultSource.PLAYERS


def test_disagreement_is_a_conflict():
    """A says 2-1, B says 0-2: «conflict», nothing recorded."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    a, b = player_client(match.player_a, "jug_a"), player_client(match.player_b, "jug_b")
    a.post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    answer = b.post(url(event, match), duel_body(match, games_a=0, games_b=2), format="json")
    assert answer.json()["state"] == "conflict"
    assert not ResultEntry.objects.filter(table=match).exists()


def test_refusals_have_the_apis_error_shape():
    """Another table's player → 403 ``not_your_match``; 3-0 in best of three → 400 naming the field;
    self-reporting off → 409 ``self_reporting_off``; a judge's result in → 409 ``result_recorded``;
    no token → 401/403 ``not_authenticated``."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    other = Table.objects.get(round=match.round, table_number=2)
    outsider = player_client(other.player_a, "otra_mesa")
    refused = outsider.post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_match"
    a = player_client(match.player_a, "jug_a")
    illegal = a.post(url(event, match), duel_body(match, games_a=3, games_b=0), format="json")
    assert illegal.status_code == 400 and set(illegal.json()) >= {"code", "detail", "errors"}
    assert (illegal.json()["code"], list(illegal.json()["errors"])) == ("too_many_wins", ["seats[0].games"])
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}])
    taken = a.post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "result_recorded"
    off = build_event(4)
    off_match = table_one(off)
    off_client = player_client(off_match.player_a, "jug_off")
    answer = off_client.post(url(off, off_match), duel_body(off_match, games_a=2, games_b=1), format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "self_reporting_off"
    anonymous = APIClient().post(url(event, match), duel_body(match, games_a=2, games_b=1), format="json")
    assert anonymous.status_code in (401, 403) and anonymous.json()["code"] == "not_authenticated"
    assert not TableReport.objects.exists()


def test_reports_are_throttled(settings):
    """Issue #17 point 7: at 2/min the third report of the same user within the minute is a 429."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "report": "2/min"}}
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    a = player_client(match.player_a, "jug_a")
    for score in ((2, 0), (2, 1)):
        body = duel_body(match, games_a=score[0], games_b=score[1])
        assert a.post(url(event, match), body, format="json").status_code == 200
    third = a.post(url(event, match), duel_body(match, games_a=0, games_b=2), format="json")
    assert third.status_code == 429 and "Retry-After" in third


def test_pod_reports_through_the_api():
    """Every seat of the five-player pod reports Ana 1st … Eva 5th (004 § "1 Objetivo": more stoner points
    is better): the last report records it."""
    event, regs = stoner_event(self_reporting=True)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    order = {"ana": (1, 25), "beto": (2, 20), "carla": (3, 13), "dario": (4, 5), "eva": (5, 1)}
    body = pod_body(pod, {regs[k].player.player_number: values for k, values in order.items()})
    path = reverse("tournaments_api:table-report", args=[event.pk, pod.pk])
    states = [player_client(regs[key], f"pod_{key}").post(path, body, format="json").json()["state"]
              for key in order]
    assert states == ["waiting"] * 4 + ["recorded"]
    pod.refresh_from_db()
    assert pod.status == MatchStatus.REPORTED and pod.entries.get().source == ResultSource.PLAYERS
