"""The rows of tables that give game wins: a round's pairings, the alphabetical list ("¿dónde
juego?"), a player's matches, the bracket; events listings. Each with a bounded number of queries."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from ..adapters import match_record, match_winner_id
from ..enums import MatchOutcome, MatchStatus, RoundPhase
from ..models import Event, Registration, Round, Seat, Table, Venue
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
