"""Corrections of a finished result at any time, by the head judge or an organizer, with a reason.

A correction changes one stored result of any round — closed rounds and a
finished event included — and lets everything computed from results
follow:

- **standings and Buchholz** are computed from the stored results, so they
  follow by themselves; so does the **next pairing**;
- **the current round's pairings stand** (DESIGN.md decision 16); the
  organizer may re-pair it with :func:`~.rounds.round_repair` while it has no
  result (the impact preview, :mod:`.corrections_preview`, offers it);
- **the top cut**: correcting a stage re-seeds the next stage while it has
  no result (its matches keep their rows; only the players change);
  otherwise the correction is refused naming that stage. A Swiss result may
  be corrected after the cut started only when the cut stays the same (the
  same players, seeded in the same order): cut seeding follows only while
  the cut has not started (DESIGN.md decision 16);
- **a finished event**: the podium is worked out again from the stored
  results and the league points follow through the ``event_finished`` hook
  (the league posts only the difference, as reversals);
- **documents**: the latest round's standings (and a re-seeded stage's
  pairings) are printed again.

Every correction adds a :class:`~tournaments.models.ResultEntry` (the
history; its note is the reason) and an event log entry
``match_result_correct`` with before, after and the reason.

What a correction would do is worked out once, by :func:`match_correction_plan`
(:func:`pod_correction_plan` for a pod): the service applies the plan, the
preview (:mod:`.corrections_preview`) shows it, so both refuse the same
corrections with the same message.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from .. import document_requests, hooks
from ..documents import kinds_for_round
from ..enums import DocumentKind, EventState, MatchOutcome, MatchStatus, ResultSource, RoundPhase
from ..errors import IllegalResult, NotAllowed, StateError
from ..formats import format_for
from ..models import Event, Round, Table
from ..permissions import is_head_judge
from ..swiss import topcut
from ..swiss.pods import Placement, PodResult
from ..swiss.types import BracketMatch, MatchRecord, Outcome, Standing
from ..text import round_label, score_text, stage_name
from .eventlog import event_log_append, table_place
from .locks import round_tables_lock, table_lock
from .results import _stale, match_result_validate, seat_hows, table_result_store
from .seating import table_seats_replace

#: Longest reason kept (the result entry's note holds 240 characters).
REASON_MAX = 240


# --------------------------------------------------------------------------- shared with the preview


def corrector_check(event: Event, by) -> None:
    """Raise :class:`NotAllowed` unless ``by`` is the event's head judge or an organizer of its venue."""
    if not is_head_judge(by, event):
        raise NotAllowed(
            "not_head_judge",
            _("Solo el juez principal o un organizador del evento pueden corregir un resultado ya cargado."),
        )


def reason_check(reason: str | None) -> str:
    """The reason, trimmed; :class:`IllegalResult` ``reason_required`` when it is empty."""
    text = (reason or "").strip()
    if not text:
        raise IllegalResult(
            "reason_required",
            _("Falta el motivo de la corrección: escriba por qué cambia el resultado (queda en el historial "
              "del evento)."),
        )
    return text[:REASON_MAX]


def corrected_records(
    records: Iterable[MatchRecord], *, round_number: int, player_a: int, player_b: int | None,
    games_a: int, games_b: int, games_drawn: int, outcome: Outcome,
) -> tuple[MatchRecord, ...]:
    """``records`` with the one match ``(round_number, player_a, player_b)`` replaced by the new score.

    Shapes: core records of the Swiss rounds, any order; the order is kept.
    A match missing from ``records`` (no result yet) is added at the end.
    """
    new = MatchRecord(round_number, player_a, player_b, games_a, games_b, games_drawn,
                      Outcome.DOUBLE_LOSS if outcome == Outcome.DOUBLE_LOSS else None)
    out, found = [], False
    for record in records:
        if (record.round_number, record.player_a, record.player_b) == (round_number, player_a, player_b):
            out.append(new)
            found = True
        else:
            out.append(record)
    if not found:
        out.append(new)
    return tuple(out)


def cut_seeds(standings: Sequence[Standing], cut_size: int) -> tuple[int, ...]:
    """The registrations the top cut takes from ``standings``, seed 1 first (active rows only).

    Default: DESIGN.md decision 6; a dropped or disqualified player is
    skipped (decision 10), as :func:`tournaments.swiss.topcut.seed_bracket` does.
    """
    return tuple(row.registration_id for row in standings if row.active)[:cut_size]


