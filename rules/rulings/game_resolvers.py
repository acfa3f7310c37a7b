"""Rule resolvers of Planets War, Reinas and the stoner-points game (pure).

- :func:`fleet_check` (Planets War): the 4-ship board limit and the card
  taken for every 3 ships lost.
- :func:`ship_damage` (Planets War): a ship with every number covered is
  destroyed.
- :func:`tribute_check` (Reinas): tribute summoning of LVL 5–7 beasts.
- :func:`stoner_turn_draw` (stoner points): the start-of-turn draw from the
  two shared decks and their discards.

Each returns a frozen dataclass with a stable ``code``, a Spanish
``message_es`` naming the rule, and the rule ``source``; nonsense input
(negative counts, levels out of range) raises :class:`RulingError`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import RulingError, _pw, _rq, _sp

# --------------------------------------------------------------------------
# Planets War
# --------------------------------------------------------------------------

#: Most Cartas de Nave on one player's Tablero.
MAX_SHIPS = 4
#: Ships lost per card taken from the Deck.
SHIPS_PER_CARD = 3
#: Opposing ships destroyed that win the game.
SHIPS_TO_WIN = 12

FLEET_SOURCE = _pw("PREPARACION", "Fase de inicial", "DESTRUCCION DE NAVES")
SHIP_DAMAGE_SOURCE = _pw("Fase de Ataque", "DESTRUCCION DE NAVES")


@dataclass(frozen=True, slots=True)
class FleetCheck:
    """Whether summoning ``summoning`` ships is legal, and the lost ships' tally.

    ``code``: ``"ok"`` or ``"too_many_ships"``. ``ships_after`` counts the
    ships on the Tablero if the summons went ahead. ``lost_total`` is the
    tally after ``lost_now``; ``cards_to_take`` the cards taken from the
    Deck for the 3-ship steps crossed now; ``opponent_wins`` is True once
    12 ships are lost.
    """

    legal: bool
    code: str
    ships_after: int
    lost_total: int
    cards_to_take: int
    opponent_wins: bool
    message_es: str
    source: str


def fleet_check(on_board: int, summoning: int = 0, *, lost_before: int = 0,
                lost_now: int = 0) -> FleetCheck:
    """Planets War board limit and lost-ship tally of one player.

    Shapes: ``on_board`` ships on the player's Tablero now, ``summoning``
    ships they want to summon from the hand; ``lost_before`` ships lost
    earlier in the game, ``lost_now`` ships just destroyed. At most 4 ships
    on the Tablero (a 5th is illegal); each 3 ships lost → 1 card from the
    Deck (2 lost, then 1 more → 1 card; 6 at once → 2); 12 lost → the
    opponent wins.

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 002_c95a30c488414cab.txt § "Planets War › PREPARACION" ("hasta 4
    Cartas de Nave"), § "Planets War › Fase de inicial" ("sin exceder las 4
    Cartas de Nave en su Tablero"), § "Planets War › DESTRUCCION DE NAVES",
    § "Planets War › FIN DEL JUEGO".
    """
    if min(on_board, summoning, lost_before, lost_now) < 0:
        raise RulingError("invalid_count", "ship counts must be >= 0")
    after = on_board + summoning
    lost_total = lost_before + lost_now
    cards = lost_total // SHIPS_PER_CARD - lost_before // SHIPS_PER_CARD
    wins = lost_total >= SHIPS_TO_WIN
    source = FLEET_SOURCE + ('; § "Planets War › FIN DEL JUEGO"' if wins else "")
    if after > MAX_SHIPS:
        message = (f"Con {after} Naves se excede el límite: solo se pueden tener hasta "
                   f"{MAX_SHIPS} Cartas de Nave en el Tablero (Planets War, Preparación y "
                   "Fase inicial).")
        return FleetCheck(False, "too_many_ships", after, lost_total, cards, wins, message, source)
    parts = [f"Legal: {after} de {MAX_SHIPS} Naves en el Tablero."]
    if cards:
        noun = "carta" if cards == 1 else "cartas"
        parts.append(f"Con {lost_total} Naves perdidas toma {cards} {noun} de su Deck: "
                     f"1 por cada {SHIPS_PER_CARD} Naves perdidas (Destrucción de Naves).")
    if wins:
        parts.append(f"Perdió {lost_total} Naves: el oponente gana al destruir "
                     f"{SHIPS_TO_WIN} Naves (Fin del juego).")
    return FleetCheck(True, "ok", after, lost_total, cards, wins, " ".join(parts), source)


@dataclass(frozen=True, slots=True)
class ShipDamage:
    """A ship after damage: ``code`` ``"destroyed"`` (to the Zona Out) or
    ``"damaged"``; ``uncovered`` numbers still open."""

    destroyed: bool
    code: str
    uncovered: int
    message_es: str
    source: str


def ship_damage(numbers: int, covered: int) -> ShipDamage:
    """Whether a Nave is destroyed: every one of its ``numbers`` covered.

    Shapes: ``numbers`` is how many numbers the ship shows (its Resistencia,
    at least 1); ``covered`` how many a Token de Daño covers (1 per point
    of damage). Destroyed when ``covered == numbers``.

    Errors: :class:`RulingError` ``invalid_count`` for ``numbers < 1``,
    ``covered < 0`` or more covered than the ship has numbers.

    Rule: 002_c95a30c488414cab.txt § "Planets War › Fase de Ataque" ("se
    cubre uno de los números de la Nave oponente"), § "Planets War ›
    DESTRUCCION DE NAVES".
    """
    if numbers < 1 or covered < 0 or covered > numbers:
        raise RulingError("invalid_count", "need numbers >= 1 and 0 <= covered <= numbers")
    if covered == numbers:
        return ShipDamage(True, "destroyed", 0,
                          "Todos sus números están tapados: recibió el daño máximo y se "
                          "descarta en la Zona Out (Destrucción de Naves).", SHIP_DAMAGE_SOURCE)
    left = numbers - covered
    return ShipDamage(False, "damaged", left,
                      f"Le {'queda' if left == 1 else 'quedan'} {left} "
                      f"{'número' if left == 1 else 'números'} sin tapar: sigue en juego "
                      "(Destrucción de Naves).", SHIP_DAMAGE_SOURCE)


# --------------------------------------------------------------------------
# Reinas
# --------------------------------------------------------------------------

#: Beast levels (LVL) the rulebook names: zones "lvl 1-4" and "lvl 5-6", strong beasts 5–7.
MIN_LEVEL, MAX_LEVEL = 1, 7
#: Strong beasts: summoned only by tribute.
STRONG_LEVELS = frozenset({5, 6, 7})
MIN_TRIBUTES = 2

TRIBUTE_SOURCE = _rq("Invocación por Tributo")


@dataclass(frozen=True, slots=True)
class TributeCheck:
    """Whether a beast of ``level`` may be summoned with these tributes.

    ``code``: ``"ok"``, ``"no_tribute_needed"`` (LVL 1–4 without tributes),
    ``"not_a_strong_beast"`` (tributes offered for LVL 1–4),
    ``"too_few_tributes"``, ``"sum_mismatch"``. ``total`` is the sum of
    the tributes' levels.
    """

    legal: bool
    code: str
    level: int
    total: int
    message_es: str
    source: str


def tribute_check(level: int, tributes: Sequence[int]) -> TributeCheck:
    """Reinas tribute summoning.

    A strong beast (LVL 5, 6 or 7) is summoned only with 2 or more tributes
    of lower level whose levels add up to its level exactly; the tributes
    go to the Cementerio. LVL 6 with [2, 4] → legal; [6] → illegal (one
    tribute: no "replacing" a beast by another); [2, 3] → illegal (5 ≠ 6).
    With 2 or more tributes of level ≥ 1 adding up exactly, each is lower
    than the summoned beast, so "nivel inferior" needs no check of its own
    (a tribute LVL 5 with a LVL 2 for a LVL 7 passes: the text asks for a
    lower level, not for the lvl 1-4 zone of its example). LVL 1–4 beasts
    are set without tributes (§ "Fase de Seteo").

    Errors: :class:`RulingError` ``invalid_level`` for a level (of the beast
    or a tribute) outside 1–7.

    Rule: 003_d9cdb044881e36ac.txt § "Invocación por Tributo".
    """
    for value in (level, *tributes):
        if not MIN_LEVEL <= value <= MAX_LEVEL:
            raise RulingError("invalid_level", f"beast levels go from {MIN_LEVEL} to {MAX_LEVEL}")
    total = sum(tributes)
    if level not in STRONG_LEVELS:
        if tributes:
            return TributeCheck(False, "not_a_strong_beast", level, total,
                                f"Una bestia LVL {level} no se invoca por tributo: la Invocación "
                                "por Tributo es para las bestias fuertes, LVL 5, 6 y 7.",
                                TRIBUTE_SOURCE)
        return TributeCheck(True, "no_tribute_needed", level, 0,
                            f"Una bestia LVL {level} no necesita tributos: solo las bestias "
                            "LVL 5, 6 y 7 se invocan por tributo.", TRIBUTE_SOURCE)
    if len(tributes) < MIN_TRIBUTES:
        return TributeCheck(False, "too_few_tributes", level, total,
                            f"Ilegal: la Invocación por Tributo solo es válida con {MIN_TRIBUTES} "
                            "o más tributos; no se puede reemplazar una bestia por otra.",
                            TRIBUTE_SOURCE)
    if total != level:
        return TributeCheck(False, "sum_mismatch", level, total,
                            f"Ilegal: los niveles de los tributos suman {total} y deben sumar "
                            f"exactamente {level}, el nivel de la bestia invocada.",
                            TRIBUTE_SOURCE)
    return TributeCheck(True, "ok", level, total,
                        f"Legal: {len(tributes)} tributos que suman exactamente {level}; las "
                        "bestias tributadas van al Cementerio.", TRIBUTE_SOURCE)


# --------------------------------------------------------------------------
# Stoner points
# --------------------------------------------------------------------------

DECKS_SOURCE = _sp("4 Las 28 operaciones › Robar", "4 Las 28 operaciones › Gestión de mazos",
                   "6 FAQ")


@dataclass(frozen=True, slots=True)
class StonerDraw:
    """The start-of-turn draw: a material (OP 01) then a game card (OP 02).

    ``reshuffle_*`` is True when that deck was empty and its discard is
    shuffled into a new deck first (OP 25). ``code``: ``"both"``,
    ``"game_card_only"`` (OP 26), ``"material_only"`` (OP 27),
    ``"no_draw"`` (OP 28). ``operations`` lists the seed's operation
    numbers that apply, in order.
    """

    draws_material: bool
    draws_game_card: bool
    reshuffle_materials: bool
    reshuffle_game: bool
    code: str
    operations: tuple[str, ...]
    message_es: str
    source: str


def stoner_turn_draw(materials_deck: int, materials_discard: int, game_deck: int,
                     game_discard: int) -> StonerDraw:
    """What the player draws at the start of the turn.

    Shapes: card counts of the two shared decks and their discards. An
    empty deck with cards in its discard: the discard is reshuffled as the
    deck, then drawn from; a deck and its discard both empty: draw only
    from the other; all four empty: no draw, the turn goes on.

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 004_4a3d59c736a1e8f3.txt § "4 Las 28 operaciones › Gestión de
    mazos" (OP 25–28), § "4 Las 28 operaciones › Robar" (OP 02), § "6 FAQ"
    ("El mazo se agota").
    """
    if min(materials_deck, materials_discard, game_deck, game_discard) < 0:
        raise RulingError("invalid_count", "card counts must be >= 0")
    material = materials_deck + materials_discard > 0
    game = game_deck + game_discard > 0
    reshuffle_m = materials_deck == 0 and materials_discard > 0
    reshuffle_g = game_deck == 0 and game_discard > 0
    ops: list[str] = []
    notes: list[str] = []
    if reshuffle_m:
        ops.append("OP 25")
        notes.append("se baraja el descarte materiales como nuevo mazo (OP 25)")
    if reshuffle_g:
        if "OP 25" not in ops:
            ops.append("OP 25")
        notes.append("se baraja el descarte juego como nuevo mazo (OP 25)")
    if material and game:
        code, ops_tail = "both", ["OP 01", "OP 02"]
        head = "Roba un material y luego una carta de juego"
    elif game:
        code, ops_tail = "game_card_only", ["OP 26"]
        head = ("El mazo materiales y su descarte están vacíos: roba solo la carta de juego "
                "(OP 26)")
    elif material:
        code, ops_tail = "material_only", ["OP 27"]
        head = "El mazo juego y su descarte están vacíos: roba solo el material (OP 27)"
    else:
        code, ops_tail = "no_draw", ["OP 28"]
        head = ("Ambos mazos y sus descartes están vacíos: no se roba ninguna carta y el turno "
                "sigue con lo que tiene (OP 28)")
    joined = " y ".join(notes)
    before = f"{joined[:1].upper()}{joined[1:]}. " if notes else ""
    message = f"{before}{head}. Regla: Gestión de mazos."
    return StonerDraw(material, game, reshuffle_m, reshuffle_g, code, tuple(ops + ops_tail),
                      message, DECKS_SOURCE)


__all__ = [
    "FleetCheck",
    "ShipDamage",
    "StonerDraw",
    "TributeCheck",
    "fleet_check",
    "ship_damage",
    "stoner_turn_draw",
    "tribute_check",
]
