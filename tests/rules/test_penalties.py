"""Penalty ladders: every step, escalation, tardiness, match consequences.

Clause ids are RULES-TRACE rows (R-000-… for 000_0014b2ac83da54b4.txt,
R-001-… for 001_eff5eaaa4c47c954.txt) and its numbered ambiguities.
"""
import pytest

from rules.penalties import (
    EMPTY_RECORD,
    LADDERS,
    Consequence,
    MatchScore,
    PenaltyError,
    PenaltyInvariantError,
    PenaltyRecord,
    PenaltyType,
    PriorPenalty,
    apply_to_match,
    decide,
    decide_missing_cards,
    infractions,
    revise,
    warning_count,
)

pytestmark = pytest.mark.unit

WM = "weed_monsters"
BM = "blobbiemundo"
C = Consequence
P = PenaltyType

DQ_IN_MATCH = (C.LOSE_CURRENT_GAME, C.FORFEIT_MATCH, C.DISQUALIFY_FROM_EVENT)


def two_warnings() -> PenaltyRecord:
    return PenaltyRecord.of(
        ("procedural_no_shuffle", "warning", 1),
        ("irreversible_error", "warning_hearts", 2),
    )


# --- registry ---


def test_ladders_registry_has_both_game_profiles():
    """Issue #7 item 1: one ladder per game profile."""
    assert sorted(LADDERS) == [BM, WM]


@pytest.mark.parametrize("game", [WM, BM])
def test_infractions_every_entry_names_its_game_and_a_known_step(game):
    """The catalogue is data: each entry has a step and a rule source."""
    ladder = LADDERS[game]
    for inf in infractions(game):
        assert inf.game == game
        assert inf.step in ladder.steps
        assert inf.source.startswith("Rule: ")


def test_decide_unknown_game_raises_code():
    with pytest.raises(PenaltyError) as exc:
        decide("ajedrez", "misconduct")
    assert exc.value.code == "unknown_game"


def test_decide_unknown_infraction_raises_code():
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "grave_fault")
    assert exc.value.code == "unknown_infraction"


# --- Weed Monsters: the steps of 10.3 ---


@pytest.mark.parametrize(
    "code", ["procedural_no_draw", "procedural_no_shuffle", "procedural_play_order", "play_area"]
)
def test_decide_procedural_error_is_a_simple_warning(code):
    """R-000-98: not drawing, not shuffling… → a simple Warning."""
    decision = decide(WM, code, EMPTY_RECORD)
    assert decision.penalty_type == P.WARNING
    assert decision.consequences == ()
    assert decision.warning_count_after == 1
    assert decision.counts_as_warning is True
    assert '"10.3. Los Jueces"' in decision.source


def test_decide_procedural_shows_earlier_infractions_of_the_same_kind():
    """R-000-98, ambiguity 25: the judge sees earlier slips of that kind."""
    record = PenaltyRecord.of(("procedural_no_draw", "warning", 1))
    decision = decide(WM, "procedural_no_draw", record)
    assert decision.prior_same_kind == 1
    assert decision.warning_count_after == 2


def test_decide_irreversible_error_is_warning_and_minus_5_hearts():
    """R-000-99: an error that cannot be undone → Warning and −5 Corazones."""
    decision = decide(WM, "irreversible_error", EMPTY_RECORD, hearts_before=12)
    assert decision.penalty_type == P.WARNING_HEARTS
    assert decision.consequences == (C.LOSE_5_HEARTS,)
    assert decision.message_es == "Error que no se puede deshacer: Warning y quita de 5 Corazones."


def test_decide_irreversible_error_at_5_hearts_loses_the_game():
    """R-000-99, ambiguity 29: −5 taking the player to 0 loses the game."""
    decision = decide(WM, "irreversible_error", EMPTY_RECORD, hearts_before=5)
    assert decision.consequences == (C.LOSE_5_HEARTS, C.LOSE_CURRENT_GAME)
    assert decision.message_code == "wm.irreversible_zero_hearts"


def test_decide_misconduct_is_warning_and_game_loss():
    """R-000-100: misconduct → Warning and loss of the game."""
    decision = decide(WM, "misconduct", EMPTY_RECORD)
    assert decision.penalty_type == P.GAME_LOSS
    assert decision.consequences == (C.LOSE_CURRENT_GAME,)
    assert decision.warning_count_after == 1


