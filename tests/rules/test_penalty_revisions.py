"""The pure ladder on the revision path and on results saved before the penalty (no database).

Clauses: R-000-101 (three Warnings in the date: loses the current game and is
disqualified), R-000-86 (the head judge is the final authority), R-001-06
(every third Advertencia of a combat costs a basic Blobbie, RULES-TRACE
ambiguity 32). Default: DESIGN.md decision 10 (finished games stand).
"""
import pytest

from rules import penalties as ladder
from rules.penalties import Consequence, PenaltyType, PriorPenalty

pytestmark = pytest.mark.unit

WM = ladder.WEED_MONSTERS
BM = ladder.BLOBBIEMUNDO


def warning(code="procedural_no_draw", round_number=1, game_number=None):
    return PriorPenalty(code=code, penalty_type=PenaltyType.WARNING, round_number=round_number,
                        game_number=game_number, counts_as_warning=True)


# --------------------------------------------------------------------------- games_before


@pytest.mark.parametrize(("saved", "game", "expected"), [
    ((2, 0, 0), 1, (0, 0, 0)),   # nothing finished before game 1
    ((2, 0, 0), 2, (1, 0, 0)),   # a 2-0 slip: game 1 was A's
    ((0, 2, 0), 2, (0, 1, 0)),
    ((2, 1, 0), 3, (1, 1, 0)),   # the match ended on A's second win: games 1-2 were 1-1
    ((1, 2, 0), 3, (1, 1, 0)),
    ((2, 1, 0), 2, None),        # game 1 could be A's or B's
    ((1, 0, 1), 2, None),        # a win and a draw, order unknown
])
def test_games_before_reads_what_the_saved_totals_tell(saved, game, expected):
    assert ladder.games_before(*saved, 3, game) == expected


def test_games_before_refuses_a_game_that_was_not_played():
    with pytest.raises(ladder.PenaltyInvariantError):
        ladder.games_before(2, 0, 0, 3, 3)


def test_a_dq_in_game_2_of_a_saved_2_0_is_1_2():
    """DESIGN 10: game 1 stands (1-0); game 2 and the remaining game go to the opponent."""
    before = ladder.games_before(2, 0, 0, 3, 2)
    after = ladder.apply_to_match(*before, 3, True, (Consequence.LOSE_CURRENT_GAME,
                                                     Consequence.DISQUALIFY_FROM_EVENT), 2)
    assert (after.games_a, after.games_b, after.games_drawn, after.finished) == (1, 2, 0, True)


# --------------------------------------------------------------------------- revise with the record


def test_revising_into_the_third_warning_escalates_like_decide():
    record = ladder.PenaltyRecord((warning(), warning("procedural_no_shuffle")))
    issued = ladder.decide(WM, "procedural_play_order", ladder.PenaltyRecord((warning(),)))
    lowered = ladder.revise(issued, "none", "no fue así", record=ladder.EMPTY_RECORD)
    raised = ladder.revise(lowered, "warning", "sí fue así", record=record)
    decided = ladder.decide(WM, "procedural_play_order", record)
    assert (raised.penalty_type, raised.consequences) == (decided.penalty_type, decided.consequences)
    assert raised.penalty_type is PenaltyType.DISQUALIFICATION
    # DESIGN 10: loses the current game, the rest of the match is forfeited, disqualified.
    assert set(raised.consequences) == {Consequence.LOSE_CURRENT_GAME, Consequence.FORFEIT_MATCH,
                                        Consequence.DISQUALIFY_FROM_EVENT}
    assert (raised.warning_count_after, raised.escalated) == (3, True)
    assert "tercer Warning" in raised.message_es


def test_revising_into_a_second_warning_does_not_escalate():
    issued = ladder.decide(WM, "procedural_play_order")
    lowered = ladder.revise(issued, "none", "no fue así", record=ladder.EMPTY_RECORD)
    raised = ladder.revise(lowered, "warning", "sí fue así", record=ladder.PenaltyRecord((warning(),)))
    assert (raised.penalty_type, raised.consequences, raised.warning_count_after) == (PenaltyType.WARNING, (), 2)


