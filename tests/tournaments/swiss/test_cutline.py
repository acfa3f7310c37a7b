"""«¿Me alcanza con empatar?»: the cut line core (issue #29 point 3).

Clauses: R-000-65 (win 1, draw 0.5, loss 0: an intentional draw is a drawn match, the rulebook has no
clause of its own for it), R-000-63 and R-000-39 (the cut takes the top N of the final standings;
dropped players skipped; DESIGN.md decision 6: 4, 8 or 16), R-000-66 (tiebreakers: taken by their worst
case for «guaranteed», their best case for «possible»), DESIGN.md decision 1 (a bye is a win).
Every expected value below is derived by hand in the comments; the oracle tests compare with
``cutline_oracle`` (an exhaustive enumeration) on 1,000 seeded random events.
"""
from __future__ import annotations

import random

import pytest

from tournaments.swiss.cutline import CutStatus, PendingTable, cut_outlook
from tournaments.swiss.errors import SwissInvariantError

from .cutline_oracle import oracle

pytestmark = pytest.mark.unit

G, P, X = CutStatus.GUARANTEED, CutStatus.POSSIBLE, CutStatus.OUT


def thirty_two() -> tuple[dict[int, float], list[PendingTable]]:
    """32 players after 4 of 5 rounds, no draws: ids 1-2 at 4.0, 3-10 at 3.0, 11-22 at 2.0, 23-30 at 1.0,
    31-32 at 0.0; the last round pairs neighbours: table 1 = 1 v 2 (4-0s), tables 2-5 the 3-1s, 6-11 the
    2-2s, 12-15 the 1-3s, 16 the 0-4s."""
    points = {}
    for rid in range(1, 33):
        points[rid] = 4.0 if rid <= 2 else 3.0 if rid <= 10 else 2.0 if rid <= 22 else 1.0 if rid <= 30 else 0.0
    tables = [PendingTable(k, 2 * k - 1, 2 * k) for k in range(1, 17)]
    return points, tables


def statuses(outlook) -> tuple[CutStatus, CutStatus, CutStatus]:
    return outlook.win.status, outlook.draw.status, outlook.loss.status


def test_cut_outlook_32_players_last_round_cut_8():
    points, tables = thirty_two()
    got = cut_outlook(points, set(points), cut_size=8, rounds_left=0, pending=tables)
    # 4-0 (id 1) losing ends on 4.0: at most the other 4-0 (5.0) and one winner of each 3-1 table (4.0)
    # reach 4.0, 5 < 8: safe even with a loss.
    assert statuses(got[1]) == (G, G, G)
    # 3-1 (id 3): a win gives 4.0, at most 2 + 3 others reach it (5 < 8). A draw gives 3.5: both 4-0s,
    # the opponent and both players of each other 3-1 table drawing reach 3.5 (9 >= 8), but only the two
    # 4-0s must be above (2 < 8): possible, through tables 3, 4 and 5. A loss gives 3.0, level with the
    # 2-2 winners: possible (at least 2 + 1 + 3 above, 6 < 8), through tables 3-5 and the 2-2 tables 6-11.
    assert statuses(got[3]) == (G, P, P)
    assert got[3].draw.tables == (3, 4, 5)
    assert got[3].loss.tables == (3, 4, 5, 6, 7, 8, 9, 10, 11)
    assert got[3].draw.future_rounds is False and got[3].draw.tiebreak is False
    # 2-2 (id 11): a win gives 3.0: at least 2 + 4 (one of each 3-1 table) above, 6 < 8: possible on
    # tiebreakers with the 3-1 losers and 2-2 winners. A draw gives 2.5: all ten players at 3.0 or more
    # are above: out. A loss: out.
    assert statuses(got[11]) == (P, X, X)
    # 1-3 and 0-4: at most 2.0 and 1.0, below the ten players at 3.0 or more.
    assert statuses(got[23]) == (X, X, X)
    assert statuses(got[31]) == (X, X, X)
    # Overall (own result unknown): guaranteed for 4-0s, possible for 3-1s and 2-2s, out below.
    assert [got[rid].overall.status for rid in (1, 3, 11, 23)] == [G, P, P, X]


