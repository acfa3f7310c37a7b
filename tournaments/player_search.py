"""Searching players by name or number, accents and case aside (issue #28 point 1).

One rule for the admin's lists and autocompletes and the API's ``search``: every word typed must
appear in the player's folded name and number (:attr:`tournaments.models.Player.search_name`, kept
by the model, indexed), so «gimenez», «GIMÉNEZ» and «giménez camila» all find Camila Giménez, on
PostgreSQL and SQLite alike.
"""
from __future__ import annotations

from django.db.models import Q

from .text import fold


def player_search_q(term: str, *, path: str = "", also: tuple[str, ...] = ()) -> Q | None:
    """The filter for ``term`` on players reached through ``path`` (``""``, ``"player__"``…);
    each word may also match, case-insensitively, one of the fields ``also`` (e.g. ``"event__name"``).
    ``None`` for a blank term."""
    words = fold(term).split()
    if not words:
        return None
    query = Q()
    for word in words:
        condition = Q(**{f"{path}search_name__contains": word})
        for field in also:
            condition |= Q(**{f"{field}__icontains": word})
        query &= condition
    return query
