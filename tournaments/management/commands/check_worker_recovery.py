"""``manage.py check_worker_recovery``: prove that a killed worker's documents render anyway.

Driven by ``.ci/worker_kill.sh`` in steps, so the shell can kill the worker
between them (issue #15):

- ``start``: creates a small event (as ``check_worker_pdf`` does), pairs
  round 1 through the normal service (its documents are sent to the
  workers) and prints the event id;
- ``wait-rendering --event ID --kill PID ...``: waits until a document of
  that round started rendering less than ``--fresh`` seconds ago, sends
  SIGKILL to the given processes (the worker's pool child, or the whole
  worker) at that very moment and prints the document's id (the worker
  renders slowly only when the test hook ``ARENA_RENDER_DELAY_SECONDS`` is
  set for it);
- ``finish --event ID --document DOC --since T``: waits until every
  document of the round is ready with no manual step, at most ``--timeout``
  seconds (120 by default) after ``T`` (the Unix time of the kill),
  checks that ``DOC`` was rendered again (two attempts or more), reads the
  PDFs back with pypdf as ``check_worker_pdf`` does, then deletes the event,
  its players and their files;
- ``cleanup --event ID``: only the deletion (the script's exit trap).

Exits non-zero (``CommandError``) on any failure. Needs a broker, and the
same database and ``MEDIA_ROOT`` as the worker.
"""
from __future__ import annotations

import os
import secrets
import signal
import time
from datetime import timedelta

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import timezone

from tournaments import services
from tournaments.enums import DocumentState
from tournaments.models import Document, Event, Player, Table

from . import check_worker_pdf


class Command(check_worker_pdf.Command):
    help = "Verifica que los PDF de un worker matado se generen solos (pasos para .ci/worker_kill.sh)."

    def add_arguments(self, parser):
        parser.add_argument("step", choices=["start", "wait-rendering", "finish", "cleanup"])
        parser.add_argument("--event", type=int, help="el evento de prueba (lo imprime «start»)")
        parser.add_argument("--document", type=int, help="el documento que se generaba al matar el worker")
        parser.add_argument("--players", type=int, default=9, help="jugadores del evento de prueba")
        parser.add_argument("--timeout", type=float, default=120.0, help="segundos de espera")
        parser.add_argument("--kill", type=int, nargs="*", default=[],
                            help="procesos a matar con SIGKILL en cuanto un documento se está generando")
        parser.add_argument("--since", type=float, default=None,
                            help="«finish»: hora Unix de la muerte del worker; el plazo cuenta desde ahí")
        parser.add_argument("--fresh", type=float, default=4.0,
                            help="sólo un documento que empezó a generarse hace menos de estos segundos")

    def handle(self, *args, **opts):
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise CommandError("No hay broker configurado (CELERY_BROKER_URL): no hay worker que matar.")
        step = opts["step"]
        if step == "start":
            token = secrets.token_hex(3)
            created: dict[str, list] = {"venue": [], "players": [], "event": []}
            event = self._setup(token, opts["players"], created)
            services.round_pair_next(event=event)
            self.stdout.write(str(event.pk))
            return
        if not opts["event"]:
            raise CommandError("Falta --event.")
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            if step == "cleanup":
                return
            raise CommandError(f"No existe el evento {opts['event']}.")
        if step == "cleanup":
            self._cleanup_event(event)
            return
        rnd = event.rounds.get(number=1)
        if step == "wait-rendering":
            pk = self._wait_rendering(rnd, opts["timeout"], opts["fresh"])
            for pid in opts["kill"]:
                os.kill(pid, signal.SIGKILL)
            self.stdout.write(str(pk))
            return
        since = opts["since"] if opts["since"] is not None else time.time()
        try:
            docs = self._wait(rnd, max(since + opts["timeout"] - time.time(), 0.0))
            elapsed = time.time() - since
            self._validate(rnd, docs)
            killed = Document.objects.get(pk=opts["document"]) if opts["document"] else None
            if killed is not None and killed.attempts < 2:
                raise CommandError(f"El documento {killed.pk} ({killed.kind}) no se volvió a generar: "
                                   f"{killed.attempts} intento(s).")
        finally:
            self._cleanup_event(event)
        self.stdout.write(self.style.SUCCESS(
            f"OK: {len(docs)} documentos listos {elapsed:.1f} s después de matar el worker, sin intervención; "
            "texto verificado con pypdf."
        ))
        for doc in docs:
            self.stdout.write(f"  {doc.kind}: {doc.pages} páginas, intentos {doc.attempts}")

    def _wait_rendering(self, rnd, timeout: float, fresh: float) -> int:
        """A document of ``rnd`` whose render started less than ``fresh`` seconds ago (mid-render)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pk = (Document.objects.filter(round=rnd, state=DocumentState.RENDERING,
                                          render_started_at__gt=timezone.now() - timedelta(seconds=fresh))
                  .order_by("-render_started_at").values_list("pk", flat=True).first())
            if pk is not None:
                return pk
            time.sleep(0.1)
        raise CommandError(f"Ningún documento empezó a generarse en {timeout:.0f} s. ¿Hay un worker?")

    def _cleanup_event(self, event: Event) -> None:
        players = list(Player.objects.filter(registrations__event=event))
        venue = event.venue
        Table.objects.filter(round__event=event).delete()
        event.delete()  # rounds, registrations and documents (their files too)
        for player in players:
            player.delete()
        if venue is not None and not venue.events.exists():
            venue.delete()
