"""``/healthz`` (issue #18, point 1): 200 only when the database, the cache and the broker answer.

Each failing case points that one part at something that really refuses (a
closed port, a database file in a folder that does not exist) and runs the
real check; the other parts stay as the test settings have them.
"""
from __future__ import annotations

import socket

import pytest
from django.db import connection, connections
from django.test import override_settings

from config import health

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    """A local TCP port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_available() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


def broken_database():
    """A connection of the test database's backend to a database that cannot be opened."""
    settings_dict = dict(connection.settings_dict)
    if connection.vendor == "sqlite":
        settings_dict["NAME"] = "/nonexistent-arena-folder/arena.sqlite3"
    else:
        settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()), OPTIONS={"connect_timeout": 2})
    return connections["default"].__class__(settings_dict, alias="healthz_broken")


def test_zero_configuration_is_healthy_with_the_broker_not_configured(client):
    # No CELERY_BROKER_URL: tasks run eagerly, which is the embedded default and counts as ok.
    with override_settings(CELERY_BROKER_URL="memory://localhost/"):
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "not_configured"}
    assert "no-store" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    assert "sessionid" not in response.cookies


@pytest.mark.skipif(not redis_available(), reason="needs Redis on 127.0.0.1:6379")
def test_redis_cache_and_broker_answering_give_200_all_ok(client):
    cache = {"default": {"BACKEND": "config.cache.RedisCache",
                         "LOCATION": "redis://127.0.0.1:6379/15", "KEY_PREFIX": "arena-test-healthz"}}
    with override_settings(CACHES=cache, CELERY_BROKER_URL="redis://127.0.0.1:6379/14"):
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}


def test_cache_on_a_closed_port_gives_503_naming_the_cache(client):
    cache = {"default": {"BACKEND": "config.cache.RedisCache",
                         "LOCATION": f"redis://127.0.0.1:{closed_port()}/0"}}
    with override_settings(CACHES=cache, CELERY_BROKER_URL="memory://localhost/"):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "cache": "error",
                               "broker": "not_configured", "failed": ["cache"]}


def test_broker_on_a_closed_port_gives_503_naming_the_broker(client):
    with override_settings(CELERY_BROKER_URL=f"redis://127.0.0.1:{closed_port()}/0"):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "cache": "ok", "broker": "error",
                               "failed": ["broker"]}


def test_database_that_cannot_be_opened_gives_503_naming_the_database(client, monkeypatch):
    broken = broken_database()
    monkeypatch.setattr(health, "connection", broken)
    try:
        with override_settings(CELERY_BROKER_URL="memory://localhost/"):
            response = client.get("/healthz")
    finally:
        broken.close()

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error", "cache": "ok",
                               "broker": "not_configured", "failed": ["database"]}


def test_every_part_failing_names_all_three(client, monkeypatch):
    broken = broken_database()
    monkeypatch.setattr(health, "connection", broken)
    cache = {"default": {"BACKEND": "config.cache.RedisCache",
                         "LOCATION": f"redis://127.0.0.1:{closed_port()}/0"}}
    try:
        with override_settings(CACHES=cache, CELERY_BROKER_URL=f"redis://127.0.0.1:{closed_port()}/0"):
            response = client.get("/healthz")
    finally:
        broken.close()

    assert response.status_code == 503
    assert response.json()["failed"] == ["database", "cache", "broker"]


def test_healthz_is_exempt_from_the_https_redirect(client):
    # A load balancer probes over plain HTTP; every other page still redirects to HTTPS.
    with override_settings(SECURE_SSL_REDIRECT=True, CELERY_BROKER_URL="memory://localhost/"):
        probe = client.get("/healthz")
        page = client.get("/")

    assert probe.status_code == 200
    assert page.status_code == 301 and page["Location"].startswith("https://")


def test_healthz_needs_no_login_and_refuses_writes(client):
    assert client.get("/healthz").status_code in (200, 503)  # anonymous: never a login redirect
    assert client.post("/healthz").status_code == 405


class _HungServer:
    """A TCP server that accepts every connection and never answers a byte (a hung cache host)."""

    def __init__(self) -> None:
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _addr = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def close(self) -> None:
        for conn in self.accepted:
            conn.close()
        self.sock.close()


def test_a_cache_that_accepts_and_never_answers_gives_503_within_3_seconds(client):
    import time

    from django.conf import settings as conf

    hung = _HungServer()
    options = conf.CACHES["default"].get("OPTIONS") if "Redis" in conf.CACHES["default"]["BACKEND"] else None
    cache = {"default": {"BACKEND": "config.cache.RedisCache",
                         "LOCATION": f"redis://127.0.0.1:{hung.port}/0",
                         # the production settings' timeouts (config/settings.py with REDIS_URL set)
                         "OPTIONS": options or {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}}}
    try:
        with override_settings(CACHES=cache, CELERY_BROKER_URL="memory://localhost/"):
            started = time.monotonic()
            response = client.get("/healthz")
            took = time.monotonic() - started
            page_started = time.monotonic()
            page = client.get("/")
            page_took = time.monotonic() - page_started
    finally:
        hung.close()

    assert took < 3.0
    assert response.status_code == 503
    # The cache's read timeout (1 s) ends its check before the 2.5 s deadline: an error, not a timeout.
    assert response.json() == {"status": "error", "database": "ok", "cache": "error",
                               "broker": "not_configured", "failed": ["cache"]}
    assert page.status_code == 200 and page_took < 10  # pages are computed without the cache


def test_a_check_still_running_at_the_deadline_is_reported_as_a_timeout():
    import threading

    release = threading.Event()
    results = health.run_checks({"fast": lambda: health.OK, "stuck": lambda: release.wait(5) and health.OK}, 0.3)
    release.set()
    assert results == {"fast": "ok", "stuck": "timeout"}
