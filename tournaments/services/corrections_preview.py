"""Impact preview of a result correction, computed on an altered snapshot (nothing is written).

The preview shows the plan the correction service applies
(:func:`.corrections.table_correction_plan`: the format's snapshot with the
one corrected table swapped in, the standings before and after, the
service's refusal), so it refuses what the service refuses, with the same
message. It reads only the plan and public names, for a table of any
format. It answers what the organizer must know before confirming (issue
#13, DESIGN.md decision 16):

- the table's seats before → after (game wins, or places and the
  secondary score);
- the standings **rows that move** (rank, points, Buchholz — the
  opponents' points of a pod — and the secondary score before → after, and
  the criterion that separates the row from the one above);
- whether the **current round** would have been paired differently (tables
  of two): the core pairs the current round's number again from the
  corrected results of the rounds before it, with the round's recorded
  seed, and the pairs are compared with the stored ones; when the current
  round has no result yet the preview offers to re-pair it
  (:func:`tournaments.services.round_repair` after the correction);
- whether the **cut line** changes (the top ``cut_size`` active players
  before and after);
- in the top cut, the next stage re-seeded, or the refusal naming it; for a
  finished event, the podium before and after.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from ..adapters import secondary_score_label
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import ArenaError, StateError
from ..formats import format_for
from ..labels import TIEBREAKER_LABELS
from ..models import Event, Registration, Table
from ..swiss.pairing import pair_round
from ..swiss.pods import POD_TIEBREAKERS
from ..swiss.standings import compute_standings
from ..text import round_label, stage_name
from .corrections import CorrectionPlan, table_correction_plan


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of the corrected table before → after: games won, or place and secondary score."""

    registration_id: int
    name: str
    games_before: int = 0
    games_after: int = 0
    place_before: int | None = None
    place_after: int | None = None
    score_before: int | None = None
    score_after: int | None = None

    @property
    def changed(self) -> bool:
        return (self.games_before, self.place_before, self.score_before) != (
            self.games_after, self.place_after, self.score_after)


@dataclass(frozen=True, slots=True)
class MovedRow:
    """One standings row that the correction moves (before → after).

    ``buchholz_*`` is the Buchholz of a two-player table's standings and the
    opponents' points of a pod's; ``secondary_*`` the pod's secondary score
    (``None`` for two-player tables).
    """

    registration_id: int
    name: str
    rank_before: int
    rank_after: int
    points_before: Any
    points_after: Any
    buchholz_before: Any
    buchholz_after: Any
    criterion_before: str
    criterion_after: str
    secondary_before: int | None = None
    secondary_after: int | None = None


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """What a correction would change; ``refusal`` is the service's message when it would be refused.

    ``by_places``: the table's result is a place per seat (a pod). ``seats``
    in seat order for game wins, by corrected place for places.
    ``score_before``/``score_after`` ``(games_a, games_b, games_drawn)`` on
    a table of game wins, empty otherwise. ``pairs_differ`` is ``None`` when
    there is no later Swiss round to compare. ``pairs_after`` lists the
    current round's pairs as the corrected standings pair them, ``(name A,
    name B or None for the bye)``. ``podium_before``/``podium_after`` are
    filled for a finished event only.
    """

    table_id: int
    subject: str
    by_places: bool
    seats: tuple[SeatLine, ...]
    unchanged: bool
    score_before: tuple[int, ...] = ()
    score_after: tuple[int, ...] = ()
    score_label: str = ""
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


def _row_values(row, by_places: bool) -> tuple:
    """``(registration, rank, points, buchholz, secondary)`` of a standings row of either kind of table."""
    if by_places:
        return row.player_id, row.rank, row.points, row.opponents_points, row.secondary_score
    return row.registration_id, row.rank, row.match_points, row.buchholz, None


def _criterion_labels(event: Event, by_places: bool) -> Mapping[str, str]:
    if not by_places:
        return TIEBREAKER_LABELS
    labels = {key: tiebreaker.name_es for key, tiebreaker in POD_TIEBREAKERS.items()}
    secondary = secondary_score_label(event)
    if secondary:
        labels["secondary_score"] = secondary
    return labels


