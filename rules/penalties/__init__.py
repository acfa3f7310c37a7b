"""Penalty ladders of the game profiles (pure: no Django, no database).

A judge records an *infraction*; the game's *ladder* turns it, together with
the player's *record* in the event, into a *penalty decision*: the penalty,
its *consequences* and the rule source. Services store the decision and apply
the consequences (:func:`apply_to_match` computes the new game score).

Terms
-----
game key
    ``"weed_monsters"`` (000_0014b2ac83da54b4.txt) or ``"blobbiemundo"``
    (001_eff5eaaa4c47c954.txt); the keys of :data:`LADDERS`.
infraction
    What happened at the table: an :class:`Infraction` of the game's
    catalogue, named by a stable ``code`` (``"procedural_no_draw"``,
    ``"misconduct"``, ``"grave_fault"`` …).
penalty type
    The penalty itself, a :class:`PenaltyType` (``"warning"``,
    ``"warning_hearts"``, ``"game_loss"``, ``"match_loss"``,
    ``"disqualification"`` …). Weed Monsters calls the steps "Warnings";
    Blobbiemundo calls its simple warning an "Advertencia".
consequence
    A stable code (:class:`Consequence`) for what the penalty does:
    ``"lose_5_hearts"`` and the Blobbie losses are applied at the table;
    ``"lose_current_game"``, ``"lose_game_1"``, ``"lose_match_0_2"``,
    ``"forfeit_match"``, ``"lose_combat"`` change the match score;
    ``"disqualify_from_event"`` drops the player (DESIGN.md decision 10).
record
    A :class:`PenaltyRecord`: the penalties the player already received in
    this event (one event = one "fecha", DESIGN.md glossary), oldest first.
warning count
    Weed Monsters counts the Warnings of the event day (000 § "10.3. Los
    Jueces"); Blobbiemundo counts the Advertencias of the current combat
    (RULES-TRACE ambiguity 32). ``PenaltyDecision.warning_count_after`` is
    that count including the new decision.

Text for people is Spanish (es-AR) in ``message_es``, always paired with a
stable ``message_code`` the Django layer may translate instead.

Errors: :class:`PenaltyError` (with a stable ``code``) for requests a judge
or organizer can fix (unknown infraction, a missing minute count, a revision
without reason); :class:`PenaltyInvariantError` for impossible inputs from
the calling code (a game score that cannot exist).

Modules: :mod:`.core` (errors, vocabulary, the data and :class:`Ladder`),
:mod:`.weed_monsters` and :mod:`.blobbiemundo` (each game's catalogue,
steps and escalation), :mod:`.decisions` (:data:`LADDERS`, :func:`decide`,
:func:`revise`) and :mod:`.match_score` (:func:`apply_to_match`).
"""
from __future__ import annotations

from .core import (
    BLOBBIEMUNDO,
    EMPTY_RECORD,
    SEVERITY,
    WEED_MONSTERS,
    Consequence,
    Infraction,
    Ladder,
    PenaltyDecision,
    PenaltyError,
    PenaltyInvariantError,
    PenaltyRecord,
    PenaltyType,
    PriorPenalty,
)
from .decisions import LADDERS, decide, decide_missing_cards, get_ladder, infractions, revise, warning_count
from .match_score import MatchScore, apply_to_match, games_before

__all__ = [
    "BLOBBIEMUNDO",
    "EMPTY_RECORD",
    "LADDERS",
    "SEVERITY",
    "WEED_MONSTERS",
    "Consequence",
    "Infraction",
    "Ladder",
    "MatchScore",
    "PenaltyDecision",
    "PenaltyError",
    "PenaltyInvariantError",
    "PenaltyRecord",
    "PenaltyType",
    "PriorPenalty",
    "apply_to_match",
    "games_before",
    "decide",
    "decide_missing_cards",
    "get_ladder",
    "infractions",
    "revise",
    "warning_count",
]
