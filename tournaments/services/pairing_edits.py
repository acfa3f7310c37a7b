"""Manual edits of the current Swiss round's pairings (issue #13 item 2), and fixed tables.

Terms:

- *seat*: one place of the round — side ``a`` or ``b`` of a table, or the
  round's bye. Every edit here exchanges the players of two seats, so the
  round stays valid by construction: everyone is seated once, the bye row
  stays the only bye (``is_bye``, scored with the event's bye games), and
  the match rows stay where they are (tables keep their number, their
  penalties and rulings).
- *tables concerned*: the match rows whose players change. An edit is
  allowed only in the current Swiss round of a duels event, while none of
  them has a result (provisional ones included).
- *warning*: what an organizer must see before the edit is applied — a
  rematch (000_0014b2ac83da54b4.txt § "¿Cómo funciona el emparejamiento en
  los torneos suizos?", R-000-64: no rematch while avoidable), a score gap
  (the same clause: players meet the nearest score), a second bye (one bye
  per player: STYLE.md § 7, DESIGN.md decision 1) and a player taken off
  their fixed table. An edit with warnings is refused with
  :class:`ConfirmationRequired` unless ``confirm_warnings=True``.

Every applied edit updates the rows' ``repeats`` counts, writes one event log
entry with the tables before and after, and asks for the round's documents
again.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from ..document_requests import request_round_documents
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import StateError
from ..formats import format_for
from ..models import Event, Registration, Round, Table
from ..text import round_label
from .eventlog import event_log_append
from .locks import event_lock, registration_lock, round_tables_lock
from .seating import table_seats_replace

BYE = "bye"


class ConfirmationRequired(StateError):
    """The edit has warnings; ``warnings`` lists them. Send it again with ``confirm_warnings=True``."""

    def __init__(self, warnings: list[dict], changes: list[dict]) -> None:
        listed = " ".join(w["message"] for w in warnings)
        super().__init__("confirmation_required", _("Confirmá el cambio: %(warnings)s") % {"warnings": listed})
        self.warnings = warnings
        self.changes = changes


@dataclass
class SideRef:
    match: Table
    side: str  # "a", "b", or BYE (side a of the bye row)

    def player_id(self) -> int:
        return self.match.player_b_id if self.side == "b" else self.match.player_a_id


@dataclass
class EditPlan:
    """What an edit will do: ``changes`` (one dict per table, before and after) and ``warnings``."""

    round: Round
    changes: list[dict]
    warnings: list[dict]
    targets: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # match id -> (a, b)
    matches: dict[int, Table] = field(default_factory=dict)


# --------------------------------------------------------------------------- reading


def _current_round(event: Event) -> Round:
    rnd = event.rounds.order_by("-number").first()
    if (not format_for(event).supports_manual_pairing or event.state != EventState.SWISS or rnd is None
            or rnd.phase != RoundPhase.SWISS or rnd.state != RoundState.PAIRED):
        raise StateError("no_current_round",
                         _("Solo se editan a mano los emparejamientos de la ronda suiza en curso."))
    return rnd


def _has_result(match: Table) -> bool:
    return not match.is_bye and (match.status != MatchStatus.PENDING or match.version > 0)


def _table_name(match: Table) -> str:
    return _("el bye") if match.is_bye else _("la mesa %(t)d") % {"t": match.table_number}


def _seat_of(matches: list[Table], registration_id: int, names: dict[int, str]) -> SideRef:
    for m in matches:
        if m.player_a_id == registration_id:
            return SideRef(m, BYE if m.is_bye else "a")
        if m.player_b_id == registration_id:
            return SideRef(m, "b")
    raise StateError("not_in_round", _("%(player)s no está en esta ronda.")
                     % {"player": names.get(registration_id, registration_id)})


def _rid(registration: Registration | int) -> int:
    return registration.pk if isinstance(registration, Registration) else int(registration)


class _Round:
    """The current round's rows and what the warnings need of the earlier rounds."""

    def __init__(self, event: Event, rnd: Round, *, lock: bool) -> None:
        self.event, self.round = event, rnd
        if lock:
            self.matches = round_tables_lock(rnd, event=event, order_by=("is_bye", "table_number"))
        else:
            self.matches = list(Table.objects.filter(round=rnd).order_by("is_bye", "table_number"))
        fmt = format_for(event)
        snapshot = fmt.snapshot(event)
        self.names = {rid: reg.display_name for rid, reg in snapshot.registrations.items()}
        earlier = [r for r in snapshot.swiss_records if r.round_number < rnd.number]
        self.met: dict[tuple[int, int], int] = {}
        for record in earlier:
            if record.player_b is not None:
                key = (min(record.player_a, record.player_b), max(record.player_a, record.player_b))
                self.met.setdefault(key, record.round_number)
        self.byes = {r.player_a: r.round_number for r in earlier if r.player_b is None}
        standings = fmt.standings(event, snapshot, as_of_round=rnd.number - 1)
        self.points = {s.registration_id: s.match_points for s in standings}
        self.ranking = [s.registration_id for s in standings]
        self.fixed = dict(Registration.objects.filter(event=event, fixed_table__isnull=False)
                          .values_list("id", "fixed_table"))

    def seat(self, registration) -> SideRef:
        return _seat_of(self.matches, _rid(registration), self.names)

    def player(self, rid: int | None) -> dict | None:
        if rid is None:
            return None
        points = self.points.get(rid, 0.0)
        return {"id": rid, "name": self.names.get(rid, str(rid)), "points": points, "points_label": _points(points)}


