"""Rulings catalogue, accent-insensitive search and the rule resolvers.

Clause ids are RULES-TRACE rows (R-000-… for 000_0014b2ac83da54b4.txt,
R-001-… for 001_eff5eaaa4c47c954.txt) and its numbered ambiguities.
"""
import re
from pathlib import Path

import pytest

from rules.rulings import (
    CATALOG,
    GAMES,
    RULINGS_BY_ID,
    BoardState,
    Play,
    RulingError,
    Trigger,
    both_at_zero_hearts,
    check_board,
    empty_deck_draw,
    extra_turns_at_time,
    get_ruling,
    hand_limit_overflow,
    mulligan_hand_size,
    normalize,
    order_simultaneous_triggers,
    resolve_chain,
    sale_is_legal,
    search,
)
from tests.shared_docs import SEEDS_DIR

pytestmark = pytest.mark.unit

WM = "weed_monsters"
BM = "blobbiemundo"


# --- catalogue ---


def test_catalog_ids_are_unique_and_games_known():
    """Issue #7 item 4: rulings as data (id, game, topic, question, answer, source)."""
    assert len(RULINGS_BY_ID) == len(CATALOG)
    assert {r.game for r in CATALOG} == set(GAMES)
    assert 20 <= len(CATALOG) <= 120


def test_catalog_covers_the_traced_rulings():
    """R-000-03…R-000-32, R-000-79, R-000-102…104, R-001-01…14 have entries."""
    traced = {row for r in CATALOG for row in r.trace}
    expected = {"R-000-03", "R-000-08", "R-000-09", "R-000-12", "R-000-13", "R-000-17",
                "R-000-23", "R-000-28", "R-000-29", "R-000-30", "R-000-31", "R-000-79",
                "R-000-102", "R-000-103", "R-000-104", "R-001-04", "R-001-09", "R-001-10",
                "R-001-12"}
    assert expected <= traced


def _seed_dir() -> Path | None:
    for candidate in (Path(__file__).resolve().parents[2] / "seeds", SEEDS_DIR):
        if candidate.is_dir():
            return candidate
    return None


def test_catalog_sources_cite_existing_seed_headings():
    """Every source names a heading that exists in its seed (`A › B` = nested)."""
    seeds = _seed_dir()
    if seeds is None:
        pytest.skip("rulebook seeds not available")
    for ruling in CATALOG:
        seed = re.match(r"Rule: (\S+)", ruling.source).group(1)
        lines = {line.strip() for line in (seeds / seed).read_text().splitlines()}
        for section in re.findall(r'§ "([^"]+)"', ruling.source):
            for part in section.split(" › "):
                assert part in lines, (ruling.id, part)


def test_get_ruling_unknown_id_raises_code():
    with pytest.raises(RulingError) as exc:
        get_ruling("wm.nope")
    assert exc.value.code == "unknown_ruling"


# --- search ---


def test_normalize_strips_accents_and_case():
    assert normalize("Instantáneas ÁREA Índigo") == "instantaneas area indigo"


@pytest.mark.parametrize("query", ["prioridad", "PRIORIDAD", "Prioridád"])
def test_search_prioridad_finds_prioridad_first(query):
    """R-000-28: "prioridad" finds the § "Prioridad" rulings, accents and case aside."""
    results = search(query)
    assert results[0].id == "wm.priority.what"
    assert results[0].topic == "Prioridad"


@pytest.mark.parametrize("query", ["monstruo", "Monsters", "cuántos monstruos puedo tener"])
def test_search_monster_words_find_the_board_limit(query):
    """R-000-17: "monstruo" and "Monsters" reach the 5-Monster limit."""
    assert search(query)[0].id == "wm.monsters.limit"


def test_search_without_accent_finds_accented_card_name():
    """R-000-06: "arcoiris" (no accent) → the Gema Arcoíris answer + source."""
    (ruling,) = search("arcoiris")
    assert ruling.id == "wm.gems.payment"
    assert ruling.source == 'Rule: 000_0014b2ac83da54b4.txt § "Gemas"'


def test_search_chain_example_by_card_names():
    """R-000-29: the Medallón / Quemaduras / Black Jack example is searchable."""
    assert search("medallon quemaduras")[0].id == "wm.priority.resolution_order"


