"""``make demo`` and ``make run`` use a database of their own (issue #18 point 2), read from ``make -n``."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="sin make")


def dry_run(*targets: str, **env: str) -> list[str]:
    base = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(["make", "-n", *targets], cwd=ROOT, env={**base, **env}, capture_output=True, text=True,
                          check=True)
    return [line for line in done.stdout.splitlines() if "manage.py" in line]


def test_demo_and_run_use_arena_demo_sqlite3_and_never_the_default_file():
    lines = dry_run("demo", "run")
    demo_db = f"DATABASE_URL=${{DATABASE_URL:-sqlite:///{ROOT}/arena-demo.sqlite3}}"
    assert [line for line in lines if "migrate" in line]
    assert all(demo_db in line for line in lines), lines
    assert not any("arena.sqlite3" in line for line in lines)
    run_event = next(line for line in lines if " run_event " in line)
    assert "--demo" in run_event
    # On their own file the demo commands need no guard: --force is passed.
    assert all("--force" in line for line in lines if any(c in line for c in ("run_event", "demo_season",
                                                                             "demo_setup")))


def test_an_explicit_database_url_keeps_the_guard():
    lines = dry_run("demo", "run", DATABASE_URL="postgres://postgres@127.0.0.1:5432/arena")
    commands = [line for line in lines if any(c in line for c in ("run_event", "demo_season", "demo_setup"))]
    assert len(commands) == 3
    assert not any("--force" in line for line in commands)
