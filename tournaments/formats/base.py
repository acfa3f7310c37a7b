"""The interface every way of seating players implements.

An :class:`EventFormat` knows how an event of its kind is stored (matches
of two, pods of 3–6), and answers for it: the snapshot the core reads, the
tables still without a result, how to pair or seat the next round, how to
confirm a round's results, the standings, the podium, and the rows pages,
the API, the PDFs and the CSV exports show. Services call it with the event
row already locked (:func:`tournaments.services.locks.event_lock`); a format
never locks, commits or runs hooks itself.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django.db import connection
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import PairingRefused, StateError
from ..models import Event, Round, Seat, Table
from ..swiss.errors import PairingError
from ..swiss.lifecycle import DayFacts
from ..swiss.pairing import rounds_for
from ..swiss.types import Podium
from ..text import cut_reason


def derived_seed(event_seed: int, *parts: object) -> int:
    """A reproducible 63-bit seed derived from the event's recorded seed.

    Round ``n`` is drawn from ``derived_seed(event.seed, "round", n)``; the
    tie-break draw of a registration from ``derived_seed(event.seed, "draw",
    player_id)``. Default: DESIGN.md decision 11.
    """
    return random.Random(":".join(str(p) for p in (event_seed, *parts))).getrandbits(63)


def missing_results_error(tables: Sequence[int | None], *, action: str = "pair", round_number: int = 0):
    """The refusal naming the tables still without a result.

    ``action`` ``"pair"`` gives :class:`PairingRefused` (pairing, top cut,
    finishing), ``"close"`` a :class:`StateError` for closing a round.
    """
    numbers = sorted(t for t in tables if t is not None)
    listed, count = ", ".join(str(t) for t in numbers), len(numbers)
    if action == "close":
        return StateError(
            "results_missing",
            ngettext("Falta el resultado de la mesa %(tables)s; cargalo antes de cerrar la ronda %(n)d.",
                     "Faltan resultados en las mesas %(tables)s; cargalos antes de cerrar la ronda %(n)d.", count)
            % {"tables": listed, "n": round_number},
        )
    return PairingRefused(
        "results_missing",
        ngettext("Falta el resultado de la mesa %(tables)s; cargalo antes de emparejar la ronda siguiente.",
                 "Faltan resultados en las mesas %(tables)s; cargalos antes de emparejar la ronda siguiente.",
                 count)
        % {"tables": listed},
    )


def next_round_number(event: Event, active_count: int, *, complete_message: str) -> int:
    """The number of the Swiss round to pair next, fixing the planned rounds at round 1.

    Planned rounds default to ceil(log2 N), minimum ``event.min_rounds``
    (DESIGN.md decision 5). Raises :class:`PairingRefused` ``too_few_players``
    or ``swiss_complete`` (``complete_message`` % {"n": planned}).
    """
    played = event.rounds.filter(phase=RoundPhase.SWISS).count()
    if event.planned_rounds is None:
        try:
            event.planned_rounds = rounds_for(active_count, minimum=event.min_rounds)
        except PairingError as exc:
            raise PairingRefused("too_few_players", _("Hacen falta al menos dos jugadores activos.")) from exc
        event.save(update_fields=["planned_rounds"])
    if played >= event.planned_rounds:
        raise PairingRefused("swiss_complete", complete_message % {"n": event.planned_rounds})
    return played + 1


def require_swiss_complete(event: Event, pending: Sequence[int | None]) -> None:
    """Refuse the top cut or the finish while Swiss results or rounds are missing.

    Raises :class:`PairingRefused` ``results_missing`` naming the tables, or
    :class:`StateError` ``swiss_not_complete`` with the rounds played and planned.
    """
    if pending:
        raise missing_results_error(pending)
    played = event.rounds.filter(phase=RoundPhase.SWISS).count()
    if played < (event.planned_rounds or 0) or not played:
        raise StateError(
            "swiss_not_complete",
            _("Faltan rondas suizas: se jugaron %(played)d de %(planned)d.")
            % {"played": played, "planned": event.planned_rounds or 0},
        )


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table to store: its number (``None`` for a bye), the registration ids in seat order, and its values.

    ``seat_games`` are the games each seat starts with (a bye's 2-0);
    ``repeats`` the pairs at the table who met before.
    """

    number: int | None
    registrations: tuple[int, ...]
    is_bye: bool = False
    seat_games: tuple[int, ...] = ()
    outcome: str = ""
    status: str = MatchStatus.PENDING
    repeats: int = 0
    bracket_slot: int | None = None


