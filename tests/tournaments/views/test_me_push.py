"""The avisos toggle of «Mi torneo» and its endpoints (issue #29 point 2).

The subscription endpoints take the browser's ``PushSubscription.toJSON()``;
they are CSRF-protected (a client enforcing CSRF, as a browser's cookie
would), for the signed-in player only. Keys are made here
(:class:`tests.push_endpoint.BrowserKeys`).
"""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, player_account
from tests.push_endpoint import BrowserKeys
from tournaments import push_delivery
from tournaments.models import PushSubscription

from .helpers import build_event

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc123"


@pytest.fixture
def vapid(settings):
    settings.ARENA_VAPID_PRIVATE_KEY, settings.ARENA_VAPID_PUBLIC_KEY = push_delivery.vapid_key_pair()
    return settings.ARENA_VAPID_PUBLIC_KEY


def subscription_json(endpoint: str = ENDPOINT) -> str:
    keys = BrowserKeys()
    return json.dumps({"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": keys.p256dh,
                                                                              "auth": keys.auth}})


def signed_in(username: str = "martina"):
    event = build_event(4)
    registration = event.registrations.select_related("player").first()
    client = Client(enforce_csrf_checks=True)
    client.force_login(player_account(registration, username))
    page = client.get(reverse("me:event", args=[event.pk]))
    return client, registration, event, page


def test_the_page_offers_avisos_with_the_servers_key(vapid):
    _client, _reg, _event, page = signed_in()
    body = page.content.decode()
    assert 'id="push-toggle"' in body and "Activar avisos</button>" in body
    assert f'data-public-key="{vapid}"' in body and 'data-enabled="1"' in body
    assert f'data-worker-url="{reverse("me:push_worker")}"' in body


def test_without_keys_the_toggle_says_push_is_off(settings):
    settings.ARENA_VAPID_PRIVATE_KEY = settings.ARENA_VAPID_PUBLIC_KEY = ""
    client, _reg, _event, page = signed_in()
    body = page.content.decode()
    assert 'data-enabled="0"' in body and 'data-public-key=""' in body
    assert "Los avisos al celular no están activados en este servidor" in body
    assert "Activar avisos en esta página</button>" in body
    refused = client.post(reverse("me:push_subscribe"), subscription_json(), content_type="application/json",
                          HTTP_X_CSRFTOKEN=page.cookies["csrftoken"].value)
    assert refused.status_code == 409 and refused.json()["code"] == "push_off"
    assert not PushSubscription.objects.exists()


def test_subscribing_needs_the_csrf_token_and_saves_the_browser(vapid):
    client, registration, _event, page = signed_in()
    url = reverse("me:push_subscribe")
    assert client.post(url, subscription_json(), content_type="application/json").status_code == 403
    assert not PushSubscription.objects.exists()
    token = page.cookies["csrftoken"].value
    saved = client.post(url, subscription_json(), content_type="application/json", HTTP_X_CSRFTOKEN=token,
                        HTTP_USER_AGENT="Chrome de prueba")
    assert saved.status_code == 201 and saved.json() == {"ok": True}
    row = PushSubscription.objects.get()
    assert (row.player_id, row.endpoint, row.user_agent) == (registration.player_id, ENDPOINT, "Chrome de prueba")
    again = client.post(url, subscription_json(), content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert again.status_code == 201 and PushSubscription.objects.count() == 1  # same browser: new keys
    assert PushSubscription.objects.get().p256dh != row.p256dh
    gone = client.post(reverse("me:push_unsubscribe"), json.dumps({"endpoint": ENDPOINT}),
                       content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert gone.json() == {"ok": True, "deleted": True} and not PushSubscription.objects.exists()


@pytest.mark.parametrize("endpoint", ["https://evil.example.com/push", "http://fcm.googleapis.com/x",
                                      "http://127.0.0.1:8000/admin/", "javascript:alert(1)"])
def test_only_the_listed_push_services_are_accepted(vapid, endpoint):
    client, _reg, _event, page = signed_in()
    refused = client.post(reverse("me:push_subscribe"), subscription_json(endpoint), content_type="application/json",
                          HTTP_X_CSRFTOKEN=page.cookies["csrftoken"].value)
    assert refused.status_code == 400 and refused.json()["code"] == "push_subscription_invalid"
    assert not PushSubscription.objects.exists()


def test_keys_of_the_wrong_shape_are_refused(vapid):
    client, _reg, _event, page = signed_in()
    body = json.dumps({"endpoint": ENDPOINT, "keys": {"p256dh": "abc", "auth": BrowserKeys().auth}})
    refused = client.post(reverse("me:push_subscribe"), body, content_type="application/json",
                          HTTP_X_CSRFTOKEN=page.cookies["csrftoken"].value)
    assert refused.status_code == 400 and not PushSubscription.objects.exists()


def test_anonymous_users_and_users_without_a_player_cannot_subscribe(vapid):
    anonymous = Client()
    assert anonymous.post(reverse("me:push_subscribe"), subscription_json(),
                          content_type="application/json").status_code == 401
    unlinked = Client()
    unlinked.force_login(UserFactory(username="sin_numero"))
    assert unlinked.post(reverse("me:push_subscribe"), subscription_json(),
                         content_type="application/json").status_code == 403
    assert not PushSubscription.objects.exists()


def test_a_player_cannot_turn_off_another_players_browser(vapid):
    client, registration, event, page = signed_in()
    other = event.registrations.exclude(pk=registration.pk).first()
    PushSubscription.objects.create(player=other.player, endpoint=ENDPOINT, p256dh="x", auth="y")
    answer = client.post(reverse("me:push_unsubscribe"), json.dumps({"endpoint": ENDPOINT}),
                         content_type="application/json", HTTP_X_CSRFTOKEN=page.cookies["csrftoken"].value)
    assert answer.json() == {"ok": True, "deleted": False} and PushSubscription.objects.count() == 1


def test_the_service_worker_is_javascript_for_the_players_pages(client):
    response = client.get(reverse("me:push_worker"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/yo/"
    body = response.content.decode()
    assert 'addEventListener("push"' in body and "showNotification" in body


def test_the_live_fragment_carries_the_pushs_words_for_the_open_page(vapid):
    client, registration, event, _page = signed_in()
    fragment = client.get(reverse("me:event", args=[event.pk]) + "?fragmento=1").content.decode()
    table = registration.seats.get().table
    rival = next(s.registration.player.display_name for s in table.seat_list if s.registration_id != registration.pk)
    assert f'data-notice-text="Ronda 1: mesa {table.table_number} contra {rival}"' in fragment


def test_a_player_keeps_the_newest_browsers_only(vapid):
    from tournaments.services.push import MAX_SUBSCRIPTIONS_PER_PLAYER

    client, registration, _event, page = signed_in()
    token = page.cookies["csrftoken"].value
    for i in range(MAX_SUBSCRIPTIONS_PER_PLAYER + 2):
        answer = client.post(reverse("me:push_subscribe"), subscription_json(f"{ENDPOINT}-{i}"),
                             content_type="application/json", HTTP_X_CSRFTOKEN=token)
        assert answer.status_code == 201
    kept = sorted(PushSubscription.objects.filter(player=registration.player).values_list("endpoint", flat=True))
    assert kept == sorted(f"{ENDPOINT}-{i}" for i in range(2, MAX_SUBSCRIPTIONS_PER_PLAYER + 2))
