"""Swiss in pods (issue #9; R-002-07, R-002-11, R-004-01, R-004-02, R-004-08;
RULES-TRACE ambiguities 37 and 38).

Invariants checked for many random events with hypothesis: every active
registration sits in exactly one pod; pod sizes are those of
``pod_sizes``; no pod repeats a pair while a repeat-free seating exists
(checked with an independent depth-first search); ``Pod.repeats`` counts
the repeated pairs; the same seed gives the same pods.
"""
from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.swiss.errors import PairingError, SwissInvariantError
from tournaments.swiss.pods import (
    DEFAULT_POD_TIEBREAKERS,
    POD_TIEBREAKERS,
    Placement,
    PodResult,
    PodRound,
    check_placements,
    pair_pods,
    placement_points,
    placements_from_elimination,
    placements_from_scores,
    pod_sizes,
    pod_standings,
    shared_pods,
    validate_points_table,
)

pytestmark = pytest.mark.unit


# --- helpers ------------------------------------------------------------------------


def _share_by_hand(line: Placement, placements: Sequence[Placement]) -> Fraction:
    """Decision 17 counted pairwise: 3 × (pod-mates finished behind + ½ per
    tied pod-mate) / pod-mates."""
    mates = [other for other in placements if other.player_id != line.player_id]
    behind = sum(1 for other in mates if other.place > line.place)
    tied = sum(1 for other in mates if other.place == line.place)
    return Fraction(3) * (behind + Fraction(tied, 2)) / len(mates) if mates else Fraction(0)


def pod(round_number: int, pod_number: int, *players: int, scores: Sequence[int] | None = None) -> PodResult:
    """A pod finished in the order given, no ties (1st, 2nd, ...)."""
    return PodResult(
        round_number,
        pod_number,
        tuple(
            (player, place, None if scores is None else scores[place - 1])
            for place, player in enumerate(players, start=1)
        ),
    )


def play(rng: random.Random, result: PodRound, tie_rate: float = 0.2) -> list[PodResult]:
    """Random finishing places for every pod (ties allowed), stoner scores."""
    played = []
    for table in result.tables:
        players = list(table.players)
        rng.shuffle(players)
        lines = []
        for index, player in enumerate(players):
            tied = index and rng.random() < tie_rate
            place = lines[-1][1] if tied else index + 1
            lines.append((player, place, rng.randint(0, 30)))
        played.append(PodResult(result.round_number, table.pod_number, tuple(lines)))
    return played


def repeat_free_seating_exists(
    players: Sequence[int], history: Sequence[PodResult], plan: Sequence[int]
) -> bool | None:
    """Reference: is there a seating of ``plan`` with no repeated pair?

    Independent of the module's search: players in a fixed order (most
    pod-mates met first, then by id), each tried in every pod with room;
    ``None`` when 60,000 nodes settle nothing.
    """
    met: dict[int, set[int]] = {p: set() for p in players}
    for a, b in shared_pods(history):
        if a in met and b in met:
            met[a].add(b)
            met[b].add(a)
    order = sorted(players, key=lambda p: (-len(met[p]), p))
    pods: list[list[int]] = [[] for _ in plan]
    nodes = 0

    def place(i: int) -> bool:
        nonlocal nodes
        if i == len(order):
            return True
        nodes += 1
        if nodes > 60_000:
            raise TimeoutError
        player = order[i]
        tried: set[int] = set()
        for j, members in enumerate(pods):
            if len(members) == plan[j]:
                continue
            if not members:
                if plan[j] in tried:
                    continue
                tried.add(plan[j])
            if met[player].isdisjoint(members):
                members.append(player)
                if place(i + 1):
                    return True
                members.pop()
        return False

    try:
        return place(0)
    except TimeoutError:
        return None


