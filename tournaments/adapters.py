"""The only code that speaks both ORM and the pure Swiss core.

``load_snapshot`` (tables of two) and ``load_pod_snapshot`` (pods) read one
event in a fixed number of queries (two), as plain tuples rather than model
instances — a 16,384-player event has over 100,000 matches by its last rounds —
and return core records; ``StandingRow`` joins a core standing with the
player's public data, for the formats and the selectors above them.
"""
from __future__ import annotations

from dataclasses import dataclass

from .enums import MatchOutcome, MatchStatus, RoundPhase
from .models import Event, Registration, Seat, Table
from .swiss.pods import PodResult, PodStanding, pod_standings
from .swiss.types import MatchRecord, Outcome, Standing

_EXPLICIT = {MatchOutcome.DOUBLE_LOSS.value: Outcome.DOUBLE_LOSS, MatchOutcome.BYE.value: Outcome.BYE}


@dataclass(frozen=True, slots=True)
class RegistrationRow:
    """What the core and the read models need of a registration."""

    id: int
    display_name: str
    player_number: str
    venue: str
    dropped: bool
    disqualified: bool
    draw_order: int
    dropped_after_round: int | None = None

    @property
    def active(self) -> bool:
        return not self.dropped and not self.disqualified

    def active_after(self, round_number: int) -> bool:
        """Whether the player was still playing after round ``round_number``.

        A disqualified player never is; a dropped one from the round they
        dropped after (unknown: from the start), as the printed standings
        mark them.
        """
        if self.disqualified:
            return False
        return not self.dropped or (self.dropped_after_round is not None and self.dropped_after_round > round_number)


class _Roster:
    """What a snapshot answers from its ``registrations`` (id → :class:`RegistrationRow`)."""

    __slots__ = ()
    registrations: dict[int, RegistrationRow]

    @property
    def active_ids(self) -> list[int]:
        return [rid for rid, reg in self.registrations.items() if reg.active]

    @property
    def draw_order(self) -> dict[int, int]:
        return {rid: reg.draw_order for rid, reg in self.registrations.items()}


@dataclass(frozen=True, slots=True)
class EventSnapshot(_Roster):
    """Plain view of an event of tables of two for the core.

    ``registrations`` maps registration id to its row; ``swiss_records``
    holds every Swiss match that has a result, byes included; ``pending``
    the table numbers of Swiss matches still without one.
    """

    registrations: dict[int, RegistrationRow]
    swiss_records: tuple[MatchRecord, ...]
    pending: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class PodSnapshot(_Roster):
    """Plain view of a pod event for the core.

    ``registrations``: id → row; ``results``: one :class:`PodResult` per pod
    with a result (reported or confirmed), any order; ``pending``: table
    numbers of pods still without one, sorted.
    """

    registrations: dict[int, RegistrationRow]
    results: tuple[PodResult, ...]
    pending: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A standings row with the player's public data (name, number, venue)."""

    standing: Standing
    display_name: str
    player_number: str
    venue: str
    registration_id: int
    dropped: bool
    disqualified: bool

    @property
    def swiss_rank(self) -> int:
        """The rank in the Swiss standings (the final standings of a finished event may differ)."""
        return self.standing.rank

    def __getattr__(self, name: str):  # rank, match_points, buchholz … straight from the core row
        return getattr(self.standing, name)


def standing_row(standing: Standing, reg: RegistrationRow) -> StandingRow:
    """The core's ``standing`` of the player ``reg``, with their public data."""
    return StandingRow(standing=standing, display_name=reg.display_name, player_number=reg.player_number,
                       venue=reg.venue, registration_id=reg.id, dropped=reg.dropped, disqualified=reg.disqualified)


def match_record(match: Table, round_number: int) -> MatchRecord:
    """Convert one stored match with a result to a core :class:`MatchRecord`."""
    return MatchRecord(
        round_number=round_number,
        player_a=match.player_a_id,
        player_b=match.player_b_id,
        games_a=match.games_a,
        games_b=match.games_b,
        games_drawn=match.games_drawn,
        outcome=_EXPLICIT.get(match.outcome),
    )


