"""«¿Me alcanza con empatar?»: is the top cut guaranteed, possible or out of reach.

Pure (no Django). For each active player of an event in its Swiss rounds,
and for each result of the player's own table in the current round (win,
intentional draw: both players draw, loss), the answer is one of:

- ``GUARANTEED``: in the top cut whatever every other table does, now and in
  the rounds left, and whatever the player does in those later rounds;
- ``POSSIBLE``: in for some outcomes and out for others; the answer names the
  current-round tables whose result matters, or says that later rounds do;
- ``OUT``: no outcome of the other tables and the rounds left puts the
  player in the cut.

Terms and units:

- *points*: match points, win 1, draw 0.5, loss 0, a bye a win (Rule:
  000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un torneo
  suizo?", R-000-65; Default: DESIGN.md decision 1). Inside, half-points
  (integers): win 2, draw 1, loss 0.
- *the cut*: the top ``cut_size`` (4, 8 or 16) active players of the final
  Swiss standings; dropped players are skipped (R-000-63, R-000-39;
  DESIGN.md decision 6).
- *pending table*: a table of the current round without a result. Results
  already recorded (and the current round's byes) are in ``points``.

What is assumed, each on the safe side for «guaranteed» and «out of reach»:

- Ties on points at the cut line go *against* the player for
  ``GUARANTEED`` and *for* the player for ``POSSIBLE`` (the tiebreakers,
  R-000-66, are not predicted: Buchholz and head-to-head depend on results
  not played yet). A player level on points with the last seat is therefore
  never «guaranteed» and never «out of reach».
- The later rounds' pairings are unknown, so any pairing of the active
  players is considered, with the bye to any one of them when their count
  is odd. Real Swiss pairings are among these, so «guaranteed» and «out of
  reach» stay sound; «possible» may be optimistic.
- Every active player keeps playing (nobody else drops); a double loss is
  never needed (it only lowers points, which a loss does as well for one
  side).

How (exact on points under these assumptions; see the tests' brute-force
oracle): with ``F`` rounds left after the current one and ``n`` active
players, each later round hands out exactly ``C = n + n % 2`` half-points,
at most 2 to a player, and any such split is a valid round (pair 2 with 0,
1 with 1, the odd 2 is the bye). So players can all reach their targets iff
each target is at most ``2F`` away and the gaps sum to at most ``F * C``
(a transport flow; the worst case has the player lose every later round,
the best case win every one). Each pending table offers one or two players
at a convex cost, so taking the cheapest first is optimal; cost histograms
per threshold make 1,024 players answer in milliseconds
(``benchmarks/cutline.py``).
"""
from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .errors import SwissInvariantError

__all__ = ["CutOutlook", "CutStatus", "CutVerdict", "PendingTable", "cut_outlook"]

_INF = 1 << 30
_OUTCOMES = ((2, 0), (1, 1), (0, 2))  # half-points to (player_a, player_b)


class CutStatus(enum.StrEnum):
    GUARANTEED = "guaranteed"
    POSSIBLE = "possible"
    OUT = "out"


@dataclass(frozen=True, slots=True)
class PendingTable:
    """A table of the current round still without a result (two registrations)."""

    table_number: int
    player_a: int
    player_b: int


@dataclass(frozen=True, slots=True)
class CutVerdict:
    """One answer. ``tables``: pending tables (sorted numbers) whose result matters, only for
    ``POSSIBLE`` in the last round; ``future_rounds``: later rounds matter (``POSSIBLE`` with rounds
    left); ``tiebreak``: ``POSSIBLE`` only through a tie on points at the cut line."""

    status: CutStatus
    tables: tuple[int, ...] = ()
    future_rounds: bool = False
    tiebreak: bool = False


