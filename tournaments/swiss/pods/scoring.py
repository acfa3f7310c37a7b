"""A pod's result as places, and the placement points each place earns.

Places follow competition ranking ("1-2-2-4", see
:mod:`tournaments.swiss.pods`); :func:`check_placements` tells whether a
result does, and :func:`placements_from_scores` and
:func:`placements_from_elimination` build one from a game's end.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from ..errors import PairingError
from .types import Placement

DEFAULT_POINTS_TABLE: Mapping[int, int] = MappingProxyType({1: 3, 2: 2, 3: 1})
"""Placement points by place: 1st 3, 2nd 2, 3rd 1, any later place 0.

Default: issue #9 (an event may set its own table). Since DESIGN.md
decision 17 the default is :func:`share_points`; this table applies only to
an event that chooses a points table.
"""

SHARE_POINTS = 3
"""What beating every other player of a pod is worth (DESIGN.md decision 17)."""


def as_decimal(value: Fraction | int) -> Decimal:
    """An exact point value as :class:`~decimal.Decimal` (28 significant
    digits when it does not terminate; pods of 2–6 always terminate)."""
    value = Fraction(value)
    return Decimal(value.numerator) / Decimal(value.denominator)


def share_points(place: int, pod_size: int, tied: int = 1) -> Fraction:
    """Points (exact) for finishing ``place`` in a pod of ``pod_size``, ``tied``
    players sharing that place (the player included).

    3 × the share of the pod's other players the player finished ahead of;
    a tied pod-mate counts half (the tied players share the average of the
    places they cover). 4 players: 3 / 2 / 1 / 0; 3 players: 3 / 1.5 / 0;
    2 players: 3 / 0; two tied for 1st of 4: 2.5 each. A pod of one earns 0.

    Raises :class:`PairingError` ``"bad_place"`` for a place outside
    ``1..pod_size`` or a tie that does not fit in the pod.

    Default: DESIGN.md decision 17 (pod points must not favour a smaller
    pod: the last of a 2-player pod and the last of a 3-player pod both
    earn 0).
    """
    if not 1 <= place <= pod_size or tied < 1 or place + tied - 1 > pod_size:
        raise PairingError("bad_place", f"place {place} (x{tied}) is outside 1-{pod_size}")
    others = pod_size - 1
    if not others:
        return Fraction(0)
    ahead_of = pod_size - place - (tied - 1)
    return Fraction(SHARE_POINTS) * (Fraction(ahead_of) + Fraction(tied - 1, 2)) / others


def pod_points(
    placements: Iterable[Placement | tuple[int, int, int | None]],
    table: Mapping[int, int] | None = None,
) -> dict[int, Fraction]:
    """Points (exact) of every player of one pod: ``{player_id: points}``.

    ``placements``: the pod's checked lines (see :func:`check_placements`).
    ``table`` ``None``: :func:`share_points` (DESIGN.md decision 17, the
    default); a table: the event's own points by place
    (:func:`placement_points`, each tied player earns the shared place's
    full points). Raises :class:`PairingError` as those functions do.
    """
    lines = [line if type(line) is Placement else Placement(*line) for line in placements]
    size = len(lines)
    if table is not None:
        return {line.player_id: Fraction(placement_points(line.place, size, table)) for line in lines}
    tied: dict[int, int] = {}
    for line in lines:
        tied[line.place] = tied.get(line.place, 0) + 1
    return {line.player_id: share_points(line.place, size, tied[line.place]) for line in lines}


def validate_points_table(table: Mapping[int, int] | None) -> Mapping[int, int]:
    """The points table to use (``None``: :data:`DEFAULT_POINTS_TABLE`).

    ``table`` maps a place (1-based) to integer points; a place not in it
    earns 0. Raises :class:`PairingError` ``"bad_points_table"`` for a
    place below 1, negative or non-integer points, or a place worth more
    than a better one (missing places count 0), e.g. ``{1: 3, 3: 1}``.

    Default: issue #9.
    """
    if table is None:
        return DEFAULT_POINTS_TABLE
    clean: dict[int, int] = {}
    for place, points in table.items():
        if isinstance(place, bool) or not isinstance(place, int) or place < 1:
            raise PairingError("bad_points_table", f"bad place {place!r} in the points table")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise PairingError("bad_points_table", f"place {place} is worth {points!r}; points are integers >= 0")
        clean[place] = points
    last = max(clean, default=0)
    for place in range(1, last):
        if clean.get(place, 0) < clean.get(place + 1, 0):
            raise PairingError("bad_points_table", f"place {place + 1} is worth more than place {place}")
    return MappingProxyType(clean)


def placement_points(place: int, pod_size: int, table: Mapping[int, int] | None = None) -> int:
    """Placement points (integer) for finishing ``place`` in a pod of ``pod_size``.

    ``table``: the event's points by place (``None``: 1st 3, 2nd 2, 3rd 1,
    others 0); a place missing from it earns 0. The same table serves every
    pod size (pods of one round differ by at most one seat, see
    :func:`~tournaments.swiss.pods.seating.pod_sizes`).

    Ties: tied players share the best place of the tie (competition
    ranking) and each earns that place's full points; the places the tie
    covers are skipped. Two tied for 1st both earn 3 and the next player is
    3rd (1 point); three tied for 2nd all earn 2 and the next is 5th. Why:
    points stay integers, no one earns less for a tie than the sole holder
    of that place would, and nobody behind a tie gains from it.

    Raises :class:`PairingError` ``"bad_place"`` for a place outside
    ``1..pod_size`` and ``"bad_points_table"`` (see
    :func:`validate_points_table`).

    Default: issue #9 (table 3/2/1/0; ties: RULES-TRACE.md ambiguity 38
    ranks players, this function prices the shared places).
    """
    if not 1 <= place <= pod_size:
        raise PairingError("bad_place", f"place {place} is outside 1-{pod_size}")
    return validate_points_table(table).get(place, 0)


def check_placements(
    placements: Iterable[Placement | tuple[int, int, int | None]],
    *,
    pod_players: Iterable[int] | None = None,
) -> tuple[Placement, ...]:
    """Check one pod's finishing places; return them as :class:`Placement`.

    ``placements``: one line per player, any order. The places must be a
    competition ranking: each place equals 1 + the number of players with
    a better place (1, 2, 2, 4 is valid; 1, 2, 2, 3 is not). With
    ``pod_players`` (the pod's registration ids), every one of them must
    have exactly one line.

    Raises :class:`PairingError` with code ``"empty_pod_result"``,
    ``"duplicate_player"``, ``"bad_place"`` (below 1 or above the pod's
    size), ``"places_not_ranked"``, ``"missing_player"`` or
    ``"unknown_player"``: the judge or organizer fixes the entry.

    Rule: 002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL JUEGO"
    and 004_4a3d59c736a1e8f3.txt § "5 Fin de partida" (a pod ends in an
    order of players); Default: issue #9 (ties allowed as equal places).
    """
    lines = tuple(line if type(line) is Placement else Placement(*line) for line in placements)
    if not lines:
        raise PairingError("empty_pod_result", "a pod result needs at least one player")
    ids = [line.player_id for line in lines]
    if len(set(ids)) != len(ids):
        raise PairingError("duplicate_player", f"a player is placed twice: {sorted(ids)}")
    size = len(lines)
    places = sorted(line.place for line in lines)
    for line in lines:
        if not 1 <= line.place <= size:
            raise PairingError("bad_place", f"player {line.player_id}: place {line.place} is outside 1-{size}")
    for index, place in enumerate(places):
        if index == 0 or place != places[index - 1]:
            if place != index + 1:
                raise PairingError(
                    "places_not_ranked", f"places {places}: place {place} must be {index + 1} (1 + players ahead)"
                )
    if pod_players is not None:
        expected = set(pod_players)
        missing = expected.difference(ids)
        if missing:
            raise PairingError("missing_player", f"no place for {sorted(missing)}")
        unknown = set(ids) - expected
        if unknown:
            raise PairingError("unknown_player", f"{sorted(unknown)} did not play in this pod")
    return lines


def placements_from_scores(scores: Mapping[int, int], *, ended_by_time: bool = False) -> tuple[Placement, ...]:
    """Places of a pod ranked by its secondary score (stoner points).

    ``scores`` maps each registration id of the pod to its final score
    (integer stoner points). Returns placements best first (ties by id),
    equal scores sharing a place (competition ranking), each carrying its
    score. ``ended_by_time``: the round's time ended the game, so nobody
    plays on and a tied lead shares 1st place.

    Raises :class:`PairingError` ``"empty_pod_result"`` for no players and
    ``"tied_lead"`` when two or more share the highest score of a game not
    ended by time: the game is not over, play goes on until a single leader.

    Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" and § "6 FAQ" (a single
    leader wins; a tie continues); Default: RULES-TRACE.md ambiguities 37
    and 38 (the other places by score; a pod ended by time is ranked the
    same way, since neither the seed nor DESIGN.md gives another order).
    """
    if not scores:
        raise PairingError("empty_pod_result", "a pod result needs at least one player")
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    if not ended_by_time and len(ordered) > 1 and ordered[0][1] == ordered[1][1]:
        raise PairingError("tied_lead", f"{ordered[0][1]} stoner points shared by the leaders: play goes on")
    lines: list[Placement] = []
    for index, (player, score) in enumerate(ordered):
        place = lines[-1].place if lines and lines[-1].score == score else index + 1
        lines.append(Placement(player, place, score))
    return tuple(lines)


def placements_from_elimination(winner: int, eliminated: Sequence[Iterable[int]]) -> tuple[Placement, ...]:
    """Places of a pod ended by elimination (La Copa del Mundo).

    ``winner``: the last Manager standing. ``eliminated``: the other
    players in the order they were knocked out, first out first; each
    entry is the group of ids knocked out at the same moment. The winner
    is 1st, the last group out 2nd (shared), and so on; scores are None.

    Raises :class:`PairingError` ``"duplicate_player"`` when an id appears
    twice (the winner included).

    Rule: 002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL JUEGO";
    Default: RULES-TRACE.md ambiguity 38 (reverse elimination order).
    """
    lines = [Placement(winner, 1)]
    seen = {winner}
    place = 2
    for group in reversed(eliminated):
        members = sorted(group)
        for player in members:
            if player in seen:
                raise PairingError("duplicate_player", f"player {player} appears twice")
            seen.add(player)
            lines.append(Placement(player, place))
        place += len(members)
    return tuple(lines)
