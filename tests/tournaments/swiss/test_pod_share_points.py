"""Pod placement points by share of pod-mates beaten (DESIGN.md decision 17).

A player earns 3 × the share of the pod's other players they finished ahead
of; a tied pod-mate counts half (tied places share the average). 4-player
pods keep 3 / 2 / 1 / 0; a smaller pod no longer pays more for last place.
Clause R-002-11 (La Copa del Mundo: finishing places → placement points) and
R-004-08 (the stoner-points game: places by score → placement points); the
trace proposes the 3/2/1/0 table of issue #9 for every size, which DESIGN.md
decision 17 replaces on purpose (a 2-player pod's last place earned 2 there).

Every expected figure is worked out by hand in the test's docstring.
"""
from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.swiss.errors import PairingError
from tournaments.swiss.pods import (
    PodResult,
    placements_from_scores,
    pod_points,
    pod_standings,
    share_points,
)

pytestmark = pytest.mark.unit

D = Decimal


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (2, ["3", "0"]),  # 3 × 1/1, 3 × 0/1
        (3, ["3", "1.5", "0"]),  # 3 × 2/2, 3 × 1/2, 0
        (4, ["3", "2", "1", "0"]),  # 3 × k/3: unchanged from issue #9
        (5, ["3", "2.25", "1.5", "0.75", "0"]),  # 3 × k/4
        (6, ["3", "2.4", "1.8", "1.2", "0.6", "0"]),  # 3 × k/5
    ],
)
def test_share_points_by_pod_size(size, expected):
    got = [share_points(place, size) for place in range(1, size + 1)]
    assert got == [Fraction(D(value)) for value in expected]


def test_last_place_is_worth_nothing_whatever_the_pod_size():
    """The audit's case: pods [3, 2]; last at the 2-player table earned 2,
    last at the 3-player table 1. Now both earn 0, both winners 3."""
    assert share_points(2, 2) == share_points(3, 3) == 0
    assert share_points(1, 2) == share_points(1, 3) == 3


def test_tied_players_share_the_average_of_their_places():
    """Two tied for 1st of 4: (3 + 2) / 2 = 2.5 each; two tied for 2nd of 3:
    (1.5 + 0) / 2 = 0.75 each; three tied for 2nd of 4: (2 + 1 + 0) / 3 = 1."""
    assert pod_points([(1, 1, None), (2, 1, None), (3, 3, None), (4, 4, None)]) == {
        1: Fraction(5, 2), 2: Fraction(5, 2), 3: 1, 4: 0}
    assert pod_points([(1, 1, None), (2, 2, None), (3, 2, None)]) == {1: 3, 2: Fraction(3, 4), 3: Fraction(3, 4)}
    assert pod_points([(1, 1, None), (2, 2, None), (3, 2, None), (4, 2, None)]) == {1: 3, 2: 1, 3: 1, 4: 1}


def test_share_points_refuse_a_place_outside_the_pod():
    with pytest.raises(PairingError) as err:
        share_points(4, 3)
    assert err.value.code == "bad_place"
    with pytest.raises(PairingError):
        share_points(2, 3, tied=3)


def test_an_event_table_still_applies_when_the_event_chooses_one():
    """With a table {1: 3, 2: 2, 3: 1} a 2-player pod pays 3 / 2 (the old
    behaviour, now an event option), and a 3-player pod 3 / 2 / 1."""
    table = {1: 3, 2: 2, 3: 1}
    assert pod_points([(1, 1, None), (2, 2, None)], table) == {1: 3, 2: 2}
    assert pod_points([(1, 1, None), (2, 2, None), (3, 3, None)], table) == {1: 3, 2: 2, 3: 1}


def rows(standings):
    return [(s.rank, s.player_id, s.points, s.opponents_points, s.technical_tie) for s in standings]


def test_standings_pods_of_three_and_two():
    """Five Copa del Mundo Managers, pods [3, 2] (R-002-11).

    Pod 1: 1 beats 2 beats 3 → 3, 1.5, 0. Pod 2: 4 beats 5 → 3, 0.
    Opponents: 1: 1.5 + 0 = 1.5; 2: 3 + 0 = 3; 3: 3 + 1.5 = 4.5; 4: 0; 5: 3.
    Ranking: 1 (3, 1.5) above 4 (3, 0); 2 (1.5); 3 (0, 4.5) above 5 (0, 3).
    """
    results = [PodResult(1, 1, ((1, 1, None), (2, 2, None), (3, 3, None))),
               PodResult(1, 2, ((4, 1, None), (5, 2, None)))]
    assert rows(pod_standings(range(1, 6), results)) == [
        (1, 1, D(3), D("1.5"), False),
        (2, 4, D(3), D(0), False),
        (3, 2, D("1.5"), D(3), False),
        (4, 3, D(0), D("4.5"), False),
        (5, 5, D(0), D(3), False),
    ]


