"""The prizes checklist: event packs and promo cards owed for a season."""
from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .season import Appearance, _require


@dataclass(frozen=True, slots=True)
class EventPack:
    """A "Sobre de Evento" owed for one registration (R-000-35)."""

    player_id: int
    event_id: int


@dataclass(frozen=True, slots=True)
class PromoCard:
    """A promo card owed for playing every date of a month (R-000-35).
    ``dates``: the month's season dates, in order."""

    player_id: int
    year: int
    month: int
    dates: tuple[datetime.date, ...]


@dataclass(frozen=True, slots=True)
class PrizeChecklist:
    """What organizers owe: ``packs`` sorted by (player, event); ``promos``
    sorted by (player, year, month)."""

    packs: tuple[EventPack, ...]
    promos: tuple[PromoCard, ...]


def prize_checklist(
    dates: Sequence[datetime.date], appearances: Iterable[Appearance]
) -> PrizeChecklist:
    """Event packs and promo cards owed for a Super Liga season.

    ``dates``: the season's dates. ``appearances``: the season's Super Liga
    appearances. One pack per appearance (two venues on one date: two
    packs, R-000-48). One promo card per player and month when the player
    played every season date of that month, at any venues, and the month
    has at least two dates ("ambas fechas del mes"; an edited month with
    one date gives none).

    Errors: :class:`LeagueInputError` ``date_not_in_season``.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-35, R-000-48).
    """
    season_dates = set(dates)
    months: dict[tuple[int, int], list[datetime.date]] = defaultdict(list)
    for day in sorted(season_dates):
        months[(day.year, day.month)].append(day)
    packs: set[EventPack] = set()
    played: dict[int, set[datetime.date]] = defaultdict(set)
    for appearance in appearances:
        _require(
            appearance.date in season_dates,
            "date_not_in_season",
            f"event {appearance.event_id} on {appearance.date} is not a "
            "season date",
        )
        packs.add(EventPack(appearance.player_id, appearance.event_id))
        played[appearance.player_id].add(appearance.date)
    promos = [
        PromoCard(player, year, month, tuple(month_dates))
        for player in sorted(played)
        for (year, month), month_dates in sorted(months.items())
        if len(month_dates) >= 2 and set(month_dates) <= played[player]
    ]
    return PrizeChecklist(
        packs=tuple(sorted(packs, key=lambda p: (p.player_id, p.event_id))),
        promos=tuple(promos),
    )
