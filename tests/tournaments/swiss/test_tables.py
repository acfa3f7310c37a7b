"""Fixed tables for players with access needs (issue #13 item 2; no rulebook clause: criterio de Arena).

Expected tables are worked out by hand in each test's comment.
"""
from __future__ import annotations

import pytest

from tournaments.swiss.tables import PAIRED_TOGETHER, TABLE_TAKEN, FixedTableConflict, assign_fixed_tables
from tournaments.swiss.types import Pairing

pytestmark = pytest.mark.unit


def round_of(*pairs):
    """Pairings numbered 1..n in the given order; ``(a, None)`` is the bye (last)."""
    out, table = [], 0
    for a, b in pairs:
        if b is None:
            out.append(Pairing(None, a, None))
        else:
            table += 1
            out.append(Pairing(table, a, b))
    return out


def layout(result):
    return [(p.table_number, p.player_a, p.player_b) for p in result.pairings]


def test_assign_fixed_tables_without_fixed_players_keeps_the_pairing():
    pairings = round_of((1, 2), (3, 4), (5, None))
    result = assign_fixed_tables(pairings, {})
    assert layout(result) == [(1, 1, 2), (2, 3, 4), (None, 5, None)]
    assert result.conflicts == ()


def test_assign_fixed_tables_moves_the_match_of_a_fixed_player_to_their_table():
    # Player 6 must sit at table 1; their match (5 vs 6) was table 3.
    # Table 1 goes to 5-6; the others keep their order on the free numbers 2 and 3.
    pairings = round_of((1, 2), (3, 4), (5, 6))
    result = assign_fixed_tables(pairings, {6: 1})
    assert layout(result) == [(1, 5, 6), (2, 1, 2), (3, 3, 4)]
    assert result.conflicts == ()


def test_assign_fixed_tables_keeps_a_table_above_the_round_count():
    # Table 9 is a physical place: 3 vs 4 sits there; 1-2 takes 1 and 5-6 takes 2.
    pairings = round_of((1, 2), (3, 4), (5, 6))
    result = assign_fixed_tables(pairings, {4: 9})
    assert layout(result) == [(1, 1, 2), (2, 5, 6), (9, 3, 4)]


def test_assign_fixed_tables_two_fixed_players_paired_together_the_better_ranked_keeps_theirs():
    # 3 (ranked 2nd) wants table 3, 4 (ranked 4th) wants table 1; they play each other.
    # 3 ranks better: the match goes to table 3, 4's table 1 is a conflict and 1-2 takes table 1.
    pairings = round_of((1, 2), (3, 4), (5, 6))
    result = assign_fixed_tables(pairings, {3: 3, 4: 1}, ranking=[1, 3, 2, 4, 5, 6])
    assert layout(result) == [(1, 1, 2), (2, 5, 6), (3, 3, 4)]
    assert result.conflicts == (FixedTableConflict(player=4, table=1, reason=PAIRED_TOGETHER, kept_by=3),)


def test_assign_fixed_tables_two_matches_wanting_one_table_the_better_ranked_keeps_it():
    # 2 (ranked 1st) and 5 (ranked 3rd) both want table 2, in different matches.
    # 1-2 gets table 2; 5-6 is reported and takes the first free number, 1; 3-4 takes 3.
    pairings = round_of((1, 2), (3, 4), (5, 6))
    result = assign_fixed_tables(pairings, {2: 2, 5: 2}, ranking=[2, 1, 5, 3, 4, 6])
    assert layout(result) == [(1, 3, 4), (2, 1, 2), (3, 5, 6)]
    assert result.conflicts == (FixedTableConflict(player=5, table=2, reason=TABLE_TAKEN, kept_by=2),)


def test_assign_fixed_tables_a_fixed_player_with_the_bye_keeps_no_table():
    pairings = round_of((1, 2), (3, 4), (5, None))
    result = assign_fixed_tables(pairings, {5: 1})
    assert layout(result) == [(1, 1, 2), (2, 3, 4), (None, 5, None)]
    assert result.conflicts == ()


def test_assign_fixed_tables_keeps_rematch_flags_and_every_player_once():
    pairings = [Pairing(1, 1, 2), Pairing(2, 3, 4, rematch=True), Pairing(None, 5, None)]
    result = assign_fixed_tables(pairings, {4: 1, 99: 2})  # 99 is not in the round: ignored
    assert [(p.table_number, p.player_a, p.player_b, p.rematch) for p in result.pairings] == [
        (1, 3, 4, True), (2, 1, 2, False), (None, 5, None, False)]
