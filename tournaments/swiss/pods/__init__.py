"""Swiss in pods: rounds of multiplayer games, 2 to 6 players at a table.

Terms (issue #9):

- *pod*: the players seated at one table of a multiplayer game (La Copa del
  Mundo, 2–4 Managers; the stoner-points game, 2–6 players).
  ``pod_number`` is its table number; pod 1 holds the best-ranked player.
- *place*: a player's finishing place in a pod, 1 best. Tied players share
  a place and the places they cover are skipped (competition ranking,
  "1-2-2-4"): two players tied behind the winner are both 2nd and the next
  one is 4th.
- *placement points*: by default 3 × the share of the pod's other players
  a player finished ahead of, a tied pod-mate counting half (DESIGN.md
  decision 17: 4 players 3/2/1/0, 3 players 3/1.5/0, 2 players 3/0); an
  event may instead set a table of integer points per place.
- *secondary score*: the game's own score recorded beside the place, e.g.
  the stoner points of 004; an integer, ``None`` when the game has none.
- *opponents' points*: the Buchholz of pods, the sum over every pod a
  player sat in of the final placement points of each pod-mate.
- *repeat*: two players in one pod who already shared a pod in an earlier
  round. Pods avoid repeats while avoidable, as Swiss avoids rematches.

Main functions, by module:

- :mod:`.types`: the data (:class:`Placement`, :class:`PodResult`,
  :class:`Pod`, :class:`PodRound`, :class:`PodStanding`,
  :class:`PodTiebreaker`);
- :mod:`.scoring`: :func:`placement_points`, :func:`check_placements`,
  :func:`placements_from_scores`, :func:`placements_from_elimination`:
  a pod's result as places, and its points;
- :mod:`.standings`: :func:`pod_standings`: the ranking, with the
  tiebreaker registry :data:`POD_TIEBREAKERS`;
- :mod:`.seating`: :func:`pod_sizes`: how many pods of which size seat
  every player; :func:`pair_pods`: the pods of a round (random round 1,
  then by points with no repeat while avoidable). Its module docstring
  describes the steps, the cost, the bounds and the measured times.

Nothing here imports Django; all randomness comes from the ``rng``
argument.
"""
from __future__ import annotations

from .scoring import (
    DEFAULT_POINTS_TABLE,
    SHARE_POINTS,
    as_decimal,
    check_placements,
    placement_points,
    placements_from_elimination,
    placements_from_scores,
    pod_points,
    share_points,
    validate_points_table,
)
from .seating import pair_pods, pod_sizes, shared_pods
from .standings import DEFAULT_POD_TIEBREAKERS, POD_TIEBREAKERS, pod_standings, validate_pod_tiebreakers
from .types import Placement, Pod, PodResult, PodRound, PodStanding, PodTiebreaker

__all__ = [
    "DEFAULT_POD_TIEBREAKERS",
    "DEFAULT_POINTS_TABLE",
    "SHARE_POINTS",
    "as_decimal",
    "POD_TIEBREAKERS",
    "Placement",
    "Pod",
    "PodResult",
    "PodRound",
    "PodStanding",
    "PodTiebreaker",
    "check_placements",
    "pair_pods",
    "placement_points",
    "placements_from_elimination",
    "placements_from_scores",
    "pod_points",
    "share_points",
    "pod_sizes",
    "pod_standings",
    "shared_pods",
    "validate_points_table",
    "validate_pod_tiebreakers",
]
