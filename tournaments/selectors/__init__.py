"""Read models for pages, the API, PDFs and the command line.

One source, several outputs: every reader of standings or pairings goes
through these functions, each with a bounded number of queries.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from ..adapters import match_record, match_winner_id
from ..enums import MatchOutcome, MatchStatus, ResultSource, RoundPhase
from ..models import Event, Registration, ResultEntry, Round, Seat, Table, Venue
from ..stamps import event_stamp
from ..swiss.standings import match_points_of, result_of
from ..swiss.types import Outcome
from ..text import collation_key, fold


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One table of a round as players look for it."""

    match_id: int
    table_number: int | None
    player_a: str
    player_a_number: str
    player_b: str | None
    player_b_number: str | None
    is_bye: bool
    games_a: int
    games_b: int
    games_drawn: int
    status: str
    outcome: str
    version: int
    rematch: bool
    bracket_slot: int | None
    extra_minutes: int = 0


def rounds_for_event(event: Event) -> QuerySet[Round]:
    """The event's rounds in order."""
    return event.rounds.order_by("number")


def current_round(event: Event) -> Round | None:
    """The latest round of the event (Swiss or top cut), or ``None`` before round 1."""
    return event.rounds.order_by("-number").first()


def _player_name(reg: Registration | None) -> str | None:
    return reg.player.display_name if reg else None


def _pairing_row(m: Table) -> PairingRow:
    return PairingRow(
        match_id=m.pk,
        table_number=m.table_number,
        player_a=m.player_a.player.display_name,
        player_a_number=m.player_a.player.player_number,
        player_b=_player_name(m.player_b),
        player_b_number=m.player_b.player.player_number if m.player_b else None,
        is_bye=m.is_bye,
        games_a=m.games_a,
        games_b=m.games_b,
        games_drawn=m.games_drawn,
        status=m.status,
        outcome=m.outcome,
        version=m.version,
        rematch=m.rematch,
        bracket_slot=m.bracket_slot,
        extra_minutes=m.extra_minutes,
    )


def pairings_for_round(rnd: Round) -> list[PairingRow]:
    """Tables of ``rnd`` in table order, the bye last (two queries: tables, seats with players)."""
    matches = Table.objects.filter(round=rnd).order_by("is_bye", "bracket_slot", "table_number")
    return [_pairing_row(m) for m in matches]


def pairing_of_match(match_id: int) -> PairingRow | None:
    """The pairing row of one match, as :func:`pairings_for_round` builds it, or ``None`` (two queries)."""
    match = Table.objects.filter(pk=match_id).first()
    return _pairing_row(match) if match else None


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """One table of a round with its seats in seat order, whatever its size (a duel's side A is seat 1).

    ``seats``: ``(seat, display name, player number)``; what the printed pairings and result slips show.
    """

    table_id: int
    table_number: int | None
    is_bye: bool
    bracket_slot: int | None
    extra_minutes: int
    rematch: bool  # the pairing repeats an earlier one (a duel's unavoidable rematch)
    seats: tuple[tuple[int, str, str], ...]


def seated_tables(rnd: Round) -> list[SeatedTable]:
    """The tables of ``rnd`` by table number, each with its seats in seat order (one query)."""
    rows = Seat.objects.filter(table__round=rnd).order_by("table__table_number", "table_id", "seat").values_list(
        "table_id", "table__table_number", "table__is_bye", "table__bracket_slot", "table__extra_minutes",
        "table__repeats", "seat", "registration__player__display_name", "registration__player__player_number",
    )
    tables: dict[int, tuple[tuple, list[tuple[int, str, str]]]] = {}
    for table_id, number, is_bye, slot, extra, repeats, seat, name, player_number in rows:
        tables.setdefault(table_id, ((table_id, number, is_bye, slot, extra, repeats > 0), []))[1].append(
            (seat, name, player_number))
    return [SeatedTable(*head, seats=tuple(seats)) for head, seats in tables.values()]


def top_cut_rounds(event: Event) -> QuerySet[Round]:
    """Top-cut rounds with their tables, seats and players prefetched (three queries)."""
    return (
        event.rounds.filter(phase=RoundPhase.TOP_CUT)
        .order_by("number")
        .prefetch_related(Prefetch("tables", queryset=Table.objects.order_by("bracket_slot")))
    )


