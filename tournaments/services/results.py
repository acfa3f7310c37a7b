"""Results of the current round, one path for every format (the event's format checks them); the event
row locked first.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(tardiness, best of three); 004_4a3d59c736a1e8f3.txt § "1 Objetivo" (pods).
"""
from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from .. import hooks
from ..enums import EventState, MatchStatus, ResultSource, RoundState, SeatOutcomeHow
from ..errors import IllegalResult, StaleEdit, StateError
from ..formats import format_for
from ..formats.base import TableResult
from ..formats.duel_results import duel_seats, match_result_validate, result_entry_problems, seat_hows
from ..models import Event, ResultEntry, Round, Seat, Table
from ..stamps import stamps_deferred
from ..text import round_label
from .eventlog import event_log_append, table_place
from .locks import table_lock

__all__ = ["duel_seats", "match_result_validate", "result_entry_problems", "seat_hows", "table_changed",
           "table_result_record", "table_result_store"]

User = AbstractBaseUser


def _require_current(event: Event, rnd: Round, table_number) -> None:
    """Refuse a result outside the event's round in progress (or of a finished event)."""
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó; los resultados no cambian."))
    current = event.rounds.order_by("-number").first()
    if rnd.pk != current.pk or rnd.state != RoundState.PAIRED:
        raise StateError(
            "not_current_round",
            _("La mesa %(table)s es de la ronda %(round)d, que no es la ronda en curso (%(current)d).")
            % {"table": table_number, "round": rnd.number, "current": current.number},
        )


def table_changed(table: Table) -> StaleEdit:
    """A result meant for other players than those seated at ``table`` now (the round or the table was paired
    again since the judge's form was loaded): refused, naming the table and who plays there now."""
    return StaleEdit("table_changed", _(
        "La mesa %(table)s se volvió a emparejar mientras tanto: ahora juegan %(names)s. "
        "Este resultado no se cargó; revisá la mesa.") % {
        "table": table.table_number,
        "names": " vs ".join(seat.registration.player.display_name for seat in table.seat_list)})


def _stale(entries, message: str, **params) -> StaleEdit:
    last = entries.select_related("entered_by").order_by("-version").first()
    who = getattr(last.entered_by, "username", "?") if last else "?"
    return StaleEdit("stale_result", message % {"who": who, **params})


def _holds(table: Table, result: TableResult) -> bool:
    """True when ``table`` already stores exactly ``result``'s values (those its format gives)."""
    defaults = {"games": 0, "place": None, "score": None, "how": SeatOutcomeHow.PLAYED}
    for seat in table.seat_list:
        values = result.seats[seat.registration_id]
        for key, default in defaults.items():
            if key in values and getattr(seat, key) != (values[key] if values[key] is not None else default):
                return False
    return (table.games_drawn, table.outcome, table.went_to_time, table.intentional_draw) == (
        result.games_drawn, result.outcome, result.went_to_time, result.intentional_draw)


def table_result_store(
    table: Table,
    *,
    seats: dict[int, dict],
    status: str,
    games_drawn: int = 0,
    outcome: str = "",
    went_to_time: bool = False,
    intentional_draw: bool = False,
    entered_by: User | None = None,
    note: str = "",
    source: str = ResultSource.JUDGE,
) -> ResultEntry:
    """Write a checked result onto ``table`` (locked by the caller): its seats, its shared values, a new version
    and the :class:`ResultEntry` that keeps it.

    ``seats`` maps each seated registration id to its values: ``games``
    (won), ``place``, ``score``, ``how`` and ``minutes_late`` (missing keys:
    0, ``None``, ``"played"``, ``None``). Every format records through here,
    so every table's history has one shape. Raises ``KeyError`` for a
    registration not seated at the table (a programming error: formats check
    results first).
    """
    ordered = table.seat_list
    if set(seats) != {seat.registration_id for seat in ordered}:
        raise KeyError(sorted(set(seats) ^ {seat.registration_id for seat in ordered}))
    changed = []
    history = []
    for seat in ordered:
        values = seats[seat.registration_id]
        new = (values.get("games", 0) or 0, values.get("place"), values.get("score"),
               values.get("how") or SeatOutcomeHow.PLAYED)
        if (seat.games, seat.place, seat.score, seat.how) != new:
            seat.games, seat.place, seat.score, seat.how = new
            changed.append(seat)
        history.append({"registration": seat.registration_id, "games": new[0], "place": new[1], "score": new[2],
                        "how": str(new[3]), "minutes_late": values.get("minutes_late")})
    if changed:
        Seat.objects.bulk_update(changed, ["games", "place", "score", "how"])
    table.version += 1
    table.status = status
    table.games_drawn, table.outcome = games_drawn, outcome
    table.went_to_time, table.intentional_draw = went_to_time, intentional_draw
    table.save(update_fields=["version", "status", "games_drawn", "outcome", "went_to_time", "intentional_draw"])
    return ResultEntry.objects.create(
        table=table, version=table.version, seats=history, games_drawn=games_drawn, outcome=outcome,
        went_to_time=went_to_time, intentional_draw=intentional_draw,
        entered_by=entered_by if getattr(entered_by, "pk", None) else None, note=note, source=source,
    )


