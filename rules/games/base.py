"""What every game profile declares (pure, no Django).

A **game profile** (:class:`GameProfile`) is one rulebook of ``seeds/`` seen
from a tournament: how many players sit at a table, the default match
length, the card vocabulary of its catalog and its deck **formats**
(:class:`~rules.decks.DeckFormat`, each an ordered tuple of deck rules).
Each module of :mod:`rules.games` exposes ``PROFILE`` (and ``PROFILES`` when
one rulebook holds several games); :func:`build_registry` collects them.

Penalty ladders (issue #7) and pod rules (issue #9) are not defined here:
``penalties`` and ``pods`` are reserved, ``None`` until those land, and
``extra`` carries any other per-game setting meanwhile.
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
    # Reserved for issue #7 (penalty ladder) and issue #9 (pods/multiplayer).
    penalties: Any = None
    pods: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))
        if not 1 <= self.players_min <= self.players_max:
            raise ProfileError("bad_players", f"{self.key}: jugadores {self.players_min}–{self.players_max}.")
        keys = [f.key for f in self.formats]
        if len(set(keys)) != len(keys) or self.default_format not in keys:
            raise ProfileError("bad_formats", f"{self.key}: formatos {keys}, por defecto {self.default_format}.")

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
