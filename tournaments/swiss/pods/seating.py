"""Seating a round of pods: the pod sizes, then who sits with whom.

:func:`pod_sizes` splits the field into pods; :func:`pair_pods` seats a
round (random round 1, then by points with no repeat while avoidable).

How a later round is seated (:func:`pair_pods`):

1. Rank the active players by the standings (late entries last, 0 points)
   and cut the field into :func:`pod_sizes`. Work out a *floor*, a lower
   bound on the repeats any seating must hold (:func:`_lower_bound`: the
   pigeonhole count over each earlier round's pods, and the players who
   have met nearly everyone); the search stops as soon as it reaches it.
2. **Greedy**: fill pod after pod in standings order. Each pod starts with
   the best-ranked player not seated yet and takes the next players in
   standings order who shared no pod with anyone already in it, looking at
   most ``4 × max pod size`` unseated players ahead; if the pod is still
   short, it takes the candidate of that window with the fewest repeats.
   Skipped players go on to the next pods.
3. **Descent**: while some pod holds a repeat, swap a player of that pod
   with a player of another pod when the swap lowers the repeats; the best
   swap (by the cost below) among the 8 nearest pods on either side wins,
   else the best in the whole field.
4. **Exact search** (fields of at most 64 players, a repeat left and a
   floor of 0): a depth-first search for a seating without repeats that
   always seats the player with the fewest pods still open to them (no
   one they met, room left). It runs twice (ties drawn with ``rng`` the
   second time) within 64,000 nodes in all; fields of up to 12
   players get one search that runs to the end, so a repeat is left there
   only when none can be avoided.
5. **Tabu walk** (repeats above the floor left): min-conflicts with a
   tabu list. Each step draws (``rng``) a player in a pod with a repeat
   and takes their swap that leaves the fewest repeats, even a worse one
   (ties drawn with ``rng``); players just moved stay put for a few steps
   unless moving them beats the best seating seen, which is kept. At most
   :data:`TABU_STEPS` steps and :data:`TABU_EVALUATIONS` swap prices.
6. **Polish**: swaps between pods at most 2 apart (any two pods in fields
   of up to 64 players), taken while they lower the cost.

*Cost* of a seating, compared lexicographically: (number of repeated
pairs, Σ over pods of Σ over pairs of (points difference)², Σ over pods of
Σ over pairs of (standings distance)²). Repeats come first, then players
of equal points together, then standings neighbours together. Each swap
is priced in O(pod size) from per-pod sums (k·Σx² − (Σx)² is the pairwise
sum). Every bound is a count, never a clock, so the same input and rng
state always give the same pods.

Complexity: with ``n`` players and pods of at most ``s``: the greedy is
O(n·s²) set look-ups; finding one descent swap costs O(s²) per pod
scanned (16 pods, or all n/s of them when those fail: O(n·s)); a polish
sweep O(n·s²); the exact search (n <= 64) at most 64,000 nodes of O(n)
each (fields of up to 12: until settled); the tabu walk at most
150,000 swap prices. Measured on a shared 2-core machine (CPython 3.11),
9 rounds with random places, standings included: 500 players in pods of
3–4, 4–6 or 2–6 at most about 0.1 s a round, with no repeat; 2,000
players in pods of 3–4 under 0.5 s a round; fields of 7–60 players
average 25 ms a round, the slowest (a repeat that cannot be avoided,
steps 4 and 5 running to their bounds) about 0.5 s.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from ..errors import PairingError, SwissInvariantError
from .standings import pod_standings
from .types import Pod, PodResult, PodRound, PodStanding

GREEDY_LOOKAHEAD = 4
"""The greedy looks at most ``GREEDY_LOOKAHEAD × max pod size`` unseated
players ahead of a pod's first player (step 2)."""

NEAR_PODS = 8
"""Descent looks for the best swap among this many pods on either side
first (step 3)."""

EXACT_LIMIT = 64
"""Fields of at most this many players get the exact search (step 4) and
a polish over every pair of pods (step 6)."""

EXACT_NODES = 64_000
"""Node limit of the exact search over all its restarts (a bound, so the
time is bounded too)."""