def test_decide_misconduct_head_judge_disqualifies():
    """R-000-100: DQ when the head judge decides; rest of match forfeited."""
    decision = decide(WM, "misconduct", EMPTY_RECORD, head_judge_disqualifies=True)
    assert decision.penalty_type == P.DISQUALIFICATION
    assert decision.consequences == DQ_IN_MATCH
    assert decision.requires_head_judge is True
    assert decision.is_disqualification is True


def test_decide_misconduct_dq_between_rounds_loses_no_game():
    """R-000-100, ambiguity 26: a DQ between rounds has no game loss."""
    decision = decide(WM, "misconduct", EMPTY_RECORD, head_judge_disqualifies=True,
                      in_match=False)
    assert decision.consequences == (C.DISQUALIFY_FROM_EVENT,)


def test_decide_head_judge_dq_not_offered_for_procedural_error():
    """R-000-98: the ladder has no DQ for a procedural slip; use revise()."""
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "procedural_no_draw", EMPTY_RECORD, head_judge_disqualifies=True)
    assert exc.value.code == "penalty_not_allowed"


# --- Weed Monsters: escalation ---


def test_decide_second_warning_does_not_escalate():
    """R-000-101: only the third Warning of the date disqualifies."""
    record = PenaltyRecord.of(("procedural_no_shuffle", "warning", 1))
    decision = decide(WM, "procedural_no_draw", record)
    assert decision.penalty_type == P.WARNING
    assert decision.escalated is False
    assert decision.warning_count_after == 2


def test_decide_third_warning_loses_game_and_disqualifies():
    """R-000-101, DESIGN 10: 3rd Warning → current game lost + DQ from the date."""
    decision = decide(WM, "procedural_no_draw", two_warnings())
    assert decision.penalty_type == P.DISQUALIFICATION
    assert decision.consequences == DQ_IN_MATCH
    assert decision.escalated is True
    assert decision.warning_count_after == 3
    assert decision.message_code == "wm.third_warning_dq"
    assert decision.message_es == (
        "No robar la carta del turno: Warning. Es su tercer Warning de la fecha: "
        "pierde la partida en curso y queda descalificado de la fecha."
    )
    assert "DESIGN.md decision 10" in decision.source


def test_decide_third_warning_from_misconduct_also_disqualifies():
    """R-000-100 + R-000-101: a game-loss Warning as the 3rd → DQ."""
    decision = decide(WM, "misconduct", two_warnings())
    assert decision.penalty_type == P.DISQUALIFICATION
    assert decision.consequences == DQ_IN_MATCH


def test_decide_warnings_from_swiss_rounds_count_in_top_cut():
    """R-000-101, ambiguity 26: the count spans the whole date (any round)."""
    record = PenaltyRecord.of(("procedural_no_shuffle", "warning", 1),
                              ("play_area", "warning", 5))
    assert decide(WM, "irreversible_error", record, round_number=7).escalated is True


def test_decide_after_disqualification_is_refused():
    """R-000-101: a disqualified player takes no more penalties that date."""
    record = PenaltyRecord.of(("misconduct", "disqualification", 2))
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "procedural_no_draw", record)
    assert exc.value.code == "already_disqualified"


def test_warning_count_counts_the_event_warnings_only():
    """R-000-101 + R-000-77: tardiness is not a Warning."""
    record = PenaltyRecord.of(("tardiness", "game_loss", 1), ("play_area", "warning", 2))
    assert warning_count(WM, record) == 1


def test_decide_record_entry_may_carry_its_own_counting_flag():
    """R-000-101: the stored flag of a decision wins over the catalogue."""
    record = PenaltyRecord((PriorPenalty("old_code", P.WARNING, 1, counts_as_warning=True),
                            PriorPenalty("play_area", P.WARNING, 2)))
    assert decide(WM, "play_area", record).escalated is True


# --- Weed Monsters: tardiness ---


