"""Template tags of self-reported results (issue #17): the player's report box on «Mi torneo»."""
from __future__ import annotations

from django import template

from .. import pods_selectors, report_selectors
from ..enums import RoundPhase
from ..models import PodTable

register = template.Library()


def report_choices(best_of: int, top_cut: bool) -> list[tuple[str, int, int, int]]:
    """``(value, mine, theirs, drawn)`` of the one-tap scores, from the reporter's side (the judge's presets)."""
    if best_of == 1:
        scores = [(1, 0, 0), (0, 1, 0)] + ([] if top_cut else [(0, 0, 1)])
    else:
        scores = [(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0)] + (
            [] if top_cut else [(1, 1, 0), (1, 0, 1), (0, 1, 1)])
    return [(f"{m}-{t}-{d}", m, t, d) for m, t, d in scores]


@register.simple_tag
def report_box(event, registration, current) -> dict | None:
    """What ``templates/me/_report.html`` shows, or ``None`` when there is nothing to report.

    ``current`` is «Mi torneo»'s current-table context (:func:`tournaments.views.me._current_table`).
    """
    if not event.self_reporting or not current or not current.get("seated") or current.get("is_bye"):
        return None
    rnd = current["round"]
    top_cut = rnd.phase == RoundPhase.TOP_CUT
    match = current.get("match")
    if match is not None:
        state = report_selectors.match_report_state(match, registration.pk)
        mine = None
        if state.mine is not None:
            a_side = match.player_a_id == registration.pk
            m, t = (state.mine.games_a, state.mine.games_b) if a_side else (state.mine.games_b, state.mine.games_a)
            mine = f"{m}-{t}" + (f"-{state.mine.games_drawn}" if state.mine.games_drawn else "")
        return {"kind": "match", "state": state.state, "mine": mine, "editable": state.editable,
                "choices": report_choices(event.best_of, top_cut), "selected": None}
    pod = PodTable.objects.select_related("round").get(round=rnd, table_number=current["table_number"])
    state = report_selectors.pod_report_state(pod, registration.pk)
    row = pods_selectors.pod_rows([pod.pk])[0]
    names = {seat.registration_id: seat.display_name for seat in row.seats}
    mine = None
    if state.mine is not None:
        mine = ", ".join(f"{place}.º {names.get(reg_id, '?')}"
                         for reg_id, place, _score in sorted(state.mine.placements, key=lambda line: line[1]))
    return {"kind": "pod", "state": state.state, "mine": mine, "editable": state.editable,
            "seats": row.seats, "places": list(range(1, len(row.seats) + 1)),
            "score_label": pods_selectors.secondary_score_label(event)}
