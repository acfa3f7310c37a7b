"""The format registry: one :class:`~.base.EventFormat` per way of running an event.

The event chooses its format (``Event.format``, DESIGN.md decision 22; the
default comes from the game's profile). :func:`format_for` is the only place
that maps an event to its format; services, selectors, views, the API and
the PDFs ask it and call the format, never branch on its key. A new format
is one module here and one entry in :data:`FORMATS`.
"""
from __future__ import annotations

from .base import EventFormat, derived_seed, missing_results_error, next_round_number
from .duels import DUELS, Duels
from .pods import PODS, Pods
from .round_robin import ROUND_ROBIN, RoundRobin
from .single_elimination import SINGLE_ELIMINATION, SingleElimination

#: Registered formats by key, in the order the admin offers them.
FORMATS: dict[str, EventFormat] = {fmt.key: fmt for fmt in (DUELS, PODS, ROUND_ROBIN, SINGLE_ELIMINATION)}


class UnknownFormat(LookupError):
    """An event names a format key that is not registered."""


def format_named(key: str) -> EventFormat:
    """The registered format ``key``; :class:`UnknownFormat` for any other."""
    try:
        return FORMATS[key]
    except KeyError:
        raise UnknownFormat(key) from None


def format_for_profile(profile) -> EventFormat:
    """The default format of a game with ``profile`` (:class:`rules.games.base.GameProfile` or ``None``)."""
    return FORMATS[profile.default_event_format if profile is not None else DUELS.key]


def format_for(event) -> EventFormat:
    """The format ``event`` is played in: its own ``format``, else its game's default."""
    if event.format:
        return format_named(event.format)
    return format_for_profile(event.profile)


def format_choices() -> list[tuple[str, str]]:
    """``(key, label)`` of every registered format, for forms and the API schema."""
    return [(fmt.key, fmt.label) for fmt in FORMATS.values()]


__all__ = [
    "DUELS", "FORMATS", "PODS", "ROUND_ROBIN", "SINGLE_ELIMINATION", "Duels", "EventFormat", "Pods", "RoundRobin",
    "SingleElimination", "UnknownFormat", "derived_seed", "format_choices", "format_for", "format_for_profile",
    "format_named", "missing_results_error", "next_round_number",
]
