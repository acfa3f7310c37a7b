"""Weed Monsters TCG — the main game (000_0014b2ac83da54b4.txt, ruling of
06/09/2024 read day/month: 2024-09-06, RULES-TRACE ambiguity 30).

Deck formats (DESIGN.md decision 13):

- ``constructed`` (Super Liga, Eventuales, Virtuales, Verano, El Nacional,
  La Final): exactly 60 cards (R-000-20); at most 4 copies of a card by name
  across printings, basic gems unlimited (R-000-21, R-000-04); special gems
  at most 4 each (R-000-05); one Baby in the deck (R-000-11); ban list by
  set, card or printing (R-000-106/107, ambiguity 23); reprints legal only
  from the TCG expansion on (R-000-87/88); player proxies refused, judge
  proxies accepted (R-000-90/91); no side deck.
- ``breeder_quest``: proxies accepted and at most 60 cards (R-000-50,
  ambiguity 18 reading (a)); every other limit applies.
- ``indoor``: no deck size (ambiguity 19 and 28); every card from the
  player's registered sealed pool plus recorded trades (R-000-52); the
  copy, special-gem and Baby limits, bans and reprint rule still apply.
"""
from __future__ import annotations

from rules.catalog import WEED_MONSTERS_RULING_DATE, CardVocabulary
from rules.decks import (
    BanList,
    CategoryCount,
    CopyLimit,
    DeckFormat,
    DeckSize,
    FromSealedPool,
    NoProxies,
    NoSideboard,
    PoolCard,
    ReprintLegality,
    SealedPool,
)
from rules.games.base import GameProfile, seed_source

SEED = "000_0014b2ac83da54b4.txt"


def source(section: str) -> str:
    """Citation of a heading of the Weed Monsters rulebook."""
    return seed_source(SEED, section)


ARMADO = source("Armado de Mazos")
GEMAS = source("Gemas")
BABY = source("Baby")
CARTAS = source("10.2.5. Cartas")
PROXYS = source("10.2.5.4. Cartas de representación o Proxys")
BREEDER_QUEST = source("Breeder Quest")
TORNEO_INDOOR = source("Torneo Indoor")

#: Card types, subtypes and species of 000 § "Tipos de cartas" (R-000-02).
VOCABULARY = CardVocabulary(
    card_types={
        "gem": "Gema",
        "artifact": "Artefacto",
        "monster": "Monster",
        "sequence": "Secuencia",
        "item": "Objeto",
        "environment": "Ambiental",
        "guardian": "Guardián",
        "instant": "Instantánea",
    },
    subtypes={
        "basic_gem": "Gema básica",
        "special_gem": "Gema especial",
        "baby": "Baby",
        "mushroom": "Hongo",
        "grow_up": "Grow Up",
    },
    species={
        "indica": "Índica",
        "sativa": "Sativa",
        "hybrid": "Híbrida",
        "ancient": "Ancient",
        "ruderalis": "Ruderalis",
        "colorless": "Incolora",
        "multicolor": "Multicolor",
    },
    subtype_types={
        "basic_gem": "gem",
        "special_gem": "gem",
        "baby": "monster",
        "mushroom": "monster",
        "grow_up": "monster",
    },
)

#: What the Pack Indoor brings (000 § "Torneo Indoor"): boosters per set
#: code, and basic gems.
INDOOR_PACK_BOOSTERS = {"W2": 3, "OG": 2, "BC": 2}
INDOOR_PACK_BASIC_GEMS = 20

#: At most 4 copies of a card name, all printings together; gems are left
#: to their own rules (basic: unlimited; special: SPECIAL_GEMS).
COPIES = CopyLimit(
    source=ARMADO,
    code="over_4_copies",
    limit=4,
    exempt_subtypes=frozenset({"basic_gem", "special_gem"}),
)
SPECIAL_GEMS = CopyLimit(
    source=GEMAS,
    code="special_gem_over_4",
    limit=4,
    only_subtypes=frozenset({"special_gem"}),
    what_es="la Gema especial",
)
#: One Baby in the deck in total, whatever their names (ambiguity 22).
ONE_BABY = CategoryCount(
    source=BABY,
    code="more_than_one_baby",
    noun_es="cartas Baby",
    subtype="baby",
    maximum=1,
)
_COMMON = (COPIES, SPECIAL_GEMS, ONE_BABY, BanList(), ReprintLegality())

CONSTRUCTED = DeckFormat(
    key="constructed",
    name_es="Construido",
    rules=(DeckSize(source=ARMADO, exact=60), *_COMMON, NoProxies(PROXYS), NoSideboard(ARMADO)),
    source=f"{ARMADO}; {CARTAS}",
    event_kinds=("super_liga", "eventual", "virtual", "verano", "verano_final", "nacional", "la_final", "casual"),
    notes=(
        "Sin side deck: el reglamento define el Mazo de 60 cartas y nada más.",
        "Copias por nombre sumando impresiones; un Baby en total (RULES-TRACE ambigüedad 22).",
    ),
)
BREEDER_QUEST_FORMAT = DeckFormat(
    key="breeder_quest",
    name_es="Breeder Quest",
    rules=(DeckSize(source=BREEDER_QUEST, maximum=60), *_COMMON, NoSideboard(ARMADO)),
    source=BREEDER_QUEST,
    event_kinds=("breeder_quest",),
    notes=("«Hasta 60 cartas» leído como mazo de 60 cartas como máximo (RULES-TRACE ambigüedad 18).",),
)
INDOOR = DeckFormat(
    key="indoor",
    name_es="Torneo Indoor",
    rules=(FromSealedPool(source=TORNEO_INDOOR), *_COMMON, NoProxies(PROXYS), NoSideboard(ARMADO)),
    source=TORNEO_INDOOR,
    event_kinds=("indoor",),
    notes=(
        "Sin tamaño de mazo; se controla contra el pool sellado más los intercambios registrados, "
        "con los límites de copias y de Baby (RULES-TRACE ambigüedades 19 y 28).",
        "Las 20 gemas básicas del Pack Indoor sirven como cualquier gema básica.",
    ),
)

PROFILE = GameProfile(
    key="weed_monsters",
    name_es="Weed Monsters TCG",
    players_min=2,
    players_max=2,
    default_best_of=3,
    default_round_minutes=50,
    vocabulary=VOCABULARY,
    formats=(CONSTRUCTED, BREEDER_QUEST_FORMAT, INDOOR),
    default_format="constructed",
    source_file=SEED,
    catalog_source=CARTAS,
    rules_version="Ruling 06/09/2024",
    rules_date=WEED_MONSTERS_RULING_DATE,
    notes=(
        "Mejor de 3 a 50 minutos: 000 § \"10.1. Desarrollo de las Rondas Suizas\" y § \"El Nacional\".",
        "Fecha del ruling 06/09/2024 leída día/mes (RULES-TRACE ambigüedad 30).",
    ),
)


def indoor_pool(
    cards: tuple[PoolCard, ...] | list[PoolCard],
    *,
    received: tuple[PoolCard, ...] | list[PoolCard] = (),
    given: tuple[PoolCard, ...] | list[PoolCard] = (),
    basic_gems: int = INDOOR_PACK_BASIC_GEMS,
) -> SealedPool:
    """A Torneo Indoor sealed pool: the cards opened from the 7 boosters,
    the Pack Indoor's 20 basic gems and the recorded trades.

    Rule: 000_0014b2ac83da54b4.txt § "Torneo Indoor".
    """
    return SealedPool(cards=tuple(cards), basic_gems=basic_gems, received=tuple(received), given=tuple(given))

