"""Backups that cannot destroy (issue #26 point 3): checked before anything is replaced.

A scratch SQLite installation in subprocesses (never the test database): migrate, play the small
example event, back up; then hostile backups made from that real one — 40 KB of random bytes in
the middle of the database copy, a media archive cut in half, with and without a manifest that
matches the damage — are refused with a Spanish message naming the file, and the live database
(its rows and one event's standings) and the media folder are exactly as before. The restore of a
sound backup advances the cache epoch.
"""
from __future__ import annotations

import json
import random
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.backup import file_digest

from .test_backup import ROOT, VENDOR, base_env, manage

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(VENDOR != "sqlite", reason="la suite corre sobre PostgreSQL (ver test_backup)")]

SMALL = str(ROOT / "tests" / "data" / "small_event.csv")
SNAPSHOT = """
import json
from django.apps import apps
from tournaments import selectors
from tournaments.models import Event, Installation
counts = {m._meta.label: m._default_manager.count() for m in apps.get_models()
          if m._meta.managed and not m._meta.proxy}
event = Event.objects.get(name="Vivo")
rows = [[r.rank, r.player_number, r.match_points] for r in selectors.standing_rows(event)]
print("SNAPSHOT " + json.dumps({"counts": counts, "standings": rows,
                                "epoch": Installation.objects.get(pk=1).epoch}, sort_keys=True))
"""


def restore(env, backup: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "arena_restore", "--from", str(backup), "--noinput", *extra],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def snapshot(env) -> dict:
    out = manage(env, "shell", "-c", SNAPSHOT)
    return json.loads(next(line for line in out.splitlines() if line.startswith("SNAPSHOT ")).removeprefix("SNAPSHOT "))


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """Built once: a scratch installation with one played event and a PDF, its sound backup, and a
    second event played after the backup (the live day went on)."""
    root = tmp_path_factory.mktemp("instalacion")
    env = base_env(root, f"sqlite:///{root / 'arena.sqlite3'}")
    media = root / "media"
    manage(env, "migrate", "--noinput")
    manage(env, "run_event", SMALL, "--seed", "3", "--name", "Vivo", "--quiet-rounds")
    (media / "documents").mkdir(parents=True, exist_ok=True)
    (media / "documents" / "ronda-1.pdf").write_bytes(b"%PDF-1.4 vivo\n")
    backup = root / "respaldo"
    manage(env, "arena_backup", "--to", str(backup))
    at_backup = snapshot(env)
    manage(env, "run_event", SMALL, "--seed", "4", "--name", "Después", "--quiet-rounds")
    return root, at_backup


@pytest.fixture
def installation(template, tmp_path):
    """A copy of the template for one test: ``(env, media, backup)``."""
    root, _at_backup = template
    shutil.copytree(root, tmp_path, dirs_exist_ok=True, copy_function=shutil.copy2)
    return base_env(tmp_path, f"sqlite:///{tmp_path / 'arena.sqlite3'}"), tmp_path / "media", tmp_path / "respaldo"


def rewrite_manifest(backup: Path, name: str) -> None:
    """Make the manifest match the damaged file, as a backup damaged before its manifest was written would."""
    manifest = json.loads((backup / "manifest.json").read_text())
    manifest["files"][name] = {"bytes": (backup / name).stat().st_size, "sha256": file_digest(backup / name)}
    (backup / "manifest.json").write_text(json.dumps(manifest))


def test_backup_files_are_private_and_listed_with_their_sha256(installation):
    _env, _media, backup = installation
    assert stat.S_IMODE(backup.stat().st_mode) == 0o700
    for child in backup.iterdir():
        assert stat.S_IMODE(child.stat().st_mode) == 0o600, child.name  # password hashes, token keys
    manifest = json.loads((backup / "manifest.json").read_text())
    assert set(manifest["files"]) == {"database.sqlite3", "media.tar.gz"}
    for name, entry in manifest["files"].items():
        assert entry == {"bytes": (backup / name).stat().st_size, "sha256": file_digest(backup / name)}


def test_random_bytes_in_the_database_copy_are_refused_and_nothing_is_replaced(installation):
    env, media, backup = installation
    before = snapshot(env)
    database = backup / "database.sqlite3"
    data = bytearray(database.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 40_000] = random.Random(26).randbytes(40_000)
    database.write_bytes(bytes(data))

    done = restore(env, backup)
    assert done.returncode != 0
    assert "«database.sqlite3» no coincide con su suma SHA-256" in done.stderr
    assert snapshot(env) == before
    assert (media / "documents" / "ronda-1.pdf").read_bytes() == b"%PDF-1.4 vivo\n"

    rewrite_manifest(backup, "database.sqlite3")  # the checksums agree: the file itself is checked
    done = restore(env, backup)
    assert done.returncode != 0
    assert "«database.sqlite3»" in done.stderr and ("dañado" in done.stderr or "no es una base SQLite sana"
                                                    in done.stderr), done.stderr
    assert snapshot(env) == before
    assert (media / "documents" / "ronda-1.pdf").exists()


def test_a_truncated_media_archive_is_refused_before_the_database_is_replaced(installation):
    env, media, backup = installation
    (media / "documents" / "ronda-2.pdf").write_bytes(b"%PDF-1.4 nuevo\n")
    before = snapshot(env)
    archive = backup / "media.tar.gz"
    archive.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])

    done = restore(env, backup)
    assert done.returncode != 0 and "«media.tar.gz» mide" in done.stderr, done.stderr

    rewrite_manifest(backup, "media.tar.gz")
    done = restore(env, backup)
    assert done.returncode != 0
    assert "«media.tar.gz» no se puede leer entero" in done.stderr, done.stderr
    assert snapshot(env) == before  # the database was not replaced
    assert sorted(p.name for p in (media / "documents").iterdir()) == ["ronda-1.pdf", "ronda-2.pdf"]
    assert [p.name for p in media.parent.iterdir() if "restaurando" in p.name] == []  # no staging left behind


def test_a_backup_without_checksums_needs_the_operator_to_say_so(installation):
    env, _media, backup = installation
    manifest = json.loads((backup / "manifest.json").read_text())
    manifest["format"] = 1
    del manifest["files"]
    (backup / "manifest.json").write_text(json.dumps(manifest))
    done = restore(env, backup)
    assert done.returncode != 0 and "no tiene sumas de control (formato 1)" in done.stderr
    done = restore(env, backup, "--sin-verificar")
    assert done.returncode == 0, done.stderr  # the database and the archive are still checked first


def test_a_sound_restore_brings_the_rows_back_and_moves_the_cache_epoch_on(template, installation):
    env, media, backup = installation
    at_backup = template[1]
    assert snapshot(env)["counts"]["tournaments.Event"] == at_backup["counts"]["tournaments.Event"] + 1
    done = restore(env, backup)
    assert done.returncode == 0, done.stderr
    after = snapshot(env)
    assert after["counts"] == at_backup["counts"] and after["standings"] == at_backup["standings"]
    assert after["epoch"] != at_backup["epoch"]  # every cache key and ETag made before is dead
    assert (media / "documents" / "ronda-1.pdf").read_bytes() == b"%PDF-1.4 vivo\n"
