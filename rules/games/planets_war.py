"""Planets War and La Copa del Mundo (002_c95a30c488414cab.txt).

**Planets War** is a duel with fixed decks: each player uses 20 Nave
(ship) cards and 5 Ayuda (help) cards (R-002-02, § "Planets War ›
CONTENIDO"); 2 players, 15–20 minutes a game (R-002-01).

**La Copa del Mundo** is a 2–4 player game (R-002-07, § "La Copa del Mundo
› INTRODUCCION") played with one shared box: 12 Equipos, 8 Jugadores
Básicos, 32 Jugadores Avanzados and 12 Tiro al Arco cards (§ "La Copa del
Mundo › CONTENIDO"); a table's kit can be checked like a deck. Its pods
and placings are issue #9's.
"""
from __future__ import annotations

from rules.catalog import CardVocabulary
from rules.decks import CategoryCount, DeckFormat, TypedCards
from rules.games.base import GameProfile, seed_source

SEED = "002_c95a30c488414cab.txt"
PW_CONTENIDO = seed_source(SEED, "Planets War › CONTENIDO")
PW_INTRO = seed_source(SEED, "Planets War › INTRODUCCION")
COPA_CONTENIDO = seed_source(SEED, "La Copa del Mundo › CONTENIDO")
COPA_INTRO = seed_source(SEED, "La Copa del Mundo › INTRODUCCION")

SHIP_CARDS = 20
HELP_CARDS = 5

VOCABULARY = CardVocabulary(card_types={"ship": "Nave", "help": "Ayuda"})

FIXED_DECK = DeckFormat(
    key="fixed",
    name_es="Mazo fijo",
    rules=(
        TypedCards(source=PW_CONTENIDO),
        CategoryCount(
            source=PW_CONTENIDO, code="ship_cards_count", noun_es="cartas de Nave", card_type="ship", exact=SHIP_CARDS
        ),
        CategoryCount(
            source=PW_CONTENIDO, code="help_cards_count", noun_es="cartas de Ayuda", card_type="help", exact=HELP_CARDS
        ),
    ),
    source=PW_CONTENIDO,
)

PROFILE = GameProfile(
    key="planets_war",
    name_es="Planets War",
    players_min=2,
    players_max=2,
    default_best_of=3,
    default_round_minutes=50,
    vocabulary=VOCABULARY,
    formats=(FIXED_DECK,),
    default_format="fixed",
    source_file=SEED,
    catalog_source=PW_CONTENIDO,
    notes=(
        "Partidas de 15 a 20 minutos (R-002-01): mejor de 3 en rondas de 50 minutos (no indicado).",
    ),
)

COPA_VOCABULARY = CardVocabulary(
    card_types={
        "team": "Equipo",
        "basic_player": "Jugador Básico",
        "advanced_player": "Jugador Avanzado",
        "shot": "Tiro al Arco",
    }
)

COPA_KIT = DeckFormat(
    key="table_kit",
    name_es="Caja de la mesa",
    rules=(
        TypedCards(source=COPA_CONTENIDO),
        CategoryCount(source=COPA_CONTENIDO, code="kit_teams_count", noun_es="cartas de Equipo",
                      card_type="team", exact=12),
        CategoryCount(source=COPA_CONTENIDO, code="kit_basic_players_count", noun_es="cartas de Jugador Básico",
                      card_type="basic_player", exact=8),
        CategoryCount(source=COPA_CONTENIDO, code="kit_advanced_players_count",
                      noun_es="cartas de Jugador Avanzado", card_type="advanced_player", exact=32),
        CategoryCount(source=COPA_CONTENIDO, code="kit_shots_count", noun_es="cartas de Tiro al Arco",
                      card_type="shot", exact=12),
    ),
    source=COPA_CONTENIDO,
)

COPA_DEL_MUNDO = GameProfile(
    key="copa_del_mundo",
    name_es="La Copa del Mundo",
    players_min=2,
    players_max=4,
    default_best_of=1,
    default_round_minutes=60,
    vocabulary=COPA_VOCABULARY,
    formats=(COPA_KIT,),
    default_format="table_kit",
    source_file=SEED,
    catalog_source=COPA_CONTENIDO,
    notes=(
        "2 a 4 Managers, 40 a 60 minutos (R-002-07): una partida por ronda de 60 minutos.",
    ),
)

PROFILES = (PROFILE, COPA_DEL_MUNDO)
