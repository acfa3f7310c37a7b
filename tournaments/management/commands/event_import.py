"""``manage.py event_import FILE [--accept-names] [--unsigned]``: import (publish) an event file here.

Idempotent by the event's uid; a name conflict or an unknown venue refuses
the whole file, listing every problem by path and line, unless
``--accept-names`` keeps the server's names (:mod:`tournaments.exchange.service`).
The file must be signed with its venue's key; ``--unsigned`` lets the operator
import a file without a signature (a file that has one is checked all the same).
"""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import ArenaError
from tournaments.exchange import fileformat, service, transport


def report(result: service.ImportResult) -> list[str]:
    """The Spanish lines that tell what an import did."""
    verb = "creado" if result.created else "actualizado"
    lines = [f"Evento «{result.event.name}» {verb} (id {result.event.pk}, uid {result.event.uid})."]
    if result.players_created:
        lines.append(f"Jugadores nuevos: {', '.join(result.players_created)}.")
    lines += [f"Se mantuvo el nombre del servidor — {line}" for line in result.names_kept]
    return lines


class Command(BaseCommand):
    help = "Importa un archivo de evento exportado en una sede (actualiza el evento si ya existe)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="archivo de evento (JSON) de event_export")
        parser.add_argument("--accept-names", action="store_true",
                            help="ante un nombre distinto, mantiene el del servidor en lugar de rechazar")
        parser.add_argument("--replaces", metavar="UID",
                            help="uid del evento de este servidor que el archivo reemplaza (el anterior se anula)")
        parser.add_argument("--unsigned", action="store_true",
                            help="acepta un archivo sin firma de la sede (bajo responsabilidad del operador)")

    def handle(self, *args, **opts):
        path = Path(opts["file"])
        try:
            with path.open("rb") as stream:  # plain or gzip, up to the largest event this server accepts
                text = transport.read_text(stream, limit=transport.max_bytes(settings.ARENA_IMPORT_MAX_PLAYERS))
            doc = fileformat.loads(text)
            result = service.event_import(doc, accept_names=opts["accept_names"], text=text,
                                          unsigned=opts["unsigned"], replaces=opts["replaces"])
        except OSError as exc:
            raise CommandError(f"{path}: no se pudo leer ({exc.strerror}).") from exc
        except fileformat.FileFormatError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        except service.ImportRefused as exc:
            raise CommandError("\n".join([f"{path}: {exc.message}", *exc.problems])) from exc
        except ArenaError as exc:
            raise CommandError(f"{path}: {exc.message}") from exc
        for line in report(result):
            self.stdout.write(line)
