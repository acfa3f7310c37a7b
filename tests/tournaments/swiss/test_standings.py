"""Standings and tiebreakers (issue #2; RULES-TRACE R-000-65 to R-000-74).

Golden cases are the worked examples of 000_0014b2ac83da54b4.txt §
"¿Cómo se calculan los puntos en un torneo suizo?".
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.swiss.errors import PairingError, SwissInvariantError
from tournaments.swiss.standings import (
    DEFAULT_TIEBREAKERS,
    REGISTRY,
    compute_standings,
    compute_totals,
    match_points_of,
)
from tournaments.swiss.types import MatchRecord, Outcome, Standing

from .conftest import bye, draw, win

pytestmark = pytest.mark.unit

A, B, C, D, E = 1, 2, 3, 4, 5


def players(matches: list[MatchRecord]) -> list[int]:
    ids = {m.player_a for m in matches} | {m.player_b for m in matches if m.player_b is not None}
    return sorted(ids)


def by_id(standings: tuple[Standing, ...]) -> dict[int, Standing]:
    return {row.registration_id: row for row in standings}


def order(standings: tuple[Standing, ...], among: set[int] | None = None) -> list[int]:
    return [row.registration_id for row in standings if among is None or row.registration_id in among]


def record(player: int, wins: int, draws: int, losses: int, first_opponent: int) -> list[MatchRecord]:
    """``player``'s matches in rounds 1.. against fresh opponents numbered from ``first_opponent``."""
    matches = []
    opponent = first_opponent
    round_number = 1
    for kind, count in (("w", wins), ("d", draws), ("l", losses)):
        for _ in range(count):
            if kind == "w":
                matches.append(win(round_number, player, opponent))
            elif kind == "d":
                matches.append(draw(round_number, player, opponent))
            else:
                matches.append(win(round_number, opponent, player))
            opponent += 1
            round_number += 1
    return matches


# --- points of one match (R-000-65) -------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "for_a", "points"),
    [
        (Outcome.A_WINS, True, 1.0),
        (Outcome.A_WINS, False, 0.0),
        (Outcome.B_WINS, True, 0.0),
        (Outcome.B_WINS, False, 1.0),
        (Outcome.DRAW, True, 0.5),
        (Outcome.DRAW, False, 0.5),
        (Outcome.BYE, True, 1.0),
        (Outcome.DOUBLE_LOSS, True, 0.0),
        (Outcome.DOUBLE_LOSS, False, 0.0),
    ],
)
def test_match_points_of_each_outcome_r_000_65(outcome: Outcome, for_a: bool, points: float) -> None:
    assert match_points_of(outcome, for_a) == points


def test_match_points_of_bye_player_b_is_an_invariant_error() -> None:
    with pytest.raises(SwissInvariantError):
        match_points_of(Outcome.BYE, False)


def test_standings_two_wins_one_draw_one_loss_is_2_5_r_000_65() -> None:
    matches = record(A, 2, 1, 1, first_opponent=10)

    row = by_id(compute_standings(players(matches), matches))[A]

    assert (row.match_points, row.wins, row.draws, row.losses, row.matches_played) == (2.5, 2, 1, 1, 4)


# --- registry (R-000-66, R-000-67) ------------------------------------------------


def test_default_tiebreakers_follow_the_rulebook_order_r_000_66() -> None:
    assert DEFAULT_TIEBREAKERS == ("match_points", "wins", "buchholz", "head_to_head", "game_differential")


def test_registry_labels_match_the_standings_table_r_000_67() -> None:
    labels = {key: (entry.name_es, entry.short_label) for key, entry in REGISTRY.items()}

    assert labels == {
        "match_points": ("Puntaje total", "Pts"),
        "wins": ("Número de victorias", "V"),
        "buchholz": ("Variante Buchholz", "Buchholz"),
        "head_to_head": ("Enfrentamiento directo", "Handicap: vs"),
        "game_differential": ("Resultado en partidas", "Handicap: x"),
    }
    assert all(key == entry.key for key, entry in REGISTRY.items())
    assert all(entry.rule.startswith("000_0014b2ac83da54b4.txt") for entry in REGISTRY.values())


