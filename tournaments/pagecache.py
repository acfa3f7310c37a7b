"""Read once per change: the public read side cached by the event's state stamp.

Two layers, both keyed by the stamp of :mod:`tournaments.stamps` (which grows
in the same commit as any change the pages show), so an entry is never stale:
a new result changes the key and the very next request computes afresh.

- :func:`computed` keeps what is expensive to compute and shared by many
  pages — the standings of an event, the rows of a round — in a small memo
  of this process and in the cache (Redis in production, so every worker
  shares it; local memory on the embedded default).
- :func:`cached_response` keeps whole rendered bodies (a page, a polled
  fragment, an API page) by stamp, language and URL, with their gzip
  compression made once; a request whose ``If-None-Match`` holds the current
  ETag is answered 304 after one primary-key query and nothing else.

One rebuild per change (issue #27 point 1): a value or a body missing for
the current stamp is built by one thread of one process, the *flight*
holder (an atomic ``cache.add``, so Redis makes it one across processes);
the others wait for its result instead of computing it again. A public body
may meanwhile be answered from the previous stamp, for at most
:data:`STALE_SECONDS` after the rebuild started and marked with that stamp
(``X-Arena-Stamp``, and the ETag of that stamp so the next poll asks
again): DESIGN.md decision 23. Values of :func:`computed` (the judges' and
the players' own pages read them too) are always those of the current stamp.
With ``ARENA_PAGECACHE_BACKGROUND`` on (production), the request that takes
the flight of a page whose previous body exists answers that body too and
the page is rendered by a thread of this process (:func:`_revalidate`), so
no reader waits for a rebuild after a change (stale while revalidate) —
when that thread is free: renders are never queued, a request that finds
it busy renders its page itself.

Only views and the API use this module, never a service: a service reads
inside its own transaction, whose changes and stamp may still roll back.
"""
from __future__ import annotations

import gzip
import hashlib
import logging
import os
import pickle
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from config.malloc import malloc_release

from .stamps import event_stamp, stamp_publish, stamp_published

logger = logging.getLogger("arena.pagecache")

#: Bodies smaller than this are not worth compressing (bytes).
GZIP_MIN_BYTES = 200
#: How long after a rebuild started a public page may still be answered from the previous stamp (seconds).
STALE_SECONDS = 2.0
#: How long one rebuild may hold its flight before another process takes over (seconds).
FLIGHT_SECONDS = 30.0
#: How often a waiting request looks for the rebuilt value (seconds).
FLIGHT_POLL_SECONDS = 0.01
#: The header that names the stamp a cached body was rendered at.
STAMP_HEADER = "X-Arena-Stamp"

# The per-process memo: key -> (a body, or a value's pickle; size in bytes; monotonic time it expires),
# least recently used first. Bounded by bytes (``ARENA_LOCAL_CACHE_MB``) and by age
# (``ARENA_LOCAL_CACHE_SECONDS``), so a worker's memory stays bounded whatever the events' sizes, and an
# entry never outlives its age even if nothing ever evicts it (issue #26 point 4).
_local: OrderedDict[str, tuple[Any, int, float]] = OrderedDict()
_local_bytes = 0
_local_lock = threading.Lock()


def _local_limits() -> tuple[int, float]:
    """(bytes, seconds) of the memo from the settings."""
    megabytes = float(getattr(settings, "ARENA_LOCAL_CACHE_MB", 16))
    return int(megabytes * 1024 * 1024), float(getattr(settings, "ARENA_LOCAL_CACHE_SECONDS", 300))


def stamp_or_404(event_id: int) -> str:
    """The current stamp of ``event_id``; :class:`Http404` when there is no such event (one query)."""
    stamp = event_stamp(event_id)
    if stamp is None:
        raise Http404("No existe ese evento.")
    return stamp


