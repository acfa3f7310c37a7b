"""Saved means answered saved (issue #15, item 3).

- the answer is built inside the transaction: a failure while building it
  rolls the change back (no "500 but saved");
- a client retry of the same result with the same ``expected_version``
  (its answer was lost) is answered 200 with the saved version, not 409;
  a different payload with a stale version still gets 409;
- an ``Idempotency-Key`` repeated with the same body answers what was saved,
  with another body 409;
- on PostgreSQL, two judges racing on one table plus the winner's retry.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services
from tournaments.api.tables import TableSerializer
from tournaments.models import EventLogEntry, ResultEntry, Table

from .conftest import first_table
from .entries import answer_games, duel_body

pytestmark = [pytest.mark.integration]


def _url(match) -> str:
    return reverse("tournaments_api:table-result", args=[match.pk])


def _body(match, **overrides) -> dict:
    data = {"games_a": 2, "games_b": 1, "games_drawn": 0, "expected_version": 0}
    data.update(overrides)
    return duel_body(match, **data)


@pytest.fixture
def match(round_one) -> Table:
    return first_table(round_one)


@pytest.mark.django_db
def test_a_failure_while_building_the_answer_saves_nothing(as_user, judge, match, monkeypatch):
    def lost_connection(_serializer, _table):
        raise RuntimeError("connection lost while reading the answer")

    monkeypatch.setattr(TableSerializer, "to_representation", lost_connection)
    client = as_user(judge)
    client.raise_request_exception = False
    response = client.post(_url(match), _body(match), format="json")
    assert response.status_code == 500
    match.refresh_from_db()
    assert (match.version, match.status) == (0, "pending")
    assert not ResultEntry.objects.exists()
    assert not EventLogEntry.objects.filter(action="match_result_record").exists()


@pytest.mark.django_db
def test_a_retry_with_the_same_version_is_answered_saved(as_user, judge, match):
    client = as_user(judge)
    first = client.post(_url(match), _body(match, went_to_time=True), format="json")
    assert first.status_code == 200 and first.json()["version"] == 1
    retry = client.post(_url(match), _body(match, went_to_time=True), format="json")  # still expected_version 0
    assert retry.status_code == 200
    assert (retry.json()["version"], answer_games(retry.json())) == (1, (2, 1))
    assert ResultEntry.objects.filter(table=match).count() == 1  # saved once


@pytest.mark.django_db
def test_a_different_payload_with_a_stale_version_is_still_409(as_user, judge, match):
    client = as_user(judge)
    assert client.post(_url(match), _body(match), format="json").status_code == 200
    other = client.post(_url(match), _body(match, games_a=0, games_b=2), format="json")
    assert other.status_code == 409 and other.json()["code"] == "stale_result"
    time_differs = client.post(_url(match), _body(match, went_to_time=True), format="json")
    assert time_differs.status_code == 409
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.went_to_time, match.version) == (2, 1, False, 1)


@pytest.mark.django_db
def test_a_retry_two_versions_behind_is_409(as_user, judge, match):
    """The same values again after somebody else changed the table in between: not a retry."""
    client = as_user(judge)
    assert client.post(_url(match), _body(match), format="json").status_code == 200
    assert client.post(_url(match), _body(match, games_a=0, games_b=2, expected_version=1),
                       format="json").status_code == 200
    assert client.post(_url(match), _body(match, expected_version=2),
                       format="json").status_code == 200  # back to 2-1, v3
    assert client.post(_url(match), _body(match, expected_version=1), format="json").status_code == 409


@pytest.mark.django_db
def test_idempotency_key_repeats_the_saved_answer(as_user, judge, head_judge, match,
                                                  django_capture_on_commit_callbacks):
    client = as_user(judge)
    key = {"HTTP_IDEMPOTENCY_KEY": "0b6f0c36-carga-mesa-1"}
    with django_capture_on_commit_callbacks(execute=True):  # the answer is kept once the save commits
        first = client.post(_url(match), _body(match), format="json", **key)
    assert first.status_code == 200 and first.json()["version"] == 1
    # the head judge changes the table meanwhile: a version-based retry would now be 409
    services.table_result_record(
        table=match,
        seats=[{"games": 0}, {"games": 2}],
        expected_version=1,
        entered_by=head_judge,
    )
    again = client.post(_url(match), _body(match), format="json", **key)
    assert again.status_code == 200 and again.json() == first.json()
    unkeyed = client.post(_url(match), _body(match), format="json")
    assert unkeyed.status_code == 409
    reused = client.post(_url(match), _body(match, games_a=1, games_b=2), format="json", **key)
    assert reused.status_code == 409 and reused.json()["code"] == "idempotency_key_reused"
    assert ResultEntry.objects.filter(table=match).count() == 2  # the judge's once, the head judge's


@pytest.mark.django_db
def test_an_idempotency_key_of_a_refused_request_is_not_kept(as_user, judge, match,
                                                            django_capture_on_commit_callbacks):
    client = as_user(judge)
    key = {"HTTP_IDEMPOTENCY_KEY": "clave-1"}
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        refused = client.post(_url(match), _body(match, games_a=3, games_b=0), format="json", **key)
    assert refused.status_code == 400 and callbacks == []
    ok = client.post(_url(match), _body(match), format="json", **key)
    assert ok.status_code == 200 and ok.json()["version"] == 1


# --------------------------------------------------------------------------- PostgreSQL race


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="the race needs real row locks: run with DATABASE_URL=postgres://…")
def test_two_judges_race_on_one_table_and_the_winner_retries(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    venue = VenueFactory(name="Sede carrera")
    event = EventFactory(venue=venue, name="Fecha carrera")
    judges = [UserFactory(username=f"juez-carrera-{i}") for i in range(2)]
    event.judges.add(*judges)
    services.registration_open(event=event)
    for _ in range(4):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    match = first_table(services.round_pair_next(event=event))
    scores = [(2, 1), (0, 2)]
    barrier = threading.Barrier(2)
    answers: list = [None, None]

    def post(index: int) -> None:
        try:
            client = APIClient()
            client.force_login(judges[index])
            barrier.wait(timeout=30)
            a, b = scores[index]
            answers[index] = client.post(_url(match), _body(match, games_a=a, games_b=b), format="json")
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,), daemon=True) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(a is not None for a in answers), "a request did not finish"
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200, 409]
    winner = next(i for i, a in enumerate(answers) if a.status_code == 200)
    loser = 1 - winner
    assert answers[loser].json()["code"] == "stale_result"
    assert judges[winner].username in answers[loser].json()["detail"]
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (*scores[winner], 1)
    assert list(ResultEntry.objects.filter(table=match).values_list("entered_by", flat=True)) == [judges[winner].pk]

    # the winner's answer was lost: it retries the same request and is answered saved
    client = APIClient()
    client.force_login(judges[winner])
    a, b = scores[winner]
    retry = client.post(_url(match), _body(match, games_a=a, games_b=b), format="json")
    assert retry.status_code == 200 and retry.json()["version"] == 1
    # the loser's retry of its own (different) result still gets 409
    client.force_login(judges[loser])
    a, b = scores[loser]
    assert client.post(_url(match), _body(match, games_a=a, games_b=b), format="json").status_code == 409
    assert ResultEntry.objects.filter(table=match).count() == 1
