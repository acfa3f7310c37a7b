"""Swiss pairing: who plays whom in a round, and who gets the bye.

Terms (000_0014b2ac83da54b4.txt § "¿Cómo funciona el emparejamiento en los
torneos suizos?": "Los jugadores se emparejan en cada ronda con la persona
más cercana a ellos en puntaje"):

- *position*: a player's 0-based place among the active players in
  standings order (0 is the leader).
- *score*: match points, handled here as integer half-points (1 point = 2).
- *rematch*: a pairing of two players who already met in an earlier round
  (a double loss counts as a meeting; a bye does not).
- *bye*: the odd player out; it scores as a 2-0 win (DESIGN.md decision 1).
- *cost* of a pairing: ``K * (score difference in half-points) ** 2 +
  (position distance)``, with ``K`` large enough that any score difference
  outweighs every position distance of the graph. Equal scores come first,
  then the smallest score jump, then neighbours in the standings.

How a later round is paired (:func:`pair_round`):

1. Rank the active players by the standings (late entries: 0 points).
2. Odd count: the bye goes to the lowest-ranked player without a bye
   (organizer's ``bye_eligible`` first when given; everyone has had one:
   the lowest-ranked player).
3. Walk the standings in chunks of ``PairingOptions.chunk_size`` players.
   A chunk whose neighbour pairing (1-2, 3-4, ...) repeats no match takes it:
   on a line, that pairing has the least cost (uncrossing or unnesting two
   pairs can only lower both terms). Each repeated pair is re-matched
   together with the ``window // 4`` pairs on either side, and only if such
   a window has no perfect matching is the whole chunk matched. Matching is
   ``rustworkx.max_weight_matching(max_cardinality=True)`` over sparse
   candidate edges: each player to the next ``window // 2`` players below
   (so ``window`` neighbours in all), rematches excluded. The pairs touching
   the chunk's bottom ``window // 2`` players and the unmatched players are
   carried into the next chunk, so chunk borders do not force bad pairs.
4. If the last chunk leaves players unmatched, re-match them with the
   lowest pairs made so far over the dense graph (every rematch-free edge),
   doubling the set up to the whole field.
5. If even the whole field has no rematch-free perfect matching, choose the
   bye jointly with the pairs (a dummy vertex joined to the players
   without a bye); then, if the options allow it, allow rematches at a
   heavy cost and flag them (``Pairing.rematch``).

Ties between equally good matchings are broken by a fixed 32-bit hash of
each edge added below the cost (see :func:`_min_cost_matching`): rustworkx
alone breaks such ties differently in every process.

Step 4 always ends quickly on big fields: every player has met at most
``r`` others (``r`` rounds played), so among ``m >= 2r + 2`` players each
one has at least ``m / 2`` rematch-free partners, and by Dirac's theorem a
rematch-free perfect matching exists.

No Django here; all randomness comes from the ``rng`` argument.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import rustworkx as rx

from .errors import PairingError, SwissInvariantError
from .standings import compute_standings
from .types import MatchRecord, Pairing, PairingOptions, RoundPairings, Standing

__all__ = ["pair_round", "played_pairs", "rounds_for"]

_DEFAULT_OPTIONS = PairingOptions()


def rounds_for(player_count: int, minimum: int = 3) -> int:
    """Number of Swiss rounds for ``player_count`` players.

    ``max(minimum, ceil(log2(player_count)))``: 8 players -> 3, 9 -> 4,
    100 -> 7, 16,384 -> 14. The organizer may override the result.

    Raises :class:`PairingError` ``"too_few_players"`` below 2 players and
    ``"bad_round_count"`` when ``minimum`` is below 1.

    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" ("tantas rondas mínimas
    según los Breeders que participen", R-000-39; also § "Torneos
    Eventuales", § "El Nacional"); Default: DESIGN.md decision 5.
    """
    if player_count < 2:
        raise PairingError("too_few_players", f"{player_count} players cannot play a Swiss round")
    if minimum < 1:
        raise PairingError("bad_round_count", f"minimum rounds must be at least 1, not {minimum}")
    return max(minimum, (player_count - 1).bit_length())


def played_pairs(history: Iterable[MatchRecord]) -> set[tuple[int, int]]:
    """Every pair that already met, as ``(smaller id, larger id)``; byes excluded.

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo funciona el emparejamiento en los
    torneos suizos?" (no rematch while avoidable, inferred: R-000-64).
    """
    pairs: set[tuple[int, int]] = set()
    for record in history:
        b = record.player_b
        if b is not None:
            a = record.player_a
            pairs.add((a, b) if a < b else (b, a))
    return pairs


def pair_round(
    round_number: int,
    active_ids: Sequence[int],
    history: Sequence[MatchRecord],
    *,
    rng: random.Random,
    options: PairingOptions = _DEFAULT_OPTIONS,
    standings: Sequence[Standing] | None = None,
) -> RoundPairings:
    """Pair one Swiss round.

    Shapes: ``active_ids`` holds every registration that plays this round,
    any order (dropped players are left out; late entries are included).
    ``history`` holds every finished match and bye of the earlier rounds,
    any order. ``rng`` is seeded by the caller from the recorded seed; only
    round 1 uses it. ``standings``, when given, is the current standings
    (best first); otherwise they are computed from ``history`` with the
    default tiebreakers (technical ties ordered by id; pass standings to
    use the event's draw order). Active players missing from ``standings``
    rank last with 0 points.

    Round 1 (``round_number == 1``, or no earlier match of any active
    player) is random: the ids are sorted, shuffled by ``rng`` and paired in
    that order; with an odd count the last one gets the bye (Rule:
    000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas",
    R-000-75; Default: DESIGN.md decision 11, RULES-TRACE.md ambiguity 11).
    Later rounds follow the steps of the module docstring (Rule:
    000_0014b2ac83da54b4.txt § "¿Cómo funciona el emparejamiento en los
    torneos suizos?", R-000-64 and R-000-78; no rematch and one bye per
    player: STYLE.md § 7; bye: DESIGN.md decision 1).

    Returns a :class:`RoundPairings`: tables 1..n, table 1 for the pair
    whose higher-ranked player ranks highest, ``player_a`` the higher-ranked
    player of each pair; the bye last with ``table_number=None``.
    ``rematches`` counts flagged rematches, ``cross_group`` pairs of players
    with different match points; ``seed`` is ``None`` (the caller records
    it). The same inputs and rng state always give the same pairings.

    Raises :class:`PairingError` ``"too_few_players"`` with fewer than 2
    active players, ``"bad_round_number"`` for a round below 1,
    ``"bad_options"`` for a chunk size below 2 or a window below 2, and
    ``"no_valid_pairing"`` when only rematches remain and
    ``options.allow_rematch_if_needed`` is False. Raises
    :class:`SwissInvariantError` for a repeated active id or inconsistent
    history.
    """
    if round_number < 1:
        raise PairingError("bad_round_number", f"round number must be at least 1, not {round_number}")
    if options.chunk_size < 2 or options.window < 2:
        raise PairingError("bad_options", f"chunk_size and window must be at least 2: {options!r}")
    active = list(active_ids)
    active_set = set(active)
    if len(active_set) != len(active):
        raise SwissInvariantError("active_ids repeats a registration")
    if len(active) < 2:
        raise PairingError("too_few_players", f"{len(active)} active players cannot be paired")

    if round_number == 1 or not any(
        record.player_a in active_set or record.player_b in active_set for record in history
    ):
        return _pair_random(round_number, active, rng, options)

    order, scores = _rank_players(active, active_set, history, standings)
    return _pair_by_standings(round_number, order, scores, history, options)


# --------------------------------------------------------------------------
# Round 1
# --------------------------------------------------------------------------


def _pair_random(
    round_number: int, active: list[int], rng: random.Random, options: PairingOptions
) -> RoundPairings:
    """Random pairing from the caller's seeded ``rng`` (DESIGN.md decision 11)."""
    order = sorted(active)
    rng.shuffle(order)
    bye: int | None = None
    if len(order) % 2:
        # The last in the shuffled order, or the last one the organizer
        # allows when ``bye_eligible`` names any active player.
        index = len(order) - 1
        if options.bye_eligible:
            for i in range(len(order) - 1, -1, -1):
                if order[i] in options.bye_eligible:
                    index = i
                    break
        bye = order.pop(index)
    pairings = [
        Pairing(table_number=table, player_a=order[2 * table - 2], player_b=order[2 * table - 1])
        for table in range(1, len(order) // 2 + 1)
    ]
    if bye is not None:
        pairings.append(Pairing(table_number=None, player_a=bye, player_b=None))
    return RoundPairings(round_number=round_number, pairings=tuple(pairings))


# --------------------------------------------------------------------------
# Later rounds
# --------------------------------------------------------------------------


def _rank_players(
    active: list[int],
    active_set: set[int],
    history: Sequence[MatchRecord],
    standings: Sequence[Standing] | None,
) -> tuple[list[int], list[int]]:
    """Active ids in standings order, and their match points in half-points."""
    if standings is None:
        everyone = set(active_set)
        for record in history:
            everyone.add(record.player_a)
            if record.player_b is not None:
                everyone.add(record.player_b)
        standings = compute_standings(sorted(everyone), history, active=active_set)
    order: list[int] = []
    scores: list[int] = []
    placed: set[int] = set()
    for row in standings:
        rid = row.registration_id
        if rid in active_set and rid not in placed:
            placed.add(rid)
            order.append(rid)
            scores.append(round(row.match_points * 2))
    for rid in sorted(active_set - placed):
        order.append(rid)
        scores.append(0)
    return order, scores


def _pair_by_standings(
    round_number: int,
    order: list[int],
    scores: list[int],
    history: Sequence[MatchRecord],
    options: PairingOptions,
) -> RoundPairings:
    n = len(order)
    played_ids = played_pairs(history)
    had_bye = {record.player_a for record in history if record.player_b is None}
    # Rematch test on positions: played[p] = positions p already met.
    position = {rid: p for p, rid in enumerate(order)}
    played: list[set[int]] = [set() for _ in range(n)]
    for a, b in played_ids:
        pa = position.get(a)
        pb = position.get(b)
        if pa is not None and pb is not None:
            played[pa].add(pb)
            played[pb].add(pa)
    # Bye tiers: 0 preferred by the organizer, 1 no bye yet, 2 had a bye.
    tiers = [
        2 if order[p] in had_bye else (0 if order[p] in options.bye_eligible else 1) for p in range(n)
    ]
    if not options.bye_eligible:
        tiers = [0 if tier == 1 else tier for tier in tiers]

    solver = _Solver(scores, played, tiers, options)
    bye: int | None = None
    if n % 2:
        best_tier = min(tiers)
        bye = max(p for p in range(n) if tiers[p] == best_tier)
        rest = [p for p in range(n) if p != bye]
    else:
        rest = list(range(n))

    pairs, leftover = solver.chunked(rest)
    if leftover:
        pairs = solver.escalate(rest, pairs, leftover)
    if pairs is None and bye is not None:
        pairs, bye = solver.joint_bye(range(n), allow_rematch=False)
    if pairs is None:
        if not options.allow_rematch_if_needed:
            raise PairingError(
                "no_valid_pairing", f"round {round_number}: every pairing repeats a match or a bye"
            )
        pairs, bye = solver.joint_bye(range(n), allow_rematch=True)
    if pairs is None:  # a complete graph always has a perfect matching
        raise SwissInvariantError(f"round {round_number}: no perfect matching on the complete graph")

    return _build(round_number, order, scores, played, pairs, bye)


def _build(
    round_number: int,
    order: list[int],
    scores: list[int],
    played: list[set[int]],
    pairs: list[tuple[int, int]],
    bye: int | None,
) -> RoundPairings:
    """Turn position pairs into tables, checking that everyone plays once."""
    seen = [0] * len(order)
    normalized = sorted((a, b) if a < b else (b, a) for a, b in pairs)
    for a, b in normalized:
        seen[a] += 1
        seen[b] += 1
    if bye is not None:
        seen[bye] += 1
    if any(count != 1 for count in seen):
        raise SwissInvariantError(f"round {round_number}: a player is paired {max(seen)} or 0 times")
    pairings: list[Pairing] = []
    rematches = 0
    cross_group = 0
    for table, (a, b) in enumerate(normalized, start=1):
        rematch = b in played[a]
        rematches += rematch
        cross_group += scores[a] != scores[b]
        pairings.append(Pairing(table_number=table, player_a=order[a], player_b=order[b], rematch=rematch))
    if bye is not None:
        pairings.append(Pairing(table_number=None, player_a=order[bye], player_b=None))
    return RoundPairings(
        round_number=round_number, pairings=tuple(pairings), rematches=rematches, cross_group=cross_group
    )


class _Solver:
    """Matching over player positions; see the module docstring for the steps.

    ``scores[p]``: half-points of position ``p``; ``played[p]``: positions
    already met; ``tiers[p]``: bye tier (0 preferred, 1 allowed, 2 had one).
    """

    __slots__ = ("scores", "played", "tiers", "chunk", "reach")

    def __init__(self, scores: list[int], played: list[set[int]], tiers: list[int], options: PairingOptions):
        self.scores = scores
        self.played = played
        self.tiers = tiers
        self.chunk = options.chunk_size
        self.reach = max(1, options.window // 2)

    # -- step 3 -----------------------------------------------------------

    def chunked(self, rest: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """Pair ``rest`` (ascending positions, even count) chunk by chunk.

        Returns the accepted pairs and the positions left unmatched by the
        last chunk (ascending).
        """
        overlap = min(self.reach, self.chunk // 4)
        pairs: list[tuple[int, int]] = []
        carry: list[int] = []
        start = 0
        total = len(rest)
        while True:
            block = rest[start : start + self.chunk]
            start += len(block)
            vertices = carry + block
            final = start >= total
            if not vertices:
                return pairs, []
            matched = self._pair_chunk(vertices)
            if final:
                pairs.extend(matched)
                done = {p for pair in matched for p in pair}
                return pairs, [p for p in vertices if p not in done]
            # Keep the pairs above the overlap line; the rest go on.
            line = vertices[len(vertices) - overlap] if overlap else vertices[-1] + 1
            used: set[int] = set()
            for a, b in matched:
                if a < line and b < line:
                    pairs.append((a, b))
                    used.add(a)
                    used.add(b)
            carry = [p for p in vertices if p not in used]

    def _pair_chunk(self, vertices: list[int]) -> list[tuple[int, int]]:
        """Least-cost matching of one chunk (ascending positions).

        The neighbour pairing (1-2, 3-4, ...) is optimal when it repeats no
        match. Otherwise each repeated pair is re-matched with the
        ``reach // 2`` pairs on either side (windows that touch are merged)
        and the rest keep the neighbour pairing; a window that cannot be
        matched perfectly hands the whole chunk to the blossom. An odd
        chunk (after a carry) always goes to the blossom.
        """
        played = self.played
        m = len(vertices)
        if m % 2:
            return self._match(vertices, self._sparse_edges(vertices))
        adjacent = [(vertices[i], vertices[i + 1]) for i in range(0, m, 2)]
        conflicts = [k for k, (a, b) in enumerate(adjacent) if b in played[a]]
        if not conflicts:
            return adjacent
        radius = max(1, self.reach // 2)
        windows: list[list[int]] = []
        for k in conflicts:
            low, high = max(0, k - radius), min(len(adjacent) - 1, k + radius)
            if windows and low <= windows[-1][1] + 1:
                windows[-1][1] = high
            else:
                windows.append([low, high])
        result: list[tuple[int, int] | None] = list(adjacent)
        for low, high in windows:
            sub = vertices[2 * low : 2 * high + 2]
            matched = self._match(sub, self._sparse_edges(sub))
            if 2 * len(matched) != len(sub):
                return self._match(vertices, self._sparse_edges(vertices))
            result[low : high + 1] = [None] * (high + 1 - low)
            result.extend(matched)
        return sorted(pair for pair in result if pair is not None)

    def _sparse_edges(self, vertices: list[int]) -> list[tuple[int, int]]:
        """Local index pairs ``(i, j)``, ``j`` among the next ``reach`` vertices, no rematches."""
        played = self.played
        reach = self.reach
        m = len(vertices)
        edges: list[tuple[int, int]] = []
        for i in range(m - 1):
            met = played[vertices[i]]
            for j in range(i + 1, min(m, i + 1 + reach)):
                if vertices[j] not in met:
                    edges.append((i, j))
        return edges

    def _dense_edges(self, vertices: list[int], allow_rematch: bool) -> list[tuple[int, int]]:
        played = self.played
        m = len(vertices)
        return [
            (i, j)
            for i in range(m - 1)
            for j in range(i + 1, m)
            if allow_rematch or vertices[j] not in played[vertices[i]]
        ]

    def _match(self, vertices: list[int], edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Maximum-cardinality, minimum-cost matching over local ``edges``.

        Returns position pairs. Cost ``K * d**2 + distance`` (d in
        half-points) with ``K`` above any total of distances, so score
        differences decide first.
        """
        if not edges:
            return []
        scores = self.scores
        span = vertices[-1] - vertices[0] + 1
        k = span * (len(vertices) // 2 + 1) + 1
        costed = []
        for i, j in edges:
            a = vertices[i]
            b = vertices[j]
            d = scores[a] - scores[b]
            costed.append((i, j, k * d * d + (b - a)))
        matching = _min_cost_matching(len(vertices), costed)
        return sorted(
            (vertices[i], vertices[j]) if i < j else (vertices[j], vertices[i]) for i, j in matching
        )

    # -- step 4 -----------------------------------------------------------

    def escalate(
        self, rest: list[int], pairs: list[tuple[int, int]], leftover: list[int]
    ) -> list[tuple[int, int]] | None:
        """Re-match ``leftover`` with the lowest pairs over dense graphs.

        Takes the ``m`` pairs whose lower player ranks lowest, ``m``
        doubling from ``max(8, len(leftover))`` up to every pair (the whole
        of ``rest``). Returns the full pair list, or ``None`` when even the
        whole of ``rest`` has no rematch-free perfect matching.
        """
        by_bottom = sorted(pairs, key=lambda pair: max(pair), reverse=True)
        m = max(8, len(leftover))
        while True:
            m = min(m, len(by_bottom))
            reopened = by_bottom[:m]
            vertices = sorted(set(leftover).union(*reopened))
            matched = self._match(vertices, self._dense_edges(vertices, allow_rematch=False))
            if 2 * len(matched) == len(vertices):
                return by_bottom[m:] + matched
            if m == len(by_bottom):
                return None
            m *= 2

    # -- step 5 -----------------------------------------------------------

    def joint_bye(
        self, positions: Iterable[int], allow_rematch: bool
    ) -> tuple[list[tuple[int, int]] | None, int | None]:
        """Dense matching of the whole field, the bye chosen with the pairs.

        An odd field gets a dummy vertex joined to the players of the best
        bye tier present (tier 2 only when nobody is in tier 0 or 1), at a
        cost that prefers the lowest position. Costs, each level above the
        total of the ones below: distance < score difference < bye position
        < bye tier < rematch. Returns ``(pairs, bye position)``, or
        ``(None, None)`` when no perfect matching exists.
        """
        vertices = sorted(positions)
        n = len(vertices)
        scores = self.scores
        played = self.played
        span = vertices[-1] - vertices[0] + 1
        half = n // 2 + 1
        k = span * half + 1  # score unit
        dmax = max(scores) - min(scores)
        score_level = half * (k * dmax * dmax + span) + 1  # bye position unit
        tier_level = score_level * (span + 1)  # bye tier unit
        rematch_level = tier_level * 3  # one rematch

        edges: list[tuple[int, int, int]] = []
        for i in range(n - 1):
            a = vertices[i]
            for j in range(i + 1, n):
                b = vertices[j]
                rematch = b in played[a]
                if rematch and not allow_rematch:
                    continue
                d = scores[a] - scores[b]
                edges.append((i, j, k * d * d + (b - a) + (rematch_level if rematch else 0)))
        dummy = None
        if n % 2:
            dummy = n
            tiers = self.tiers
            best = min(tiers[p] for p in vertices)
            allowed_tiers = {best} if best == 2 else {0, 1}
            last = vertices[-1]
            for i, p in enumerate(vertices):
                if tiers[p] in allowed_tiers:
                    edges.append((i, dummy, tiers[p] * tier_level + (last - p) * score_level))
        if not edges:
            return None, None
        matching = _min_cost_matching(n + (dummy is not None), edges)
        if 2 * len(matching) != n + (dummy is not None):
            return None, None
        pairs: list[tuple[int, int]] = []
        bye = None
        for i, j in matching:
            if dummy in (i, j):
                bye = vertices[i if j == dummy else j]
            else:
                pairs.append((vertices[i], vertices[j]) if i < j else (vertices[j], vertices[i]))
        return sorted(pairs), bye


_NOISE_BITS = 32
_NOISE_MASK = (1 << _NOISE_BITS) - 1


def _min_cost_matching(node_count: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """Maximum-cardinality matching of least total cost (rustworkx blossom).

    ``edges`` holds ``(i, j, cost)`` over nodes ``0..node_count - 1`` with
    non-negative integer costs. Weights are ``top - (cost * scale +
    noise(i, j))``: the scale keeps every cost difference above any sum of
    noise, and the 32-bit noise (a fixed hash of the edge) makes the optimum
    unique with overwhelming probability (isolation lemma). That matters:
    rustworkx breaks ties between equal matchings in an order that changes
    from one process to the next, and pairings must be reproducible.
    """
    scale = (node_count // 2 + 1) << _NOISE_BITS
    top = max(cost for _, _, cost in edges) * scale + _NOISE_MASK + 1
    weighted = []
    for i, j, cost in edges:
        mixed = ((i + 1) * 0x9E3779B1) ^ ((j + 1) * 0x85EBCA77)
        noise = (mixed * 0xC2B2AE3D >> 17) & _NOISE_MASK
        weighted.append((i, j, top - cost * scale - noise))
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(node_count))
    graph.add_edges_from(weighted)
    return rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