def computed(event_id: int, stamp: str, name: str, build: Callable[[], Any], *, kind: type | None = None) -> Any:
    """The value of ``build()`` for event ``event_id`` at ``stamp``, computed once per stamp.

    ``name`` tells values of the same event apart (``"standings"``,
    ``"round-3"``…); values must pickle. The language is not part of the
    key: cache only language-free data here (rows, not labels). With
    ``kind``, a kept value of another type (written by another version of
    the code) is not answered: it is logged and built again.
    """
    return _shared(f"arena:c:{name}:{event_id}:{stamp}", build, kind=kind)


class Compact:
    """A value the memo keeps as it is, not as its pickle: it never changes once built, and live it is
    about as small as its pickle (bytes and strings, not an object graph); ``nbytes()`` is what it
    holds (:class:`tournaments.live_rows.PackedRows`)."""

    __slots__ = ()

    def nbytes(self) -> int:
        raise NotImplementedError


def _memo_get(key: str) -> Any:
    """This process's memo of ``key`` (``None`` when absent or expired); rows come back unpickled, a
    fresh copy per reader (a :class:`Compact` value or a body as it is kept)."""
    with _local_lock:
        entry = _local.get(key)
        if entry is None:
            return None
        if entry[2] <= time.monotonic():
            _forget(key)
            return None
        _local.move_to_end(key)
        value = entry[0]
    return value if isinstance(value, (_Body, Compact)) else pickle.loads(value)


def _of_kind(key: str, value: Any, kind: type | None) -> Any:
    """``value``, or ``None`` when ``kind`` is asked and ``value`` is not one (logged)."""
    if value is None or kind is None or isinstance(value, kind):
        return value
    logger.warning("page cache: %s holds a %s, not a %s: built again", key, type(value).__name__, kind.__name__)
    return None


def _shared(key: str, build: Callable[[], Any] | None, *, kind: type | None = None) -> Any:
    """The value of ``key`` from this process's memo, else the cache, else ``build()`` in one flight
    (``None``: no build, only a look-up); a kept value not of ``kind`` is a miss."""
    value = _of_kind(key, _memo_get(key), kind)
    if value is not None:
        return value
    value = _of_kind(key, _cache_get(key), kind)
    if value is None:
        if build is None:
            return None
        value = _in_flight(key, build, kind=kind)
    _remember(key, value)
    return value


def _flight_key(key: str) -> str:
    return "arena:f:" + key


def _flight_take(key: str) -> bool:
    """Take the flight of ``key`` (one holder across threads and processes); True when the cache fails."""
    try:
        return bool(cache.add(_flight_key(key), time.time(), timeout=FLIGHT_SECONDS))
    except Exception as exc:  # noqa: BLE001 - without a cache every request builds for itself
        logger.warning("page cache: flight failed: %s: %s", type(exc).__name__, exc)
        return True


def _flight_started(key: str) -> float | None:
    """When the current flight of ``key`` started (epoch seconds), ``None`` when nobody holds it."""
    started = _cache_get(_flight_key(key))
    return float(started) if started is not None else None


def _flight_end(key: str) -> None:
    try:
        cache.delete(_flight_key(key))
    except Exception as exc:  # noqa: BLE001 - the flight then ends by its timeout
        logger.warning("page cache: flight end failed: %s: %s", type(exc).__name__, exc)


def _in_flight(key: str, build: Callable[[], Any], *, stale: Callable[[float], Any] | None = None,
               keep: Callable[[Any], bool] = lambda value: True, kind: type | None = None) -> Any:
    """``build()``'s value for ``key``, built once: by this request when it takes the flight, else the
    holder's once it is in the cache.

    ``stale(started)``, asked while another request builds, may answer
    something else at once (a body of the previous stamp); ``None`` waits.
    Only values ``keep`` accepts are shared, and only values of ``kind``
    (when given) are read back. A holder that fails or vanishes frees the
    flight, and a waiter then builds for itself.
    """
    deadline = time.monotonic() + FLIGHT_SECONDS
    while True:
        if _flight_take(key):
            try:
                value = _of_kind(key, _cache_get(key), kind)  # built while this request was taking over
                if value is None:
                    value = build()
                    if keep(value):
                        _cache_set(key, value)
                    malloc_release()  # what the rebuild freed goes back to the system
                return value
            finally:
                _flight_end(key)
        if stale is not None:
            started = _flight_started(key)
            answer = stale(started) if started is not None else None
            if answer is not None:
                return answer
        time.sleep(FLIGHT_POLL_SECONDS)
        value = _of_kind(key, _cache_get(key), kind)
        if value is not None:
            return value
        if time.monotonic() > deadline:
            return build()


