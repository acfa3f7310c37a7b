"""Read models of events played in pods (issue #9): pods of a round, standings.

Multiplayer games (La Copa del Mundo, the stoner-points game) seat 2–6
players at a table (a *pod*, :class:`~tournaments.models.Table`). These
selectors feed the public pages, the judge page, the API, the PDFs and
``run_event`` alike, each with a bounded number of queries; the adapter that
turns stored pods into the pure core's records is
:func:`tournaments.adapters.load_pod_snapshot`.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Case, Count, IntegerField, Q, Value, When

from ..adapters import StandingRow
from ..enums import MatchStatus, RoundPhase
from ..models import Event, Registration, ResultEntry, Round, Seat, Table
from ..swiss.pods import as_decimal, pod_points
from ..text import fold
from .judge import JUDGE_PAGE_SIZE, JudgeTablePage, entry_author


@dataclass(frozen=True, slots=True)
class PodStandingRow(StandingRow):
    """A pod standings row with the player's public data.

    ``standing`` is the core's :class:`~tournaments.swiss.pods.PodStanding`:
    ``points`` placement points, ``opponents_points`` the sum of the
    pod-mates' points (Buchholz of pods), both :class:`~decimal.Decimal`
    (DESIGN.md decision 17); ``secondary_score`` the game's own score summed
    (stoner points), an integer.
    """

    @property
    def places_text(self) -> str:
        """The places of each pod played, e.g. ``"1-3-2"``."""
        return "-".join(str(place) for place in self.standing.places)


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
    """One pod (table) of a round with its players in seat order.

    ``ended_by_time``: the round's time ran out before the game's own end
    (nobody reached 20 stoner points): places go by score, no normal win.
    """

    pod_id: int
    table_number: int
    status: str
    version: int
    repeats: int
    seats: tuple[SeatRow, ...]
    ended_by_time: bool = False

    @property
    def names(self) -> str:
        return ", ".join(seat.display_name for seat in self.seats)

    @property
    def is_bye(self) -> bool:
        """A pod is never a bye (everyone sits at a table: :func:`tournaments.swiss.pods.pair_pods`)."""
        return False

    @property
    def by_place(self) -> tuple[SeatRow, ...]:
        """Seats ordered by place (best first; no place yet: by seat)."""
        return tuple(sorted(self.seats, key=lambda s: (s.place is None, s.place or 0, s.seat)))


def pods_for_round(rnd: Round) -> list[PodRow]:
    """The pods of ``rnd`` by table number, players in seat order (one query)."""
    seats = Seat.objects.filter(table__round=rnd).values_list(
        "table_id", "table__table_number", "table__status", "table__version", "table__repeats",
        "registration_id", "registration__player__display_name", "registration__player__player_number",
        "seat", "place", "score", "table__went_to_time",
    ).order_by("table__table_number", "seat")
    pods: dict[int, tuple[tuple, list[SeatRow], bool]] = {}
    for pod_id, table, status, version, repeats, rid, name, number, seat, place, score, by_time in seats:
        pods.setdefault(pod_id, ((pod_id, table, status, version, repeats), [], by_time))[1].append(
            SeatRow(rid, name, number, seat, place, score)
        )
    return [PodRow(*head, seats=tuple(rows), ended_by_time=by_time) for head, rows, by_time in pods.values()]


def pod_rows(pod_ids) -> list[PodRow]:
    """The pods ``pod_ids`` with their seats, in the order given (one query;
    none for no ids), ``ended_by_time`` included: what the judge's list and
    form show."""
    if not pod_ids:
        return []
    seats = Seat.objects.filter(table_id__in=pod_ids).values_list(
        "table_id", "table__table_number", "table__status", "table__version", "table__repeats",
        "registration_id", "registration__player__display_name", "registration__player__player_number",
        "seat", "place", "score", "table__went_to_time",
    ).order_by("seat")
    pods: dict[int, tuple[tuple, list[SeatRow], bool]] = {}
    for pod_id, table, status, version, repeats, rid, name, number, seat, place, score, by_time in seats:
        pods.setdefault(pod_id, ((pod_id, table, status, version, repeats), [], by_time))[1].append(
            SeatRow(rid, name, number, seat, place, score)
        )
    return [PodRow(*pods[pk][0], seats=tuple(pods[pk][1]), ended_by_time=pods[pk][2]) for pk in pod_ids if pk in pods]


def pod_for_table(rnd: Round, table_number: int) -> Table | None:
    """The stored pod at ``table_number`` of ``rnd`` (``None`` when there is none)."""
    return Table.objects.filter(round=rnd, table_number=table_number).first()


# --------------------------------------------------------------------------- the judge's list


@dataclass(frozen=True, slots=True)
class JudgePodPage(JudgeTablePage):
    """A page of pods for the judge list: ``tables`` are :class:`PodRow` (no byes: every count is of pods)."""


def judge_pod_page(rnd: Round, *, status: str, query: str, offset: int,
                   limit: int = JUDGE_PAGE_SIZE) -> JudgePodPage:
    """A page of the pods of ``rnd``, pending first, like :func:`tournaments.selectors.judge_table_page`.

    ``status``: ``pendientes``, ``con-resultado`` or anything else for every
    pod; ``query`` keeps the pods with a player whose name or number contains
    it (accents aside). Three queries, four with a search.
    """
    round_pods = Table.objects.filter(round=rnd)
    counts = round_pods.aggregate(total=Count("pk"), pending=Count("pk", filter=Q(status=MatchStatus.PENDING)))
    if status == "pendientes":
        filtered, matched = round_pods.filter(status=MatchStatus.PENDING), counts["pending"]
    elif status == "con-resultado":
        filtered, matched = round_pods.exclude(status=MatchStatus.PENDING), counts["total"] - counts["pending"]
    else:
        filtered, matched = round_pods, counts["total"]
    order = (Case(When(status=MatchStatus.PENDING, then=Value(0)), default=Value(1), output_field=IntegerField()),
             "table_number", "pk")
    needle = fold(query)
    if needle:
        texts: dict[int, list[str]] = {pk: [] for pk in filtered.order_by(*order).values_list("pk", flat=True)}
        for pod_id, name, number in Seat.objects.filter(table__in=filtered).values_list(
                "table_id", "registration__player__display_name", "registration__player__player_number"):
            texts[pod_id] += [name, number]
        ids = [pk for pk, parts in texts.items() if needle in fold(" ".join(parts))]
        matched = len(ids)
        page_ids = ids[offset:offset + limit]
    else:
        page_ids = list(filtered.order_by(*order).values_list("pk", flat=True)[offset:offset + limit])
    return JudgePodPage(tables=pod_rows(page_ids), pending=counts["pending"], total=counts["total"],
                        matched=matched, offset=offset, limit=limit)


# --------------------------------------------------------------------------- the organizer's round page


@dataclass(frozen=True, slots=True)
class PodTableRow:
    """A pod of a round for the organizer: the pod, who entered its last result and when."""

    pod: PodRow
    entered_by: str | None
    entered_at: datetime.datetime | None


def pod_tables(rnd: Round) -> list[PodTableRow]:
    """The pods of ``rnd`` by table number with their last accepted entry (two queries)."""
    last: dict[int, ResultEntry] = {}
    for entry in ResultEntry.objects.filter(table__round=rnd).select_related("entered_by").order_by(
            "table_id", "version"):
        last[entry.table_id] = entry
    return [
        PodTableRow(
            pod=row,
            entered_by=entry_author(last[row.pod_id]) if row.pod_id in last else None,
            entered_at=last[row.pod_id].entered_at if row.pod_id in last else None,
        )
        for row in pods_for_round(rnd)
    ]


@dataclass(frozen=True, slots=True)
class PlacementLine:
    """One player's line of a stored pod result, as the history shows it."""

    place: int
    display_name: str
    player_number: str
    score: int | None


