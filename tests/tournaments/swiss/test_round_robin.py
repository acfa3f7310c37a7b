"""The round-robin schedule (pure): the circle method, hand-derived cases and a brute-force property.

Default: DESIGN.md decision 22 (every pair meets once, a bye for an odd
count) and decision 1 (the bye). The rulebook has no round robin; results
are scored as Swiss matches (000_0014b2ac83da54b4.txt § "¿Cómo se calculan
los puntos en un torneo suizo?", R-000-65).
"""
from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.swiss.errors import PairingError
from tournaments.swiss.round_robin import round_robin_rounds, round_robin_schedule

pytestmark = pytest.mark.unit


def as_pairs(rnd):
    return [(p.table_number, p.player_a, p.player_b) for p in rnd]


def test_four_players_by_hand():
    # places [1, 2, 3, 4]; round r pairs place i with place n-1-i, then places 2..4 turn one step:
    # R1 [1,2,3,4] -> 1v4, 2v3; R2 [1,4,2,3] -> 1v3, 4v2; R3 [1,3,4,2] -> 1v2, 3v4
    schedule = round_robin_schedule([1, 2, 3, 4])
    assert [as_pairs(r) for r in schedule] == [
        [(1, 1, 4), (2, 2, 3)],
        [(1, 1, 3), (2, 4, 2)],
        [(1, 1, 2), (2, 3, 4)],
    ]


def test_three_players_each_get_one_bye_by_hand():
    # an empty place makes 4: R1 [1,2,3,_] -> 1 v _ (bye 1), 2v3; R2 [1,_,2,3] -> 1v3, _ v 2 (bye 2);
    # R3 [1,3,_,2] -> 1v2, 3 v _ (bye 3)
    schedule = round_robin_schedule([1, 2, 3])
    assert [as_pairs(r) for r in schedule] == [
        [(1, 2, 3), (None, 1, None)],
        [(1, 1, 3), (None, 2, None)],
        [(1, 1, 2), (None, 3, None)],
    ]


def test_the_drawn_places_decide_who_meets_whom_when():
    # the same circle with other ids in the places: place 1 is 30, so 30 meets the last place (10) first
    assert as_pairs(round_robin_schedule([30, 20, 40, 10])[0]) == [(1, 30, 10), (2, 20, 40)]


@pytest.mark.parametrize("count", range(3, 13))
def test_every_pair_meets_exactly_once_nobody_twice_a_round_at_most_one_bye(count):
    players = [100 + i for i in range(count)]
    schedule = round_robin_schedule(players)
    assert len(schedule) == (count - 1 if count % 2 == 0 else count) == round_robin_rounds(count)
    met: dict[frozenset, int] = {}
    byes: dict[int, int] = {}
    for rnd in schedule:
        seen = [p for pairing in rnd for p in (pairing.player_a, pairing.player_b) if p is not None]
        assert sorted(seen) == players  # everyone sits exactly once a round (a table or the bye)
        for pairing in rnd:
            if pairing.player_b is None:
                byes[pairing.player_a] = byes.get(pairing.player_a, 0) + 1
            else:
                key = frozenset((pairing.player_a, pairing.player_b))
                met[key] = met.get(key, 0) + 1
        tables = [p.table_number for p in rnd if p.player_b is not None]
        assert tables == list(range(1, count // 2 + 1))
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert all(n == 1 for n in byes.values())
    assert len(byes) == (count if count % 2 else 0)


@pytest.mark.parametrize("count", [0, 1, 2, 13, 20])
def test_counts_outside_three_to_twelve_are_refused(count):
    with pytest.raises(PairingError) as refused:
        round_robin_schedule(list(range(1, count + 1)))
    assert refused.value.code == "round_robin_size"


def test_a_repeated_player_is_refused():
    with pytest.raises(PairingError) as refused:
        round_robin_schedule([1, 2, 2, 3])
    assert refused.value.code == "duplicate_player"