def _cache_get(key: str) -> Any:
    """The shared cache's value of ``key``; ``None`` when the cache fails or times out (logged)."""
    try:
        return cache.get(key)
    except Exception as exc:  # noqa: BLE001 - a cache down or hung is a miss, never an error page
        logger.warning("page cache: get failed: %s: %s", type(exc).__name__, exc)
        return None


def _cache_set(key: str, value: Any) -> None:
    _cache_set_for(key, value, None)


def _cache_set_for(key: str, value: Any, seconds: float | None) -> None:
    try:
        if seconds is None:
            cache.set(key, value)
        else:
            cache.set(key, value, timeout=seconds)
    except Exception as exc:  # noqa: BLE001 - a cache down or hung only costs the next request a rebuild
        logger.warning("page cache: set failed: %s: %s", type(exc).__name__, exc)


def _compact(value: Any) -> Any:
    """What the memo keeps of ``value``: a body or a :class:`Compact` value as it is, anything else as its
    pickle (``None`` when it does not pickle), never the object graph: a round's rows at 8,192 players
    are 0.5 MB pickled and 33 MB as objects (issue #27 point 5)."""
    if isinstance(value, (_Body, Compact)):
        return value
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value is never kept in the memo
        return None


def _size_of(kept: Any) -> int:
    """Bytes an entry of the memo holds: a body's content and its gzip copy, else the pickle's length."""
    if isinstance(kept, _Body):
        return len(kept.content) + len(kept.compressed or b"") + 200
    if isinstance(kept, Compact):
        return kept.nbytes()
    return len(kept)


def _forget(key: str) -> None:
    """Drop ``key`` from the memo (the caller holds the lock)."""
    global _local_bytes
    entry = _local.pop(key, None)
    if entry is not None:
        _local_bytes -= entry[1]