@dataclass(frozen=True, slots=True)
class CutOutlook:
    """A player's answers. ``win``/``draw``/``loss``: the result of their own pending table (``None``
    when they have none: result already recorded, a bye, or the round not paired). ``overall``: over
    every outcome, their own table's included."""

    registration_id: int
    overall: CutVerdict
    win: CutVerdict | None = None
    draw: CutVerdict | None = None
    loss: CutVerdict | None = None
    table_number: int | None = None


# ------------------------------------------------------------------------------------------
# One unit at a threshold: a lone player (singleton) or a pending table
# ------------------------------------------------------------------------------------------


def _reach_costs(units: Sequence[tuple[int, bool]], target: int, cap: int) -> tuple[int, ...]:
    """Worst case: the costs (later-round half-points needed) of the unit's players ending at or above
    ``target``, cheapest first, convex. ``units``: ``(half_points, eligible)`` per side; one side is a lone
    player whose result is fixed, two sides a pending table (any outcome). ``cap``: at most 2F a player."""
    if len(units) == 1:
        (h, eligible), = units
        need = max(0, target - h)
        return (need,) if eligible and need <= cap else ()
    (ha, ea), (hb, eb) = units
    if not (ea or eb):
        return ()
    if not (ea and eb):
        h = ha if ea else hb
        need = max(0, target - h - 2)  # its opponent (dropped) may lose
        return (need,) if need <= cap else ()
    one = two = _INF
    for ga, gb in _OUTCOMES:
        ra, rb = max(0, target - ha - ga), max(0, target - hb - gb)
        if ra <= cap:
            one = min(one, ra)
        if rb <= cap:
            one = min(one, rb)
        if ra <= cap and rb <= cap:
            two = min(two, ra + rb)
    if one == _INF:
        return ()
    if two == _INF:
        return (one,)
    return (one, two - one)


def _stay_gains(units: Sequence[tuple[int, bool]], target: int, cap: int) -> tuple[int, int, tuple[int, ...]]:
    """Best case: ``(forced, absorbed, gains)``. ``forced``: players of the unit above ``target`` whatever
    happens; ``absorbed``: the later rounds' half-points the unit takes with only those above; ``gains``:
    how much more it takes for each further player allowed above ``target`` (largest first). A player
    not above takes at most ``min(target - h, cap)``, one above takes ``cap`` (2F)."""
    if len(units) == 1:
        (h, eligible), = units
        if not eligible:
            return 0, 0, ()
        if h > target:
            return 1, cap, ()
        stays = min(target - h, cap)
        return 0, stays, (cap - stays,)
    (ha, ea), (hb, eb) = units
    if not (ea or eb):
        return 0, 0, ()
    if not (ea and eb):
        return _stay_gains(((ha if ea else hb, True),), target, cap)  # it may lose to the dropped player
    absorb = [-_INF, -_INF, 2 * cap]
    for ga, gb in _OUTCOMES:
        fa, fb = target - ha - ga, target - hb - gb
        if fa >= 0 and fb >= 0:
            absorb[0] = max(absorb[0], min(fa, cap) + min(fb, cap))
    for h in (ha, hb):  # one side above, the other loses and stays
        if target - h >= 0:
            absorb[1] = max(absorb[1], cap + min(target - h, cap))
    forced = 0 if absorb[0] > -_INF else (1 if absorb[1] > -_INF else 2)
    return forced, absorb[forced], tuple(absorb[c + 1] - absorb[c] for c in range(forced, 2))


def _varies(units: Sequence[tuple[int, bool]], target: int) -> bool:
    """Last round: whether the table's result changes how many of its players end at or above
    ``target`` (or above it)."""
    (ha, ea), (hb, eb) = units
    seen = set()
    for ga, gb in _OUTCOMES:
        fa, fb = ha + ga, hb + gb
        seen.add((ea * (fa >= target) + eb * (fb >= target), ea * (fa > target) + eb * (fb > target)))
    return len(seen) > 1


