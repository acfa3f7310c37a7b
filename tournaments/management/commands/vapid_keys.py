"""``manage.py vapid_keys``: print a new VAPID key pair for the players' avisos (Web Push, issue #29 point 2).

Prints two lines for the environment file (``deploy/env.example``):
``ARENA_VAPID_PRIVATE_KEY=…`` and ``ARENA_VAPID_PUBLIC_KEY=…``. Keep the
private one secret. Changing the pair later turns off every browser's
avisos (each player turns them on again on «Mi torneo»).
"""
from __future__ import annotations

from django.core.management.base import BaseCommand

from tournaments.push_delivery import vapid_key_pair


class Command(BaseCommand):
    help = "Imprime un par nuevo de claves VAPID para los avisos a los jugadores (Web Push)."

    def handle(self, *args, **opts):
        private, public = vapid_key_pair()
        self.stderr.write("Claves nuevas para los avisos. Guardalas en el entorno del servidor "
                          "(la privada es secreta) y definí también ARENA_VAPID_SUBJECT (mailto:… o https://…):")
        self.stdout.write(f"ARENA_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"ARENA_VAPID_PUBLIC_KEY={public}")
