"""Domain errors of the rules app's Django layer (services and selectors).

They are :class:`tournaments.errors.ArenaError` subclasses, so views turn
them into form errors and the API into ``{"code": …, "detail": …}`` with
the error's HTTP ``status``. The pure core's own errors
(:class:`rules.catalog.RulesError`) are translated into these at the edge.
"""
from __future__ import annotations

from tournaments.errors import ArenaError, NotAllowed, StateError

__all__ = ["ArenaError", "CatalogUnavailable", "DecklistError", "DecklistLocked", "NotAllowed", "StateError"]


class DecklistError(ArenaError):
    """A decklist request that cannot be processed as sent (unknown game or
    format, empty list, missing reason, player not registered)."""


class DecklistLocked(StateError):
    """The decklist is locked (round 1 was paired): only a head judge may
    change it, giving a reason."""


class CatalogUnavailable(ArenaError):
    """The card catalog in the database is inconsistent (e.g. two cards whose
    names differ only by accents); an organizer must fix it in the admin."""

    status = 409
