"""``manage.py publish_event EVENT_ID --to URL --token KEY [--dry-run]``: send an event to the national server.

Exports the event (:mod:`tournaments.exchange.fileformat`) and POSTs the file
to ``URL/api/events/import/`` with ``Authorization: Token KEY`` (an organizer
of the event's venue there); prints the server's answer. ``--dry-run``
checks the file locally and sends nothing. Publishing again updates the
event on the server (idempotent by its uid).
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import fileformat
from tournaments.models import Event

TIMEOUT_SECONDS = 60


class Command(BaseCommand):
    help = "Publica un evento en el servidor nacional (exporta el archivo y lo envía a su API)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="id del evento")
        parser.add_argument("--to", help="dirección del servidor nacional, p. ej. https://arena.example")
        parser.add_argument("--token", help="token de API de un organizador de la sede en el servidor nacional")
        parser.add_argument("--accept-names", action="store_true",
                            help="ante un nombre distinto, mantener el del servidor en lugar de rechazar")
        parser.add_argument("--dry-run", action="store_true", help="sólo valida el archivo, no envía nada")

    def handle(self, *args, **opts):
        event = Event.objects.filter(pk=opts["event_id"]).first()
        if event is None:
            raise CommandError(f"No existe el evento {opts['event_id']}.")
        text = fileformat.dumps(fileformat.event_export(event))
        try:
            doc = fileformat.loads(text)
        except fileformat.FileFormatError as exc:
            raise CommandError(f"El archivo exportado no es válido: {exc}") from exc
        if opts["dry_run"]:
            self.stdout.write(f"Archivo válido: «{event.name}», {len(doc['players'])} jugadores, "
                              f"{len(doc['rounds'])} rondas ({len(text.encode())} bytes). No se envió nada.")
            return
        if not opts["to"] or not opts["token"]:
            raise CommandError("Faltan --to y --token (o use --dry-run).")
        url = opts["to"].rstrip("/") + "/api/events/import/"
        if opts["accept_names"]:
            url += "?accept_names=1"
        request = urllib.request.Request(
            url, data=text.encode("utf-8"), method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Token {opts['token']}",
                     "Accept": "application/json", "Accept-Language": "es-ar"},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310 (URL given by the organizer)
                answer = json.loads(response.read().decode("utf-8") or "{}")
        except urllib.error.HTTPError as exc:
            try:
                answer = json.loads(exc.read().decode("utf-8") or "{}")
            except ValueError:
                answer = {}
            lines = [f"El servidor rechazó la publicación (HTTP {exc.code}): {answer.get('detail', exc.reason)}"]
            lines += list(answer.get("problems", []))
            raise CommandError("\n".join(lines)) from exc
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise CommandError(f"No se pudo contactar al servidor {opts['to']}: {exc}") from exc
        self.stdout.write(answer.get("detail", "Publicado."))
        if answer.get("players_created"):
            self.stdout.write(f"Jugadores nuevos en el servidor: {', '.join(answer['players_created'])}.")
        for line in answer.get("names_kept", []):
            self.stdout.write(f"Se mantuvo el nombre del servidor — {line}")
