"""Pure deck-check outcomes: checklist codes, actions, damaged-card replacements.

Rule: 000_0014b2ac83da54b4.txt § "10.2.5. Cartas" and its subsections
10.2.5.3 to 10.2.5.7.
"""
from __future__ import annotations

import pytest

from rules import deck_checks
from rules.decks import parse_decklist

pytestmark = pytest.mark.unit

DECK = """\
4 Fasent
4 Growshop [TCG]
52 Sativa
Side deck:
2 Bruma
"""


def test_amend_text_basic_gem_keeps_the_deck_size():
    """R-000-92: a production-damaged card is replaced "con una Gema Básica a
    elección del Breeder para ocupar ese lugar": one Fasent out, one Índica in,
    still 60 cards in the main deck, the side deck untouched."""
    text = deck_checks.amend_text(DECK, card="fasent", kind=deck_checks.BASIC_GEM, gem="indica")
    parsed = parse_decklist(text)

    assert [(line.quantity, line.name) for line in parsed.main] == [
        (3, "Fasent"), (4, "Growshop"), (52, "Sativa"), (1, "Índica"),
    ]
    assert parsed.main_count == 60
    assert [(line.quantity, line.name) for line in parsed.side] == [(2, "Bruma")]


def test_amend_text_judge_proxy_acts_as_the_damaged_card():
    """R-000-92: "el juez puede crear una carta de representación de esa carta
    que actúe como la dañada": the copy becomes a judge's proxy, same name and
    printing."""
    parsed = parse_decklist(deck_checks.amend_text(DECK, card="Growshop", kind=deck_checks.JUDGE_PROXY))

    assert [(line.quantity, line.name, line.printing, line.judge_proxy) for line in parsed.main] == [
        (4, "Fasent", None, False), (3, "Growshop", "TCG", False), (52, "Sativa", None, False),
        (1, "Growshop", "TCG", True),
    ]


@pytest.mark.parametrize(("card", "gem", "code"), [
    ("Bruma", "Sativa", "card_not_in_deck"),  # only in the side deck
    ("Fasent", "Semilla Dorada", "not_a_basic_gem"),  # a special gem, not one of the 5 basic ones
])
def test_amend_text_refusals(card, gem, code):
    """A replacement names a card of the main deck and one of the five basic
    gems of 000 § "Gemas" (Híbrida, Indica, Sativa, Ancient, Ruderalis)."""
    with pytest.raises(deck_checks.DeckCheckError) as exc:
        deck_checks.amend_text(DECK, card=card, kind=deck_checks.BASIC_GEM, gem=gem)
    assert exc.value.code == code


def test_counterfeit_is_replaced_before_round_one_or_before_continuing():
    """R-000-89: "Cualquier carta falsificada … se debe sacar de los mazos de
    los Breeders antes del comienzo del torneo"; a player's proxy "se considera
    carta falsificada". Found once round 1 is paired, that moment has passed:
    Arena asks for it before the player goes on (a deliberate reading — the
    text names no later deadline)."""
    assert deck_checks.finding_action("counterfeit", round_one_paired=False) == "replace_before_round_1"
    assert deck_checks.finding_action("counterfeit", round_one_paired=True) == "replace_before_continuing"
    assert deck_checks.finding_action("player_proxy", round_one_paired=False) == "replace_before_round_1"


def test_finding_codes_match_the_model_choices():
    """Every checklist code has a Spanish label, and the reverse."""
    from rules.models import DeckCheckFinding

    assert set(deck_checks.FINDINGS) == set(DeckCheckFinding.values)
