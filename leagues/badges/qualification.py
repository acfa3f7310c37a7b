"""Qualification lists: the seats venue tables give, and the Verano venue final.

Seats for "Super Liga La Final" and El Nacional come from each venue's
season table; a tie across the last seat is left to the organizer
(RULES-TRACE ambiguity 15).
"""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from leagues.scoring import TableRow
from tournaments.swiss.types import BracketMatch

from .season import _require

# --------------------------------------------------------------------------
# La Final and El Nacional
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VenueSeats:
    """The seats one venue's season table gives.

    ``qualified``: players certainly in, table order. ``contested``: players
    tied across the last seat, table order; they compete for
    ``open_seats`` seats and the organizer decides (:func:`resolve_seats`).
    ``decided_by_organizer``: players the organizer chose for those seats.
    """

    venue_id: int
    seats: int
    qualified: tuple[int, ...]
    contested: tuple[int, ...] = ()
    open_seats: int = 0
    decided_by_organizer: tuple[int, ...] = ()

    @property
    def needs_organizer(self) -> bool:
        return bool(self.contested)


def allocate_seats(
    venue_id: int, table: Sequence[TableRow], seats: int
) -> VenueSeats:
    """The top ``seats`` places of a venue table, ties at the cut flagged.

    ``table``: rows of :func:`leagues.scoring.rank_table`, rank order.
    A group sharing a rank goes in whole when it fits; the group that
    straddles the last seat is *contested* for the seats left (an organizer
    decision, RULES-TRACE ambiguity 15; DESIGN.md decision 11 allows a
    playoff or a recorded draw).

    Errors: :class:`LeagueInputError` ``bad_seats`` for ``seats < 0``.
    """
    _require(seats >= 0, "bad_seats", f"seats must be >= 0, got {seats}")
    groups: dict[int, list[int]] = defaultdict(list)
    for row in table:
        groups[row.rank].append(row.player_id)
    qualified: list[int] = []
    for rank in sorted(groups):
        members = groups[rank]
        if len(qualified) + len(members) <= seats:
            qualified.extend(members)
            continue
        open_seats = seats - len(qualified)
        if open_seats > 0:
            return VenueSeats(
                venue_id, seats, tuple(qualified), tuple(members), open_seats
            )
        break
    return VenueSeats(venue_id, seats, tuple(qualified))


def resolve_seats(seats: VenueSeats, chosen: Sequence[int]) -> VenueSeats:
    """Record the organizer's choice among the contested players.

    ``chosen``: exactly ``open_seats`` distinct contested players.
    Errors: :class:`LeagueInputError` ``bad_choice`` otherwise.
    Default: RULES-TRACE ambiguity 15 ("settled by the organizer, and the
    decision is recorded").
    """
    chosen = tuple(chosen)
    _require(
        len(set(chosen)) == len(chosen) == seats.open_seats
        and set(chosen) <= set(seats.contested),
        "bad_choice",
        f"choose {seats.open_seats} of {seats.contested}, got {chosen}",
    )
    ordered = tuple(p for p in seats.contested if p in chosen)
    return VenueSeats(
        venue_id=seats.venue_id,
        seats=seats.seats,
        qualified=seats.qualified + ordered,
        contested=(),
        open_seats=0,
        decided_by_organizer=ordered,
    )


def la_final_qualifiers(
    venue_tables: Mapping[int, Sequence[TableRow]],
) -> tuple[VenueSeats, ...]:
    """The top player of each venue's season table, for "Super Liga La Final".

    ``venue_tables``: ``{venue_id: rows}`` from
    :func:`leagues.scoring.venue_tables` at the season's end. One seat per
    venue; a tie for first is flagged (``needs_organizer``).

    Shapes: one :class:`VenueSeats` per venue, sorted by venue id.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-47); RULES-TRACE
    ambiguity 15.
    """
    return tuple(
        allocate_seats(venue, venue_tables[venue], 1)
        for venue in sorted(venue_tables)
    )


@dataclass(frozen=True, slots=True)
class NacionalQualifiers:
    """Direct (free) qualifiers for El Nacional.

    ``by_venue``: the quota of each venue. ``by_badges``: six-badge holders,
    sorted. ``direct``: every player qualified by either route, sorted
    (contested players only once the organizer has decided).
    """

    by_venue: tuple[VenueSeats, ...]
    by_badges: tuple[int, ...]
    direct: tuple[int, ...]

    @property
    def needs_organizer(self) -> bool:
        return any(v.needs_organizer for v in self.by_venue)


