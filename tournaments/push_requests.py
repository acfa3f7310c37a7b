"""Asking for players' notices after a change commits (issue #29 point 2).

The hooks (:mod:`tournaments.hooks`) call these inside the service's
transaction; each sends one Celery message on commit, so a rollback sends
nothing and a worker never reads a round that is not there yet. The task
writes the notices and fans out one send per player
(:mod:`tournaments.tasks`, :mod:`tournaments.push_delivery`): the pairing
itself only pays for one message. With push off (no VAPID keys) nothing is
sent. With no broker (the embedded default) Celery runs the tasks in this
process: in a thread of their own (``ARENA_PUSH_BACKGROUND``, on outside
the tests), so the organizer's request never waits for a push service —
nor for a venue's missing internet.
"""
from __future__ import annotations

import functools
import logging
import threading

from django.conf import settings
from django.db import connections, transaction

from .models import Round, Table
from .push_delivery import push_enabled
from .tasks import push_round_paired, push_table_result

logger = logging.getLogger(__name__)


def _delay(task, *args) -> None:
    try:
        task.delay(*args)
    except Exception:  # the broker is down: the change stands, the notice is lost (logged)
        logger.exception("could not enqueue %s%r", task.name, args)


def _in_thread(task, *args) -> None:
    try:
        _delay(task, *args)
    finally:
        connections.close_all()  # this thread's own database connections


def _send(task, *args) -> None:
    """Send ``task`` to the broker; with none, run it in a thread of its own unless told not to."""
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.ARENA_PUSH_BACKGROUND:
        threading.Thread(target=_in_thread, args=(task, *args), name="arena-push", daemon=True).start()
    else:
        _delay(task, *args)


def request_round_paired(rnd: Round) -> None:
    """Tell the round's players their table, once the pairing commits."""
    if push_enabled():
        transaction.on_commit(functools.partial(_send, push_round_paired, rnd.pk), robust=True)


def request_table_result(table: Table) -> None:
    """Tell the table's players their result is recorded, once it commits (the version recorded now)."""
    if push_enabled():
        transaction.on_commit(functools.partial(_send, push_table_result, table.pk, table.version), robust=True)