def _points(value: float) -> str:
    """Match points in the active language's number format: 1, 0,5 (es-AR)."""
    return number_format(value, decimal_pos=0 if value == int(value) else 1)


def _plan_swap(state: _Round, first: SideRef, second: SideRef) -> EditPlan:
    """Exchange the players of two seats; compute the tables after and the warnings."""
    if first.player_id() == second.player_id():
        raise StateError("same_player", _("Elegí dos jugadores distintos."))
    for seat in (first, second):
        if _has_result(seat.match):
            raise StateError(
                "table_has_result",
                _("La mesa %(t)d ya tiene un resultado cargado; sus jugadores ya no se cambian.")
                % {"t": seat.match.table_number},
            )
    targets = {m.pk: (m.player_a_id, m.player_b_id) for m in (first.match, second.match)}
    pa, pb = first.player_id(), second.player_id()
    for seat, new in ((first, pb), (second, pa)):
        a, b = targets[seat.match.pk]
        targets[seat.match.pk] = (a, new) if seat.side == "b" else (new, b)
    matches = {m.pk: m for m in (first.match, second.match)}
    changes, warnings = [], []
    for m in sorted(matches.values(), key=lambda m: (m.is_bye, m.table_number or 0)):
        a, b = targets[m.pk]
        changes.append({
            "table": m.table_number, "bye": m.is_bye,
            "before": {"a": state.player(m.player_a_id), "b": state.player(m.player_b_id)},
            "after": {"a": state.player(a), "b": state.player(b)},
        })
        if m.is_bye:
            if a in state.byes:
                warnings.append({
                    "code": "second_bye", "player": a, "round": state.byes[a],
                    "message": _("%(player)s ya tuvo un bye en la ronda %(n)d; tendría un segundo bye.")
                    % {"player": state.names[a], "n": state.byes[a]},
                })
            continue
        met = state.met.get((min(a, b), max(a, b)))
        if met is not None:
            warnings.append({
                "code": "rematch", "table": m.table_number, "players": [a, b], "round": met,
                "message": _("Revancha: %(a)s y %(b)s ya se enfrentaron en la ronda %(n)d.")
                % {"a": state.names[a], "b": state.names[b], "n": met},
            })
        gap = abs(state.points.get(a, 0.0) - state.points.get(b, 0.0))
        if gap:
            warnings.append({
                "code": "score_gap", "table": m.table_number, "players": [a, b], "gap": gap,
                "message": _("Diferencia de puntaje en la mesa %(t)d: %(a)s tiene %(pa)s y %(b)s "
                             "%(pb)s; difieren en %(gap)s.")
                % {"t": m.table_number, "a": state.names[a], "b": state.names[b],
                   "pa": _points(state.points.get(a, 0.0)), "pb": _points(state.points.get(b, 0.0)),
                   "gap": _points(gap)},
            })
    for seat, new_table in ((first, second.match.table_number), (second, first.match.table_number)):
        rid = seat.player_id()
        if rid in state.fixed and state.fixed[rid] != new_table:
            warnings.append({
                "code": "fixed_table", "player": rid, "table": state.fixed[rid],
                "message": _("%(player)s tiene la mesa fija %(t)d y dejaría de jugar en ella.")
                % {"player": state.names[rid], "t": state.fixed[rid]},
            })
    return EditPlan(round=state.round, changes=changes, warnings=warnings, targets=targets, matches=matches)


