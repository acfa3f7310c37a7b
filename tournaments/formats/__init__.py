"""The format registry: one :class:`~.base.EventFormat` per way of seating players.

:func:`format_for` is the only place that decides whether an event plays in
duels (two a table: Swiss rounds and top cut) or in pods (3–6 a table);
services, selectors, views, the API and the PDFs ask it and call the
format. A new format (round robin, double elimination) is one module here
and one entry in :data:`FORMATS`, most specific first.
"""
from __future__ import annotations

from .base import EventFormat, derived_seed, missing_results_error, next_round_number
from .duels import DUELS, Duels
from .pods import PODS, Pods

#: Registered formats, most specific first; the last applies to every game.
FORMATS: tuple[EventFormat, ...] = (PODS, DUELS)


def format_for_profile(profile) -> EventFormat:
    """The format of a game with ``profile`` (:class:`rules.games.base.GameProfile` or ``None``)."""
    return next(fmt for fmt in FORMATS if fmt.applies_to(profile))


def format_for(event) -> EventFormat:
    """The format ``event`` is played in (its game's profile decides)."""
    return format_for_profile(event.profile)


__all__ = [
    "DUELS", "FORMATS", "PODS", "Duels", "EventFormat", "Pods", "derived_seed", "format_for",
    "format_for_profile", "missing_results_error", "next_round_number",
]
