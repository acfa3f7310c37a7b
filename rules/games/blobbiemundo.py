"""Blobbiemundo (001_eff5eaaa4c47c954.txt, "Libro Oficial de Reglas Versión
2.4 • 14/8/2019").

Deck rules:

- at most 3 cards of one **family**, the normal card and its SÚPER
  versions together: 1 "Magia" + 2 "SÚPER Magia" is legal, 2 + 2 is not
  (R-001-03, § "Cartas SÚPER"). A card's family is its catalog ``family``
  or its name without "SÚPER";
- decklists are registered for the tournament; at a deck check, a card the
  player did not register, or a side deck added without taking cards out,
  is a **falta grave** (R-001-08, § "Penalidades"): codes
  ``unregistered_card``, ``more_copies_than_registered`` and
  ``more_cards_than_registered``. What the fault costs (losing the combat)
  belongs to the penalty ladder of issue #7.

The rulebook states no deck size and allows a side deck. Match length is
not stated: best of three combats (RULES-TRACE ambiguity 34), 50-minute
rounds as in Weed Monsters (not stated).

Match format (issue #9, :data:`MATCH`): one game is a **combate**
(R-001-16, § "Batalla, Turno, Ronda, Combate"). The higher die chooses
who starts the first combat; in a match, the loser of each combat chooses
who starts the next one (R-001-11, § "Inicio del Juego") and its
environment (R-001-13, § "Escogiendo el Ambiente"), so each combat result
records its loser. A combate lasts until one player wins: results record
the winner only (ambiguity 34).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from rules.catalog import CardVocabulary, strip_super
from rules.decks import DeckContext, DeckFormat, DeckViolation, MatchesRegistered, where_lines
from rules.games.base import GameProfile, MatchFormat, seed_source

SEED = "001_eff5eaaa4c47c954.txt"
CARTAS_SUPER = seed_source(SEED, "Cartas SÚPER")
PENALIDADES = seed_source(SEED, "Penalidades")
INICIO = seed_source(SEED, "Inicio del Juego")
AMBIENTE = seed_source(SEED, "Escogiendo el Ambiente")
COMBATE = seed_source(SEED, "Batalla, Turno, Ronda, Combate")

MATCH = MatchFormat(
    game_noun_es="combate",
    first_starter="die_roll",
    next_starter="loser_chooses",
    loser_also_chooses=("environment",),
    game_draws=False,
    source=f"{INICIO}; {AMBIENTE}; {COMBATE}",
)

VOCABULARY = CardVocabulary(
    card_types={
        "blobbie": "Blobbie básico",
        "form": "Forma",
        "essence": "Blobbie Esencia",
        "cosmic": "Carta Cósmica",
    },
)


@dataclass(frozen=True, slots=True)
class FamilyLimit:
    """At most ``limit`` cards of one family in the main deck, normal and
    SÚPER versions together (``family_over_3``, one per family).

    Rule: 001_eff5eaaa4c47c954.txt § "Cartas SÚPER".
    """

    source: str = CARTAS_SUPER
    limit: int = 3
    code: str = "family_over_3"
    key: str = "family_limit"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        families: dict[str, list] = {}
        for counted in ctx.deck.counts():
            families.setdefault(counted.card.family_key, []).append(counted)
        for group in families.values():
            total = sum(c.quantity for c in group)
            if total <= self.limit:
                continue
            lines = tuple(n for c in group for n in c.lines)
            family = group[0].card.family or _plain_name(group)
            detail = ", ".join(f"{c.quantity} × «{c.card.name}»" for c in group)
            yield DeckViolation(
                self.code,
                f"{where_lines(lines)}hay {total} cartas de la familia «{family}» ({detail}); el máximo es "
                f"{self.limit}, contando sus versiones SÚPER.",
                self.source,
                card=family,
                line=lines[0],
                lines=lines,
                count=total,
                limit=self.limit,
            )


def _plain_name(group: list) -> str:
    for counted in group:
        if not counted.card.is_super:
            return counted.card.name
    return strip_super(group[0].card.name)


REGISTERED = DeckFormat(
    key="registered",
    name_es="Mazo registrado",
    rules=(FamilyLimit(), MatchesRegistered(source=PENALIDADES, fault_es="falta grave")),
    source=f"{CARTAS_SUPER}; {PENALIDADES}",
    event_kinds=(),
    notes=(
        "Sin tamaño de mazo (el reglamento no lo fija); side deck permitido.",
        "Con la lista registrada (deck check), una carta no registrada es falta grave.",
    ),
)

PROFILE = GameProfile(
    key="blobbiemundo",
    name_es="Blobbiemundo",
    players_min=2,
    players_max=2,
    default_best_of=3,
    default_round_minutes=50,
    vocabulary=VOCABULARY,
    formats=(REGISTERED,),
    default_format="registered",
    source_file=SEED,
    catalog_source=PENALIDADES,
    rules_version="Versión 2.4 • 14/8/2019",
    rules_date=date(2019, 8, 14),
    notes=(
        "Match al mejor de 3 combates (RULES-TRACE ambigüedad 34); minutos por ronda no indicados (50).",
        "El texto menciona «tu(s) oponente(s)», pero los torneos se juegan de a 2.",
        "En un match, quien perdió un combate elige quién empieza el siguiente y su ambiente (R-001-11, R-001-13).",
    ),
    match_format=MATCH,
)