def test_search_filters_by_game():
    """R-001-10: Blobbiemundo's priority rule under its own game."""
    results = search("prioridad", game=BM)
    assert [r.id for r in results] == ["bm.actions.resolution"]


def test_search_empty_or_stop_words_returns_nothing():
    assert search("") == []
    assert search("¿qué pasa si…?") == []


def test_search_limit():
    assert len(search("prioridad", limit=2)) == 2


def test_search_unknown_game_raises_code():
    with pytest.raises(RulingError) as exc:
        search("prioridad", game="ajedrez")
    assert exc.value.code == "unknown_game"


# --- chains ---


def test_resolve_chain_weed_monsters_medallon_example():
    """R-000-29: Medallón ← Quemaduras ← Black Jack: Black Jack anula Quemaduras,
    Quemaduras no aplica, Medallón entra en juego."""
    plays = [Play("Medallón", "yo"), Play("Quemaduras", "rival"),
             Play("Black Jack", "yo", negates=1)]
    resolution = resolve_chain(WM, plays)
    assert resolution.cards == ("Black Jack", "Quemaduras", "Medallón")
    assert resolution.applied == ("Black Jack", "Medallón")
    assert resolution.steps[1].negated_by == 2
    assert "¿En qué orden ocurre la ejecución de las cartas?" in resolution.source


def test_resolve_chain_weed_monsters_negated_negator():
    """R-000-29: a negation that is itself negated does not land."""
    plays = [Play("Medallón", "yo"), Play("Quemaduras", "rival"),
             Play("Black Jack", "yo", negates=1), Play("Contra", "rival", negates=2)]
    resolution = resolve_chain(WM, plays)
    assert resolution.cards == ("Contra", "Black Jack", "Quemaduras", "Medallón")
    assert resolution.applied == ("Contra", "Quemaduras", "Medallón")


def test_resolve_chain_blobbiemundo_higher_priority_first():
    """R-001-10: [A p1, B p2, C p1] → [B, A, C]."""
    plays = [Play("A", "x", priority=1), Play("B", "y", priority=2), Play("C", "x", priority=1)]
    assert resolve_chain(BM, plays).cards == ("B", "A", "C")


def test_resolve_chain_blobbiemundo_battle_resolves_last():
    """R-001-10: a battle is the slowest action and always resolves last."""
    plays = [Play("Batalla", "x", priority=9, is_battle=True), Play("Suerte", "x", priority=1),
             Play("Suerte", "y", priority=1)]
    resolution = resolve_chain(BM, plays)
    assert [s.index for s in resolution.steps] == [1, 2, 0]


def test_resolve_chain_blobbiemundo_low_priority_negation_is_too_late():
    """R-001-10: a lower-priority response resolves after its target."""
    plays = [Play("Poder", "x", priority=2), Play("Anular", "y", priority=1, negates=0)]
    resolution = resolve_chain(BM, plays)
    assert resolution.applied == ("Poder", "Anular")
    assert resolution.steps[1].negation_effective is False


def test_resolve_chain_negating_a_later_play_raises_code():
    with pytest.raises(RulingError) as exc:
        resolve_chain(WM, [Play("A", "x", negates=1), Play("B", "y")])
    assert exc.value.code == "invalid_negation"


def test_resolve_chain_unknown_game_raises_code():
    with pytest.raises(RulingError) as exc:
        resolve_chain("ajedrez", [])
    assert exc.value.code == "unknown_game"


# --- simultaneous triggers ---


def test_order_simultaneous_triggers_active_player_first_in_chosen_order():
    """R-000-31: active {A1, A2} chosen [A2, A1], rival {B1} → [A2, A1, B1]."""
    triggers = [Trigger("B1", "rival"), Trigger("A1", "yo"), Trigger("A2", "yo")]
    result = order_simultaneous_triggers("yo", triggers, ["A2", "A1"])
    assert result.names == ("A2", "A1", "B1")
    assert "Gatillo" in result.source