def test_standings_unknown_tiebreaker_raises_pairing_error() -> None:
    with pytest.raises(PairingError) as error:
        compute_standings([A, B], [], tiebreakers=("match_points", "omw"))

    assert error.value.code == "unknown_tiebreaker"


def test_standings_repeated_tiebreaker_raises_pairing_error() -> None:
    with pytest.raises(PairingError) as error:
        compute_standings([A, B], [], tiebreakers=("wins", "wins"))

    assert error.value.code == "duplicate_tiebreaker"


# --- 1- Puntaje total (R-000-68) ------------------------------------------------


def test_standings_more_points_rank_higher_r_000_68() -> None:
    # A*: 3 W, 1 D, 2 L = 3.5; B*: 2 W, 4 D, 0 L = 4.0 (both 6 matches).
    matches = record(A, 3, 1, 2, first_opponent=100) + record(B, 2, 4, 0, first_opponent=200)

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    assert rows[A].match_points == 3.5
    assert rows[B].match_points == 4.0
    assert order(standings, {A, B}) == [B, A]
    assert rows[A].separated_by == "match_points"


# --- 2- Número de victorias (R-000-69) ------------------------------------------


def test_standings_equal_points_more_wins_rank_higher_r_000_69() -> None:
    # A*: 3 W, 1 D, 2 L = 3.5; B*: 2 W, 3 D, 1 L = 3.5.
    matches = record(A, 3, 1, 2, first_opponent=100) + record(B, 2, 3, 1, first_opponent=200)

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    assert rows[A].match_points == rows[B].match_points == 3.5
    assert order(standings)[:2] == [A, B]
    assert rows[B].separated_by == "wins"
    assert rows[A].separated_by is None


# --- 3- Buchholz (R-000-70) -----------------------------------------------------


def buchholz_example() -> list[MatchRecord]:
    """A* beat B* (final 2.5), C* (2.0) and D* (1.5), and lost to E* (1.0).

    The rulebook prints 7 for 2.5 + 2.0 + 1.5; DESIGN.md decision 2 reads it
    as the sum over all four opponents, the fourth at 1.0.
    """
    f = iter(range(100, 200))
    return [
        # A*'s four matches
        win(1, A, B),
        win(2, A, C),
        win(3, A, D),
        win(4, E, A),
        # B*: +2 wins +1 draw = 2.5
        win(2, B, next(f)),
        win(3, B, next(f)),
        draw(4, B, next(f)),
        # C*: +2 wins = 2.0
        win(1, C, next(f)),
        win(3, C, next(f)),
        # D*: +1 win +1 draw = 1.5
        win(1, D, next(f)),
        draw(2, D, next(f)),
        # E*: only the win over A* = 1.0
        win(1, next(f), E),
    ]


def test_standings_buchholz_sums_final_points_of_all_opponents_r_000_70() -> None:
    matches = buchholz_example()

    rows = by_id(compute_standings(players(matches), matches))

    assert [rows[p].match_points for p in (B, C, D, E)] == [2.5, 2.0, 1.5, 1.0]
    assert rows[A].buchholz == 7.0


def test_standings_buchholz_counts_a_dropped_opponent_with_final_points_design_2() -> None:
    matches = buchholz_example()

    rows = by_id(compute_standings(players(matches), matches, active={A, C, D, E}))

    assert rows[B].active is False
    assert rows[A].buchholz == 7.0


def test_standings_bye_is_a_2_0_win_outside_buchholz_design_1() -> None:
    matches = [win(1, A, B), bye(1, C), win(2, C, A)]

    rows = by_id(compute_standings([A, B, C], matches))

    assert (rows[C].match_points, rows[C].wins, rows[C].byes) == (2.0, 2, 1)
    assert (rows[C].game_wins, rows[C].game_losses) == (4, 0)
    assert rows[C].buchholz == 1.0  # only A*; the bye is no opponent
    assert rows[A].buchholz == 2.0  # B* 0 + C* 2


