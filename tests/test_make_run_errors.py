"""Under ``make run`` an unknown address and an error answer Arena's Spanish pages (issue #28, point 5).

``make run`` serves the demo with DEBUG off and ``ARENA_DEMO_SERVER=1``
(config/settings.py): Django's English technical 404 and 500 pages never
show. The server here is started with the environment of the Makefile's own
runserver line (read from ``make -n run``), on a free port and an empty
SQLite file: an unknown address is a 404 with no database, and the event list
on a database without tables is an error, the 500.
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("make") is None, reason="sin make")]

ASSIGNMENT = re.compile(r"^(\w+)=(\S+)$")


def runserver_environment() -> dict[str, str]:
    """The variables the Makefile sets on its runserver line, with their shell defaults resolved."""
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG", "ARENA_DEMO_SERVER"}}
    done = subprocess.run(["make", "-n", "run"], cwd=ROOT, env=base, capture_output=True, text=True, check=True)
    line = next(line for line in done.stdout.splitlines() if "manage.py runserver" in line)
    env: dict[str, str] = {}
    for word in line.split():
        match = ASSIGNMENT.match(word)
        if match is None:
            break
        name, value = match.groups()
        default = re.fullmatch(r"\$\{\w+:-(.*)\}", value)
        env[name] = default.group(1) if default else value
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = runserver_environment()
    port = free_port()
    env["DATABASE_URL"] = f"sqlite:///{tmp_path_factory.mktemp('run') / 'empty.sqlite3'}"
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), **env}
    process = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                               cwd=ROOT, env=clean, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            if process.poll() is not None:
                pytest.fail(f"runserver stopped: {process.stderr.read()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        yield env, base
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_make_run_serves_with_debug_off_as_the_demo_server(server):
    env, _ = server
    assert env["DEBUG"] == "0"
    assert env["ARENA_DEMO_SERVER"] == "1"
    assert "SECRET_KEY" not in env  # the development key, accepted for the demo server only


@pytest.mark.parametrize(("path", "status", "title", "sentence", "english"), [
    # An unknown address: no view, no database.
    ("/no-existe/", 404, "Página no encontrada", "La dirección que buscaste no existe o ya no está disponible.",
     ("Page not found", "URLconf", "DEBUG = True")),
    # The event list on a database without tables: an error.
    ("/", 500, "Error del servidor", "Volvé a intentarlo en unos minutos",
     ("Traceback", "OperationalError", "Server Error")),
])
def test_make_run_answers_arenas_spanish_error_pages(server, path, status, title, sentence, english):
    _, base = server
    answered, body = fetch(f"{base}{path}")

    assert answered == status
    assert f"<title>{title} · Arena</title>" in body
    assert sentence in body
    assert [word for word in english if word in body] == []


def test_static_files_are_served_without_collectstatic(server):
    _, base = server
    status, body = fetch(f"{base}/static/arena/arena.css")

    assert status == 200
    assert body == (ROOT / "static" / "arena" / "arena.css").read_text(encoding="utf-8")
