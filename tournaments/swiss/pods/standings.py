"""Pod standings: placement points, opponents' points, secondary score.

:func:`pod_standings` ranks every registration of a pod event by the
criteria of the registry :data:`POD_TIEBREAKERS`, in the event's order.
"""
from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from ..errors import PairingError, SwissInvariantError
from .scoring import as_decimal, check_placements, pod_points, validate_points_table
from .types import PodResult, PodStanding, PodTiebreaker

POD_TIEBREAKERS: Mapping[str, PodTiebreaker] = MappingProxyType(
    {
        tiebreaker.key: tiebreaker
        for tiebreaker in (
            PodTiebreaker("points", "Puntos por puesto", "Pts", "points", "Default: issue #9"),
            PodTiebreaker(
                "opponents_points",
                "Puntos de los rivales",
                "Rivales",
                "opponents_points",
                'Default: issue #9 (Buchholz of pods, like 000_0014b2ac83da54b4.txt § "3- Buchholz.")',
            ),
            PodTiebreaker(
                "secondary_score",
                "Puntaje secundario",
                "Sec.",
                "secondary_score",
                'Default: issue #9; 004_4a3d59c736a1e8f3.txt § "1 Objetivo" (stoner points)',
            ),
        )
    }
)
"""Every pod criterion by stable key (a registry, STYLE.md § 2)."""

DEFAULT_POD_TIEBREAKERS: tuple[str, ...] = ("points", "opponents_points", "secondary_score")
"""Placement points, then opponents' points, then the secondary score;
what still ties is a technical tie. Default: issue #9."""


def validate_pod_tiebreakers(keys: Sequence[str]) -> tuple[PodTiebreaker, ...]:
    """Resolve criterion keys to :data:`POD_TIEBREAKERS` entries, in order.

    Raises :class:`PairingError` ``"unknown_tiebreaker"`` or
    ``"duplicate_tiebreaker"`` (organizer settings).

    Default: issue #9 (the event stores an ordered list of keys).
    """
    if isinstance(keys, str):
        keys = (keys,)
    resolved: list[PodTiebreaker] = []
    for key in keys:
        if key not in POD_TIEBREAKERS:
            raise PairingError("unknown_tiebreaker", f"unknown pod tiebreaker {key!r}")
        if POD_TIEBREAKERS[key] in resolved:
            raise PairingError("duplicate_tiebreaker", f"pod tiebreaker {key!r} given twice")
        resolved.append(POD_TIEBREAKERS[key])
    return tuple(resolved)