def test_standings_bye_recorded_without_games_counts_2_0_design_1() -> None:
    matches = [MatchRecord(1, A, None)]

    row = by_id(compute_standings([A], matches))[A]

    assert (row.match_points, row.wins, row.byes, row.game_wins, row.game_losses) == (1.0, 1, 1, 2, 0)


def test_standings_bye_with_recorded_games_keeps_them() -> None:
    # An event whose bye setting is 1-0 records it that way.
    matches = [MatchRecord(1, A, None, games_a=1, outcome=Outcome.BYE)]

    row = by_id(compute_standings([A], matches))[A]

    assert (row.match_points, row.game_wins, row.game_losses) == (1.0, 1, 0)


def test_standings_double_loss_is_a_loss_for_both_ambiguity_10() -> None:
    matches = [MatchRecord(1, A, B, outcome=Outcome.DOUBLE_LOSS)]

    rows = by_id(compute_standings([A, B], matches))

    for player in (A, B):
        assert (rows[player].match_points, rows[player].wins, rows[player].losses) == (0.0, 0, 1)
        assert (rows[player].game_wins, rows[player].game_losses) == (0, 2)


def test_standings_buchholz_separates_before_head_to_head() -> None:
    # A* and B* both 1-1; A*'s opponents scored more.
    matches = [win(1, A, C), win(2, D, A), win(1, B, E), win(2, 6, B), win(2, C, 7), win(3, D, 8)]

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    assert rows[A].buchholz == 3.0
    assert rows[B].buchholz == 1.0
    assert order(standings, {A, B}) == [A, B]


# --- 4- Enfrentamiento directo (R-000-71, R-000-72) -----------------------------


def two_tied(a_vs_b: MatchRecord) -> list[MatchRecord]:
    """A* and B* level on points, wins and Buchholz; X* (6) and Y* (7) at 2.0.

    A* lost to X*; B* beat Y* (after A* beat B*) or lost to Y* (after a
    draw), and Y*'s other wins bring Y* to 2.0 as well.
    """
    x, y, z1, z2, z3 = 6, 7, 8, 9, 10
    matches = [a_vs_b, win(1, x, z1), win(1, y, z2), win(2, x, A, (2, 0))]
    if a_vs_b.result is Outcome.DRAW:
        matches.append(win(2, y, B, (2, 1)))
    else:
        matches += [win(2, B, y, (2, 0)), win(3, y, z3)]
    return matches


def test_standings_two_tied_winner_of_their_match_ranks_higher_r_000_71() -> None:
    matches = two_tied(win(1, A, B, (2, 1)))

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    assert (rows[A].match_points, rows[A].wins, rows[A].buchholz) == (1.0, 1, 3.0)
    assert (rows[B].match_points, rows[B].wins, rows[B].buchholz) == (1.0, 1, 3.0)
    assert rows[B].game_differential > rows[A].game_differential  # h2h decides first
    assert order(standings, {A, B}) == [A, B]
    assert rows[B].rank == rows[A].rank + 1
    assert rows[B].separated_by == "head_to_head"
    assert (rows[A].head_to_head, rows[B].head_to_head) == (1, -1)


def test_standings_two_tied_who_drew_go_to_game_differential_r_000_71() -> None:
    matches = two_tied(draw(1, A, B, (1, 1)))

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    assert (rows[A].match_points, rows[A].wins, rows[A].buchholz) == (0.5, 0, 2.5)
    assert (rows[B].match_points, rows[B].wins, rows[B].buchholz) == (0.5, 0, 2.5)
    assert (rows[A].game_differential, rows[B].game_differential) == (-2, -1)
    assert order(standings, {A, B}) == [B, A]
    assert rows[A].separated_by == "game_differential"
    assert (rows[A].head_to_head, rows[B].head_to_head) == (0, 0)


