"""Whole-installation backup and restore (issue #18 point 3; made safe by issue #26 point 3).

One backup is a folder (mode 0700, every file 0600: it holds password hashes and API token keys):
``manifest.json``, the database (``database.pgdump``, ``pg_dump -Fc``, on PostgreSQL;
``database.sqlite3``, a copy made with the SQLite online backup API and checked with
``PRAGMA integrity_check``, on SQLite) and ``media.tar.gz``, the whole ``MEDIA_ROOT`` (the
rendered PDFs). The manifest names every file with its size and SHA-256.

:func:`restore_from` cannot destroy a good installation with a bad backup. It checks first and
replaces after:

1. every file's size and SHA-256 against the manifest (a corrupted or truncated file is named);
2. the database file itself: on SQLite ``PRAGMA integrity_check`` on a scratch copy, and that it
   is an Arena database (its migrations table); on PostgreSQL ``pg_restore --list`` reads the
   whole archive;
3. the media archive extracted whole into a staging folder beside ``MEDIA_ROOT``;

only then the database is replaced (``pg_restore --single-transaction``: all or nothing; on
SQLite the checked copy is put in place through the backup API) and the staged media folder is
swapped in by renames. The cache epoch advances after a restore
(:func:`tournaments.services.installation.installation_epoch_advance`), so no page cached before
it is served again. Every refusal is a :class:`BackupError` with a Spanish message, and nothing
of the live installation has been touched when one is raised before the swap.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils.translation import gettext as _

MANIFEST = "manifest.json"
PG_FILE = "database.pgdump"
SQLITE_FILE = "database.sqlite3"
MEDIA_FILE = "media.tar.gz"
#: Format 2: the manifest lists every file with its size and SHA-256 (format 1 had no checksums).
FORMAT = 2
_CHUNK = 1 << 20


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


def _run(command: list[str], env: dict[str, str]) -> str:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BackupError(_("No se encontró «%(cmd)s»: instalá el cliente de PostgreSQL.") % {
            "cmd": command[0]}) from exc
    if done.returncode != 0:
        raise BackupError(_("«%(cmd)s» terminó con error %(rc)d: %(err)s") % {
            "cmd": command[0], "rc": done.returncode, "err": done.stderr.strip()})
    return done.stdout


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


def sqlite_check(path: str | Path) -> None:
    """Refuse a SQLite file that is not a sound Arena database (``PRAGMA integrity_check`` and its
    migrations table); :class:`BackupError` naming the file."""
    name = Path(path).name
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = db.execute("PRAGMA integrity_check").fetchall()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(_("«%(file)s» no es una base SQLite sana: %(err)s") % {"file": name, "err": exc}) from exc
    if [tuple(row) for row in rows] != [("ok",)]:
        detail = "; ".join(str(row[0]) for row in rows[:3])
        raise BackupError(_("«%(file)s» está dañado (PRAGMA integrity_check: %(detail)s).") % {
            "file": name, "detail": detail})
    if "django_migrations" not in tables or "tournaments_event" not in tables:
        raise BackupError(_("«%(file)s» no es una base de datos de Arena.") % {"file": name})


def file_digest(path: str | Path) -> str:
    """The SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _private(path: Path) -> None:
    os.chmod(path, 0o600)


