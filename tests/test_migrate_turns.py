"""Two nodes started together migrate in turn (issue #27 point 6): ``migrate`` on PostgreSQL waits for
the advisory lock another run holds, and goes on once it is released. PostgreSQL only."""
from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from tournaments.management.commands.migrate import MIGRATE_LOCK_KEY

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="an advisory lock of PostgreSQL"),
]


def test_a_migrate_waits_while_another_holds_the_turn_and_runs_once_it_is_free():
    settings = connection.settings_dict
    other = psycopg.connect(host=settings["HOST"], port=settings["PORT"] or 5432, user=settings["USER"],
                            password=settings["PASSWORD"] or None, dbname=settings["NAME"], autocommit=True)
    other.execute("SELECT pg_advisory_lock(%s)", [MIGRATE_LOCK_KEY])  # another node is migrating
    finished = threading.Event()
    problems: list[str] = []

    def run() -> None:
        try:
            call_command("migrate", verbosity=0)
            finished.set()
        except Exception as exc:  # noqa: BLE001 - reported below
            problems.append(repr(exc))
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(1.5)
    assert not finished.is_set(), "migrate ran while another run held the turn"
    other.execute("SELECT pg_advisory_unlock(%s)", [MIGRATE_LOCK_KEY])
    thread.join(60)
    other.close()
    assert finished.is_set() and not problems, problems