_TABLE_COLUMNS = ("round_id", "table_number", "is_bye", "games_drawn", "outcome", "status", "went_to_time",
                  "intentional_draw", "repeats", "bracket_slot", "version", "extra_minutes")
_SEAT_COLUMNS = ("table_id", "round_id", "registration_id", "seat", "games", "how")


def insert_tables(rnd: Round, rows: Sequence[TableRow]) -> None:
    """Insert the tables of a new round and their seats in two ``executemany`` (every format seats through it).

    A 16,384-player round has 8,192 tables; building that many model
    instances for ``bulk_create`` costs more than the pairing itself, so the
    hot path writes plain tuples. ``rnd`` must have no tables yet: the new
    rows' ids are read back in insertion order.
    """
    if not rows:
        return
    quote = connection.ops.quote_name

    def insert(model, columns, params):
        sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(c) for c in columns)}) "
               f"VALUES ({', '.join(['%s'] * len(columns))})")
        with connection.cursor() as cursor:
            cursor.executemany(sql, params)

    insert(Table, _TABLE_COLUMNS, [
        (rnd.pk, row.number, row.is_bye, 0, str(row.outcome), str(row.status), False, False, row.repeats,
         row.bracket_slot, 0, 0)
        for row in rows
    ])
    ids = list(Table.objects.filter(round=rnd).order_by("pk").values_list("pk", flat=True))
    if len(ids) != len(rows):
        raise StateError("tables_exist", _("La ronda %(n)d ya tenía mesas.") % {"n": rnd.number})
    insert(Seat, _SEAT_COLUMNS, [
        (table_id, rnd.pk, registration, number, row.seat_games[number - 1] if number <= len(row.seat_games) else 0,
         "played")
        for table_id, row in zip(ids, rows, strict=True)
        for number, registration in enumerate(row.registrations, start=1)
    ])


@dataclass(frozen=True, slots=True)
class FinalRow:
    """A standings row of a finished event at its final place (``rank``); ``swiss_rank`` keeps the standings'.

    ``cut`` says what gave the place when the top cut did (a key of
    :data:`tournaments.text.CUT_REASONS`: ``champion``, ``final``,
    ``semifinal``…); ``""`` for a place the Swiss rounds gave.
    """

    place: int
    row: Any
    cut: str = ""

    @property
    def rank(self) -> int:
        return self.place

    @property
    def cut_label(self) -> str:
        """«Campeón», «Final», «Semifinal», «Cuartos», «Octavos», or ``""`` below the cut (translated)."""
        return cut_reason(self.cut)

    @property
    def swiss_rank(self) -> int:
        return self.row.rank

    def __getattr__(self, name: str):  # name, number, points … straight from the standings row
        return getattr(self.row, name)


@dataclass(frozen=True)
class TableResult:
    """A checked result of one table, as :func:`tournaments.services.results.table_result_record` stores it.

    ``seats`` maps each seated registration id to the values
    :func:`~tournaments.services.results.table_result_store` writes
    (``games``, ``place``, ``score``, ``how``, ``minutes_late``); ``status``
    is ``reported``, or ``pending`` for games counted before the table ends.
    """

    seats: dict[int, dict]
    status: str
    games_drawn: int = 0
    outcome: str = ""
    went_to_time: bool = False
    intentional_draw: bool = False


def seat_values(table: Table, seats: Sequence[dict]) -> dict[int, dict]:
    """One entry of ``seats`` per seated registration id of ``table``.

    Each entry names its ``registration``; two-seat tables may leave it out
    and give their entries in seat order (side A first). Entries of players
    not seated here are kept (the format refuses them by its own rule).
    """
    ordered = [seat.registration_id for seat in table.seat_list]
    if seats and all(entry.get("registration") is None for entry in seats) and len(seats) == len(ordered):
        return dict(zip(ordered, seats, strict=True))
    return {entry.get("registration"): entry for entry in seats}


GAME_RESULTS = "games"
"""A table's result is the game wins of each side (and drawn games): two-player tables."""

PLACE_RESULTS = "places"
"""A table's result is a finishing place per seat (ties shared) and the game's secondary score."""


