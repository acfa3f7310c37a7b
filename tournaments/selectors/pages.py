"""The rows every face reads of an event, whatever its format (issue #24 point 6).

Views, the API, the PDF sheets, the admin, the CSV and ``run_event`` ask
these functions, never a format: each asks the event's format for its core
rows (:meth:`~tournaments.formats.base.EventFormat.standings`, its podium and
cut) and cuts the page rows from them. A table's result is either the game
wins of each side (:data:`~tournaments.formats.base.GAME_RESULTS`, rows of
this package's ``__init__``) or a place per seat
(:data:`~tournaments.formats.base.PLACE_RESULTS`, rows of :mod:`.places`):
that, not the format, chooses the row's shape, so a format registered
tomorrow gets its pages from the kind of result it declares.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from ..adapters import StandingRow, secondary_score_label
from ..enums import EventState
from ..formats import format_for
from ..formats.base import PLACE_RESULTS, FinalRow
from ..labels import TIEBREAKER_LABELS, TIEBREAKER_NAMES
from ..models import Event, Registration, Round
from ..swiss import topcut
from ..swiss.types import Podium
from ..text import CUT_REASON_OF_STAGE
from .games import pairings_by_name, pairings_for_round, player_rounds
from .judge import judge_table_page
from .places import PodStandingRow, judge_pod_page, player_pod_rounds, pods_for_round


def _in_places(event: Event) -> bool:
    return format_for(event).table_results == PLACE_RESULTS


def standing_rows(event: Event, *, as_of_round: int | None = None) -> list[StandingRow]:
    """The standings of ``event`` with each player's public data, in rank order (two or three queries).

    Built on the format's :meth:`~tournaments.formats.base.EventFormat.standings_shown`; with
    ``as_of_round`` N, the standings after rounds 1 to N only. Rows are
    :class:`~tournaments.adapters.StandingRow` (:class:`.PodStandingRow` for tables
    that give places). Dropped and disqualified players keep their row.
    """
    fmt = format_for(event)
    snapshot = fmt.snapshot(event)
    row_type = PodStandingRow if fmt.table_results == PLACE_RESULTS else StandingRow
    rows = []
    for standing in fmt.standings_shown(event, snapshot, as_of_round=as_of_round):
        reg = snapshot.registrations[fmt.standing_points(standing)[0]]
        rows.append(row_type(standing, reg.display_name, reg.player_number, reg.venue, reg.id, reg.dropped,
                             reg.disqualified))
    return rows


def final_rows(event: Event) -> list[FinalRow]:
    """The standings of ``event`` in final order (DESIGN.md decision 20).

    The podium first, then the top cut's losers stage by stage by Swiss
    rank, then everyone else by rank, the disqualified last. Before the
    event finishes the order is the standings' own. When a cut was
    played, each of its players' rows says where their run ended
    (``FinalRow.cut``: ``champion``, ``final``, ``semifinal``…).
    """
    rows = standing_rows(event)
    if event.state != EventState.FINISHED:
        return [FinalRow(place=row.rank, row=row) for row in rows]
    by_id = {row.registration_id: row for row in rows}
    podium = Podium(first=event.podium_first_id, second=event.podium_second_id, third=event.podium_third_id)
    eliminated = format_for(event).eliminated_at(event)
    excluded = {row.registration_id for row in rows if row.disqualified}
    order = topcut.final_order(
        [row.registration_id for row in rows], podium, eliminated_at=eliminated, excluded=excluded,
    )
    cut: dict[int, str] = {}
    if eliminated:  # a top cut was played: it gave the podium and the places of its losers
        cut = {rid: CUT_REASON_OF_STAGE.get(stage, "") for rid, stage in eliminated.items()}
        cut.update({rid: key for rid, key in ((podium.first, "champion"), (podium.second, "final")) if rid})
    return [FinalRow(place=index, row=by_id[rid], cut="" if rid in excluded else cut.get(rid, ""))
            for index, rid in enumerate(order, start=1) if rid in by_id]


def table_rows(event: Event, rnd: Round) -> list[Any]:
    """The tables of ``rnd`` (a round of ``event``) as pages, the API and the PDFs show them, in table
    order (byes last): :class:`~tournaments.selectors.PairingRow` or :class:`.places.PodRow`."""
    return pods_for_round(rnd) if _in_places(event) else pairings_for_round(rnd)


def names_of(event: Event, rows: Sequence[Any]) -> list[Any]:
    """The players of a round's ``rows`` alphabetically ("¿dónde juego?"); empty when the tables
    list their own names (tables that give places: every name is on its table's line)."""
    return [] if _in_places(event) else pairings_by_name(list(rows))


def player_rounds_of(event: Event, registration: Registration) -> list[Any]:
    """The tables ``registration`` sat at, round by round, from the player's side (byes included)."""
    if _in_places(event):
        return player_pod_rounds(registration, event=event)
    return player_rounds(registration)


def judge_page(event: Event, rnd: Round, *, status: str, query: str, offset: int) -> Any:
    """A page of ``rnd``'s tables for the judge list (:class:`~tournaments.selectors.JudgeTablePage`):
    ``status`` ``pendientes`` / ``con-resultado`` / ``todas``, ``query`` a name or number."""
    if _in_places(event):
        return judge_pod_page(rnd, status=status, query=query, offset=offset)
    return judge_table_page(rnd, status=status, query=query, offset=offset, minutes=event.round_minutes)


def page_context(event: Event) -> dict[str, Any]:
    """What every page of ``event`` adds to its template context: the labels of its standings'
    columns and its score's name (what the format's ``templates``' cell partials print)."""
    if _in_places(event):
        score_label = secondary_score_label(event)
        return {"score_label": score_label,
                "pod_names": {"points": _("Puntos"), "opponents_points": _("Rivales"),
                              "secondary_score": score_label or ""}}
    return {"labels": TIEBREAKER_LABELS, "names": TIEBREAKER_NAMES}
