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

Only views and the API use this module, never a service: a service reads
inside its own transaction, whose changes and stamp may still roll back.
"""
from __future__ import annotations

import gzip
import hashlib
import logging
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from .stamps import event_stamp

logger = logging.getLogger("arena.pagecache")

#: Bodies smaller than this are not worth compressing (bytes).
GZIP_MIN_BYTES = 200

# The per-process memo: key -> (value, size in bytes, monotonic time it expires), least recently used
# first. Bounded by bytes (``ARENA_LOCAL_CACHE_MB``) and by age (``ARENA_LOCAL_CACHE_SECONDS``), so a
# worker's memory stays bounded whatever the events' sizes, and an entry never outlives its age even
# if nothing ever evicts it (issue #26 point 4).
_local: OrderedDict[str, tuple[Any, int, float]] = OrderedDict()
_local_bytes = 0
_local_lock = threading.Lock()


def _local_limits() -> tuple[int, float]:
    """(bytes, seconds) of the memo from the settings."""
    megabytes = float(getattr(settings, "ARENA_LOCAL_CACHE_MB", 64))
    return int(megabytes * 1024 * 1024), float(getattr(settings, "ARENA_LOCAL_CACHE_SECONDS", 300))


def stamp_or_404(event_id: int) -> str:
    """The current stamp of ``event_id``; :class:`Http404` when there is no such event (one query)."""
    stamp = event_stamp(event_id)
    if stamp is None:
        raise Http404("No existe ese evento.")
    return stamp


def computed(event_id: int, stamp: str, name: str, build: Callable[[], Any]) -> Any:
    """The value of ``build()`` for event ``event_id`` at ``stamp``, computed once per stamp.

    ``name`` tells values of the same event apart (``"standings"``,
    ``"round-3"``…); values must pickle. The language is not part of the
    key: cache only language-free data here (rows, not labels).
    """
    return _shared(f"arena:c:{name}:{event_id}:{stamp}", build)


def _shared(key: str, build: Callable[[], Any] | None) -> Any:
    """The value of ``key`` from this process's memo, else the cache, else ``build()`` (``None``: no build)."""
    with _local_lock:
        entry = _local.get(key)
        if entry is not None:
            if entry[2] > time.monotonic():
                _local.move_to_end(key)
                return entry[0]
            _forget(key)
    value = _cache_get(key)
    if value is None:
        if build is None:
            return None
        value = build()
        _cache_set(key, value)
    _remember(key, value)
    return value


def _cache_get(key: str) -> Any:
    """The shared cache's value of ``key``; ``None`` when the cache fails or times out (logged)."""
    try:
        return cache.get(key)
    except Exception as exc:  # noqa: BLE001 - a cache down or hung is a miss, never an error page
        logger.warning("page cache: get failed: %s: %s", type(exc).__name__, exc)
        return None


def _cache_set(key: str, value: Any) -> None:
    try:
        cache.set(key, value)
    except Exception as exc:  # noqa: BLE001 - a cache down or hung only costs the next request a rebuild
        logger.warning("page cache: set failed: %s: %s", type(exc).__name__, exc)


def _size_of(value: Any) -> int:
    """Bytes an entry holds: a body's content and its gzip copy, else the value's pickle."""
    if isinstance(value, _Body):
        return len(value.content) + len(value.compressed or b"") + 200
    try:
        return len(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - an unpicklable value is never kept in the memo
        return -1


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
    size = _size_of(value)
    if size < 0 or size > limit // 4:  # an entry larger than a quarter of the memo lives in the cache only
        return
    with _local_lock:
        _forget(key)
        _local[key] = (value, size, time.monotonic() + seconds)
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
    flash messages (the ``messages`` cookie) is rendered for itself. Raises
    :class:`Http404` for an unknown event.
    """
    stamp = stamp or stamp_or_404(event_id)
    language = get_language() or ""
    etag = f'"{stamp}-{language}"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:  # a 304 (or 412) from the stamp alone
        return _headers(not_modified, etag, max_age)
    shared = request.method in ("GET", "HEAD") and "messages" not in request.COOKIES
    url = request.get_full_path()
    key = "arena:p:" + hashlib.blake2b(f"{event_id}|{stamp}|{language}|{url}".encode(), digest_size=20).hexdigest()
    body = _shared(key, None) if shared else None
    if body is None:
        response = render(stamp)
        if response.status_code != 200 or response.streaming or not shared:
            return response
        if hasattr(response, "render") and not getattr(response, "is_rendered", True):
            response.render()
        content = response.content
        body = _Body(
            content=content,
            compressed=gzip.compress(content, compresslevel=6, mtime=0) if len(content) >= GZIP_MIN_BYTES else None,
            content_type=response["Content-Type"],
        )
        _cache_set(key, body)
        _remember(key, body)
    if body.compressed is not None and _accepts_gzip(request):
        response = HttpResponse(body.compressed, content_type=body.content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body.content, content_type=body.content_type)
    return _headers(response, etag, max_age)


def _headers(response: HttpResponse, etag: str, max_age: int) -> HttpResponse:
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=max_age)
    patch_vary_headers(response, ("Cookie", "Accept-Encoding"))
    return response