def _remember(key: str, value: Any) -> None:
    """Keep ``value`` in the memo, evicting the least recently used entries past the byte bound."""
    global _local_bytes
    limit, seconds = _local_limits()
    kept = _compact(value)
    if kept is None:
        return
    size = _size_of(kept)
    # An entry larger than a quarter of the memo lives in the cache only; the rows every page of an event
    # reads (Compact: read in place, never unpickled) may take up to half of it.
    if size > (limit // 2 if isinstance(kept, Compact) else limit // 4):
        return
    with _local_lock:
        _forget(key)
        _local[key] = (kept, size, time.monotonic() + seconds)
        _local_bytes += size
        while _local_bytes > limit and _local:
            _forget(next(iter(_local)))


def local_bytes() -> int:
    """Bytes the memo holds now (its bound is ``ARENA_LOCAL_CACHE_MB``)."""
    with _local_lock:
        return _local_bytes


def local_clear() -> None:
    """Empty this process's memo (tests clear the shared cache and this together)."""
    global _local_bytes
    with _local_lock:
        _local.clear()
        _local_bytes = 0


@dataclass(frozen=True, slots=True)
class _Body:
    content: bytes
    compressed: bytes | None
    content_type: str
    stamp: str = ""
    max_age: int = 0


# The threads that render pages after a change (one pool per process, made after the fork).
_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_pool_lock = threading.Lock()
_pending: set[futures.Future] = set()


def _background_threads() -> int:
    """Threads per process rendering pages in the background (``ARENA_PAGECACHE_THREADS``, default 1):
    renders are CPU work under the GIL, so a second thread adds no speed, only a second rebuild's
    working set to the worker's memory (issue #27 point 5)."""
    return max(1, int(getattr(settings, "ARENA_PAGECACHE_THREADS", 1)))


def _background() -> bool:
    """Whether a page's rebuild runs in a thread of this process while its previous body is answered."""
    return bool(getattr(settings, "ARENA_PAGECACHE_BACKGROUND", False))


_render_slots: threading.BoundedSemaphore | None = None
_render_slots_size = 0


def _render_slot() -> threading.BoundedSemaphore:
    """The slots of the page renders this process runs at once, in the background and in requests together
    (``ARENA_PAGECACHE_RENDERS``, default 2). A render is CPU work under the GIL: more at once add no speed,
    only their working sets to the worker's memory (issue #27 point 5); a request waits for a slot."""
    global _render_slots, _render_slots_size
    size = max(1, int(getattr(settings, "ARENA_PAGECACHE_RENDERS", 2)))
    with _pool_lock:
        if _render_slots is None or _render_slots_size != size:
            _render_slots, _render_slots_size = threading.BoundedSemaphore(size), size
        return _render_slots


def _background_free() -> bool:
    """Whether a render thread of this process is free now. A render is never queued behind another: after
    a result every player's own page changes at once, and a queue of them would keep each reader of a
    page still queued on the previous body, then waiting, for as long as the queue (seconds at 1,024
    players); a request that finds the threads busy renders its page itself."""
    with _pool_lock:
        return len(_pending) < _background_threads()


def _background_pool() -> ThreadPoolExecutor:
    global _pool, _pool_pid
    with _pool_lock:
        if _pool is None or _pool_pid != os.getpid():
            _pool = ThreadPoolExecutor(max_workers=_background_threads(), thread_name_prefix="arena-pagecache")
            _pool_pid = os.getpid()
            _pending.clear()
        return _pool


def _failed_key(key: str) -> str:
    return "arena:x:" + key


def _background_submit(function: Callable[..., None], *args: Any) -> None:
    future = _background_pool().submit(function, *args)
    with _pool_lock:
        _pending.add(future)
    future.add_done_callback(_pending_discard)


def _pending_discard(future: futures.Future) -> None:
    with _pool_lock:
        _pending.discard(future)


def _revalidate(key: str, build: Callable[[], Any], language: str) -> None:
    """Render ``key``'s body with ``build()`` in ``language`` and share it, then free its flight (taken by
    the request that answered the previous body) and this thread's database connections."""
    try:
        with translation.override(language or None):
            body = build()
        if isinstance(body, _Body):
            _cache_set(key, body)
    except Exception:  # noqa: BLE001 - the next request renders for itself and shows the error
        logger.exception("page cache: background render failed")
        _cache_set_for(_failed_key(key), True, FLIGHT_SECONDS)
    finally:
        _flight_end(key)
        connections.close_all()
        malloc_release()


def background_wait(seconds: float = 10.0) -> None:
    """Wait until the background renders this process started so far have finished (tests, benchmarks)."""
    with _pool_lock:
        pending = list(_pending)
    futures.wait(pending, timeout=seconds)


def _accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "").lower()


