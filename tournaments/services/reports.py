"""Self-reported results (issue #17 point 4; DESIGN.md decision 21).

Each player of a match (every seat of a pod) reports the result from their
phone while the round is open. When the reports agree, the result is
recorded through the judge's own path (:func:`.results.match_result_record`,
:func:`.results.pod_result_record`: same validation, history and event log)
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
from ..text import round_label
from .eventlog import event_log_append, table_place
from .locks import table_lock
from .results import match_result_record, match_result_validate, pod_result_record

#: What a submission led to.
WAITING = "waiting"  # this report is in; the rival (or another seat) has not reported yet
CONFLICT = "conflict"  # the reports differ: the judges resolve it
RECORDED = "recorded"  # every report agrees: the result is recorded with source "players"


@dataclass(frozen=True, slots=True)
class ReportedResult:
    """A match result as a player reports it, in the match's orientation (A is ``match.player_a``).

    Units: games won by each player and drawn games; the same fields as the
    judge's form (:class:`tournaments.views.forms.ResultForm`) but no
    tardiness and no double loss, which only judges enter.
    """

    games_a: int
    games_b: int
    games_drawn: int = 0
    intentional_draw: bool = False
    went_to_time: bool = False

    @classmethod
    def from_mine(cls, match: Table, registration_id: int, *, mine: int, theirs: int, drawn: int = 0,
                  intentional_draw: bool = False, went_to_time: bool = False) -> ReportedResult:
        """The result from the reporter's side (``mine`` are the reporter's game wins)."""
        if match.player_a_id == registration_id:
            return cls(mine, theirs, drawn, intentional_draw, went_to_time)
        return cls(theirs, mine, drawn, intentional_draw, went_to_time)


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


@transaction.atomic
def match_report_submit(*, match: Table | int, registration: Registration | int, result: ReportedResult,
                        by) -> ReportOutcome:
    """Save ``by``'s report of their match; record the result when both players' reports agree.

    A player may change their report until both agree. Returns the
    :class:`ReportOutcome`. Raises :class:`NotAllowed` (``not_your_match``)
    unless ``registration`` is one of the match's two players and belongs to
    ``by``; :class:`StateError` ``self_reporting_off``, ``round_closed`` (not
    the event's current open round), ``bye_has_no_result`` or
    ``result_recorded`` (the match already has a result entry: a judge's,
    or the players' own); :class:`IllegalResult` for a score the judge's form
    refuses too (:func:`.results.match_result_validate`).

    Rule: DESIGN.md decision 21; issue #17 point 4.
    """
    event, match = table_lock(match)
    rnd = match.round
    _require_open(event, rnd)
    reg_id = _require_reporter(registration, {match.player_a_id, match.player_b_id} - {None}, by)
    if match.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    if match.status != MatchStatus.PENDING or match.entries.exists():
        raise _result_taken()
    match_result_validate(event=event, rnd=rnd, games_a=result.games_a, games_b=result.games_b,
                          games_drawn=result.games_drawn, intentional_draw=result.intentional_draw,
                          went_to_time=result.went_to_time)
    values = {"games_a": result.games_a, "games_b": result.games_b, "games_drawn": result.games_drawn,
              "intentional_draw": result.intentional_draw, "went_to_time": result.went_to_time}
    stored = {"seats": [_report_seat(match.player_a_id, games=result.games_a),
                        _report_seat(match.player_b_id, games=result.games_b)],
              "games_drawn": result.games_drawn, "intentional_draw": result.intentional_draw,
              "went_to_time": result.went_to_time}
    previous = TableReport.objects.filter(table=match, registration_id=reg_id).first()
    before = ({"games_a": previous.games_a, "games_b": previous.games_b, "games_drawn": previous.games_drawn,
               "intentional_draw": previous.intentional_draw, "went_to_time": previous.went_to_time}
              if previous else None)
    report, changed = _save(TableReport, {"table": match, "registration_id": reg_id}, stored, by)
    subject = _("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": match.table_number}
    if changed:
        event_log_append(event=event, action="match_report_submit", by=by, subject=subject,
                         before={"registration": reg_id, **before} if before else {},
                         after={"registration": reg_id, **values, **table_place(match)})
    reports = list(TableReport.objects.filter(table=match))
    if len(reports) < 2:
        return ReportOutcome(WAITING, report)
    if len({r.key() for r in reports}) > 1:
        return ReportOutcome(CONFLICT, report)
    match_result_record(
        match=match, games_a=result.games_a, games_b=result.games_b, games_drawn=result.games_drawn,
        expected_version=match.version, went_to_time=result.went_to_time, intentional_draw=result.intentional_draw,
        entered_by=by, note=_("Reportado por ambos jugadores."), source=ResultSource.PLAYERS,
    )
    match.refresh_from_db()
    TableReport.objects.filter(table=match).update(locked=True)
    report.locked = True
    return ReportOutcome(RECORDED, report)


def _normalized(placements: Sequence[Sequence]) -> list[list]:
    return sorted([int(line[0]), int(line[1]), None if line[2] is None else int(line[2])] for line in placements)


def _report_seat(registration_id: int, *, games: int = 0, place: int | None = None,
                 score: int | None = None) -> dict:
    return {"registration": registration_id, "games": games, "place": place, "score": score}


@transaction.atomic
def pod_report_submit(*, pod: Table | int, registration: Registration | int,
                      placements: Sequence[tuple[int, int, int | None]], ended_by_time: bool = False,
                      by) -> ReportOutcome:
    """Save ``by``'s report of their pod's finishing order; record it when every seat has reported the same.

    ``placements``: one ``(registration_id, place, score)`` per seat, checked
    like the judge's pod form (:meth:`tournaments.formats.pods.Pods.result_check`).
    Same refusals as :func:`match_report_submit` (``not_your_match`` when
    ``registration`` is not seated at this pod or not ``by``'s).

    Rule: DESIGN.md decision 21 ("every seat, in pods"); issue #17 point 4.
    """
    event, pod = table_lock(pod)
    _require_open(event, pod.round)
    seat_ids = set(pod.registration_ids)
    reg_id = _require_reporter(registration, seat_ids, by)
    if pod.status != MatchStatus.PENDING or pod.entries.exists():
        raise _result_taken()
    lines, by_time = format_for(event).result_check(event, pod, seat_ids, placements, ended_by_time=ended_by_time)
    values = {"placements": _normalized([(line.player_id, line.place, line.score) for line in lines]),
              "ended_by_time": by_time}
    by_player = {line.player_id: line for line in lines}
    stored = {"seats": [_report_seat(rid, place=by_player[rid].place, score=by_player[rid].score)
                        for rid in pod.registration_ids],
              "went_to_time": by_time}
    previous = TableReport.objects.filter(table=pod, registration_id=reg_id).first()
    before = {"placements": previous.placements, "ended_by_time": previous.went_to_time} if previous else None
    report, changed = _save(TableReport, {"table": pod, "registration_id": reg_id}, stored, by)
    if changed:
        event_log_append(
            event=event, action="pod_report_submit", by=by,
            subject=_("%(round)s, mesa %(table)s") % {"round": round_label(pod.round), "table": pod.table_number},
            before={"registration": reg_id, **before} if before else {},
            after={"registration": reg_id, **values, **table_place(pod)})
    reports = list(TableReport.objects.filter(table=pod))
    if len({r.key() for r in reports}) > 1:
        return ReportOutcome(CONFLICT, report)
    if {r.registration_id for r in reports} != seat_ids:
        return ReportOutcome(WAITING, report)
    pod_result_record(pod=pod, placements=[tuple(line) for line in values["placements"]],
                      expected_version=pod.version, entered_by=by, ended_by_time=by_time, source=ResultSource.PLAYERS)
    pod.refresh_from_db()
    TableReport.objects.filter(table=pod).update(locked=True)
    report.locked = True
    return ReportOutcome(RECORDED, report)


__all__ = ["CONFLICT", "RECORDED", "WAITING", "ReportOutcome", "ReportedResult", "match_report_submit",
           "pod_report_submit"]
