"""``manage.py demo_season``: play a short Super Liga season and print it.

The players of ``tests/data/demo_event.csv`` play three league dates of the
2024 season at three venues in two provinces (Sede Palermo in CABA, Sede
La Plata and Sede Quilmes in Buenos Aires), with a player at two venues on
the same date, a new player who names his referrer, a virtual event and a
Breeder Quest whose winner chooses a badge. Every event is played through
:mod:`tournaments.services` (registration, Swiss rounds with simulated
results, top 4, finish), so its points are posted by ``event_finish``.
Then it prints the season table, the all-time ranking and the badges.

Running it again replaces the demo's own events (named "Demo …"), awards
and confirmations; other data is left alone. Same ``--seed``, same season.

Every event is a demo event (``Event.demo``) and the season a demo season
(``Season.demo``), the only kind of table demo points count in. It refuses
a database holding non-demo events unless ``--force``; a season that
already holds real events is never marked demo (the demo's points then
count nowhere).
"""
from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from rules.models import Game
from tournaments import services as tournament_services
from tournaments.demo import refuse_real_database
from tournaments.enums import EventKind, MatchStatus
from tournaments.errors import ArenaError
from tournaments.eventfiles import EventFileError, read_event_file
from tournaments.formats.duel_results import simulate_games
from tournaments.models import Event, Player, Table, Venue

from ... import selectors, services
from ...errors import LeagueRefused
from ...models import BadgeAward, CollectionConfirmation, EventLeagueDate, LedgerEntry, Season

DEMO_FILE = "tests/data/demo_event.csv"
PREFIX = "Demo"
YEAR = 2024

# Events of the demo season: (name, date, venue or None, kind, player numbers).
# Sede Palermo is in CABA; La Plata and Quilmes in Buenos Aires. WM-0001
# plays Palermo and Quilmes on 17/02; WM-0024 is a new player who names
# WM-0001 at his first Super Liga registration (03/02 is not his).
P = [f"WM-{n:04d}" for n in range(1, 25)]
DATE_1, DATE_2, DATE_3 = datetime.date(2024, 2, 3), datetime.date(2024, 2, 17), datetime.date(2024, 3, 2)
EVENTS: list[tuple[str, datetime.date, str | None, str, list[str]]] = [
    ("Fecha 1 · Sede Palermo", DATE_1, "Sede Palermo", EventKind.SUPER_LIGA,
     P[0:8] + [P[13], P[14]]),
    ("Fecha 1 · Sede La Plata", DATE_1, "Sede La Plata", EventKind.SUPER_LIGA,
     P[8:13] + [P[17], P[18], P[21]]),
    ("Breeder Quest · Sede Quilmes", datetime.date(2024, 2, 10), "Sede Quilmes", EventKind.BREEDER_QUEST,
     P[0:4] + [P[9], P[11], P[12], P[19]]),
    ("Fecha 2 · Sede Palermo", DATE_2, "Sede Palermo", EventKind.SUPER_LIGA,
     [P[0], P[2], P[3], P[4], P[5], P[8], P[15], P[19]]),
    ("Fecha 2 · Sede Quilmes", DATE_2, "Sede Quilmes", EventKind.SUPER_LIGA,
     [P[0], P[1], P[6], P[9], P[11], P[12], P[20], P[22]]),
    ("Eventual Virtual", datetime.date(2024, 2, 21), None, EventKind.VIRTUAL,
     [P[5], P[13], P[14], P[17], P[18], P[21], P[22], P[23]]),
    ("Fecha 3 · Sede La Plata", DATE_3, "Sede La Plata", EventKind.SUPER_LIGA,
     [P[0], P[7], P[8], P[9], P[10], P[13], P[16], P[23]]),
    ("Fecha 3 · Sede Quilmes", DATE_3, "Sede Quilmes", EventKind.SUPER_LIGA,
     [P[1], P[2], P[3], P[11], P[12], P[14], P[17], P[22]]),
]
REFEREE, REFERRER = P[23], P[0]  # named before the referee's first Super Liga date
COLLECTOR = P[0]
BQ_CHOICES = ("out_of_province", "collection", "referral", "attendance", "home_venue_top")