def test_standings_pods_of_four_and_three():
    """Pods [4, 3]: 1-4 place in order (3, 2, 1, 0); 11-13 in order (3, 1.5, 0).

    Opponents: 1: 2+1+0 = 3; 2: 3+1+0 = 4; 3: 3+2+0 = 5; 4: 6; 11: 1.5;
    12: 3; 13: 4.5. Ranking: 1 (3, 3), 11 (3, 1.5), 2 (2), 12 (1.5), 3 (1),
    4 (0, 6), 13 (0, 4.5).
    """
    results = [PodResult(1, 1, ((1, 1, None), (2, 2, None), (3, 3, None), (4, 4, None))),
               PodResult(1, 2, ((11, 1, None), (12, 2, None), (13, 3, None)))]
    assert rows(pod_standings([1, 2, 3, 4, 11, 12, 13], results)) == [
        (1, 1, D(3), D(3), False),
        (2, 11, D(3), D("1.5"), False),
        (3, 2, D(2), D(4), False),
        (4, 12, D("1.5"), D(3), False),
        (5, 3, D(1), D(5), False),
        (6, 4, D(0), D(6), False),
        (7, 13, D(0), D("4.5"), False),
    ]


def test_standings_pods_of_four_four_and_three_with_ties():
    """Pods [4, 4, 3] with shared places.

    Pod 1: 1 first, 2 and 3 tied 2nd, 4 last → 3, (2+1)/2 = 1.5, 1.5, 0.
    Pod 2: 11 and 12 tied 1st, 13, 14 → (3+2)/2 = 2.5, 2.5, 1, 0.
    Pod 3: 21 first, 22 and 23 tied 2nd → 3, (1.5+0)/2 = 0.75, 0.75.
    Opponents: 1: 3; 2, 3: 3 + 1.5 = 4.5; 4: 6; 11, 12: 2.5 + 1 = 3.5;
    13: 5; 14: 6; 21: 1.5; 22, 23: 3 + 0.75 = 3.75.
    Ranking: 1 (3, 3), 21 (3, 1.5); 11 = 12 (2.5, 3.5) technical, rank 3;
    2 = 3 (1.5, 4.5) rank 5; 13 (1) rank 7; 22 = 23 (0.75) rank 8;
    4 = 14 (0, 6) rank 10.
    """
    results = [
        PodResult(1, 1, ((1, 1, None), (2, 2, None), (3, 2, None), (4, 4, None))),
        PodResult(1, 2, ((11, 1, None), (12, 1, None), (13, 3, None), (14, 4, None))),
        PodResult(1, 3, ((21, 1, None), (22, 2, None), (23, 2, None))),
    ]
    ids = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23]
    assert rows(pod_standings(ids, results)) == [
        (1, 1, D(3), D(3), False),
        (2, 21, D(3), D("1.5"), False),
        (3, 11, D("2.5"), D("3.5"), True),
        (3, 12, D("2.5"), D("3.5"), True),
        (5, 2, D("1.5"), D("4.5"), True),
        (5, 3, D("1.5"), D("4.5"), True),
        (7, 13, D(1), D(5), False),
        (8, 22, D("0.75"), D("3.75"), True),
        (8, 23, D("0.75"), D("3.75"), True),
        (10, 4, D(0), D(6), True),
        (10, 14, D(0), D(6), True),
    ]


def test_fractions_add_up_exactly_across_rounds():
    """Player 1 finishes 5th of 6 three times: 0.6 × 3 = 1.8 exactly (no
    binary rounding), equal to player 2's single 3rd of 6 (1.8) plus two
    last places, so the points column ties."""
    results = []
    for rnd in (1, 2, 3):
        places = {1: 5, 2: 3 if rnd == 1 else 6}
        others = [p for p in range(3, 7)]
        free = [pl for pl in range(1, 7) if pl not in places.values()]
        lines = [(1, places[1], None), (2, places[2], None)] + [(p, pl, None) for p, pl in zip(others, free)]
        results.append(PodResult(rnd, 1, tuple(lines)))
    by_id = {s.player_id: s for s in pod_standings(range(1, 7), results)}
    assert by_id[1].points == by_id[2].points == D("1.8")


def test_scores_of_a_pod_ended_by_time_share_a_tied_lead():
    """R-004-02: a tied top score continues the game; when the round's time
    ended it (nobody plays on) the leaders share 1st: 15, 15, 9 → 1, 1, 3."""
    with pytest.raises(PairingError) as err:
        placements_from_scores({1: 15, 2: 15, 3: 9})
    assert err.value.code == "tied_lead"
    assert [tuple(line) for line in placements_from_scores({1: 15, 2: 15, 3: 9}, ended_by_time=True)] == [
        (1, 1, 15), (2, 1, 15), (3, 3, 9)]
