"""``manage.py demo_setup``: demo logins and the demo events for ``make run``.

Two events from ``tests/data/demo_event.csv``: a finished Super Liga date
(played by ``run_event``) and an event in progress — round 1 paired, every
result pending, the demo judge assigned — so a judge can record results on
a phone and watch the public standings change.

Idempotent: running it again keeps the data and prints the same logins.
Every event it creates is a demo event (``Event.demo``: no points in a real
table); it refuses a database holding other events unless ``--force``.
"""
from __future__ import annotations

from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from rules.models import Game
from tournaments import services
from tournaments.demo import refuse_real_database
from tournaments.enums import EventKind
from tournaments.eventfiles import read_event_file
from tournaments.models import Event, Player, Venue

DEMO_FILE = "tests/data/demo_event.csv"
DEMO_NAME = "Super Liga — Fecha de demostración"
LIVE_NAME = "Super Liga — Fecha en juego (demostración)"
LIVE_SEED = 2025
UPCOMING_NAME = "Super Liga — Próxima fecha (demostración)"
ORGANIZER = ("organizador", "arena-demo")
JUDGE = ("juez", "arena-demo")
#: The demo player account (issue #17): e-mail login, linked to the first player of the live event.
PLAYER = ("jugador@arena.example", "arena-demo")


class Command(BaseCommand):
    help = "Crea los usuarios de demostración, el evento de ejemplo terminado y uno en juego."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="http://127.0.0.1:8000")
        parser.add_argument("--force", action="store_true",
                            help="corre aunque la base tenga eventos que no son de demostración")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        refuse_real_database(force=opts.get("force", False))
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
        # In the judges' group, so an organizer can name the demo judge on a new event too.
        judge.groups.add(Group.objects.get(name="Juez"))
        if not Event.objects.filter(name=DEMO_NAME).exists():
            call_command("run_event", DEMO_FILE, seed=2024, name=DEMO_NAME, quiet_rounds=True, demo=True,
                         force=True, stdout=self.stdout)
        event = Event.objects.get(name=DEMO_NAME)
        event.judges.add(judge)
        if event.venue_id:
            Venue.objects.get(pk=event.venue_id).organizers.add(organizer)
        live = self._live_event(event.venue)
        live.judges.add(judge)
        if live.venue_id:
            live.venue.organizers.add(organizer)
        player = self._demo_player(live)
        upcoming = self._upcoming_event(event.venue)
        host = opts["host"].rstrip("/")
        self.stdout.write("")
        self.stdout.write(_("Arena listo para la demostración:"))
        self.stdout.write(_("  Administración: %(url)s/admin/  usuario «%(u)s», contraseña «%(p)s»") % {
            "url": host, "u": ORGANIZER[0], "p": ORGANIZER[1]})
        self.stdout.write(_("  Juez:           usuario «%(u)s», contraseña «%(p)s»") % {"u": JUDGE[0], "p": JUDGE[1]})
        if player is not None:
            self.stdout.write(_("  Jugador:        %(url)s%(path)s  e-mail «%(u)s», contraseña «%(p)s» "
                                "(%(name)s, %(number)s)") % {
                "url": host, "path": reverse("accounts:login"), "u": PLAYER[0], "p": PLAYER[1],
                "name": player.display_name, "number": player.player_number})
            self.stdout.write(_("  Mi torneo (jugador): %(url)s%(path)s") % {"url": host, "path": reverse("me:home")})
        self.stdout.write(_("  Posiciones:     %(url)s%(path)s") % {
            "url": host, "path": reverse("public:standings", args=[event.pk])})
        self.stdout.write(_("Evento en juego (ronda 1, resultados pendientes):"))
        self.stdout.write(_("  Carga de resultados (juez): %(url)s%(path)s") % {
            "url": host, "path": reverse("judge:tables", args=[live.pk])})
        self.stdout.write(_("  Emparejamientos:            %(url)s%(path)s") % {
            "url": host, "path": reverse("public:event", args=[live.pk])})
        self.stdout.write(_("  Posiciones:                 %(url)s%(path)s") % {
            "url": host, "path": reverse("public:standings", args=[live.pk])})
        self.stdout.write(_("  Reloj (proyector):          %(url)s%(path)s") % {
            "url": host, "path": reverse("clock:page", args=[live.pk])})
        self.stdout.write(_("Próximo evento con preinscripción abierta: %(url)s%(path)s") % {
            "url": host, "path": reverse("prereg:event", args=[upcoming.pk])})

    @transaction.atomic
    def _upcoming_event(self, venue: Venue | None) -> Event:
        """Next week's demo date, taking pre-registrations (16 places, then the waitlist)."""
        existing = Event.objects.filter(name=UPCOMING_NAME).first()
        if existing is not None:
            return existing
        game = Game.objects.get(key="weed_monsters")
        event = Event.objects.create(
            name=UPCOMING_NAME, game=game, venue=venue, kind=EventKind.SUPER_LIGA,
            date=date.today() + timedelta(days=7), round_minutes=game.default_round_minutes, seed=LIVE_SEED + 1,
            preregistration_open=True, capacity=16, self_reporting=True, demo=True,
        )
        services.registration_open(event=event)
        return event

    @transaction.atomic
    def _demo_player(self, live: Event) -> Player | None:
        """The demo player account, linked to the live event's first player (or the one it already has)."""
        User = get_user_model()
        user, created = User.objects.get_or_create(username=PLAYER[0], defaults={"email": PLAYER[0]})
        if created:
            user.set_password(PLAYER[1])
            user.save()
        linked = Player.objects.filter(user=user).first()
        if linked is not None:
            return linked
        player = (Player.objects.filter(registrations__event=live, user__isnull=True)
                  .order_by("registrations__pk").first())
        if player is not None:
            player.user = user
            player._change_reason = "demo_setup"
            player.save(update_fields=["user"])
        return player

    @transaction.atomic
    def _live_event(self, venue: Venue | None) -> Event:
        """The in-progress demo event: every demo player registered, round 1 paired, no result yet."""
        existing = Event.objects.filter(name=LIVE_NAME).first()
        if existing is not None:
            return existing
        data = read_event_file(DEMO_FILE)
        game = Game.objects.get(key="weed_monsters")
        event = Event.objects.create(
            name=LIVE_NAME,
            game=game,
            venue=venue,
            kind=EventKind.SUPER_LIGA,
            date=date.today(),
            best_of=data.best_of,
            round_minutes=game.default_round_minutes,
            seed=LIVE_SEED,
            self_reporting=True,  # the demo player reports their own table from «Mi torneo»
            demo=True,
        )
        services.registration_open(event=event)
        for entry in data.players:
            home, _created = Venue.objects.get_or_create(
                name=entry.venue or _("Sin sede"), defaults={"province": entry.province or _("Sin provincia")}
            )
            player, _created = Player.objects.get_or_create(
                player_number=entry.player_number, defaults={"display_name": entry.name, "home_venue": home}
            )
            services.registration_create(event=event, player=player)
        services.registration_close(event=event)
        services.round_pair_next(event=event)
        return event
