"""Players pre-registering and cancelling at the same moment, on real PostgreSQL connections (issue #17).

Every pre-registration service locks the event row first, so requests for
one event run one after the other and the waitlist order is the order they
took the lock. Threads start together on a :class:`threading.Barrier`, each
on its own connection; afterwards the database must hold what a one-by-one
run in *some* order would hold: never more confirmed than the capacity,
and, ordering the live pre-registrations by arrival ``(created_at, pk)``,
the first ``capacity`` confirmed and the rest waitlisted (positions 1, 2 …).
"""
from __future__ import annotations

import datetime
import threading

from django.db import connection
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory
from tests.races import RACE_MARKS
from tournaments import services
from tournaments.enums import PreRegistrationState
from tournaments.errors import ArenaError
from tournaments.models import EventLogEntry, PreRegistration
from tournaments.prereg_selectors import LIVE_STATES, waitlist_position

pytestmark = RACE_MARKS

THREAD_TIMEOUT = 60
C, W = PreRegistrationState.CONFIRMED, PreRegistrationState.WAITLISTED


def _run_together(jobs) -> tuple[dict, list]:
    """Run ``jobs`` (key → callable) on one thread each, released together; answers and escaped errors."""
    barrier = threading.Barrier(len(jobs))
    answers: dict = {}
    errors: list[BaseException] = []

    def run(key, job) -> None:
        try:
            barrier.wait(timeout=THREAD_TIMEOUT)
            job()
            answers[key] = "ok"
        except ArenaError as exc:
            answers[key] = exc.code
        except BaseException as exc:  # noqa: BLE001 — reported by the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(key, job)) for key, job in jobs.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(THREAD_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads)
    return answers, errors


def _live_in_arrival_order(event):
    return list(PreRegistration.objects.filter(event=event, state__in=LIVE_STATES).order_by("created_at", "pk"))


def _event(capacity: int):
    return EventFactory(preregistration_open=True, capacity=capacity,
                        date=timezone.localdate() + datetime.timedelta(days=3))


def test_preregistration_race_twenty_players_for_ten_places():
    """Capacity 10, 20 players at once: exactly 10 confirmed (the first 10 to arrive), 10 waitlisted 1–10."""
    event = _event(10)
    people = [PlayerFactory() for _ in range(20)]
    answers, errors = _run_together({
        p.pk: (lambda p=p: services.preregistration_create(event=event.pk, player=p)) for p in people})
    assert errors == []
    assert set(answers.values()) == {"ok"}
    live = _live_in_arrival_order(event)
    assert [p.state for p in live] == [C] * 10 + [W] * 10
    assert [waitlist_position(p) for p in live[10:]] == list(range(1, 11))
    assert sorted(p.player_id for p in live) == sorted(p.pk for p in people)
    # the log, in commit order, says the same: 10 confirmed then 10 waitlisted
    log = EventLogEntry.objects.filter(event=event, action="preregistration_create").order_by("pk")
    assert [e.after["state"] for e in log] == ["confirmed"] * 10 + ["waitlisted"] * 10
    # arrival order is also insertion order (one lock at a time)
    assert [p.pk for p in live] == sorted(p.pk for p in live)


def test_preregistration_race_cancels_against_new_requests():
    """10 places full, 3 waiting (W1–W3); 5 confirmed cancel while 5 newcomers ask, all at once.

    Live afterwards: 10 − 5 + 3 + 5 = 13, so 10 confirmed and 3 waiting,
    whatever the order: W1–W3 are ahead of every newcomer and are confirmed;
    the first 10 live by arrival are the confirmed ones.
    """
    event = _event(10)
    confirmed = [services.preregistration_create(event=event, player=PlayerFactory()) for _ in range(10)]
    waiting = [services.preregistration_create(event=event, player=PlayerFactory()) for _ in range(3)]
    assert [p.state for p in confirmed + waiting] == [C] * 10 + [W] * 3
    newcomers = [PlayerFactory() for _ in range(5)]
    jobs = {("cancel", p.pk): (lambda p=p: services.preregistration_cancel(preregistration=p.pk))
            for p in confirmed[:5]}
    jobs.update({("new", p.pk): (lambda p=p: services.preregistration_create(event=event.pk, player=p))
                 for p in newcomers})
    answers, errors = _run_together(jobs)
    assert errors == []
    assert set(answers.values()) == {"ok"}
    live = _live_in_arrival_order(event)
    assert len(live) == 13
    assert [p.state for p in live] == [C] * 10 + [W] * 3
    assert {p.pk for p in waiting} <= {p.pk for p in live[:10]}
    assert [waitlist_position(p) for p in live[10:]] == [1, 2, 3]
    assert {p.player_id for p in live[10:]} <= {p.pk for p in newcomers}