def test_revising_into_the_third_advertencia_of_a_combat_costs_a_basic_blobbie():
    record = ladder.PenaltyRecord((
        PriorPenalty(code="infraction", penalty_type=PenaltyType.WARNING, round_number=2, game_number=1,
                     counts_as_warning=True),
    ) * 2)
    issued = ladder.decide(BM, "infraction", round_number=2, game_number=1)
    lowered = ladder.revise(issued, "none", "no fue así", record=ladder.EMPTY_RECORD)
    raised = ladder.revise(lowered, "warning", "sí fue así", record=record, round_number=2, game_number=1)
    assert raised.penalty_type is PenaltyType.BASIC_BLOBBIE_LOSS
    assert raised.warning_count_after == 3


def test_the_source_does_not_grow_over_many_revisions():
    decision = ladder.decide(WM, "procedural_no_draw")
    sources = []
    for n, new_type in enumerate(["warning_hearts", "warning", "warning_hearts", "warning", "warning_hearts"]):
        decision = ladder.revise(decision, new_type, f"motivo {n}", record=ladder.EMPTY_RECORD)
        sources.append(decision.source)
    assert len(set(sources)) == 1
    assert len(sources[0]) <= 300


# --------------------------------------------------------------------------- the record is required


def test_revise_without_the_players_penalties_is_a_type_error():
    """The record has no default: forgetting it cannot answer "3 Warnings, no DQ"."""
    issued = ladder.decide(WM, "procedural_play_order")
    with pytest.raises(TypeError):
        ladder.revise(issued, "none", "no fue así")  # no record=


def test_revise_with_two_earlier_warnings_makes_the_third_a_dq():
    """R-000-101, DESIGN.md decision 10: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces".

    Two Warnings already in the date (no-draw in round 1, no-shuffle in round 2);
    a play-area slip is lowered on appeal to "no penalty" (2 Warnings stay),
    then raised back to a Warning: 2 + 1 = 3 Warnings in the date, so it
    becomes the disqualification that loses the current game and forfeits
    the rest of the match.
    """
    others = ladder.PenaltyRecord((warning(round_number=1), warning("procedural_no_shuffle", round_number=2)))
    issued = ladder.decide(WM, "play_area", others)
    lowered = ladder.revise(issued, "none", "no fue así", record=others)
    assert (lowered.penalty_type, lowered.warning_count_after) == (PenaltyType.NONE, 2)
    raised = ladder.revise(lowered, "warning", "sí fue así", record=others)
    assert raised.penalty_type is PenaltyType.DISQUALIFICATION
    assert raised.warning_count_after == 3
    assert set(raised.consequences) == {Consequence.LOSE_CURRENT_GAME, Consequence.FORFEIT_MATCH,
                                        Consequence.DISQUALIFY_FROM_EVENT}


# --------------------------------------------------------------------------- no-show


def test_no_show_loses_the_round_0_2_and_is_not_a_warning():
    """R-000-77: 000 § "10.1. Desarrollo de las Rondas Suizas": absent past both 5-minute marks, the
    Breeder present wins the round 2-0. Not a Warning: two earlier Warnings stay two (no DQ)."""
    record = ladder.PenaltyRecord((warning(), warning("procedural_no_shuffle")))
    decision = ladder.decide(WM, "no_show", record)
    assert (decision.penalty_type, decision.consequences) == (PenaltyType.MATCH_LOSS, (Consequence.LOSE_MATCH_0_2,))
    assert (decision.counts_as_warning, decision.warning_count_after, decision.escalated) == (False, 2, False)
    assert decision.message_es == "No se presentó a la mesa: pierde la ronda 0-2."
    assert '§ "10.1. Desarrollo de las Rondas Suizas"' in decision.source