@dataclass(frozen=True, slots=True)
class PodHistoryLine:
    """One accepted entry of a pod with the placements it replaced (``before`` is ``None`` for the first).

    ``placements`` and ``before`` are ordered by place, then name.
    """

    version: int
    entered_by: str
    entered_at: datetime.datetime
    placements: tuple[PlacementLine, ...]
    before: tuple[PlacementLine, ...] | None
    ended_by_time: bool = False


def pod_history(pod: Table) -> list[PodHistoryLine]:
    """Every accepted entry of ``pod``, newest first (two queries).

    An entry's ``placements`` hold ``[registration_id, place, score]``; the
    names come from the pod's seats.
    """
    names = {
        rid: (name, number)
        for rid, name, number in pod.seats.values_list(
            "registration_id", "registration__player__display_name", "registration__player__player_number")
    }

    def lines(placements) -> tuple[PlacementLine, ...]:
        out = [
            PlacementLine(place, *names.get(rid, (f"#{rid}", "")), score)
            for rid, place, score in placements
        ]
        return tuple(sorted(out, key=lambda line: (line.place, line.display_name)))

    entries = list(pod.entries.select_related("entered_by").order_by("version"))
    history = [
        PodHistoryLine(
            version=entry.version,
            entered_by=entry_author(entry),
            entered_at=entry.entered_at,
            placements=lines(entry.placements),
            before=lines(entries[index - 1].placements) if index else None,
            ended_by_time=entry.ended_by_time,
        )
        for index, entry in enumerate(entries)
    ]
    history.reverse()
    return history