def corrected_snapshot(event: Event, match: Table, games_a: int, games_b: int, games_drawn: int,
                       outcome: Outcome):
    """``(snapshot, altered)``: the format's snapshot of ``event`` and the same with ``match`` corrected."""
    snapshot = format_for(event).snapshot(event)
    records = corrected_records(
        snapshot.swiss_records, round_number=match.round.number, player_a=match.player_a_id,
        player_b=match.player_b_id, games_a=games_a, games_b=games_b, games_drawn=games_drawn, outcome=outcome,
    )
    return snapshot, dataclasses.replace(snapshot, swiss_records=records)


def top_cut_rounds(event: Event):
    """The event's top-cut rounds, first stage first."""
    return event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("number")


def next_stage_round(rnd: Round) -> Round | None:
    """The top-cut round paired after ``rnd`` (the next stage), or ``None``."""
    return Round.objects.filter(event_id=rnd.event_id, phase=RoundPhase.TOP_CUT, number=rnd.number + 1).first()


def podium_now(event: Event):
    """The podium the stored results give now, for a finished event (a correction may change it).

    The format's podium is asked as it was when the event finished: in the
    top cut when it was played, else after the Swiss rounds.
    """
    replay = copy.copy(event)
    replay.state = EventState.TOP_CUT if top_cut_rounds(event).exists() else EventState.SWISS
    return format_for(event).podium(replay)


def _winner(match: Table) -> int | None:
    if match.outcome in (MatchOutcome.A_WINS, MatchOutcome.BYE):
        return match.player_a_id
    if match.outcome == MatchOutcome.B_WINS:
        return match.player_b_id
    return None


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class CorrectionPlan:
    """What correcting one match to a score does, for :func:`match_result_correct` and its preview.

    ``games`` ``(games_a, games_b, games_drawn)`` and ``outcome`` as the
    match would store them. A Swiss match: ``snapshot`` and ``altered`` (the
    format's snapshot before and with the correction), ``before`` and
    ``after`` (the core's standings rows of each), ``cut_before`` and
    ``cut_after`` (the top cut's registrations, seed 1 first; empty without
    a cut). A top-cut match: ``following``, the next stage's round if it was
    paired. ``refusal`` is the :class:`StateError` the service raises
    (``top_cut_started``, ``next_stage_has_results``), or ``None``.
    """

    match: Table
    games: tuple[int, int, int]
    outcome: Outcome
    snapshot: Any = None
    altered: Any = None
    before: Sequence[Standing] = ()
    after: Sequence[Standing] = ()
    cut_before: tuple[int, ...] = ()
    cut_after: tuple[int, ...] = ()
    following: Round | None = None
    refusal: StateError | None = None

    @property
    def winner(self) -> int | None:
        """The match's winner once corrected (``None``: a draw or a double loss)."""
        if self.outcome == Outcome.A_WINS:
            return self.match.player_a_id
        if self.outcome == Outcome.B_WINS:
            return self.match.player_b_id
        return None

    def reseeded_stage(self) -> list[BracketMatch]:
        """The next stage as :func:`tournaments.swiss.topcut.next_stage` pairs it with the corrected winner.

        The better Swiss rank plays as player A (DESIGN.md decision 6). Only
        for a top-cut match whose next stage was paired.
        """
        rnd = self.match.round
        event = rnd.event
        fmt = format_for(event)
        bracket, winners = fmt.bracket_of([rnd])
        key = (rnd.stage if self.match.bracket_slot else 0, self.match.bracket_slot or 1)
        if self.winner is None:
            winners.pop(key, None)
        else:
            winners[key] = self.winner
        return topcut.next_stage(bracket, winners, third_place_match=event.third_place_match,
                                 standings=fmt.standings(event))


