"""Whole-installation backup and restore (issue #18 point 3).

One backup is a folder: ``manifest.json``, the database (``database.pgdump``,
``pg_dump -Fc``, on PostgreSQL; ``database.sqlite3``, a copy made with the
SQLite online backup API, on SQLite) and ``media.tar.gz``, the whole
``MEDIA_ROOT`` (the rendered PDFs). :func:`backup_to` writes one while the
server runs; :func:`restore_from` puts one back over the configured
database (``pg_restore --clean --if-exists``, or the backup API the other
way) and ``MEDIA_ROOT``. Both raise :class:`BackupError` with a Spanish
message.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils.translation import gettext as _

MANIFEST = "manifest.json"
PG_FILE = "database.pgdump"
SQLITE_FILE = "database.sqlite3"
MEDIA_FILE = "media.tar.gz"
FORMAT = 1


class BackupError(Exception):
    """A backup or restore that cannot go on; the message is for the operator (Spanish)."""


def _pg_args_env() -> tuple[list[str], dict[str, str]]:
    """Connection arguments and environment for pg_dump/pg_restore from the default database."""
    conf = connection.settings_dict
    args = []
    if conf.get("HOST"):
        args += ["-h", str(conf["HOST"])]
    if conf.get("PORT"):
        args += ["-p", str(conf["PORT"])]
    if conf.get("USER"):
        args += ["-U", str(conf["USER"])]
    env = dict(os.environ)
    if conf.get("PASSWORD"):
        env["PGPASSWORD"] = str(conf["PASSWORD"])
    return args + ["-d", str(conf["NAME"])], env


def _run(command: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BackupError(_("No se encontró «%(cmd)s»: instale el cliente de PostgreSQL.") % {
            "cmd": command[0]}) from exc
    if done.returncode != 0:
        raise BackupError(_("«%(cmd)s» terminó con error %(rc)d: %(err)s") % {
            "cmd": command[0], "rc": done.returncode, "err": done.stderr.strip()})


def _sqlite_copy(source: str | Path, target: str | Path) -> None:
    """Copy a SQLite database page by page (``sqlite3.Connection.backup``): safe while others write."""
    src = sqlite3.connect(str(source))
    dst = sqlite3.connect(str(target))
    try:
        with dst:
            src.backup(dst)
    finally:
        dst.close()
        src.close()


def backup_to(folder: str | Path) -> dict:
    """Write a backup of the database and ``MEDIA_ROOT`` into ``folder`` (created; must hold no backup).

    Returns the manifest (``vendor``, ``database``, ``media``, ``created_at``, ``format``).
    """
    folder = Path(folder)
    if (folder / MANIFEST).exists():
        raise BackupError(_("La carpeta «%(dir)s» ya tiene un respaldo; elija otra.") % {"dir": folder})
    folder.mkdir(parents=True, exist_ok=True)
    vendor = connection.vendor
    if vendor == "postgresql":
        args, env = _pg_args_env()
        _run(["pg_dump", "-Fc", "--no-owner", "-f", str(folder / PG_FILE), *args], env)
        database = PG_FILE
    elif vendor == "sqlite":
        _sqlite_copy(connection.settings_dict["NAME"], folder / SQLITE_FILE)
        database = SQLITE_FILE
    else:
        raise BackupError(_("Base de datos «%(v)s» no soportada para respaldos.") % {"v": vendor})
    media = Path(settings.MEDIA_ROOT)
    with tarfile.open(folder / MEDIA_FILE, "w:gz") as tar:
        if media.is_dir():
            for child in sorted(media.iterdir()):
                tar.add(child, arcname=child.name)
    manifest = {"format": FORMAT, "vendor": vendor, "database": database, "media": MEDIA_FILE,
                "created_at": datetime.now(UTC).isoformat(timespec="seconds")}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def read_manifest(folder: str | Path) -> dict:
    """The manifest of the backup in ``folder``; :class:`BackupError` when there is none."""
    path = Path(folder) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BackupError(_("«%(dir)s» no es un respaldo de Arena (falta o no se lee %(file)s).") % {
            "dir": folder, "file": MANIFEST}) from exc
    if manifest.get("format") != FORMAT:
        raise BackupError(_("Formato de respaldo desconocido en «%(dir)s».") % {"dir": folder})
    return manifest


def restore_from(folder: str | Path) -> dict:
    """Replace the database and ``MEDIA_ROOT`` with the backup in ``folder``; returns its manifest.

    The backup's database engine must be the configured one (a PostgreSQL
    dump is not restored into SQLite, nor the other way round).
    """
    folder = Path(folder)
    manifest = read_manifest(folder)
    vendor = connection.vendor
    if manifest["vendor"] != vendor:
        raise BackupError(_("El respaldo es de %(theirs)s y la base configurada es %(ours)s; no se restaura.") % {
            "theirs": manifest["vendor"], "ours": vendor})
    source = folder / manifest["database"]
    if not source.is_file():
        raise BackupError(_("Falta el archivo de la base «%(file)s» en el respaldo.") % {"file": source})
    connection.close()
    if vendor == "postgresql":
        args, env = _pg_args_env()
        _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", *args, str(source)], env)
    else:
        _sqlite_copy(source, connection.settings_dict["NAME"])
    media = Path(settings.MEDIA_ROOT)
    archive = folder / manifest["media"]
    if archive.is_file():
        if media.is_dir():
            for child in media.iterdir():
                shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
        media.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(media, filter="data")
    return manifest
