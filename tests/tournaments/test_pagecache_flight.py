"""One rebuild per change (issue #27 point 1): threads asking together for what a new stamp invalidated.

Every reader thread starts on one barrier and asks for the same value or
page of a stamp nobody has built yet; the build is slowed down so they all
overlap it. The build must run once; the others wait for it (values), or
get the previous stamp's body marked with that stamp while it runs, for at
most :data:`tournaments.pagecache.STALE_SECONDS` (pages: DESIGN.md
decision 23). Run on the embedded cache (local memory: threads of one
process) and on Redis (one connection per thread, the way separate worker
processes share it) when Redis answers on 127.0.0.1:6379.
"""
from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from tournaments import pagecache

from ..test_health import redis_available

READERS = 50
TIMEOUT = 30  # seconds for every thread


def _redis_caches() -> dict:
    return {"default": {"BACKEND": "config.cache.RedisCache",
                        "LOCATION": "redis://127.0.0.1:6379/13",
                        "KEY_PREFIX": f"arena-test-flight-{uuid.uuid4().hex[:8]}"}}


def _redis_forget(prefix: str) -> None:
    """Delete this test's keys only (``cache.clear()`` would empty the whole Redis database, also under another
    run's feet: CI runs the PostgreSQL and SQLite suites side by side)."""
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture(params=["local-memory", "redis"])
def shared_cache(request):
    """The cache the page caches use: the embedded default, or Redis like production."""
    if request.param == "redis":
        if not redis_available():
            pytest.skip("needs Redis on 127.0.0.1:6379")
        caches = _redis_caches()
        with override_settings(CACHES=caches):
            pagecache.local_clear()  # the prefix is new: Redis holds nothing of this test yet
            yield request.param
            _redis_forget(caches["default"]["KEY_PREFIX"])
    else:
        yield request.param
    pagecache.local_clear()


def _together(count: int, work) -> list:
    """Run ``work(i)`` in ``count`` threads started on one barrier; their answers in order."""
    barrier = threading.Barrier(count)
    answers: list = [None] * count
    problems: list[str] = []

    def run(i: int) -> None:
        try:
            barrier.wait(TIMEOUT)
            answers[i] = work(i)
        except Exception as exc:  # noqa: BLE001 - reported below
            problems.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a reader hung"
    assert not problems, problems
    return answers


class _SlowBuild:
    """A build that takes ``seconds`` and counts its calls (thread-safe)."""

    def __init__(self, seconds: float, value):
        self.seconds, self.value, self.calls = seconds, value, 0
        self._lock = threading.Lock()

    def __call__(self):
        with self._lock:
            self.calls += 1
        time.sleep(self.seconds)
        return self.value


def test_a_value_missing_for_a_new_stamp_is_built_once_and_every_reader_gets_it(shared_cache):
    build = _SlowBuild(0.3, {"rows": [1, 2, 3]})
    answers = _together(READERS, lambda i: pagecache.computed(7, "s2", "standings", build))
    assert build.calls == 1
    assert answers == [{"rows": [1, 2, 3]}] * READERS


def _page(stamp: str):
    return HttpResponse(f"<p>posiciones al sello {stamp}</p>" * 20, content_type="text/html; charset=utf-8")


class _SlowRender(_SlowBuild):
    def __call__(self, stamp: str):  # noqa: D102 - a render of cached_response
        super().__call__()
        return _page(stamp)


def _get(render, stamp: str):
    request = RequestFactory().get("/eventos/7/posiciones/")
    response = pagecache.cached_response(request, event_id=7, render=render, max_age=5, stamp=stamp)
    return response.content.decode(), response[pagecache.STAMP_HEADER], response["Cache-Control"]


def test_while_one_reader_renders_a_new_stamp_the_others_get_the_previous_page_marked_with_its_stamp(shared_cache):
    assert _get(_page, "s1")[1] == "s1"  # the page as it was before the result
    render = _SlowRender(0.5, None)
    answers = _together(READERS, lambda i: _get(render, "s2"))
    assert render.calls == 1
    fresh = [a for a in answers if a[1] == "s2"]
    stale = [a for a in answers if a[1] == "s1"]
    assert len(fresh) + len(stale) == READERS
    assert len(fresh) == 1  # the one who rendered; the others answered at once from the previous stamp
    assert fresh[0][0] == _page("s2").content.decode()
    assert {a[0] for a in stale} == {_page("s1").content.decode()}
    assert all("max-age=0" in a[2] for a in stale)  # asked again on the next poll
    assert "max-age=5" in fresh[0][2]
    # Once rendered, the current page is answered to everyone with no new render.
    assert _get(render, "s2")[1] == "s2" and render.calls == 1


def test_past_the_stale_window_readers_wait_for_the_new_page_and_never_render_it_again(shared_cache, monkeypatch):
    monkeypatch.setattr(pagecache, "STALE_SECONDS", 0.0)
    assert _get(_page, "s1")[1] == "s1"
    render = _SlowRender(0.4, None)
    answers = _together(READERS, lambda i: _get(render, "s2"))
    assert render.calls == 1
    assert [a[1] for a in answers] == ["s2"] * READERS
    assert {a[0] for a in answers} == {_page("s2").content.decode()}


def test_with_no_previous_page_readers_wait_for_the_one_render(shared_cache):
    render = _SlowRender(0.3, None)
    answers = _together(READERS, lambda i: _get(render, "s1"))
    assert render.calls == 1
    assert [a[1] for a in answers] == ["s1"] * READERS