def _plan(event: Event, rnd: Round, kind: str, *, lock: bool, registration, other=None, table=None,
          side: str = "b") -> tuple[_Round, EditPlan]:
    state = _Round(event, rnd, lock=lock)
    seat = state.seat(registration)
    if kind == "swap":
        second = state.seat(other)
    elif kind == "move":
        try:
            table = int(table)
        except (TypeError, ValueError):
            table = None
        target = next((m for m in state.matches if not m.is_bye and m.table_number == table), None)
        if target is None:
            raise StateError("no_such_table", _("La ronda %(n)d no tiene una mesa %(t)s.")
                             % {"n": rnd.number, "t": table if table is not None else "—"})
        if target.pk == seat.match.pk:
            raise StateError("same_table", _("%(player)s ya juega en la mesa %(t)d.")
                             % {"player": state.names[seat.player_id()], "t": table})
        second = SideRef(target, "a" if side == "a" else "b")
    elif kind == "bye_give":
        bye = next((m for m in state.matches if m.is_bye), None)
        if bye is None:
            raise StateError("no_bye", _("Esta ronda no tiene bye (la cantidad de jugadores es par): "
                                         "dar un bye dejaría a su rival sin mesa."))
        if seat.side == BYE:
            raise StateError("already_bye", _("%(player)s ya tiene el bye.")
                             % {"player": state.names[seat.player_id()]})
        seat, second = SideRef(bye, BYE), seat
    elif kind == "bye_take":
        if seat.side != BYE:
            raise StateError("no_bye_to_take", _("%(player)s no tiene el bye en esta ronda.")
                             % {"player": state.names[seat.player_id()]})
        if other is not None:
            opponent = state.seat(other)
            if opponent.side == BYE:
                raise StateError("same_player", _("Elegí dos jugadores distintos."))
            second = SideRef(opponent.match, "a" if opponent.side == "b" else "b")  # the opponent's rival
        else:
            second = _next_bye_seat(state, seat)
    else:  # pragma: no cover - callers pass one of the four kinds
        raise ValueError(kind)
    return state, _plan_swap(state, seat, second)


def _next_bye_seat(state: _Round, bye_seat: SideRef) -> SideRef:
    """Where the bye goes when it is taken without naming an opponent: as the pairing would give it.

    The lowest-ranked player of the round without a bye in an earlier round
    (everyone had one: the lowest-ranked) — :mod:`tournaments.swiss.pairing`
    step 2, ranked by the standings after the earlier rounds.
    """
    rank = {rid: i for i, rid in enumerate(state.ranking)}
    seated = [s for m in state.matches if not m.is_bye for s in (SideRef(m, "a"), SideRef(m, "b"))]
    seated.sort(key=lambda s: rank.get(s.player_id(), -1), reverse=True)
    fresh = [s for s in seated if s.player_id() not in state.byes]
    if not seated:
        raise StateError("no_bye_to_take", _("No hay otro jugador que pueda recibir el bye."))
    return (fresh or seated)[0]


# --------------------------------------------------------------------------- writing


def _write(plan: EditPlan) -> None:
    """Seat the plan's tables anew (:func:`.seating.table_seats_replace`); a bye keeps its games."""
    tables = [plan.matches[pk] for pk in plan.targets]
    table_seats_replace(
        tables,
        {pk: [a] if b is None else [a, b] for pk, (a, b) in plan.targets.items()},
        seat_games={table.pk: [table.games_a] for table in tables if table.is_bye},
    )


_ACTIONS = {"swap": "pairing_swap", "move": "pairing_move", "bye_give": "pairing_bye_give",
            "bye_take": "pairing_bye_take"}


def _apply(event, kind: str, *, by, confirm_warnings: bool, **params) -> Round:
    event = event_lock(event)
    rnd = _current_round(event)
    state, plan = _plan(event, rnd, kind, lock=True, **params)
    if plan.warnings and not confirm_warnings:
        raise ConfirmationRequired(plan.warnings, plan.changes)
    _write(plan)
    for pk, (a, b) in plan.targets.items():
        rematch = b is not None and (min(a, b), max(a, b)) in state.met
        Table.objects.filter(pk=pk).update(repeats=1 if rematch else 0)
    tables = ", ".join(str(c["table"]) if not c["bye"] else _("bye") for c in plan.changes)
    event_log_append(
        event=event, action=_ACTIONS[kind], by=by,
        subject=_("%(round)s, mesas %(tables)s") % {"round": round_label(rnd, numbered=True), "tables": tables},
        before={"tables": [{"table": c["table"], "bye": c["bye"], **c["before"]} for c in plan.changes]},
        after={"tables": [{"table": c["table"], "bye": c["bye"], **c["after"]} for c in plan.changes],
               "warnings": [w["code"] for w in plan.warnings]},
    )
    request_round_documents(rnd)
    return rnd