def pod_standings(
    player_ids: Iterable[int],
    results: Iterable[PodResult],
    *,
    points_table: Mapping[int, int] | None = None,
    active: Container[int] | None = None,
    draw_order: Mapping[int, int] | None = None,
    tiebreakers: Sequence[str] = DEFAULT_POD_TIEBREAKERS,
) -> tuple[PodStanding, ...]:
    """Rank every player of a pod event.

    Shapes: ``player_ids`` holds every registration of the event, dropped
    ones included (ranked like anyone, ``active=False``), any order.
    ``results`` holds every finished :class:`PodResult`, any order.
    ``points_table`` is the event's points by place (``None``: DESIGN.md
    decision 17, 3 × the share of pod-mates finished ahead of, see
    :func:`~tournaments.swiss.pods.scoring.share_points`).
    ``active``: the registrations still playing (``None``: all).
    ``draw_order`` maps an id to its place in the event's recorded draw;
    ids missing from it come after, by id. ``tiebreakers``: ordered keys of
    :data:`POD_TIEBREAKERS`.

    Returns one :class:`PodStanding` per registration, best first, ranked
    by placement points, then opponents' points (each pod-mate's points
    over ``results``, once per pod shared; a dropped pod-mate counts with
    the points they finished with), then the secondary score total; rows
    still level are a technical tie, sharing the rank (1, 2, 2, 4) and
    ordered by ``draw_order`` then id. ``points`` and ``opponents_points``
    are :class:`~decimal.Decimal` (exact sums: ranked before any rounding;
    pages show one decimal).

    Raises :class:`PairingError` ``"bad_points_table"``,
    ``"unknown_tiebreaker"`` or ``"duplicate_tiebreaker"`` for bad
    settings, and :class:`SwissInvariantError` for inconsistent results:
    an id not in ``player_ids``, a player in two pods of one round, a pod
    number used twice in a round, or places that :func:`check_placements`
    refuses.

    Default: issue #9 (criteria and their order); DESIGN.md decisions 2
    (dropped opponents) and 11 (technical tie by the recorded draw).
    """
    criteria = validate_pod_tiebreakers(tiebreakers)
    table = None if points_table is None else validate_points_table(points_table)
    index: dict[int, int] = {}
    ids: list[int] = []
    for pid in player_ids:
        if pid not in index:
            index[pid] = len(ids)
            ids.append(pid)
    n = len(ids)
    points: list[Fraction] = [Fraction(0)] * n
    secondary = [0] * n
    played = [0] * n
    places: list[list[int]] = [[] for _ in range(n)]
    pods: list[list[int]] = []
    busy: dict[int, set[int]] = {}
    numbered: set[tuple[int, int]] = set()

    for result in sorted(results, key=lambda r: (r.round_number, r.pod_number)):
        where = f"round {result.round_number}, pod {result.pod_number}"
        try:
            lines = check_placements(result.placements)
        except PairingError as error:
            raise SwissInvariantError(f"{where}: {error}") from error
        if (result.round_number, result.pod_number) in numbered:
            raise SwissInvariantError(f"{where}: pod number used twice")
        numbered.add((result.round_number, result.pod_number))
        seated = busy.setdefault(result.round_number, set())
        rows: list[int] = []
        earned = pod_points(lines, table)
        for line in lines:
            row = index.get(line.player_id)
            if row is None:
                raise SwissInvariantError(f"{where}: player {line.player_id} is not in player_ids")
            if row in seated:
                raise SwissInvariantError(f"{where}: player {line.player_id} plays twice in the round")
            seated.add(row)
            rows.append(row)
            points[row] += earned[line.player_id]
            secondary[row] += line.score or 0
            played[row] += 1
            places[row].append(line.place)
        pods.append(rows)

    opponents: list[Fraction] = [Fraction(0)] * n
    for rows in pods:
        total = sum([points[row] for row in rows], Fraction(0))
        for row in rows:
            opponents[row] += total - points[row]

    columns = {"points": points, "opponents_points": opponents, "secondary_score": secondary}
    used = [columns[criterion.attribute] for criterion in criteria]
    order = draw_order or {}

    def draw_key(row: int) -> tuple[int, int, int]:
        position = order.get(ids[row])
        return (0, position, ids[row]) if position is not None else (1, 0, ids[row])

    values = [tuple(-column[row] for column in used) for row in range(n)]
    ranked = sorted(range(n), key=lambda row: (values[row], draw_key(row)))
    out: list[PodStanding] = []
    rank = 0
    for position, row in enumerate(ranked):
        separated: str | None = None
        level = position > 0 and values[row] == values[ranked[position - 1]]
        if position and not level:
            previous = values[ranked[position - 1]]
            separated = next(c.key for c, new, old in zip(criteria, values[row], previous) if new != old)
        if not level:
            rank = position + 1
        following = position + 1 < n and values[ranked[position + 1]] == values[row]
        pid = ids[row]
        out.append(
            PodStanding(
                rank=rank,
                player_id=pid,
                points=as_decimal(points[row]),
                opponents_points=as_decimal(opponents[row]),
                secondary_score=secondary[row],
                pods_played=played[row],
                places=tuple(places[row]),
                separated_by=separated,
                technical_tie=level or following,
                active=True if active is None else pid in active,
            )
        )
    return tuple(out)
