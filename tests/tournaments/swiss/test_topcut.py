"""Top cut seeding, advancing and podium (issue #2; R-000-63, R-000-80, DESIGN 6)."""
from __future__ import annotations

import pytest

from tournaments.swiss.errors import PairingError
from tournaments.swiss.topcut import bracket_order, next_stage, podium, seed_bracket
from tournaments.swiss.types import BracketMatch, Podium, Standing

pytestmark = pytest.mark.unit


def standings(count: int, dropped: frozenset[int] = frozenset()) -> tuple[Standing, ...]:
    """``count`` rows, registration id = 100 + Swiss rank; ``dropped`` by rank."""
    return tuple(
        Standing(
            rank=rank,
            registration_id=100 + rank,
            match_points=float(count - rank),
            wins=count - rank,
            draws=0,
            losses=rank,
            byes=0,
            buchholz=0.0,
            head_to_head=0,
            game_wins=0,
            game_losses=0,
            game_draws=0,
            matches_played=count,
            active=rank not in dropped,
        )
        for rank in range(1, count + 1)
    )


def pairs(matches: tuple[BracketMatch, ...]) -> list[tuple[int | None, int | None]]:
    return [(m.seed_a, m.seed_b) for m in matches]


def test_seed_bracket_top_4_is_1v4_and_2v3_design_6() -> None:
    matches = seed_bracket(standings(10), 4)

    assert pairs(matches) == [(1, 4), (2, 3)]
    assert [(m.player_a, m.player_b) for m in matches] == [(101, 104), (102, 103)]
    assert [(m.stage, m.slot) for m in matches] == [(2, 1), (2, 2)]


def test_seed_bracket_top_8_standard_order() -> None:
    matches = seed_bracket(standings(20), 8)

    assert pairs(matches) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert {m.stage for m in matches} == {3}


def test_seed_bracket_top_16_keeps_seeds_1_and_2_apart_until_the_final() -> None:
    matches = seed_bracket(standings(40), 16)

    assert pairs(matches) == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]
    top_half = {seed for m in matches[:4] for seed in (m.seed_a, m.seed_b)}
    assert 1 in top_half and 2 not in top_half
    assert all(m.seed_a + m.seed_b == 17 for m in matches)


def test_bracket_order_of_8() -> None:
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


def test_seed_bracket_skips_a_dropped_player_r_000_63() -> None:
    # Swiss rank 2 (id 102) dropped: rank 3 becomes seed 2, rank 5 seed 4.
    matches = seed_bracket(standings(10, dropped=frozenset({2})), 4)

    assert [(m.player_a, m.player_b) for m in matches] == [(101, 105), (103, 104)]
    assert pairs(matches) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("size", [2, 6, 32, 0])
def test_seed_bracket_bad_size_raises(size: int) -> None:
    with pytest.raises(PairingError) as error:
        seed_bracket(standings(40), size)

    assert error.value.code == "bad_cut_size"


def test_seed_bracket_too_few_active_players_raises() -> None:
    with pytest.raises(PairingError) as error:
        seed_bracket(standings(8, dropped=frozenset({1})), 8)

    assert error.value.code == "too_few_for_cut"


def winners_of(matches: tuple[BracketMatch, ...], *ids: int) -> dict[tuple[int, int], int]:
    return {(m.stage, m.slot): winner for m, winner in zip(matches, ids)}


def test_next_stage_pairs_winners_of_adjacent_slots_better_seed_first() -> None:
    quarters = seed_bracket(standings(8), 8)  # 1v8, 4v5, 2v7, 3v6
    won = winners_of(quarters, 108, 104, 102, 106)  # seed 8 upsets seed 1

    semis = next_stage(quarters, won)

    assert [(m.stage, m.slot, m.player_a, m.player_b) for m in semis] == [(2, 1, 104, 108), (2, 2, 102, 106)]
    assert pairs(semis) == [(4, 8), (2, 6)]


def test_next_stage_after_semifinals_adds_third_place_match_when_asked() -> None:
    semis = seed_bracket(standings(4), 4)
    won = winners_of(semis, 104, 102)

    final_only = next_stage(semis, won)
    with_third = next_stage(semis, won, third_place_match=True)

    assert [(m.stage, m.player_a, m.player_b) for m in final_only] == [(1, 102, 104)]
    assert [(m.stage, m.player_a, m.player_b) for m in with_third] == [(1, 102, 104), (0, 101, 103)]