def pairing_edit_preview(*, event: Event | int, kind: str, registration, other=None, table=None,
                         side: str = "b") -> EditPlan:
    """What an edit (``kind`` ``swap``, ``move``, ``bye_give`` or ``bye_take``) would do; changes nothing.

    Same arguments and refusals as the services; returns the plan with its
    ``changes`` and ``warnings`` for the confirmation page.
    """
    event = Event.objects.select_related("game").get(pk=event.pk if isinstance(event, Event) else event)
    rnd = _current_round(event)
    return _plan(event, rnd, kind, lock=False, registration=registration, other=other, table=table,
                 side=side)[1]


@transaction.atomic
def pairing_swap(*, event: Event | int, registration_a, registration_b, by=None,
                 confirm_warnings: bool = False) -> Round:
    """Exchange two players of the current round: between two tables, or the sides of one table.

    Either player may hold the bye (the other then receives it). Raises
    :class:`StateError` outside the current Swiss round of a duels event,
    when a table concerned has a result (naming it) or a player is not in
    the round; :class:`ConfirmationRequired` when the edit has warnings
    (rematch, score gap, second bye, fixed table) and ``confirm_warnings``
    is false. Returns the round.
    """
    return _apply(event, "swap", by=by, confirm_warnings=confirm_warnings,
                  registration=registration_a, other=registration_b)


@transaction.atomic
def pairing_move(*, event: Event | int, registration, table: int, side: str = "b", by=None,
                 confirm_warnings: bool = False) -> Round:
    """SideRef ``registration`` at ``table`` (side ``a`` or ``b``); that seat's player takes the mover's old seat.

    Refusals as :func:`pairing_swap`, and ``no_such_table`` for a table the
    round does not have.
    """
    return _apply(event, "move", by=by, confirm_warnings=confirm_warnings,
                  registration=registration, table=table, side=side)


@transaction.atomic
def pairing_bye_give(*, event: Event | int, registration, by=None, confirm_warnings: bool = False) -> Round:
    """Give the round's bye to ``registration``; the player who had it takes their seat.

    A round has a bye only with an odd number of players (at most one bye):
    refused with ``no_bye`` otherwise. Warns about a second bye.
    """
    return _apply(event, "bye_give", by=by, confirm_warnings=confirm_warnings, registration=registration)


@transaction.atomic
def pairing_bye_take(*, event: Event | int, registration, opponent_registration=None, by=None,
                     confirm_warnings: bool = False) -> Round:
    """Take the bye from ``registration`` and seat them against ``opponent_registration``.

    The opponent's rival receives the bye. Without an opponent the bye goes
    where the pairing would give it: the lowest-ranked player without an
    earlier bye (:mod:`tournaments.swiss.pairing` step 2), and
    ``registration`` takes their seat.
    """
    return _apply(event, "bye_take", by=by, confirm_warnings=confirm_warnings, registration=registration,
                  other=opponent_registration)


@transaction.atomic
def registration_fixed_table_set(*, registration: Registration | int, table: int | None, by=None) -> Registration:
    """Record (or clear, with ``None``) the table a player always plays at; kept in the event log.

    Later pairings seat the player's match there
    (:func:`tournaments.swiss.tables.assign_fixed_tables`); the current
    round is not changed. Raises :class:`StateError` for a table below 1
    or a finished event.
    """
    event, reg = registration_lock(registration)
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if table is not None and int(table) < 1:
        raise StateError("bad_table", _("La mesa fija debe ser un número de 1 en adelante."))
    before = reg.fixed_table
    if before == table:
        return reg
    reg.fixed_table = table
    reg.save(update_fields=["fixed_table"])
    event_log_append(event=event, action="registration_fixed_table", by=by, subject=reg.player.display_name,
                     before={"fixed_table": before}, after={"fixed_table": table})
    return reg