def nacional_direct_qualifiers(
    venue_tables: Mapping[int, Sequence[TableRow]],
    n_per_venue: int,
    six_badge_holders: Iterable[int],
) -> NacionalQualifiers:
    """Top ``n_per_venue`` of each venue table plus the six-badge holders.

    The two routes are independent: a six-badge holder inside the quota
    holds a quota seat (the seat does not pass down), and a tie across the
    quota is flagged for the organizer even when a contested player also
    holds the sixth badge.

    Errors: :class:`LeagueInputError` ``bad_seats`` for a negative quota.
    Rule: 000_0014b2ac83da54b4.txt § "El Nacional" (R-000-59) and § "Super
    Liga" (R-000-45); RULES-TRACE ambiguity 15.
    """
    by_venue = tuple(
        allocate_seats(venue, venue_tables[venue], n_per_venue)
        for venue in sorted(venue_tables)
    )
    by_badges = tuple(sorted(set(six_badge_holders)))
    direct = {p for seats in by_venue for p in seats.qualified}
    direct.update(by_badges)
    return NacionalQualifiers(by_venue, by_badges, tuple(sorted(direct)))


# --------------------------------------------------------------------------
# Torneo de verano: the venue final
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VeranoQualifier:
    """A player in a venue's Verano final: ``seed`` 1-based,
    ``best_placing`` 1 or 2, ``points`` their Verano league points."""

    player_id: int
    seed: int
    best_placing: int
    points: int


@dataclass(frozen=True, slots=True)
class VeranoFinal:
    """A venue's Verano "reducido final".

    ``qualifiers``: seed order. ``matches``: first-round matches of a
    single-elimination bracket of the next power of two (``stage`` 1 is the
    final, 2 the semifinals; ``seed_a``/``seed_b`` are Verano seeds;
    ``player_b`` ``None`` is a bye). ``representative``: the venue's
    representative when only one player qualified, else ``None`` (decided
    by the bracket). ``unresolved_ties``: players level on placing and
    points were ordered by player id because no draw was given.
    """

    qualifiers: tuple[VeranoQualifier, ...]
    matches: tuple[BracketMatch, ...]
    representative: int | None
    unresolved_ties: bool = False


def _top2(value: Sequence[int | None], which: str) -> tuple[int | None, ...]:
    value = tuple(value)
    _require(len(value) == 2, "verano_shape", f"{which}: give (first, second)")
    first, second = value
    _require(
        not (first is None and second is not None),
        "verano_shape",
        f"{which}: second place without a first",
    )
    _require(
        first is None or first != second,
        "verano_shape",
        f"{which}: player {first} is both first and second",
    )
    return value


def verano_venue_final(
    date1_top2: Sequence[int | None],
    date2_top2: Sequence[int | None],
    verano_points: Mapping[int, int],
    *,
    rng: random.Random | None = None,
) -> VeranoFinal:
    """The bracket of a venue's Verano final from its two January dates.

    ``date1_top2``/``date2_top2``: ``(first, second)`` player ids of each
    date (``None`` for a vacant place). ``verano_points``: league points
    each qualifier earned in the Verano dates (integer points). ``rng``: a
    recorded draw for players still level (DESIGN.md decision 11).

    The distinct qualifiers are seeded by best placing (1st before 2nd),
    then by Verano points (more first), then by the draw (or player id,
    flagged). Bracket of the next power of two, seeded 1v4 and 2v3
    (DESIGN.md decision 6), byes in the empty slots; two qualifiers play
    a final; one is the representative. The final posts no points
    (``EventKind.VERANO_FINAL``). The organizer can change the bracket.

    Errors: :class:`LeagueInputError` ``verano_shape`` for a malformed top
    2 and ``verano_points_missing`` when a qualifier has no points.
    Rule: 000_0014b2ac83da54b4.txt § "Torneo de verano" (R-000-57);
    Default: RULES-TRACE ambiguity 20.
    """
    placings: dict[int, int] = {}
    for which, top2 in (("date 1", date1_top2), ("date 2", date2_top2)):
        for place, player in enumerate(_top2(top2, which), start=1):
            if player is not None:
                placings[player] = min(placings.get(player, place), place)
    for player in placings:
        _require(
            player in verano_points,
            "verano_points_missing",
            f"qualifier {player} has no Verano points",
        )
    draw: dict[int, float] = {}
    if rng is not None:
        for player in sorted(placings):
            draw[player] = rng.random()

    def level(player: int) -> tuple[int, int]:
        return (placings[player], -verano_points[player])

    order = sorted(placings, key=lambda p: (level(p), draw.get(p, 0.0), p))
    levels = [level(p) for p in order]
    unresolved = rng is None and len(set(levels)) < len(levels)
    qualifiers = tuple(
        VeranoQualifier(p, seed, placings[p], verano_points[p])
        for seed, p in enumerate(order, start=1)
    )

    count = len(order)
    if count <= 1:
        representative = order[0] if order else None
        return VeranoFinal(qualifiers, (), representative, unresolved)
    if count == 2:
        matches = (BracketMatch(1, 1, order[0], order[1], 1, 2),)
    else:
        seeded = order + [None] * (4 - count)
        matches = (
            BracketMatch(
                2, 1, seeded[0], seeded[3], 1, None if seeded[3] is None else 4
            ),
            BracketMatch(2, 2, seeded[1], seeded[2], 2, 3),
        )
    return VeranoFinal(qualifiers, matches, None, unresolved)