def match_correction_plan(
    *, match: Table, games_a: int, games_b: int, games_drawn: int = 0, double_loss: bool = False,
    minutes_late_a: int | None = None, minutes_late_b: int | None = None, how_a: str | None = None,
    how_b: str | None = None,
) -> CorrectionPlan:
    """Work out what correcting ``match`` (with its round and event loaded) to the score does; nothing is written.

    The score is checked as entering it is (:func:`~.results.match_result_validate`:
    :class:`IllegalResult` for a score the format does not allow). A Swiss
    correction that would change a cut already started, or a top-cut one
    whose next stage has a result, comes back with ``refusal`` set.

    Default: DESIGN.md decision 16.
    """
    rnd, event = match.round, match.round.event
    ga, gb, gd, outcome = match_result_validate(
        event=event, rnd=rnd, games_a=games_a, games_b=games_b, games_drawn=games_drawn,
        minutes_late_a=minutes_late_a, minutes_late_b=minutes_late_b, double_loss=double_loss,
        how_a=how_a, how_b=how_b,
    )
    fmt = format_for(event)
    if rnd.phase != RoundPhase.SWISS:
        following = next_stage_round(rnd)
        refusal = None
        if following is not None and fmt.round_has_results(following):
            refusal = StateError(
                "next_stage_has_results",
                _("No se puede corregir: la etapa siguiente (%(stage)s) ya tiene resultados cargados.")
                % {"stage": stage_name(following.stage)},
            )
        return CorrectionPlan(match, (ga, gb, gd), outcome, following=following, refusal=refusal)
    snapshot, altered = corrected_snapshot(event, match, ga, gb, gd, outcome)
    before, after = fmt.standings(event, snapshot), fmt.standings(event, altered)
    cut_before = cut_after = ()
    refusal = None
    if event.cut_size and fmt.has_top_cut:
        cut_before, cut_after = cut_seeds(before, event.cut_size), cut_seeds(after, event.cut_size)
        first = top_cut_rounds(event).first()
        if first is not None and cut_before != cut_after:
            refusal = StateError(
                "top_cut_started",
                _("El reducido ya empezó (%(stage)s) con las posiciones actuales, y esta corrección cambiaría "
                  "quiénes entran al reducido o su orden. Un resultado suizo que cambia el corte ya no se "
                  "corrige.") % {"stage": stage_name(first.stage)},
            )
    return CorrectionPlan(match, (ga, gb, gd), outcome, snapshot=snapshot, altered=altered, before=before,
                          after=after, cut_before=cut_before, cut_after=cut_after, refusal=refusal)


@dataclass(frozen=True)
class PodCorrectionPlan:
    """What correcting one pod to ``lines`` does, for :func:`pod_result_correct` and its preview.

    ``lines``: the checked places, one per seat; ``ended_by_time`` as the
    pod would store it.
    """

    pod: Table
    lines: tuple[Placement, ...]
    ended_by_time: bool

    def snapshots(self) -> tuple[Any, Any]:
        """``(snapshot, altered)``: the format's snapshot of the event, and the same with this pod corrected."""
        rnd = self.pod.round
        snapshot = format_for(rnd.event).snapshot(rnd.event)
        key = (rnd.number, self.pod.table_number)
        altered = dataclasses.replace(snapshot, results=tuple(
            PodResult(rnd.number, self.pod.table_number, self.lines)
            if (result.round_number, result.pod_number) == key else result
            for result in snapshot.results
        ))
        return snapshot, altered


def pod_correction_plan(*, pod: Table, placements: Sequence[tuple[int, int, int | None]],
                        ended_by_time: bool = False) -> PodCorrectionPlan:
    """Check the corrected places of ``pod`` (with its round and event loaded) as the format checks them.

    Raises :class:`IllegalResult` naming the table for places the format
    does not allow (:meth:`~tournaments.formats.base.EventFormat.result_check`).
    """
    event = pod.round.event
    seats = [seat.registration_id for seat in pod.seats.all()]
    lines, by_time = format_for(event).result_check(event, pod, seats, placements, ended_by_time=ended_by_time)
    return PodCorrectionPlan(pod, tuple(lines), by_time)


# --------------------------------------------------------------------------- the re-seed


def _reseed(event: Event, plan: CorrectionPlan, old_winner: int, new_winner: int) -> list[list[int]]:
    """Replace the players of the next stage (no result yet) after the corrected match's winner changed.

    The next stage is the plan's (:meth:`CorrectionPlan.reseeded_stage`);
    the tables stay, their seats are seated again. The corrected match's two
    players trade places: the new winner takes the old winner's seat, the
    old winner the new winner's (the third-place match) or leaves the round.
    Returns the new ``[a, b]`` pairs by slot.
    """
    following = plan.following
    wanted = plan.reseeded_stage()
    tables = round_tables_lock(following, event=event, order_by=("bracket_slot",))
    by_slot = {(bm.slot if bm.stage else 0): bm for bm in wanted}
    traded = {old_winner: new_winner, new_winner: old_winner}
    for table in tables:
        bm = by_slot[table.bracket_slot or 0]
        now = {traded.get(rid, rid) for rid in table.registration_ids}
        if now != {p for p in (bm.player_a, bm.player_b) if p is not None}:
            raise StateError("reseed_failed", _("No se pudo reordenar la etapa siguiente; avisá al administrador."))
    table_seats_replace(tables, {table.pk: [p for p in (by_slot[table.bracket_slot or 0].player_a,
                                                        by_slot[table.bracket_slot or 0].player_b) if p is not None]
                                 for table in tables})
    return [[bm.player_a, bm.player_b] for bm in (by_slot[t.bracket_slot or 0] for t in tables)]