def load_registrations(event: Event) -> dict[int, RegistrationRow]:
    """Every registration of ``event`` as a plain row, keyed by id (one query)."""
    return {
        rid: RegistrationRow(rid, name, number, venue or "", dropped, disqualified, draw_order, after)
        for rid, name, number, venue, dropped, disqualified, draw_order, after in Registration.objects.filter(
            event=event
        ).values_list(
            "id", "player__display_name", "player__player_number", "player__home_venue__name",
            "dropped", "disqualified", "draw_order", "dropped_after_round",
        )
    }


def load_snapshot(event: Event) -> EventSnapshot:
    """Load registrations and Swiss matches of ``event`` (two queries: registrations, seats; no model instances)."""
    registrations = load_registrations(event)
    records: list[MatchRecord] = []
    pending: list[int | None] = []
    rows = Seat.objects.filter(round__event=event, round__phase=RoundPhase.SWISS).values_list(
        "table_id", "registration_id", "games", "round__number", "table__games_drawn", "table__outcome",
        "table__status", "table__table_number",
    ).order_by("round_id", "table__table_number", "table_id", "seat")
    tables: dict[int, list] = {}
    for table_id, rid, games, *head in rows:
        tables.setdefault(table_id, [head, []])[1].append((rid, games))
    for (number, gd, outcome, status, table), seats in tables.values():
        if status == MatchStatus.PENDING:
            pending.append(table)
        else:
            (a, ga), (b, gb) = seats[0], seats[1] if len(seats) > 1 else (None, 0)
            records.append(MatchRecord(number, a, b, ga, gb, gd, _EXPLICIT.get(outcome)))
    return EventSnapshot(registrations=registrations, swiss_records=tuple(records), pending=tuple(pending))


def load_pod_snapshot(event: Event) -> PodSnapshot:
    """Registrations and pod results of ``event`` (two queries, no model instances)."""
    registrations = load_registrations(event)
    seats = Seat.objects.filter(table__round__event=event, table__round__phase=RoundPhase.SWISS).values_list(
        "table_id", "table__round__number", "table__table_number", "table__status", "registration_id", "place", "score",
    ).order_by("table__round__number", "table__table_number", "seat")
    pods: dict[int, tuple[int, int, str, list[tuple[int, int, int | None]]]] = {}
    for pod_id, number, table, status, rid, place, score in seats:
        pods.setdefault(pod_id, (number, table, status, []))[3].append((rid, place, score))
    results: list[PodResult] = []
    pending: set[int] = set()
    for number, table, status, lines in pods.values():
        if status == MatchStatus.PENDING:
            pending.add(table)
        else:
            results.append(PodResult(number, table, tuple(lines)))
    return PodSnapshot(registrations=registrations, results=tuple(results), pending=tuple(sorted(pending)))


def core_pod_standings(event: Event, snapshot: PodSnapshot | None = None) -> tuple[PodStanding, ...]:
    """The core's pod standings of ``event`` with its placement points."""
    snapshot = snapshot or load_pod_snapshot(event)
    return pod_standings(
        snapshot.registrations.keys(),
        snapshot.results,
        points_table=event.points_table(),
        active=set(snapshot.active_ids),
        draw_order=snapshot.draw_order,
    )


def match_winner_id(match: Table) -> int | None:
    """Registration id of the match winner, ``None`` for a draw or no result."""
    if match.status == MatchStatus.PENDING:
        return None
    if match.outcome in (MatchOutcome.A_WINS, MatchOutcome.BYE):
        return match.player_a_id
    if match.outcome == MatchOutcome.B_WINS:
        return match.player_b_id
    return None


def secondary_score_label(event: Event) -> str | None:
    """The game's name for the secondary score ("Puntos stoner"), ``None`` when it has none."""
    profile = event.profile
    pods = profile.pod_rules if profile is not None else None
    return pods.secondary_score_es if pods is not None else None