def check_invariants(result: PodRound, round_number: int, active: Sequence[int], history: Sequence[PodResult],
                     sizes: tuple[int, int], preferred: int | None = None) -> None:
    assert result.round_number == round_number
    assert sorted(result.players) == sorted(active), "every active registration exactly once"
    assert sorted((p.size for p in result.tables), reverse=True) == pod_sizes(len(active), *sizes, preferred)
    assert [p.pod_number for p in result.tables] == list(range(1, len(result.tables) + 1))
    met = shared_pods(history)
    for table in result.tables:
        assert table.repeats == sum(pair in met for pair in combinations(sorted(table.players), 2))


# --- pod sizes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes", "expected"),
    [
        (7, (3, 4), [4, 3]),
        (13, (3, 4), [4, 3, 3, 3]),
        (50, (3, 4), [4] * 11 + [3] * 2),
        (7, (2, 4), [4, 3]),
        (13, (2, 4), [4, 3, 3, 3]),
        (6, (2, 4), [3, 3]),
        (5, (2, 4), [3, 2]),
        (2, (2, 4), [2]),
        (13, (4, 6), [5, 4, 4]),
        (50, (4, 6), [6, 6, 6, 6, 6, 5, 5, 5, 5]),
        (7, (2, 6), [4, 3]),
        (13, (2, 6), [5, 4, 4]),
        (36, (6, 6), [6] * 6),
    ],
)
def test_pod_sizes_seat_everyone_in_the_fewest_even_pods(players, sizes, expected):
    """Issue #9: pods of the game's size, the largest preferred, filled with
    smaller pods so nobody sits out (4-3-3-3, never 4-4-3-2)."""
    assert pod_sizes(players, *sizes) == expected


def test_pod_sizes_preferred_smaller_than_the_largest():
    """An event of the 2–6 stoner-points game may aim for pods of 4."""
    assert pod_sizes(13, 2, 6, preferred=4) == [4, 3, 3, 3]
    assert pod_sizes(50, 2, 6, preferred=4) == [4] * 11 + [3] * 2


def test_pod_sizes_preferred_gives_way_to_the_minimum():
    """5 players in pods of 3–6 aiming at 4: one pod of 5 (3 + 2 is not allowed)."""
    assert pod_sizes(5, 3, 6, preferred=4) == [5]


@pytest.mark.parametrize(("players", "sizes"), [(1, (2, 4)), (0, (2, 4)), (5, (3, 3)), (7, (4, 6)), (3, (4, 6))])
def test_pod_sizes_too_few_players(players, sizes):
    with pytest.raises(PairingError) as exc:
        pod_sizes(players, *sizes)
    assert exc.value.code == "too_few_players"


@pytest.mark.parametrize(("sizes", "preferred"), [((1, 4), None), ((4, 3), None), ((2, 4), 5), ((3, 4), 2)])
def test_pod_sizes_bad_sizes(sizes, preferred):
    with pytest.raises(PairingError) as exc:
        pod_sizes(10, *sizes, preferred=preferred)
    assert exc.value.code == "bad_pod_sizes"


@given(
    players=st.integers(0, 300),
    low=st.integers(2, 6),
    span=st.integers(0, 4),
    aim=st.integers(0, 4),
)
def test_pod_sizes_rule_holds_for_every_field(players, low, span, aim):
    high = low + span
    preferred = low + min(aim, span)
    feasible = [k for k in range(1, players + 1) if k * low <= players <= k * high]
    if not feasible:
        with pytest.raises(PairingError):
            pod_sizes(players, low, high, preferred)
        return
    sizes = pod_sizes(players, low, high, preferred)
    assert sum(sizes) == players
    assert all(low <= size <= high for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)
    within_preferred = [k for k in feasible if players <= k * preferred]
    assert len(sizes) == (min(within_preferred) if within_preferred else max(feasible))


# --- places and placement points ---------------------------------------------------------


def test_placement_points_default_table():
    """Issue #9: 1st 3, 2nd 2, 3rd 1, others 0."""
    assert [placement_points(place, 6) for place in range(1, 7)] == [3, 2, 1, 0, 0, 0]


