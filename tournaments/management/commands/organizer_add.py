"""``manage.py organizer_add``: another organizer of a venue (issue #26 point 7).

Creates the account (staff, not a superuser) or takes an existing one, puts it in the
«Organizador» group (the admin permissions a venue organizer needs: events, registrations,
imports) and among the organizers of the venue named by ``--venue``; marks the database as a
production installation. Asks for the password unless ``--password-from-env`` gives it;
``--noinput`` never asks.

    --username NAME           the login name (required)
    --venue NAME              the venue's exact name (it must exist: create it in the admin first)
    --email ADDRESS           optional; unique among the accounts
    --password-from-env VAR   read the password from the environment variable VAR

Errors (exit status 1, nothing written): an unknown venue, an e-mail in use, a password the
validators refuse, a missing value with ``--noinput``.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Venue
from tournaments.services.installation import installation_mark_production

from .create_organizer import Command as CreateOrganizer

ORGANIZER_GROUP = "Organizador"


class Command(CreateOrganizer):
    help = "Suma un organizador a una sede: cuenta de staff en el grupo «Organizador» y organizador de la sede."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--venue", help="nombre exacto de la sede (debe existir)")

    def handle(self, *args, **opts):
        interactive = opts["interactive"]
        users = get_user_model()
        username = (opts["username"] or "").strip() or self._ask(_("Nombre de usuario: "), interactive, "--username")
        venue_name = (opts["venue"] or "").strip() or self._ask(_("Sede: "), interactive, "--venue")
        venue = Venue.objects.filter(name=venue_name).first()
        if venue is None:
            known = ", ".join(Venue.objects.values_list("name", flat=True)[:10]) or _("ninguna")
            raise CommandError(_("No existe la sede «%(name)s» (sedes: %(known)s). Creala primero en el panel.")
                               % {"name": venue_name, "known": known})
        group = Group.objects.filter(name=ORGANIZER_GROUP).first()
        if group is None:
            raise CommandError(_("Falta el grupo «%(group)s»: corré «manage.py migrate» primero.")
                               % {"group": ORGANIZER_GROUP})
        user = users.objects.filter(username=username).first()
        email = (opts["email"] or "").strip()
        if email:
            try:
                validate_email(email)
            except ValidationError as exc:
                raise CommandError(_("El correo «%(email)s» no es válido.") % {"email": email}) from exc
            if users.objects.filter(email__iexact=email).exclude(username=username).exists():
                raise CommandError(_("Ya hay una cuenta con el correo «%(email)s».") % {"email": email})
        password = None
        if user is None:
            password = self._password(opts["password_from_env"], interactive)
            try:
                validate_password(password, users(username=username, email=email))
            except ValidationError as exc:
                raise CommandError(" ".join(exc.messages)) from exc
        with transaction.atomic():
            created = user is None
            if created:
                user = users.objects.create_user(username=username, email=email, password=password, is_staff=True)
            else:
                user.is_staff = True
                if email:
                    user.email = email
                user.save(update_fields=["is_staff", "email"])
            user.groups.add(group)
            venue.organizers.add(user)
            installation_mark_production()
        self.stdout.write(self.style.SUCCESS(
            (_("Organizador «%(name)s» creado y sumado a %(venue)s.") if created
             else _("«%(name)s» ahora organiza %(venue)s.")) % {"name": username, "venue": venue.name}))
