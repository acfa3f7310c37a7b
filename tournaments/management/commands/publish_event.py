"""``manage.py publish_event EVENT_ID --to URL --token TOKEN [--key KEY] [--dry-run]``: publish an event.

Exports the event (:mod:`tournaments.exchange.fileformat`) and POSTs the file, gzip-compressed with
its player count in ``X-Arena-Players`` (:mod:`tournaments.exchange.transport`),
to ``URL/api/events/import/`` with ``Authorization: Token KEY`` (an organizer
of the event's venue there); prints the server's answer. ``--dry-run``
checks the file locally and sends nothing. Publishing again updates the
event on the server (idempotent by its uid). The file is signed with the
venue's publish key (``--key`` or the stored ``ARENA_PUBLISH_KEY``, issued
by the national server's ``manage.py venue_publish_key``).
"""
from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.parse
import urllib.request

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import fileformat, signing
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
        parser.add_argument("--replaces", metavar="UID",
                            help="uid del evento del servidor nacional que este reemplaza (el anterior se anula)")
        parser.add_argument("--key", help="clave de publicación «identificador.secreto» (si no, ARENA_PUBLISH_KEY)")

    def handle(self, *args, **opts):
        event = Event.objects.filter(pk=opts["event_id"]).first()
        if event is None:
            raise CommandError(f"No existe el evento {opts['event_id']}.")
        doc = fileformat.event_export(event)
        key = opts["key"] or signing.configured_key()
        if key:
            try:
                doc = signing.sign(doc, key)
            except signing.SignatureRefused as exc:
                raise CommandError(exc.message) from exc
        elif not opts["dry_run"]:
            raise CommandError("Falta la clave de publicación de la sede: pedila al servidor nacional "
                               "(venue_publish_key) y pasala con --key o en ARENA_PUBLISH_KEY.")
        text = fileformat.dumps(doc)
        try:
            doc = fileformat.loads(text)
        except fileformat.FileFormatError as exc:
            raise CommandError(f"El archivo exportado no es válido: {exc}") from exc
        if opts["dry_run"]:
            self.stdout.write(f"Archivo válido: «{event.name}», {len(doc['players'])} jugadores, "
                              f"{len(doc['rounds'])} rondas ({len(text.encode())} bytes). No se envió nada.")
            return
        if not opts["to"] or not opts["token"]:
            raise CommandError("Faltan --to y --token (o usá --dry-run).")
        url = opts["to"].rstrip("/") + "/api/events/import/"
        query = {**({"accept_names": "1"} if opts["accept_names"] else {}),
                 **({"replaces": opts["replaces"]} if opts["replaces"] else {})}
        if query:
            url += "?" + urllib.parse.urlencode(query)
        body = gzip.compress(text.encode("utf-8"), compresslevel=6)
        request = urllib.request.Request(
            url, data=body, method="POST",
            headers={"Content-Type": "application/json", "Content-Encoding": "gzip",
                     "Content-Length": str(len(body)), "X-Arena-Players": str(len(doc["players"])),
                     "Authorization": f"Token {opts['token']}", "Accept": "application/json",
                     "Accept-Language": "es-ar"},
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
