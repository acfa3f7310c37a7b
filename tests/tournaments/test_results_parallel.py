"""Results in parallel (issue #27 point 3), on real PostgreSQL connections.

A result or a player's report holds its event *shared* and its table row
exclusively (:mod:`tournaments.services.locks`): two judges saving different
tables are inside their transactions at the same time, while pairing,
closing a round or any other exclusive holder waits for them and they wait
for it. The stamp grows once per save, written last
(:func:`tournaments.stamps.stamps_deferred`).

Each test makes the services meet inside their transactions on a barrier
(the event log entry is the last write of a save): with the event held
exclusively by every save, the second could not reach the barrier and the
first would time out.
"""
from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from tests.factories import EventFactory
from tests.factories.day import registered_event
from tests.races import RACE_MARKS, run_together
from tournaments import services, stamps
from tournaments.errors import Busy
from tournaments.models import ResultEntry, Table
from tournaments.services import locks, results

pytestmark = RACE_MARKS

WAIT_MS = 300
MEET_SECONDS = 5


@pytest.fixture(autouse=True)
def short_waits(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = WAIT_MS


def _event_in_round_one(players: int = 8):
    event = registered_event(players)
    rnd = services.round_pair_next(event=event)
    return event, rnd, list(rnd.tables.filter(is_bye=False).order_by("table_number"))


def _revision(event_id: int) -> int:
    return int(stamps.event_stamp(event_id).rsplit(".", 1)[1])


def test_two_judges_save_different_tables_at_the_same_time(monkeypatch):
    event, _rnd, (first, second, *_rest) = _event_in_round_one()
    before = _revision(event.pk)
    meet = threading.Barrier(2, timeout=MEET_SECONDS)
    appending = results.event_log_append

    def log_then_meet(**kwargs):
        entry = appending(**kwargs)
        meet.wait()  # both saves are inside their transactions, past every lock they take
        return entry

    monkeypatch.setattr(results, "event_log_append", log_then_meet)
    out = run_together(
        lambda: services.table_result_record(table=first.pk, seats=[{"games": 2}, {"games": 0}], expected_version=0),
        lambda: services.table_result_record(table=second.pk, seats=[{"games": 1}, {"games": 2}],
                                             expected_version=0),
        barrier=False,
    )
    assert [type(saved) for saved in out] == [Table, Table]
    saved = {t.pk: (t.games_a, t.games_b, t.version) for t in Table.objects.filter(pk__in=[first.pk, second.pk])}
    assert saved == {first.pk: (2, 0, 1), second.pk: (1, 2, 1)}
    assert ResultEntry.objects.filter(table__in=[first, second]).count() == 2
    assert _revision(event.pk) == before + 2  # each save grew the stamp once, neither lost


def test_two_saves_of_one_table_wait_for_each_other_on_the_table_row(monkeypatch):
    event, _rnd, (table, *_rest) = _event_in_round_one()
    inside, release = threading.Event(), threading.Event()
    appending = results.event_log_append

    def log_then_hold(**kwargs):
        entry = appending(**kwargs)
        if threading.current_thread().name == "first":
            inside.set()
            release.wait(MEET_SECONDS)
        return entry

    monkeypatch.setattr(results, "event_log_append", log_then_hold)
    refused: list = []

    def second_save() -> None:
        assert inside.wait(MEET_SECONDS)
        try:
            services.table_result_record(table=table.pk, seats=[{"games": 0}, {"games": 2}], expected_version=0)
        except Busy as exc:
            refused.append(exc)
        finally:
            release.set()
            connection.close()

    def first_save() -> None:
        try:
            services.table_result_record(table=table.pk, seats=[{"games": 2}, {"games": 1}], expected_version=0)
        finally:
            connection.close()

    threads = [threading.Thread(target=first_save, name="first"), threading.Thread(target=second_save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(refused) == 1 and refused[0].code == "busy"  # waited for the table row, refused after 300 ms
    table.refresh_from_db()
    assert (table.games_a, table.games_b, table.version) == (2, 1, 1)
    assert ResultEntry.objects.filter(table=table).count() == 1


def test_a_result_waits_while_the_event_is_held_exclusively_and_nothing_is_written():
    event, _rnd, (table, *_rest) = _event_in_round_one()
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with transaction.atomic():
            locks.event_lock(event.pk)  # as pairing, closing or a drop would
            held.set()
            release.wait(MEET_SECONDS)

    def save() -> None:
        assert held.wait(MEET_SECONDS)
        try:
            started = time.monotonic()
            with pytest.raises(Busy):
                services.table_result_record(table=table.pk, seats=[{"games": 2}, {"games": 0}],
                                             expected_version=0)
            assert time.monotonic() - started >= WAIT_MS / 1000 * 0.8
        finally:
            release.set()

    assert run_together(hold, save, barrier=False) == [None, None]
    assert not ResultEntry.objects.filter(table=table).exists()
    services.table_result_record(table=table.pk, seats=[{"games": 2}, {"games": 0}], expected_version=0)
    assert ResultEntry.objects.filter(table=table).count() == 1


def test_closing_the_round_waits_for_a_result_being_saved_and_then_sees_it(monkeypatch):
    event, rnd, tables = _event_in_round_one(4)
    services.table_result_record(table=tables[0].pk, seats=[{"games": 2}, {"games": 0}], expected_version=0)
    inside, release = threading.Event(), threading.Event()
    appending = results.event_log_append

    def log_then_hold(**kwargs):
        entry = appending(**kwargs)
        inside.set()
        release.wait(MEET_SECONDS)
        return entry

    monkeypatch.setattr(results, "event_log_append", log_then_hold)
    refused: list = []

    def close() -> None:
        assert inside.wait(MEET_SECONDS)
        try:
            services.round_close(event=event)
        except Busy as exc:
            refused.append(exc)
        finally:
            release.set()

    out = run_together(
        lambda: services.table_result_record(table=tables[1].pk, seats=[{"games": 0}, {"games": 2}],
                                             expected_version=0),
        close,
        barrier=False,
    )
    # the close waited on the shared hold: refused, not run
    assert [type(value) for value in out] == [Table, type(None)] and len(refused) == 1
    monkeypatch.setattr(results, "event_log_append", appending)
    services.round_close(event=event)  # with the result saved, the round closes
    rnd.refresh_from_db()
    assert rnd.state == "closed"
    assert set(Table.objects.filter(round=rnd, is_bye=False).values_list("status", flat=True)) == {"confirmed"}


def test_a_shared_hold_outside_a_deferred_stamp_block_is_refused():
    event = EventFactory()
    with transaction.atomic(), pytest.raises(RuntimeError):
        locks.event_lock(event.pk, shared=True)


def test_two_judges_answers_are_built_side_by_side_the_stamp_growing_after_them(monkeypatch, settings):
    """The API builds each answer inside its save's transaction, and the event's stamp grows after it:
    two judges' answers are being built at the same time, and each answer shows its own save."""
    from django.urls import reverse
    from rest_framework.test import APIClient

    from tests.factories import UserFactory
    from tests.tournaments.api.entries import answer_games, duel_body
    from tournaments.api import views

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event, _rnd, (first, second, *_rest) = _event_in_round_one()
    judge = UserFactory(username="jueza-paralela")
    event.judges.add(judge)
    before = _revision(event.pk)
    meet = threading.Barrier(2, timeout=MEET_SECONDS)
    building = views.table_answer

    def build_then_meet(table, **options):
        answer = building(table, **options)
        meet.wait()  # both answers built, both transactions still open
        return answer

    monkeypatch.setattr(views, "table_answer", build_then_meet)
    answers: dict = {}

    def post(table: Table, games: tuple[int, int]):
        def run() -> None:
            client = APIClient()
            client.force_authenticate(judge)
            response = client.post(reverse("tournaments_api:table-result", args=[table.pk]),
                                   duel_body(table, games_a=games[0], games_b=games[1], games_drawn=0,
                                             expected_version=0), format="json")
            answers[table.pk] = (response.status_code, response.json())
        return run

    assert run_together(post(first, (2, 0)), post(second, (0, 2)), barrier=False) == [None, None]
    assert {pk: status for pk, (status, _body) in answers.items()} == {first.pk: 200, second.pk: 200}
    assert answer_games(answers[first.pk][1]) == (2, 0)
    assert answer_games(answers[second.pk][1]) == (0, 2)
    assert _revision(event.pk) == before + 2
