"""Template tags of self-reported results (issue #17): the player's report box on «Mi torneo»."""
from __future__ import annotations

from django import template

from .. import report_selectors

register = template.Library()


@register.simple_tag
def report_box(event, registration, current) -> dict | None:
    """What ``templates/me/_report.html`` shows, or ``None`` when there is nothing to report.

    ``current`` is «Mi torneo»'s current-table context
    (:func:`tournaments.me_selectors.player_current_table`); the event's
    format's result kind chooses the box (:func:`tournaments.report_selectors.table_report_box`).
    """
    if not event.self_reporting or not current or not current.get("seated") or current.get("is_bye"):
        return None
    return report_selectors.table_report_box(event, registration, current)
