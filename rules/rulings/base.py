"""Shared vocabulary of the rulings package: game keys, rule citations, the
:class:`Ruling` record and the two error classes (pure: no Django)."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

WM_SEED = "000_0014b2ac83da54b4.txt"
BM_SEED = "001_eff5eaaa4c47c954.txt"
PW_SEED = "002_c95a30c488414cab.txt"
RQ_SEED = "003_d9cdb044881e36ac.txt"
SP_SEED = "004_4a3d59c736a1e8f3.txt"

#: Game keys: the same as :data:`rules.games.REGISTRY` and the Game rows.
WEED_MONSTERS = "weed_monsters"
BLOBBIEMUNDO = "blobbiemundo"
PLANETS_WAR = "planets_war"
COPA_DEL_MUNDO = "copa_del_mundo"
REINAS = "reinas"
STONER_POINTS = "stoner_points"
GAMES = (WEED_MONSTERS, BLOBBIEMUNDO, PLANETS_WAR, COPA_DEL_MUNDO, REINAS, STONER_POINTS)

#: Game key → the seed file its rulings cite (002 holds two games).
GAME_SEEDS = MappingProxyType({
    WEED_MONSTERS: WM_SEED,
    BLOBBIEMUNDO: BM_SEED,
    PLANETS_WAR: PW_SEED,
    COPA_DEL_MUNDO: PW_SEED,
    REINAS: RQ_SEED,
    STONER_POINTS: SP_SEED,
})


def cite(seed: str, *sections: str) -> str:
    """``Rule: <seed> § "A"; § "B"`` — the citation format of every ruling."""
    return f"Rule: {seed} " + "; ".join(f'§ "{s}"' for s in sections)


def _wm(*sections: str) -> str:
    return cite(WM_SEED, *sections)


def _bm(*sections: str) -> str:
    return cite(BM_SEED, *sections)


def _pw(*sections: str) -> str:
    """002 sections of Planets War: ``"PREPARACION"`` → ``Planets War › PREPARACION``."""
    return cite(PW_SEED, *(f"Planets War › {s}" for s in sections))


def _cm(*sections: str) -> str:
    """002 sections of La Copa del Mundo, prefixed like :func:`_pw`."""
    return cite(PW_SEED, *(f"La Copa del Mundo › {s}" for s in sections))


def _rq(*sections: str) -> str:
    return cite(RQ_SEED, *sections)


def _sp(*sections: str) -> str:
    return cite(SP_SEED, *sections)


class RulingError(Exception):
    """A request a judge can fix; ``code`` is a stable machine key."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class RulingInvariantError(Exception):
    """The catalogue itself is broken (duplicate id, unknown game): a bug."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """One rulebook ruling or clarification.

    ``id`` is stable (``"wm.priority.resolution_order"``, at most 40
    characters: it is stored with a match record); ``source`` cites the
    seed section. ``cards`` names the cards the ruling clarifies, as
    printed (R-000-105: entries may be linked to catalogue cards).
    """

    id: str
    game: str
    topic: str
    question_es: str
    answer_es: str
    source: str
    trace: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


def _r(id: str, game: str, topic: str, question: str, answer: str, source: str,
       trace: tuple[str, ...] = (), keywords: str = "", cards: tuple[str, ...] = ()) -> Ruling:
    return Ruling(id, game, topic, question, answer, source, trace, tuple(keywords.split()), cards)
