"""``manage.py run_event FILE``: run a whole tournament day from a file.

FILE is a CSV of registered players (name, player number, venue, province),
optionally with a results CSV (``--results``), or a FIDE TRF-16 file. Rounds
with recorded results are replayed with their recorded pairings; the rest
are paired by Arena and their results simulated from ``--seed``. Prints each
round's pairings, the final standings with every tiebreak column, the top
cut and the podium; for a TRF file it also compares the standings with the
points the file publishes.

Each run is one transaction: any error (a bad file, a refused service call)
leaves no event, no players and no rounds, and ends with a ``CommandError``
naming the file, the line and the problem. Every file is refused above
``ARENA_IMPORT_MAX_BYTES`` before it is read (issue #15).

``--demo`` (``make demo``, ``demo_setup``) marks the event ``Event.demo``
(its points count in no real table) and refuses a database that holds
non-demo events unless ``--force`` (issue #18).
"""
from __future__ import annotations

import random
from collections import defaultdict
from datetime import date
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DataError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.games import REGISTRY
from rules.models import Game
from tournaments import selectors, services
from tournaments.adapters import secondary_score_label
from tournaments.demo import refuse_real_database
from tournaments.enums import EventKind, MatchStatus
from tournaments.errors import ArenaError
from tournaments.eventfiles import (
    DOUBLE_LOSS,
    HALF_BYE,
    ZERO_BYE,
    EventFileError,
    check_complete_rounds,
    read_event_file,
)
from tournaments.formats import FORMATS, format_for, format_for_profile
from tournaments.formats.base import PLACE_RESULTS
from tournaments.labels import TIEBREAKER_LABELS
from tournaments.models import Event, Player, Registration, Table, Venue
from tournaments.selectors import places
from tournaments.text import control_characters, describe_control, round_label

#: TRF rounds a player sat out: Arena records no match (a half-point bye is not a Swiss bye here).
SAT_OUT = frozenset({HALF_BYE, ZERO_BYE})
#: Most Swiss rounds ``--rounds`` accepts (the TRF reader's limit too).
MAX_ROUNDS = 99


