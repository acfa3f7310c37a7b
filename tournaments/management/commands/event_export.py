"""``manage.py event_export EVENT_ID FILE [--sign [--key KEY]]``: write one event to a version-1 event file (JSON).

The file carries the players, registrations, rounds, matches with their
result history, pods, penalties, decklists, deck checks and the event log
(:mod:`tournaments.exchange.fileformat`); publish it with ``event_import``
or ``publish_event`` on the national server. ``--sign`` adds its checksum and
the venue's signature (:mod:`tournaments.exchange.signing`) with ``--key`` or the
stored ``ARENA_PUBLISH_KEY``; the national server refuses an unsigned file
unless its operator imports it with ``--unsigned``.
"""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import fileformat, signing
from tournaments.models import Event


class Command(BaseCommand):
    help = "Exporta un evento a un archivo (JSON) para publicarlo en el servidor nacional."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="id del evento")
        parser.add_argument("file", help="archivo de salida («-» para la salida estándar)")
        parser.add_argument("--sign", action="store_true",
                            help="firma el archivo con la clave de publicación de la sede")
        parser.add_argument("--key", help="clave de publicación «identificador.secreto» (si no, ARENA_PUBLISH_KEY)")

    def handle(self, *args, **opts):
        event = Event.objects.filter(pk=opts["event_id"]).first()
        if event is None:
            raise CommandError(f"No existe el evento {opts['event_id']}.")
        doc = fileformat.event_export(event)
        if opts["sign"] or opts["key"]:
            key = opts["key"] or signing.configured_key()
            if not key:
                raise CommandError("Falta la clave de publicación de la sede: pasala con --key o en ARENA_PUBLISH_KEY.")
            try:
                doc = signing.sign(doc, key)
            except signing.SignatureRefused as exc:
                raise CommandError(exc.message) from exc
        text = fileformat.dumps(doc)
        if opts["file"] == "-":
            self.stdout.write(text, ending="")
            return
        Path(opts["file"]).write_text(text, encoding="utf-8")
        self.stdout.write(f"Evento «{event.name}» exportado a {opts['file']} (uid {event.uid}).")
