"""Template tags of the league for pages of other apps (no import from them to here).

``{% load league_titles %}{% pro_player_titles player as titles %}`` gives a
player's live "ProPlayer <year>" titles (R-000-62), so the public event
pages show them without :mod:`tournaments` importing :mod:`leagues`.
"""
from django import template

from .. import selectors

register = template.Library()


@register.simple_tag
def pro_player_titles(player) -> list[str]:
    """["ProPlayer 2025", …], newest first; [] for no player (one query)."""
    if player is None or getattr(player, "pk", None) is None:
        return []
    return selectors.pro_player_titles(player)
