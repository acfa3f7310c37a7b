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
history; its note is the reason) and an event log entry with before, after
and the reason (``match_result_correct`` for a table of game wins,
``pod_result_correct`` for a table of places).

What a correction would do is worked out once, by :func:`table_correction_plan`
for any table of any format: the service (:func:`table_result_correct`)
applies the plan, the preview (:mod:`.corrections_preview`) shows it, so
both refuse the same corrections with the same message.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from .. import document_requests, hooks
from ..documents import kinds_for_round
from ..enums import DocumentKind, EventState, MatchOutcome, MatchStatus, ResultSource, RoundPhase
from ..errors import IllegalResult, NotAllowed, StateError
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
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
            _("Falta el motivo de la corrección: escribí por qué cambia el resultado (queda en el historial "
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


def _stored_winner(match: Table) -> int | None:
    if match.outcome in (MatchOutcome.A_WINS, MatchOutcome.BYE):
        return match.player_a_id
    if match.outcome == MatchOutcome.B_WINS:
        return match.player_b_id
    return None


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class SeatChange:
    """One seat of the corrected table: its stored values and the corrected ones.

    ``before`` and ``after`` hold the keys of the table's result kind:
    ``games``, ``how`` and ``minutes_late`` for game wins, ``place``,
    ``score`` and ``how`` for places (the per-seat shape of
    :func:`~.results.table_result_store`).
    """

    registration_id: int
    before: dict
    after: dict

    @property
    def changed(self) -> bool:
        """Whether the correction changes what this seat stores of its result kind (``minutes_late`` is not
        stored)."""
        return any(self.before.get(key) != value for key, value in self.after.items() if key != "minutes_late")


def standing_id(row) -> int:
    """The registration of a standings row of any format (duel rows and pod rows name it differently)."""
    return row.registration_id if hasattr(row, "registration_id") else row.player_id


@dataclass(frozen=True)
class CorrectionPlan:
    """What correcting one table does, for :func:`table_result_correct` and its preview.

    ``results``: the format's result kind (:data:`~tournaments.formats.base.GAME_RESULTS`
    or :data:`~tournaments.formats.base.PLACE_RESULTS`). ``seats``: one
    :class:`SeatChange` per seat, in seat order. ``games_drawn``,
    ``outcome`` (``None`` for places) and ``went_to_time`` as the table
    would store them. A Swiss table: ``snapshot`` and ``altered`` (the
    format's snapshot before and with the correction), ``before`` and
    ``after`` (the format's standings rows of each), ``cut_before`` and
    ``cut_after`` (the top cut's registrations, seed 1 first; empty without
    a cut). A top-cut table: ``following``, the next stage's round if it was
    paired. ``refusal`` is the :class:`StateError` the service raises
    (``top_cut_started``, ``next_stage_has_results``), or ``None``.
    """

    table: Table
    results: str
    seats: tuple[SeatChange, ...]
    games_drawn: int = 0
    outcome: Outcome | None = None
    went_to_time: bool = False
    snapshot: Any = None
    altered: Any = None
    before: Sequence[Any] = ()
    after: Sequence[Any] = ()
    cut_before: tuple[int, ...] = ()
    cut_after: tuple[int, ...] = ()
    following: Round | None = None
    refusal: StateError | None = None

    @property
    def by_places(self) -> bool:
        """Whether the table's result is a place per seat (a pod), not game wins."""
        return self.results == PLACE_RESULTS

    @property
    def games(self) -> tuple[int, int, int]:
        """``(games_a, games_b, games_drawn)`` once corrected (a table of game wins)."""
        after = {change.registration_id: change.after for change in self.seats}
        return (after[self.table.player_a_id]["games"], after[self.table.player_b_id]["games"], self.games_drawn)

    @property
    def unchanged(self) -> bool:
        """Whether the table already stores the corrected result (correcting it is a no-op)."""
        table = self.table
        if any(change.changed for change in self.seats) or table.went_to_time != self.went_to_time:
            return False
        return self.by_places or (table.games_drawn, table.outcome) == (self.games_drawn,
                                                                        MatchOutcome(self.outcome.value))

    @property
    def winner(self) -> int | None:
        """The table's winner once corrected (``None``: a draw, a double loss or a table of places)."""
        if self.outcome == Outcome.A_WINS:
            return self.table.player_a_id
        if self.outcome == Outcome.B_WINS:
            return self.table.player_b_id
        return None

    def store_values(self) -> dict:
        """The keyword arguments :func:`~.results.table_result_store` writes the corrected result with."""
        values = {"seats": {change.registration_id: change.after for change in self.seats},
                  "went_to_time": self.went_to_time}
        if not self.by_places:
            values.update(games_drawn=self.games_drawn, outcome=MatchOutcome(self.outcome.value),
                          intentional_draw=self.table.intentional_draw)
        return values

    def logged(self, side: str) -> dict:
        """The event log's ``before`` or ``after`` (``side``) of the table's result, without its version."""
        if self.by_places:
            values = [(change.registration_id, getattr(change, side)) for change in self.seats]
            out: dict = {"places": sorted([rid, seat.get("place"), seat.get("score")] for rid, seat in values)}
            if (self.table.went_to_time if side == "before" else self.went_to_time):
                out["ended_by_time"] = True
            return out
        if side == "before":
            table = self.table
            return {"games": [table.games_a, table.games_b, table.games_drawn], "outcome": str(table.outcome)}
        return {"games": list(self.games), "outcome": str(MatchOutcome(self.outcome.value))}

    def reseeded_stage(self) -> list[BracketMatch]:
        """The next stage as :func:`tournaments.swiss.topcut.next_stage` pairs it with the corrected winner.

        The better Swiss rank plays as player A (DESIGN.md decision 6). Only
        for a top-cut table whose next stage was paired.
        """
        rnd = self.table.round
        event = rnd.event
        fmt = format_for(event)
        bracket, winners = fmt.bracket_of([rnd])
        key = (rnd.stage if self.table.bracket_slot else 0, self.table.bracket_slot or 1)
        if self.winner is None:
            winners.pop(key, None)
        else:
            winners[key] = self.winner
        return topcut.next_stage(bracket, winners, third_place_match=event.third_place_match,
                                 standings=fmt.standings(event))

    def podium_after(self) -> tuple[int | None, int | None, int | None]:
        """The podium of a finished event once corrected (the service works it out again from the stored results).

        A Swiss table without a top cut: the first three active rows of the
        corrected standings, disqualified players skipped (DESIGN.md decision
        10). In the cut (only the last stage of a finished event can change):
        the final's winner and loser, or the third-place match's winner.
        Otherwise the stored podium.
        """
        table, event = self.table, self.table.round.event
        current = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        rnd = table.round
        if rnd.phase == RoundPhase.SWISS:
            if not self.after or top_cut_rounds(event).exists():
                return current
            disqualified = set(event.registrations.filter(disqualified=True).values_list("pk", flat=True))
            ranking = [standing_id(row) for row in self.after if row.active]
            return topcut.podium_without((), ranking, disqualified).as_tuple()
        winner = table.player_a_id if self.outcome == Outcome.A_WINS else table.player_b_id
        loser = table.player_b_id if winner == table.player_a_id else table.player_a_id
        if table.bracket_slot == 0:
            return (current[0], current[1], winner)
        if rnd.stage == 1:
            return (winner, loser, current[2])
        return current


def _seats_check(table: Table, seats) -> None:
    if set(seats) != set(table.registration_ids):
        raise IllegalResult(
            "seats_mismatch",
            _("Mesa %(table)s: los jugadores del resultado no son los sentados en la mesa.")
            % {"table": table.table_number},
        )


def _games_after(event: Event, table: Table, seats, *, games_drawn: int, double_loss: bool, went_to_time: bool):
    """The seats, drawn games and outcome a table of game wins would store (:func:`~.results.match_result_validate`)."""
    a, b = seats[table.player_a_id], seats[table.player_b_id] if table.player_b_id is not None else {}
    late_a, late_b = a.get("minutes_late"), b.get("minutes_late")
    ga, gb, gd, outcome = match_result_validate(
        event=event, rnd=table.round, games_a=a.get("games") or 0, games_b=b.get("games") or 0,
        games_drawn=games_drawn, minutes_late_a=late_a, minutes_late_b=late_b, double_loss=double_loss,
        how_a=a.get("how"), how_b=b.get("how"),
    )
    how_a, how_b = seat_hows(outcome=outcome, minutes_late_a=late_a, minutes_late_b=late_b, how_a=a.get("how"),
                             how_b=b.get("how"))
    after = {table.player_a_id: {"games": ga, "how": how_a, "minutes_late": late_a},
             table.player_b_id: {"games": gb, "how": how_b, "minutes_late": late_b}}
    return after, gd, outcome, went_to_time


def _places_after(event: Event, table: Table, seats, *, went_to_time: bool):
    """The seats of a table of places as the format checks them
    (:meth:`~tournaments.formats.base.EventFormat.result_check`), and whether it ended by time."""
    stored = {seat.registration_id: seat for seat in table.seat_list}
    placements = [(rid, values.get("place"), values.get("score")) for rid, values in seats.items()]
    lines, by_time = format_for(event).result_check(event, table, list(stored), placements,
                                                    ended_by_time=went_to_time)
    checked = {line.player_id: line for line in lines}
    after = {rid: {"place": checked[rid].place, "score": checked[rid].score, "how": seat.how}
             for rid, seat in stored.items()}
    return after, tuple(lines), by_time


def _altered(snapshot, table: Table, *, games: tuple | None = None, lines: tuple[Placement, ...] = ()) -> Any:
    """The format's snapshot with ``table``'s stored result replaced by the corrected one
    (``games`` ``(a, b, drawn, outcome)`` on a table of game wins, ``lines`` on a table of places)."""
    rnd = table.round
    if games is None:
        key = (rnd.number, table.table_number)
        return dataclasses.replace(snapshot, results=tuple(
            PodResult(rnd.number, table.table_number, lines)
            if (result.round_number, result.pod_number) == key else result
            for result in snapshot.results
        ))
    ga, gb, gd, outcome = games
    return dataclasses.replace(snapshot, swiss_records=corrected_records(
        snapshot.swiss_records, round_number=rnd.number, player_a=table.player_a_id, player_b=table.player_b_id,
        games_a=ga, games_b=gb, games_drawn=gd, outcome=outcome,
    ))


def table_correction_plan(
    *, table: Table, seats: Mapping[int, Mapping[str, Any]], games_drawn: int = 0, double_loss: bool = False,
    went_to_time: bool = False,
) -> CorrectionPlan:
    """Work out what correcting ``table`` (with its round and event loaded) to ``seats`` does; nothing is written.

    Shapes: ``seats`` maps each seated registration id to its corrected
    values — ``games`` (and optionally ``minutes_late``, ``how``) on a
    table of game wins, ``place`` and ``score`` on a table of places (the
    format's :attr:`~tournaments.formats.base.EventFormat.table_results`).
    ``games_drawn`` and ``double_loss`` count for game wins only.

    The values are checked as entering them is (game wins:
    :func:`~.results.match_result_validate` and :func:`~.results.seat_hows`;
    places: the format's ``result_check``, which also decides whether the
    table ended by time): :class:`IllegalResult` for a result the format
    does not allow, ``seats_mismatch`` for players not seated at the table.
    A Swiss correction that would change a cut already started, or a
    top-cut one whose next stage has a result, comes back with ``refusal``
    set.

    Default: DESIGN.md decision 16.
    """
    rnd, event = table.round, table.round.event
    fmt = format_for(event)
    _seats_check(table, seats)
    stored = {seat.registration_id: {"games": seat.games, "place": seat.place, "score": seat.score,
                                     "how": seat.how} for seat in table.seat_list}
    outcome = None
    if fmt.table_results == PLACE_RESULTS:
        after, lines, went_to_time = _places_after(event, table, seats, went_to_time=went_to_time)
        gd, corrected = 0, {"lines": lines}
    else:
        after, gd, outcome, went_to_time = _games_after(event, table, seats, games_drawn=games_drawn,
                                                        double_loss=double_loss, went_to_time=went_to_time)
        corrected = {"games": (after[table.player_a_id]["games"], after[table.player_b_id]["games"], gd, outcome)}
    common = {"table": table, "results": fmt.table_results, "games_drawn": gd, "outcome": outcome,
              "went_to_time": went_to_time,
              "seats": tuple(SeatChange(rid, stored[rid], after[rid]) for rid in table.registration_ids)}
    if rnd.phase != RoundPhase.SWISS:
        following = next_stage_round(rnd)
        refusal = None
        if following is not None and fmt.round_has_results(following):
            refusal = StateError(
                "next_stage_has_results",
                _("No se puede corregir: la etapa siguiente (%(stage)s) ya tiene resultados cargados.")
                % {"stage": stage_name(following.stage)},
            )
        return CorrectionPlan(**common, following=following, refusal=refusal)
    snapshot = fmt.snapshot(event)
    altered = _altered(snapshot, table, **corrected)
    before, after_rows = fmt.standings(event, snapshot), fmt.standings(event, altered)
    cut_before = cut_after = ()
    refusal = None
    if event.cut_size and fmt.has_top_cut:
        cut_before, cut_after = cut_seeds(before, event.cut_size), cut_seeds(after_rows, event.cut_size)
        first = top_cut_rounds(event).first()
        if first is not None and cut_before != cut_after:
            refusal = StateError(
                "top_cut_started",
                _("El reducido ya empezó (%(stage)s) con las posiciones actuales, y esta corrección cambiaría "
                  "quiénes entran al reducido o su orden. Un resultado suizo que cambia el corte ya no se "
                  "corrige.") % {"stage": stage_name(first.stage)},
            )
    return CorrectionPlan(**common, snapshot=snapshot, altered=altered, before=before, after=after_rows,
                          cut_before=cut_before, cut_after=cut_after, refusal=refusal)


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


def _result_text(table: Table) -> str:
    """The stored result of ``table`` in words, for the stale-edit refusal: ``2-1`` or ``1.º #12, 2.º #7``."""
    if table.outcome:
        return score_text(table.games_a, table.games_b, table.games_drawn)
    seats = sorted((seat for seat in table.seat_list if seat.place), key=lambda seat: seat.place)
    return ", ".join(f"{seat.place}.º {seat.registration.player.display_name}" for seat in seats)


@transaction.atomic
def table_result_correct(
    *,
    table: Table | int,
    seats: Mapping[int, Mapping[str, Any]],
    reason: str,
    by,
    expected_version: int | None = None,
    games_drawn: int = 0,
    double_loss: bool = False,
    went_to_time: bool = False,
) -> Table:
    """Correct the finished result of a table of any round and any format; returns the table.

    Shapes: ``seats``, ``games_drawn``, ``double_loss`` and ``went_to_time``
    as :func:`table_correction_plan` takes them (the same checks as entering
    the result apply; on a table of places the format decides whether it
    ended by time). ``reason`` is kept in the history and the event log;
    ``by`` must be the event's head judge or an organizer
    (:func:`tournaments.permissions.is_head_judge`). ``expected_version``
    is the table version the form was loaded with. The table keeps its
    status (a closed round's results stay confirmed). Re-sending the stored
    result is a no-op.

    Raises :class:`NotAllowed` for anyone else; :class:`IllegalResult`
    ``reason_required`` without a reason, or for a result the format does
    not allow; :class:`StaleEdit` when the table changed since the form was
    loaded; :class:`StateError` for a bye (``bye_has_no_result``), a table
    still without a result (``no_result_to_correct``: it is entered, not
    corrected), a top-cut table whose next stage already has a result
    (``next_stage_has_results``, naming the stage), or a Swiss result that
    would change a cut already started (``top_cut_started``).

    Default: DESIGN.md decision 16 (corrections at any time; the current
    round's pairings stand); decision 6 (cut seeding); decision 7 (league
    points, posted again as a difference). Rule: 004_4a3d59c736a1e8f3.txt
    § "1 Objetivo" (places by stoner points).
    """
    event, table = table_lock(table)
    rnd = table.round
    corrector_check(event, by)
    text = reason_check(reason)
    where = {"round": round_label(rnd), "table": table.table_number}
    if table.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    if table.status == MatchStatus.PENDING:
        raise StateError(
            "no_result_to_correct",
            _("%(round)s, mesa %(table)s todavía no tiene resultado: cargalo en la ronda en curso.") % where,
        )
    if expected_version is not None and expected_version != table.version:
        raise _stale(
            table.entries,
            _("Otra persona (%(who)s) cambió esta mesa mientras editabas: %(score)s. "
              "Revisá el resultado actual antes de corregirlo."),
            score=_result_text(table),
        )
    plan = table_correction_plan(table=table, seats=seats, games_drawn=games_drawn, double_loss=double_loss,
                                 went_to_time=went_to_time)
    if plan.unchanged:
        return table
    if plan.refusal is not None:
        raise plan.refusal
    following = plan.following
    old_winner = _stored_winner(table)
    before = {**plan.logged("before"), "version": table.version}
    table_result_store(table, **plan.store_values(), status=table.status, entered_by=by, note=text,
                       source=ResultSource.JUDGE)
    after = {**plan.logged("after"), "version": table.version, **table_place(table)}
    new_winner = plan.winner
    reseeded = following is not None and old_winner is not None and new_winner != old_winner
    if reseeded:
        after["reseeded"] = {"stage": following.stage, "pairs": _reseed(event, plan, old_winner, new_winner)}
    event_log_append(event=event, action="pod_result_correct" if plan.by_places else "match_result_correct",
                     by=by, subject=_("%(round)s, mesa %(table)s") % where, before=before, after=after, reason=text)
    _follow(event, by, reseeded=following if reseeded else None)
    return table


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
