"""``manage.py arena_restore --from DIR``: put a backup of ``arena_backup`` back (issue #18 point 3).

Checks every file against the manifest, the database file and the media
archive before anything is replaced (:mod:`tournaments.backup`), then replaces
the configured database (``pg_restore --clean --if-exists`` on PostgreSQL; the
SQLite backup API on SQLite) and ``MEDIA_ROOT``. Asks for
confirmation unless ``--noinput``; stop the web server and the workers first.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.backup import BackupError, read_manifest, restore_from
from tournaments.demo import database_label


class Command(BaseCommand):
    help = "Restaura un respaldo de arena_backup: reemplaza la base de datos y la carpeta de medios."

    def add_arguments(self, parser):
        parser.add_argument("--from", required=True, dest="folder", help="carpeta de un respaldo de arena_backup")
        parser.add_argument("--noinput", "--no-input", action="store_false", dest="interactive",
                            help="no pide confirmación")
        parser.add_argument("--sin-verificar", "--allow-unverified", action="store_true", dest="allow_unverified",
                            help="restaura un respaldo viejo sin sumas de control (igual se revisan la base y "
                                 "el archivo de medios antes de reemplazar nada)")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        try:
            manifest = read_manifest(opts["folder"])
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        if opts["interactive"]:
            answer = input(_("Esto reemplaza todo el contenido de «%(db)s» y de la carpeta de medios con el "
                             "respaldo del %(when)s. Escribí «sí» para seguir: ") % {
                "db": database_label(), "when": manifest["created_at"]})
            if answer.strip().lower() not in {"sí", "si"}:
                raise CommandError(_("Restauración cancelada."))
        try:
            restore_from(opts["folder"], allow_unverified=opts["allow_unverified"])
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(_("Respaldo del %(when)s restaurado en «%(db)s».") % {
            "when": manifest["created_at"], "db": database_label()})