@pytest.mark.parametrize(
    ("minutes", "penalty", "consequences"),
    [
        (0, P.NONE, ()),
        (5, P.NONE, ()),
        (5.5, P.GAME_LOSS, (C.LOSE_GAME_1,)),
        (6, P.GAME_LOSS, (C.LOSE_GAME_1,)),
        (10, P.GAME_LOSS, (C.LOSE_GAME_1,)),
        (11, P.MATCH_LOSS, (C.LOSE_MATCH_0_2,)),
        (30, P.MATCH_LOSS, (C.LOSE_MATCH_0_2,)),
    ],
)
def test_decide_tardiness_boundaries(minutes, penalty, consequences):
    """R-000-77, DESIGN 9: >5 min loses game 1, >10 the match 0-2; 5 is on time."""
    decision = decide(WM, "tardiness", EMPTY_RECORD, minutes_late=minutes)
    assert (decision.penalty_type, decision.consequences) == (penalty, consequences)
    assert decision.counts_as_warning is False
    assert decision.warning_count_after == 0


def test_decide_tardiness_with_two_warnings_does_not_disqualify():
    """R-000-77 + R-000-101: a late arrival is not a third Warning."""
    decision = decide(WM, "tardiness", two_warnings(), minutes_late=6)
    assert decision.penalty_type == P.GAME_LOSS
    assert decision.warning_count_after == 2


def test_decide_tardiness_message_in_spanish():
    """R-000-77: the judge reads the result in Spanish."""
    decision = decide(WM, "tardiness", EMPTY_RECORD, minutes_late=11)
    assert decision.message_es == "Llegó 11 minutos tarde (más de 10): pierde la ronda 0-2."


def test_decide_tardiness_without_minutes_raises_code():
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "tardiness", EMPTY_RECORD)
    assert exc.value.code == "minutes_late_required"


def test_decide_tardiness_negative_minutes_raises_code():
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "tardiness", EMPTY_RECORD, minutes_late=-1)
    assert exc.value.code == "invalid_minutes_late"


# --- Weed Monsters: cards, missing cards, spectators ---


@pytest.mark.parametrize("count", [59, 61])
def test_decide_deck_size_other_than_60_disqualifies(count):
    """R-000-84: playing with more or fewer than 60 cards → DQ."""
    decision = decide(WM, "deck_size", EMPTY_RECORD, deck_count=count)
    assert decision.penalty_type == P.DISQUALIFICATION
    assert decision.consequences == DQ_IN_MATCH
    assert f"({count} cartas)" in decision.message_es
    assert decision.counts_as_warning is False


def test_decide_deck_size_of_60_is_no_penalty():
    """R-000-84: a deck of exactly 60 breaks nothing."""
    assert decide(WM, "deck_size", EMPTY_RECORD, deck_count=60).penalty_type == P.NONE


def test_decide_deck_size_in_format_without_exact_60_is_no_dq():
    """R-000-84, ambiguity 28: the DQ applies only where exactly 60 is required."""
    decision = decide(WM, "deck_size", EMPTY_RECORD, deck_count=55, exact_60_required=False)
    assert decision.penalty_type == P.NONE
    assert "ambiguity 28" in decision.source


def test_decide_missing_cards_sanctions_both_players():
    """R-000-85, ambiguity 27: short player DQ'd, holder penalized, one incident."""
    short, holder = decide_missing_cards(WM, EMPTY_RECORD, EMPTY_RECORD)
    assert short.penalty_type == P.DISQUALIFICATION
    assert short.consequences == DQ_IN_MATCH
    assert holder.penalty_type == P.WARNING
    assert holder.requires_head_judge is True
    assert short.linked_incident == holder.linked_incident == "missing_cards_held_by_other"


def test_decide_missing_cards_holder_penalty_chosen_by_head_judge():
    """R-000-85, ambiguity 27: the head judge picks the holder's penalty."""
    _, holder = decide_missing_cards(WM, EMPTY_RECORD, EMPTY_RECORD,
                                     holder_penalty=P.GAME_LOSS)
    assert holder.penalty_type == P.GAME_LOSS
    assert holder.consequences == (C.LOSE_CURRENT_GAME,)


def test_decide_missing_cards_holder_third_warning_disqualifies():
    """R-000-85 + R-000-101: the holder's Warning counts toward three."""
    _, holder = decide_missing_cards(WM, EMPTY_RECORD, two_warnings())
    assert holder.penalty_type == P.DISQUALIFICATION


def test_decide_spectator_interference_defaults_to_warning():
    """R-000-96: judges may sanction the Breeder, starting with a Warning."""
    decision = decide(WM, "spectator_interference", EMPTY_RECORD)
    assert decision.penalty_type == P.WARNING
    assert decision.message_es == "Interferencia de espectadores: Warning (sugerido)."


