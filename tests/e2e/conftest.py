"""Browser tests: Playwright driving Debian's chromium, headless.

The set-up installs Debian's ``chromium`` package when it is missing
(``playwright install`` cannot download here); without root or apt the tests
are skipped with the reason. Playwright's sync API runs an event loop in the
test thread, so Django's async-safety check is relaxed for these tests only.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}


def ensure_chromium() -> str | None:
    """Install Debian's chromium if missing; return a reason to skip, or None."""
    if os.path.exists(CHROMIUM):
        return None
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "chromium is not installed and apt-get as root is not available"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-q"], check=False, env=env, capture_output=True)
    done = subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env, capture_output=True, text=True)
    if done.returncode != 0 or not os.path.exists(CHROMIUM):
        return f"apt-get install chromium failed: {done.stderr[-500:]}"
    return None


@pytest.fixture(scope="session")
def serialized_rows(django_db_setup, django_db_blocker) -> str | None:
    """The test database's rows as serialized at its creation (``serialized_rollback``), kept for the session.

    Playwright's sync API starts an event loop in the test thread; from then on
    Django hands out a new connection object there, which no longer carries the
    serialized copy Django restores between transactional tests.
    """
    from django.db import connection

    with django_db_blocker.unblock():
        return getattr(connection, "_test_serialized_contents", None)


@pytest.fixture(scope="session")
def browser(serialized_rows):
    reason = ensure_chromium()
    if reason and os.environ.get("CI"):
        pytest.fail(reason)
    if reason:
        pytest.skip(reason)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    # Service workers' own requests follow the emulated network too (``context.set_offline``): without it,
    # Chromium lets a worker's fetch through while the page is offline (tests/e2e/test_judge_offline.py).
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def _server_quiet(timeout: float = 10.0) -> None:
    """Wait (at most ``timeout`` seconds) until the live server answers no request and no background render
    or aviso runs. A page's last poll may still be reading when the test's database is flushed; on SQLite
    the flush then fails with «database table is locked»."""
    from tournaments import pagecache

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        busy = [t for t in threading.enumerate() if "process_request_thread" in t.name or t.name == "arena-push"]
        if not busy and not pagecache._pending:
            return
        time.sleep(0.05)


@pytest.fixture(autouse=True)
def _sqlite_waits_for_the_live_server():
    """On SQLite (one shared in-memory database), a statement of the test's own thread that finds a table
    locked by a request the live server is answering (the page polls) is tried again for up to 10 s,
    as PostgreSQL would wait for the lock: SQLite's shared cache refuses at once («database table is
    locked»). The refused statement did nothing, so trying it again is safe."""
    from django.db import OperationalError, connection

    if connection.vendor != "sqlite":
        yield
        return

    def retried(execute, sql, params, many, context):
        deadline = time.monotonic() + 10
        while True:
            try:
                return execute(sql, params, many, context)
            except OperationalError as exc:
                if "table is locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    with connection.execute_wrapper(retried):
        yield


@pytest.fixture
def phone_page(browser):
    """A fresh phone-sized (360 px wide) page in Spanish."""
    context = browser.new_context(viewport=PHONE, locale="es-AR", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
    _server_quiet()


@pytest.fixture
def desktop_page(browser):
    """A fresh desktop-sized page in Spanish."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-AR")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
    _server_quiet()


@pytest.fixture
def venue_organizer(settings):
    """A venue organizer (staff, group «Organizador») of «Sede Palermo»: sede_palermo / clave-de-prueba."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from tournaments.models import Venue

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    venue = Venue.objects.create(name="Sede Palermo", province="CABA")
    user = get_user_model().objects.create_user("sede_palermo", password="clave-de-prueba", is_staff=True)
    user.groups.add(Group.objects.get(name="Organizador"))
    venue.organizers.add(user)
    return user


@pytest.fixture(autouse=True)
def _seeded_rows(django_db_serialized_rollback, serialized_rows):
    """Restore the rows the data migrations seed (role groups, games, the card catalog) before each browser test.

    Browser tests run against a live server in real transactions, and the flush
    that ends each one empties every table. Django restores the rows serialized
    when the test database was created, but only through the connection object
    that holds them (see :func:`serialized_rows`); here the same copy is put
    back on the current connection and restored when the tables are empty.
    """
    from django.contrib.auth.models import Group
    from django.db import connection

    if serialized_rows and getattr(connection, "_test_serialized_contents", None) is None:
        connection._test_serialized_contents = serialized_rows
        if not Group.objects.exists():
            connection.creation.deserialize_db_from_string(serialized_rows)