def test_next_stage_missing_winner_raises() -> None:
    semis = seed_bracket(standings(4), 4)

    with pytest.raises(PairingError) as error:
        next_stage(semis, {(2, 1): 101})

    assert error.value.code == "missing_winner"


def test_next_stage_winner_who_did_not_play_raises() -> None:
    semis = seed_bracket(standings(4), 4)

    with pytest.raises(PairingError) as error:
        next_stage(semis, {(2, 1): 102, (2, 2): 103})

    assert error.value.code == "bad_winner"


def test_next_stage_of_the_final_raises() -> None:
    final = (BracketMatch(stage=1, slot=1, player_a=1, player_b=2, seed_a=1, seed_b=2),)

    with pytest.raises(PairingError) as error:
        next_stage(final, {(1, 1): 1})

    assert error.value.code == "bracket_finished"


def test_next_stage_incomplete_stage_raises() -> None:
    quarters = seed_bracket(standings(8), 8)

    with pytest.raises(PairingError) as error:
        next_stage(quarters[:3], winners_of(quarters, 101, 104, 102, 103))

    assert error.value.code == "bad_bracket"


def play_top_4(third_place_match: bool) -> tuple[list[BracketMatch], dict[tuple[int, int], int]]:
    """Seeds 1v4 and 2v3; seeds 4 and 2 win; seed 2 wins the final."""
    semis = seed_bracket(standings(8), 4)
    won = winners_of(semis, 104, 102)
    following = next_stage(semis, won, third_place_match=third_place_match)
    won[(1, 1)] = 102
    if third_place_match:
        won[(0, 1)] = 103  # seed 3 beats seed 1 for third place
    return [*semis, *following], won


def test_podium_without_third_place_match_takes_better_swiss_rank_design_6() -> None:
    matches, won = play_top_4(third_place_match=False)

    result = podium(matches, won)

    assert result == Podium(first=102, second=104, third=101, third_decided_by="swiss_rank")
    assert result.as_tuple() == (102, 104, 101)


def test_podium_with_third_place_match_takes_its_winner_r_000_80() -> None:
    matches, won = play_top_4(third_place_match=True)

    result = podium(matches, won)

    assert result == Podium(first=102, second=104, third=103, third_decided_by="third_place_match")


def test_podium_undecided_final_raises() -> None:
    matches, won = play_top_4(third_place_match=False)
    del won[(1, 1)]

    with pytest.raises(PairingError) as error:
        podium(matches, won)

    assert error.value.code == "bracket_unfinished"


def test_podium_undecided_third_place_match_raises() -> None:
    matches, won = play_top_4(third_place_match=True)
    del won[(0, 1)]

    with pytest.raises(PairingError) as error:
        podium(matches, won)

    assert error.value.code == "bracket_unfinished"


def test_podium_after_a_top_8() -> None:
    quarters = seed_bracket(standings(8), 8)
    won = winners_of(quarters, 101, 105, 107, 103)  # 1, 5, 7, 3 advance
    semis = next_stage(quarters, won)  # 1v5, 3v7
    won.update(winners_of(semis, 105, 107))
    final = next_stage(semis, won)  # 5v7
    won.update(winners_of(final, 107))

    result = podium([*quarters, *semis, *final], won)

    assert result == Podium(first=107, second=105, third=101, third_decided_by="swiss_rank")


def test_next_stage_and_podium_without_stored_seeds_use_the_standings() -> None:
    # A bracket stored without seeds: the standings say who is better.
    table = standings(8)
    semis = tuple(
        BracketMatch(stage=m.stage, slot=m.slot, player_a=m.player_a, player_b=m.player_b)
        for m in seed_bracket(table, 4)
    )
    won = winners_of(semis, 104, 103)

    following = next_stage(semis, won, third_place_match=True, standings=table)
    won[(1, 1)] = 104

    assert [(m.stage, m.player_a, m.player_b) for m in following] == [(1, 103, 104), (0, 101, 102)]
    assert podium([*semis, *following[:1]], won, standings=table).as_tuple() == (104, 103, 101)