# --------------------------------------------------------------------------- pages (issue 3)
# Read models of the public pages, the judge pages and the round clock. Each
# runs a fixed number of queries whatever the size of the event.


def events_for_listing(*, venue_id: int | None = None) -> QuerySet[Event]:
    """Events newest first with venue and game (one query), optionally of one venue; voided events left out."""
    events = Event.objects.filter(voided_at__isnull=True).select_related("venue", "game").order_by("-date", "name")
    if venue_id is not None:
        events = events.filter(venue_id=venue_id)
    return events


def venues_with_events() -> QuerySet[Venue]:
    """Venues that hosted at least one event, by name (one query)."""
    return Venue.objects.filter(events__isnull=False).distinct().order_by("name")


@dataclass(frozen=True, slots=True)
class PlayerPairing:
    """One player's line of the alphabetical pairings list ("¿dónde juego?").

    ``result`` is from this player's side: ``win``, ``draw``, ``loss``,
    ``bye`` or ``""`` while pending; ``games_for``/``games_against`` too.
    """

    display_name: str
    player_number: str
    table_number: int | None
    opponent: str | None
    opponent_number: str | None
    is_bye: bool
    status: str
    games_for: int
    games_against: int
    games_drawn: int
    result: str
    search: str


def _result_for(outcome: str, status: str, side_a: bool) -> str:
    if status == MatchStatus.PENDING:
        return ""
    if outcome == MatchOutcome.BYE:
        return "bye"
    if outcome == MatchOutcome.DRAW:
        return "draw"
    if outcome == MatchOutcome.DOUBLE_LOSS:
        return "loss"
    won_a = outcome == MatchOutcome.A_WINS
    return "win" if won_a == side_a else "loss"


def pairings_by_name(rows: list[PairingRow]) -> list[PlayerPairing]:
    """Every player of a round's pairings, alphabetically.

    Shapes: ``rows`` from :func:`pairings_for_round`; returns one line per
    player (two per match, one per bye) in Spanish order
    (:func:`tournaments.text.collation_key`: accents and case ignored, "ñ"
    after "n"), then by player number; ``search`` is the folded name and
    number. No query.
    """
    lines = []
    for p in rows:
        sides = [(p.player_a, p.player_a_number, p.player_b, p.player_b_number, True)]
        if not p.is_bye:
            sides.append((p.player_b, p.player_b_number, p.player_a, p.player_a_number, False))
        for name, number, opp, opp_number, side_a in sides:
            lines.append(
                PlayerPairing(
                    display_name=name,
                    player_number=number,
                    table_number=p.table_number if p.table_number is not None else p.bracket_slot,
                    opponent=opp,
                    opponent_number=opp_number,
                    is_bye=p.is_bye,
                    status=p.status,
                    games_for=p.games_a if side_a else p.games_b,
                    games_against=p.games_b if side_a else p.games_a,
                    games_drawn=p.games_drawn,
                    result=_result_for(p.outcome, p.status, side_a),
                    search=fold(f"{name} {number}"),
                )
            )
    lines.sort(key=lambda line: (collation_key(line.display_name), line.player_number))
    return lines


