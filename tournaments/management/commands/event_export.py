"""``manage.py event_export EVENT_ID FILE``: write one event to a version-1 event file (JSON).

The file carries the players, registrations, rounds, matches with their
result history, pods, penalties, decklists, deck checks and the event log
(:mod:`tournaments.exchange.fileformat`); publish it with ``event_import``
or ``publish_event`` on the national server.
"""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import fileformat
from tournaments.models import Event


class Command(BaseCommand):
    help = "Exporta un evento a un archivo (JSON) para publicarlo en el servidor nacional."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="id del evento")
        parser.add_argument("file", help="archivo de salida («-» para la salida estándar)")

    def handle(self, *args, **opts):
        event = Event.objects.filter(pk=opts["event_id"]).first()
        if event is None:
            raise CommandError(f"No existe el evento {opts['event_id']}.")
        text = fileformat.dumps(fileformat.event_export(event))
        if opts["file"] == "-":
            self.stdout.write(text, ending="")
            return
        Path(opts["file"]).write_text(text, encoding="utf-8")
        self.stdout.write(f"Evento «{event.name}» exportado a {opts['file']} (uid {event.uid}).")