def test_standings_three_tied_balance_among_them_r_000_72() -> None:
    # A* beat B* but lost to C* ("su saldo es neutro"); B* and C* drew.
    o1, o2, o3, o4, o5, f, g = 11, 12, 13, 14, 15, 16, 17
    matches = [
        win(1, A, B),
        win(1, C, o5),
        draw(1, o3, f),
        win(2, C, A),
        win(2, B, o3),
        draw(2, o5, g),
        draw(3, B, C),
        win(3, A, o1),
        draw(4, A, o2),
        win(4, B, o4),
    ]

    standings = compute_standings(players(matches), matches)
    rows = by_id(standings)

    for player in (A, B, C):
        assert (rows[player].match_points, rows[player].wins, rows[player].buchholz) == (2.5, 2, 5.5)
    assert {p: rows[p].head_to_head for p in (A, B, C)} == {A: 0, B: -1, C: 1}
    assert order(standings)[:3] == [C, A, B]
    assert [rows[p].separated_by for p in (C, A, B)] == [None, "head_to_head", "head_to_head"]


def test_standings_head_to_head_is_applied_once_to_the_whole_group_design_3() -> None:
    # Balances in {A,B,C,D}: A +1, B +1, C 0, D -2. A* beat B*, but the
    # rule is not applied again to {A, B}: game differential decides.
    matches = [
        win(1, A, B, (2, 1)),
        draw(1, C, D),
        win(2, C, A, (2, 0)),
        win(2, B, D, (2, 0)),
        win(3, A, D, (2, 1)),
        win(3, B, C, (2, 0)),
    ]

    standings = compute_standings(players(matches), matches, tiebreakers=("head_to_head", "game_differential"))
    rows = by_id(standings)

    assert {p: rows[p].head_to_head for p in (A, B, C, D)} == {A: 1, B: 1, C: 0, D: -2}
    assert order(standings) == [B, A, C, D]
    assert rows[A].separated_by == "game_differential"
    assert rows[C].separated_by == "head_to_head"


def test_standings_three_way_cycle_goes_to_game_differential_design_3() -> None:
    matches = [win(1, A, B, (2, 1)), win(2, B, C, (2, 0)), win(3, C, A, (2, 1))]

    standings = compute_standings(players(matches), matches)

    assert {row.head_to_head for row in standings} == {0}
    assert order(standings) == [B, A, C]  # game differential +1, 0, -1
    assert [row.separated_by for row in standings] == [None, "game_differential", "game_differential"]


# --- 5- Resultado en partidas (R-000-73) ----------------------------------------


def test_standings_game_differential_of_the_rulebook_example_r_000_73() -> None:
    # (2-1), (0-2), (1-1), (2-0) -> 5 won - 4 lost = +1.
    matches = [
        MatchRecord(1, A, 11, games_a=2, games_b=1),
        MatchRecord(2, A, 12, games_a=0, games_b=2),
        MatchRecord(3, A, 13, games_a=1, games_b=1),
        MatchRecord(4, A, 14, games_a=2, games_b=0),
    ]

    row = by_id(compute_standings(players(matches), matches))[A]

    assert (row.game_wins, row.game_losses) == (5, 4)
    assert row.game_differential == 1
    assert (row.wins, row.draws, row.losses) == (2, 1, 1)


def test_standings_drawn_games_count_for_neither_design_4() -> None:
    matches = [MatchRecord(1, A, B, games_a=1, games_b=0, games_drawn=1)]

    rows = by_id(compute_standings([A, B], matches))

    assert (rows[A].wins, rows[B].losses) == (1, 1)
    assert (rows[A].game_wins, rows[A].game_losses, rows[A].game_draws) == (1, 0, 1)
    assert rows[B].game_draws == 1


# --- 6- Técnico (R-000-74) -------------------------------------------------------