#: A round's result from one player's side (:attr:`PlayerRound.result`).
RESULT_WIN, RESULT_DRAW, RESULT_LOSS = "win", "draw", "loss"
RESULT_BYE, RESULT_DOUBLE_LOSS, RESULT_PENDING = "bye", "double_loss", "pending"
PLAYER_RESULTS = (RESULT_WIN, RESULT_DRAW, RESULT_LOSS, RESULT_BYE, RESULT_DOUBLE_LOSS, RESULT_PENDING)


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One round of a player's event, from the player's side (pages, «Mi torneo» and the API).

    ``games_for``/``games_against``/``games_drawn`` are games; ``result`` one
    of :data:`PLAYER_RESULTS`; ``match_points`` what the match gave in the
    Swiss standings (1, 0.5 or 0; ``None`` while pending and for top-cut
    matches, which give none: 000_0014b2ac83da54b4.txt § "Puntuación").
    """

    match_id: int
    round_number: int
    phase: str
    stage: int | None
    table_number: int | None
    opponent: str | None
    opponent_number: str | None
    is_bye: bool
    status: str
    games_for: int
    games_against: int
    games_drawn: int
    result: str
    match_points: float | None
    version: int


def _player_result(match: Table, side_a: bool) -> tuple[str, float | None]:
    """``(result, match points)`` of ``match`` from side A's (or B's) seat."""
    if match.status == MatchStatus.PENDING:
        return RESULT_PENDING, None
    outcome = match_record(match, match.round.number).result
    points = match_points_of(outcome, side_a) if match.round.phase == RoundPhase.SWISS else None
    if outcome is Outcome.BYE:
        return RESULT_BYE, points
    if outcome is Outcome.DOUBLE_LOSS:
        return RESULT_DOUBLE_LOSS, points
    return {1: RESULT_WIN, 0: RESULT_DRAW, -1: RESULT_LOSS}[result_of(outcome, side_a)], points


def player_rounds(registration: Registration) -> list[PlayerRound]:
    """The registration's matches round by round, byes and top cut included (two queries: tables,
    seats with players); a round the player sat out (dropped, late entry) has no row."""
    matches = (
        Table.objects.filter(seats__registration=registration, round__event_id=registration.event_id)
        .select_related("round")
        .order_by("round__number")
    )
    out = []
    for m in matches:
        side_a = m.player_a_id == registration.pk
        opp = (m.player_b if side_a else m.player_a) if not m.is_bye else None
        result, points = _player_result(m, side_a)
        out.append(
            PlayerRound(
                match_id=m.pk,
                round_number=m.round.number,
                phase=m.round.phase,
                stage=m.round.stage,
                table_number=m.table_number,
                opponent=opp.player.display_name if opp else None,
                opponent_number=opp.player.player_number if opp else None,
                is_bye=m.is_bye,
                status=m.status,
                games_for=m.games_a if side_a else m.games_b,
                games_against=m.games_b if side_a else m.games_a,
                games_drawn=m.games_drawn,
                result=result,
                match_points=points,
                version=m.version,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class BracketGame:
    """One top-cut match for the bracket page; ``winner`` is ``"a"``, ``"b"`` or ``""``."""

    slot: int
    player_a: str | None
    player_a_number: str | None
    player_b: str | None
    player_b_number: str | None
    games_a: int
    games_b: int
    status: str
    winner: str


@dataclass(frozen=True, slots=True)
class BracketStage:
    """A column of the bracket: ``stage`` 1 final, 2 semifinals …, 0 third place."""

    stage: int
    round_number: int
    games: tuple[BracketGame, ...]


def bracket_for_event(event: Event) -> list[BracketStage]:
    """The top cut as stages, first stage first, third-place match last (three queries)."""
    stages: list[BracketStage] = []
    third: BracketStage | None = None
    for rnd in top_cut_rounds(event):
        games, third_games = [], []
        for m in rnd.tables.all():
            winner_id = match_winner_id(m)
            game = BracketGame(
                slot=m.bracket_slot or 0,
                player_a=m.player_a.player.display_name,
                player_a_number=m.player_a.player.player_number,
                player_b=m.player_b.player.display_name if m.player_b else None,
                player_b_number=m.player_b.player.player_number if m.player_b else None,
                games_a=m.games_a,
                games_b=m.games_b,
                status=m.status,
                winner="a" if winner_id == m.player_a_id else "b" if winner_id and winner_id == m.player_b_id else "",
            )
            (third_games if m.bracket_slot == 0 else games).append(game)
        if games:
            stages.append(BracketStage(stage=rnd.stage or 0, round_number=rnd.number, games=tuple(games)))
        if third_games:
            third = BracketStage(stage=0, round_number=rnd.number, games=tuple(third_games))
    if third:
        stages.append(third)
    return stages


@dataclass(frozen=True, slots=True)
class JudgeTable:
    """A table of the round for the judge list: the pairing and its last entry."""

    pairing: PairingRow
    entered_by: str | None
    entered_at: datetime.datetime | None
    search: str
    clock: RoundClock | None = None


def judge_tables(
    rnd: Round, *, minutes: int | None = None, now: datetime.datetime | None = None
) -> list[JudgeTable]:
    """Tables of ``rnd`` (byes last) with who entered the last result and when (three queries).

    With ``minutes`` (the event's round minutes), each table but a bye also
    carries its own clock (:func:`round_clock` with its extra minutes) at
    ``now``.
    """
    now = now or timezone.now()
    last: dict[int, ResultEntry] = {}
    for entry in (
        ResultEntry.objects.filter(table__round=rnd).select_related("entered_by").order_by("table_id", "version")
    ):
        last[entry.table_id] = entry
    out = []
    for p in pairings_for_round(rnd):
        entry = last.get(p.match_id)
        out.append(
            JudgeTable(
                pairing=p,
                entered_by=entry_author(entry) if entry else None,
                entered_at=entry.entered_at if entry else None,
                search=fold(f"{p.player_a} {p.player_b or ''} {p.player_a_number} {p.player_b_number or ''}"),
                clock=round_clock(rnd, minutes=minutes, now=now, extra_minutes=p.extra_minutes)
                if minutes is not None and not p.is_bye else None,
            )
        )
    return out


#: Tables one judge page lists; "Siguientes" pages on.
JUDGE_PAGE_SIZE = 50

#: The judge list's filters: every table (pending first), the pending ones, those with a result.
JUDGE_FILTERS = ("todas", "pendientes", "con-resultado")


@dataclass(frozen=True, slots=True)
class JudgeTablePage:
    """One page of a round's tables for the judge list, with the round's counts.

    ``pending`` and ``total`` count the round's tables without a result and
    all of them, byes left out; ``matched`` counts the rows the filter and
    the search keep (byes included); ``tables`` are those from ``offset``
    on, ``limit`` at most.
    """

    tables: list[JudgeTable]
    pending: int
    total: int
    matched: int
    offset: int
    limit: int

    @property
    def first(self) -> int:
        return self.offset + 1 if self.tables else 0

    @property
    def last(self) -> int:
        return self.offset + len(self.tables)

    @property
    def has_next(self) -> bool:
        return self.last < self.matched

    @property
    def has_previous(self) -> bool:
        return self.offset > 0


def judge_table_page(
    rnd: Round,
    *,
    status: str = "todas",
    query: str = "",
    offset: int = 0,
    limit: int = JUDGE_PAGE_SIZE,
    minutes: int | None = None,
    now: datetime.datetime | None = None,
) -> JudgeTablePage:
    """A page of the tables of ``rnd`` for the judge list (four queries, five with a search).

    ``status``: ``"pendientes"`` keeps the tables without a result,
    ``"con-resultado"`` the others (byes included), anything else every
    table. Pending tables come first, then the rest, each in table order
    with the byes last. ``query`` keeps the tables where a player's name or
    number contains it, accents and case aside (:func:`fold`).

    The database counts, filters, orders and slices: only the page's
    tables are loaded with their seats, players and entries. A search reads
    the names and numbers seated at the filtered tables (plain values) to
    fold them here. Rows carry what :func:`judge_tables` gives.
    """
    from django.db.models import Case, Count, Value, When

    now = now or timezone.now()
    round_matches = Table.objects.filter(round=rnd)
    pending_q = Q(status=MatchStatus.PENDING, is_bye=False)
    seat_pending_q = Q(table__status=MatchStatus.PENDING, table__is_bye=False)
    counts = round_matches.aggregate(
        rows=Count("pk"), total=Count("pk", filter=Q(is_bye=False)), pending=Count("pk", filter=pending_q)
    )
    if status == "pendientes":
        filtered, matched = round_matches.filter(pending_q), counts["pending"]
    elif status == "con-resultado":
        filtered, matched = round_matches.exclude(pending_q), counts["rows"] - counts["pending"]
    else:
        filtered, matched = round_matches, counts["rows"]
    order = (
        Case(When(pending_q, then=Value(0)), default=Value(1), output_field=IntegerField()),
        "is_bye", "bracket_slot", "table_number", "pk",
    )
    needle = fold(query.strip())
    if needle:
        seat_order = (
            Case(When(seat_pending_q, then=Value(0)), default=Value(1), output_field=IntegerField()),
            "table__is_bye", "table__bracket_slot", "table__table_number", "table_id", "seat",
        )
        texts: dict[int, list[str]] = {}
        for pk, name, number in (
            Seat.objects.filter(table__in=filtered).order_by(*seat_order)
            .values_list("table_id", "registration__player__display_name", "registration__player__player_number")
        ):
            texts.setdefault(pk, []).extend((name, number))
        ids = [pk for pk, parts in texts.items() if needle in fold(" ".join(parts))]
        matched = len(ids)
        page = Table.objects.filter(pk__in=ids[offset:offset + limit]).order_by(*order)
    else:
        page = filtered.order_by(*order)[offset:offset + limit]
    matches = list(page)
    last: dict[int, ResultEntry] = {}
    if matches:
        for entry in (
            ResultEntry.objects.filter(table__in=[m.pk for m in matches])
            .select_related("entered_by").order_by("table_id", "version")
        ):
            last[entry.table_id] = entry
    tables = []
    for m in matches:
        p = PairingRow(
            match_id=m.pk, table_number=m.table_number,
            player_a=m.player_a.player.display_name, player_a_number=m.player_a.player.player_number,
            player_b=_player_name(m.player_b),
            player_b_number=m.player_b.player.player_number if m.player_b else None,
            is_bye=m.is_bye, games_a=m.games_a, games_b=m.games_b, games_drawn=m.games_drawn,
            status=m.status, outcome=m.outcome, version=m.version, rematch=m.rematch,
            bracket_slot=m.bracket_slot, extra_minutes=m.extra_minutes,
        )
        entry = last.get(m.pk)
        tables.append(JudgeTable(
            pairing=p,
            entered_by=entry_author(entry) if entry else None,
            entered_at=entry.entered_at if entry else None,
            search=fold(f"{p.player_a} {p.player_b or ''} {p.player_a_number} {p.player_b_number or ''}"),
            clock=round_clock(rnd, minutes=minutes, now=now, extra_minutes=p.extra_minutes)
            if minutes is not None and not p.is_bye else None,
        ))
    return JudgeTablePage(tables=tables, pending=counts["pending"], total=counts["total"], matched=matched,
                          offset=offset, limit=limit)


def user_label(user) -> str:
    """Who entered a result: "Full Name (username)", the username alone, or "?" once the user is gone."""
    if user is None:
        return "?"
    full = user.get_full_name().strip()
    return f"{full} ({user.get_username()})" if full else user.get_username()


def entry_author(entry) -> str:
    """Who a result entry (a match's or a pod's, ``entered_by`` loaded) came from: «los jugadores»
    for a result both players reported alike (``source`` ``players``), else :func:`user_label` of
    who entered it. The account that sent the second report is not the author: both are."""
    if entry.source == ResultSource.PLAYERS:
        return _("los jugadores")
    return user_label(entry.entered_by)


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One accepted result entry with the value it replaced (``before`` is ``None`` for the first)."""

    version: int
    entered_by: str
    entered_at: datetime.datetime
    before: ResultEntry | None
    after: ResultEntry


def result_history(match: Table) -> list[HistoryLine]:
    """Every accepted entry of ``match``, newest first, with its before → after (one query)."""
    entries = list(match.entries.select_related("entered_by").order_by("version"))
    lines = [
        HistoryLine(
            version=entry.version,
            entered_by=entry_author(entry),
            entered_at=entry.entered_at,
            before=entries[i - 1] if i else None,
            after=entry,
        )
        for i, entry in enumerate(entries)
    ]
    lines.reverse()
    return lines


def _pod_tally(aggregate):
    """``aggregate`` over the pods of the outer event, as a subquery (0 without pods)."""
    rows = (Table.objects.filter(round__event=OuterRef("pk")).order_by().values("round__event")
            .annotate(value=aggregate).values("value"))
    return Coalesce(Subquery(rows, output_field=IntegerField()), 0)


def event_live_stamp(event_id: int) -> str:
    """The event's state stamp (:func:`tournaments.stamps.event_stamp`; ``"missing"`` for no event).

    It changes whenever a result is entered or corrected, a round is paired
    or closed, a player drops or the event changes state; the polled
    fragments use it as their ETag and the page caches as their key.
    """
    return event_stamp(event_id) or "missing"


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The round clock at one instant, computed from server timestamps.

    ``state``: ``not_started``, ``running``, ``paused``, ``time_up`` (the
    countdown reached zero: 3 extra turns each, 000 § 10.1) or ``closed``.
    Units: whole seconds; ``remaining_seconds`` never below zero.
    ``ends_at`` (UTC) is when the countdown reaches zero — while paused,
    if it were resumed now — or ``None`` before the start;
    ``extra_minutes`` the table's extra time included in
    ``total_seconds`` (0 for the round itself).
    """

    state: str
    total_seconds: int
    remaining_seconds: int
    elapsed_seconds: int
    ends_at: datetime.datetime | None = None
    extra_minutes: int = 0

    @property
    def display(self) -> str:
        """The remaining time as ``M:SS``."""
        return f"{self.remaining_seconds // 60}:{self.remaining_seconds % 60:02d}"


def round_clock(
    rnd: Round, *, minutes: int, now: datetime.datetime | None = None, extra_minutes: int = 0
) -> RoundClock:
    """The clock of ``rnd`` for a round of ``minutes`` minutes at ``now`` (no query).

    Elapsed time is ``(now or the pause instant) - clock_started_at -
    clock_paused_seconds``. With ``extra_minutes`` it is one table's clock:
    the same start and pauses, ``minutes + extra_minutes`` long, so its end
    is the round's end plus the extra minutes. Rule:
    000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-76: 50 minutes; R-000-79: then 3 extra turns each).
    """
    total = (minutes + extra_minutes) * 60
    now = now or timezone.now()
    if rnd.clock_started_at is None:
        return RoundClock("closed" if rnd.closed_at else "not_started", total, total, 0, None, extra_minutes)
    until = rnd.clock_paused_at or now
    elapsed = max(0, int((until - rnd.clock_started_at).total_seconds()) - rnd.clock_paused_seconds)
    remaining = max(0, total - elapsed)
    paused_now = max(0, int((now - rnd.clock_paused_at).total_seconds())) if rnd.clock_paused_at else 0
    ends_at = rnd.clock_started_at + datetime.timedelta(
        seconds=total + rnd.clock_paused_seconds + paused_now
    )
    if rnd.closed_at:
        state = "closed"
    elif remaining == 0:
        state = "time_up"
    elif rnd.clock_paused_at is not None:
        state = "paused"
    else:
        state = "running"
    return RoundClock(state, total, remaining, elapsed, ends_at, extra_minutes)


@dataclass(frozen=True, slots=True)
class BuildClock:
    """Round 1's deck-building period of a Torneo Indoor at one instant.

    ``state``: ``building`` (counting down) or ``build_paused``. Units:
    whole seconds; ``ends_at`` (UTC) is when the round's own clock starts
    (while paused, if it were resumed now).
    """

    state: str
    total_seconds: int
    remaining_seconds: int
    ends_at: datetime.datetime

    @property
    def display(self) -> str:
        """The remaining build time as ``M:SS``."""
        return f"{self.remaining_seconds // 60}:{self.remaining_seconds % 60:02d}"


def round_build_clock(rnd: Round, *, now: datetime.datetime | None = None) -> BuildClock | None:
    """The build period of ``rnd`` at ``now`` (no query), or ``None`` when there is none or it is over.

    The build is the time before ``clock_started_at`` (plus the pauses
    taken during it): the round's countdown
    (:func:`round_clock`) runs from there, so
    pausing during the build pauses the build.
    """
    if not rnd.build_minutes or rnd.clock_started_at is None or rnd.closed_at is not None:
        return None
    now = now or timezone.now()
    until = rnd.clock_paused_at or now
    elapsed = int((until - rnd.clock_started_at).total_seconds()) - rnd.clock_paused_seconds
    if elapsed >= 0:
        return None
    paused_now = max(0, int((now - rnd.clock_paused_at).total_seconds())) if rnd.clock_paused_at else 0
    ends_at = rnd.clock_started_at + datetime.timedelta(seconds=rnd.clock_paused_seconds + paused_now)
    state = "build_paused" if rnd.clock_paused_at is not None else "building"
    return BuildClock(state, rnd.build_minutes * 60, min(-elapsed, rnd.build_minutes * 60), ends_at)


def round_display_clock(rnd: Round, *, minutes: int, now: datetime.datetime | None = None):
    """The clock a page shows for ``rnd`` (no query): a Torneo Indoor's
    :class:`BuildClock` while the build lasts, else
    :func:`round_clock` for ``minutes`` minutes."""
    return round_build_clock(rnd, now=now) or round_clock(rnd, minutes=minutes, now=now)


def match_clock(match: Table, *, minutes: int, now: datetime.datetime | None = None) -> RoundClock:
    """One table's own clock: its round's clock plus the table's ``extra_minutes`` (no query past the round).

    Its ``time_up`` state is when that table's 3 extra turns each begin
    (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas",
    R-000-79).
    """
    return round_clock(match.round, minutes=minutes, now=now, extra_minutes=match.extra_minutes)


# The rows of every format (they read the format, which reads below this package: imported last).
from .pages import (  # noqa: E402, F401 - the package's public names
    final_rows,
    judge_page,
    names_of,
    page_context,
    player_rounds_of,
    standing_rows,
    table_rows,
)
