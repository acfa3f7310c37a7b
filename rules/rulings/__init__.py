"""Rulings catalogue and rule resolvers (pure: no Django, no database).

Judges look up the rulebook's answer at the table (:func:`search`) and, where
the answer can be computed, ask a resolver. Every answer carries its rule
source so the judge can cite it.

Terms
-----
ruling
    A :class:`Ruling`: one question a judge gets at the table and the
    rulebook's answer, as data (``id``, ``game``, ``topic``,
    ``question_es``, ``answer_es``, ``source``). ``trace`` names the
    RULES-TRACE rows it covers; ``keywords`` are extra search words
    (synonyms such as "monstruo" for "Monsters"); ``cards`` the cards it
    clarifies.
game key
    ``"weed_monsters"`` (000_0014b2ac83da54b4.txt), ``"blobbiemundo"``
    (001_eff5eaaa4c47c954.txt), ``"planets_war"`` and ``"copa_del_mundo"``
    (002_c95a30c488414cab.txt), ``"reinas"`` (003_d9cdb044881e36ac.txt),
    ``"stoner_points"`` (004_4a3d59c736a1e8f3.txt) — the keys of
    :data:`rules.games.REGISTRY`.
play
    A :class:`Play`: one card or power announced in a chain (Weed Monsters)
    or in a sequence of actions and responses (Blobbiemundo), in
    declaration order.
active player
    The player whose turn it is ("jugador de turno"); holds priority first.
resolver
    A function that computes a ruling. Weed Monsters and Blobbiemundo
    (:mod:`.resolvers`): :func:`resolve_chain`, :func:`battle_step_check`,
    :func:`order_simultaneous_triggers`, :func:`both_at_zero_hearts`,
    :func:`empty_deck_draw`, :func:`mulligan_hand_size`,
    :func:`extra_turns_at_time`, :func:`check_board`,
    :func:`sale_is_legal`, :func:`hand_limit_overflow`. Planets War, Reinas
    and stoner points (:mod:`.game_resolvers`): :func:`fleet_check`,
    :func:`ship_damage`, :func:`tribute_check`, :func:`stoner_turn_draw`.
    Each result has a ``source``.

Layout: :mod:`.base` (keys, citations, :class:`Ruling`, errors), one
``catalog_00N`` module per seed, :mod:`.lookup` (the assembled
:data:`CATALOG` and its search).

Text for people is Spanish (es-AR); every violation also has a stable
``code``. Errors: :class:`RulingError` (stable ``code``) for requests a
judge can fix; :class:`RulingInvariantError` for a broken catalogue.
"""
from __future__ import annotations

from .base import (
    BLOBBIEMUNDO,
    COPA_DEL_MUNDO,
    GAME_SEEDS,
    GAMES,
    PLANETS_WAR,
    REINAS,
    STONER_POINTS,
    WEED_MONSTERS,
    Ruling,
    RulingError,
    RulingInvariantError,
)
from .game_resolvers import (
    FleetCheck,
    ShipDamage,
    StonerDraw,
    TributeCheck,
    fleet_check,
    ship_damage,
    stoner_turn_draw,
    tribute_check,
)
from .lookup import CATALOG, RULINGS_BY_ID, find_rulings, get_ruling, normalize, rulings_for_card, search
from .resolvers import (
    BATTLE_STEPS,
    BoardState,
    BoardViolation,
    ChainResolution,
    DrawOutcome,
    ExtraTurn,
    ExtraTurns,
    HandLimitOutcome,
    HeartsOutcome,
    MulliganResult,
    Play,
    PlayCheck,
    ResolvedPlay,
    SaleCheck,
    Trigger,
    TriggerOrder,
    battle_step_check,
    both_at_zero_hearts,
    check_board,
    empty_deck_draw,
    extra_turns_at_time,
    hand_limit_overflow,
    mulligan_hand_size,
    order_simultaneous_triggers,
    resolve_chain,
    sale_is_legal,
)

__all__ = [
    "BATTLE_STEPS",
    "BLOBBIEMUNDO",
    "CATALOG",
    "COPA_DEL_MUNDO",
    "GAMES",
    "GAME_SEEDS",
    "PLANETS_WAR",
    "REINAS",
    "RULINGS_BY_ID",
    "STONER_POINTS",
    "WEED_MONSTERS",
    "BoardState",
    "BoardViolation",
    "ChainResolution",
    "DrawOutcome",
    "ExtraTurn",
    "ExtraTurns",
    "FleetCheck",
    "HandLimitOutcome",
    "HeartsOutcome",
    "MulliganResult",
    "Play",
    "PlayCheck",
    "ResolvedPlay",
    "Ruling",
    "RulingError",
    "RulingInvariantError",
    "SaleCheck",
    "ShipDamage",
    "StonerDraw",
    "Trigger",
    "TriggerOrder",
    "TributeCheck",
    "battle_step_check",
    "both_at_zero_hearts",
    "check_board",
    "empty_deck_draw",
    "extra_turns_at_time",
    "find_rulings",
    "fleet_check",
    "get_ruling",
    "hand_limit_overflow",
    "mulligan_hand_size",
    "normalize",
    "order_simultaneous_triggers",
    "resolve_chain",
    "rulings_for_card",
    "sale_is_legal",
    "search",
    "ship_damage",
    "stoner_turn_draw",
    "tribute_check",
]
