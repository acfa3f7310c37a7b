"""Template filters that write numbers and results one way on every page (issue #28 point 4).

- ``{{ value|points_text }}``: «1 punto», «2,5 puntos» (the word agrees with the number);
- ``{{ value|placement_points_text }}``: «1 punto por puesto», «2,3 puntos por puesto» (pods);
- ``{{ match|score }}``: a table's result, «2-0», «1-1-1» (:func:`tournaments.text.score_text`).

Numbers keep at most one decimal, with the active language's decimal mark (``floatformat:"-1"``).
"""
from __future__ import annotations

from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import ngettext

from ..text import score_text

register = template.Library()


def _count(value) -> int:
    """The count ngettext agrees with: 1 for exactly one, 2 for anything else (0, 0,5, 1,5, 3…)."""
    try:
        return 1 if float(value) == 1 else 2
    except (TypeError, ValueError):
        return 2


@register.filter
def points_text(value) -> str:
    """Match (or league) points with their word: «1 punto», «0 puntos», «2,5 puntos»."""
    return ngettext("%(n)s punto", "%(n)s puntos", _count(value)) % {"n": floatformat(value, -1)}


@register.filter
def placement_points_text(value) -> str:
    """Placement points of a pod event with their words: «1 punto por puesto», «2,3 puntos por puesto»."""
    return ngettext("%(n)s punto por puesto", "%(n)s puntos por puesto", _count(value)) % {
        "n": floatformat(value, -1)}


@register.filter
def score(table) -> str:
    """The result of ``table`` (anything with ``games_a``, ``games_b``, ``games_drawn``): «2-0», «1-1-1»."""
    return score_text(table.games_a, table.games_b, table.games_drawn)