def test_cut_outlook_32_players_cut_4():
    points, tables = thirty_two()
    got = cut_outlook(points, set(points), cut_size=4, rounds_left=0, pending=tables)
    # 4-0: a draw gives 4.5, only the other 4-0 can reach it (1 < 4). A loss gives 4.0: the other 4-0
    # (5.0) and the four 3-1 winners reach 4.0 (5 >= 4) but only the other 4-0 must be above: possible.
    assert statuses(got[1]) == (G, G, P)
    # 3-1: a win gives 4.0: both 4-0s and three 3-1 winners may be level or above (5 >= 4); at least the
    # 4-0 winner is above (1 < 4): possible. A draw gives 3.5: at least both 4-0s above (2 < 4): possible.
    # A loss gives 3.0: both 4-0s, the opponent (4.0), and at least one of each other 3-1 table above:
    # 2 + 1 + 3 = 6 >= 4: out.
    assert statuses(got[3]) == (P, P, X)


def test_cut_outlook_32_players_cut_16():
    points, tables = thirty_two()
    got = cut_outlook(points, set(points), cut_size=16, rounds_left=0, pending=tables)
    # 3-1 losing ends on 3.0: 2 + the opponent + 6 other 3-1s + 6 winners of 2-2 tables = 15 < 16.
    assert statuses(got[3]) == (G, G, G)
    # 2-2: a win gives 3.0: 2 + 8 + 5 other 2-2 winners = 15 < 16 level or above: guaranteed. A draw gives
    # 2.5: at least the ten at 3.0+ above (10 < 16) and up to 21 level or above: possible. A loss: 10 + the
    # opponent (3.0) + one of each other 2-2 table (5) = 16 above: out.
    assert statuses(got[11]) == (G, P, X)


def test_cut_outlook_tie_at_the_line_is_possible_only():
    """Cut 4, last round, only the player's own table pending. A and B at 3.0, C and D at 2.0 (results in),
    the player (5) and Q (6) at 1.5 at table 3. A draw: 5 and 6 both end on 2.0 with C and D: two seats
    for four players level on points: not guaranteed, possible only through the tiebreakers (R-000-66)."""
    points = {1: 3.0, 2: 3.0, 3: 2.0, 4: 2.0, 5: 1.5, 6: 1.5}
    got = cut_outlook(points, set(points), cut_size=4, rounds_left=0, pending=[PendingTable(3, 5, 6)])
    draw = got[5].draw
    assert (draw.status, draw.tables, draw.tiebreak) == (P, (), True)
    # A win: 2.5, only A and B at or above it. A loss: 1.5, with A, B, C, D and Q (2.5) above: out.
    assert (got[5].win.status, got[5].loss.status) == (G, X)


def test_cut_outlook_names_the_table_that_matters():
    """Cut 4, last round: A, B at 2.0 (table 1), C, D at 1.0 (table 2), E, F at 1.0 (table 3), G, H at 0.0
    (table 4). C drawing ends on 1.5 with D: A and B are above; E-F decisive puts one at 2.0 above (3 + D
    level = 4 at or above), drawn puts both level at 1.5: possible, and only table 3 changes the count
    (table 1 is above whatever happens, table 4 below)."""
    points = {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 1.0, 7: 0.0, 8: 0.0}
    tables = [PendingTable(1, 1, 2), PendingTable(2, 3, 4), PendingTable(3, 5, 6), PendingTable(4, 7, 8)]
    got = cut_outlook(points, set(points), cut_size=4, rounds_left=0, pending=tables)
    assert (got[3].draw.status, got[3].draw.tables) == (P, (3,))
    # A win: 2.0, with A, B (2.0 or more) and the E-F winner: 3 < 4. A loss: 1.0: A, B, D (2.0) and at
    # least one of E, F (1.5 each or one at 2.0): 4 above: out.
    assert (got[3].win.status, got[3].loss.status) == (G, X)