def test_placement_points_event_table():
    table = {1: 5, 2: 3, 3: 2, 4: 1}
    assert [placement_points(place, 4, table) for place in range(1, 5)] == [5, 3, 2, 1]
    assert placement_points(5, 6, table) == 0


def test_placement_points_tied_players_share_the_best_place():
    """Two tied for 1st both earn 3; the next player is 3rd (1 point)."""
    lines = check_placements([(1, 1, None), (2, 1, None), (3, 3, None), (4, 4, None)])
    assert [placement_points(line.place, 4) for line in lines] == [3, 3, 1, 0]


@pytest.mark.parametrize("place", [0, 5])
def test_placement_points_place_outside_the_pod(place):
    with pytest.raises(PairingError) as exc:
        placement_points(place, 4)
    assert exc.value.code == "bad_place"


@pytest.mark.parametrize("table", [{1: 3, 3: 1}, {1: 1, 2: 2}, {0: 3}, {1: -1}, {1: 2.5}])
def test_points_table_refused(table):
    with pytest.raises(PairingError) as exc:
        validate_points_table(table)
    assert exc.value.code == "bad_points_table"


def test_check_placements_accepts_competition_ranking():
    lines = check_placements([(7, 2, 10), (8, 1, 22), (9, 2, 10), (10, 4, 3)], pod_players=[7, 8, 9, 10])
    assert lines == (Placement(7, 2, 10), Placement(8, 1, 22), Placement(9, 2, 10), Placement(10, 4, 3))


@pytest.mark.parametrize(
    ("placements", "players", "code"),
    [
        ([], None, "empty_pod_result"),
        ([(1, 1, None), (1, 2, None)], None, "duplicate_player"),
        ([(1, 1, None), (2, 2, None), (3, 2, None), (4, 3, None)], None, "places_not_ranked"),
        ([(1, 2, None), (2, 2, None)], None, "places_not_ranked"),
        ([(1, 1, None), (2, 3, None)], None, "bad_place"),
        ([(1, 1, None), (2, 2, None)], [1, 2, 3], "missing_player"),
        ([(1, 1, None), (4, 2, None)], [1, 4, 9], "missing_player"),
        ([(1, 1, None), (2, 2, None), (3, 3, None)], [1, 2], "unknown_player"),
    ],
)
def test_check_placements_refused(placements, players, code):
    with pytest.raises(PairingError) as exc:
        check_placements(placements, pod_players=players)
    assert exc.value.code == code


def test_placements_from_scores_ranks_by_stoner_points():
    """R-004-08 and ambiguity 38: the single highest wins, the rest by score."""
    lines = placements_from_scores({11: 18, 12: 23, 13: 18, 14: 5})
    assert lines == (Placement(12, 1, 23), Placement(11, 2, 18), Placement(13, 2, 18), Placement(14, 4, 5))


def test_placements_from_scores_tied_lead_is_not_finished():
    """R-004-02, ambiguity 37: an equal top score means play goes on."""
    with pytest.raises(PairingError) as exc:
        placements_from_scores({1: 21, 2: 21, 3: 12})
    assert exc.value.code == "tied_lead"


def test_placements_from_elimination_reverse_order():
    """R-002-11, ambiguity 38: the last Manager standing wins; the others by
    reverse order of elimination, a shared place for a joint elimination."""
    lines = placements_from_elimination(5, [[1], [2, 3]])
    assert lines == (Placement(5, 1), Placement(2, 2), Placement(3, 2), Placement(1, 4))
    check_placements(lines, pod_players=[1, 2, 3, 5])


def test_placements_from_elimination_refuses_a_player_twice():
    with pytest.raises(PairingError) as exc:
        placements_from_elimination(5, [[1], [5]])
    assert exc.value.code == "duplicate_player"


# --- standings ------------------------------------------------------------------------


