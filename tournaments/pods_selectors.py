"""Read models of events played in pods (issue #9): pods of a round, standings.

Multiplayer games (La Copa del Mundo, the stoner-points game) seat 2–6
players at a table (a *pod*, :class:`~tournaments.models.PodTable`). These
selectors feed the public pages, the judge page, the API, the PDFs and
``run_event`` alike, each with a bounded number of queries;
:func:`load_pod_snapshot` is the adapter that turns stored pods into the
pure core's :class:`~tournaments.swiss.pods.PodResult` records.
"""
from __future__ import annotations

from dataclasses import dataclass

from .adapters import RegistrationRow, load_registrations
from .enums import MatchStatus, RoundPhase
from .models import Event, PodSeat, PodTable, Round
from .swiss.pods import PodResult, PodStanding, pod_standings


@dataclass(frozen=True, slots=True)
class PodSnapshot:
    """Plain view of a pod event for the core.

    ``registrations``: id → row; ``results``: one :class:`PodResult` per pod
    with a result (reported or confirmed), any order; ``pending``: table
    numbers of pods still without one, sorted.
    """

    registrations: dict[int, RegistrationRow]
    results: tuple[PodResult, ...]
    pending: tuple[int, ...]

    @property
    def active_ids(self) -> list[int]:
        return [rid for rid, reg in self.registrations.items() if reg.active]

    @property
    def draw_order(self) -> dict[int, int]:
        return {rid: reg.draw_order for rid, reg in self.registrations.items()}


def load_pod_snapshot(event: Event) -> PodSnapshot:
    """Registrations and pod results of ``event`` (two queries, no model instances)."""
    registrations = load_registrations(event)
    seats = PodSeat.objects.filter(pod__round__event=event, pod__round__phase=RoundPhase.SWISS).values_list(
        "pod_id", "pod__round__number", "pod__table_number", "pod__status", "registration_id", "place", "score",
    ).order_by("pod__round__number", "pod__table_number", "seat")
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


@dataclass(frozen=True, slots=True)
class PodStandingRow:
    """A pod standings row with the player's public data.

    ``points`` placement points, ``opponents_points`` the sum of the
    pod-mates' points (Buchholz of pods), ``secondary_score`` the game's own
    score summed (stoner points); integers.
    """

    standing: PodStanding
    display_name: str
    player_number: str
    venue: str
    registration_id: int
    dropped: bool
    disqualified: bool

    def __getattr__(self, name: str):  # rank, points, opponents_points … straight from the core row
        return getattr(self.standing, name)

    @property
    def places_text(self) -> str:
        """The places of each pod played, e.g. ``"1-3-2"``."""
        return "-".join(str(place) for place in self.standing.places)


def pod_standings_for_event(event: Event) -> list[PodStandingRow]:
    """Pod standings of ``event`` after every result entered so far (two queries).

    Ranked by placement points, opponents' points, then the secondary score;
    still level is a technical tie (see :func:`tournaments.swiss.pods.pod_standings`).
    """
    snapshot = load_pod_snapshot(event)
    rows: list[PodStandingRow] = []
    for standing in core_pod_standings(event, snapshot):
        reg = snapshot.registrations[standing.player_id]
        rows.append(
            PodStandingRow(standing, reg.display_name, reg.player_number, reg.venue, reg.id, reg.dropped,
                           reg.disqualified)
        )
    return rows


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a pod as pages show it; ``place``/``score`` ``None`` until entered."""

    registration_id: int
    display_name: str
    player_number: str
    seat: int
    place: int | None
    score: int | None


@dataclass(frozen=True, slots=True)
class PodRow:
    """One pod (table) of a round with its players in seat order."""

    pod_id: int
    table_number: int
    status: str
    version: int
    repeats: int
    seats: tuple[SeatRow, ...]

    @property
    def names(self) -> str:
        return ", ".join(seat.display_name for seat in self.seats)

    @property
    def by_place(self) -> tuple[SeatRow, ...]:
        """Seats ordered by place (best first; no place yet: by seat)."""
        return tuple(sorted(self.seats, key=lambda s: (s.place is None, s.place or 0, s.seat)))


def pods_for_round(rnd: Round) -> list[PodRow]:
    """The pods of ``rnd`` by table number, players in seat order (one query)."""
    seats = PodSeat.objects.filter(pod__round=rnd).values_list(
        "pod_id", "pod__table_number", "pod__status", "pod__version", "pod__repeats",
        "registration_id", "registration__player__display_name", "registration__player__player_number",
        "seat", "place", "score",
    ).order_by("pod__table_number", "seat")
    pods: dict[int, tuple[tuple, list[SeatRow]]] = {}
    for pod_id, table, status, version, repeats, rid, name, number, seat, place, score in seats:
        pods.setdefault(pod_id, ((pod_id, table, status, version, repeats), []))[1].append(
            SeatRow(rid, name, number, seat, place, score)
        )
    return [PodRow(*head, seats=tuple(rows)) for head, rows in pods.values()]


def pod_for_table(rnd: Round, table_number: int) -> PodTable | None:
    """The stored pod at ``table_number`` of ``rnd`` (``None`` when there is none)."""
    return PodTable.objects.filter(round=rnd, table_number=table_number).first()


def secondary_score_label(event: Event) -> str | None:
    """The game's name for the secondary score ("Puntos stoner"), ``None`` when it has none."""
    profile = event.profile
    pods = profile.pods if profile is not None else None
    return pods.secondary_score_es if pods is not None else None