class _Histogram:
    """Counts of integer values 0..size-1 (costs or gains), with whole-field totals at one threshold."""

    __slots__ = ("counts", "forced", "absorbed")

    def __init__(self, size: int) -> None:
        self.counts = [0] * size
        self.forced = 0
        self.absorbed = 0

    def copy(self) -> _Histogram:
        other = _Histogram(0)
        other.counts, other.forced, other.absorbed = list(self.counts), self.forced, self.absorbed
        return other

    def add_stay(self, stay: tuple[int, int, tuple[int, ...]], sign: int = 1) -> None:
        forced, absorbed, gains = stay
        self.forced += sign * forced
        self.absorbed += sign * absorbed
        self.add(gains, sign)

    def add(self, values: Iterable[int], sign: int = 1) -> None:
        counts = self.counts
        for value in values:
            counts[value] += sign


# ------------------------------------------------------------------------------------------
# The answer
# ------------------------------------------------------------------------------------------


def cut_outlook(
    points: Mapping[int, float],
    active: Collection[int],
    *,
    cut_size: int,
    rounds_left: int,
    pending: Sequence[PendingTable] = (),
) -> dict[int, CutOutlook]:
    """Answer «¿me alcanza?» for every active player.

    Shapes: ``points`` maps every registration that may matter (active ones at least; dropped ones
    sitting at a pending table too) to its match points so far, results already recorded in the
    current round (and its byes) included. ``active``: registrations still playing (the others are
    skipped by the cut and play no later round). ``cut_size``: 4, 8 or 16; 0 (no top cut) gives an
    empty answer. ``rounds_left``: Swiss rounds after the current one (when the round is not paired
    yet, the rounds not played, and ``pending`` empty). ``pending``: the current round's tables
    without a result, any order.

    Returns ``{registration_id: CutOutlook}`` for every active registration.

    Raises :class:`SwissInvariantError` for a negative ``rounds_left``, a player at two pending
    tables, or an active or seated player without points.

    Rule: R-000-65 (points), R-000-63 and R-000-39 (the cut takes the top N), R-000-66 (tiebreakers,
    taken by their worst case); Default: DESIGN.md decisions 1 (bye) and 6 (cut of 4, 8 or 16). An
    intentional draw is a drawn match (0.5 each, R-000-65); the rulebook has no clause of its own.
    """
    if rounds_left < 0:
        raise SwissInvariantError("rounds_left must not be negative")
    if not cut_size:
        return {}
    active_set = set(active)
    half = {rid: int(round(p * 2)) for rid, p in points.items()}
    missing = active_set - half.keys()
    if missing:
        raise SwissInvariantError(f"active registrations without points: {sorted(missing)}")
    seat: dict[int, tuple[PendingTable, int]] = {}
    for table in pending:
        for side, rid in enumerate((table.player_a, table.player_b)):
            if rid in seat:
                raise SwissInvariantError(f"registration {rid} sits at two pending tables")
            if rid not in half:
                raise SwissInvariantError(f"registration {rid} has no points")
            seat[rid] = (table, side)
    singles = [rid for rid in active_set if rid not in seat]
    n_active = len(active_set)
    future = rounds_left
    cap = 2 * future
    budget = future * (n_active + n_active % 2)  # later rounds' half-points, all of them
    absorb_total = future * (n_active + n_active % 2 - 2)  # what the others take while the player wins
    size = 4 * future + 1

    def table_units(table: PendingTable) -> tuple[tuple[int, bool], tuple[int, bool]]:
        return ((half[table.player_a], table.player_a in active_set),
                (half[table.player_b], table.player_b in active_set))

    worst_cache: dict[int, _Histogram] = {}
    best_cache: dict[int, _Histogram] = {}
    varies_cache: dict[int, tuple[int, ...]] = {}

    def worst_histogram(target: int) -> _Histogram:
        hist = worst_cache.get(target)
        if hist is None:
            hist = worst_cache[target] = _Histogram(size)
            for rid in singles:
                hist.add(_reach_costs(((half[rid], True),), target, cap))
            for table in pending:
                hist.add(_reach_costs(table_units(table), target, cap))
        return hist

    def best_histogram(target: int) -> _Histogram:
        hist = best_cache.get(target)
        if hist is None:
            hist = best_cache[target] = _Histogram(size)
            for rid in singles:
                hist.add_stay(_stay_gains(((half[rid], True),), target, cap))
            for table in pending:
                hist.add_stay(_stay_gains(table_units(table), target, cap))
        return hist

    def varying(target: int) -> tuple[int, ...]:
        found = varies_cache.get(target)
        if found is None:
            found = varies_cache[target] = tuple(sorted(
                t.table_number for t in pending if _varies(table_units(t), target)))
        return found

    def verdict(rid: int, gain: int | None) -> CutVerdict:
        """The player ``rid`` with ``gain`` half-points at their own pending table (``None``: no table)."""
        own = seat.get(rid)
        base = half[rid] + (gain or 0)
        # Others taken out of the histograms (the player, their table) and put back as lone players.
        if own is None:
            removed_units: list[Sequence[tuple[int, bool]]] = [((half[rid], True),)]
            added: list[tuple[int, bool]] = []
        else:
            table, side = own
            removed_units = [table_units(table)]
            opponent = table.player_b if side == 0 else table.player_a
            added = [(half[opponent] + 2 - gain, opponent in active_set)]

        # Worst case: the player loses every later round; count the others at or above them.
        target = base
        counts = list(worst_histogram(target).counts)
        for units in removed_units:
            for value in _reach_costs(units, target, cap):
                counts[value] -= 1
        for unit in added:
            for value in _reach_costs((unit,), target, cap):
                counts[value] += 1
        above_or_level = 0
        left = budget
        for cost, many in enumerate(counts):
            if not many:
                continue
            if cost == 0:
                above_or_level += many
                continue
            take = min(many, left // cost)
            above_or_level += take
            left -= take * cost
            if take < many:
                break
        if above_or_level < cut_size:
            return CutVerdict(CutStatus.GUARANTEED)

        # Best case: the player wins every later round; count the others strictly above them.
        target = base + cap
        mine = best_histogram(target).copy()
        for units in removed_units:
            mine.add_stay(_stay_gains(units, target, cap), -1)
        for unit in added:
            mine.add_stay(_stay_gains((unit,), target, cap))
        counts, forced, absorbed = mine.counts, mine.forced, mine.absorbed
        above = forced
        missing = absorb_total - absorbed
        for gain_value in range(size - 1, 0, -1):
            if missing <= 0:
                break
            many = counts[gain_value]
            if not many:
                continue
            take = min(many, -(-missing // gain_value))
            above += take
            missing -= take * gain_value
        if above >= cut_size:
            return CutVerdict(CutStatus.OUT)
        if future:
            return CutVerdict(CutStatus.POSSIBLE, future_rounds=True)
        tables = varying(base)
        if own is not None:
            tables = tuple(t for t in tables if t != own[0].table_number)
        return CutVerdict(CutStatus.POSSIBLE, tables=tables, tiebreak=not tables)

    answers: dict[int, CutOutlook] = {}
    for rid in active_set:
        own = seat.get(rid)
        if own is None:
            answers[rid] = CutOutlook(rid, overall=verdict(rid, None))
            continue
        win, draw, loss = verdict(rid, 2), verdict(rid, 1), verdict(rid, 0)
        answers[rid] = CutOutlook(rid, overall=_overall(win, loss), win=win, draw=draw, loss=loss,
                                  table_number=own[0].table_number)
    return answers


def _overall(win: CutVerdict, loss: CutVerdict) -> CutVerdict:
    """Over every result of the player's own table: a loss is the worst of them, a win the best."""
    if loss.status is CutStatus.GUARANTEED:
        return loss
    if win.status is CutStatus.OUT:
        return win
    return CutVerdict(CutStatus.POSSIBLE, tables=win.tables if win.status is CutStatus.POSSIBLE else (),
                      future_rounds=win.future_rounds or loss.future_rounds)