# --------------------------------------------------------------------------- a player's pods


@dataclass(frozen=True, slots=True)
class PodMate:
    """Another player of the same pod: their place and score once the result is in."""

    display_name: str
    player_number: str
    place: int | None
    score: int | None


@dataclass(frozen=True, slots=True)
class PlayerPodRound:
    """One round of a player's pod event, from the player's side.

    ``place``/``score``/``points`` are ``None`` while the pod has no result;
    ``points`` are the placement points the place earned (:class:`Decimal`,
    DESIGN.md decision 17 or the event's table); ``ended_by_time``: the pod
    ended when the round's time ran out; ``mates`` are the other players of the pod,
    best place first (by seat while there is no result).
    """

    round_number: int
    table_number: int
    status: str
    pod_size: int
    place: int | None
    score: int | None
    points: Decimal | None
    mates: tuple[PodMate, ...]
    ended_by_time: bool = False


def player_pod_rounds(registration: Registration, *, event: Event | None = None) -> list[PlayerPodRound]:
    """The pods ``registration`` sat in, round by round (one query; ``event`` saves loading it).

    Points follow :func:`tournaments.swiss.pods.pod_points` with the
    event's points setting, as the standings add them up.
    """
    table = (event or registration.event).points_table()
    seats = Seat.objects.filter(
        table__seats__registration=registration, table__round__phase=RoundPhase.SWISS,
    ).values_list(
        "table_id", "table__round__number", "table__table_number", "table__status", "registration_id",
        "registration__player__display_name", "registration__player__player_number", "seat", "place", "score",
        "table__went_to_time",
    ).order_by("table__round__number", "seat")
    pods: dict[int, tuple[tuple[int, int, str, bool], list[tuple]]] = {}
    for pod_id, number, table_number, status, rid, name, player_number, seat, place, score, by_time in seats:
        pods.setdefault(pod_id, ((number, table_number, status, by_time), []))[1].append(
            (rid, name, player_number, seat, place, score))
    out: list[PlayerPodRound] = []
    for (number, table_number, status, by_time), rows in pods.values():
        has_result = status != MatchStatus.PENDING
        own = next(row for row in rows if row[0] == registration.pk)
        others = sorted((row for row in rows if row[0] != registration.pk),
                        key=lambda row: (not has_result or row[4] is None, row[4] or 0, row[3]))
        place = own[4] if has_result else None
        earned = pod_points([(row[0], row[4], row[5]) for row in rows], table) if place is not None else {}
        out.append(PlayerPodRound(
            round_number=number,
            table_number=table_number,
            status=status,
            pod_size=len(rows),
            place=place,
            score=own[5] if has_result else None,
            points=as_decimal(earned[registration.pk]) if place is not None else None,
            mates=tuple(PodMate(row[1], row[2], row[4] if has_result else None, row[5] if has_result else None)
                        for row in others),
            ended_by_time=has_result and by_time,
        ))
    return out