@pytest.mark.parametrize(
    ("choice", "consequences", "counts"),
    [
        (P.GAME_LOSS, (C.LOSE_CURRENT_GAME,), True),
        (P.MATCH_LOSS, (C.LOSE_CURRENT_GAME, C.FORFEIT_MATCH), True),
        (P.DISQUALIFICATION, DQ_IN_MATCH, True),
        (P.SPECTATOR_EXPULSION, (C.EXPEL_SPECTATOR,), False),
    ],
)
def test_decide_spectator_interference_judge_choices(choice, consequences, counts):
    """R-000-96: loss of a game/round, DQ, or expelling the spectator."""
    decision = decide(WM, "spectator_interference", EMPTY_RECORD, chosen_penalty=choice)
    assert decision.penalty_type == choice
    assert decision.consequences == consequences
    assert decision.counts_as_warning is counts


def test_decide_choice_not_offered_raises_code():
    """R-000-98: a procedural slip offers no choice; use revise()."""
    with pytest.raises(PenaltyError) as exc:
        decide(WM, "procedural_no_draw", EMPTY_RECORD, chosen_penalty=P.GAME_LOSS)
    assert exc.value.code == "penalty_not_allowed"


# --- Blobbiemundo ---


def combat_record(n: int, round_number: int = 1, game_number: int = 1) -> PenaltyRecord:
    return PenaltyRecord.of(*[("infraction", "warning", round_number, game_number)] * n)


@pytest.mark.parametrize("code", ["infraction", "searcher_only_to_shuffle", "trench_not_turned"])
def test_decide_blobbiemundo_infraction_is_simple_advertencia(code):
    """R-001-05: an infraction during a Combate → Advertencia simple."""
    decision = decide(BM, code, EMPTY_RECORD, round_number=1, game_number=1)
    assert decision.penalty_type == P.WARNING
    assert decision.consequences == ()
    assert decision.warning_count_after == 1


def test_decide_blobbiemundo_third_advertencia_loses_basic_blobbie():
    """R-001-06, ambiguity 32: the 3rd Advertencia of the combat → basic Blobbie."""
    decision = decide(BM, "trench_not_turned", combat_record(2), round_number=1, game_number=1)
    assert decision.penalty_type == P.BASIC_BLOBBIE_LOSS
    assert decision.consequences == (C.LOSE_BASIC_BLOBBIE,)
    assert decision.escalated is True
    assert "tercera Advertencia del combate" in decision.message_es


@pytest.mark.parametrize(("prior", "escalates"), [(3, False), (4, False), (5, True)])
def test_decide_blobbiemundo_every_third_advertencia_escalates(prior, escalates):
    """R-001-06, ambiguity 32: 3rd, 6th, … Advertencia each cost a basic Blobbie."""
    decision = decide(BM, "infraction", combat_record(prior), round_number=1, game_number=1)
    assert decision.escalated is escalates


def test_decide_blobbiemundo_advertencias_count_per_combat():
    """R-001-06, ambiguity 32: Advertencias of another combat do not count."""
    record = combat_record(2, round_number=1, game_number=1)
    decision = decide(BM, "infraction", record, round_number=1, game_number=2)
    assert decision.penalty_type == P.WARNING
    assert decision.warning_count_after == 1


def test_decide_blobbiemundo_advertencia_needs_the_combat():
    """R-001-05: Advertencias are counted "durante el Combate"."""
    with pytest.raises(PenaltyError) as exc:
        decide(BM, "infraction", EMPTY_RECORD)
    assert exc.value.code == "combat_required"


def test_decide_blobbiemundo_grave_error_suggests_losing_one_blobbie():
    """R-001-07, ambiguity 33: "podrían" → suggested loss of 1 Blobbie."""
    decision = decide(BM, "grave_error", combat_record(2), round_number=1, game_number=1)
    assert decision.penalty_type == P.BLOBBIE_LOSS
    assert decision.consequences == (C.LOSE_ONE_BLOBBIE,)
    assert decision.suggested is True
    assert decision.counts_as_warning is False
    assert decision.warning_count_after == 2


@pytest.mark.parametrize("code", ["grave_fault", "unregistered_cards", "side_deck_not_swapped"])
def test_decide_blobbiemundo_grave_fault_suggests_losing_the_combat(code):
    """R-001-08, ambiguity 33: cheating "podría" lose the combat."""
    decision = decide(BM, code, EMPTY_RECORD)
    assert decision.penalty_type == P.GAME_LOSS
    assert decision.consequences == (C.LOSE_COMBAT,)
    assert decision.suggested is True