class EventFormat:
    """One way of seating players. Subclasses fill every method.

    ``key`` names the format in the registry (the value of ``Event.format``),
    ``label`` what the admin and the API call it; ``has_top_cut``
    tells whether the format plays a single-elimination cut;
    ``templates`` maps the page parts the views render: on the public
    pages and «Mi torneo», the columns its tables' results give
    (``public_round_cells``, ``public_standings_cells``,
    ``public_player_cells``, ``me_rounds_cells``, each included by the one
    template of its page with a ``part``); on the judge
    pages, ``judge_card`` a row of the tables list, ``judge_queue_row`` a
    row of the report queue and, on one table's page, ``judge_entry`` the
    result entry, ``judge_result`` a saved result in a line, ``judge_saved``
    the result saved meanwhile, ``judge_players`` and ``judge_reports``
    optional parts above them).
    """

    key: ClassVar[str]
    label: ClassVar[str]
    has_top_cut: ClassVar[bool] = False
    templates: ClassVar[dict[str, str]] = {}
    #: The judge's result form of one table, by dotted path (a face's class: formats import no view).
    result_form: ClassVar[str] = "tournaments.views.forms.ResultForm"
    #: How a player's «Mi torneo» report form reads, by dotted path (a face's function).
    report_reader: ClassVar[str] = "tournaments.views.me_reports.read_duel_report"
    #: Turns each player plays after the table's time is up (000_0014b2ac83da54b4.txt § "10.1.
    #: Desarrollo de las Rondas Suizas": 3); 0 for tables the round's time ends (the judge pages say so).
    extra_turns_at_time: ClassVar[int] = 3
    #: Whether penalties and rulings are recorded at this format's tables (the judge's penalty pages).
    penalties_at_tables: ClassVar[bool] = True
    #: What the rounds before the cut are called (the event's state while they are played; the day
    #: panel's «3 de 5 …»).
    rounds_label: ClassVar[Any] = gettext_lazy("Rondas suizas")
    #: What the phase of the rounds before the cut is called (:meth:`phase_label`).
    main_phase_label: ClassVar[Any] = gettext_lazy("Suiza")
    #: What pairing the next round does, as the day panel's confirmation says it after "Ahora" / "Luego".
    next_round_text: ClassVar[Any] = gettext_lazy(
        "se empareja la ronda siguiente con las posiciones actuales y se imprimen sus documentos.")

    def supports(self, profile: Any) -> bool:
        """Whether a game with ``profile`` (:class:`rules.games.base.GameProfile` or ``None``) can be
        played in this format (two-player tables need a game for two; pods need the game's pod rules)."""
        return profile is None or profile.players_min <= 2

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self, event: Event) -> Any:
        """Plain view of the event for the core (registrations, results, pending tables)."""
        raise NotImplementedError

    def pending_tables(self, rnd: Round) -> list[int]:
        """Table numbers of ``rnd`` still without a result, sorted (byes never count)."""
        raise NotImplementedError

    def round_has_results(self, rnd: Round) -> bool:
        """Whether any table of ``rnd`` has a result entered (provisional scores count; byes do not)."""
        return self.table_queryset(rnd).filter(Q(version__gt=0) | ~Q(status=MatchStatus.PENDING)).exists()

    def table_queryset(self, rnd: Round):
        """The stored tables of ``rnd`` that take a result (matches without byes, or pods)."""
        raise NotImplementedError

    def standings(self, event: Event, snapshot: Any = None, *, as_of_round: int | None = None) -> Sequence[Any]:
        """The core's standings rows of the event after every result entered.

        With ``as_of_round`` N: the standings after the results of rounds 1
        to N only (N = 0: everyone at 0), with the players still playing
        then marked active (:meth:`~tournaments.adapters.RegistrationRow.active_after`).
        """
        raise NotImplementedError

    def standings_shown(self, event: Event, snapshot: Any = None, *, as_of_round: int | None = None) -> Sequence[Any]:
        """The core's standings rows the pages show (:func:`tournaments.selectors.standing_rows`): the
        :meth:`standings` themselves unless the format ranks its pages otherwise."""
        return self.standings(event, snapshot, as_of_round=as_of_round)

    def eliminated_at(self, event: Event) -> dict[int, int]:
        """Top-cut players and the stage they lost in (2 semifinal, 3 quarterfinal…); empty without a cut."""
        return {}

    def planned_rounds(self, event: Event, active: int) -> int | None:
        """The rounds ``event`` plays before its cut: the number it stored (fixed at round 1, or set
        by the organizer), else what ``active`` players would play — for Swiss, log2 of the
        players rounded up, at least ``min_rounds`` (000_0014b2ac83da54b4.txt § "10.1.
        Desarrollo de las Rondas Suizas"); ``None`` when too few play."""
        if event.planned_rounds is not None:
            return event.planned_rounds
        try:
            return rounds_for(active, minimum=event.min_rounds)
        except PairingError:
            return None

    def state_label(self, event: Event) -> str:
        """What the event's state is called in this format: «Rondas suizas» while a Swiss format
        plays its rounds (:attr:`rounds_label` for others), the state's own name otherwise."""
        if event.state == EventState.SWISS:
            return str(self.rounds_label)
        return str(event.get_state_display())

    def phase_label(self, rnd: Round) -> str:
        """What ``rnd``'s phase is called in this format (the admin's round list, the API's
        ``phase_label``): :attr:`main_phase_label` for the rounds before a cut, «Reducido» for a cut's."""
        if rnd.phase == RoundPhase.SWISS:
            return str(self.main_phase_label)
        return str(rnd.get_phase_display())

    def day_facts(self, event: Event) -> DayFacts:
        """What :func:`tournaments.swiss.lifecycle.actions_available` needs of ``event`` (five queries)."""
        last = event.rounds.order_by("-number").first()
        tables = pending = 0
        entered = False
        if last is not None:
            queryset = self.table_queryset(last)
            tables = queryset.count()
            pending = queryset.filter(status=MatchStatus.PENDING).count()
            entered = self.round_has_results(last)
        planned = event.planned_rounds
        if planned is None:
            planned = self.planned_rounds(event, event.registrations.filter(dropped=False, disqualified=False).count())
        return DayFacts(
            state=str(event.state),
            has_rounds=last is not None,
            round_open=last is not None and last.state == RoundState.PAIRED,
            phase=str(last.phase) if last is not None else None,
            stage=last.stage if last is not None else None,
            tables=tables,
            pending=pending,
            results_entered=entered,
            swiss_played=event.rounds.filter(phase=RoundPhase.SWISS).count(),
            planned_rounds=planned,
            cut_size=event.cut_size or 0,
            has_top_cut=self.has_top_cut,
        )

    # -- changing (the event row is locked by the calling service) ------------------------------

    def round_pair_next(self, event: Event) -> Round:
        """Pair or seat the next round and store it; returns the new :class:`Round`.

        Raises :class:`PairingRefused` (results missing, rounds complete, too
        few players) or :class:`StateError`.
        """
        raise NotImplementedError

    def round_confirm(self, rnd: Round) -> None:
        """Reported results of ``rnd`` become confirmed."""
        self.table_queryset(rnd).filter(status=MatchStatus.REPORTED).update(status=MatchStatus.CONFIRMED)

    def open_rounds_confirm(self, event: Event) -> None:
        """Confirm and close every open round of ``event`` (before the next round, the cut, the finish)."""
        for rnd in event.rounds.filter(state=RoundState.PAIRED):
            self.round_confirm(rnd)
        event.rounds.filter(state=RoundState.PAIRED).update(state=RoundState.CLOSED, closed_at=timezone.now())

    def podium(self, event: Event) -> Podium:
        """The podium of an event ready to finish; raises :class:`StateError` when it is not."""
        raise NotImplementedError

    def podium_recompute(self, event: Event) -> Podium:
        """The podium of a finished event after a disqualification (next players move up)."""
        raise NotImplementedError

    # -- what the organizer's console asks (tournaments.admin) ---------------------------------

    #: What a table's result is: :data:`GAME_RESULTS` (the game wins of each side of a two-player
    #: table) or :data:`PLACE_RESULTS` (a finishing place per seat, with the game's secondary score).
    #: The console picks its result form, correction page and standings CSV columns by it.
    table_results: ClassVar[str] = GAME_RESULTS

    def places_by_score(self, event: Event) -> bool:
        """Whether a table's places follow from its seats' secondary scores (the stoner points of
        004_4a3d59c736a1e8f3.txt § "1 Objetivo"), so the console asks for the scores first."""
        return False

    # -- documents and services ask the format (issue #24) ------------------------------------

    #: What prints each document kind of a round: document kind → sheet key of
    #: :data:`tournaments.documents.sheets.SHEETS`, in the order the documents are listed.
    document_sheets: ClassVar[dict[str, str]] = {}
    #: Whether a Swiss round may be paired or edited by hand
    #: (:func:`tournaments.services.round_pair_manual`, :mod:`tournaments.services.pairing_edits`).
    supports_manual_pairing: ClassVar[bool] = False

    def document_kinds(self, event: Event) -> list[str]:
        """The document kinds printed for every round of ``event``, in order."""
        return [str(kind) for kind in self.document_sheets]

    def standing_points(self, row: Any) -> tuple[int, Any]:
        """``(registration id, points)`` of a row of :meth:`standings`: what the printed pairings show
        beside a name (match points, or placement points)."""
        raise NotImplementedError

    def score_label(self, event: Event) -> str:
        """The name of the score a seat writes beside its place ("Puntos stoner"); empty when none."""
        return ""

    def table_setup(self, event: Event, seats: int) -> str:
        """The game's set-up for a table of ``seats`` players, as its slip prints it; empty when none."""
        return ""

    def round_pair_given(self, event: Event, number: int, rows: list[tuple[int, int | None]]) -> Round:
        """Store round ``number`` from given ``(player_a, player_b)`` pairs; formats paired by hand only."""
        raise StateError("not_pairable_by_hand", _("Las rondas de este formato no se emparejan a mano."))

    #: The event log's action for a recorded result (:mod:`tournaments.eventlog_text` reads it).
    result_log_action: ClassVar[str] = "match_result_record"

    def result_validate(self, event: Event, table: Table, seats: Sequence[dict], *, games_drawn: int = 0,
                        went_to_time: bool = False, intentional_draw: bool = False, double_loss: bool = False,
                        provisional: bool = False) -> TableResult:
        """The result ``table`` of the round in progress would store, checked by this format's rules.

        ``seats``: one entry per seated player (see :func:`seat_values`).
        Raises :class:`tournaments.errors.IllegalResult` (with ``field``
        where it names one input) for a result the format refuses.
        """
        raise NotImplementedError

    def result_simulate(self, event: Event, rnd: Round, table: Table, rng: Any) -> dict[str, Any]:
        """A random legal result of ``table`` (``seats`` and the table's values) that
        :func:`tournaments.services.table_result_record` takes: what ``run_event`` plays from ``rng``."""
        raise NotImplementedError

    def result_log_values(self, table: Table, *, after: bool = False) -> dict[str, Any]:
        """What the event log keeps of ``table``'s stored result (``before``, or ``after`` a new one)."""
        raise NotImplementedError

    #: The event log's action for a player's report (:mod:`tournaments.eventlog_text` reads it).
    report_log_action: ClassVar[str] = "match_report_submit"

    def report_log_values(self, report: Any) -> dict[str, Any]:
        """What the event log keeps of a player's saved report (a :class:`tournaments.models.TableReport`)."""
        return {"games_a": report.games_a, "games_b": report.games_b, "games_drawn": report.games_drawn,
                "intentional_draw": report.intentional_draw, "went_to_time": report.went_to_time}

    def result_summary(self, table: Table) -> str:
        """The stored result in a few words, for the refusal of a stale edit (``""``: none to show)."""
        return ""

    def result_check(self, event: Event, table: Any, seats: Any, placements: Any, *,
                     ended_by_time: bool = False) -> tuple[list[Any], bool]:
        """The checked finishing places of one multiplayer table and whether it ended by time.

        Raises :class:`StateError` ``no_places`` for a format whose tables
        take a score, not places; formats with places override it.
        """
        raise StateError("no_places", _("Las mesas de este formato no se cargan por puestos."))

    # -- faces: what pages, the API and a player's own pages read (issue #24) -------------------
    # The rows themselves come from :mod:`tournaments.selectors.pages`, by :attr:`table_results`;
    # a format that stores two-player matches inherits the duels' answers.

    #: Names one table shows on the public round page: its tables are paged by
    #: ``PAGE_ROWS // names_per_table``.
    names_per_table: ClassVar[int] = 2

    def rounds_with_counts(self, event: Event):
        """The rounds of ``event`` in order, annotated with ``table_count`` (tables that take a
        result: no byes) and ``results_pending`` (of those, still without one); one query."""
        return Round.objects.filter(event=event).select_related("event").annotate(
            table_count=Count("tables", filter=Q(tables__is_bye=False)),
            results_pending=Count("tables", filter=Q(tables__status=MatchStatus.PENDING)),
        ).order_by("number")

    def table_search_text(self, row: Any) -> str:
        """The names and player numbers of a row of :func:`tournaments.selectors.table_rows`, for a name
        search (not folded)."""
        raise NotImplementedError
