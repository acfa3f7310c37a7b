"""A brute-force oracle for «¿me alcanza?» (tournaments.swiss.cutline), written independently of it.

It enumerates every result (win, draw, loss) of every pending table of the current round, then every
pairing of the active players in each later round (any pairing, the bye to any one player when their
count is odd: the same assumption the core documents) with every result of every table, and looks at
the final points. Players with the same points are interchangeable in a later round, so sub-problems
are memoised on the sorted multiset of ``(half_points, is_the_player)``; nothing else is pruned.

Verdicts on points, ties at the cut line by their worst case for «guaranteed» and their best case for
«possible»: guaranteed iff in every final state fewer than ``cut`` others have at least the player's
points; out iff in every final state at least ``cut`` others have more.
"""
from __future__ import annotations

import itertools
from functools import cache

RESULTS = ((2, 0), (1, 1), (0, 2))


@cache
def _pair_up(rest: tuple[tuple[int, int], ...], bye: bool) -> frozenset[tuple[tuple[int, int], ...]]:
    """Every final multiset of one round over the players ``rest`` (sorted ``(half_points, tag)``)."""
    if not rest:
        return frozenset([()])
    if len(rest) % 2 and not bye:
        return frozenset()
    first, others = rest[0], rest[1:]
    out: set[tuple[tuple[int, int], ...]] = set()
    if bye:
        for sub in _pair_up(others, False):
            out.add(tuple(sorted(sub + ((first[0] + 2, first[1]),))))
    for i, second in enumerate(others):
        if i and others[i - 1] == second:
            continue
        remaining = others[:i] + others[i + 1:]
        for sub in _pair_up(remaining, bye):
            for ga, gb in RESULTS:
                out.add(tuple(sorted(sub + ((first[0] + ga, first[1]), (second[0] + gb, second[1])))))
    return frozenset(out)


@cache
def _last(rest: tuple[int, ...], bye: bool, mine: int) -> frozenset[tuple[int, int]]:
    """Every ``(at_or_above, above)`` count against final points ``mine`` of the other players ``rest``
    (sorted half-points) over one round of every pairing and result among them."""
    if not rest:
        return frozenset([(0, 0)])
    if len(rest) % 2 and not bye:
        return frozenset()

    def counts(points: int) -> tuple[int, int]:
        return int(points >= mine), int(points > mine)

    first, others = rest[0], rest[1:]
    out: set[tuple[int, int]] = set()
    if bye:
        ge, gt = counts(first + 2)
        out |= {(ge + x, gt + y) for x, y in _last(others, False, mine)}
    for i, second in enumerate(others):
        if i and others[i - 1] == second:
            continue
        remaining = others[:i] + others[i + 1:]
        subs = _last(remaining, bye, mine)
        for ga, gb in RESULTS:
            (ge_a, gt_a), (ge_b, gt_b) = counts(first + ga), counts(second + gb)
            out |= {(ge_a + ge_b + x, gt_a + gt_b + y) for x, y in subs}
    return frozenset(out)


@cache
def _finals(state: tuple[tuple[int, int], ...], rounds: int) -> frozenset[tuple[int, int]]:
    """Every ``(others at or above the player, others above)`` after ``rounds`` more rounds."""
    if rounds == 0:
        mine = next(points for points, tag in state if tag)
        others = [points for points, tag in state if not tag]
        return frozenset([(sum(p >= mine for p in others), sum(p > mine for p in others))])
    if rounds > 1:
        out: set[tuple[int, int]] = set()
        for after in _pair_up(state, len(state) % 2 == 1):
            out |= _finals(after, rounds - 1)
        return frozenset(out)
    # The last round: the player's own pairing first (a bye, or any opponent and result), then the rest.
    mine = next(points for points, tag in state if tag)
    others = tuple(points for points, tag in state if not tag)
    odd = len(state) % 2 == 1
    out = set()
    if odd:
        out |= _last(others, False, mine + 2)
    for i, opponent in enumerate(others):
        if i and others[i - 1] == opponent:
            continue
        remaining = others[:i] + others[i + 1:]
        for gain, theirs in RESULTS:
            subs = _last(remaining, odd, mine + gain)
            ge, gt = int(opponent + theirs >= mine + gain), int(opponent + theirs > mine + gain)
            out |= {(ge + x, gt + y) for x, y in subs}
    return frozenset(out)


def oracle(half: dict[int, int], active: set[int], cut: int, rounds_left: int,
           pending: list[tuple[int, int, int]], player: int, own_gain: int | None) -> str:
    """``guaranteed`` / ``possible`` / ``out`` for ``player`` whose own pending table gives them
    ``own_gain`` half-points (``None``: they have none). ``pending``: ``(table, a, b)``."""
    fixed = dict(half)
    others = []
    for _table, a, b in pending:
        if player in (a, b):
            opponent = b if a == player else a
            fixed[player] += own_gain
            fixed[opponent] += 2 - own_gain
        else:
            others.append((a, b))
    always_in, always_out = True, True
    for results in itertools.product(RESULTS, repeat=len(others)):
        now = dict(fixed)
        for (a, b), (ga, gb) in zip(others, results):
            now[a] += ga
            now[b] += gb
        state = tuple(sorted((now[rid], int(rid == player)) for rid in active))
        for level_or_above, above in _finals(state, rounds_left):
            if level_or_above >= cut:
                always_in = False
            if above < cut:
                always_out = False
            if not always_in and not always_out:
                return "possible"
    return "guaranteed" if always_in else ("out" if always_out else "possible")
