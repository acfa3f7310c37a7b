"""``manage.py installation_mark --production``: mark this database as a real installation (issue #26 point 7).

``make serve`` (and so the Compose file and the systemd unit) runs it after migrating;
``create_organizer`` and ``organizer_add`` mark the database too. From then on the demo commands
(``demo_setup``, ``demo_season``, ``run_event --demo``) refuse this database whatever it holds,
``--force`` or not. Without ``--production`` it only prints what the database is.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.demo import database_label
from tournaments.services.installation import installation_is_production, installation_mark_production


class Command(BaseCommand):
    help = "Marca la base de datos como instalación de producción: los comandos de demostración la rechazan."

    def add_arguments(self, parser):
        parser.add_argument("--production", action="store_true", help="marcarla como producción")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        if opts["production"] and installation_mark_production():
            self.stdout.write(_("«%(db)s» quedó marcada como instalación de producción.") % {"db": database_label()})
        elif installation_is_production():
            self.stdout.write(_("«%(db)s» es una instalación de producción.") % {"db": database_label()})
        else:
            self.stdout.write(_("«%(db)s» no está marcada como producción.") % {"db": database_label()})
