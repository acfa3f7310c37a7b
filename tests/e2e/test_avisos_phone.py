"""«Mi torneo» on a phone with the page open and no Web Push: the browser's notifications say the news.

The server has no VAPID keys (push off), so the toggle says so and only asks the browser's
permission (granted here by the browser context); the live fragment then brings the result and
the next round, and static/arena/push.js shows the push's own words with the Notification API
(issue #29 point 2). What the page showed is recorded by an init script that stands in for the
browser's notification calls (headless Chromium draws none). Playwright drives Debian's chromium
(tests/e2e/conftest.py).
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.tournaments.views.helpers import build_event
from tournaments import services
from tournaments.models import Table

from .test_judge_results import seeded_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]

RECORDER = """
window.__shown = [];
const record = (title, options) => window.__shown.push({title, body: (options || {}).body, tag: (options || {}).tag});
ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
  record(title, options); return Promise.resolve();
};
const Real = window.Notification;
window.Notification = function (title, options) { record(title, options); };
window.Notification.requestPermission = () => Real.requestPermission();
Object.defineProperty(window.Notification, "permission", {get: () => Real.permission});
"""


def shown(page) -> list[str]:
    return [n["body"] for n in page.evaluate("window.__shown")]


def test_the_open_page_shows_the_result_and_the_next_round_as_notifications(live_server, settings, phone_page):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ARENA_LIVE_POLL_SECONDS = 1
    settings.ARENA_VAPID_PRIVATE_KEY = settings.ARENA_VAPID_PUBLIC_KEY = ""
    event = build_event(4, names=NAMES, game=seeded_game())
    match = Table.objects.get(round__event=event, table_number=1)
    user = UserFactory(username="jugadora", email="jugadora@example.com", password="clave-de-jugadora")
    player = match.player_a.player
    player.user = user
    player.save()

    phone = phone_page
    phone.context.grant_permissions(["notifications"], origin=live_server.url)
    phone.add_init_script(RECORDER)
    phone.goto(live_server.url + reverse("me:event", args=[event.pk]))
    phone.fill("input[name=username]", "jugadora@example.com")
    phone.fill("input[name=password]", "clave-de-jugadora")
    phone.click("button[type=submit]")
    expect(phone.locator("#my-table")).to_contain_text("Tu mesa: 1")
    expect(phone.locator("#push-status-off")).to_contain_text("no están activados en este servidor")
    expect(phone.locator("#push-status")).to_have_text("Te avisamos mientras tengas esta página abierta.")
    assert shown(phone) == []  # what the page shows on arrival is not news
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    expect(phone.locator("#my-result")).to_be_visible(timeout=15_000)
    phone.wait_for_function("window.__shown.length >= 1")
    assert shown(phone) == ["Tu resultado quedó registrado"]

    for table in Table.objects.filter(round=match.round, is_bye=False).exclude(pk=match.pk):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 0}])
    services.round_close(event=event)
    rnd2 = services.round_pair_next(event=event)
    mine = Table.objects.get(round=rnd2, seats__registration_id=match.player_a_id)
    rival = next(s.registration.player.display_name for s in mine.seat_list if s.registration_id != match.player_a_id)
    phone.wait_for_function("window.__shown.length >= 2", timeout=15_000)
    assert shown(phone) == ["Tu resultado quedó registrado", f"Ronda 2: mesa {mine.table_number} contra {rival}"]
