"""Planets War and La Copa del Mundo (002_c95a30c488414cab.txt).

**Planets War** is a duel with fixed decks: each player uses 20 Nave
(ship) cards and 5 Ayuda (help) cards (R-002-02, § "Planets War ›
CONTENIDO"); 2 players, 15–20 minutes a game (R-002-01).

**La Copa del Mundo** is a 2–4 player game (R-002-07, § "La Copa del Mundo
› INTRODUCCION") played with one shared box: 12 Equipos, 8 Jugadores
Básicos, 32 Jugadores Avanzados and 12 Tiro al Arco cards (§ "La Copa del
Mundo › CONTENIDO"); a table's kit can be checked like a deck.

Tournament settings (issue #9):

- Planets War: a game is won by 8 damage to the opposing planet or 12
  ships destroyed, whichever comes first, and no draw is stated (R-002-06,
  § "Planets War › FIN DEL JUEGO"); a die decides the first player of each
  game (§ "Planets War › PREPARACION"). Matches are best of 3 (not stated:
  the dice decide a lot, and a best of 3 still fits a round), and a round
  lasts 3 games at the longest stated length, 3 × 20 = 60 minutes
  (R-002-01).
- La Copa del Mundo plays in pods of 2–4 Managers, 4 preferred (R-002-07,
  issue #9); a table of 5 is refused. One game per 60-minute round, the
  longest stated length (R-002-07). The set-up depends on the pod size
  (R-002-08, § "La Copa del Mundo › PREPARACION"). The last Manager
  standing wins; the others are placed in reverse order of elimination
  (R-002-11, RULES-TRACE ambiguity 38).
"""
from __future__ import annotations

from rules.catalog import CardVocabulary
from rules.decks import CategoryCount, DeckFormat, TypedCards
from rules.games.base import GameProfile, MatchFormat, PodRules, seed_source

SEED = "002_c95a30c488414cab.txt"
PW_CONTENIDO = seed_source(SEED, "Planets War › CONTENIDO")
PW_INTRO = seed_source(SEED, "Planets War › INTRODUCCION")
PW_PREPARACION = seed_source(SEED, "Planets War › PREPARACION")
PW_FIN = seed_source(SEED, "Planets War › FIN DEL JUEGO")
COPA_CONTENIDO = seed_source(SEED, "La Copa del Mundo › CONTENIDO")
COPA_INTRO = seed_source(SEED, "La Copa del Mundo › INTRODUCCION")
COPA_PREPARACION = seed_source(SEED, "La Copa del Mundo › PREPARACION")
COPA_FIN = seed_source(SEED, "La Copa del Mundo › FIN DEL JUEGO")

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

PW_MATCH = MatchFormat(
    first_starter="die_roll",
    next_starter="die_roll",
    game_minutes=(15, 20),
    game_draws=False,
    win_reasons=(("planet", "8 de daño al Planeta oponente"), ("ships", "12 Naves oponentes destruidas")),
    source=f"{PW_INTRO}; {PW_PREPARACION}; {PW_FIN}",
)

PW_BEST_OF = 3

PROFILE = GameProfile(
    key="planets_war",
    name_es="Planets War",
    players_min=2,
    players_max=2,
    default_best_of=PW_BEST_OF,
    default_round_minutes=PW_MATCH.round_minutes(PW_BEST_OF),
    vocabulary=VOCABULARY,
    formats=(FIXED_DECK,),
    default_format="fixed",
    source_file=SEED,
    catalog_source=PW_CONTENIDO,
    notes=(
        "Partidas de 15 a 20 minutos (R-002-01): mejor de 3 (no indicado) en rondas de 3 × 20 = 60 minutos.",
        "Sin empates: gana quien primero hace 8 de daño al Planeta o destruye 12 Naves (R-002-06).",
    ),
    match_format=PW_MATCH,
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

COPA_PODS = PodRules(
    min_size=2,
    max_size=4,
    preferred_size=4,
    places_by="elimination",
    setup_es=(
        (2, "$25 y 4 Equipos por Manager"),
        (3, "$20 y 3 Equipos por Manager"),
        (4, "$14 y 2 Equipos por Manager"),
    ),
    source=f"{COPA_INTRO}; {COPA_PREPARACION}; {COPA_FIN}",
)

COPA_MATCH = MatchFormat(
    first_starter="die_roll",
    game_minutes=(40, 60),
    game_draws=False,
    source=f"{COPA_INTRO}; {COPA_PREPARACION}; {COPA_FIN}",
)

COPA_DEL_MUNDO = GameProfile(
    key="copa_del_mundo",
    name_es="La Copa del Mundo",
    players_min=2,
    players_max=4,
    default_best_of=1,
    default_round_minutes=COPA_MATCH.round_minutes(1),
    vocabulary=COPA_VOCABULARY,
    formats=(COPA_KIT,),
    default_format="table_kit",
    source_file=SEED,
    catalog_source=COPA_CONTENIDO,
    notes=(
        "2 a 4 Managers, 40 a 60 minutos (R-002-07): una partida por ronda de 60 minutos.",
        "Mesas de 2 a 4, preferentemente de 4 (issue #9); puestos en orden inverso de eliminación "
        "(RULES-TRACE ambigüedad 38).",
    ),
    pod_rules=COPA_PODS,
    match_format=COPA_MATCH,
)

PROFILES = (PROFILE, COPA_DEL_MUNDO)
