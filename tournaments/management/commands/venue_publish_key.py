"""``manage.py venue_publish_key VENUE``: issue (or rotate) the key a venue signs its event files with.

Run on the national server. ``VENUE`` is the venue's id or its exact name.
Prints ``<key_id>.<secret>`` once: give it to the venue, whose laptop stores
it as ``ARENA_PUBLISH_KEY`` (or passes it to ``publish_event --key``). Issuing
a new key revokes the venue's earlier ones (:mod:`tournaments.exchange.signing`).
"""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import signing
from tournaments.models import Venue


class Command(BaseCommand):
    help = "Emite (o renueva) la clave con la que una sede firma sus archivos de evento."

    def add_arguments(self, parser):
        parser.add_argument("venue", help="id o nombre exacto de la sede")

    def handle(self, *args, **opts):
        spec = opts["venue"]
        venue = Venue.objects.filter(pk=int(spec)).first() if spec.isdigit() else None
        venue = venue or Venue.objects.filter(name=spec).first()
        if venue is None:
            raise CommandError(f"No existe la sede «{spec}».")
        _key, text = signing.venue_publish_key_issue(venue=venue)
        self.stderr.write(f"Clave nueva para {venue} (las anteriores quedan revocadas). Guardala en la sede como "
                          "ARENA_PUBLISH_KEY:")
        self.stdout.write(text)
