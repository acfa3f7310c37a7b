"""The C allocator of a long-lived web worker, tuned so that what a rebuild frees goes back to the system.

A worker rebuilds large values after each change (an 8,192-player
event's standings, its round's rows, their pickles and page bodies: a
few MB each). glibc's defaults keep that memory: blocks above its mmap
threshold raise the threshold after the first free (so the next ones
come from the heap and fragment it), and each thread may get an arena of
its own. Fixed thresholds and two arenas keep a worker about 30 MB
smaller after a round of results (benchmarks/RESULTS.md, issue #27 point 5).

Settings (environment): ``ARENA_MALLOC_TUNE`` (default on),
``ARENA_MALLOC_MMAP_THRESHOLD`` (bytes, default 131072),
``ARENA_MALLOC_ARENA_MAX`` (default 2). Not glibc (musl, macOS): nothing
is changed.
"""
from __future__ import annotations

import ctypes
import logging
import os
import threading
import time

logger = logging.getLogger("arena.malloc")

# mallopt(3) parameters of glibc's malloc.h.
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8

_tuned: dict[str, int] | None = None
_trim = None
_released_at = 0.0
_release_lock = threading.Lock()
#: The shortest time between two :func:`malloc_release` calls that trim (seconds).
RELEASE_INTERVAL_SECONDS = 1.0


def malloc_tune() -> dict[str, int]:
    """Fix glibc's mmap and trim thresholds and its arena count for this process (and the workers forked
    from it); returns what was set, ``{}`` when off or not glibc. Idempotent."""
    global _tuned
    if _tuned is not None:
        return _tuned
    _tuned = {}
    if os.environ.get("ARENA_MALLOC_TUNE", "1").strip().lower() in ("0", "false", "no", "off", ""):
        return _tuned
    global _trim
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt, _trim = libc.mallopt, libc.malloc_trim
    except (OSError, AttributeError):
        return _tuned
    threshold = int(os.environ.get("ARENA_MALLOC_MMAP_THRESHOLD", "131072"))
    arenas = int(os.environ.get("ARENA_MALLOC_ARENA_MAX", "2"))
    for name, param, value in (("mmap_threshold", M_MMAP_THRESHOLD, threshold),
                               ("trim_threshold", M_TRIM_THRESHOLD, threshold),
                               ("arena_max", M_ARENA_MAX, arenas)):
        if mallopt(param, value) == 1:
            _tuned[name] = value
        else:
            logger.warning("malloc: mallopt(%s, %s) refused", name, value)
    return _tuned


def malloc_release() -> bool:
    """Give the free pages inside the heap back to the system (glibc's ``malloc_trim(0)``) after a rebuild;
    at most once per :data:`RELEASE_INTERVAL_SECONDS` per process, and only once :func:`malloc_tune`
    tuned it. Returns whether it trimmed (a few milliseconds when it does)."""
    global _released_at
    if not _tuned or _trim is None:
        return False
    with _release_lock:
        now = time.monotonic()
        if now - _released_at < RELEASE_INTERVAL_SECONDS:
            return False
        _released_at = now
    _trim(0)
    return True
