"""A single-elimination bracket for any count (pure): byes to the top seeds, the same bracket as the cut.

Expected brackets are written by hand from the standard order (DESIGN.md
decision 6: 1v8, 4v5, 2v7, 3v6) with the missing seeds as byes (DESIGN.md
decision 22); the podium as in 000_0014b2ac83da54b4.txt § "10.1. Desarrollo
de las Rondas Suizas" ("el podio de 3", R-000-80).
"""
from __future__ import annotations

import pytest

from tournaments.swiss.errors import PairingError
from tournaments.swiss.topcut import knockout_size, next_stage, podium, seed_knockout

pytestmark = pytest.mark.unit


def slots(matches):
    return [(m.stage, m.slot, m.player_a, m.player_b) for m in matches]


@pytest.mark.parametrize(("count", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (6, 8), (8, 8), (9, 16), (16, 16)])
def test_the_bracket_is_the_next_power_of_two(count, size):
    assert knockout_size(count) == size


def test_six_players_seeds_one_and_two_wait_for_four_five_and_three_six():
    # bracket of 8 in order 1,8 | 4,5 | 2,7 | 3,6; seeds 7 and 8 do not exist: byes for 2 and 1
    ids = [11, 12, 13, 14, 15, 16]  # seed n is id 10 + n
    first = seed_knockout(ids)
    assert slots(first) == [(3, 1, 11, None), (3, 2, 14, 15), (3, 3, 12, None), (3, 4, 13, 16)]
    # 4 beats 5, 6 beats 3: the semifinals are 1 v 4 and 2 v 6 (the byes go on by themselves)
    semis = next_stage(first, {(3, 2): 14, (3, 4): 16})
    assert slots(semis) == [(2, 1, 11, 14), (2, 2, 12, 16)]


def test_five_players_three_byes():
    # 1,8 | 4,5 | 2,7 | 3,6 with 6, 7, 8 missing: only 4 v 5 is played
    assert slots(seed_knockout([1, 2, 3, 4, 5])) == [(3, 1, 1, None), (3, 2, 4, 5), (3, 3, 2, None), (3, 4, 3, None)]


def test_eight_players_is_the_plain_top_eight_bracket():
    assert slots(seed_knockout(list(range(1, 9)))) == [(3, 1, 1, 8), (3, 2, 4, 5), (3, 3, 2, 7), (3, 4, 3, 6)]


def test_three_players_the_single_semifinal_loser_is_third():
    # bracket of 4: 1 v bye, 2 v 3; 3 beats 2, 1 beats 3 in the final: podium 1, 3, 2
    semis = seed_knockout([1, 2, 3])
    assert slots(semis) == [(2, 1, 1, None), (2, 2, 2, 3)]
    final = next_stage(semis, {(2, 2): 3})
    assert slots(final) == [(1, 1, 1, 3)]
    result = podium((*semis, *final), {(2, 2): 3, (1, 1): 1})
    assert result.as_tuple() == (1, 3, 2)


def test_a_third_place_match_after_a_bye_semifinal_is_a_bye_for_the_only_loser():
    semis = seed_knockout([1, 2, 3])
    following = next_stage(semis, {(2, 2): 2}, third_place_match=True)
    # the final 1 v 2 and a third-place "match" of 3 alone
    assert slots(following) == [(1, 1, 1, 2), (0, 1, 3, None)]
    result = podium((*semis, *following), {(2, 2): 2, (1, 1): 2})
    assert (result.as_tuple(), result.third_decided_by) == ((2, 1, 3), "third_place_match")


def test_a_bye_given_a_winner_who_is_not_its_player_is_refused():
    first = seed_knockout([1, 2, 3])
    with pytest.raises(PairingError) as refused:
        next_stage(first, {(2, 1): 2, (2, 2): 2})
    assert refused.value.code == "bad_winner"


@pytest.mark.parametrize("count", [0, 1])
def test_fewer_than_two_players_make_no_bracket(count):
    with pytest.raises(PairingError) as refused:
        seed_knockout(list(range(1, count + 1)))
    assert refused.value.code == "too_few_for_knockout"
