"""Reinas, a beasts-and-Queens TCG (003_d9cdb044881e36ac.txt).

Deck rule: exactly one Queen ("Reina") per deck (R-003-01, § "Inicio de
Juego"; DESIGN.md decision 13). The text has the Queen chosen "al inicio de
cada partida", so a deck might carry several; Arena keeps a single
registered Queen (RULES-TRACE ambiguity 35), and changing it between games
would be an event option. No deck size is stated.

Match format (issue #9, :data:`MATCH`): the players choose a coin or a die
for the first player of each game (R-003-02, § "Inicio de Juego"); a game
ends when a Queen is defeated, with no draw stated (R-003-08, § "Fase de
Fin de Turno"), so results record the winner only.
"""
from __future__ import annotations

from rules.catalog import CardVocabulary
from rules.decks import CategoryCount, DeckFormat, TypedCards
from rules.games.base import GameProfile, MatchFormat, seed_source

SEED = "003_d9cdb044881e36ac.txt"
INICIO = seed_source(SEED, "Inicio de Juego")
FIN_DE_TURNO = seed_source(SEED, "Fase de Fin de Turno")

MATCH = MatchFormat(
    first_starter="coin_or_die",
    next_starter="coin_or_die",
    game_draws=False,
    win_reasons=(("queen", "Reina oponente derrotada"),),
    source=f"{INICIO}; {FIN_DE_TURNO}",
)

VOCABULARY = CardVocabulary(
    card_types={
        "queen": "Reina",
        "beast": "Bestia",
        "spell": "Conjuro",
        "field_spell": "Conjuro de Campo",
        "resource": "Recurso",
    }
)

ONE_QUEEN = CategoryCount(source=INICIO, code="queen_count", noun_es="Reinas", card_type="queen", exact=1)

CONSTRUCTED = DeckFormat(
    key="constructed",
    name_es="Construido",
    rules=(TypedCards(source=INICIO), ONE_QUEEN),
    source=INICIO,
    notes=("Una sola Reina registrada por mazo (RULES-TRACE ambigüedad 35).",),
)

PROFILE = GameProfile(
    key="reinas",
    name_es="Reinas",
    players_min=2,
    players_max=2,
    default_best_of=3,
    default_round_minutes=50,
    vocabulary=VOCABULARY,
    formats=(CONSTRUCTED,),
    default_format="constructed",
    source_file=SEED,
    catalog_source=INICIO,
    notes=("Duelo de 2; mejor de 3 y 50 minutos por ronda no indicados en el reglamento.",),
    match_format=MATCH,
)
