"""What every game profile declares (pure, no Django).

A **game profile** (:class:`GameProfile`) is one rulebook of ``seeds/`` seen
from a tournament: how many players sit at a table, the default match
length, the card vocabulary of its catalog and its deck **formats**
(:class:`~rules.decks.DeckFormat`, each an ordered tuple of deck rules).
Each module of :mod:`rules.games` exposes ``PROFILE`` (and ``PROFILES`` when
one rulebook holds several games); :func:`build_registry` collects them.

Penalty ladders (issue #7) are not defined here: ``penalties`` is
reserved, ``None`` until it lands, and ``extra`` carries any other per-game
setting meanwhile. Issue #9 adds two optional parts: ``pod_rules``
(:class:`PodRules`, for multiplayer games seated in pods) and
``match_format`` (:class:`MatchFormat`, how the games of a match are
started, timed and won); ``None`` means a plain duel with nothing stated.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType, ModuleType
from typing import Any

from rules.catalog import CardVocabulary, RulesError
from rules.decks import DeckFormat, DeckFormatError, DeckValidator


class ProfileError(RulesError):
    """An unknown game key, or two profiles with one key (organizer-fixable
    or a registration mistake); ``code`` is ``unknown_game`` or
    ``duplicate_game``."""


STARTERS: Mapping[str, str] = MappingProxyType(
    {
        "die_roll": "Tiran un dado; el mayor elige quién empieza",
        "loser_chooses": "Quien perdió la anterior elige quién empieza",
        "coin_or_die": "Moneda o dado, a elección de los jugadores",
        "random": "Al azar",
    }
)
"""Who starts a game: code → Spanish text for slips and judges."""

PLACES_BY: Mapping[str, str] = MappingProxyType(
    {
        "reported": "Puestos informados por la mesa",
        "score": "Puestos según el puntaje secundario",
        "elimination": "Puestos en orden inverso de eliminación",
    }
)
"""How a pod's finishing places are found: code → Spanish text."""


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How the games of one match are played (issue #9).

    - ``game_noun_es``: what the rulebook calls one game ("partida",
      "combate"); the profile's ``default_best_of`` counts them.
    - ``first_starter``/``next_starter``: :data:`STARTERS` codes for who
      starts game 1 and each later game (``""``: not stated).
    - ``loser_also_chooses``: what else the loser of a game picks for the
      next one (``"environment"``: Blobbiemundo's ambiente).
    - ``game_minutes``: one game's length as the rulebook states it,
      ``(shortest, longest)`` in minutes; ``None`` when it gives no range.
    - ``game_draws``: whether one game can end drawn; ``False`` means result
      entry offers a winner only (a match may still end level on games).
    - ``win_reasons``: ``(code, Spanish text)`` ways to win a game, offered
      at result entry.
    - ``source``: the rulebook sections.
    """

    game_noun_es: str = "partida"
    first_starter: str = ""
    next_starter: str = ""
    loser_also_chooses: tuple[str, ...] = ()
    game_minutes: tuple[int, int] | None = None
    game_draws: bool = True
    win_reasons: tuple[tuple[str, str], ...] = ()
    source: str = ""

    def __post_init__(self) -> None:
        for code in (self.first_starter, self.next_starter):
            if code and code not in STARTERS:
                raise ProfileError("bad_match_format", f"Quién empieza: código desconocido «{code}».")
        if self.game_minutes is not None and not 0 < self.game_minutes[0] <= self.game_minutes[1]:
            raise ProfileError("bad_match_format", f"Duración de partida inválida: {self.game_minutes}.")

    def round_minutes(self, best_of: int) -> int | None:
        """Minutes for ``best_of`` games at the longest stated length (None
        when no length is stated)."""
        return None if self.game_minutes is None else best_of * self.game_minutes[1]


@dataclass(frozen=True, slots=True)
class PodRules:
    """How a multiplayer game is seated and scored in pods (issue #9).

    - ``min_size``/``max_size``: players per pod (within the game's
      ``players_min``/``players_max``); ``preferred_size`` the size to aim
      for (``None``: the largest), see ``tournaments.swiss.pods.pod_sizes``.
    - ``points_by_place``: default placement points, 1st first (``(3, 2,
      1)``: 1st 3, 2nd 2, 3rd 1, later places 0); an event may change them.
    - ``places_by``: a :data:`PLACES_BY` code, how the table finds its
      places (by the secondary score, by elimination, or as reported).
    - ``secondary_score_key``/``secondary_score_es``/``secondary_short``:
      the score recorded beside the place and summed as a tiebreaker
      (``"stoner_points"``, "Puntos stoner"); ``None`` when there is none.
    - ``setup_es``: ``(pod size, Spanish text)`` pairs, the game's set-up
      by number of players, for slips; empty when it does not change.
    - ``source``: the rulebook sections.
    """

    min_size: int
    max_size: int
    preferred_size: int | None = None
    points_by_place: tuple[int, ...] = (3, 2, 1)
    places_by: str = "reported"
    secondary_score_key: str | None = None
    secondary_score_es: str | None = None
    secondary_short: str | None = None
    setup_es: tuple[tuple[int, str], ...] = ()
    source: str = ""

    def __post_init__(self) -> None:
        if not 2 <= self.min_size <= self.preferred <= self.max_size:
            raise ProfileError(
                "bad_pods", f"Mesas de {self.min_size} a {self.max_size} (preferida {self.preferred_size}) inválidas."
            )
        points = self.points_by_place
        if any(p < 0 for p in points) or any(a < b for a, b in zip(points, points[1:])):
            raise ProfileError("bad_pods", f"Puntos por puesto inválidos: {points}.")
        if self.places_by not in PLACES_BY:
            raise ProfileError("bad_pods", f"Forma de ordenar puestos desconocida «{self.places_by}».")
        if self.places_by == "score" and not self.secondary_score_key:
            raise ProfileError("bad_pods", "Ordenar por puntaje requiere un puntaje secundario.")
        for size, _text in self.setup_es:
            if not self.min_size <= size <= self.max_size:
                raise ProfileError("bad_pods", f"Preparación para {size} jugadores fuera del rango de mesa.")

    @property
    def preferred(self) -> int:
        """The pod size aimed at (``preferred_size`` or ``max_size``)."""
        return self.max_size if self.preferred_size is None else self.preferred_size

    @property
    def sizes(self) -> tuple[int, int]:
        """``(min_size, max_size)``, the ``sizes`` argument of ``pair_pods``."""
        return (self.min_size, self.max_size)

    def points_table(self) -> dict[int, int]:
        """Place → placement points (places missing from it earn 0)."""
        return {place: points for place, points in enumerate(self.points_by_place, start=1) if points}

    def setup_for(self, size: int) -> str:
        """The set-up text for a pod of ``size`` (``""`` when none is stated).

        Raises :class:`ProfileError` ``bad_pod_size`` for a size outside
        ``min_size``–``max_size`` (e.g. a Copa del Mundo table of 5).
        """
        if not self.min_size <= size <= self.max_size:
            raise ProfileError(
                "bad_pod_size", f"Una mesa de {size} no es válida: de {self.min_size} a {self.max_size} jugadores."
            )
        return dict(self.setup_es).get(size, "")


@dataclass(frozen=True, slots=True)
class GameProfile:
    """One game as Arena runs it.

    - ``key``: stable id (``weed_monsters``), the ``Game.key`` of the models;
      ``name_es``: shown to people.
    - ``players_min``/``players_max``: players at one table (2/2 for duels,
      2/6 for the stoner-points game).
    - ``default_best_of`` (games per match) and ``default_round_minutes``
      (minutes) prefill new events; ``round_minutes`` is per round.
    - ``vocabulary``: card types, subtypes and species of the catalog.
    - ``formats``: deck formats, ``default_format`` the key used when an
      event names none; ``deck_validator`` optionally replaces the format
      rules (the validator hook) for a game whose check does not fit them.
    - ``catalog_source``: cited when a card is not in the catalog.
    - ``source_file``, ``rules_version``, ``rules_date``: the rulebook.
    - ``notes``: defaults taken where the rulebook is silent, with reasons.
    - ``pods``: :class:`PodRules` of a multiplayer game seated in pods
      (``None``: duels, paired by Swiss); ``match_format``: the
      :class:`MatchFormat` of its games (``None``: nothing stated).
    """

    key: str
    name_es: str
    players_min: int
    players_max: int
    default_best_of: int
    default_round_minutes: int
    vocabulary: CardVocabulary
    formats: tuple[DeckFormat, ...]
    default_format: str
    source_file: str
    catalog_source: str
    rules_version: str = ""
    rules_date: date | None = None
    deck_validator: DeckValidator | None = None
    notes: tuple[str, ...] = ()
    # Reserved for issue #7 (penalty ladder); issue #9 fills ``pod_rules``.
    penalties: Any = None
    pod_rules: PodRules | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    match_format: MatchFormat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))
        if not 1 <= self.players_min <= self.players_max:
            raise ProfileError("bad_players", f"{self.key}: jugadores {self.players_min}–{self.players_max}.")
        keys = [f.key for f in self.formats]
        if len(set(keys)) != len(keys) or self.default_format not in keys:
            raise ProfileError("bad_formats", f"{self.key}: formatos {keys}, por defecto {self.default_format}.")
        pods = self.pod_rules
        if pods is not None and not self.players_min <= pods.min_size <= pods.max_size <= self.players_max:
            raise ProfileError(
                "bad_pods", f"{self.key}: mesas de {self.pod_rules.min_size}–{self.pod_rules.max_size} fuera de "
                f"{self.players_min}–{self.players_max} jugadores."
            )

    @property
    def plays_in_pods(self) -> bool:
        """True for a multiplayer game seated in pods (issue #9)."""
        return self.pod_rules is not None

    @property
    def default_event_format(self) -> str:
        """The key of the event format a new event of this game plays in (DESIGN.md decision 22):
        ``"pods"`` for a game seated 3–6 a table, ``"duels"`` (Swiss and top cut) for the others."""
        return "pods" if self.pod_rules is not None and self.players_max > 2 else "duels"

    def format(self, key: str | None = None) -> DeckFormat:
        """The format ``key`` (None: the default). Raises
        :class:`~rules.decks.DeckFormatError` for an unknown key."""
        wanted = key or self.default_format
        for deck_format in self.formats:
            if deck_format.key == wanted:
                return deck_format
        raise DeckFormatError(
            "unknown_format",
            f"{self.name_es} no tiene el formato «{wanted}»; formatos: "
            + ", ".join(f.key for f in self.formats),
        )

    def format_for_event_kind(self, event_kind: str) -> DeckFormat:
        """The format an ``EventKind`` value uses (the default if none lists
        it)."""
        for deck_format in self.formats:
            if event_kind in deck_format.event_kinds:
                return deck_format
        return self.format()


def build_registry(modules: Iterable[ModuleType]) -> Mapping[str, GameProfile]:
    """A read-only mapping key → profile from the modules' ``PROFILES``
    (or ``PROFILE``), in module order. Raises :class:`ProfileError` when two
    profiles share a key or a module exposes no profile."""
    registry: dict[str, GameProfile] = {}
    for module in modules:
        profiles = getattr(module, "PROFILES", None) or (getattr(module, "PROFILE", None),)
        for profile in profiles:
            if not isinstance(profile, GameProfile):
                raise ProfileError("no_profile", f"{module.__name__} no expone PROFILE.")
            if profile.key in registry:
                raise ProfileError("duplicate_game", f"Dos perfiles con la clave «{profile.key}».")
            registry[profile.key] = profile
    return MappingProxyType(registry)


def seed_source(seed_file: str, section: str) -> str:
    """``<seed file> § "<heading>"``, the citation format of STYLE.md §5."""
    return f'{seed_file} § "{section}"'
