"""Template filters that write numbers and results one way on every page (issue #28 point 4).

- ``{{ value|points_text }}``: «1 punto», «2,5 puntos» (the word agrees with the number);
- ``{{ value|placement_points_text }}``: «1 punto por puesto», «2,3 puntos por puesto» (pods);
- ``{{ match|score }}``: a table's result, «2-0», «1-1-1» (:func:`tournaments.text.score_text`);
- ``{{ event|event_state }}``: the event's state as its format calls it («Rondas suizas», «Todos contra todos»).

Numbers keep at most one decimal, with the active language's decimal mark (``floatformat:"-1"``).
"""
from __future__ import annotations

from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import ngettext

from ..formats import format_for
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


@register.filter
def places_text(result, names) -> str:
    """A pod's places in a line, best first: «1.º Ana (20) · 2.º Beto (15)».

    ``result`` is a table (its seats) or one of its result entries (its
    ``placements``); ``names`` maps registration ids to names. Seats without
    a place are left out.
    """
    if hasattr(result, "seat_list"):
        lines = [(seat.registration_id, seat.place, seat.score) for seat in result.seat_list]
    else:
        lines = [tuple(line) for line in result.placements]
    lines = sorted((line for line in lines if line[1] is not None), key=lambda line: (line[1], line[0]))
    return " · ".join(f"{place}.º {names.get(rid, '?')}" + (f" ({score})" if score is not None else "")
                      for rid, place, score in lines)


@register.filter
def event_state(event) -> str:
    """The state of ``event`` as its format calls it (:meth:`~tournaments.formats.base.EventFormat.state_label`)."""
    return format_for(event).state_label(event)