# --- revise ---


def test_revise_downgrade_keeps_the_original_and_reason():
    """R-001-08, ambiguity 33: the judge may go lighter, giving a reason."""
    original = decide(BM, "grave_fault", EMPTY_RECORD)
    revised = revise(original, P.BLOBBIE_LOSS, "Primera vez, sin intención.", record=EMPTY_RECORD)
    assert revised.penalty_type == P.BLOBBIE_LOSS
    assert revised.consequences == (C.LOSE_ONE_BLOBBIE,)
    assert revised.original is original
    assert revised.revision_reason == "Primera vez, sin intención."
    assert revised.message_code == "penalty.revised_downgrade"
    assert revised.history == (original, revised)


def test_revise_upgrade_warning_to_disqualification():
    """R-000-86: the head judge can upgrade with a reason kept in history."""
    original = decide(WM, "procedural_no_draw", EMPTY_RECORD)
    revised = revise(original, "disqualification", "Lo hizo a propósito.", record=EMPTY_RECORD)
    assert revised.consequences == DQ_IN_MATCH
    assert revised.message_es == (
        "Penalidad agravada por el juez principal: de Warning a Descalificación de la "
        "fecha. Motivo: Lo hizo a propósito."
    )
    assert '"10.2.5.1. Interpretaciones de cartas"' in revised.source


def test_revise_to_no_penalty_stops_counting_the_warning():
    """R-000-86 + R-000-101: a withdrawn Warning leaves the count."""
    original = decide(WM, "play_area", EMPTY_RECORD)
    revised = revise(original, P.NONE, "Error del juez.", record=EMPTY_RECORD)
    assert revised.warning_count_after == 0
    assert revised.counts_as_warning is False


def test_revise_twice_keeps_the_whole_history():
    """R-000-86: every revision stays in history."""
    first = decide(WM, "misconduct", EMPTY_RECORD)
    second = revise(first, P.DISQUALIFICATION, "Reincidió.", record=EMPTY_RECORD)
    third = revise(second, P.GAME_LOSS, "Apelación aceptada.", record=EMPTY_RECORD)
    assert [d.penalty_type for d in third.history] == [P.GAME_LOSS, P.DISQUALIFICATION,
                                                       P.GAME_LOSS]


@pytest.mark.parametrize("reason", ["", "   "])
def test_revise_without_reason_raises_code(reason):
    decision = decide(WM, "play_area", EMPTY_RECORD)
    with pytest.raises(PenaltyError) as exc:
        revise(decision, P.NONE, reason, record=EMPTY_RECORD)
    assert exc.value.code == "reason_required"


def test_revise_to_same_penalty_raises_code():
    decision = decide(WM, "play_area", EMPTY_RECORD)
    with pytest.raises(PenaltyError) as exc:
        revise(decision, P.WARNING, "igual", record=EMPTY_RECORD)
    assert exc.value.code == "same_penalty"


def test_revise_to_penalty_of_another_game_raises_code():
    """001 § "Penalidades" has no −5 Corazones."""
    decision = decide(BM, "grave_error", EMPTY_RECORD)
    with pytest.raises(PenaltyError) as exc:
        revise(decision, P.WARNING_HEARTS, "no existe", record=EMPTY_RECORD)
    assert exc.value.code == "penalty_not_in_ladder"


# --- apply_to_match ---


def test_apply_to_match_game_loss_in_game_1():
    """R-000-100: a game loss in game 1 → 0-1, the match goes on."""
    score = apply_to_match(0, 0, 0, 3, True, (C.LOSE_CURRENT_GAME,), 1)
    assert score == MatchScore(0, 1, 0, False)


def test_apply_to_match_game_loss_in_game_2_after_losing_game_1_ends_it():
    """R-000-100: 0-1 and the game-2 loss → 0-2."""
    score = apply_to_match(0, 1, 0, 3, True, (C.LOSE_CURRENT_GAME,), 2)
    assert score == MatchScore(0, 2, 0, True)


def test_apply_to_match_dq_in_game_1_is_0_2():
    """R-000-101, DESIGN 10: DQ in game 1 → 0-2."""
    assert apply_to_match(0, 0, 0, 3, True, DQ_IN_MATCH, 1) == MatchScore(0, 2, 0, True)


