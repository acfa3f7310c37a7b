"""Bounded lock waits on real PostgreSQL connections (issue #26 point 6).

One thread holds an event's row lock in an open transaction (as a long
pairing would); a second connection's service call, API request or page post
on that event waits at most ``lock_timeout`` (``ARENA_LOCK_TIMEOUT_MS``, set
to 300 ms here) and is refused as :class:`~tournaments.errors.Busy` with
nothing written. Once the lock is released, the same request succeeds.

The lock order of ``penalty_issue`` is read here from the SQL PostgreSQL
receives: the ``FOR UPDATE`` statements name the event, the match and the
registration tables in that order.
"""
from __future__ import annotations

import re
import threading
import time
from contextlib import contextmanager

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.races import RACE_MARKS
from tests.tournaments.api.entries import duel_body
from tournaments import penalties, services
from tournaments.errors import Busy
from tournaments.models import Event, Registration, ResultEntry, Table
from tournaments.services import locks
from tournaments.tasks import render_document

pytestmark = RACE_MARKS

WAIT_MS = 300
BUSY_ES = "El evento está ocupado por otra operación; probá de nuevo en unos segundos."


@pytest.fixture(autouse=True)
def short_waits(settings, tmp_path, monkeypatch):
    settings.ARENA_LOCK_TIMEOUT_MS = WAIT_MS
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(render_document, "delay", lambda *args, **kwargs: None)


@contextmanager
def event_held(event_id: int):
    """Another connection holds the event's row lock until the block ends."""
    held, release, failed = threading.Event(), threading.Event(), []

    def hold() -> None:
        try:
            with transaction.atomic():
                locks.event_lock(event_id)
                held.set()
                release.wait(timeout=30)
        except Exception as exc:  # noqa: BLE001 — reported by the test below
            failed.append(exc)
            held.set()
        finally:
            connection.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert held.wait(timeout=10), "the holder never got the lock"
    assert not failed, failed
    try:
        yield
    finally:
        release.set()
        thread.join(timeout=30)
    assert not thread.is_alive()


def _event_with_round(players: int = 4) -> tuple[Event, Table]:
    event = EventFactory()
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    rnd = services.round_pair_next(event=event)
    return event, rnd.tables.filter(is_bye=False).order_by("table_number").first()


def test_a_service_call_on_a_held_event_raises_busy_after_the_lock_timeout():
    event = EventFactory()
    services.registration_open(event=event)
    player = PlayerFactory()
    with event_held(event.pk):
        started = time.monotonic()
        with pytest.raises(Busy) as refused:
            services.registration_create(event=event, player=player)
        waited = time.monotonic() - started
    # lock_timeout is 300 ms: the refusal comes after about that wait, not at once and not much later.
    assert 0.25 <= waited < 2.0, waited
    assert (refused.value.code, str(refused.value), refused.value.retry_after) == ("busy", BUSY_ES, 1)
    assert not Registration.objects.filter(event=event).exists()  # nothing half-written
    services.registration_create(event=event, player=player)  # released: the same call succeeds
    assert Registration.objects.filter(event=event, player=player).count() == 1


def test_the_api_answers_503_with_retry_after_while_the_event_is_held():
    event, match = _event_with_round()
    judge = UserFactory(username="jueza-espera")
    event.judges.add(judge)
    client = APIClient()
    client.force_login(judge)
    client.raise_request_exception = False
    url = reverse("tournaments_api:table-result", args=[match.pk])
    body = duel_body(match, games_a=2, games_b=1, games_drawn=0, expected_version=0)
    with event_held(event.pk):
        started = time.monotonic()
        response = client.post(url, body, format="json")
        waited = time.monotonic() - started
    assert response.status_code == 503
    assert response["Retry-After"] == "1"  # ceil(300 ms) in whole seconds
    assert response.json() == {"code": "busy", "detail": BUSY_ES}
    assert waited >= 0.25, waited
    match.refresh_from_db()
    assert (match.version, match.status) == (0, "pending")
    assert not ResultEntry.objects.filter(table=match).exists()
    again = client.post(url, body, format="json")  # the retry Retry-After invites
    assert again.status_code == 200, again.content
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (2, 1, 1)


def test_the_judge_page_shows_the_try_again_and_keeps_the_typed_score():
    event, match = _event_with_round()
    judge = UserFactory(username="juez-pagina-espera")
    event.judges.add(judge)
    client = Client(raise_request_exception=False)
    client.force_login(judge)
    url = reverse("judge:table", args=[event.pk, 1, match.table_number])
    with event_held(event.pk):
        response = client.post(url, {"games_a": 0, "games_b": 2, "games_drawn": 0, "expected_version": 0})
    html = response.content.decode()
    assert response.status_code == 200  # the form again, with its error: not a 500
    assert BUSY_ES in html
    form = response.context["form"]
    assert (form["games_a"].value(), form["games_b"].value()) == ("0", "2")  # what the judge typed
    assert not ResultEntry.objects.filter(table=match).exists()


def _locked_tables(queries) -> list[str]:
    tables = []
    for query in queries:
        sql = query["sql"]
        if "FOR UPDATE" in sql:
            tables.append(re.search(r'FROM "([a-z_]+)"', sql).group(1))
    return tables


def test_penalty_issue_sends_for_update_for_event_match_registration_in_that_order():
    event, match = _event_with_round()
    with CaptureQueriesContext(connection) as captured:
        penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_shuffle")
    assert _locked_tables(captured.captured_queries) == [
        Event._meta.db_table, Table._meta.db_table, Registration._meta.db_table]
    # and every lock first bounded its wait: one set_config per lock, before it
    settings_sql = [q["sql"] for q in captured.captured_queries if "set_config('lock_timeout'" in q["sql"]]
    assert len(settings_sql) == 3