class Command(BaseCommand):
    help = "Juega un torneo completo desde un archivo de inscriptos (CSV) o un TRF-16."

    def add_arguments(self, parser):
        parser.add_argument("file", help="CSV de inscriptos o archivo TRF-16")
        parser.add_argument("--results", help="CSV de resultados registrados (opcional)")
        parser.add_argument("--seed", type=int, default=2024, help="semilla del sorteo y de la simulación")
        parser.add_argument("--rounds", type=int, help="rondas suizas (por defecto según asistencia)")
        parser.add_argument("--cut", type=int, choices=[0, 4, 8, 16], help="tamaño del reducido (0 = sin reducido)")
        parser.add_argument("--game", default="weed_monsters", help="clave del juego (weed_monsters, …)")
        parser.add_argument("--format", choices=list(FORMATS), help="sistema de juego (por defecto, el del juego)")
        parser.add_argument("--kind", default=EventKind.SUPER_LIGA, choices=[k.value for k in EventKind])
        parser.add_argument("--name", help="nombre del evento")
        parser.add_argument("--date", help="fecha del evento AAAA-MM-DD (por defecto, hoy)")
        parser.add_argument("--replace", action="store_true", help="borra antes un evento con el mismo nombre")
        parser.add_argument("--quiet-rounds", action="store_true", help="no imprime los emparejamientos")
        parser.add_argument("--demo", action="store_true",
                            help="evento de demostración: no cuenta en tablas reales; se niega a correr sobre una "
                                 "base con eventos reales salvo --force")
        parser.add_argument("--force", action="store_true",
                            help="con --demo: corre aunque la base tenga eventos reales")

    def handle(self, *args, **opts):
        translation.activate(opts.get("language") or "es-ar")
        try:
            data = read_event_file(
                opts["file"],
                results_path=opts.get("results"),
                max_bytes=settings.ARENA_IMPORT_MAX_BYTES,
                max_lengths={
                    "name": Player._meta.get_field("display_name").max_length,
                    "player_number": Player._meta.get_field("player_number").max_length,
                    "venue": Venue._meta.get_field("name").max_length,
                    "province": Venue._meta.get_field("province").max_length,
                },
            )
            if opts.get("results"):  # a missing row is an error, never "absent"
                check_complete_rounds(data, results_file=_file_name(opts["results"]),
                                      players_file=_file_name(opts["file"]))
        except (EventFileError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        self._check_options(data, opts)
        if opts.get("demo"):
            refuse_real_database(force=opts.get("force", False))
        try:
            game = Game.objects.get(key=opts["game"])
        except Game.DoesNotExist as exc:
            keys = ", ".join(Game.objects.values_list("key", flat=True))
            raise CommandError(_("Juego desconocido «%(key)s»; disponibles: %(keys)s.") % {
                "key": opts["game"], "keys": keys}) from exc
        try:
            with transaction.atomic():  # one event or nothing: no event, players or rounds left by an error
                event = self._setup(data, game, opts)
                self._play(event, data, opts)
        except ArenaError as exc:
            raise CommandError(str(exc)) from exc
        except DataError as exc:  # a value the checks above missed: still a message, never a traceback
            raise CommandError(_("La base de datos rechazó un dato del archivo: %(error)s") % {
                "error": str(exc).strip().splitlines()[0]}) from exc

    @staticmethod
    def _check_options(data, opts) -> None:
        """Refuse an event name or a rounds count the database or the Swiss core would not take."""
        name = opts.get("name") or data.name
        limit = Event._meta.get_field("name").max_length
        if len(name) > limit:
            raise CommandError(_("El nombre del evento tiene %(n)d caracteres y el máximo es %(limit)d.") % {
                "n": len(name), "limit": limit})
        found = control_characters(name)  # the rule of Event.name: no control, bidi or zero-width character
        if found:
            raise CommandError(_("El nombre del evento contiene caracteres de control no permitidos (%(chars)s).")
                               % {"chars": ", ".join(describe_control(ch) for ch in found)})
        rounds = opts.get("rounds")
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(_("--rounds tiene que estar entre 1 y %(max)d (dice %(n)d).") % {
                "max": MAX_ROUNDS, "n": rounds})
        if opts.get("date"):
            try:
                date.fromisoformat(opts["date"])
            except ValueError as exc:
                raise CommandError(_("--date tiene que ser una fecha AAAA-MM-DD (dice «%(date)s»).") % {
                    "date": opts["date"]}) from exc

    # ------------------------------------------------------------------ set-up
    @transaction.atomic
    def _setup(self, data, game: Game, opts) -> Event:
        name = opts.get("name") or data.name
        if opts["replace"]:
            olds = Event.objects.filter(name=name)
            for old in olds.filter(demo=True) if opts.get("demo") else olds:  # --demo replaces only demo events
                Table.objects.filter(round__event=old).delete()  # its seats, which protect the registrations
                old.delete()
        elif Event.objects.filter(name=name).exists():
            raise CommandError(_("Ya existe un evento «%(name)s»; usá --replace o --name.") % {"name": name})
        venues: dict[str, Venue] = {}
        for entry in data.players:
            key = entry.venue or _("Sin sede")
            if key not in venues:
                venues[key], _created = Venue.objects.get_or_create(
                    name=key, defaults={"province": entry.province or _("Sin provincia")}
                )
        host = venues[(data.players[0].venue or _("Sin sede"))] if data.players else None
        profile = REGISTRY.get(game.key)
        fmt = FORMATS[opts["format"]] if opts.get("format") else format_for_profile(profile)
        if not fmt.supports(profile):
            raise CommandError(_("%(game)s no se puede jugar en «%(format)s».") % {
                "game": game.name, "format": fmt.label})
        if opts.get("results") and not fmt.supports_manual_pairing:  # recorded rounds replay given pairings
            raise CommandError(_("--results reproduce rondas suizas; no se usa con «%(format)s».") % {
                "format": fmt.label})
        cut = opts["cut"] if opts["cut"] is not None else (0 if data.source_format == "trf" else 4)
        if not fmt.has_top_cut:  # no top cut after its rounds (pods, a single elimination)
            cut = 0
        event = Event.objects.create(
            name=name,
            game=game,
            venue=host,
            kind=opts["kind"],
            date=date.fromisoformat(opts["date"]) if opts.get("date") else date.today(),
            best_of=data.best_of if fmt.has_top_cut else game.default_best_of,
            round_minutes=game.default_round_minutes,
            planned_rounds=opts.get("rounds") or data.rounds,
            cut_size=cut,
            format=fmt.key,
            seed=opts["seed"],
            demo=bool(opts.get("demo")),
        )
        services.registration_open(event=event)
        for entry in data.players:
            player, _created = Player.objects.update_or_create(
                player_number=entry.player_number,
                defaults={"display_name": entry.name, "home_venue": venues[entry.venue or _("Sin sede")]},
            )
            services.registration_create(event=event, player=player, pack_indoor=event.kind == EventKind.INDOOR)
        services.registration_close(event=event)
        return event

    # ------------------------------------------------------------------ play
    def _play(self, event: Event, data, opts) -> None:
        """Play every round, any format: the file's recorded results where it has them, otherwise a
        random legal result the format gives (:meth:`~tournaments.formats.base.EventFormat.result_simulate`),
        recorded through :func:`tournaments.services.table_result_record`; then the top cut, the
        standings and the podium."""
        fmt = format_for(event)
        places = fmt.table_results == PLACE_RESULTS
        regs = {r.player.player_number: r for r in Registration.objects.filter(event=event).select_related("player")}
        recorded = defaultdict(list)
        for result in data.results:
            recorded[result.round_number].append(result)
        sim = random.Random(services.derived_seed(event.seed, "simulation"))
        self._print_heading(event, len(regs), places=places)
        number = 0
        while True:
            number += 1
            try:
                rnd = self._pair(event, recorded.get(number), regs)
            except ArenaError as exc:
                if exc.code in ("swiss_complete", "top_cut_complete"):  # the Swiss rounds, or a bracket, played
                    break
                raise
            self._play_tables(event, rnd, sim, recorded.get(number, []))
            if not opts["quiet_rounds"]:
                self._print_tables(event, rnd, places=places)
        rows = selectors.standing_rows(event)
        if places:
            self._print_pod_standings(event, rows, secondary_score_label(event))
        else:
            self._print_standings(rows, event)
        if data.published_points:
            self._compare(rows, data)
        if event.cut_size:
            rnd = services.top_cut_start(event=event)
            while True:
                self._play_tables(event, rnd, sim, [])
                self._print_tables(event, rnd, places=places)
                try:
                    rnd = services.round_pair_next(event=event)
                except ArenaError as exc:
                    if exc.code == "top_cut_complete":
                        break
                    raise
        event = services.event_finish(event=event)
        self._print_podium(event)

    @staticmethod
    def _pair(event: Event, recorded, regs):
        """The next round: the file's pairings when it records the round, else paired by Arena."""
        if not recorded:
            return services.round_pair_next(event=event)
        played = [r for r in recorded if r.outcome not in SAT_OUT]
        present = {r.player_a for r in played} | {r.player_b for r in played if r.player_b}
        return services.round_pair_manual(
            event=event,
            pairings=[(regs[r.player_a], regs[r.player_b] if r.player_b else None) for r in played],
            # Players the file does not pair this round sat it out (absent, withdrawn, H/Z byes).
            absent=[reg for num, reg in regs.items() if num not in present],
        )

    @staticmethod
    def _play_tables(event: Event, rnd, sim: random.Random, recorded) -> None:
        """Record a result on every table of ``rnd`` still waiting for one: the file's, or a simulated one."""
        fmt = format_for(event)
        by_pair = {frozenset({r.player_a, r.player_b}): r for r in recorded if r.player_b}
        for table in rnd.tables.filter(is_bye=False, status=MatchStatus.PENDING):
            rec = by_pair.get(frozenset(seat.registration.player.player_number for seat in table.seat_list)) if (
                by_pair) else None
            if rec is not None:
                flip = rec.player_a != table.player_a.player.player_number
                ga, gb = (rec.games_b, rec.games_a) if flip else (rec.games_a, rec.games_b)
                values = {"seats": [{"games": ga}, {"games": gb}], "games_drawn": rec.games_drawn,
                          "double_loss": rec.outcome == DOUBLE_LOSS}
            else:
                values = fmt.result_simulate(event, rnd, table, sim)
            services.table_result_record(table=table, expected_version=table.version, **values)

    def _print_heading(self, event: Event, players: int, *, places: bool) -> None:
        if places:
            rules = event.profile.pod_rules
            self.stdout.write(
                _("Evento: %(name)s — %(game)s en mesas de %(min)d a %(max)d — %(n)d jugadores — semilla %(seed)d")
                % {"name": event.name, "game": event.profile.name_es, "min": rules.min_size,
                   "max": rules.max_size, "n": players, "seed": event.seed})
        else:
            self.stdout.write(_("Evento: %(name)s — %(n)d jugadores — semilla %(seed)d") % {
                "name": event.name, "n": players, "seed": event.seed})

    def _print_tables(self, event: Event, rnd, *, places: bool) -> None:
        if places:
            rules = event.profile.pod_rules
            self._print_pods(rnd, score_label=rules.secondary_short if rules.secondary_score_key else None)
        else:
            self._print_round(rnd, title=round_label(rnd))

    def _print_pods(self, rnd, *, score_label: str | None) -> None:
        out = self.stdout
        out.write("")
        out.write("== " + round_label(rnd))
        out.write(f"   {_('Mesa'):>4}  {_('Jugadores (puesto')}{', ' + score_label if score_label else ''})")
        for pod in places.pods_for_round(rnd):
            players = ", ".join(
                f"{seat.display_name} ({seat.place}" + (f", {seat.score}" if seat.score is not None else "") + ")"
                for seat in pod.by_place
            )
            flag = "  " + ngettext("[%(n)d reencuentro inevitable]", "[%(n)d reencuentros inevitables]",
                                  pod.repeats) % {"n": pod.repeats} if pod.repeats else ""
            out.write(f"   {pod.table_number:>4}  {players}{flag}")

    def _print_pod_standings(self, event: Event, rows, score_label: str | None) -> None:
        out = self.stdout
        out.write("")
        out.write("== " + _("Posiciones finales"))
        out.write(_("   Rivales = suma de los puntos de los rivales de mesa; Puestos = puesto en cada ronda."))
        header = f"{_('Pos'):>4} {_('Jugador'):<30} {_('Número'):<9} {_('Puntos'):>6} {_('Rivales'):>7}"
        if score_label:
            header += f" {score_label:>13}"
        header += f" {_('Puestos'):<12} {_('Desempate')}"
        out.write(header)
        names = {"points": _("Puntos"), "opponents_points": _("Rivales"), "secondary_score": score_label or ""}
        for row in rows:
            flag = " (" + (_("descalificación") if row.disqualified else _("abandonó")) + ")" if (
                row.dropped or row.disqualified) else ""
            sep = names.get(row.separated_by, "") if row.separated_by else (_("Técnico") if row.technical_tie else "")
            line = (f"{row.rank:>4} {(row.display_name + flag)[:30]:<30} {row.player_number:<9} "
                    f"{_one_decimal(row.points):>6} {_one_decimal(row.opponents_points):>7}")
            if score_label:
                line += f" {row.secondary_score:>13d}"
            line += f" {row.places_text:<12} {sep}"
            out.write(line.rstrip())

    # ------------------------------------------------------------------ printing
    def _print_round(self, rnd, *, title: str) -> None:
        out = self.stdout
        out.write("")
        out.write(f"== {title}")
        for row in selectors.pairings_for_round(rnd):
            if row.is_bye:
                out.write(f"   {'bye':>4}  {row.player_a}  ({_('bye')}, {row.games_a}-0)")
            else:
                label = row.table_number if row.table_number is not None else row.bracket_slot
                score = f"{row.games_a}-{row.games_b}" + (f"-{row.games_drawn}" if row.games_drawn else "")
                out.write(f"   {label:>4}  {row.player_a:<28} {score:^7} {row.player_b}")

    def _print_standings(self, rows, event: Event) -> None:
        out = self.stdout
        out.write("")
        out.write("== " + _("Posiciones finales de las rondas suizas"))
        header = (
            f"{_('Pos'):>4} {_('Jugador'):<30} {_('Número'):<9} {_('Pts'):>4} {_('V'):>2} {_('E'):>2} {_('D'):>2} "
            f"{_('Buchholz'):>8} {str(TIEBREAKER_LABELS['head_to_head']):>13} "
            f"{str(TIEBREAKER_LABELS['game_differential']):>12}"
            f"  {_('Desempate')}"
        )
        out.write(header)
        for row in rows:
            flag = " (" + (_("descalificación") if row.disqualified else _("abandonó")) + ")" if (
                row.dropped or row.disqualified) else ""
            sep = str(TIEBREAKER_LABELS.get(row.separated_by, "")) if row.separated_by else (
                _("Técnico") if row.technical_tie else "")
            out.write(
                f"{row.rank:>4} {(row.display_name + flag)[:30]:<30} {row.player_number:<9} {row.match_points:>4.1f} "
                f"{row.wins:>2} {row.draws:>2} {row.losses:>2} {row.buchholz:>8.1f} {row.head_to_head:>13d} "
                f"{row.game_differential:>+12d}  {sep}"
            )

    def _compare(self, rows, data) -> None:
        out = self.stdout
        ours = {row.player_number: row.match_points for row in rows}
        same = [num for num, pts in data.published_points.items() if abs(ours.get(num, -1) - pts) < 1e-9]
        out.write("")
        out.write(_("Comparación con el archivo: puntos iguales en %(same)d de %(n)d jugadores.") % {
            "same": len(same), "n": len(data.published_points)})
        for num, pts in sorted(data.published_points.items()):
            if num not in same:
                out.write(_("   distinto: %(num)s publicado %(pub).1f, Arena %(ours).1f") % {
                    "num": num, "pub": pts, "ours": ours.get(num, 0.0)})
        if data.published_ranks:
            ranks = {row.player_number: row.rank for row in rows}
            equal = sum(1 for num, rank in data.published_ranks.items() if ranks.get(num) == rank)
            out.write(_("Puesto igual al publicado en %(same)d de %(n)d jugadores (los desempates del archivo "
                        "pueden ser otros).") % {"same": equal, "n": len(data.published_ranks)})

    def _print_podium(self, event: Event) -> None:
        out = self.stdout
        out.write("")
        out.write("== " + _("Podio"))
        for place, reg in ((_("1er puesto"), event.podium_first), (_("2do puesto"), event.podium_second),
                           (_("3er puesto"), event.podium_third)):
            out.write(f"   {place}: {reg.player.display_name if reg else '—'}")


def _file_name(path: str) -> str:
    return Path(path).name


def _one_decimal(value) -> str:
    """Pod points as printed: whole numbers bare, fractions with one decimal (``1.5``)."""
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"
