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

logger = logging.getLogger("arena.malloc")

# mallopt(3) parameters of glibc's malloc.h.
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8

_tuned: dict[str, int] | None = None


def malloc_tune() -> dict[str, int]:
    """Fix glibc's mmap and trim thresholds and its arena count for this process (and the workers forked
    from it); returns what was set, ``{}`` when off or not glibc. Idempotent."""
    global _tuned
    if _tuned is not None:
        return _tuned
    _tuned = {}
    if os.environ.get("ARENA_MALLOC_TUNE", "1").strip().lower() in ("0", "false", "no", "off", ""):
        return _tuned
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
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
