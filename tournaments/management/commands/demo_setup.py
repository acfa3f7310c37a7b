"""``manage.py demo_setup``: demo logins and the demo event for ``make run``.

Idempotent: running it again keeps the data and prints the same logins.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.models import Event, Venue

DEMO_FILE = "tests/data/demo_event.csv"
DEMO_NAME = "Super Liga — Fecha de demostración"
ORGANIZER = ("organizador", "arena-demo")
JUDGE = ("juez", "arena-demo")


class Command(BaseCommand):
    help = "Crea los usuarios de demostración y el evento de ejemplo."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="http://127.0.0.1:8000")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        User = get_user_model()
        organizer, created = User.objects.get_or_create(
            username=ORGANIZER[0], defaults={"is_staff": True, "is_superuser": True, "first_name": "Organización"}
        )
        if created:
            organizer.set_password(ORGANIZER[1])
            organizer.save()
        judge, created = User.objects.get_or_create(username=JUDGE[0], defaults={"first_name": "Juez"})
        if created:
            judge.set_password(JUDGE[1])
            judge.save()
        if not Event.objects.filter(name=DEMO_NAME).exists():
            call_command("run_event", DEMO_FILE, seed=2024, name=DEMO_NAME, quiet_rounds=True, stdout=self.stdout)
        event = Event.objects.get(name=DEMO_NAME)
        event.judges.add(judge)
        if event.venue_id:
            Venue.objects.get(pk=event.venue_id).organizers.add(organizer)
        host = opts["host"].rstrip("/")
        self.stdout.write("")
        self.stdout.write(_("Arena listo para la demostración:"))
        self.stdout.write(_("  Administración: %(url)s/admin/  usuario «%(u)s», contraseña «%(p)s»") % {
            "url": host, "u": ORGANIZER[0], "p": ORGANIZER[1]})
        self.stdout.write(_("  Juez:           usuario «%(u)s», contraseña «%(p)s»") % {"u": JUDGE[0], "p": JUDGE[1]})
        self.stdout.write(_("  Posiciones:     %(url)s%(path)s") % {"url": host, "path": event.get_absolute_url()})