def test_cut_outlook_a_bye_in_the_current_round_is_a_win():
    """Cut 4, last round. A, B at 2.0 (table 1), C, D at 1.0 (table 2), the player (5) with a bye this round
    (1.0 + 1 = 2.0, in ``points``). At or above 2.0: A and B always, one of C/D with a win: 3 < 4."""
    points = {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 2.0}
    got = cut_outlook(points, set(points), cut_size=4, rounds_left=0,
                      pending=[PendingTable(1, 1, 2), PendingTable(2, 3, 4)])
    assert (got[5].win, got[5].draw, got[5].loss, got[5].table_number) == (None, None, None, None)
    assert got[5].overall.status is G
    # Without the bye's point the player is at 1.0: A, B and one of C/D are above (3 < 4) or everyone
    # at or above: possible, not guaranteed.
    points[5] = 1.0
    assert cut_outlook(points, set(points), cut_size=4, rounds_left=0,
                       pending=[PendingTable(1, 1, 2), PendingTable(2, 3, 4)])[5].overall.status is P


def test_cut_outlook_later_round_bye_gives_a_point():
    """Round not paired, one round left, cut 4. Five players: the player (5) at 1.0, four at 0.0. Worst
    case the player loses: their opponent reaches 1.0, one gets the bye (1.0), the other two play and one
    wins: 3 level, 3 < 4: guaranteed. With seven players (six at 0.0) four can reach 1.0: possible."""
    five = {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0, 5: 1.0}
    got = cut_outlook(five, set(five), cut_size=4, rounds_left=1)
    assert got[5].overall.status is G
    seven = {**five, 6: 0.0, 7: 0.0}
    got = cut_outlook(seven, set(seven), cut_size=4, rounds_left=1)
    assert (got[5].overall.status, got[5].overall.future_rounds) == (P, True)
    # The others at 0.0 can win one round (1.0) but stay below the player at 2.0 if the player wins.
    assert got[1].overall.status is P


def test_cut_outlook_dropped_players_are_skipped():
    """Cut 4, last round. A (1) dropped at 3.0, B (2) and C (3) at 3.0 at table 1, D (4) at 2.0 (result in),
    the player (5) at 2.0 against E (6) at 0.0 at table 2. Losing leaves the player at 2.0 with B, C and
    D at or above: 3 < 4, guaranteed; A does not count. With A still playing, A is a fourth: possible."""
    points = {1: 3.0, 2: 3.0, 3: 3.0, 4: 2.0, 5: 2.0, 6: 0.0}
    tables = [PendingTable(1, 2, 3), PendingTable(2, 5, 6)]
    got = cut_outlook(points, {2, 3, 4, 5, 6}, cut_size=4, rounds_left=0, pending=tables)
    assert got[5].loss.status is G
    assert 1 not in got
    got = cut_outlook(points, set(points), cut_size=4, rounds_left=0, pending=tables)
    assert got[5].loss.status is P


def test_cut_outlook_dropped_opponent_may_lose():
    """Cut 4, last round. Player 1 at 1.0 sits against a dropped player (2); 3, 4, 5, 6 at 1.0 with 3 v 4
    (table 2) and 5 v 6 (table 3) pending; five active players for four seats."""
    points = {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 1.0}
    tables = [PendingTable(1, 1, 2), PendingTable(2, 3, 4), PendingTable(3, 5, 6)]
    got = cut_outlook(points, {1, 3, 4, 5, 6}, cut_size=4, rounds_left=0, pending=tables)
    assert 2 not in got
    # Player 1 winning (2.0): at most the winners of tables 2 and 3 at 2.0, 2 < 4. Drawing (1.5): both
    # tables drawn put four at 1.5 (not guaranteed), none has to be above: possible through tables 2, 3.
    assert (got[1].win.status, got[1].draw.status, got[1].draw.tables) == (G, P, (2, 3))
    # Player 3 drawing (1.5): player 1 may beat the dropped player (2.0), 4 is level, 5 and 6 drawing are
    # level: 4 at or above, none forced above: possible through tables 1 and 3 (the dropped player is
    # never counted).
    assert (got[3].draw.status, got[3].draw.tables) == (P, (1, 3))