def test_order_simultaneous_triggers_rival_order_when_listed():
    """R-000-31: the rival then executes theirs (order as chosen, inferred)."""
    triggers = [Trigger("A1", "yo"), Trigger("B1", "rival"), Trigger("B2", "rival")]
    result = order_simultaneous_triggers("yo", triggers, ["A1", "B2", "B1"])
    assert result.names == ("A1", "B2", "B1")


def test_order_simultaneous_triggers_missing_active_trigger_raises_code():
    triggers = [Trigger("A1", "yo"), Trigger("A2", "yo")]
    with pytest.raises(RulingError) as exc:
        order_simultaneous_triggers("yo", triggers, ["A2"])
    assert exc.value.code == "chosen_order_incomplete"


def test_order_simultaneous_triggers_unknown_name_raises_code():
    with pytest.raises(RulingError) as exc:
        order_simultaneous_triggers("yo", [Trigger("A1", "yo")], ["A1", "Z"])
    assert exc.value.code == "unknown_trigger"


# --- hearts and drawn games ---


def test_both_at_zero_hearts_is_a_drawn_game():
    """R-000-104: both at 0 Corazones at once → drawn game; game 1 → match goes on."""
    outcome = both_at_zero_hearts(0, -3)
    assert outcome.game_result == "draw"
    assert (outcome.games_a, outcome.games_b, outcome.games_drawn) == (0, 0, 1)
    assert outcome.match_finished is False


def test_both_at_zero_hearts_1_1_1_is_a_drawn_match():
    """R-000-104, DESIGN 4/12: 1-1 and a drawn third game → match draw."""
    outcome = both_at_zero_hearts(0, 0, games_a=1, games_b=1)
    assert outcome.match_finished is True
    assert outcome.match_result == "draw"


def test_both_at_zero_hearts_1_0_1_at_time_is_a_win():
    """R-000-104 + R-000-79, DESIGN 4: 1-0-1 → the player with one more win."""
    outcome = both_at_zero_hearts(0, 0, games_a=1, time_over=True)
    assert (outcome.games_a, outcome.games_b, outcome.games_drawn) == (1, 0, 1)
    assert outcome.match_result == "a"


def test_both_at_zero_hearts_1_0_1_before_time_plays_game_3():
    """R-000-104, DESIGN 12: a drawn game uses a slot; game 3 is still played."""
    outcome = both_at_zero_hearts(0, 0, games_a=1)
    assert outcome.match_finished is False
    assert outcome.match_result is None


def test_both_at_zero_hearts_one_player_out_loses():
    """R-000-15: the Breeder at 0 Corazones loses the game."""
    outcome = both_at_zero_hearts(3, 0, games_a=1)
    assert outcome.game_result == "a"
    assert outcome.match_result == "a"


def test_both_at_zero_hearts_no_one_out_is_ongoing():
    assert both_at_zero_hearts(1, 1).game_result is None


# --- empty deck ---


def test_empty_deck_draw_at_start_of_turn_loses():
    """R-000-103, R-000-15: no card to draw at the start of the turn → loss."""
    outcome = empty_deck_draw(True)
    assert (outcome.cards_drawn, outcome.loses_game) == (0, True)


def test_empty_deck_draw_by_effect_does_not_lose():
    """R-000-103: an effect's draw from an empty deck is no loss."""
    assert empty_deck_draw(False).loses_game is False


def test_empty_deck_draw_fasent_draws_what_remains():
    """R-000-103: Fasent draws 3 with 2 left → draws 2, plays on."""
    outcome = empty_deck_draw(False, cards_in_deck=2, cards_to_draw=3)
    assert (outcome.cards_drawn, outcome.loses_game) == (2, False)


def test_empty_deck_draw_start_of_turn_with_cards_draws_one():
    assert empty_deck_draw(True, cards_in_deck=4).cards_drawn == 1


# --- mulligan and hand limit ---


@pytest.mark.parametrize(("n", "size"), [(0, 6), (1, 5), (2, 4), (6, 0)])
def test_mulligan_hand_size_one_fewer_each_time_from_6(n, size):
    """R-000-23, R-000-16: opening hand 6; each mulligan one card fewer, down to 0."""
    assert mulligan_hand_size(n).hand_size == size


def test_mulligan_hand_size_past_zero_is_refused():
    """R-000-23: repeatable only until no cards remain."""
    with pytest.raises(RulingError) as exc:
        mulligan_hand_size(7)
    assert exc.value.code == "mulligan_refused"


