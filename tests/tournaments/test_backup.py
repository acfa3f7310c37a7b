"""Whole-installation backup and restore (issue #18 point 3): ``arena_backup`` / ``arena_restore``.

End to end in subprocesses on a scratch database of their own (never the
test database): migrate, play the 24-player demo file, back up, change
things, restore over them, wipe the database, restore again; row counts of
every table, one event's standings and the media folder must come back as
they were at the backup. The PostgreSQL test runs when the suite runs on
PostgreSQL (``pg_dump -Fc`` / ``pg_restore --clean --if-exists``), the
SQLite one when it runs on SQLite (the online backup API).
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "tests" / "data" / "demo_event.csv")
SCRATCH_PG = "arena_backup_test"
VENDOR = "postgresql" if "postgresql" in settings.DATABASES["default"]["ENGINE"] else "sqlite"

SNAPSHOT = """
import json
from django.apps import apps
from tournaments import selectors
from tournaments.models import Event
counts = {m._meta.label: m._default_manager.count() for m in apps.get_models()
          if m._meta.managed and not m._meta.proxy}
event = Event.objects.get(name="Respaldo A")
rows = [[r.rank, r.player_number, r.match_points, r.buchholz, r.game_differential]
        for r in selectors.standing_rows(event)]
podium = [event.podium_first.player.player_number, event.podium_second.player.player_number]
print("SNAPSHOT " + json.dumps({"counts": counts, "standings": rows, "podium": podium}, sort_keys=True))
"""


def manage(env: dict[str, str], *args: str, **kwargs) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600, **kwargs)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def snapshot(env: dict[str, str]) -> dict:
    out = manage(env, "shell", "-c", SNAPSHOT)
    line = next(line for line in out.splitlines() if line.startswith("SNAPSHOT "))
    return json.loads(line.removeprefix("SNAPSHOT "))


def round_trip(env: dict[str, str], media: Path, backup: Path, wipe) -> None:
    manage(env, "migrate", "--noinput")
    manage(env, "run_event", DEMO, "--seed", "2024", "--name", "Respaldo A", "--quiet-rounds")
    (media / "documents").mkdir(parents=True, exist_ok=True)
    (media / "documents" / "mesa-1.pdf").write_bytes(b"%PDF-1.4 ronda 1\n")
    before = snapshot(env)
    # By hand: demo_event.csv lists 24 players, all registered in the event.
    assert before["counts"]["tournaments.Registration"] == 24
    assert len(before["standings"]) == 24

    out = manage(env, "arena_backup", "--to", str(backup))
    assert "Respaldo de" in out
    assert {p.name for p in backup.iterdir()} >= {"manifest.json", "media.tar.gz"}

    # Changes after the backup: a second event, a PDF gone, a stray file.
    manage(env, "run_event", DEMO, "--seed", "7", "--name", "Respaldo B", "--quiet-rounds")
    (media / "documents" / "mesa-1.pdf").unlink()
    (media / "sobrante.pdf").write_bytes(b"x")
    assert snapshot(env)["counts"]["tournaments.Registration"] == 48

    out = manage(env, "arena_restore", "--from", str(backup), "--noinput")
    assert "restaurado" in out
    assert snapshot(env) == before
    assert (media / "documents" / "mesa-1.pdf").read_bytes() == b"%PDF-1.4 ronda 1\n"
    assert not (media / "sobrante.pdf").exists()

    wipe()  # the whole database gone: restore into an empty one
    manage(env, "arena_restore", "--from", str(backup), "--noinput")
    assert snapshot(env) == before


def base_env(tmp_path: Path, url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PG", "DJANGO_"))}
    env.update(DEBUG="1", DATABASE_URL=url, MEDIA_ROOT=str(tmp_path / "media"))
    return env


@pytest.mark.integration
@pytest.mark.skipif(VENDOR != "postgresql", reason="la suite corre sobre SQLite")
def test_postgresql_backup_restores_counts_standings_and_media(tmp_path):
    import psycopg

    conf = settings.DATABASES["default"]
    auth = conf["USER"] + (f":{conf['PASSWORD']}" if conf.get("PASSWORD") else "")
    server = f"postgres://{auth}@{conf.get('HOST') or '127.0.0.1'}:{conf.get('PORT') or 5432}"

    def recreate():
        with psycopg.connect(server + "/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH_PG}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{SCRATCH_PG}"')

    recreate()
    try:
        round_trip(base_env(tmp_path, f"{server}/{SCRATCH_PG}"), tmp_path / "media", tmp_path / "respaldo", recreate)
    finally:
        with psycopg.connect(server + "/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH_PG}" WITH (FORCE)')


@pytest.mark.integration
@pytest.mark.skipif(VENDOR != "sqlite", reason="la suite corre sobre PostgreSQL")
def test_sqlite_backup_restores_counts_standings_and_media(tmp_path):
    database = tmp_path / "arena.sqlite3"

    def wipe():
        database.unlink()
        assert not database.exists()

    round_trip(base_env(tmp_path, f"sqlite:///{database}"), tmp_path / "media", tmp_path / "respaldo", wipe)


@pytest.mark.django_db
def test_restore_refuses_a_backup_of_the_other_engine(tmp_path):
    """A PostgreSQL dump is never put into SQLite, nor the other way round: a Spanish error, nothing touched."""
    other = "sqlite" if connection.vendor == "postgresql" else "postgresql"
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"format": 1, "vendor": other, "database": "database.x", "media": "media.tar.gz", "created_at": "hoy"}))
    with pytest.raises(CommandError, match=f"El respaldo es de {other} y la base configurada es {connection.vendor}"):
        call_command("arena_restore", "--from", str(tmp_path), "--noinput", stdout=io.StringIO())


def test_restore_refuses_a_folder_that_is_no_backup(tmp_path):
    with pytest.raises(CommandError, match="no es un respaldo de Arena"):
        call_command("arena_restore", "--from", str(tmp_path), "--noinput", stdout=io.StringIO())


def test_backup_never_overwrites_an_earlier_backup(tmp_path):
    (tmp_path / "manifest.json").write_text("{}")
    with pytest.raises(CommandError, match="ya tiene un respaldo"):
        call_command("arena_backup", "--to", str(tmp_path), stdout=io.StringIO())
