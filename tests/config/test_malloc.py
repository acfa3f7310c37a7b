"""The web worker's allocator tuning (config/malloc.py, issue #27 point 5), checked in a process of its own."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt is Linux's")

PROBE = """
import json, sys
from config.malloc import malloc_tune

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

tuned = malloc_tune()
scratch = bytearray(2 << 20)       # one large block freed: glibc's default then raises its mmap threshold
del scratch
before = rss_mb()
blocks, keep = [], []
for i in range(150):               # 150 blocks of 1 MB (a rebuild's pickles and bodies), each touched,
    block = bytearray(1 << 20)
    block[::4096] = b"x" * len(block[::4096])
    blocks.append(block)
    keep.append(bytes(1024) + bytes([i % 256]))  # with blocks that stay between them
peak = rss_mb()
del blocks
after = rss_mb()
print(json.dumps({"tuned": tuned, "before": before, "peak": peak, "after": after, "again": malloc_tune() == tuned}))
"""


def _probe(**env) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, **env})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_large_blocks_a_worker_frees_go_back_to_the_system():
    """Tuned, 150 MB of freed 1 MB blocks leave the process (each is its own mapping), whatever smaller
    blocks were allocated between them."""
    report = _probe()
    assert report["tuned"] == {"mmap_threshold": 131072, "trim_threshold": 131072, "arena_max": 2}
    assert report["again"] is True
    assert report["peak"] - report["before"] >= 140, report  # the blocks were really there
    assert report["after"] - report["before"] < 10, report


def test_the_tuning_can_be_turned_off_and_its_values_set():
    """Off, glibc's defaults apply: the same blocks, allocated after one large block was freed, come
    from the heap between the small ones and stay in the process."""
    report = _probe(ARENA_MALLOC_TUNE="0")
    assert report["tuned"] == {}
    assert report["after"] - report["before"] >= 100, report
    tuned = _probe(ARENA_MALLOC_MMAP_THRESHOLD="262144", ARENA_MALLOC_ARENA_MAX="4")["tuned"]
    assert tuned == {"mmap_threshold": 262144, "trim_threshold": 262144, "arena_max": 4}


RELEASE_PROBE = """
import json
from config import malloc

before = malloc.malloc_release()                  # not tuned yet: nothing to do
tuned = malloc.malloc_tune()
first, second = malloc.malloc_release(), malloc.malloc_release()
print(json.dumps({"before": before, "tuned": bool(tuned), "first": first, "second": second}))
"""


def test_a_release_trims_once_a_second_and_only_when_tuned():
    out = subprocess.run([sys.executable, "-c", RELEASE_PROBE], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"before": False, "tuned": True, "first": True, "second": False}
