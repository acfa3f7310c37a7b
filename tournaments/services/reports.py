"""Self-reported results (issue #17 point 4; DESIGN.md decision 21).

Each player of a match (every seat of a pod) reports the result from their
phone while the round is open. When the reports agree, the result is
recorded through the judge's own path (:func:`.results.table_result_record`:
the format's validation, the same history and event log)
with source ``players``; when they disagree the table waits in the judges'
queue (:mod:`tournaments.report_selectors`). A judge's entry always wins: it
goes through the unchanged judge form or API, and once a table has any
result entry its players can no longer report.

Lock order as everywhere (:mod:`.locks`): the event row, then the match or
pod; the reports of a table are only written under its lock, so two players
reporting at the same instant are serialized and exactly one of them
records the result.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from ..enums import EventState, MatchStatus, ResultSource, RoundState
from ..errors import NotAllowed, StateError
from ..formats import format_for
from ..models import Event, Registration, Round, Table, TableReport
from ..stamps import stamps_deferred
from ..text import round_label
from .eventlog import event_log_append, table_place
from .locks import table_lock
from .results import table_result_record

#: What a submission led to.
WAITING = "waiting"  # this report is in; the rival (or another seat) has not reported yet
CONFLICT = "conflict"  # the reports differ: the judges resolve it
RECORDED = "recorded"  # every report agrees: the result is recorded with source "players"


@dataclass(frozen=True, slots=True)
class ReportOutcome:
    """``state`` is :data:`WAITING`, :data:`CONFLICT` or :data:`RECORDED`; ``report`` the player's saved row."""

    state: str
    report: TableReport


def _require_open(event: Event, rnd: Round) -> None:
    """Refuse unless self-reporting is on and ``rnd`` is the event's current, open round."""
    if not event.self_reporting:
        raise StateError("self_reporting_off", _("En este evento los resultados los cargan los jueces."))
    current = event.rounds.order_by("-number").first()
    if event.state == EventState.FINISHED or rnd.pk != current.pk or rnd.state != RoundState.PAIRED:
        raise StateError("round_closed", _("La ronda ya está cerrada: no se pueden reportar resultados."))


def _require_reporter(registration: Registration | int, allowed: set[int], by) -> int:
    """The reporting registration's id, or :class:`NotAllowed` unless it is ``by``'s and plays at this table."""
    reg_id = registration.pk if isinstance(registration, Registration) else registration
    user_id = Registration.objects.filter(pk=reg_id).values_list("player__user_id", flat=True).first()
    if reg_id not in allowed or user_id is None or user_id != getattr(by, "pk", None):
        raise NotAllowed("not_your_match", _("Sólo podés reportar el resultado de tu propia mesa."))
    return reg_id


def _result_taken() -> StateError:
    return StateError("result_recorded", _("Esta mesa ya tiene un resultado cargado; si no es correcto, avisale "
                                           "a un juez."))


def _save(model, lookup: dict, values: dict, by):
    """Create or update the report row, with ``by`` as the history's user."""
    row = model.objects.filter(**lookup).first() or model(**lookup)
    changed = row.pk is None or any(getattr(row, key) != value for key, value in values.items())
    for key, value in values.items():
        setattr(row, key, value)
    if changed:
        row._history_user = by if getattr(by, "pk", None) else None
        row.save()
    return row, changed


def _report_seat(registration_id: int, values: dict) -> dict:
    return {"registration": registration_id, "games": values.get("games", 0) or 0, "place": values.get("place"),
            "score": values.get("score")}


@transaction.atomic
@stamps_deferred()
def table_report_submit(*, table: Table | int, registration: Registration | int, seats: Sequence[dict],
                        games_drawn: int = 0, intentional_draw: bool = False, went_to_time: bool = False,
                        by) -> ReportOutcome:
    """Save ``by``'s report of their table; record the result when every seat's report agrees.

    ``seats`` and the other values have the shape of
    :func:`.results.table_result_record` (a duel's ``games`` per side, a
    pod's ``place`` and ``score`` per seat; give each entry its
    ``registration`` so the reporter's side needs no orientation) but no
    tardiness, no double loss and no absent player, which only judges enter.
    The event's format checks them as it checks a judge's entry
    (:meth:`tournaments.formats.base.EventFormat.result_validate`). A player
    may change their report until every seat agrees. Returns the
    :class:`ReportOutcome`.

    Raises :class:`NotAllowed` (``not_your_match``) unless ``registration``
    is seated at the table and belongs to ``by``; :class:`StateError`
    ``self_reporting_off``, ``round_closed`` (not the event's current open
    round), ``bye_has_no_result`` or ``result_recorded`` (the table already
    has a result entry: a judge's, or the players' own);
    :class:`IllegalResult` for values the format refuses.

    Rule: DESIGN.md decision 21 ("every seat, in pods"); issue #17 point 4.
    """
    event, table = table_lock(table, shared=True)
    rnd = table.round
    _require_open(event, rnd)
    seat_ids = set(table.registration_ids) - {None}
    reg_id = _require_reporter(registration, seat_ids, by)
    if table.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    if table.status != MatchStatus.PENDING or table.entries.exists():
        raise _result_taken()
    fmt = format_for(event)
    reported = [{key: entry[key] for key in ("registration", "games", "place", "score") if key in entry}
                for entry in seats]
    result = fmt.result_validate(event, table, reported, games_drawn=games_drawn, went_to_time=went_to_time,
                                 intentional_draw=intentional_draw)
    stored = {"seats": [_report_seat(rid, result.seats[rid]) for rid in table.registration_ids],
              "games_drawn": result.games_drawn, "intentional_draw": result.intentional_draw,
              "went_to_time": result.went_to_time}
    previous = TableReport.objects.filter(table=table, registration_id=reg_id).first()
    before = fmt.report_log_values(previous) if previous else None
    report, changed = _save(TableReport, {"table": table, "registration_id": reg_id}, stored, by)
    if changed:
        event_log_append(
            event=event, action=fmt.report_log_action, by=by,
            subject=_("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": table.table_number},
            before={"registration": reg_id, **before} if before else {},
            after={"registration": reg_id, **fmt.report_log_values(report), **table_place(table)})
    reports = list(TableReport.objects.filter(table=table))
    if len({r.key() for r in reports}) > 1:
        return ReportOutcome(CONFLICT, report)
    if {r.registration_id for r in reports} != seat_ids:
        return ReportOutcome(WAITING, report)
    table_result_record(
        table=table, seats=report.seats, games_drawn=result.games_drawn, went_to_time=result.went_to_time,
        intentional_draw=result.intentional_draw, expected_version=table.version, entered_by=by,
        note=_("Reportado por ambos jugadores.") if len(seat_ids) == 2 else _(
            "Reportado por los %(n)d jugadores de la mesa.") % {"n": len(seat_ids)},
        source=ResultSource.PLAYERS,
    )
    table.refresh_from_db()
    TableReport.objects.filter(table=table).update(locked=True)
    report.locked = True
    return ReportOutcome(RECORDED, report)


__all__ = ["CONFLICT", "RECORDED", "WAITING", "ReportOutcome", "table_report_submit"]
