"""A crowd reading cached pages while judges save results, on real PostgreSQL connections.

The page caches are keyed by the event's state stamp, which grows in the
same commit as the result (:mod:`tournaments.stamps`). Twelve reader threads
load the API standings and the public pairings fragment in a loop while
twelve judges post one result each through the API, all started together on
a barrier. Every judge, once answered "saved", reads the API pairings
itself: its own result must be there, or the body must be marked with a
stamp older than its save (the previous state a public page may show while
one process renders the new one, DESIGN.md decision 23) and the result must
show within that window; a body marked with a stamp of after the save that
lacks it would be a cache entry written from a stale read.
After the storm, one more read of each page must equal a render made with
the caches emptied.

PostgreSQL only: SQLite serializes whole transactions and would prove nothing.
"""
from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.api.entries import duel_body
from tournaments import pagecache
from tournaments.models import Table

from .views.helpers import build_event

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="needs concurrent transactions: run with DATABASE_URL=postgres://…"),
]

JUDGES = 12
READERS = 12
TIMEOUT = 60  # seconds for every thread


def _revision(stamp: str) -> int:
    """The revision of an ``"<epoch>.<revision>"`` stamp (one epoch in a test)."""
    return int(stamp.rsplit(".", 1)[1])


@pytest.fixture(autouse=True, params=["inline", "background"])
def serving(request, settings):
    """Each test with a missed page rendered by the request (development) and by a background thread
    while the previous body answers (production, ``ARENA_PAGECACHE_BACKGROUND``)."""
    settings.ARENA_PAGECACHE_BACKGROUND = request.param == "background"
    yield request.param
    pagecache.background_wait()


@pytest.fixture(autouse=True)
def _fast_hashes(settings, tmp_path):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "media"


def test_every_saved_result_is_read_back_at_once_while_a_crowd_reads_cached_pages():
    event = build_event(JUDGES * 2, rounds=1)
    judge = UserFactory(username="jueza-carrera")
    event.judges.add(judge)
    matches = list(Table.objects.filter(round__event=event, is_bye=False).order_by("table_number"))
    assert len(matches) == JUDGES
    pairings = reverse("tournaments_api:pairing-list", args=[event.pk, 1])
    standings = reverse("tournaments_api:standing-list", args=[event.pk])
    fragment = reverse("public:event", args=[event.pk]) + "?fragmento=1"
    barrier = threading.Barrier(JUDGES + READERS)
    done = threading.Event()
    problems: list[str] = []

    def judge_thread(match: Table, score: tuple[int, int], body: dict) -> None:
        try:
            client = APIClient()
            client.force_authenticate(judge)
            barrier.wait(TIMEOUT)
            answer = client.post(reverse("tournaments_api:table-result", args=[match.pk]), body, format="json")
            if answer.status_code != 200:
                problems.append(f"table {match.table_number}: {answer.status_code} {answer.content[:200]!r}")
                return
            saved_at = _revision(pagecache.event_stamp(event.pk))
            give_up = time.monotonic() + pagecache.STALE_SECONDS + 5
            while True:
                read = APIClient().get(pairings)
                rows = {row["match_id"]: row for row in read.json()["results"]}
                seen = (rows[match.pk]["games_a"], rows[match.pk]["games_b"])
                if seen == score:
                    break
                shown = _revision(read[pagecache.STAMP_HEADER])
                if shown >= saved_at:  # a body of the state after the save that lacks the save
                    problems.append(f"table {match.table_number}: saved {score}, read back {seen} at {shown}")
                    break
                if time.monotonic() > give_up:  # the previous state, marked, but for too long
                    problems.append(f"table {match.table_number}: still the state before the save")
                    break
                time.sleep(0.05)
        except Exception as exc:  # noqa: BLE001 - reported below
            problems.append(f"judge of table {match.table_number}: {exc!r}")
        finally:
            connection.close()

    def reader_thread(i: int) -> None:
        try:
            client = Client()
            barrier.wait(TIMEOUT)
            while not done.is_set():
                for url in (standings, fragment, pairings):
                    status = client.get(url).status_code
                    if status != 200:
                        problems.append(f"reader {i}: {url} answered {status}")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"reader {i}: {exc!r}")
        finally:
            connection.close()

    scores = [(2, 0), (0, 2), (2, 1), (1, 2)]
    bodies = [duel_body(m, games_a=scores[i % 4][0], games_b=scores[i % 4][1], games_drawn=0, expected_version=0)
              for i, m in enumerate(matches)]
    judges = [threading.Thread(target=judge_thread, args=(m, scores[i % 4], bodies[i])) for i, m in enumerate(matches)]
    readers = [threading.Thread(target=reader_thread, args=(i,)) for i in range(READERS)]
    for thread in judges + readers:
        thread.start()
    for thread in judges:
        thread.join(TIMEOUT)
    done.set()
    for thread in readers:
        thread.join(TIMEOUT)
    assert not any(thread.is_alive() for thread in judges + readers), "a thread did not finish"
    assert problems == []

    # what the crowd is served now is what a render from scratch gives
    for url in (standings, fragment, pairings):  # the current state asked once, its renders finished
        Client().get(url)
    pagecache.background_wait()
    served = {url: Client().get(url).content for url in (standings, fragment, pairings)}
    cache.clear()
    pagecache.local_clear()
    fresh = {url: Client().get(url).content for url in (standings, fragment, pairings)}
    assert served == fresh
    recorded = {m.pk: (m.games_a, m.games_b) for m in Table.objects.filter(pk__in=[m.pk for m in matches])}
    assert recorded == {m.pk: scores[i % 4] for i, m in enumerate(matches)}