def cached_response(
    request: HttpRequest,
    *,
    event_id: int,
    render: Callable[[str], HttpResponse],
    max_age: int,
    stamp: str | None = None,
) -> HttpResponse:
    """``render(stamp)``'s response for this URL, rendered once per stamp and language.

    The ETag is the stamp and the language; a matching ``If-None-Match`` is
    a 304 without rendering. Only 200 responses are kept; a request carrying
    flash messages (the ``messages`` cookie) is rendered for itself. One
    request renders a missing body; while it does, the others get the body
    of the previous stamp for up to :data:`STALE_SECONDS` (``max-age=0``,
    ``X-Arena-Stamp`` naming that stamp), then wait for the new one. Raises
    :class:`Http404` for an unknown event.
    """
    stamp = stamp or stamp_or_404(event_id)
    stamp_publish(event_id, stamp)
    language = get_language() or ""
    etag = f'"{stamp}-{language}"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:  # a 304 (or 412) from the stamp alone
        return _headers(not_modified, etag, max_age)
    shared = request.method in ("GET", "HEAD") and "messages" not in request.COOKIES
    if not shared:
        return render(stamp)
    url = request.get_full_path()
    key = _body_key(event_id, stamp, language, url)
    latest = "arena:l:" + hashlib.blake2b(f"{event_id}|{language}|{url}".encode(), digest_size=20).hexdigest()

    def build():
        with _render_slot():
            response = render(stamp)
        if response.status_code != 200 or response.streaming:
            return response
        if hasattr(response, "render") and not getattr(response, "is_rendered", True):
            response.render()
        content = response.content
        body = _Body(
            content=content,
            compressed=gzip.compress(content, compresslevel=6, mtime=0) if len(content) >= GZIP_MIN_BYTES else None,
            content_type=response["Content-Type"],
            stamp=stamp,
            max_age=max_age,
        )
        _cache_set(latest, body)
        return body

    def previous(started: float):
        if time.time() - started > STALE_SECONDS:
            return None
        body = _cache_get(latest)
        return body if isinstance(body, _Body) and body.stamp != stamp else None

    body = _memo_get(key) or _cache_get(key)
    if body is None and _background() and _background_free() and _cache_get(_failed_key(key)) is None:
        before = _cache_get(latest)
        if isinstance(before, _Body) and before.stamp != stamp and _flight_take(key):
            _background_submit(_revalidate, key, build, language)
            body = before
    if body is None:
        body = _in_flight(key, build, stale=previous, keep=lambda value: isinstance(value, _Body))
        if not isinstance(body, _Body):
            return body
        if body.stamp == stamp:
            _remember(key, body)
    response = _from_body(request, body)
    if body.stamp != stamp:  # the previous state, while the current one is being rendered: ask again soon
        response[STAMP_HEADER] = body.stamp
        return _headers(response, f'"{body.stamp}-{language}"', 0)
    response[STAMP_HEADER] = stamp
    return _headers(response, etag, max_age)


def _body_key(event_id: int, stamp: str, language: str, url: str) -> str:
    return "arena:p2:" + hashlib.blake2b(f"{event_id}|{stamp}|{language}|{url}".encode(), digest_size=20).hexdigest()


def _from_body(request: HttpRequest, body: _Body) -> HttpResponse:
    if body.compressed is not None and _accepts_gzip(request):
        response = HttpResponse(body.compressed, content_type=body.content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body.content, content_type=body.content_type)
    return response


#: The public addresses whose bodies :func:`cached_response` keeps: an event's pages and its API reads.
_PUBLIC_PATH = re.compile(r"^/(?:eventos|api/events)/(\d+)/")


def early_response(request: HttpRequest, language: str) -> HttpResponse | None:
    """A cached public body answered before sessions, CSRF, messages, URL resolution and the ORM, or
    ``None`` to go through the whole stack (issue #27 point 4).

    Only a GET of an event's public address with no flash messages, whose
    stamp is published in the shared cache
    (:func:`tournaments.stamps.stamp_published`: at most
    :data:`tournaments.stamps.PUBLISHED_SECONDS` behind the database) and
    whose body for that stamp, ``language`` and URL is cached: the same
    bytes, headers, ETag and 304 as :func:`cached_response` gives. Cached
    bodies cost no computation, so they are not counted by the API's
    anonymous rate.
    """
    if request.method != "GET" or "messages" in request.COOKIES:
        return None
    match = _PUBLIC_PATH.match(request.path_info)
    if match is None:
        return None
    event_id = int(match.group(1))
    stamp = stamp_published(event_id)
    if stamp is None:
        return None
    key = _body_key(event_id, stamp, language, request.get_full_path())
    body = _memo_get(key) or _cache_get(key)
    if not isinstance(body, _Body) or body.stamp != stamp:
        return None
    _remember(key, body)
    etag = f'"{stamp}-{language}"'
    if request.META.get("HTTP_IF_NONE_MATCH") == etag:
        response = HttpResponse(status=304)
    else:
        response = _from_body(request, body)
    response[STAMP_HEADER] = stamp
    response["Content-Language"] = language
    return _headers(response, etag, body.max_age)


def _headers(response: HttpResponse, etag: str, max_age: int) -> HttpResponse:
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=max_age)
    patch_vary_headers(response, ("Cookie", "Accept-Encoding"))
    return response