def test_pod_standings_from_placements_with_ties():
    """Two rounds of two pods of 3; round 2's first pod ties for 2nd.

    DESIGN.md decision 17 by hand: in a pod of 3, 1st beats both pod-mates
    (3), 2nd beats one of two (1.5), 3rd none (0); two tied for 2nd each beat
    nobody and tie one (3 × ½ / 2 = 0.75).
    """
    results = [
        pod(1, 1, 1, 2, 3),
        pod(1, 2, 4, 5, 6),
        PodResult(2, 1, ((1, 1, None), (4, 2, None), (6, 2, None))),
        pod(2, 2, 2, 5, 3),
    ]
    rows = pod_standings(range(1, 7), results)
    assert [(r.rank, r.player_id, r.points, r.places, r.pods_played) for r in rows] == [
        (1, 1, Decimal("6"), (1, 1), 2),
        (2, 2, Decimal("4.5"), (2, 1), 2),
        (3, 4, Decimal("3.75"), (1, 2), 2),
        (4, 5, Decimal("3"), (2, 2), 2),
        (5, 6, Decimal("0.75"), (3, 2), 2),
        (6, 3, Decimal("0"), (3, 3), 2),
    ]
    # Player 1 sat with 2 and 3 (4.5 + 0), then with 4 and 6 (3.75 + 0.75).
    assert rows[0].opponents_points == Decimal("9")
    assert [r.separated_by for r in rows] == [None, "points", "points", "points", "points", "points"]


def test_pod_standings_opponents_points_break_a_tie():
    """Equal points: the player whose pod-mates scored more ranks higher.

    Points by hand (pods of 3: 3 / 1.5 / 0, decision 17): 1 → 3 + 1.5,
    2 → 1.5 + 0, 3 → 0 + 3, 4 → 3 + 3, 5 → 1.5 + 0, 6 → 0 + 1.5.
    """
    results = [pod(1, 1, 1, 2, 3), pod(1, 2, 4, 5, 6), pod(2, 1, 4, 1, 2), pod(2, 2, 3, 6, 5)]
    rows = pod_standings(range(1, 7), results)
    d = Decimal
    assert [(r.rank, r.player_id, r.points, r.opponents_points) for r in rows] == [
        (1, 4, d(6), d(9)), (2, 1, d("4.5"), d(12)), (3, 3, d(3), d(9)),
        (4, 2, d("1.5"), d(18)), (5, 5, d("1.5"), d(12)), (5, 6, d("1.5"), d(12)),
    ]
    # Player 2 sat with 1 and 3 (4.5 + 3), then with 4 and 1 (6 + 4.5).
    assert [r.separated_by for r in rows[3:]] == ["points", "opponents_points", None]
    assert [r.technical_tie for r in rows[3:]] == [False, True, True]


