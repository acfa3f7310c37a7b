"""``manage.py arena_backup --to DIR``: back up the whole installation (issue #18 point 3).

The database (``pg_dump -Fc`` on PostgreSQL, the SQLite online backup API on
SQLite — both safe while the server runs) and ``MEDIA_ROOT`` as
``media.tar.gz``; see :mod:`tournaments.backup`.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.backup import BackupError, backup_to
from tournaments.demo import database_label


class Command(BaseCommand):
    help = "Respalda la instalación entera: la base de datos y la carpeta de medios (PDF)."

    def add_arguments(self, parser):
        parser.add_argument("--to", required=True, dest="folder", help="carpeta nueva donde guardar el respaldo")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        try:
            manifest = backup_to(opts["folder"])
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(_("Respaldo de «%(db)s» guardado en %(dir)s (%(file)s y %(media)s).") % {
            "db": database_label(), "dir": opts["folder"], "file": manifest["database"], "media": manifest["media"]})
