"""``/healthz``: is this installation able to serve? For load balancers and monitors.

Answers ``{"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}``
with 200 only when every part answers: the database (``SELECT 1``), the
cache (a key written and read back) and the Celery broker (a connection
opened with a short timeout). ``"broker": "not_configured"`` (no
``CELERY_BROKER_URL``: tasks run eagerly, the zero-configuration default)
counts as ok. Otherwise 503 with ``"status": "error"`` and ``"error"`` on each
part that failed (the exception's class only: details go to the log).

Whatever hangs, it answers within :data:`DEADLINE_SECONDS` (3 s): the checks
run side by side in threads of their own, and a part that has not answered by
then is reported ``"timeout"`` (a failure, 503); the cache and the broker have
socket timeouts of their own, so such a thread ends by itself soon after.

Cheap and open: no login, no session, no throttle, never cached, exempt from
the HTTPS redirect (``SECURE_REDIRECT_EXEMPT``) so a probe on plain HTTP works.
"""
from __future__ import annotations

import logging
import threading
import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger("arena.health")

OK, ERROR, NOT_CONFIGURED, TIMEOUT = "ok", "error", "not_configured", "timeout"
#: The whole answer's bound (seconds): a probe never waits longer, whatever part hangs.
DEADLINE_SECONDS = 2.5
#: Seconds the broker probe waits for a connection.
BROKER_TIMEOUT_SECONDS = 2.0
_CACHE_KEY = "arena:healthz"


def check_database() -> str:
    """``"ok"`` when the default database answers ``SELECT 1``."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            row = cursor.fetchone()
    finally:
        if threading.current_thread() is not threading.main_thread() and not connection.in_atomic_block:
            connection.close()  # the check's own thread: its connection goes with it
    return OK if row and row[0] == 1 else ERROR


def check_cache() -> str:
    """``"ok"`` when a value written to the default cache reads back the same."""
    token = uuid.uuid4().hex
    cache.set(_CACHE_KEY, token, timeout=10)
    return OK if cache.get(_CACHE_KEY) == token else ERROR


def broker_configured() -> bool:
    """False for the embedded default (no ``CELERY_BROKER_URL``: the in-memory transport)."""
    url = getattr(settings, "CELERY_BROKER_URL", "") or ""
    return bool(url) and not url.startswith("memory://")


def check_broker() -> str:
    """``"ok"`` when a connection to the Celery broker opens within the timeout."""
    if not broker_configured():
        return NOT_CONFIGURED
    from kombu import Connection

    timeout = BROKER_TIMEOUT_SECONDS
    with Connection(
        settings.CELERY_BROKER_URL,
        connect_timeout=timeout,
        transport_options={"socket_connect_timeout": timeout, "socket_timeout": timeout, "max_retries": 0},
    ) as conn:
        conn.ensure_connection(max_retries=0, timeout=timeout)  # one attempt, no retry
        return OK if conn.connected else ERROR


CHECKS = {"database": check_database, "cache": check_cache, "broker": check_broker}


def run_checks(checks: dict, deadline: float) -> dict[str, str]:
    """Run every check in a daemon thread of its own; ``{name: result}`` after at most ``deadline`` seconds.

    A check that raised is ``"error"`` (its exception logged), one still running at the deadline
    ``"timeout"``.
    """
    results: dict[str, str] = {}

    def run(name, check):
        try:
            results[name] = check()
        except Exception as exc:  # noqa: BLE001 - any failure of a part is that part's error
            logger.warning("healthz: %s failed: %s: %s", name, type(exc).__name__, exc)
            results[name] = ERROR

    threads = [threading.Thread(target=run, args=(name, check), daemon=True, name=f"healthz-{name}")
               for name, check in checks.items()]
    for thread in threads:
        thread.start()
    ends = time.monotonic() + deadline
    for thread in threads:
        thread.join(max(0.0, ends - time.monotonic()))
    answered = dict(results)
    for name in checks:
        if name not in answered:
            logger.warning("healthz: %s did not answer within %.1f s", name, deadline)
            answered[name] = TIMEOUT
    return answered


@never_cache
@require_safe
def healthz(request):
    """200 when the database, the cache and the broker answer; 503 naming the failed parts."""
    body: dict[str, str] = {"status": OK, **run_checks(CHECKS, DEADLINE_SECONDS)}
    failed = [name for name in CHECKS if body[name] not in (OK, NOT_CONFIGURED)]
    if failed:
        body["status"] = ERROR
        body["failed"] = failed
    return JsonResponse(body, status=503 if failed else 200)
