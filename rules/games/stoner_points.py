"""The 2–6 player game scored in stoner points (004_4a3d59c736a1e8f3.txt).

There are no personal decks: each table shares one **kit** (R-004-03,
§ "3 Preparación"): a materials deck of 60 cards and a game deck of 60
cards = 26 acciones + 26 herramientas + 8 fuera de turno. The kit is
checked as a decklist of the table, or from its counts with
:func:`kit_violations`. 2–6 players, 30 minutes on average (R-004-01,
§ "Manual de juego").

Tournament settings (issue #9): pods of 2–6 players, the largest
preferred (R-004-01). A pod's result is every player's stoner points: the
single highest wins and an equal top score is not a finished game
(R-004-02, § "1 Objetivo"; RULES-TRACE ambiguity 37); the other places go
by stoner points (ambiguity 38), and the points are summed as the
secondary score tiebreaker. First player at random (§ "3 Preparación").
One game per 50-minute round (not stated; the average is 30).
"""
from __future__ import annotations

from rules.catalog import CardVocabulary
from rules.decks import CategoryCount, DeckFormat, DeckViolation, TypedCards
from rules.games.base import GameProfile, MatchFormat, PodRules, seed_source

SEED = "004_4a3d59c736a1e8f3.txt"
PREPARACION = seed_source(SEED, "3 Preparación")
MANUAL = seed_source(SEED, "Manual de juego")
OBJETIVO = seed_source(SEED, "1 Objetivo")
FIN = seed_source(SEED, "5 Fin de partida")
FAQ = seed_source(SEED, "6 FAQ")

MATERIALS = 60
ACTIONS = 26
TOOLS = 26
OUT_OF_TURN = 8

VOCABULARY = CardVocabulary(
    card_types={
        "material": "Material",
        "action": "Acción",
        "tool": "Herramienta",
        "out_of_turn": "Fuera de turno",
    },
    subtypes={"paper": "Papel", "legendary": "Legendaria"},
    subtype_types={"paper": "tool", "legendary": "tool"},
)

KIT_RULES = (
    CategoryCount(source=PREPARACION, code="kit_materials_count", noun_es="materiales",
                  card_type="material", exact=MATERIALS),
    CategoryCount(source=PREPARACION, code="kit_actions_count", noun_es="acciones",
                  card_type="action", exact=ACTIONS),
    CategoryCount(source=PREPARACION, code="kit_tools_count", noun_es="herramientas",
                  card_type="tool", exact=TOOLS),
    CategoryCount(source=PREPARACION, code="kit_out_of_turn_count", noun_es="cartas fuera de turno",
                  card_type="out_of_turn", exact=OUT_OF_TURN),
)

TABLE_KIT = DeckFormat(
    key="table_kit",
    name_es="Kit de mesa",
    rules=(TypedCards(source=PREPARACION), *KIT_RULES),
    source=PREPARACION,
    notes=("Mazo de juego de 60 = 26 + 26 + 8; se controla cada grupo.",),
)

PODS = PodRules(
    min_size=2,
    max_size=6,
    places_by="score",
    secondary_score_key="stoner_points",
    secondary_score_es="Puntos stoner",
    secondary_short="PS",
    source=f"{MANUAL}; {OBJETIVO}; {FIN}; {FAQ}",
)

MATCH = MatchFormat(
    first_starter="random",
    game_draws=False,
    source=f"{PREPARACION}; {OBJETIVO}",
)

PROFILE = GameProfile(
    key="stoner_points",
    name_es="Puntos Stoner",
    players_min=2,
    players_max=6,
    default_best_of=1,
    default_round_minutes=50,
    vocabulary=VOCABULARY,
    formats=(TABLE_KIT,),
    default_format="table_kit",
    source_file=SEED,
    catalog_source=PREPARACION,
    notes=(
        "Duración media 30 minutos (R-004-01): una partida por ronda de 50 minutos (no indicado).",
        "Mesas de 2 a 6; puestos por puntos stoner, sin empate en el primer puesto (RULES-TRACE ambigüedades "
        "37 y 38).",
    ),
    pod_rules=PODS,
    match_format=MATCH,
)


def kit_violations(*, materials: int, actions: int, tools: int, out_of_turn: int) -> list[DeckViolation]:
    """Violations of a table kit given by counts (cards), in the order
    materials, actions, tools, out-of-turn; empty when the kit is complete.

    Rule: 004_4a3d59c736a1e8f3.txt § "3 Preparación".
    """
    counts = (materials, actions, tools, out_of_turn)
    found = (rule.violation_for(count) for rule, count in zip(KIT_RULES, counts, strict=True))
    return [violation for violation in found if violation is not None]