def test_standings_technical_tie_shares_the_rank_r_000_74() -> None:
    # A* beat B*, C* beat D*, then A* beat C* and B* beat D*: B* and C*
    # are level on every criterion (1 point, 1 win, Buchholz 2, never met,
    # games 2-2).
    matches = [win(1, A, B), win(1, C, D), win(2, A, C), win(2, B, D)]

    standings = compute_standings(players(matches), matches)

    assert [row.rank for row in standings] == [1, 2, 2, 4]
    assert [row.technical_tie for row in standings] == [False, True, True, False]
    assert order(standings) == [A, B, C, D]  # no draw order: by id
    assert [row.separated_by for row in standings] == [None, "match_points", None, "match_points"]


def test_standings_technical_tie_rows_follow_the_recorded_draw_design_11() -> None:
    matches = [win(1, A, C), win(1, B, D)]

    standings = compute_standings(players(matches), matches, draw_order={B: 0, A: 1, D: 2, C: 3})

    assert order(standings) == [B, A, D, C]
    assert [row.rank for row in standings] == [1, 1, 3, 3]
    assert all(row.technical_tie for row in standings)


def test_standings_missing_draw_order_entries_come_last() -> None:
    standings = compute_standings([A, B, C], [], draw_order={C: 5})

    assert order(standings) == [C, A, B]
    assert [row.rank for row in standings] == [1, 1, 1]


# --- shapes and errors ------------------------------------------------------------


def test_standings_include_players_without_matches_and_dropped_flags() -> None:
    matches = [win(1, A, B)]

    standings = compute_standings([A, B, C], matches, active={A, C})

    assert order(standings) == [A, B, C]  # B* and late entry C*: 0 points; B* has Buchholz 1
    assert [row.active for row in standings] == [True, False, True]
    assert by_id(standings)[C].matches_played == 0


def test_standings_empty_field_is_empty() -> None:
    assert compute_standings([], []) == ()


def test_standings_match_with_unknown_registration_is_an_invariant_error() -> None:
    with pytest.raises(SwissInvariantError):
        compute_standings([A], [win(1, A, B)])


def test_standings_player_twice_in_a_round_is_an_invariant_error() -> None:
    with pytest.raises(SwissInvariantError, match="plays twice"):
        compute_standings([A, B, C], [win(1, A, B), win(1, A, C)])


def test_standings_bye_with_opponent_is_an_invariant_error() -> None:
    with pytest.raises(SwissInvariantError):
        compute_standings([A, B], [MatchRecord(1, A, B, outcome=Outcome.BYE)])


def test_standings_negative_games_are_an_invariant_error() -> None:
    with pytest.raises(SwissInvariantError):
        compute_standings([A, B], [MatchRecord(1, A, B, games_a=-1)])


def test_compute_totals_lists_opponents_and_results_in_order() -> None:
    matches = [win(1, A, B), draw(2, A, C), win(3, D, A)]

    table = compute_totals([A, B, C, D], matches)
    row = table.index[A]

    assert table.opponent_ids(row) == [B, C, D]
    assert list(table.results[row]) == [1, 0, -1]
    assert table.matches_played(row) == 3


def test_standings_are_independent_of_input_order() -> None:
    matches = buchholz_example()

    first = compute_standings(players(matches), matches)
    second = compute_standings(reversed(players(matches)), list(reversed(matches)))

    assert first == second


# --- reference implementation (property test) -------------------------------------


