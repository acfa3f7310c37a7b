"""Structured logs with a request id; tracebacks in the log, never on a page (issue #18, point 5)."""
from __future__ import annotations

import io
import json
import logging
import re

import pytest
from django.test import Client, override_settings
from django.urls import path

import config.urls

pytestmark = pytest.mark.django_db

SECRET_DETAIL = "detalle-interno-7f3a"


def boom(request):
    raise RuntimeError(f"failure with {SECRET_DETAIL}")


#: The project's URLs plus a view that fails (ROOT_URLCONF of the 500 test).
urlpatterns = [path("boom/", boom), *config.urls.urlpatterns]


@pytest.fixture
def log_lines():
    """The lines the configured stdout handler writes during the test, parsed as JSON."""
    handler = next(h for h in logging.getLogger("arena").handlers if h.get_name() == "stdout")
    buffer = io.StringIO()
    previous = handler.setStream(buffer)

    def lines() -> list[dict]:
        return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]

    yield lines
    handler.setStream(previous)


def access_lines(lines: list[dict]) -> list[dict]:
    return [line for line in lines if line["logger"] == "arena.request"]


def test_a_request_logs_one_json_line_with_its_request_id(client, log_lines):
    response = client.get("/healthz", HTTP_X_REQUEST_ID="balancer-42.a_b")

    assert response["X-Request-ID"] == "balancer-42.a_b"
    (line,) = access_lines(log_lines())
    assert line["request_id"] == "balancer-42.a_b"
    assert (line["level"], line["method"], line["path"], line["status"]) == ("INFO", "GET", "/healthz",
                                                                             response.status_code)
    assert isinstance(line["duration_ms"], int | float) and line["duration_ms"] >= 0
    assert re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$", line["time"])
    assert line["message"] == f"GET /healthz {response.status_code}"


def test_an_unsafe_incoming_request_id_is_replaced_by_a_new_one(client, log_lines):
    first = client.get("/healthz", HTTP_X_REQUEST_ID="no spaces <allowed>")
    second = client.get("/healthz")

    ids = [first["X-Request-ID"], second["X-Request-ID"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", value) for value in ids)
    assert ids[0] != ids[1]
    assert [line["request_id"] for line in access_lines(log_lines())] == ids


def test_no_request_id_outside_a_request(log_lines):
    logging.getLogger("arena.test").warning("outside")

    (line,) = log_lines()
    assert line["request_id"] is None and line["message"] == "outside"


@override_settings(ROOT_URLCONF="tests.test_logging")
def test_an_exception_gives_a_spanish_500_page_and_the_traceback_only_in_the_log(log_lines):
    client = Client(raise_request_exception=False)

    response = client.get("/boom/", HTTP_X_REQUEST_ID="req-500")

    page = response.content.decode()
    assert response.status_code == 500
    assert "Error del servidor" in page and "Ocurrió un error inesperado" in page
    assert SECRET_DETAIL not in page and "Traceback" not in page and "RuntimeError" not in page
    lines = log_lines()
    (error,) = [line for line in lines if line["logger"] == "django.request"]
    assert error["level"] == "ERROR" and error["request_id"] == "req-500"
    assert "Traceback" in error["exception"] and SECRET_DETAIL in error["exception"]
    (access,) = access_lines(lines)
    assert (access["status"], access["request_id"]) == (500, "req-500")


def test_an_unknown_address_gives_the_spanish_404_page(client, log_lines):
    response = client.get("/no-existe-esta-pagina/", HTTP_X_REQUEST_ID="req-404")

    page = response.content.decode()
    assert response.status_code == 404
    assert "Página no encontrada" in page and "Ver los eventos" in page
    assert "urlpatterns" not in page and "Traceback" not in page
    (warning,) = [line for line in log_lines() if line["logger"] == "django.request"]
    assert (warning["level"], warning["request_id"]) == ("WARNING", "req-404")


def test_an_error_status_returned_by_a_view_is_logged_once_with_its_request_id(client, log_lines, settings):
    # /healthz returns its 503 (no exception): Django's "Service Unavailable" line, once, inside the request.
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"

    response = client.get("/healthz", HTTP_X_REQUEST_ID="req-503")

    assert response.status_code == 503
    (error,) = [line for line in log_lines() if line["logger"] == "django.request"]
    assert (error["message"], error["request_id"]) == ("Service Unavailable: /healthz", "req-503")


def test_the_log_stream_can_be_stderr_and_nothing_else():
    from config.logging import logging_config

    assert logging_config(stream="stderr")["handlers"]["stdout"]["stream"] == "ext://sys.stderr"
    assert logging_config()["handlers"]["stdout"]["stream"] == "ext://sys.stdout"
    with pytest.raises(ValueError, match="stdout or stderr"):
        logging_config(stream="file.log")


def test_a_command_with_the_stderr_stream_keeps_its_stdout_clean():
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = "import logging; logging.getLogger('arena.x').warning('aviso'); print('salida')"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DEBUG": "1", "ARENA_LOG_STREAM": "stderr"}
    done = subprocess.run([sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
                          cwd=Path(__file__).resolve().parents[1], env=env, capture_output=True, text=True, timeout=60)

    assert done.returncode == 0, done.stderr
    assert done.stdout == "salida\n"
    (line,) = [json.loads(text) for text in done.stderr.splitlines() if text.startswith("{")]
    assert (line["logger"], line["message"]) == ("arena.x", "aviso")