def test_apply_to_match_dq_in_game_2_after_winning_game_1_is_1_2():
    """R-000-101, ambiguity 26: finished games stand → 1-2, not 0-2."""
    assert apply_to_match(1, 0, 0, 3, True, DQ_IN_MATCH, 2) == MatchScore(1, 2, 0, True)


def test_apply_to_match_dq_of_player_b_gives_games_to_a():
    """R-000-101: the opponent of the penalized player gets the games."""
    assert apply_to_match(0, 1, 0, 3, False, DQ_IN_MATCH, 2) == MatchScore(2, 1, 0, True)


def test_apply_to_match_third_warning_decision_consequences():
    """R-000-101: the consequences of decide() feed apply_to_match directly."""
    decision = decide(WM, "procedural_no_draw", two_warnings())
    assert apply_to_match(1, 1, 0, 3, True, decision.consequences, 3) == MatchScore(1, 2, 0, True)


def test_apply_to_match_dq_after_a_drawn_game_forfeits_the_rest():
    """R-000-104, DESIGN 12: a drawn game uses a slot; remaining games to opponent."""
    assert apply_to_match(0, 0, 1, 3, True, DQ_IN_MATCH, 2) == MatchScore(0, 2, 1, True)


def test_apply_to_match_game_loss_between_games_costs_the_next_game():
    """R-000-100: between games a game loss costs the next game (documented default)."""
    assert apply_to_match(1, 0, 0, 3, True, (C.LOSE_CURRENT_GAME,), None) == MatchScore(1, 1, 0,
                                                                                      False)


def test_apply_to_match_tardiness_game_1():
    """R-000-77: more than 5 minutes late → 0-1, the match goes on."""
    decision = decide(WM, "tardiness", EMPTY_RECORD, minutes_late=6)
    assert apply_to_match(0, 0, 0, 3, True, decision.consequences, 1) == MatchScore(0, 1, 0, False)


def test_apply_to_match_tardiness_match_is_0_2():
    """R-000-77: more than 10 minutes late → 0-2."""
    decision = decide(WM, "tardiness", EMPTY_RECORD, minutes_late=11)
    assert apply_to_match(0, 0, 0, 3, True, decision.consequences, 1) == MatchScore(0, 2, 0, True)


def test_apply_to_match_tardiness_match_after_game_1_loss_is_0_2():
    """R-000-77: game 1 already given at 6 minutes, then 11 → 0-2."""
    score = apply_to_match(0, 1, 0, 3, True, (C.LOSE_MATCH_0_2,), 2)
    assert score == MatchScore(0, 2, 0, True)


def test_apply_to_match_table_consequences_leave_score():
    """R-000-99: −5 Corazones is applied at the table, not to the score."""
    assert apply_to_match(1, 0, 0, 3, True, (C.LOSE_5_HEARTS,), 2) == MatchScore(1, 0, 0, False)


def test_apply_to_match_blobbiemundo_lose_combat():
    """R-001-08: losing the combat is losing that game."""
    assert apply_to_match(1, 0, 0, 3, False, (C.LOSE_COMBAT,), 2) == MatchScore(2, 0, 0, True)


def test_apply_to_match_best_of_one_dq():
    assert apply_to_match(0, 0, 0, 1, True, DQ_IN_MATCH, 1) == MatchScore(0, 1, 0, True)


def test_apply_to_match_finished_match_is_unchanged():
    """DESIGN 10: games already finished stand."""
    assert apply_to_match(2, 0, 0, 3, True, DQ_IN_MATCH, None) == MatchScore(2, 0, 0, True)


def test_apply_to_match_index_must_follow_finished_games():
    with pytest.raises(PenaltyInvariantError):
        apply_to_match(1, 0, 0, 3, True, DQ_IN_MATCH, 1)


def test_apply_to_match_tardiness_after_games_played_is_a_bug():
    with pytest.raises(PenaltyInvariantError):
        apply_to_match(1, 0, 0, 3, True, (C.LOSE_GAME_1,), 2)


def test_apply_to_match_unknown_consequence_is_a_bug():
    with pytest.raises(PenaltyInvariantError):
        apply_to_match(0, 0, 0, 3, True, ("lose_everything",), 1)


def test_apply_to_match_more_games_than_best_of_is_a_bug():
    with pytest.raises(PenaltyInvariantError):
        apply_to_match(2, 1, 1, 3, True, (), None)
