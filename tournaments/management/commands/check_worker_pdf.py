"""``manage.py check_worker_pdf``: prove that a Celery worker prints a paired round.

For CI (``.ci/run``) and for checking a production set-up: creates a small
event in the configured database (players with accented names), pairs round
1 through the normal service, waits until a worker has rendered every
document of the round (``--timeout`` seconds, 60 by default), reads the PDFs
back with pypdf and checks that they hold every table and every player with
their accents. Then it deletes the event, its players and their files.
Exits non-zero (``CommandError``) on any failure.

It refuses to run without a broker (tasks would run eagerly in this very
process and prove nothing) unless ``--allow-eager`` is given. The worker
must use the same database and ``MEDIA_ROOT`` as this command.
"""
from __future__ import annotations

import io
import math
import secrets
import time
from datetime import date

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from pypdf import PdfReader

from rules.models import Game
from tournaments import documents, services
from tournaments.enums import DocumentKind, DocumentState, EventKind
from tournaments.models import Document, Event, Player, Round, Table, Venue

NAMES = (
    "Ñandú Pérez", "José Núñez", "María Ibáñez", "Ángel Gómez", "Lucía Fernández", "Íñigo Muñoz",
    "Sofía Álvarez", "Agustín Díaz", "Belén Sánchez", "Úrsula Benítez", "Joaquín Rodríguez",
    "Renée Güemes",
)


