"""The catalogue of every game and its search (pure: no Django)."""
from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from tournaments.text import fold

from . import catalog_000, catalog_001, catalog_002, catalog_003, catalog_004
from .base import GAME_SEEDS, GAMES, Ruling, RulingError, RulingInvariantError

#: Every ruling, grouped by game in seed order (000 … 004).
CATALOG: tuple[Ruling, ...] = (catalog_000.RULINGS + catalog_001.RULINGS + catalog_002.RULINGS
                               + catalog_003.RULINGS + catalog_004.RULINGS)

#: The catalogue by id.
RULINGS_BY_ID: Mapping[str, Ruling] = MappingProxyType({r.id: r for r in CATALOG})

#: Longest id: ``MatchRuling.ruling_id`` and ``Penalty.ruling_id`` hold 40 characters.
MAX_ID_LENGTH = 40


def _check_catalog() -> None:
    if len(RULINGS_BY_ID) != len(CATALOG):
        raise RulingInvariantError("duplicate ruling ids")
    for ruling in CATALOG:
        if (ruling.game not in GAMES or len(ruling.id) > MAX_ID_LENGTH
                or not ruling.source.startswith(f"Rule: {GAME_SEEDS[ruling.game]} ")):
            raise RulingInvariantError(f"bad ruling {ruling.id!r}")


_check_catalog()


# --------------------------------------------------------------------------
# Search
# --------------------------------------------------------------------------

_STOPWORDS = frozenset(
    "a al ante con cual cuando cuanto cuantos cuantas de del el en es esta este "
    "hay la las le lo los mi mis me no o para pasa pasan por puedo que se si su sus "
    "te tu tus un una uno unos unas y ya como donde".split()
)
_TOKEN = re.compile(r"[a-z0-9]+")


def normalize(text: str) -> str:
    """Lower case, no accents: ``"Prioridád"`` → ``"prioridad"`` (:func:`tournaments.text.fold`)."""
    return fold(text)


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(normalize(text)) if t not in _STOPWORDS]


#: Longest ending (plural, gender) a query word may add to a catalogue word.
_MAX_ENDING = 2


def _token_match(query: str, doc: frozenset[str]) -> float:
    """1 for the same word; 0.8 for a prefix (≥ 4 letters); 0.6 for a stem.

    A query word may be the beginning of a catalogue word ("tribut" finds
    "tributo"); a catalogue word is the beginning of a query word only up
    to a plural or gender ending of 1–2 letters ("naves" finds "nave",
    "arcoiris" does not find "arco"). "Stem" = a shared beginning of 5
    letters or more (so "monstruo" finds "monsters").
    """
    if query in doc:
        return 1.0
    best = 0.0
    for word in doc:
        short, long_ = (query, word) if len(query) <= len(word) else (word, query)
        ending_ok = short is query or len(long_) - len(short) <= _MAX_ENDING
        if len(short) >= 4 and long_.startswith(short) and ending_ok:
            best = max(best, 0.8)
        elif len(short) >= 5 and short[:5] == long_[:5]:
            best = max(best, 0.6)
    return best


_FIELD_WEIGHTS = (("topic", 3.0), ("keywords", 3.0), ("question_es", 2.0), ("answer_es", 1.0))


def _fields(ruling: Ruling) -> tuple[tuple[float, frozenset[str]], ...]:
    texts = {"topic": ruling.topic, "keywords": " ".join(ruling.keywords + ruling.cards),
             "question_es": ruling.question_es, "answer_es": ruling.answer_es}
    return tuple((w, frozenset(_tokens(texts[name]))) for name, w in _FIELD_WEIGHTS)


_INDEX = tuple((ruling, _fields(ruling)) for ruling in CATALOG)


def search(query: str, game: str | None = None, *, limit: int | None = None) -> list[Ruling]:
    """Rulings matching ``query``, best first.

    Matching ignores accents and case, and skips Spanish stop words. A
    ruling scores, per query word, its matches in topic and keywords (×3
    each), question (×2) and answer (×1); a word matches the same word
    (1), a prefix of 4+ letters (0.8) or a shared 5-letter stem (0.6, so
    "monstruo" finds "Monsters"); card names (``cards``) count as keywords.
    Rulings matching more distinct
    query words come first, then by score, then in catalogue order. Only
    rulings of ``game`` when given. An empty or stop-words-only query
    returns ``[]``.

    Errors: :class:`RulingError` ``unknown_game``.
    """
    if game is not None and game not in GAMES:
        raise RulingError("unknown_game", f"no rulings for game {game!r}")
    words = list(dict.fromkeys(_tokens(query)))
    if not words:
        return []
    scored: list[tuple[int, float, int, Ruling]] = []
    for position, (ruling, fields) in enumerate(_INDEX):
        if game is not None and ruling.game != game:
            continue
        matched, score = 0, 0.0
        for word in words:
            hit = sum(weight * _token_match(word, tokens) for weight, tokens in fields)
            if hit > 0:
                matched += 1
                score += hit
        if matched:
            scored.append((-matched, -score, position, ruling))
    scored.sort(key=lambda row: row[:3])
    found = [row[3] for row in scored]
    return found[:limit] if limit is not None else found


def find_rulings(query: str, game: str | None = None) -> list[Ruling]:
    """What the rulings pages and the API list: the matches of ``query`` best
    first (:func:`search`), or, for a blank query, the whole catalogue (of
    ``game`` when given), in catalogue order.

    Errors: :class:`RulingError` ``unknown_game``.
    """
    if query.strip():
        return search(query, game or None)
    if game and game not in GAMES:
        raise RulingError("unknown_game", f"no rulings for game {game!r}")
    return [r for r in CATALOG if not game or r.game == game]


def get_ruling(ruling_id: str) -> Ruling:
    """The ruling with ``ruling_id``.

    Errors: :class:`RulingError` ``unknown_ruling``.
    """
    try:
        return RULINGS_BY_ID[ruling_id]
    except KeyError:
        raise RulingError("unknown_ruling", f"no ruling {ruling_id!r}") from None


def rulings_for_card(card: str, game: str | None = None) -> list[Ruling]:
    """The rulings that clarify ``card`` (its name as printed; accents and
    case ignored), in catalogue order; of ``game`` when given.

    Errors: :class:`RulingError` ``unknown_game``.

    Rule: 000_0014b2ac83da54b4.txt § "Aclaración de cartas" announces
    per-card clarifications (it lists none yet).
    """
    if game is not None and game not in GAMES:
        raise RulingError("unknown_game", f"no rulings for game {game!r}")
    wanted = normalize(card).strip()
    return [r for r in CATALOG if (game is None or r.game == game)
            and any(normalize(c) == wanted for c in r.cards)]
