"""Impact preview of a result correction, computed on an altered snapshot (nothing is written).

The preview shows the plan the correction service applies
(:func:`.corrections.match_correction_plan`: the format's snapshot with the
one corrected record swapped in, the standings before and after, the
service's refusal), so it refuses what the service refuses, with the same
message. It answers what the organizer must know before confirming (issue
#13, DESIGN.md decision 16):

- the standings **rows that move** (rank, match points, Buchholz before →
  after, and the criterion that separates the row from the one above);
- whether the **current round** would have been paired differently: the
  core pairs the current round's number again from the corrected results of
  the rounds before it, with the round's recorded seed, and the pairs are
  compared with the stored ones; when the current round has no result yet
  the preview offers to re-pair it (:func:`tournaments.services.round_repair`
  after the correction);
- whether the **cut line** changes (the top ``cut_size`` active players
  before and after);
- in the top cut, the next stage re-seeded, or the refusal naming it; for a
  finished event, the podium before and after.

:func:`pod_correction_preview` does the same for a pod of a multiplayer
event (:func:`.corrections.pod_correction_plan`, applied by
:func:`tournaments.services.pod_result_correct`): the pod's places
before → after, the pod standings rows that move (rank, placement points,
opponents' points, the secondary score) and a finished event's podium.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import ArenaError, StateError
from ..formats import format_for
from ..labels import TIEBREAKER_LABELS
from ..models import Event, Registration, Table
from ..pods_selectors import secondary_score_label
from ..swiss import topcut
from ..swiss.pairing import pair_round
from ..swiss.pods import POD_TIEBREAKERS
from ..swiss.standings import compute_standings
from ..swiss.types import Outcome
from ..text import round_label, stage_name
from .corrections import (
    CorrectionPlan,
    corrected_records,
    match_correction_plan,
    pod_correction_plan,
    top_cut_rounds,
)


@dataclass(frozen=True, slots=True)
class MovedRow:
    """One standings row that the correction moves (before → after)."""

    registration_id: int
    name: str
    rank_before: int
    rank_after: int
    points_before: float
    points_after: float
    buchholz_before: float
    buchholz_after: float
    criterion_before: str
    criterion_after: str


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """What a correction would change; ``refusal`` is the service's message when it would be refused.

    ``pairs_differ`` is ``None`` when there is no later Swiss round to compare.
    ``pairs_after`` lists the current round's pairs as the corrected standings
    pair them, ``(name A, name B or None for the bye)``.
    """

    match_id: int
    subject: str
    score_before: tuple[int, int, int]
    score_after: tuple[int, int, int]
    moved: tuple[MovedRow, ...] = ()
    current_round: str = ""
    pairs_differ: bool | None = None
    pairs_after: tuple[tuple[str, str | None], ...] = ()
    current_has_results: bool = False
    can_repair: bool = False
    cut_size: int = 0
    cut_changes: bool = False
    cut_in: tuple[str, ...] = ()
    cut_out: tuple[str, ...] = ()
    reseed_stage: str = ""
    reseed_pairs: tuple[tuple[str, str], ...] = ()
    podium_before: tuple[str, ...] = ()
    podium_after: tuple[str, ...] = ()
    refusal: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)


def _criterion(row) -> str:
    if row.technical_tie:
        return str(_("empate técnico"))
    if row.separated_by is None:
        return "—"
    return str(TIEBREAKER_LABELS.get(row.separated_by, row.separated_by))


def _moved(before, after, names: dict[int, str]) -> tuple[MovedRow, ...]:
    old = {row.registration_id: row for row in before}
    out = []
    for row in after:
        prev = old[row.registration_id]
        if (prev.rank, prev.match_points, prev.buchholz) != (row.rank, row.match_points, row.buchholz):
            out.append(MovedRow(
                row.registration_id, names.get(row.registration_id, "?"), prev.rank, row.rank,
                prev.match_points, row.match_points, prev.buchholz, row.buchholz, _criterion(prev), _criterion(row),
            ))
    return tuple(out)


def _pairs_of(current) -> set[frozenset]:
    return {frozenset(p for p in (m.player_a_id, m.player_b_id) if p is not None) for m in current.tables.all()}


def _repaired(event: Event, current, snapshot, records) -> tuple[set[frozenset], list]:
    """The current round paired again by the core from the corrected results of the earlier rounds."""
    earlier = tuple(r for r in records if r.round_number < current.number)
    playing = sorted({p for m in current.tables.all() for p in (m.player_a_id, m.player_b_id) if p is not None})
    standings = compute_standings(snapshot.registrations.keys(), earlier, active=set(playing),
                                  draw_order=snapshot.draw_order)
    core = pair_round(current.number, playing, earlier, rng=random.Random(current.seed or 0), standings=standings)
    pairs = [(p.player_a, p.player_b) for p in core.pairings]
    return {frozenset(p for p in pair if p is not None) for pair in pairs}, pairs


def match_correction_preview(
    *, match: Table | int, games_a: int, games_b: int, games_drawn: int = 0, double_loss: bool = False,
) -> CorrectionPreview:
    """The impact of correcting ``match`` to the given score, without writing anything.

    Shapes: the score as :func:`tournaments.services.match_result_correct`
    takes it. Raises :class:`~tournaments.errors.IllegalResult` for a score
    the format does not allow (the same checks as entering it) and
    :class:`StateError` for a bye or a match without a result. A correction
    the service would refuse for the top cut comes back with ``refusal``.
    """
    match = Table.objects.select_related("round__event__game").get(pk=getattr(match, "pk", match))
    rnd, event = match.round, match.round.event
    if match.is_bye or match.status == MatchStatus.PENDING:
        raise StateError("no_result_to_correct", _("Esta mesa no tiene un resultado para corregir."))
    plan = match_correction_plan(match=match, games_a=games_a, games_b=games_b, games_drawn=games_drawn,
                                 double_loss=double_loss)
    names = dict(Registration.objects.filter(event=event).values_list("id", "player__display_name"))
    info: dict = {
        "match_id": match.pk,
        "subject": _("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": match.table_number},
        "score_before": (match.games_a, match.games_b, match.games_drawn),
        "score_after": plan.games,
        "cut_size": event.cut_size or 0,
        "refusal": str(plan.refusal) if plan.refusal is not None else "",
    }
    if rnd.phase == RoundPhase.SWISS:
        info["moved"] = _moved(plan.before, plan.after, names)
        _current_round(info, event, rnd, plan.snapshot, plan.altered.swiss_records, names)
        if plan.cut_before or plan.cut_after:
            info["cut_changes"] = plan.cut_before != plan.cut_after
            info["cut_in"] = tuple(names[r] for r in plan.cut_after if r not in plan.cut_before)
            info["cut_out"] = tuple(names[r] for r in plan.cut_before if r not in plan.cut_after)
    else:
        _top_cut(info, plan, names)
    if event.state == EventState.FINISHED and not info["refusal"]:
        current = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        info["podium_before"] = tuple(names.get(p, "—") for p in current)
        info["podium_after"] = tuple(names.get(p, "—") for p in _podium_after(event, rnd, match, plan.outcome,
                                                                              current, plan.after or None))
    return CorrectionPreview(**info)


def _podium_after(event: Event, rnd, match: Table, outcome: Outcome, current: tuple, after) -> tuple:
    """The podium of a finished event once corrected (the service works it out the same way).

    Without a top cut: the first three active rows of the corrected
    standings, disqualified players skipped (DESIGN.md decision 10). In the
    cut (only the last stage of a finished event can change): the final's
    winner and loser, or the third-place match's winner.
    """
    if rnd.phase == RoundPhase.SWISS:
        if after is None or top_cut_rounds(event).exists():
            return current
        disqualified = set(event.registrations.filter(disqualified=True).values_list("pk", flat=True))
        return topcut.podium_without((), [s.registration_id for s in after if s.active], disqualified).as_tuple()
    winner = match.player_a_id if outcome == Outcome.A_WINS else match.player_b_id
    loser = match.player_b_id if winner == match.player_a_id else match.player_a_id
    if match.bracket_slot == 0:
        return (current[0], current[1], winner)
    if rnd.stage == 1:
        return (winner, loser, current[2])
    return current


def _current_round(info: dict, event: Event, rnd, snapshot, records, names: dict[int, str]) -> None:
    current = event.rounds.order_by("-number").first()
    if current is None or current.pk == rnd.pk or current.phase != RoundPhase.SWISS:
        return
    fmt = format_for(event)
    info["current_round"] = round_label(current, numbered=True)
    stored = _pairs_of(current)
    try:
        after_set, after_pairs = _repaired(event, current, snapshot, records)
    except ArenaError:
        return
    info["pairs_differ"] = after_set != stored
    info["pairs_after"] = tuple((names[a], names[b] if b is not None else None) for a, b in after_pairs)
    has_results = fmt.round_has_results(current)
    info["current_has_results"] = has_results
    info["can_repair"] = (not has_results and current.state == RoundState.PAIRED
                          and event.state == EventState.SWISS)


def _top_cut(info: dict, plan: CorrectionPlan, names: dict[int, str]) -> None:
    if plan.following is None:
        return
    info["reseed_stage"] = stage_name(plan.following.stage)
    if plan.refusal is None:
        info["reseed_pairs"] = tuple((names[bm.player_a], names[bm.player_b]) for bm in plan.reseeded_stage())


# --------------------------------------------------------------------------- pods


@dataclass(frozen=True, slots=True)
class PodPlaceLine:
    """One seat of the corrected pod: its place and secondary score before and after."""

    registration_id: int
    name: str
    place_before: int | None
    place_after: int
    score_before: int | None
    score_after: int | None

    @property
    def changed(self) -> bool:
        return (self.place_before, self.score_before) != (self.place_after, self.score_after)


@dataclass(frozen=True, slots=True)
class PodMovedRow:
    """One pod standings row that the correction moves (before → after); points are integers."""

    registration_id: int
    name: str
    rank_before: int
    rank_after: int
    points_before: int
    points_after: int
    opponents_points_before: int
    opponents_points_after: int
    secondary_before: int
    secondary_after: int
    criterion_before: str
    criterion_after: str


@dataclass(frozen=True, slots=True)
class PodCorrectionPreview:
    """What a pod correction would change.

    ``places`` holds the pod's seats ordered by the corrected place;
    ``moved`` the standings rows whose rank, points, opponents' points or
    secondary score change, in the corrected order; ``podium_before`` and
    ``podium_after`` are filled for a finished event only.
    """

    pod_id: int
    subject: str
    places: tuple[PodPlaceLine, ...]
    moved: tuple[PodMovedRow, ...] = ()
    podium_before: tuple[str, ...] = ()
    podium_after: tuple[str, ...] = ()

    @property
    def unchanged(self) -> bool:
        return not any(line.changed for line in self.places)


def _pod_criterion(row, secondary_label: str | None) -> str:
    if row.technical_tie:
        return str(_("empate técnico"))
    if row.separated_by is None:
        return "—"
    if row.separated_by == "secondary_score" and secondary_label:
        return secondary_label
    tiebreaker = POD_TIEBREAKERS.get(row.separated_by)
    return tiebreaker.name_es if tiebreaker is not None else row.separated_by


def _pod_moved(before, after, names: dict[int, str], secondary_label: str | None) -> tuple[PodMovedRow, ...]:
    old = {row.player_id: row for row in before}
    out = []
    for row in after:
        prev = old[row.player_id]
        if (prev.rank, prev.points, prev.opponents_points, prev.secondary_score) != (
                row.rank, row.points, row.opponents_points, row.secondary_score):
            out.append(PodMovedRow(
                row.player_id, names.get(row.player_id, "?"), prev.rank, row.rank, prev.points, row.points,
                prev.opponents_points, row.opponents_points, prev.secondary_score, row.secondary_score,
                _pod_criterion(prev, secondary_label), _pod_criterion(row, secondary_label),
            ))
    return tuple(out)


def pod_correction_preview(
    *, pod: Table | int, placements: Sequence[tuple[int, int, int | None]],
) -> PodCorrectionPreview:
    """The impact of correcting ``pod`` to ``placements``, without writing anything.

    Shapes: ``placements`` as :func:`tournaments.services.pod_result_correct`
    takes them, one ``(registration_id, place, score)`` per seated player.
    The format's snapshot is loaded once, the pod's stored result is
    replaced by the corrected one and the core ranks both (the event's
    points table and criteria, :func:`tournaments.swiss.pods.pod_standings`).

    Raises :class:`StateError` ``no_result_to_correct`` for a pod without a
    result and :class:`~tournaments.errors.IllegalResult` for places the
    format does not allow (the same checks as entering them).

    Default: DESIGN.md decision 16.
    """
    pod = Table.objects.select_related("round__event__game").get(pk=getattr(pod, "pk", pod))
    rnd, event = pod.round, pod.round.event
    if pod.status == MatchStatus.PENDING:
        raise StateError("no_result_to_correct", _("Esta mesa no tiene un resultado para corregir."))
    fmt = format_for(event)
    seats = list(pod.seats.select_related("registration__player").order_by("seat"))
    plan = pod_correction_plan(pod=pod, placements=placements)
    new = {line.player_id: line for line in plan.lines}
    snapshot, altered = plan.snapshots()
    names = {rid: reg.display_name for rid, reg in snapshot.registrations.items()}
    secondary_label = secondary_score_label(event)
    before, after = fmt.standings(event, snapshot), fmt.standings(event, altered)
    places = tuple(sorted(
        (PodPlaceLine(seat.registration_id, seat.registration.player.display_name, seat.place,
                      new[seat.registration_id].place, seat.score, new[seat.registration_id].score)
         for seat in seats),
        key=lambda line: (line.place_after, line.name),
    ))
    info: dict = {
        "pod_id": pod.pk,
        "subject": _("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": pod.table_number},
        "places": places,
        "moved": _pod_moved(before, after, names, secondary_label),
    }
    if event.state == EventState.FINISHED:
        disqualified = {rid for rid, reg in snapshot.registrations.items() if reg.disqualified}
        current = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        podium = topcut.podium_without((), [row.player_id for row in after if row.active], disqualified)
        info["podium_before"] = tuple(names.get(p, "—") for p in current)
        info["podium_after"] = tuple(names.get(p, "—") for p in podium.as_tuple())
    return PodCorrectionPreview(**info)


__all__ = [
    "CorrectionPreview", "MovedRow", "PodCorrectionPreview", "PodMovedRow", "PodPlaceLine", "corrected_records",
    "match_correction_preview", "pod_correction_preview",
]