def format_table(header: Sequence[str], rows: Sequence[Sequence[object]], right: set[int] = frozenset()) -> list[str]:
    """Lines of a table with aligned columns (``right``: right-aligned
    column indexes)."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        parts = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def rank_label(rank: int, tied: bool) -> str:
    return f"{rank}=" if tied else str(rank)


class Command(BaseCommand):
    help = "Juega una temporada corta de Super Liga de demostración e imprime tablas e insignias."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=DEMO_FILE, help="CSV de jugadores (nombre, número, sede, provincia)")
        parser.add_argument("--seed", type=int, default=2024, help="semilla de los sorteos y resultados")
        parser.add_argument("--force", action="store_true",
                            help="corre aunque la base tenga eventos que no son de demostración")

    def handle(self, *args, **opts):
        translation.activate("es-ar")
        try:
            data = read_event_file(opts["file"])
        except (EventFileError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        refuse_real_database(force=opts["force"])
        game = Game.objects.filter(key="weed_monsters").first()
        if game is None:
            raise CommandError(_("Falta el juego «weed_monsters»; corra las migraciones."))
        try:
            season = self._play(data, game, YEAR, opts["seed"])
        except ArenaError as exc:
            raise CommandError(str(exc)) from exc
        self._print(season)

    # ------------------------------------------------------------------ play
    @transaction.atomic
    def _play(self, data, game: Game, year: int, seed: int) -> Season:
        prefix = f"{PREFIX} {year} · "
        for old in Event.objects.filter(name__startswith=prefix, demo=True):
            Table.objects.filter(round__event=old).delete()
            old.delete()
        venues: dict[str, Venue] = {}
        players: dict[str, Player] = {}
        for entry in data.players:
            if entry.venue not in venues:
                venues[entry.venue], _created = Venue.objects.get_or_create(
                    name=entry.venue, defaults={"province": entry.province}
                )
            players[entry.player_number], _created = Player.objects.update_or_create(
                player_number=entry.player_number,
                defaults={"display_name": entry.name, "home_venue": venues[entry.venue]},
            )
        missing = {n for *_rest, numbers in EVENTS for n in numbers} - set(players)
        if missing:
            raise CommandError(_("Faltan jugadores en el archivo: %(n)s") % {"n": ", ".join(sorted(missing))})
        season = services.season_ensure(game=game, year=year)
        real = EventLeagueDate.objects.filter(season_date__season=season, event__demo=False).exists() or (
            LedgerEntry.objects.filter(season=season, event__demo=False).exists())
        if not season.demo and not real:
            season.demo = True
            season.save(update_fields=["demo"])
        demo_ids = [p.pk for p in players.values()]
        BadgeAward.objects.filter(season=season, player_id__in=demo_ids).delete()
        CollectionConfirmation.objects.filter(season=season, player_id__in=demo_ids).delete()
        Player.objects.filter(pk=players[REFEREE].pk).update(referred_by=None)
        organizer = self._organizer()

        rng = random.Random(seed)
        for index, (name, day, venue_name, kind, numbers) in enumerate(EVENTS):
            if REFEREE in numbers and kind == EventKind.SUPER_LIGA:
                # The new player names his referrer at his first registration.
                Player.objects.filter(pk=players[REFEREE].pk).update(referred_by=players[REFERRER])
            venue = venues.get(venue_name) if venue_name else None
            if venue_name and venue is None:
                raise CommandError(_("Falta la sede «%(v)s» en el archivo.") % {"v": venue_name})
            event = Event.objects.create(
                name=prefix + name, game=game, venue=venue, kind=kind, date=day, seed=seed + index, cut_size=4,
                best_of=3, round_minutes=game.default_round_minutes, demo=True,
            )
            self._run(event, [players[n] for n in numbers], rng)
            if kind == EventKind.BREEDER_QUEST:
                self._award(season, event, organizer)
        services.collection_confirm(
            season=season, player=players[COLLECTOR], by=organizer,
            note=_("Holo, No Holo y Alternativas vistas en la sede."),
        )
        return season

    @staticmethod
    def _organizer():
        User = get_user_model()
        user = User.objects.filter(username="organizador").first()
        if user is None:
            user, created = User.objects.get_or_create(username="liga-demo", defaults={"first_name": "Liga"})
            if created:
                user.set_unusable_password()
                user.save()
        return user

    @staticmethod
    def _run(event: Event, field: Sequence[Player], rng: random.Random) -> None:
        tournament_services.registration_open(event=event)
        for player in field:
            tournament_services.registration_create(event=event, player=player)
        tournament_services.registration_close(event=event)
        while True:
            try:
                rnd = tournament_services.round_pair_next(event=event)
            except ArenaError as exc:
                if exc.code == "swiss_complete":
                    break
                raise
            for match in rnd.tables.filter(is_bye=False):
                ga, gb, gd = simulate_games(rng, event.best_of, allow_draw=True)
                tournament_services.table_result_record(
                    table=match,
                    seats=[{"games": ga}, {"games": gb}],
                    games_drawn=gd,
                )
        rnd = tournament_services.top_cut_start(event=event)
        while True:
            for match in rnd.tables.filter(is_bye=False, status=MatchStatus.PENDING):
                ga, gb, gd = simulate_games(rng, event.best_of, allow_draw=False)
                tournament_services.table_result_record(
                    table=match,
                    seats=[{"games": ga}, {"games": gb}],
                    games_drawn=gd,
                )
            try:
                rnd = tournament_services.round_pair_next(event=event)
            except ArenaError as exc:
                if exc.code == "top_cut_complete":
                    break
                raise
        tournament_services.event_finish(event=event)

    @staticmethod
    def _award(season: Season, event: Event, organizer) -> None:
        """The Breeder Quest winner chooses the first badge they do not hold."""
        event.refresh_from_db()
        winner = event.podium_first.player
        for badge in BQ_CHOICES:
            try:
                services.badge_award(
                    season=season, player=winner, badge=badge, event=event, by=organizer,
                    reason=_("%(event)s, 1er puesto") % {"event": event.name.split(" · ", 1)[1]},
                )
                return
            except LeagueRefused as exc:
                if exc.code != "already_held":
                    raise

    # ------------------------------------------------------------------ print
    def _print(self, season: Season) -> None:
        out = self.stdout
        out.write("")
        out.write(f"== {_('Tabla de la temporada')}: {season.title}")
        rows = selectors.season_table(season)
        out.write("\n".join(format_table(
            [_("Pos"), _("Jugador"), _("Sede"), _("Provincia"), _("Fechas"), _("Puntos")],
            [(rank_label(r.rank, r.tied), r.display_name, r.venue, r.province, r.dates_played, r.points)
             for r in rows],
            right={0, 4, 5},
        )))
        out.write("")
        out.write(f"== {_('Ranking Nacional (Histórico)')}: {season.game.name}")
        rows = selectors.all_time_ranking(game=season.game)
        out.write("\n".join(format_table(
            [_("Pos"), _("Jugador"), _("Sede"), _("Puntos")],
            [(rank_label(r.rank, r.tied), r.display_name, r.venue, r.points) for r in rows],
            right={0, 3},
        )))
        out.write("")
        out.write(f"== {_('Insignias')}: {season.title}")
        badge_rows = selectors.season_badge_rows(season)

        def cell(progress) -> str:
            if progress.badge == "collection":
                text = _("sí") if progress.earned else "—"
            elif progress.badge == "home_venue_top":
                tied = "=" if "(empate)" in progress.label else ""
                text = f"{progress.current}°{tied}" if progress.current else "—"
            else:
                text = f"{progress.current}/{progress.target}"
            if progress.manual_award is not None:
                text += " " + _("(BQ)")
            return ("✔ " if progress.earned else "  ") + text

        out.write("\n".join(format_table(
            [_("Jugador"), _("Sede"), _("1° Fechas"), _("2° Otra prov."), _("3° Referido"), _("4° Colección"),
             _("5° TOP 5 sede"), _("6° Sexta")],
            [(r.display_name, r.venue, *(cell(b) for b in r.badges.badges)) for r in badge_rows],
        )))
        out.write("")
        out.write(_("«=»: empate, mismo puesto. ✔: insignia obtenida. (BQ): elegida por ganar un Breeder "
                    "Quest. La insignia 5 se decide al cerrar la temporada."))
        out.write(_("Páginas: /liga/%(pk)d/  ·  /liga/%(pk)d/insignias/  ·  /liga/ranking/") % {"pk": season.pk})
