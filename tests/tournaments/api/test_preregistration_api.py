"""Pre-registration in the API (issue #17 points 2 and 7): upcoming events, POST/GET/DELETE with a player token.

Same rules as the pages: 2 places and three players asking → the third is
waitlisted at position 1; when the first cancels, the third is confirmed.
Errors are the API's ``{"code", "detail"}``; writes are throttled per user.
"""
from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services
from tournaments.enums import EventState
from tournaments.models import PreRegistration
from tournaments.services.preregistration import preregistration_from_token

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def clean_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


def soon(**kwargs):
    kwargs.setdefault("preregistration_open", True)
    kwargs.setdefault("date", timezone.localdate() + datetime.timedelta(days=4))
    return EventFactory(**kwargs)


def player_client(name: str = "Lucía Fernández") -> tuple[APIClient, object]:
    """A client authenticated with the player's DRF token (as a phone app would be)."""
    user = UserFactory()
    player = PlayerFactory(display_name=name, user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client, player


def url(event) -> str:
    return reverse("tournaments_api:preregistration", args=[event.pk])


def test_upcoming_lists_open_events_with_places_left():
    """Capacity 5, 2 confirmed → 3 places left; no capacity → null; closed or started events are not listed."""
    venue = VenueFactory(name="Sede Mendoza", province="Mendoza")
    event = soon(name="Fecha Mendoza", venue=venue, capacity=5)
    for _ in range(2):
        services.preregistration_create(event=event, player=PlayerFactory())
    unlimited = soon(name="Sin cupo", date=timezone.localdate() + datetime.timedelta(days=9))
    soon(name="No abierta", preregistration_open=False)
    soon(name="Empezada", state=EventState.SWISS)
    response = APIClient().get(reverse("tournaments_api:event-upcoming"))
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [(r["name"], r["places_left"], r["capacity"]) for r in rows] == [
        ("Fecha Mendoza", 3, 5), ("Sin cupo", None, None)]
    assert rows[0]["venue"]["name"] == "Sede Mendoza"
    assert rows[1]["id"] == unlimited.pk


def test_preregister_waitlist_and_cancel_promotes():
    event = soon(capacity=2)
    first, p1 = player_client("Uno")
    second, _ = player_client("Dos")
    third, p3 = player_client("Tres")
    answers = [c.post(url(event)) for c in (first, second, third)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert [(a.json()["state"], a.json()["position"]) for a in answers] == [
        ("confirmed", None), ("confirmed", None), ("waitlisted", 1)]
    assert answers[2].json()["state_label"] == "En lista de espera"
    token = answers[2].json()["check_in_token"]
    assert preregistration_from_token(token, event=event).player == p3
    cancelled = first.delete(url(event))
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    assert cancelled.json()["check_in_token"] is None
    mine = third.get(url(event))
    assert (mine.status_code, mine.json()["state"], mine.json()["position"]) == (200, "confirmed", None)
    assert first.get(url(event)).json()["code"] == "preregistration_not_found"


def test_preregister_errors_have_the_api_shape():
    client, player = player_client("Joaquín Peña")
    event = soon()
    client.post(url(event))
    dup = client.post(url(event))
    assert dup.status_code == 400
    assert dup.json() == {"code": "already_preregistered",
                          "detail": f"Joaquín Peña ya tiene una preinscripción para «{event.name}»."}
    late = soon(preregistration_deadline=timezone.now() - datetime.timedelta(minutes=1))
    refused = client.post(url(late))
    assert (refused.status_code, refused.json()["code"]) == (409, "preregistration_deadline")
    missing = client.post(reverse("tournaments_api:preregistration", args=[999_999]))
    assert (missing.status_code, missing.json()["code"]) == (404, "event_not_found")
    assert PreRegistration.objects.filter(player=player).count() == 1


def test_preregister_refused_without_session_or_linked_player():
    event = soon()
    anonymous = APIClient().post(url(event))
    assert (anonymous.status_code, anonymous.json()["code"]) == (403, "not_authenticated")
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    no_player = client.post(url(event))
    assert (no_player.status_code, no_player.json()["code"]) == (403, "permission_denied")
    assert PreRegistration.objects.count() == 0


def test_preregistration_writes_are_throttled_per_user(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "preregistration": "3/min"}}
    client, _ = player_client()
    event = soon()
    codes = [client.post(url(event)).status_code for _ in range(4)]
    assert codes == [201, 400, 400, 429]
    assert client.get(url(event)).status_code == 200  # reads are not counted


def test_preregistration_endpoints_are_in_the_schema():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = schema["paths"]
    assert set(paths["/api/events/{event_id}/preregistration/"]) >= {"get", "post", "delete"}
    upcoming = paths["/api/events/upcoming/"]["get"]
    assert (upcoming["summary"], upcoming["x-role"]) == ("Próximos torneos", "público")
    post = paths["/api/events/{event_id}/preregistration/"]["post"]
    assert (post["summary"], post["x-role"]) == ("Preinscribirme", "jugador con cuenta")
    assert {"201", "400", "403", "404", "409", "429"} <= set(post["responses"])
