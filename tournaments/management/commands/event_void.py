"""``manage.py event_void EVENT_ID --reason TEXT``: void a wrong event (kept, hidden, its league points reversed).

The same service as the admin action (:func:`tournaments.services.event_void`);
the reason is written to the event's log.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments import services
from tournaments.errors import ArenaError
from tournaments.models import Event


class Command(BaseCommand):
    help = "Anula un evento equivocado: se conserva, se oculta de las listas y se revierten sus puntos de liga."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="id del evento")
        parser.add_argument("--reason", required=True, help="motivo (queda en el registro del evento)")

    def handle(self, *args, **opts):
        if not Event.objects.filter(pk=opts["event_id"]).exists():
            raise CommandError(f"No existe el evento {opts['event_id']}.")
        try:
            event = services.event_void(event=opts["event_id"], reason=opts["reason"])
        except ArenaError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(f"Evento «{event.name}» anulado (uid {event.uid}); sus puntos de liga se revirtieron.")
