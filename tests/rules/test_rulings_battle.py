"""Plays in the Fase de Batalla and Instantáneas at execution (pure, no database).

Clauses: R-000-27 (000_0014b2ac83da54b4.txt § "6.4. Fase de Batalla": "En esta
subfase [cálculo de daños] solo se pueden activar cartas Instantáneas que
modifiquen el daño recibido o que nieguen este efecto") and R-000-30 (000 §
"¿Puedo jugar una Instantánea al momento de la ejecución de un efecto?": a
Bruma played while Quemaduras is executing reduces that damage to 0).

Bruma is the Instantánea of the rulebook's example (it cuts damage); the
non-damage Instantánea «Ráfaga de robo», the second damage Instantánea «Escudo
de humo» and the non-instant «Monster de prueba» are test inputs: the rulebook
names no such cards.
"""
from __future__ import annotations

import pytest

from rules.rulings import (
    BATTLE_STEPS,
    WEED_MONSTERS,
    Play,
    RulingError,
    battle_step_check,
    get_ruling,
    resolve_chain,
)

pytestmark = pytest.mark.unit

WM_FILE = "000_0014b2ac83da54b4.txt"
BATTLE = f'Rule: {WM_FILE} § "6.4. Fase de Batalla"'

BRUMA = Play("Bruma", "A", is_instant=True, affects_damage=True)
DRAW_INSTANT = Play("Ráfaga de robo", "B", is_instant=True, affects_damage=False)
MONSTER = Play("Monster de prueba", "B")


# --------------------------------------------------------------------------- R-000-27


def test_battle_step_check_refuses_a_non_damage_instant_in_the_damage_step():
    """R-000-27: an Instantánea that neither modifies nor negates damage is refused
    in the damage step, with a Spanish reason naming the card and § 6.4."""
    check = battle_step_check(DRAW_INSTANT, step="damage")
    assert check.allowed is False
    assert check.code == "instant_not_damage"
    assert check.reason_es == (
        "«Ráfaga de robo» es una Instantánea que no modifica ni niega el daño: en el cálculo de "
        "daños solo se pueden jugar Instantáneas que modifiquen o nieguen el daño recibido "
        "(Reglamento Weed Monsters (06/09/2024) § 6.4. Fase de Batalla)."
    )
    assert check.source == BATTLE


def test_battle_step_check_refuses_a_card_that_is_not_an_instant_in_the_damage_step():
    """R-000-27: "solo ... cartas Instantáneas": a card that is not one is refused too."""
    check = battle_step_check(MONSTER, step="damage")
    assert (check.allowed, check.code) == (False, "not_instant_in_damage_step")
    assert "«Monster de prueba» no es una Instantánea" in check.reason_es
    assert "6.4. Fase de Batalla" in check.reason_es


def test_battle_step_check_allows_a_damage_instant_in_the_damage_step():
    """R-000-27: an Instantánea that modifies the damage received (Bruma) may be played."""
    check = battle_step_check(BRUMA, step="damage")
    assert (check.allowed, check.code, check.source) == (True, "ok", BATTLE)


@pytest.mark.parametrize("step", ["attacks", "defenders", "end_of_battle"])
def test_battle_step_check_allows_any_instant_outside_the_damage_step(step):
    """R-000-27 limits the damage step only; 000 § "Instantáneas": they are used
    "en cualquier fase de ambos turnos respetando la Prioridad"."""
    check = battle_step_check(DRAW_INSTANT, step=step)
    assert (check.allowed, check.code) == (True, "ok")
    assert '§ "Instantáneas"' in check.source


def test_battle_step_check_refuses_a_non_instant_card_in_another_battle_step():
    """000 § "Instantáneas" / § "6.3. Fase Principal": other cards are played in the Fase Principal."""
    check = battle_step_check(MONSTER, step="attacks")
    assert (check.allowed, check.code) == (False, "not_instant_in_battle")
    assert '§ "6.3. Fase Principal"' in check.source


def test_battle_step_check_refuses_an_unknown_step():
    with pytest.raises(RulingError) as exc:
        battle_step_check(BRUMA, step="main")
    assert exc.value.code == "unknown_battle_step"
    assert str(exc.value) == "Subfase de batalla desconocida: «main» (son attacks, defenders, damage, end_of_battle)."
    assert BATTLE_STEPS == ("attacks", "defenders", "damage", "end_of_battle")


def test_resolve_chain_in_the_damage_step_refuses_a_non_damage_instant():
    """R-000-27: the chain resolver rejects a non-damage Instantánea in the damage step."""
    with pytest.raises(RulingError) as exc:
        resolve_chain(WEED_MONSTERS, [BRUMA, DRAW_INSTANT], battle_step="damage")
    assert exc.value.code == "instant_not_damage"
    assert "«Ráfaga de robo»" in str(exc.value)


def test_resolve_chain_in_the_damage_step_resolves_damage_instants_last_first():
    """R-000-27 with R-000-29: two damage Instantáneas are allowed and resolve from the last."""
    shield = Play("Escudo de humo", "B", is_instant=True, affects_damage=True)
    resolution = resolve_chain(WEED_MONSTERS, [BRUMA, shield], battle_step="damage")
    assert resolution.cards == ("Escudo de humo", "Bruma")


def test_resolve_chain_refuses_a_battle_step_for_another_game():
    with pytest.raises(RulingError) as exc:
        resolve_chain("blobbiemundo", [BRUMA], battle_step="damage")
    assert exc.value.code == "unknown_battle_step"


def test_battle_ruling_states_the_damage_step_limit():
    """R-000-27: the catalogue answer a judge reads says the same and cites § 6.4."""
    ruling = get_ruling("wm.turn.battle")
    assert "solo se pueden usar Instantáneas que modifiquen o nieguen el daño" in ruling.answer_es
    assert ruling.source == BATTLE


# --------------------------------------------------------------------------- R-000-30


def test_an_instant_played_at_execution_resolves_before_the_effect_completes():
    """R-000-30: 000 § "¿Puedo jugar una Instantánea al momento de la ejecución de un
    efecto?". Medallón (A) is answered with Quemaduras (B); while Quemaduras is
    executing, A (the Breeder de turno, first to play) plays Bruma, which cuts
    that damage to 0. Bruma goes on top of the chain, so it resolves first and
    Quemaduras, the effect being executed, does not apply; Medallón enters play.
    """
    plays = [Play("Medallón", "A"), Play("Quemaduras", "B"), Play("Bruma", "A", negates=1, is_instant=True,
                                                                   affects_damage=True)]
    resolution = resolve_chain(WEED_MONSTERS, plays)
    assert resolution.cards == ("Bruma", "Quemaduras", "Medallón")
    assert resolution.applied == ("Bruma", "Medallón")
    quemaduras = resolution.steps[1]
    assert (quemaduras.play.card, quemaduras.applies, quemaduras.negated_by) == ("Quemaduras", False, 2)


def test_instant_at_execution_ruling_keeps_the_bruma_example():
    """R-000-30: the catalogue keeps the Bruma / Quemaduras / Fasosito Red example,
    the active player first, citing its section."""
    ruling = get_ruling("wm.priority.instant_during_execution")
    assert "Bruma mientras se ejecuta Quemaduras reduce ese daño a 0" in ruling.answer_es
    assert "el Breeder de turno puede jugar primero" in ruling.answer_es
    assert ruling.cards == ("Bruma", "Quemaduras", "Fasosito Red")
    assert ruling.source == (f'Rule: {WM_FILE} § "¿Puedo jugar una Instantánea al momento de la ejecución de '
                             'un efecto?"')