@transaction.atomic
@stamps_deferred()
def table_result_record(
    *,
    table: Table | int,
    seats: Sequence[dict],
    games_drawn: int = 0,
    went_to_time: bool = False,
    intentional_draw: bool = False,
    double_loss: bool = False,
    provisional: bool = False,
    expected_version: int | None = None,
    expected_players: Sequence[int] | None = None,
    entered_by: User | None = None,
    note: str = "",
    source: str = ResultSource.JUDGE,
) -> Table:
    """Record (or correct) the result of one table of the current round; the event's format checks it.

    ``seats``: one dict per seated player — ``registration`` (id; a two-seat
    table may leave it out and list side A, then B), and what its format
    reads: ``games`` won, ``minutes_late``, ``how`` for duels
    (:meth:`tournaments.formats.duels.Duels.result_validate`: best of N,
    tardiness, 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas"); ``place``, ``score`` (stoner points) and ``how`` ``"absent"``
    for pods (:meth:`tournaments.formats.pods.Pods.result_validate`,
    004_4a3d59c736a1e8f3.txt § "1 Objetivo"). ``games_drawn``,
    ``intentional_draw``, ``double_loss`` (both absent, RULES-TRACE
    ambiguity 10) and ``provisional`` (games counted before the table ends:
    it stays pending) are a duel's; ``went_to_time`` is the round's time
    ending the table.

    ``expected_version`` is the table version the form was loaded with: if
    the table changed since, :class:`StaleEdit` (``stale_result``) is raised
    and nothing is written; re-sending the saved result is a no-op, also
    with the version it was sent with the first time (a retry after a lost
    answer). ``expected_players`` are the registration ids seated when the
    form was loaded, in seat order: a table whose players changed since (a
    pairing edit of the head judge) raises :class:`StaleEdit`
    ``table_changed`` naming the players seated now, and nothing is written.
    Every accepted change adds a :class:`ResultEntry` (who, when,
    the values, ``source``) and an event log entry (the previous values are
    its "before").

    Raises :class:`IllegalResult` for a result the format refuses,
    :class:`StateError` for a bye (``bye_has_no_result``), a table outside
    the event's current round, a table a re-pair replaced (``table_gone``)
    or a finished event.
    """
    event, table = table_lock(table, shared=True)
    rnd = table.round
    if table.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    _require_current(event, rnd, table.table_number)
    if expected_players is not None and list(expected_players) != table.registration_ids:
        raise table_changed(table)
    fmt = format_for(event)

    def checked() -> TableResult:
        return fmt.result_validate(event, table, seats, games_drawn=games_drawn, went_to_time=went_to_time,
                                   intentional_draw=intentional_draw, double_loss=double_loss,
                                   provisional=provisional)

    if expected_version is not None and expected_version != table.version:
        # A client retrying the request that saved this very version (the answer
        # was lost) gets the saved table, not a 409 blaming its own first try.
        if expected_version + 1 == table.version:
            try:
                retried = checked()
            except IllegalResult:
                retried = None
            if retried is not None and (table.status == MatchStatus.PENDING) == provisional and _holds(table, retried):
                return table
        summary = fmt.result_summary(table)
        if summary:
            raise _stale(table.entries, _("Otra persona (%(who)s) cargó esta mesa mientras editabas: %(score)s. "
                                          "Revisá el resultado actual antes de corregirlo."), score=summary)
        raise _stale(table.entries, _("Otra persona (%(who)s) cargó esta mesa mientras editabas. "
                                      "Revisá el resultado actual antes de corregirlo."))
    result = checked()
    if table.status != MatchStatus.PENDING and _holds(table, result):
        return table
    before = fmt.result_log_values(table)
    table_result_store(
        table, seats=result.seats, status=result.status, games_drawn=result.games_drawn, outcome=result.outcome,
        went_to_time=result.went_to_time, intentional_draw=result.intentional_draw, entered_by=entered_by,
        note=note, source=source,
    )
    event_log_append(
        event=event, action=fmt.result_log_action, by=entered_by,
        subject=_("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": table.table_number},
        before=before if before["version"] else {},
        after={**fmt.result_log_values(table, after=True), **table_place(table)},
        reason=note,
    )
    if table.status != MatchStatus.PENDING:
        hooks.table_result_recorded(table)
    return table