def _criterion(row, labels: Mapping[str, str]) -> str:
    if row.technical_tie:
        return str(_("empate técnico"))
    if row.separated_by is None:
        return "—"
    return str(labels.get(row.separated_by, row.separated_by))


def _moved(plan: CorrectionPlan, names: dict[int, str], labels: Mapping[str, str]) -> tuple[MovedRow, ...]:
    old = {_row_values(row, plan.by_places)[0]: row for row in plan.before}
    out = []
    for row in plan.after:
        rid, *now = _row_values(row, plan.by_places)
        prev = old[rid]
        was = _row_values(prev, plan.by_places)[1:]
        if tuple(was) != tuple(now):
            out.append(MovedRow(
                rid, names.get(rid, "?"), was[0], now[0], was[1], now[1], was[2], now[2],
                _criterion(prev, labels), _criterion(row, labels), was[3], now[3],
            ))
    return tuple(out)


def _seat_lines(plan: CorrectionPlan, names: dict[int, str]) -> tuple[SeatLine, ...]:
    lines = tuple(
        SeatLine(change.registration_id, names.get(change.registration_id, "?"),
                 change.before.get("games") or 0, change.after.get("games") or 0,
                 change.before.get("place"), change.after.get("place"),
                 change.before.get("score"), change.after.get("score"))
        for change in plan.seats
    )
    if plan.by_places:
        return tuple(sorted(lines, key=lambda line: (line.place_after or 0, line.name)))
    return lines


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


def table_correction_preview(
    *, table: Table | int, seats: Mapping[int, Mapping[str, Any]], games_drawn: int = 0, double_loss: bool = False,
    went_to_time: bool = False,
) -> CorrectionPreview:
    """The impact of correcting ``table`` to ``seats``, without writing anything.

    Shapes: the result as :func:`tournaments.services.table_result_correct`
    takes it (one per-seat mapping: ``games`` on a table of game wins,
    ``place`` and ``score`` on a table of places). Raises
    :class:`~tournaments.errors.IllegalResult` for a result the format does
    not allow (the same checks as entering it) and :class:`StateError`
    ``no_result_to_correct`` for a bye or a table without a result. A
    correction the service would refuse for the top cut comes back with
    ``refusal``.

    Default: DESIGN.md decision 16.
    """
    table = Table.objects.select_related("round__event__game").get(pk=getattr(table, "pk", table))
    rnd, event = table.round, table.round.event
    if table.is_bye or table.status == MatchStatus.PENDING:
        raise StateError("no_result_to_correct", _("Esta mesa no tiene un resultado para corregir."))
    plan = table_correction_plan(table=table, seats=seats, games_drawn=games_drawn, double_loss=double_loss,
                                 went_to_time=went_to_time)
    names = dict(Registration.objects.filter(event=event).values_list("id", "player__display_name"))
    info: dict = {
        "table_id": table.pk,
        "subject": _("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": table.table_number},
        "by_places": plan.by_places,
        "seats": _seat_lines(plan, names),
        "unchanged": plan.unchanged,
        "score_label": (secondary_score_label(event) or "") if plan.by_places else "",
        "cut_size": event.cut_size or 0,
        "refusal": str(plan.refusal) if plan.refusal is not None else "",
    }
    if not plan.by_places:
        info["score_before"] = (table.games_a, table.games_b, table.games_drawn)
        info["score_after"] = plan.games
    if rnd.phase == RoundPhase.SWISS:
        info["moved"] = _moved(plan, names, _criterion_labels(event, plan.by_places))
        if not plan.by_places:
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
        info["podium_after"] = tuple(names.get(p, "—") for p in plan.podium_after())
    return CorrectionPreview(**info)


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


__all__ = ["CorrectionPreview", "MovedRow", "SeatLine", "table_correction_preview"]