def backup_to(folder: str | Path) -> dict:
    """Write a backup of the database and ``MEDIA_ROOT`` into ``folder`` (created 0700; must hold no backup).

    Returns the manifest (``format``, ``vendor``, ``database``, ``media``, ``created_at`` and
    ``files``: ``{name: {"bytes": n, "sha256": hex}}``). Raises :class:`BackupError`.
    """
    folder = Path(folder)
    if (folder / MANIFEST).exists():
        raise BackupError(_("La carpeta «%(dir)s» ya tiene un respaldo; elegí otra.") % {"dir": folder})
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    old_umask = os.umask(0o077)
    try:
        vendor = connection.vendor
        if vendor == "postgresql":
            args, env = _pg_args_env()
            _run(["pg_dump", "-Fc", "--no-owner", "-f", str(folder / PG_FILE), *args], env)
            database = PG_FILE
        elif vendor == "sqlite":
            _sqlite_copy(connection.settings_dict["NAME"], folder / SQLITE_FILE)
            sqlite_check(folder / SQLITE_FILE)
            database = SQLITE_FILE
        else:
            raise BackupError(_("Base de datos «%(v)s» no soportada para respaldos.") % {"v": vendor})
        media = Path(settings.MEDIA_ROOT)
        with tarfile.open(folder / MEDIA_FILE, "w:gz") as tar:
            if media.is_dir():
                for child in sorted(media.iterdir()):
                    tar.add(child, arcname=child.name)
        files = {}
        for name in (database, MEDIA_FILE):
            _private(folder / name)
            files[name] = {"bytes": (folder / name).stat().st_size, "sha256": file_digest(folder / name)}
        manifest = {"format": FORMAT, "vendor": vendor, "database": database, "media": MEDIA_FILE,
                    "created_at": datetime.now(UTC).isoformat(timespec="seconds"), "files": files}
        (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        _private(folder / MANIFEST)
    finally:
        os.umask(old_umask)
    return manifest


def read_manifest(folder: str | Path) -> dict:
    """The manifest of the backup in ``folder``; :class:`BackupError` when there is none or it is not
    one this version reads."""
    path = Path(folder) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BackupError(_("«%(dir)s» no es un respaldo de Arena (falta o no se lee %(file)s).") % {
            "dir": folder, "file": MANIFEST}) from exc
    if not isinstance(manifest, dict) or manifest.get("format") not in (1, FORMAT):
        raise BackupError(_("Formato de respaldo desconocido en «%(dir)s».") % {"dir": folder})
    for key in ("vendor", "database", "media", "created_at"):
        if not isinstance(manifest.get(key), str):
            raise BackupError(_("El manifiesto de «%(dir)s» no tiene «%(key)s».") % {"dir": folder, "key": key})
    for key in ("database", "media"):
        if Path(manifest[key]).name != manifest[key]:
            raise BackupError(_("El manifiesto de «%(dir)s» nombra un archivo fuera del respaldo: «%(name)s».")
                              % {"dir": folder, "name": manifest[key]})
    return manifest


def verify(folder: str | Path, manifest: dict, *, allow_unverified: bool = False) -> None:
    """Check each file of the backup against the manifest's size and SHA-256; :class:`BackupError`
    naming the first file that differs. A format-1 backup (no checksums) is refused unless
    ``allow_unverified`` (its files are still checked by :func:`restore_from` before anything is replaced)."""
    folder = Path(folder)
    files = manifest.get("files")
    if manifest["format"] == 1 or not isinstance(files, dict):
        if allow_unverified:
            return
        raise BackupError(_("El respaldo de «%(dir)s» no tiene sumas de control (formato 1): no se puede "
                            "comprobar antes de reemplazar nada. Hacé un respaldo nuevo con arena_backup, o "
                            "restauralo igual con --sin-verificar.") % {"dir": folder})
    for name in (manifest["database"], manifest["media"]):
        expected = files.get(name)
        path = folder / name
        if not isinstance(expected, dict):
            raise BackupError(_("El manifiesto no lista «%(file)s».") % {"file": name})
        if not path.is_file():
            raise BackupError(_("Falta el archivo «%(file)s» en el respaldo.") % {"file": name})
        size = path.stat().st_size
        if size != expected.get("bytes"):
            raise BackupError(_("«%(file)s» mide %(size)d bytes y el manifiesto dice %(expected)s: el respaldo "
                                "está incompleto o dañado; no se restauró nada.") % {
                "file": name, "size": size, "expected": expected.get("bytes")})
        if file_digest(path) != expected.get("sha256"):
            raise BackupError(_("«%(file)s» no coincide con su suma SHA-256 del manifiesto: el respaldo está "
                                "dañado; no se restauró nada.") % {"file": name})


def _stage_media(archive: Path, media: Path) -> Path:
    """Extract the whole archive into a staging folder beside ``media``; :class:`BackupError` if it is
    not a complete archive (the staging folder is removed then)."""
    media.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{media.name}-restaurando-", dir=media.parent))
    try:
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(staging, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BackupError(_("«%(file)s» no se puede leer entero (%(err)s): el respaldo está dañado; no se "
                            "restauró nada.") % {"file": archive.name, "err": exc}) from exc
    return staging


def _swap_media(staging: Path, media: Path) -> None:
    """Put the staged folder at ``media`` by renames, then delete the old one."""
    old = None
    if media.exists():
        old = media.with_name(f".{media.name}-anterior-{os.getpid()}")
        if old.exists():
            shutil.rmtree(old)
        media.rename(old)
    staging.rename(media)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def restore_from(folder: str | Path, *, allow_unverified: bool = False) -> dict:
    """Replace the database and ``MEDIA_ROOT`` with the backup in ``folder``; returns its manifest.

    Everything is checked before anything is replaced (module docstring). The backup's engine must
    be the configured one. Raises :class:`BackupError`; before the swap, the live database and media
    are untouched.
    """
    folder = Path(folder)
    manifest = read_manifest(folder)
    vendor = connection.vendor
    if manifest["vendor"] != vendor:
        raise BackupError(_("El respaldo es de %(theirs)s y la base configurada es %(ours)s; no se restaura.") % {
            "theirs": manifest["vendor"], "ours": vendor})
    source = folder / manifest["database"]
    if not source.is_file():
        raise BackupError(_("Falta el archivo de la base «%(file)s» en el respaldo.") % {"file": source.name})
    verify(folder, manifest, allow_unverified=allow_unverified)
    archive = folder / manifest["media"]
    media = Path(settings.MEDIA_ROOT)
    with contextlib.ExitStack() as cleanup:
        if vendor == "postgresql":
            args, env = _pg_args_env()
            _run(["pg_restore", "--list", str(source)], env)  # reads the whole archive's table of contents
            checked = source
        else:
            scratch = Path(tempfile.mkdtemp(prefix="arena-restaurar-"))
            cleanup.callback(shutil.rmtree, scratch, True)
            checked = scratch / SQLITE_FILE
            shutil.copyfile(source, checked)
            sqlite_check(checked)
        staging = _stage_media(archive, media) if archive.is_file() else None
        if staging is not None:
            cleanup.callback(lambda: staging.exists() and shutil.rmtree(staging, ignore_errors=True))
        # Checked: replace the database (all or nothing), then the media folder.
        connection.close()
        if vendor == "postgresql":
            args, env = _pg_args_env()
            _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", *args,
                  str(checked)], env)
        else:
            _sqlite_copy(checked, connection.settings_dict["NAME"])
        if staging is not None:
            _swap_media(staging, media)
    from .services.installation import installation_epoch_advance

    installation_epoch_advance()
    return manifest