class Command(BaseCommand):
    help = "Empareja una ronda de prueba y verifica que un worker de Celery genere sus PDF."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=9, help="jugadores del evento de prueba (impar: hay bye)")
        parser.add_argument("--timeout", type=float, default=60.0, help="segundos de espera por los PDF")
        parser.add_argument("--allow-eager", action="store_true",
                            help="aceptar tareas en el mismo proceso (sin broker); sólo para probar el comando")
        parser.add_argument("--keep", action="store_true", help="no borrar el evento de prueba al terminar")

    def handle(self, *args, **opts):
        if settings.CELERY_TASK_ALWAYS_EAGER and not opts["allow_eager"]:
            raise CommandError(
                "No hay broker configurado (CELERY_BROKER_URL): las tareas correrían en este proceso. "
                "Configure el broker y arranque un worker, o use --allow-eager."
            )
        if opts["players"] < 2:
            raise CommandError("Hacen falta al menos dos jugadores.")
        if opts["allow_eager"] and settings.CELERY_TASK_ALWAYS_EAGER:
            # without a broker documents render on first download; this check is about the task
            settings.ARENA_DOCUMENTS_RENDER = "task"
        token = secrets.token_hex(3)
        created: dict[str, list] = {"venue": [], "players": [], "event": []}
        try:
            event = self._setup(token, opts["players"], created)
            started = time.monotonic()
            rnd = services.round_pair_next(event=event)
            docs = self._wait(rnd, opts["timeout"])
            elapsed = time.monotonic() - started
            self._validate(rnd, docs)
            tables = rnd.tables.filter(is_bye=False).count()
        finally:
            if not opts["keep"]:
                self._cleanup(created)
        self.stdout.write(self.style.SUCCESS(
            f"OK: {len(docs)} documentos de la ronda 1 ({opts['players']} jugadores, {tables} mesas) "
            f"generados por el worker en {elapsed:.1f} s; texto verificado con pypdf."
        ))
        for doc in docs:
            self.stdout.write(f"  {doc.kind}: {doc.pages} páginas, {doc.size_bytes} bytes, intentos {doc.attempts}")

    # ------------------------------------------------------------------ steps

    def _setup(self, token: str, count: int, created: dict) -> Event:
        venue = Venue.objects.create(name=f"Sede de prueba {token}", province="Córdoba")
        created["venue"].append(venue)
        event = Event.objects.create(
            name=f"Prueba de worker {token} — Fecha única",
            game=Game.objects.get(key="weed_monsters"),
            venue=venue,
            kind=EventKind.CASUAL,
            date=date.today(),
            cut_size=0,
            seed=int(token, 16),
        )
        created["event"].append(event)
        services.registration_open(event=event)
        for index in range(count):
            name = f"{NAMES[index % len(NAMES)]} {index + 1:02d}"
            player = Player.objects.create(display_name=name, player_number=f"CI-{token}-{index + 1:03d}",
                                           home_venue=venue)
            created["players"].append(player)
            services.registration_create(event=event, player=player)
        services.registration_close(event=event)
        event.refresh_from_db()
        return event

    def _wait(self, rnd: Round, timeout: float) -> list[Document]:
        expected = set(documents.kinds_for_round(rnd))
        deadline = time.monotonic() + timeout
        while True:
            docs = list(Document.objects.filter(round=rnd).order_by("kind"))
            failed = [d for d in docs if d.state == DocumentState.FAILED]
            if failed:
                raise CommandError("Falló la generación: " + "; ".join(f"{d.kind}: {d.error}" for d in failed))
            if {d.kind for d in docs if d.state == DocumentState.READY} >= expected:
                return [d for d in docs if d.kind in expected]
            if time.monotonic() > deadline:
                states = ", ".join(f"{d.kind}={d.state}" for d in docs) or "sin documentos"
                raise CommandError(
                    f"Los PDF no llegaron en {timeout:.0f} s ({states}). ¿Hay un worker con el mismo broker, "
                    "base de datos y MEDIA_ROOT?"
                )
            time.sleep(0.5)

    def _validate(self, rnd: Round, docs: list[Document]) -> None:
        matches = list(rnd.tables.all())
        names = [m.player_a.player.display_name for m in matches] + [
            m.player_b.player.display_name for m in matches if m.player_b_id]
        seated = [m.player_a.player.display_name for m in matches if not m.is_bye] + [
            m.player_b.player.display_name for m in matches if m.player_b_id]
        tables = sorted(m.table_number for m in matches if not m.is_bye)
        problems: list[str] = []
        for doc in docs:
            with doc.file.open("rb") as handle:
                reader = PdfReader(io.BytesIO(handle.read()))
            text = "\n".join(page.extract_text() or "" for page in reader.pages)
            if len(reader.pages) != doc.pages:
                problems.append(f"{doc.kind}: {len(reader.pages)} páginas, la fila dice {doc.pages}")
            expected = names if doc.kind != DocumentKind.RESULT_SLIPS else seated  # a bye gets no slip
            missing = [name for name in expected if name not in text]
            if missing:
                problems.append(f"{doc.kind}: faltan jugadores {missing}")
            if doc.kind == DocumentKind.PAIRINGS_BY_TABLE:
                # Layout mode keeps each table's row on one line: "3  Ana …  vs  Luis …".
                lines = [" ".join(line.split()) for page in reader.pages
                         for line in page.extract_text(extraction_mode="layout").splitlines()]
                for match in matches:
                    if match.is_bye:
                        continue
                    a, b = match.player_a.player.display_name, match.player_b.player.display_name
                    if not any(line.split(" ", 1)[0].rstrip("*") == str(match.table_number)
                               and a in line and b in line for line in lines):
                        problems.append(f"{doc.kind}: falta la mesa {match.table_number} ({a} vs {b})")
            if doc.kind == DocumentKind.RESULT_SLIPS:
                if len(reader.pages) != math.ceil(len(tables) / 3):
                    problems.append(f"{doc.kind}: {len(reader.pages)} páginas para {len(tables)} mesas")
                if text.count("PLANILLA DE RESULTADO") != len(tables):
                    problems.append(f"{doc.kind}: {text.count('PLANILLA DE RESULTADO')} planillas, "
                                    f"{len(tables)} mesas")
        if problems:
            raise CommandError("Los PDF no tienen lo esperado:\n  " + "\n  ".join(problems))

    def _cleanup(self, created: dict) -> None:
        for event in created["event"]:
            Table.objects.filter(round__event=event).delete()
            event.delete()  # rounds, registrations and documents (their files too)
        for player in created["players"]:
            player.delete()
        for venue in created["venue"]:
            venue.delete()