# --------------------------------------------------------------------------- the service


@transaction.atomic
def match_result_correct(
    *,
    match: Table | int,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    reason: str,
    by,
    expected_version: int | None = None,
    went_to_time: bool = False,
    double_loss: bool = False,
    minutes_late_a: int | None = None,
    minutes_late_b: int | None = None,
    how_a: str | None = None,
    how_b: str | None = None,
) -> Table:
    """Correct the finished result of a match of any round; returns the match.

    Shapes: games won by each player and drawn games, as
    :func:`~.results.match_result_record` takes them (the same score checks
    apply: :func:`~.results.match_result_validate`). ``reason`` is kept in
    the history and the event log; ``by`` must be the event's head judge or
    an organizer (:func:`tournaments.permissions.is_head_judge`).
    ``expected_version`` is the match version the form was loaded with.
    The match keeps its status (a closed round's results stay confirmed).
    Re-sending the stored score is a no-op. ``how_a``/``how_b``: how each
    side lost without playing, as :func:`~.results.match_result_record`
    takes them (derived when left out: :func:`~.results.seat_hows`).

    Raises :class:`NotAllowed` for anyone else; :class:`IllegalResult`
    ``reason_required`` without a reason, or for a score the format does
    not allow; :class:`StaleEdit` when the match changed since the form was
    loaded; :class:`StateError` for a bye, a match still without a result
    (``no_result_to_correct``: it is entered, not corrected), a top-cut
    match whose next stage already has a result (``next_stage_has_results``,
    naming the stage), or a Swiss result that would change a cut already
    started (``top_cut_started``).

    Default: DESIGN.md decision 16 (corrections at any time; the current
    round's pairings stand); decision 6 (cut seeding); decision 7 (league
    points, posted again as a difference).
    """
    event, match = table_lock(match)
    rnd = match.round
    corrector_check(event, by)
    text = reason_check(reason)
    where = {"round": round_label(rnd), "table": match.table_number}
    if match.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    if match.status == MatchStatus.PENDING:
        raise StateError(
            "no_result_to_correct",
            _("%(round)s, mesa %(table)s todavía no tiene resultado: cárguelo en la ronda en curso.") % where,
        )
    if expected_version is not None and expected_version != match.version:
        raise _stale(
            match.entries,
            _("Otra persona (%(who)s) cambió esta mesa mientras editabas: %(score)s. "
              "Revisá el resultado actual antes de corregirlo."),
            score=score_text(match.games_a, match.games_b, match.games_drawn),
        )
    plan = match_correction_plan(match=match, games_a=games_a, games_b=games_b, games_drawn=games_drawn,
                                 minutes_late_a=minutes_late_a, minutes_late_b=minutes_late_b,
                                 double_loss=double_loss, how_a=how_a, how_b=how_b)
    (ga, gb, gd), outcome = plan.games, plan.outcome
    hows = seat_hows(outcome=outcome, minutes_late_a=minutes_late_a, minutes_late_b=minutes_late_b,
                     how_a=how_a, how_b=how_b)
    if (match.games_a, match.games_b, match.games_drawn, match.outcome, match.went_to_time,
            match.how_a, match.how_b) == (ga, gb, gd, MatchOutcome(outcome.value), went_to_time, *hows):
        return match
    if plan.refusal is not None:
        raise plan.refusal
    following = plan.following
    old_winner = _winner(match)
    before = {"games": [match.games_a, match.games_b, match.games_drawn], "outcome": str(match.outcome),
              "version": match.version}
    table_result_store(
        match,
        seats={match.player_a_id: {"games": ga, "how": hows[0], "minutes_late": minutes_late_a},
               match.player_b_id: {"games": gb, "how": hows[1], "minutes_late": minutes_late_b}},
        status=match.status, games_drawn=gd, outcome=MatchOutcome(outcome.value), went_to_time=went_to_time,
        intentional_draw=match.intentional_draw, entered_by=by, note=text, source=ResultSource.JUDGE,
    )
    after = {"games": [ga, gb, gd], "outcome": str(match.outcome), "version": match.version, **table_place(match)}
    new_winner = _winner(match)
    reseeded = following is not None and old_winner is not None and new_winner != old_winner
    if reseeded:
        after["reseeded"] = {"stage": following.stage, "pairs": _reseed(event, plan, old_winner, new_winner)}
    event_log_append(event=event, action="match_result_correct", by=by,
                     subject=_("%(round)s, mesa %(table)s") % where, before=before, after=after, reason=text)
    _follow(event, by, reseeded=following if reseeded else None)
    return match


