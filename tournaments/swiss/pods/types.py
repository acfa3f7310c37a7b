"""The data of Swiss in pods: results, pods, rounds and standings rows.

Frozen dataclasses (and one named tuple) shared by :mod:`.scoring`,
:mod:`.standings` and :mod:`.seating`; the terms are those of
:mod:`tournaments.swiss.pods`.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple


class Placement(NamedTuple):
    """One player's line of a pod result.

    ``player_id`` is a registration id; ``place`` 1 is the winner (tied
    players share a place, see :mod:`tournaments.swiss.pods`); ``score``
    is the secondary score (stoner points), ``None`` when the game has none.
    """

    player_id: int
    place: int
    score: int | None = None


@dataclass(frozen=True, slots=True)
class PodResult:
    """The finished result of one pod.

    ``placements`` holds one :class:`Placement` (or plain ``(player_id,
    place, score)`` tuple, converted) per player of the pod, any order.
    Places follow competition ranking; :func:`check_placements` tells
    whether they do.
    """

    round_number: int
    pod_number: int
    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        lines = tuple(line if type(line) is Placement else Placement(*line) for line in self.placements)
        object.__setattr__(self, "placements", lines)

    @property
    def players(self) -> tuple[int, ...]:
        """The pod's registration ids, in the order of ``placements``."""
        return tuple(line.player_id for line in self.placements)


@dataclass(frozen=True, slots=True)
class Pod:
    """One table of a pod round.

    ``players`` are registration ids in standings order (round 1: the
    order of the draw, i.e. random seats). ``repeats`` counts the pairs of
    this pod that already shared a pod in an earlier round (0 unless it
    could not be avoided; flagged for the organizer).
    """

    pod_number: int
    players: tuple[int, ...]
    repeats: int = 0

    @property
    def size(self) -> int:
        return len(self.players)


@dataclass(frozen=True, slots=True)
class PodRound:
    """The pods of one round: pod numbers 1..k, pod 1 holding the best-ranked
    player (round 1: the first pod of the draw). ``seed`` is the recorded
    seed the caller drew ``rng`` from (``None`` until the caller sets it)."""

    round_number: int
    tables: tuple[Pod, ...]
    seed: int | None = None

    @property
    def repeats(self) -> int:
        """Repeated pairs over every pod of the round."""
        return sum(pod.repeats for pod in self.tables)

    @property
    def players(self) -> tuple[int, ...]:
        """Every seated registration id, pod by pod."""
        return tuple(player for pod in self.tables for player in pod.players)


@dataclass(frozen=True, slots=True)
class PodStanding:
    """One row of the pod standings.

    ``points`` is the sum of placement points (:class:`Decimal`, exact;
    DESIGN.md decision 17 gives fractions such as 1.5); ``opponents_points``
    the sum over every pod played of each pod-mate's final points; ``secondary_score`` the sum of the secondary scores
    (stoner points; missing scores count 0); ``places`` the player's
    places in round order. ``rank`` is shared by a technical tie
    (``technical_tie=True``; rows ordered by the event's draw);
    ``separated_by`` is the key of the criterion that put the row below the
    row above (``None`` for row 1 and inside a technical tie).
    """

    rank: int
    player_id: int
    points: Decimal
    opponents_points: Decimal
    secondary_score: int
    pods_played: int
    places: tuple[int, ...] = ()
    separated_by: str | None = None
    technical_tie: bool = False
    active: bool = True


@dataclass(frozen=True, slots=True)
class PodTiebreaker:
    """One ranking criterion of pod standings, with display metadata.

    ``attribute`` names the :class:`PodStanding` field it reads (a
    number); higher is better. ``name_es``/``short_label`` label the
    standings table (the game profile may rename the secondary score, e.g.
    "Puntos stoner"); ``rule`` names the source.
    """

    key: str
    name_es: str
    short_label: str
    attribute: str
    rule: str = ""
