"""Game profiles: one module per seed game, collected in :data:`REGISTRY`.

``REGISTRY`` maps a game key to its :class:`~rules.games.base.GameProfile`.
Adding a game means adding a module that exposes ``PROFILE`` (or
``PROFILES``) and listing it in :data:`MODULES`. :func:`seed_catalog` reads
the seed card catalog of ``rules/data/`` with every game's vocabulary.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping

from rules.catalog import DATA_DIR, CardVocabulary, Catalog, load_catalog_dir
from rules.games import blobbiemundo, planets_war, reinas, stoner_points, weed_monsters
from rules.games.base import GameProfile, ProfileError, build_registry

MODULES = (weed_monsters, blobbiemundo, planets_war, reinas, stoner_points)

REGISTRY: Mapping[str, GameProfile] = build_registry(MODULES)


def get_profile(key: str) -> GameProfile:
    """The profile of the game ``key``. Raises :class:`ProfileError`
    (``unknown_game``) for a key not in :data:`REGISTRY`."""
    try:
        return REGISTRY[key]
    except KeyError:
        raise ProfileError(
            "unknown_game", f"Juego desconocido «{key}»; juegos: {', '.join(REGISTRY)}."
        ) from None


def vocabularies() -> dict[str, CardVocabulary]:
    """Game key → card vocabulary, for catalog imports."""
    return {key: profile.vocabulary for key, profile in REGISTRY.items()}


@functools.cache
def seed_catalog() -> Catalog:
    """The seed catalog of ``rules/data/*.csv`` (every game), read once.

    Raises :class:`~rules.catalog.CatalogImportError` if a seed file is
    broken (a bug in the data).
    """
    return load_catalog_dir(DATA_DIR, vocabularies=vocabularies())


__all__ = ["MODULES", "REGISTRY", "GameProfile", "ProfileError", "get_profile", "seed_catalog", "vocabularies"]