SMALL_FIELD = 12
"""Fields of at most this many players get one exact search of up to
:data:`SMALL_FIELD_NODES` nodes, which settles them in full (their
search trees are far smaller)."""

SMALL_FIELD_NODES = 1_000_000

EXACT_RESTARTS = 2
"""The exact search runs this many times, ties among equally
constrained players broken by ``rng`` after the first try (searches that
get stuck early are heavy-tailed; fresh starts rescue them)."""

TABU_EVALUATIONS = 150_000
"""Swap prices the tabu walk may compute in one round (step 5)."""

TABU_STEPS = 2_000
"""Most steps of the tabu walk in one round (step 5)."""

POLISH_REACH = 2
"""The polish swaps players of pods at most this far apart (step 6)."""


# --------------------------------------------------------------------------
# Pod sizes
# --------------------------------------------------------------------------


def _check_sizes(min_size: int, max_size: int, preferred: int | None) -> int:
    """The target size; raises ``PairingError("bad_pod_sizes")``."""
    if min_size < 2 or max_size < min_size:
        raise PairingError("bad_pod_sizes", f"pod sizes must satisfy 2 <= min <= max, not {min_size}-{max_size}")
    target = max_size if preferred is None else preferred
    if not min_size <= target <= max_size:
        raise PairingError("bad_pod_sizes", f"preferred pod size {preferred} is outside {min_size}-{max_size}")
    return target