def reference_standings(ids: list[int], matches: list[MatchRecord], keys: tuple[str, ...]) -> list[tuple]:
    """Naive standings straight from the rulebook text, one criterion at a time."""
    stats = {p: {"pts": 0.0, "w": 0, "d": 0, "l": 0, "gw": 0, "gl": 0, "vs": []} for p in ids}
    for m in matches:
        if m.player_b is None:
            stats[m.player_a]["pts"] += 1
            stats[m.player_a]["w"] += 1
            stats[m.player_a]["gw"] += 2
            continue
        sides = ((m.player_a, m.player_b, m.games_a, m.games_b), (m.player_b, m.player_a, m.games_b, m.games_a))
        for me, other, mine, theirs in sides:
            s = stats[me]
            if m.result is Outcome.DOUBLE_LOSS:
                s["l"] += 1
                s["gl"] += 2
                s["vs"].append((other, -1))
                continue
            s["gw"] += mine
            s["gl"] += theirs
            if mine > theirs:
                s["pts"] += 1
                s["w"] += 1
                s["vs"].append((other, 1))
            elif mine < theirs:
                s["l"] += 1
                s["vs"].append((other, -1))
            else:
                s["pts"] += 0.5
                s["d"] += 1
                s["vs"].append((other, 0))
    for p in ids:
        stats[p]["bh"] = sum(stats[o]["pts"] for o, _ in stats[p]["vs"])

    def value(key: str, p: int, group: list[int]) -> float:
        s = stats[p]
        if key == "match_points":
            return s["pts"]
        if key == "wins":
            return s["w"]
        if key == "buchholz":
            return s["bh"]
        if key == "game_differential":
            return s["gw"] - s["gl"]
        return sum(r for o, r in s["vs"] if o in group)

    rows: list[tuple] = []  # (id, separated_by, tied, head_to_head)
    h2h: dict[int, float] = {}

    def rank(group: list[int], criteria: tuple[str, ...], separated_by: str | None) -> None:
        if len(group) == 1:
            rows.append((group[0], separated_by, False))
            return
        if not criteria:
            for i, p in enumerate(sorted(group)):
                rows.append((p, separated_by if i == 0 else None, i > 0))
            return
        key = criteria[0]
        values = {p: value(key, p, group) for p in group}
        if key == "head_to_head":
            h2h.update(values)
        for i, v in enumerate(sorted(set(values.values()), reverse=True)):
            rank([p for p in group if values[p] == v], criteria[1:], separated_by if i == 0 else key)

    rank(sorted(ids), keys, None)
    return [(p, sep, tied, h2h.get(p, 0), stats[p]["pts"], stats[p]["bh"]) for p, sep, tied in rows]


@given(
    players=st.integers(2, 24),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
    keys=st.sampled_from(
        [DEFAULT_TIEBREAKERS, ("match_points", "head_to_head", "wins"), ("head_to_head", "game_differential")]
    ),
)
def test_standings_match_a_naive_reference(players: int, rounds: int, seed: int, keys: tuple[str, ...]) -> None:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    matches: list[MatchRecord] = []
    for round_number in range(1, rounds + 1):
        order = rng.sample(ids, len(ids))
        if len(order) % 2:
            matches.append(bye(round_number, order.pop()))
        for a, b in zip(order[::2], order[1::2]):
            roll = rng.random()
            if roll < 0.05:
                matches.append(MatchRecord(round_number, a, b, outcome=Outcome.DOUBLE_LOSS))
            else:
                matches.append(MatchRecord(round_number, a, b, rng.randrange(3), rng.randrange(3)))

    standings = compute_standings(ids, matches, tiebreakers=keys)

    got = [
        (row.registration_id, row.separated_by, i > 0 and row.rank == standings[i - 1].rank)
        + (row.head_to_head, row.match_points, row.buchholz)
        for i, row in enumerate(standings)
    ]
    assert got == reference_standings(ids, matches, keys)


def test_tiebreaker_value_for_one_registration() -> None:
    matches = [win(1, A, B), win(2, B, C), win(3, C, A)]
    table = compute_totals([A, B, C], matches)

    assert REGISTRY["buchholz"].value(table, A) == 2.0
    assert REGISTRY["head_to_head"].value(table, A, group=[A, B]) == 1
    assert REGISTRY["head_to_head"].value(table, A, group=[A, B, C]) == 0
    assert all(entry.higher_is_better for entry in REGISTRY.values())
