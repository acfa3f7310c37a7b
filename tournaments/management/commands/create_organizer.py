"""``manage.py create_organizer``: the first organizer of a production installation.

Creates a superuser (staff, every permission) and marks the database as a
production installation (the demo commands refuse it from then on): the installation's first
organizer, who then creates the venues in the admin, adds the other
organizers to them and the judges to each event. Nothing else is written: no venue, no event, no demo
data. Asks for what the options do not give; ``--noinput`` never asks and
fails instead.

    --username NAME           the login name (required with --noinput)
    --email ADDRESS           optional; unique among the accounts (players sign in with theirs)
    --password-from-env VAR   read the password from the environment variable VAR
                              (e.g. ARENA_ORGANIZER_PASSWORD) instead of asking for it

Errors (exit status 1, nothing written): the user name or e-mail already in
use, an invalid e-mail, a password the validators refuse, a missing value
with ``--noinput``.
"""
from __future__ import annotations

import getpass
import os

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.services.installation import installation_mark_production


class Command(BaseCommand):
    help = "Crea el primer organizador (superusuario) de una instalación, sin datos de demostración."

    def add_arguments(self, parser):
        parser.add_argument("--username", help="nombre de usuario del organizador")
        parser.add_argument("--email", help="correo electrónico (opcional, único)")
        parser.add_argument("--password-from-env", metavar="VARIABLE",
                            help="variable de entorno que contiene la contraseña (en lugar de pedirla)")
        parser.add_argument("--noinput", "--no-input", action="store_false", dest="interactive",
                            help="no preguntar nada: falla si falta un dato")

    def handle(self, *args, **opts):
        interactive = opts["interactive"]
        users = get_user_model()
        username = (opts["username"] or "").strip() or self._ask(_("Nombre de usuario: "), interactive, "--username")
        if users.objects.filter(username=username).exists():
            raise CommandError(_("Ya existe un usuario «%(name)s».") % {"name": username})
        email = (opts["email"] or "").strip()
        if opts["email"] is None and interactive:
            email = input(_("Correo electrónico (opcional): ")).strip()
        if email:
            try:
                validate_email(email)
            except ValidationError as exc:
                raise CommandError(_("El correo «%(email)s» no es válido.") % {"email": email}) from exc
            if users.objects.filter(email__iexact=email).exists():
                raise CommandError(_("Ya hay una cuenta con el correo «%(email)s».") % {"email": email})
        password = self._password(opts["password_from_env"], interactive)
        candidate = users(username=username, email=email)
        try:
            validate_password(password, candidate)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        with transaction.atomic():
            users.objects.create_superuser(username=username, email=email, password=password)
            installation_mark_production()
        self._next_steps(username)

    def _ask(self, prompt: str, interactive: bool, option: str) -> str:
        if not interactive:
            raise CommandError(_("Falta %(option)s (con --noinput no se pregunta).") % {"option": option})
        value = input(prompt).strip()
        if not value:
            raise CommandError(_("El nombre de usuario no puede quedar vacío."))
        return value

    def _password(self, variable: str | None, interactive: bool) -> str:
        if variable:
            password = os.environ.get(variable, "")
            if not password:
                raise CommandError(_("La variable de entorno %(var)s no está definida o está vacía.") % {
                    "var": variable})
            return password
        if not interactive:
            raise CommandError(_("Falta --password-from-env (con --noinput no se pregunta la contraseña)."))
        password = getpass.getpass(_("Contraseña: "))
        if password != getpass.getpass(_("Contraseña (otra vez): ")):
            raise CommandError(_("Las contraseñas no coinciden."))
        return password

    def _next_steps(self, username: str) -> None:
        admin = settings.ARENA_PUBLIC_URL.rstrip("/") + "/admin/"
        self.stdout.write(self.style.SUCCESS(_("Organizador «%(name)s» creado (superusuario).") % {"name": username}))
        for line in (
            _("Próximos pasos:"),
            _("  1. Ingresá al panel de administración: %(url)s") % {"url": admin},
            _("  2. Creá tu sede en «Sedes» y agregate como organizador."),
            _("  3. Sumá a los demás organizadores con «manage.py organizer_add --username NOMBRE --venue "
              "SEDE» (quedan en el grupo «Organizador» y en su sede) y creá los usuarios de los jueces."),
            _("  4. Creá el primer evento en «Eventos» y asignale sus jueces."),
        ):
            self.stdout.write(line)
