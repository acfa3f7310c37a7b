"""Marks of the race tests: real threads on real PostgreSQL connections.

They need row locks that block, so they run on PostgreSQL only; SQLite
serializes whole transactions and would prove nothing.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection

#: ``pytestmark`` of a module of race tests.
RACE_MARKS = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrency tests need real row locks: run with DATABASE_URL=postgres://…",
    ),
]


def run_together(*calls, barrier: bool = True) -> list:
    """Run each call in its own thread (its own database connection), released at the same instant on a
    barrier unless ``barrier=False`` (calls that meet on their own); returns each call's result or the
    exception it raised, in order. Fails when a call never finishes (a lock wait gone wrong)."""
    start = threading.Barrier(len(calls)) if barrier else None
    out: list = [None] * len(calls)

    def worker(i, call):
        try:
            if start is not None:
                start.wait(timeout=20)
            out[i] = call()
        except Exception as exc:  # noqa: BLE001 - the test inspects what each call got
            out[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "a call never finished (lock wait)"
    return out