def test_fifty_readers_right_after_a_result_cost_one_rebuild_of_the_standings(monkeypatch, serving):
    """Issue #27 point 1: 50 threads ask for the standings page together right after a result; the
    standings are computed once, and every reader gets a 200 (the new page, or the previous one marked)."""
    from tournaments import services
    from tournaments.formats.duels import Duels

    event = build_event(16, rounds=1)
    page = reverse("public:standings", args=[event.pk])
    assert Client().get(page).status_code == 200  # the page as it was: the previous state
    match = Table.objects.filter(round__event=event, is_bye=False).order_by("table_number").first()
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    calls = []
    computing = Duels.standings_shown

    def counted(self, event, snapshot=None, *, as_of_round=None):
        calls.append(event.pk)
        time.sleep(0.3 if serving == "inline" else 1.0)  # every reader arrives while it runs
        return computing(self, event, snapshot, as_of_round=as_of_round)

    monkeypatch.setattr(Duels, "standings_shown", counted)
    readers = 50
    barrier = threading.Barrier(readers)
    answers: list = []

    def reader() -> None:
        try:
            client = Client()
            barrier.wait(TIMEOUT)
            answer = client.get(page)
            answers.append((answer.status_code, answer[pagecache.STAMP_HEADER]))
        except Exception as exc:  # noqa: BLE001 - reported below
            answers.append((repr(exc), ""))
        finally:
            connection.close()

    threads = [threading.Thread(target=reader) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert len(answers) == readers
    assert {status for status, _ in answers} == {200}
    current = pagecache.event_stamp(event.pk)
    # each got the current page or, while it was rendered, the previous one marked with its older stamp
    assert all(stamp == current or _revision(stamp) < _revision(current) for _, stamp in answers)
    if serving == "inline":
        assert sum(stamp == current for _, stamp in answers) >= 1  # the one who rendered it
    else:
        assert all(stamp != current for _, stamp in answers)  # nobody waited: the render is a thread's
        pagecache.background_wait()
    assert calls == [event.pk]
    assert Client().get(page)[pagecache.STAMP_HEADER] == current and calls == [event.pk]
