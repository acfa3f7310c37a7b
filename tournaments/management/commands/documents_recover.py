"""``manage.py documents_recover``: the document reaper, for venues with no Celery beat.

Runs one pass of :func:`tournaments.tasks.recover_documents` (the task beat
runs every ``ARENA_DOCUMENTS_REAP_EVERY_SECONDS``): documents stuck
rendering past their lease, queued ones whose message was lost and failed
ones whose backoff passed are queued again and, with a broker, sent to the
workers. ``--loop`` keeps running it (every ``--every`` seconds) until
interrupted. Safe beside workers and other reapers: every row moves with one
conditional UPDATE.
"""
from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from tournaments import tasks


class Command(BaseCommand):
    help = "Vuelve a encolar los documentos trabados (generando, en cola o fallidos con reintentos)."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="repetir hasta que se interrumpa")
        parser.add_argument("--every", type=float, default=15.0, help="segundos entre pasadas con --loop")

    def handle(self, *args, **opts):
        while True:
            done = tasks.recover_documents()
            self.stdout.write(
                f"Documentos: {done['stuck']} trabados generando, {done['lost']} perdidos en la cola y "
                f"{done['retried']} fallidos vueltos a encolar; {done['given_up']} dados por fallidos."
            )
            if not opts["loop"]:
                return
            time.sleep(opts["every"])