def test_mulligan_hand_size_opening_override():
    assert mulligan_hand_size(1, 7).hand_size == 6


@pytest.mark.parametrize(("n", "size"), [(0, 7), (1, 7)])
def test_mulligan_hand_size_blobbiemundo_one_redraw_of_7(n, size):
    """R-001-12: one redraw of 7 per combat, without penalty."""
    assert mulligan_hand_size(n, game=BM).hand_size == size


def test_mulligan_hand_size_blobbiemundo_second_redraw_refused():
    """R-001-12: "solo se puede hacer 1 única vez por combate"."""
    with pytest.raises(RulingError) as exc:
        mulligan_hand_size(2, game=BM)
    assert exc.value.code == "mulligan_refused"


def test_hand_limit_overflow_goes_to_grey_area():
    """R-001-04: hand 8, draw 2 → 2 cards to the Área Gris."""
    outcome = hand_limit_overflow(8, 2)
    assert (outcome.hand_size, outcome.to_grey_area) == (8, 2)


def test_hand_limit_overflow_partial():
    assert hand_limit_overflow(6, 3).to_grey_area == 1


# --- time ---


def test_extra_turns_at_time_three_each_starting_with_active_player():
    """R-000-79, ambiguity 9: the turn in progress is the active player's first."""
    turns = extra_turns_at_time("Ana", "Beto")
    assert turns.players == ("Ana", "Beto", "Ana", "Beto", "Ana", "Beto")
    assert [t.in_progress for t in turns.turns] == [True] + [False] * 5
    assert turns.source == (
        'Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"'
    )


# --- board limits ---


def test_check_board_at_every_limit_is_legal():
    """R-000-17, R-000-08, R-000-13, R-000-03, R-000-12: limits reached, not passed."""
    state = BoardState(monsters=5, artefactos=2, ambientales=1, gems_played_this_turn=1,
                       grow_ups_this_turn=1, sales_this_turn=1,
                       equipped=(("Fasent", "Objeto"), ("Fasent", "Guardián")))
    assert check_board(state) == []


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("monsters", 6, "too_many_monsters"),  # R-000-17
        ("artefactos", 3, "too_many_artefactos"),  # R-000-08
        ("ambientales", 2, "too_many_ambientales"),  # R-000-13
        ("gems_played_this_turn", 2, "too_many_gems_this_turn"),  # R-000-03
        ("grow_ups_this_turn", 2, "too_many_grow_ups_this_turn"),  # R-000-12
        ("sales_this_turn", 2, "too_many_sales_this_turn"),  # R-000-26
    ],
)
def test_check_board_over_a_limit(field, value, code):
    """R-000-17/08/13/03/12/26: one past each limit → one violation with its source."""
    (violation,) = check_board(BoardState(**{field: value}))
    assert violation.code == code
    assert violation.found == value
    assert violation.source.startswith('Rule: 000_0014b2ac83da54b4.txt § "')


def test_check_board_monster_message_in_spanish():
    """R-000-17: the message names the limit."""
    (violation,) = check_board(BoardState(monsters=6))
    assert violation.message_es == "Hay 6 Monsters en juego; el máximo es 5."


def test_check_board_second_objeto_on_one_monster():
    """R-000-10: one equipped card of each type per Monster."""
    state = BoardState(equipped=(("Fasent", "Objeto"), ("Fasent", "objeto")))
    assert [v.code for v in check_board(state)] == ["two_equipped_same_type"]


def test_check_board_negative_count_raises_code():
    with pytest.raises(RulingError) as exc:
        check_board(BoardState(monsters=-1))
    assert exc.value.code == "invalid_count"


# --- selling ---


@pytest.mark.parametrize(
    ("values", "legal", "code"),
    [((3, 3), True, "ok"), ((5,), True, "ok"), ((3, 2, 1), False, "card_not_needed"),
     ((2, 2), False, "below_5")],
)
def test_sale_is_legal(values, legal, code):
    """R-000-26: sum ≥ 5 and no card added once 5 is covered."""
    check = sale_is_legal(values)
    assert (check.legal, check.code) == (legal, code)