def pod_sizes(n_players: int, min_size: int, max_size: int, preferred: int | None = None) -> list[int]:
    """The pod sizes that seat every player, largest first.

    The rule: use the fewest pods in which nobody sits above ``preferred``
    (``None``: ``max_size``), sizes as even as possible (two pods never
    differ by more than one seat). If those pods would fall below
    ``min_size``, use fewer pods (larger than ``preferred``, never above
    ``max_size``). Formally, with ``k`` pods a split exists exactly when
    ``k·min_size <= n <= k·max_size``; ``k = min(ceil(n / preferred),
    floor(n / min_size))`` and the sizes are ``ceil(n / k)`` and
    ``floor(n / k)``.

    Examples: 13 players in 3–4 → [4, 3, 3, 3]; 7 in 3–4 → [4, 3]; 13 in
    2–4 → [4, 3, 3, 3] (no pod of 2); 50 in 4–6 → [6, 6, 6, 6, 6, 5, 5,
    5, 5]; 13 in 4–6 → [5, 4, 4].

    Why even: placement points are compared across pods, so pods should be
    as alike as the field allows; the fewest pods keep each pod as large
    as the game prefers ("prefer the largest allowed, then fill with
    smaller pods", 4-player pods with 3-player pods to fill for La Copa del
    Mundo).

    Raises :class:`PairingError` ``"bad_pod_sizes"`` when ``min_size`` is
    below 2, above ``max_size``, or ``preferred`` is outside them, and
    ``"too_few_players"`` when no split seats everyone (1 player; 5 players
    in pods of exactly 3; 7 players in pods of 4–6): the organizer can
    widen the sizes or change the field.

    Rule: 002_c95a30c488414cab.txt § "La Copa del Mundo › INTRODUCCION"
    and 004_4a3d59c736a1e8f3.txt § "Manual de juego" (the game's range);
    Default: issue #9 (prefer the largest, nobody sits out; even sizes).
    """
    target = _check_sizes(min_size, max_size, preferred)
    n = n_players
    most = n // min_size
    if n < 1 or -(-n // max_size) > most:
        raise PairingError(
            "too_few_players", f"{n} players cannot be seated in pods of {min_size}-{max_size} with nobody out"
        )
    k = min(-(-n // target), most)
    q, r = divmod(n, k)
    return [q + 1] * r + [q] * (k - r)



# --------------------------------------------------------------------------
# Seating a round
# --------------------------------------------------------------------------


def shared_pods(history: Iterable[PodResult]) -> set[tuple[int, int]]:
    """Every pair that already shared a pod, as ``(smaller id, larger id)``.

    Default: issue #9 ("avoiding players who already shared a pod").
    """
    pairs: set[tuple[int, int]] = set()
    for result in history:
        players = sorted(result.players)
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                pairs.add((a, b))
    return pairs


def pair_pods(
    round_number: int,
    active_ids: Sequence[int],
    history: Sequence[PodResult],
    *,
    rng: random.Random,
    sizes: tuple[int, int],
    preferred: int | None = None,
    standings: Sequence[PodStanding] | None = None,
    points_table: Mapping[int, int] | None = None,
) -> PodRound:
    """Seat one round of pods.

    Shapes: ``active_ids`` holds every registration that plays this round,
    any order (dropped players left out, late entries in). ``history``
    holds every finished :class:`PodResult` of the earlier rounds, any
    order. ``rng`` is seeded by the caller from the recorded seed.
    ``sizes`` is ``(min, max)`` players per pod and ``preferred`` the
    size to aim for (``None``: max), as in :func:`pod_sizes`.
    ``standings``, when given, is the current standings, best first;
    otherwise they are computed from ``history`` with ``points_table`` and
    the default criteria. Active players missing from ``standings`` rank
    last with 0 points, by id.

    Round 1 (``round_number == 1``, or no earlier pod of any active
    player): the ids are sorted, shuffled by ``rng`` and cut into pods of
    :func:`pod_sizes` in that order (Default: DESIGN.md decision 11).
    Later rounds: grouped by points with no repeat while avoidable, by the
    steps, cost and bounds of the module docstring (Default: issue #9).

    Returns a :class:`PodRound` (``seed`` None: the caller records it):
    every active id exactly once, pod sizes those of :func:`pod_sizes`,
    pods numbered from 1 (pod 1 holds the best-ranked player), players of
    a pod in standings order, ``Pod.repeats`` flagging repeated pairs. The
    same inputs and rng state always give the same pods.

    Raises :class:`PairingError` ``"bad_round_number"`` (below 1),
    ``"bad_pod_sizes"`` and ``"too_few_players"`` (see :func:`pod_sizes`),
    and :class:`SwissInvariantError` for a repeated active id or
    inconsistent history.
    """
    if round_number < 1:
        raise PairingError("bad_round_number", f"round number must be at least 1, not {round_number}")
    active = list(active_ids)
    active_set = set(active)
    if len(active_set) != len(active):
        raise SwissInvariantError("active_ids repeats a registration")
    min_size, max_size = sizes
    plan = pod_sizes(len(active), min_size, max_size, preferred)
    met_ids = shared_pods(history)

    if round_number == 1 or not any(not active_set.isdisjoint(result.players) for result in history):
        order = sorted(active)
        rng.shuffle(order)
        pods: list[list[int]] = []
        start = 0
        for size in plan:
            pods.append(order[start : start + size])
            start += size
        return _build(round_number, pods, met_ids)

    order, points = _rank(active, active_set, history, standings, points_table)
    position = {pid: p for p, pid in enumerate(order)}
    met: list[set[int]] = [set() for _ in order]
    for a, b in met_ids:
        pa = position.get(a)
        pb = position.get(b)
        if pa is not None and pb is not None:
            met[pa].add(pb)
            met[pb].add(pa)
    groups: dict[int, dict[int, list[int]]] = {}
    for result in history:
        seated = [position[pid] for pid in result.players if pid in position]
        if seated:
            groups.setdefault(result.round_number, {})[result.pod_number] = seated
    search = _Search(points, met, plan, rng)
    search.floor = _lower_bound(plan, met, [list(by_pod.values()) for by_pod in groups.values()])
    seating = search.run(max_size)
    pods = [[order[p] for p in sorted(members)] for members in seating]
    pods.sort(key=lambda members: position[members[0]])
    return _build(round_number, pods, met_ids)


POINTS_SCALE = 120
"""Placement points are scaled by this for the seating cost (integers, exact
for the share points of pods of 2 to 6: 3/(2·k) × 120 is whole for k ≤ 5)."""


def _rank(
    active: list[int],
    active_set: set[int],
    history: Sequence[PodResult],
    standings: Sequence[PodStanding] | None,
    points_table: Mapping[int, int] | None,
) -> tuple[list[int], list[int]]:
    """Active ids in standings order, and their placement points × :data:`POINTS_SCALE`."""
    if standings is None:
        everyone = set(active_set)
        for result in history:
            everyone.update(result.players)
        standings = pod_standings(sorted(everyone), history, points_table=points_table, active=active_set)
    order: list[int] = []
    points: list[int] = []
    placed: set[int] = set()
    for row in standings:
        pid = row.player_id
        if pid in active_set and pid not in placed:
            placed.add(pid)
            order.append(pid)
            # Integer costs: x120 makes every decision-17 value of pods of 2-6 whole.
            points.append(round(row.points * POINTS_SCALE))
    for pid in sorted(active_set - placed):
        order.append(pid)
        points.append(0)
    return order, points


def _lower_bound(plan: list[int], met: list[set[int]], rounds: list[list[list[int]]]) -> int:
    """A lower bound on the repeats of any seating of ``plan``.

    The larger of two counts. (a) Per earlier round: its pods, cut to the
    active positions, plus one group per active player who sat out, split
    the field into ``m`` groups; a pod of ``s`` drawing from them holds at
    least the repeats of the most even spread of ``s`` over the groups
    (nonzero only when ``m < s``: the pigeonhole case, e.g. 12 players in
    pods of 4 after one round). (b) A player who has not met ``u`` of the
    others holds at least ``smallest pod - 1 - u`` repeats. Once a seating
    reaches the bound the search stops.
    """
    n = len(met)
    bound = 0
    largest = max(plan)
    for pods in rounds:
        sizes = [len(pod) for pod in pods]
        sizes.extend([1] * (n - sum(sizes)))
        if len(sizes) >= largest:
            continue
        total = 0
        for size in plan:
            taken = [0] * len(sizes)
            for _ in range(size):
                g = min((c, g) for g, c in enumerate(taken) if c < sizes[g])[1]
                total += taken[g]
                taken[g] += 1
        bound = max(bound, total)
    smallest = min(plan)
    forced = sum(max(0, smallest - 1 - (n - 1 - len(seen))) for seen in met)
    return max(bound, (forced + 1) // 2)


def _build(round_number: int, pods: list[list[int]], met: set[tuple[int, int]]) -> PodRound:
    out = []
    for number, players in enumerate(pods, start=1):
        repeats = 0
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                repeats += ((a, b) if a < b else (b, a)) in met
        out.append(Pod(pod_number=number, players=tuple(players), repeats=repeats))
    return PodRound(round_number=round_number, tables=tuple(out))


# --------------------------------------------------------------------------
# The search (steps 2 to 6)
# --------------------------------------------------------------------------


class _Search:
    """Seats positions ``0..n-1`` (standings order) into pods of ``plan``.

    ``points[p]``: placement points of position ``p``; ``met[p]``: the
    positions ``p`` already shared a pod with. State: ``members[j]`` (pod
    ``j``'s positions), ``pod_of[p]``, ``conf[p]`` (pod-mates ``p`` already
    met), ``repeats`` (their total over pairs) and per-pod sums of points,
    squared points, positions and squared positions for the spread terms.
    """

    __slots__ = (
        "n", "points", "met", "plan", "rng", "members", "pod_of", "conf", "repeats",
        "s1", "s2", "q1", "q2", "floor",
    )

    def __init__(self, points: list[int], met: list[set[int]], plan: list[int], rng: random.Random) -> None:
        self.n = len(points)
        self.points = points
        self.met = met
        self.plan = plan
        self.rng = rng
        self.members: list[list[int]] = []
        self.pod_of = [0] * self.n
        self.conf = [0] * self.n
        self.repeats = 0
        self.s1: list[int] = []
        self.s2: list[int] = []
        self.q1: list[int] = []
        self.q2: list[int] = []
        self.floor = 0

    # -- state ------------------------------------------------------------

    def load(self, members: list[list[int]]) -> None:
        self.members = [list(pod) for pod in members]
        points = self.points
        self.s1, self.s2, self.q1, self.q2 = [], [], [], []
        for j, pod in enumerate(self.members):
            for p in pod:
                self.pod_of[p] = j
            self.s1.append(sum(points[p] for p in pod))
            self.s2.append(sum(points[p] * points[p] for p in pod))
            self.q1.append(sum(pod))
            self.q2.append(sum(p * p for p in pod))
        total = 0
        for pod in self.members:
            total += self._recount(pod)
        self.repeats = total // 2

    def _recount(self, pod: list[int]) -> int:
        met = self.met
        conf = self.conf
        total = 0
        for p in pod:
            seen = met[p]
            c = 0
            for o in pod:
                if o in seen:
                    c += 1
            conf[p] = c
            total += c
        return total

    def cost(self) -> tuple[int, int, int]:
        spread = 0
        distance = 0
        for j, pod in enumerate(self.members):
            k = len(pod)
            spread += k * self.s2[j] - self.s1[j] * self.s1[j]
            distance += k * self.q2[j] - self.q1[j] * self.q1[j]
        return (self.repeats, spread, distance)

    # -- swaps ------------------------------------------------------------

    def swap(self, x: int, y: int, d_rep: int) -> None:
        a = self.pod_of[x]
        b = self.pod_of[y]
        pod_a = self.members[a]
        pod_b = self.members[b]
        pod_a[pod_a.index(x)] = y
        pod_b[pod_b.index(y)] = x
        self.pod_of[x] = b
        self.pod_of[y] = a
        px = self.points[x]
        py = self.points[y]
        self.s1[a] += py - px
        self.s1[b] += px - py
        self.s2[a] += py * py - px * px
        self.s2[b] += px * px - py * py
        self.q1[a] += y - x
        self.q1[b] += x - y
        self.q2[a] += y * y - x * x
        self.q2[b] += x * x - y * y
        self._recount(pod_a)
        self._recount(pod_b)
        self.repeats += d_rep

    def best_swap(
        self,
        x: int,
        pods: Iterable[int],
        improving: bool,
        tabu: Sequence[int] = (),
        step: int = 0,
        aspiration: int = 0,
        rng: random.Random | None = None,
    ) -> tuple[tuple[int, int, int], int] | None:
        """The best swap of ``x`` with a member of ``pods``: ``(delta, y)``.

        ``delta`` is the cost change (repeats, point spread, standings
        spread) of swapping ``x`` (pod A) with ``y`` (pod B): the repeats
        of ``x`` in B without ``y`` plus those of ``y`` in A without ``x``,
        minus their current ones; the spreads from the pods' sums in O(1).
        ``improving``: only swaps with a lexicographically negative delta.
        ``tabu[y] > step`` excludes ``y`` unless the swap would leave fewer
        repeats than ``aspiration`` (the best seen). Ties go to the nearer
        pod, then the lower position. A candidate is dropped as soon as
        one term shows it cannot beat the best so far.
        """
        met = self.met
        met_x = met[x]
        members = self.members
        conf = self.conf
        points = self.points
        a = self.pod_of[x]
        pod_a = members[a]
        ka = len(pod_a)
        s1a, q1a = self.s1[a], self.q1[a]
        px = points[x]
        cx = conf[x]
        repeats = self.repeats
        best: tuple[int, int, int, int, int] | None = None
        for b in pods:
            pod_b = members[b]
            kb = len(pod_b)
            s1b, q1b = self.s1[b], self.q1[b]
            cx_b = 0
            for o in pod_b:
                if o in met_x:
                    cx_b += 1
            for y in pod_b:
                met_y = met[y]
                cy_a = 0
                for o in pod_a:
                    if o in met_y:
                        cy_a += 1
                d_rep = cx_b + cy_a - cx - conf[y]
                if y in met_x:
                    d_rep -= 2
                if tabu and tabu[y] > step and repeats + d_rep >= aspiration:
                    continue
                if (improving and d_rep > 0) or (best is not None and d_rep > best[0]):
                    continue
                if rng is not None:
                    key = (d_rep, 0, 0, rng.random(), y)
                    if best is None or key < best:
                        best = key
                    continue
                py = points[y]
                d_spread = 0
                if px != py:
                    na = s1a - px + py
                    nb = s1b - py + px
                    d_spread = (
                        ka * (py * py - px * px) - (na * na - s1a * s1a)
                        + kb * (px * px - py * py) - (nb * nb - s1b * s1b)
                    )
                if improving and d_rep == 0 and d_spread > 0:
                    continue
                if best is not None and d_rep == best[0] and d_spread > best[1]:
                    continue
                na = q1a - x + y
                nb = q1b - y + x
                d_distance = (
                    ka * (y * y - x * x) - (na * na - q1a * q1a)
                    + kb * (x * x - y * y) - (nb * nb - q1b * q1b)
                )
                if improving and d_rep == 0 and d_spread == 0 and d_distance >= 0:
                    continue
                key = (d_rep, d_spread, d_distance, abs(b - a), y)
                if best is None or key < best:
                    best = key
        return None if best is None else ((best[0], best[1], best[2]), best[4])

    # -- steps ------------------------------------------------------------

    def greedy(self, max_size: int) -> list[list[int]]:
        """Step 2: pods filled in standings order, skipping repeats."""
        n = self.n
        met = self.met
        placed = bytearray(n)
        window = GREEDY_LOOKAHEAD * max_size
        pods: list[list[int]] = []
        start = 0
        for size in self.plan:
            while placed[start]:
                start += 1
            pod = [start]
            placed[start] = 1
            blocked = set(met[start])
            skipped: list[int] = []
            i = start + 1
            looked = 0
            while len(pod) < size and i < n and looked < window:
                if not placed[i]:
                    looked += 1
                    if i in blocked:
                        skipped.append(i)
                    else:
                        pod.append(i)
                        placed[i] = 1
                        blocked |= met[i]
                i += 1
            while len(pod) < size:
                candidates = [p for p in skipped if not placed[p]]
                if not candidates:  # the window ran past the end: take the next unseated
                    while placed[i]:
                        i += 1
                    candidates = [i]
                pick = min(candidates, key=lambda p: (sum(1 for o in pod if o in met[p]), p))
                pod.append(pick)
                placed[pick] = 1
            pods.append(pod)
        return pods

    def descent(self) -> None:
        """Step 3: improving swaps for players in pods with a repeat."""
        k = len(self.members)
        while self.repeats > self.floor:
            moved = False
            for x in range(self.n):
                if not self.conf[x]:
                    continue
                a = self.pod_of[x]
                near = [b for d in range(1, NEAR_PODS + 1) for b in (a - d, a + d) if 0 <= b < k]
                found = self.best_swap(x, near, improving=True)
                if found is None or found[0][0] >= 0:
                    far = [b for b in range(k) if b != a and abs(b - a) > NEAR_PODS]
                    wider = self.best_swap(x, far, improving=True) if far else None
                    if wider is not None and (found is None or wider[0] < found[0]) and wider[0][0] < 0:
                        found = wider
                if found is not None and found[0][0] < 0:
                    self.swap(x, found[1], found[0][0])
                    moved = True
                    if self.repeats <= self.floor:
                        return
            if not moved:
                return

    def exact(self, tiebreak: Sequence[float] | None = None, limit: int = 0) -> list[list[int]] | None:
        """Step 4: a repeat-free seating by depth-first search, or None.

        Each node seats the unseated player with the fewest pods left that
        have room and no one it met (ties: most pod-mates met, then
        standings order), trying those pods in order; empty pods of equal
        size are tried once. The counts of open pods per player are kept
        up to date as players sit down and stand up, so a node costs O(n).
        ``tiebreak[q]`` orders equally constrained players (``None``:
        standings order). Gives up (None) after ``limit`` nodes
        (0: :data:`EXACT_NODES`).
        """
        n = self.n
        met = self.met
        plan = self.plan
        k = len(plan)
        pods: list[list[int]] = [[] for _ in plan]
        blocked = [[0] * k for _ in range(n)]  # blocked[q][j]: members of pod j that q met
        open_pods = [k] * n  # pods with room and no one q met (kept for unseated q)
        rank = list(range(n)) if tiebreak is None else tiebreak
        priority = sorted(range(n), key=lambda q: (-len(met[q]), rank[q], q))
        limit = limit or EXACT_NODES
        nodes = 0

        unseated = list(priority)  # in priority order; LIFO keeps positions valid

        def sit(q: int, j: int, at: int) -> None:
            pod = pods[j]
            pod.append(q)
            del unseated[at]
            for o in met[q]:
                row = blocked[o]
                row[j] += 1
                if row[j] == 1:
                    open_pods[o] -= 1  # a seated o's count is never read
            if len(pod) == plan[j]:
                for o in unseated:
                    if not blocked[o][j]:
                        open_pods[o] -= 1

        def stand(q: int, j: int, at: int) -> None:
            pod = pods[j]
            if len(pod) == plan[j]:
                for o in unseated:
                    if not blocked[o][j]:
                        open_pods[o] += 1
            pod.pop()
            unseated.insert(at, q)
            for o in met[q]:
                row = blocked[o]
                row[j] -= 1
                if row[j] == 0:
                    open_pods[o] += 1

        def search() -> bool:
            nonlocal nodes
            if not unseated:
                return True
            nodes += 1
            if nodes > limit:
                return False
            q = -1
            fewest = k + 1
            for o in unseated:
                if open_pods[o] < fewest:
                    q = o
                    fewest = open_pods[o]
                    if not fewest:
                        return False
            at = unseated.index(q)
            tried_empty: set[int] = set()
            for j in range(k):
                pod = pods[j]
                if len(pod) == plan[j] or blocked[q][j]:
                    continue
                if not pod:
                    if plan[j] in tried_empty:
                        continue  # an identical empty pod was tried already
                    tried_empty.add(plan[j])
                sit(q, j, at)
                if search():
                    return True
                stand(q, j, at)
            return False

        return pods if search() else None

    def tabu_walk(self, max_size: int) -> None:
        """Step 5: min-conflicts walk with a tabu list; keeps the best seating."""
        n = self.n
        steps = min(TABU_STEPS, TABU_EVALUATIONS // max(1, n * max_size))
        tenure = max(1, min(10, n // 4))
        tabu = [0] * n
        best_cost = self.cost()
        best = [list(pod) for pod in self.members]
        k = len(self.members)
        for step in range(1, steps + 1):
            if self.repeats <= self.floor:
                break
            conflicted = [p for p in range(n) if self.conf[p]]
            x = conflicted[self.rng.randrange(len(conflicted))]
            others = [b for b in range(k) if b != self.pod_of[x]]
            found = self.best_swap(
                x, others, improving=False, tabu=tabu, step=step, aspiration=best_cost[0], rng=self.rng
            )
            if found is None:
                continue
            delta, y = found
            self.swap(x, y, delta[0])
            tabu[x] = tabu[y] = step + tenure
            current = self.cost()
            if current < best_cost:
                best_cost = current
                best = [list(pod) for pod in self.members]
        if self.cost() != best_cost:
            self.load(best)

    def polish(self) -> None:
        """Step 6: improving swaps between pods at most ``POLISH_REACH`` apart
        (any two pods in fields of at most :data:`EXACT_LIMIT` players)."""
        k = len(self.members)
        reach = k if self.n <= EXACT_LIMIT else POLISH_REACH
        for _ in range(4 * self.n + 4):
            moved = False
            for a in range(k):
                for b in range(a + 1, min(k, a + 1 + reach)):
                    for x in list(self.members[a]):
                        if self.pod_of[x] != a:
                            continue
                        found = self.best_swap(x, (b,), improving=True)
                        if found is not None:
                            self.swap(x, found[1], found[0][0])
                            moved = True
            if not moved:
                return

    def run(self, max_size: int) -> list[list[int]]:
        self.load(self.greedy(max_size))
        self.descent()
        if self.repeats and not self.floor and self.n <= EXACT_LIMIT:
            small = self.n <= SMALL_FIELD
            for attempt in range(1 if small else EXACT_RESTARTS):
                tiebreak = None if attempt == 0 else [self.rng.random() for _ in range(self.n)]
                found = self.exact(tiebreak, SMALL_FIELD_NODES if small else EXACT_NODES // EXACT_RESTARTS)
                if found is not None:
                    self.load(found)
                    break
        if self.repeats > self.floor:
            self.tabu_walk(max_size)
        self.polish()
        return self.members