def test_cut_outlook_no_top_cut_no_answer():
    assert cut_outlook({1: 1.0, 2: 0.0}, {1, 2}, cut_size=0, rounds_left=1) == {}


def test_cut_outlook_refuses_an_active_player_without_points():
    with pytest.raises(SwissInvariantError):
        cut_outlook({1: 0.0}, {1, 2}, cut_size=4, rounds_left=1)


def test_cut_outlook_refuses_a_player_at_two_tables():
    with pytest.raises(SwissInvariantError):
        cut_outlook({1: 0.0, 2: 0.0, 3: 0.0}, {1, 2, 3}, cut_size=4, rounds_left=0,
                    pending=[PendingTable(1, 1, 2), PendingTable(2, 1, 3)])


# ------------------------------------------------------------------------------------------------------
# The oracle: every outcome of small events
# ------------------------------------------------------------------------------------------------------


def random_event(rng: random.Random):
    """Up to 12 players: points after 0-4 rounds, up to two dropped, the current round paired (some tables
    already with a result, a bye when odd, dropped players sometimes seated) with 0 or 1 round after it, or
    not paired with 1 or 2 rounds left (2 only up to 8 players)."""
    n = rng.randint(4, 12)
    ids = list(range(1, n + 1))
    played = rng.randint(0, 4)
    half = {rid: rng.randint(0, 2 * played) for rid in ids}
    dropped = set(rng.sample(ids, rng.choice([0, 0, 1, 2]))) if n > 5 else set()
    active = set(ids) - dropped
    pending: list[tuple[int, int, int]] = []
    if rng.random() < 0.7:
        players = sorted(active) + [rid for rid in sorted(dropped) if rng.random() < 0.5]
        rng.shuffle(players)
        if len(players) % 2:
            bye = players.pop()
            half[bye] += 2
        for table, (a, b) in enumerate(zip(players[::2], players[1::2]), start=1):
            if rng.random() < 0.3:
                ga, gb = rng.choice(((2, 0), (1, 1), (0, 2)))
                half[a] += ga
                half[b] += gb
            else:
                pending.append((table, a, b))
        rounds_left = rng.choice([0, 1])
    else:
        rounds_left = rng.choice([1, 2]) if n <= 8 else 1
    return half, active, rng.choice([4, 4, 8, 16]), rounds_left, pending


def test_cut_outlook_agrees_with_the_oracle_on_1000_events():
    """Exactly the oracle's «guaranteed» and «out of reach» (so never «guaranteed» when some outcome
    leaves the player out), on 1,000 seeded random events of up to 12 players."""
    rng = random.Random(29)
    seen = {G: 0, P: 0, X: 0}
    for _ in range(1000):
        half, active, cut, rounds_left, pending = random_event(rng)
        got = cut_outlook({rid: h / 2 for rid, h in half.items()}, active, cut_size=cut, rounds_left=rounds_left,
                          pending=[PendingTable(*t) for t in pending])
        for rid in sorted(active):
            outlook = got[rid]
            seated = any(rid in (a, b) for _, a, b in pending)
            cases = [(2, outlook.win), (1, outlook.draw), (0, outlook.loss)] if seated else [(None, outlook.overall)]
            for gain, verdict in cases:
                want = oracle(half, active, cut, rounds_left, pending, rid, gain)
                assert verdict.status.value == want, (half, active, cut, rounds_left, pending, rid, gain)
                seen[verdict.status] += 1
    # The events exercise every answer, not only the easy ones.
    assert min(seen.values()) > 500, seen