def test_a_failed_render_frees_the_flight_and_the_next_request_renders(shared_cache):
    def broken(stamp: str):
        raise RuntimeError("rendering failed")

    with pytest.raises(RuntimeError):
        _get(broken, "s1")
    started = time.monotonic()
    assert _get(_page, "s1")[1] == "s1"
    assert time.monotonic() - started < pagecache.FLIGHT_SECONDS / 10  # nobody waited for a dead flight


def test_an_error_page_is_not_kept_and_the_next_request_renders_again(shared_cache):
    calls = []

    def missing(stamp: str):
        calls.append(stamp)
        return HttpResponse("no existe", status=404)

    first = pagecache.cached_response(RequestFactory().get("/eventos/7/"), event_id=7, render=missing, max_age=5,
                                      stamp="s1")
    second = pagecache.cached_response(RequestFactory().get("/eventos/7/"), event_id=7, render=missing, max_age=5,
                                       stamp="s1")
    assert (first.status_code, second.status_code) == (404, 404)
    assert calls == ["s1", "s1"]


@pytest.fixture
def background(settings):
    """Production's stale while revalidate: the request that takes the flight answers the previous body."""
    settings.ARENA_PAGECACHE_BACKGROUND = True
    yield
    pagecache.background_wait()


def test_in_production_no_reader_waits_for_the_render_the_previous_page_answers_everyone(shared_cache,
                                                                                     background):
    assert _get(_page, "s1")[1] == "s1"
    render = _SlowRender(0.6, None)
    started = time.monotonic()
    answers = _together(READERS, lambda i: _get(render, "s2"))
    waited = time.monotonic() - started
    assert waited < 0.6  # every answer came before the one render could have ended
    assert [a[1] for a in answers] == ["s1"] * READERS
    assert all("max-age=0" in a[2] for a in answers)
    pagecache.background_wait()
    assert render.calls == 1
    content, stamp, cache_control = _get(render, "s2")
    assert (content, stamp) == (_page("s2").content.decode(), "s2") and "max-age=5" in cache_control
    assert render.calls == 1


def test_in_production_a_render_is_never_queued_behind_another_the_request_renders_its_page(shared_cache,
                                                                                           background):
    """After a result every player's own page changes at once: with the render thread busy, a request renders
    its page itself and answers the new state, instead of queueing the render and leaving its readers on the
    previous body, then waiting, for as long as the queue."""
    assert _get(_page, "s1")[1] == "s1"
    busy = threading.Event()
    pagecache._background_submit(busy.wait, TIMEOUT)  # the one render thread, busy with another page
    try:
        render = _SlowRender(0.0, None)
        content, stamp, cache_control = _get(render, "s2")
        assert (stamp, render.calls) == ("s2", 1)
        assert content == _page("s2").content.decode() and "max-age=5" in cache_control
    finally:
        busy.set()
    pagecache.background_wait()
    render = _SlowRender(0.0, None)
    assert _get(render, "s3")[1] == "s2"  # the thread is free again: the previous body, rendered behind
    pagecache.background_wait()
    assert _get(render, "s3")[1] == "s3" and render.calls == 1


@pytest.mark.parametrize("slots", [1, 2])
def test_a_worker_runs_at_most_its_render_slots_at_once(shared_cache, settings, slots):
    """``ARENA_PAGECACHE_RENDERS``: six readers of six different pages at once; no more renders overlap than
    the slots (a render is CPU work: more at once add only their memory), and every page is rendered."""
    settings.ARENA_PAGECACHE_RENDERS = slots
    lock, running, most = threading.Lock(), [0], [0]

    def render(stamp: str):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.3)
        with lock:
            running[0] -= 1
        return _page(stamp)

    def read(i: int):
        request = RequestFactory().get(f"/eventos/7/jugadores/WM-{i:04d}/")
        return pagecache.cached_response(request, event_id=7, render=render, max_age=5, stamp="s1")[
            pagecache.STAMP_HEADER]

    assert _together(6, read) == ["s1"] * 6
    assert most[0] == slots


def test_in_production_a_page_with_no_previous_body_is_rendered_by_the_request(shared_cache, background):
    render = _SlowRender(0.2, None)
    assert _get(render, "s1")[1] == "s1" and render.calls == 1


def test_in_production_the_background_render_speaks_the_readers_language(shared_cache, background):
    from django.utils import translation

    languages = []

    def render(stamp: str):
        languages.append(translation.get_language())
        return _page(stamp)

    with translation.override("en"):
        assert _get(render, "s1")[1] == "s1"
        assert _get(render, "s2")[1] == "s1"  # the previous body, while s2 renders
        pagecache.background_wait()
        assert _get(render, "s2")[1] == "s2"
    assert languages == ["en", "en"]


def test_in_production_a_failed_background_render_frees_the_flight_and_the_next_request_renders(shared_cache,
                                                                                                background):
    assert _get(_page, "s1")[1] == "s1"

    def broken(stamp: str):
        raise RuntimeError("rendering failed")

    assert _get(broken, "s2")[1] == "s1"
    pagecache.background_wait()
    # The next request renders for itself, at once: its error is seen, never the old page again.
    started = time.monotonic()
    with pytest.raises(RuntimeError):
        _get(broken, "s2")
    assert _get(_page, "s2")[1] == "s2"
    assert time.monotonic() - started < pagecache.FLIGHT_SECONDS / 10
