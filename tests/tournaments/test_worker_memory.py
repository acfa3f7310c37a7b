"""One web worker's memory after an 8,192-player round (issue #27 point 5; goal < 200 MB).

The event is built in bulk (benchmarks/big_event.py: 8,192 players, round 1
played, round 2 paired with its 4,096 tables pending) in the test database,
committed so that another process sees it. A child process with a production
worker's settings (``DEBUG=0``, the Redis cache, the per-process memo bounded
by ``ARENA_LOCAL_CACHE_MB``) serves every standings, pairings and API
standings page, player pages and name searches, records 500 results through
the API while reading, and reports its VmRSS (tests/tournaments/memory_worker.py).
Measured on PostgreSQL, the database of the servers that hold such events; the SQLite run skips it.
Needs Redis (the production cache); skipped without it. The worker's
allocator is tuned as ``config.wsgi`` tunes it (config/malloc.py) and its memo
has the default bound (16 MB): about 184 MB at the end, 190 MB at the
peak, measured (benchmarks/RESULTS.md).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from benchmarks.big_event import build_live_event

ROOT = Path(__file__).resolve().parents[2]
REDIS = ("127.0.0.1", 6379)
RSS_LIMIT_MB = 200

# Committed for the child process; the seed migration's rows (the games) restored around it.
pytestmark = [pytest.mark.slow, pytest.mark.integration,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _redis_up() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=0.5):
            return True
    except OSError:
        return False


def _database_url() -> str:
    """A URL of the test database the child can open."""
    db = connection.settings_dict
    credentials = quote(db["USER"] or "postgres") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.skipif(not _redis_up(), reason="the production cache (Redis on 127.0.0.1:6379) is not running")
def test_a_worker_stays_under_200_mb_after_an_8192_player_round(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("measured on PostgreSQL, the national servers' database: run with DATABASE_URL=postgres://…")
    facts = build_live_event(8192, 2, judges=1, name="Memoria de un worker")
    assert facts["pending"] == 4096
    (tmp_path / "facts.json").write_text(json.dumps(facts))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "arena-memory-test-only-" + "x" * 40,
        "ALLOWED_HOSTS": "testserver",
        "ARENA_HTTPS": "0",
        "ARENA_API_ANON_RATE": "",
        "DATABASE_URL": _database_url(),
        "CACHE_URL": "redis://127.0.0.1:6379/14",
        "CACHE_KEY_PREFIX": f"arena-memory-test-{os.getpid()}",
        "LOG_LEVEL": "ERROR",
        "ARENA_REQUEST_LOG_LEVEL": "WARNING",  # no access line per request on the child's output
    }
    for name in ("ARENA_LOCAL_CACHE_MB", "ARENA_LOCAL_CACHE_SECONDS", "ARENA_PAGECACHE_BACKGROUND",
                 "CELERY_BROKER_URL"):
        env.pop(name, None)  # the production defaults
    out = subprocess.run([sys.executable, "-m", "tests.tournaments.memory_worker", str(tmp_path / "facts.json")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["failed_count"] == 0, report["failed"]
    # the reads filled the memo up to its bound (else the figure would say nothing about it)
    assert report["memo_bytes"] > report["memo_limit_mb"] * 1024 * 1024 / 2, report
    figure = (f"VmRSS {report['rss_mb']:.0f} MB (peak {report['hwm_mb']:.0f} MB), goal < {RSS_LIMIT_MB} MB; "
              f"memo {report['memo_bytes'] / 2**20:.1f} of {report['memo_limit_mb']:g} MB; by step: {report['steps']}")
    print(figure)
    assert report["rss_mb"] < RSS_LIMIT_MB, figure
