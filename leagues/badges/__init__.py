"""Super Liga badges, qualification lists and the prizes checklist.

Pure core: no Django, no database. Inputs and outputs are frozen, slotted
dataclasses and tuples; the same input always gives the same output.

Terms (000_0014b2ac83da54b4.txt § "Super Liga"):

- *season record* (:class:`SeasonRecord`): what one Super Liga season holds
  for badges: its dates, its players with their home venue and province,
  every Super Liga appearance, the season points (from the ledger of
  :mod:`leagues.scoring`), referrals, collection confirmations and manual
  awards.
- *appearance* (:class:`Appearance`): one player at one Super Liga event
  (one venue on one date). A player may appear at two venues on the same
  date: points and an event pack at both, one mark toward the badges
  (DESIGN.md decision 8, R-000-48).
- *badge* (:class:`Badge`): the five "Insignias" of the leaflet and the
  sixth, which all five give. Each has progress toward a target and a
  Spanish label for the player page ("12/15 fechas").
- *manual award* (:class:`ManualAward`): a badge chosen by a Breeder Quest
  winner and awarded by an organizer with a reason; it counts toward the
  sixth (R-000-51, RULES-TRACE ambiguity 18).
- *venue seats* (:class:`VenueSeats`): the places a venue's season table
  gives in La Final or El Nacional; a tie across the last seat is left to
  the organizer (ambiguity 15).

Labels for people are Spanish (es-AR); everything else is English codes.

Modules: :mod:`.season` (the season record and the six badges),
:mod:`.qualification` (venue seats for La Final and El Nacional, and the
Verano venue final) and :mod:`.prizes` (event packs and promo cards).
"""
from __future__ import annotations

from .prizes import EventPack, PrizeChecklist, PromoCard, prize_checklist
from .qualification import (
    NacionalQualifiers,
    VenueSeats,
    VeranoFinal,
    VeranoQualifier,
    allocate_seats,
    la_final_qualifiers,
    nacional_direct_qualifiers,
    resolve_seats,
    verano_venue_final,
)
from .season import (
    BADGE_INFO,
    BREEDER_QUEST,
    FIVE_BADGES,
    SUPER_LIGA,
    Appearance,
    Badge,
    BadgeInfo,
    BadgeProgress,
    BadgeRules,
    CollectionConfirmation,
    ManualAward,
    PlayerBadges,
    Referral,
    SeasonPlayer,
    SeasonRecord,
    season_badges,
    six_badge_holders,
)

__all__ = [
    "BADGE_INFO",
    "BREEDER_QUEST",
    "FIVE_BADGES",
    "SUPER_LIGA",
    "Appearance",
    "Badge",
    "BadgeInfo",
    "BadgeProgress",
    "BadgeRules",
    "CollectionConfirmation",
    "EventPack",
    "ManualAward",
    "NacionalQualifiers",
    "PlayerBadges",
    "PrizeChecklist",
    "PromoCard",
    "Referral",
    "SeasonPlayer",
    "SeasonRecord",
    "VenueSeats",
    "VeranoFinal",
    "VeranoQualifier",
    "allocate_seats",
    "la_final_qualifiers",
    "nacional_direct_qualifiers",
    "prize_checklist",
    "resolve_seats",
    "season_badges",
    "six_badge_holders",
    "verano_venue_final",
]