def _follow(event: Event, by, *, reseeded: Round | None) -> None:
    """After a correction: the podium and league points of a finished event, and the documents."""
    if reseeded is not None:
        document_requests.request_round_documents(reseeded, kinds=kinds_for_round(reseeded))
    if event.state == EventState.FINISHED:
        current = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        podium = podium_now(event).as_tuple()
        if podium != current:
            event.podium_first_id, event.podium_second_id, event.podium_third_id = podium
            event.save(update_fields=["podium_first", "podium_second", "podium_third"])
            event_log_append(event=event, action="event_podium_recompute", by=by, before={"podium": list(current)},
                             after={"podium": list(podium)})
        hooks.event_finished(event)  # league points as a difference; final standings printed again
        return
    latest = event.rounds.order_by("-number").first()
    if latest is not None and latest != reseeded:
        document_requests.request_round_documents(latest, kinds=[str(DocumentKind.STANDINGS)])


@transaction.atomic
def pod_result_correct(
    *,
    pod: Table | int,
    placements: Sequence[tuple[int, int, int | None]],
    reason: str,
    by,
    expected_version: int | None = None,
    ended_by_time: bool = False,
) -> Table:
    """Correct the finishing places of a pod of any round; returns the pod.

    Shapes: ``placements`` as :func:`~.results.pod_result_record` takes them
    (one ``(registration_id, place, score)`` per seated player; the same
    checks apply, ``ended_by_time`` included). The rules of :func:`match_result_correct`: head judge or
    organizer, a reason, the pod must have a result, the stored places are
    replaced and a :class:`~tournaments.models.ResultEntry` added; the
    event log entry ``pod_result_correct`` keeps before, after and the
    reason. Standings and the next seating follow from the stored places; a
    finished event's podium and league points follow.

    Raises :class:`NotAllowed`, :class:`IllegalResult` (``reason_required``,
    illegal places), :class:`StaleEdit`, :class:`StateError`
    ``no_result_to_correct``.

    Default: DESIGN.md decision 16; Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo".
    """
    event, pod = table_lock(pod)
    corrector_check(event, by)
    text = reason_check(reason)
    where = {"round": round_label(pod.round), "table": pod.table_number}
    if pod.status == MatchStatus.PENDING:
        raise StateError(
            "no_result_to_correct",
            _("%(round)s, mesa %(table)s todavía no tiene resultado: cárguelo en la ronda en curso.") % where,
        )
    if expected_version is not None and expected_version != pod.version:
        raise _stale(pod.entries, _("Otra persona (%(who)s) cambió esta mesa mientras usted editaba. Revise el "
                                    "resultado actual antes de corregirlo."))
    seats = {seat.registration_id: seat for seat in pod.seats.all()}
    plan = pod_correction_plan(pod=pod, placements=placements, ended_by_time=ended_by_time)
    lines, by_time = plan.lines, plan.ended_by_time
    if pod.went_to_time == by_time and all(
            (seats[line.player_id].place, seats[line.player_id].score) == (line.place, line.score) for line in lines):
        return pod
    before = {"places": sorted([s.registration_id, s.place, s.score] for s in seats.values()), "version": pod.version}
    if pod.went_to_time:
        before["ended_by_time"] = True
    by_player = {line.player_id: line for line in lines}
    table_result_store(
        pod,
        seats={rid: {"place": by_player[rid].place if rid in by_player else None,
                     "score": by_player[rid].score if rid in by_player else None, "how": seat.how}
               for rid, seat in seats.items()},
        status=pod.status, went_to_time=by_time, entered_by=by, note=text, source=ResultSource.JUDGE,
    )
    event_log_append(
        event=event, action="pod_result_correct", by=by, subject=_("%(round)s, mesa %(table)s") % where,
        before=before,
        after={"places": sorted([line.player_id, line.place, line.score] for line in lines), "version": pod.version,
               **table_place(pod), **({"ended_by_time": True} if by_time else {})},
        reason=text,
    )
    _follow(event, by, reseeded=None)
    return pod