def test_pod_standings_stoner_points_break_a_tie():
    """Level on points and opponents' points: the stoner-points total decides.

    Pods of 2 (decision 17): the winner beats their one pod-mate (3), the
    other earns 0; each winner's pod-mate has 0, each loser's has 3.
    """
    results = [pod(1, 1, 1, 2, scores=[22, 15]), pod(1, 2, 3, 4, scores=[20, 19])]
    rows = pod_standings([1, 2, 3, 4], results)
    assert [(r.player_id, r.points, r.opponents_points, r.secondary_score) for r in rows] == [
        (1, 3, 0, 22), (3, 3, 0, 20), (4, 0, 3, 19), (2, 0, 3, 15),
    ]
    assert [r.separated_by for r in rows] == [None, "secondary_score", "points", "secondary_score"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_pod_standings_technical_tie_shares_the_rank_in_draw_order():
    results = [pod(1, 1, 1, 2), pod(1, 2, 3, 4)]
    rows = pod_standings([1, 2, 3, 4], results, draw_order={3: 0, 1: 1, 4: 2, 2: 3})
    assert [(r.rank, r.player_id, r.technical_tie, r.separated_by) for r in rows] == [
        (1, 3, True, None), (1, 1, True, None), (3, 4, True, "points"), (3, 2, True, None),
    ]


def test_pod_standings_dropped_player_counts_for_pod_mates():
    """DESIGN.md decision 2 applied to pods: a dropped pod-mate counts with
    the points they finished with; the dropped player stays ranked.

    Player 3 won round 1's pod of 3 (3 points) and dropped; player 1 was
    last there (0) and beat player 2 (1.5 from round 1) in round 2.
    """
    results = [pod(1, 1, 3, 2, 1), pod(2, 1, 1, 2)]
    rows = {r.player_id: r for r in pod_standings([1, 2, 3], results, active={1, 2})}
    assert rows[3].active is False and rows[3].points == 3
    assert rows[1].opponents_points == (3 + Decimal("1.5")) + Decimal("1.5")


def test_pod_standings_event_points_table_and_order():
    results = [pod(1, 1, 1, 2, 3, 4)]
    rows = pod_standings([1, 2, 3, 4], results, points_table={1: 4, 2: 2, 3: 1, 4: 1})
    assert [(r.player_id, r.points, r.technical_tie) for r in rows] == [
        (1, 4, False), (2, 2, False), (3, 1, True), (4, 1, True),
    ]


def test_pod_standings_custom_tiebreakers():
    results = [pod(1, 1, 1, 2, scores=[22, 15]), pod(1, 2, 3, 4, scores=[20, 25])]
    rows = pod_standings([1, 2, 3, 4], results, tiebreakers=("secondary_score", "points"))
    assert [r.player_id for r in rows] == [4, 1, 3, 2]


def test_pod_standings_registry_labels():
    assert DEFAULT_POD_TIEBREAKERS == ("points", "opponents_points", "secondary_score")
    assert all(POD_TIEBREAKERS[key].rule for key in DEFAULT_POD_TIEBREAKERS)
    with pytest.raises(PairingError) as exc:
        pod_standings([1], [], tiebreakers=("points", "buchholz"))
    assert exc.value.code == "unknown_tiebreaker"


def test_pod_standings_without_results():
    rows = pod_standings([3, 1, 2], [])
    assert [(r.rank, r.player_id, r.points, r.pods_played, r.technical_tie) for r in rows] == [
        (1, 1, 0, 0, True), (1, 2, 0, 0, True), (1, 3, 0, 0, True),
    ]


@pytest.mark.parametrize(
    "results",
    [
        [pod(1, 1, 1, 9)],  # 9 is not registered
        [pod(1, 1, 1, 2), pod(1, 2, 2, 3)],  # 2 plays twice in round 1
        [pod(1, 1, 1, 2), pod(1, 1, 3, 4)],  # pod 1 twice in round 1
        [PodResult(1, 1, ((1, 1, None), (2, 3, None)))],  # place 3 in a pod of 2
    ],
)
def test_pod_standings_inconsistent_results(results):
    with pytest.raises(SwissInvariantError):
        pod_standings([1, 2, 3, 4], results)


# --- pairing ------------------------------------------------------------------------


def test_pair_pods_round_one_is_random_and_seeded():
    """DESIGN.md decision 11: round 1 from a recorded seed."""
    players = list(range(1, 14))
    first = pair_pods(1, players, [], rng=random.Random(7), sizes=(3, 4))
    again = pair_pods(1, list(reversed(players)), [], rng=random.Random(7), sizes=(3, 4))
    other = pair_pods(1, players, [], rng=random.Random(8), sizes=(3, 4))
    check_invariants(first, 1, players, [], (3, 4))
    assert [p.size for p in first.tables] == [4, 3, 3, 3]
    assert first == again
    assert first != other
    assert first.repeats == 0 and first.seed is None


def test_pair_pods_groups_by_points():
    """16 players in pods of 4: round 2 seats the four winners together, the
    four 2nd places together, and so on (no one met)."""
    players = list(range(1, 17))
    history = [pod(1, n + 1, *players[4 * n : 4 * n + 4]) for n in range(4)]
    result = pair_pods(2, players, history, rng=random.Random(1), sizes=(4, 4))
    assert [table.players for table in result.tables] == [(1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)]
    assert result.repeats == 0


def test_pair_pods_flags_unavoidable_repeats():
    """8 players in pods of 4 after one round: every pod of round 2 holds two
    pairs of old pod-mates (pigeonhole), flagged on each pod."""
    history = [pod(1, 1, 1, 2, 3, 4), pod(1, 2, 5, 6, 7, 8)]
    result = pair_pods(2, range(1, 9), history, rng=random.Random(1), sizes=(4, 4))
    check_invariants(result, 2, range(1, 9), history, (4, 4))
    assert [table.repeats for table in result.tables] == [2, 2]
    assert [table.players for table in result.tables] == [(1, 5, 2, 6), (3, 7, 4, 8)]


def test_pair_pods_avoids_repeats_in_a_13_player_copa_event():
    """Copa del Mundo, 13 Managers in pods of 2–4: no repeat in round 2."""
    players = list(range(1, 14))
    rng = random.Random(3)
    history: list[PodResult] = []
    first = pair_pods(1, players, history, rng=rng, sizes=(2, 4))
    history += play(rng, first)
    second = pair_pods(2, players, history, rng=rng, sizes=(2, 4))
    check_invariants(second, 2, players, history, (2, 4))
    assert second.repeats == 0


def test_pair_pods_uses_given_standings_and_seats_late_entries_last():
    history = [pod(1, 1, 1, 2, 3), pod(1, 2, 4, 5, 6)]
    standings = pod_standings(range(1, 7), history)
    result = pair_pods(2, [1, 2, 3, 4, 5, 6, 7, 8, 9], history, rng=random.Random(1), sizes=(3, 3),
                       standings=standings)
    check_invariants(result, 2, range(1, 10), history, (3, 3))
    assert result.repeats == 0
    assert [table.players[:2] for table in result.tables] == [(1, 4), (2, 5), (3, 6)]
    assert all(len({7, 8, 9} & set(table.players)) == 1 for table in result.tables)


def test_pair_pods_dropped_players_are_not_seated():
    history = [pod(1, 1, 1, 2, 3, 4), pod(1, 2, 5, 6, 7, 8), pod(1, 3, 9, 10, 11, 12)]
    active = [1, 2, 3, 5, 6, 7, 9, 10, 11]
    result = pair_pods(2, active, history, rng=random.Random(1), sizes=(3, 4))
    check_invariants(result, 2, active, history, (3, 4))
    assert result.repeats == 0


@pytest.mark.parametrize(
    ("round_number", "players", "error", "code"),
    [
        (0, [1, 2, 3], PairingError, "bad_round_number"),
        (1, [1], PairingError, "too_few_players"),
        (2, [1, 2, 3, 4, 5], PairingError, "too_few_players"),
    ],
)
def test_pair_pods_refuses(round_number, players, error, code):
    with pytest.raises(error) as exc:
        pair_pods(round_number, players, [], rng=random.Random(1), sizes=(3, 3))
    assert exc.value.code == code


def test_pair_pods_refuses_a_repeated_id():
    with pytest.raises(SwissInvariantError):
        pair_pods(1, [1, 2, 2, 3], [], rng=random.Random(1), sizes=(2, 4))


def test_pair_pods_500_players():
    """A 500-player field keeps every invariant over several rounds (timings
    are in the module docstring, not asserted here: STYLE.md § 7)."""
    players = list(range(1, 501))
    rng = random.Random(5)
    history: list[PodResult] = []
    for round_number in range(1, 6):
        result = pair_pods(round_number, players, history, rng=rng, sizes=(4, 6))
        check_invariants(result, round_number, players, history, (4, 6))
        assert result.repeats == 0
        history += play(rng, result)


def test_stoner_points_event_of_13_runs_to_final_standings():
    """Issue #9 "done when": a 13-player stoner-points event in pods of 2–6,
    places from the stoner points (R-004-08), to its final standings."""
    players = list(range(1, 14))
    rng = random.Random(13)
    history: list[PodResult] = []
    for round_number in range(1, 5):
        result = pair_pods(round_number, players, history, rng=rng, sizes=(2, 6))
        check_invariants(result, round_number, players, history, (2, 6))
        assert sorted((table.size for table in result.tables), reverse=True) == [5, 4, 4]
        for table in result.tables:
            scores = {p: 20 + i if i == 0 else rng.randint(0, 19) for i, p in enumerate(table.players)}
            history.append(PodResult(round_number, table.pod_number, placements_from_scores(scores)))
    rows = pod_standings(players, history)
    assert sorted(r.player_id for r in rows) == players
    assert all(r.pods_played == 4 for r in rows)
    assert sum(r.points for r in rows) == sum(
        _share_by_hand(line, result.placements) for result in history for line in result.placements
    )
    assert rows[0].points >= rows[-1].points


def play_event(seed: int) -> str:
    """A fingerprint of a 40-player event in pods of 3–5 over 5 rounds."""
    rng = random.Random(seed)
    players = list(range(1, 41))
    history: list[PodResult] = []
    out = []
    for round_number in range(1, 6):
        result = pair_pods(round_number, players, history, rng=random.Random(seed + round_number), sizes=(3, 5))
        out.append(repr([table.players for table in result.tables]))
        history += play(rng, result)
    return ";".join(out)


def test_pair_pods_same_input_same_pods_across_processes():
    root = Path(__file__).resolve().parents[3]
    code = "from tests.tournaments.swiss.test_pods import play_event as f; print(f(4))"
    runs = {
        subprocess.run(
            [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    }
    assert runs == {play_event(4)}


# --- property tests ---------------------------------------------------------------------

SIZE_RANGES = st.sampled_from([(2, 4), (3, 4), (4, 6), (2, 6), (3, 5), (4, 4)])


@settings(max_examples=40)
@given(
    players=st.integers(7, 60),
    sizes=SIZE_RANGES,
    rounds=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    drop_rate=st.sampled_from([0.0, 0.1]),
)
def test_pair_pods_no_repeat_while_avoidable(players, sizes, rounds, seed, drop_rate):
    """Random fields of 7–60 with random places: invariants hold, and no pod
    repeats a pair when the reference finds a repeat-free seating."""
    rng = random.Random(seed)
    active = list(range(1, players + 1))
    history: list[PodResult] = []
    for round_number in range(1, rounds + 1):
        try:
            plan = pod_sizes(len(active), *sizes)
        except PairingError:
            return
        round_seed = rng.randrange(2**32)
        result = pair_pods(round_number, active, history, rng=random.Random(round_seed), sizes=sizes)
        check_invariants(result, round_number, active, history, sizes)
        again = pair_pods(round_number, active, history, rng=random.Random(round_seed), sizes=sizes)
        assert again == result, "same inputs and seed, same pods"
        if result.repeats:
            assert repeat_free_seating_exists(active, history, plan) is not True
        history += play(rng, result)
        active = [p for p in active if rng.random() >= drop_rate]


@settings(max_examples=15)
@given(players=st.integers(7, 12), sizes=SIZE_RANGES, seed=st.integers(0, 2**32 - 1))
def test_pair_pods_small_fields_play_past_every_pairing(players, sizes, seed):
    """Small fields for more rounds than they have fresh pod-mates: repeats
    become unavoidable; they must then be flagged, and never appear while
    the reference can avoid them."""
    rng = random.Random(seed)
    active = list(range(1, players + 1))
    try:
        plan = pod_sizes(players, *sizes)
    except PairingError:
        return
    history: list[PodResult] = []
    for round_number in range(1, 7):
        result = pair_pods(round_number, active, history, rng=random.Random(round_number), sizes=sizes)
        check_invariants(result, round_number, active, history, sizes)
        if result.repeats:
            assert repeat_free_seating_exists(active, history, plan) is False
        history += play(rng, result)
