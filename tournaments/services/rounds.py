"""Rounds of an event: pair or seat, re-pair, pair by hand, close, top cut, finish.

Each service is one transaction that locks the event row first
(:mod:`.locks`), asks the registry for the event's format once
(:func:`tournaments.formats.format_for`) and lets the format read and write
its tables; then the hooks queue the documents and the league points.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import hooks
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import PairingRefused, StateError
from ..formats import format_for, missing_results_error
from ..models import Event, Registration, Round
from ..swiss.lifecycle import Action, state_allows
from ..swiss.pairing import rounds_for
from ..text import round_label
from .clock import round_clock_start_on_pairing
from .eventlog import event_log_append
from .locks import event_lock
from .table_carry import round_tables_detach, round_tables_reattach


def _require_pairable(event: Event) -> None:
    if not state_allows(event.state, Action.ROUND_PAIR_NEXT):
        raise StateError(
            "not_pairable",
            _("No se puede emparejar con el evento en estado «%(state)s»; cerrá la inscripción primero.")
            % {"state": event.get_state_display()},
        )


def _paired(rnd: Round) -> dict:
    """What the log keeps of a new round: its number, phase and tables."""
    paired = {"round": rnd.number, "phase": str(rnd.phase), "stage": rnd.stage,
              "tables": rnd.tables.filter(is_bye=False).count()}
    conflicts = getattr(rnd, "fixed_table_conflicts", ())
    if conflicts:  # fixed tables that could not be kept (tournaments.swiss.tables)
        paired["fixed_table_conflicts"] = [
            {"player": c.player, "table": c.table, "reason": c.reason, "kept_by": c.kept_by} for c in conflicts]
    return paired


def _mark_swiss(event: Event) -> None:
    if event.state != EventState.SWISS:
        event.state = EventState.SWISS
        event.save(update_fields=["state"])


@transaction.atomic
def round_pair_next(*, event: Event | int, by=None, _action: str = "round_pair_next") -> Round:
    """Pair the next Swiss round (duels), seat the next round (pods), or pair the next top-cut stage.

    Round 1 is random from a seed derived from the event's recorded seed;
    later rounds by standings (duels: maximum-weight matching, no avoidable
    rematch, one bye per player at most; pods: by placement points, no
    repeated pod-mates while avoidable). The previous round is closed.
    Returns the new :class:`Round` with its tables.

    Raises :class:`PairingRefused` when results are missing (naming the
    tables), when every planned round is played, or with too few active
    players; :class:`StateError` when registration is still open or the
    event is finished.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-75, R-000-78), § "¿Cómo funciona el emparejamiento en los torneos
    suizos?" (R-000-64).
    """
    event = event_lock(event)
    _require_pairable(event)
    rnd = format_for(event).round_pair_next(event)
    if rnd.phase == RoundPhase.SWISS:
        _mark_swiss(event)
    event_log_append(event=event, action=_action, by=by, subject=round_label(rnd, numbered=True),
                     after=_paired(rnd))
    round_clock_start_on_pairing(event=event, round=rnd, by=by)
    hooks.round_paired(rnd)
    return rnd


def _current_swiss_round(event: Event) -> Round:
    rnd = event.rounds.order_by("-number").first()
    if rnd is None or not state_allows(event.state, Action.ROUND_REPAIR) or rnd.state != RoundState.PAIRED \
            or rnd.phase != RoundPhase.SWISS:
        raise StateError("nothing_to_repair", _("No hay una ronda suiza abierta para volver a emparejar."))
    return rnd


@transaction.atomic
def round_repair(*, event: Event | int, by=None) -> Round:
    """Pair the current round again (only while it has no result, provisional scores included).

    Useful after a late check-in or a drop noticed just after pairing. Byes
    do not count as results. Raises :class:`StateError` ``round_has_results``
    when a result has been entered, ``nothing_to_repair`` when there is no
    open Swiss round.
    """
    event = event_lock(event)
    rnd = _current_swiss_round(event)
    fmt = format_for(event)
    if fmt.round_has_results(rnd):
        partial = sorted(rnd.tables.filter(status=MatchStatus.PENDING, version__gt=0)
                         .values_list("table_number", flat=True))
        if partial:
            raise StateError(
                "round_has_results",
                _("La ronda %(n)d ya tiene resultados cargados: la mesa %(tables)s tiene un marcador parcial "
                  "(por ejemplo, una partida perdida por penalidad). No se puede rehacer la ronda.")
                % {"n": rnd.number, "tables": ", ".join(str(t) for t in partial)},
            )
        raise StateError("round_has_results", _("La ronda %(n)d ya tiene resultados cargados; no se puede rehacer.")
                         % {"n": rnd.number})
    carried = round_tables_detach(rnd)
    rnd.delete()
    if not event.rounds.exists():
        event.state = EventState.CLOSED
        event.save(update_fields=["state"])
    new_round = round_pair_next(event=event, by=by, _action="round_repair")
    round_tables_reattach(carried, new_round)
    return new_round


@transaction.atomic
def round_close(*, event: Event | int, by=None) -> Round:
    """Close the current round: its reported results become confirmed.

    Once closed, the round's results no longer change
    (:func:`~.results.table_result_record` only accepts the round in
    progress). Pairing the next round, starting the top cut or finishing the
    event also close the open round; this is the explicit "cerrar ronda /
    confirmar resultados" step of the organizer. Raises :class:`StateError`
    ``no_open_round`` (e.g. a second click) or ``results_missing`` naming the
    tables (matches or pods).
    """
    event = event_lock(event)
    rnd = event.rounds.filter(state=RoundState.PAIRED).order_by("-number").first()
    if rnd is None or not state_allows(event.state, Action.ROUND_CLOSE):
        raise StateError("no_open_round", _("No hay ninguna ronda abierta para cerrar."))
    fmt = format_for(event)
    pending = fmt.pending_tables(rnd)
    if pending:
        raise missing_results_error(pending, action="close", round_number=rnd.number)
    fmt.round_confirm(rnd)
    rnd.state = RoundState.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["state", "closed_at"])
    event_log_append(event=event, action="round_close", by=by, subject=round_label(rnd, numbered=True),
                     before={"state": "paired"}, after={"state": "closed"})
    return rnd


@transaction.atomic
def round_pair_manual(
    *,
    event: Event | int,
    pairings: Iterable[tuple[Registration | int, Registration | int | None]],
    absent: Iterable[Registration | int] = (),
    by=None,
) -> Round:
    """Create the next Swiss round of a duels event from given pairings (a recorded event, a manual fix).

    ``pairings`` holds ``(player_a, player_b)`` registrations, ``player_b``
    ``None`` for a bye; tables are numbered in the given order. Every active
    registration must appear exactly once, except those listed in ``absent``
    (a replayed file's player who sat the round out: no match, no points);
    dropped players may not appear.
    Raises :class:`PairingRefused` naming the offending player, or when the
    previous round still misses results; :class:`StateError` for a pods
    event or one not in the Swiss rounds.
    """
    event = event_lock(event)
    fmt = format_for(event)
    if event.state not in (EventState.CLOSED, EventState.SWISS) or not fmt.supports_manual_pairing:
        raise StateError("not_pairable", _("No se puede emparejar con el evento en estado «%(state)s».")
                         % {"state": event.get_state_display()})
    snapshot = fmt.snapshot(event)
    if snapshot.pending:
        raise missing_results_error(snapshot.pending)

    def ids(r):
        return r.pk if isinstance(r, Registration) else r

    seen: set[int] = set()
    rows: list[tuple[int, int | None]] = []
    for a, b in pairings:
        pair = (ids(a), ids(b) if b is not None else None)
        for rid in pair:
            if rid is None:
                continue
            reg = snapshot.registrations.get(rid)
            if reg is None or not reg.active:
                raise PairingRefused("not_active", _("La inscripción %(id)s no está activa en este evento.")
                                     % {"id": rid})
            if rid in seen:
                raise PairingRefused("paired_twice", _("%(player)s aparece dos veces en la ronda.")
                                     % {"player": reg.display_name})
            seen.add(rid)
        rows.append(pair)
    missing = set(snapshot.active_ids) - seen - {ids(r) for r in absent}
    if missing:
        names = sorted(snapshot.registrations[r].display_name for r in missing)
        raise PairingRefused("players_unpaired", _("Quedan jugadores sin emparejar: %(names)s.")
                             % {"names": ", ".join(names)})
    number = event.rounds.filter(phase=RoundPhase.SWISS).count() + 1
    if event.planned_rounds is None:
        event.planned_rounds = rounds_for(max(len(snapshot.active_ids), 2), minimum=event.min_rounds)
    event.planned_rounds = max(event.planned_rounds, number)
    event.save(update_fields=["planned_rounds"])
    rnd = fmt.round_pair_given(event, number, rows)
    _mark_swiss(event)
    event_log_append(event=event, action="round_pair_manual", by=by, subject=round_label(rnd, numbered=True),
                     after={**_paired(rnd), "pairs": [list(pair) for pair in rows]})
    hooks.round_paired(rnd)
    return rnd


@transaction.atomic
def top_cut_start(*, event: Event | int, by=None) -> Round:
    """Close the Swiss rounds and pair the top cut's first stage.

    Takes the top ``event.cut_size`` active players of the final Swiss
    standings (dropped and disqualified players are skipped; the next moves
    up), seeded 1v4 and 2v3 for a top 4 (DESIGN.md decision 6). Raises
    :class:`StateError` if Swiss rounds or results are missing or the event
    has no top cut (pods never have one), :class:`PairingRefused` with too
    few active players.

    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" ("un reducido final entre
    los 4 primeros puestos", R-000-39).
    """
    event = event_lock(event)
    if not state_allows(event.state, Action.TOP_CUT_START) and event.cut_size and format_for(event).has_top_cut:
        raise StateError(
            "swiss_not_complete",
            _("Faltan rondas suizas: se jugaron %(played)d de %(planned)d.")
            % {"played": event.rounds.filter(phase=RoundPhase.SWISS).count(), "planned": event.planned_rounds or 0},
        )
    rnd = format_for(event).top_cut_start(event)
    event.state = EventState.TOP_CUT
    event.save(update_fields=["state"])
    event_log_append(event=event, action="top_cut_start", by=by, subject=round_label(rnd, numbered=True),
                     before={"state": "swiss"}, after={**_paired(rnd), "state": "top_cut"})
    round_clock_start_on_pairing(event=event, round=rnd, by=by)
    hooks.round_paired(rnd)
    return rnd


@transaction.atomic
def event_finish(*, event: Event | int, by=None) -> Event:
    """Finish the event and fix its podium (1st, 2nd, 3rd).

    Duels with a top cut: 1st and 2nd from the final, 3rd from the
    third-place match if played, else the semifinal loser with the better
    Swiss rank (DESIGN.md decision 6). Without a top cut (and in pods): the
    first three active rows of the standings. Disqualified players earn no
    podium; the next move up (DESIGN.md decision 10). Raises
    :class:`StateError` when rounds, results or the cut are missing, or when
    finishing twice.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    ("el podio de 3", R-000-80).
    """
    event = event_lock(event)
    if event.state == EventState.FINISHED:
        raise StateError("already_finished", _("El evento ya está finalizado."))
    fmt = format_for(event)
    podium = fmt.podium(event)
    fmt.open_rounds_confirm(event)
    event.podium_first_id, event.podium_second_id, event.podium_third_id = podium.as_tuple()
    before = {"state": str(event.state)}
    event.state = EventState.FINISHED
    event.finished_at = timezone.now()
    event.save(update_fields=["podium_first", "podium_second", "podium_third", "state", "finished_at"])
    event_log_append(event=event, action="event_finish", by=by, before=before,
                     after={"state": "finished", "podium": list(podium.as_tuple())})
    hooks.event_finished(event)
    return event


@transaction.atomic
def event_podium_recompute(*, event: Event | int, by=None) -> Event:
    """Recompute a finished event's podium after a disqualification (next players move up).

    League points are posted again as a diff (reversals and new entries).
    Does nothing for an event that is not finished.
    """
    event = event_lock(event)
    if event.state != EventState.FINISHED:
        return event
    current = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
    podium = format_for(event).podium_recompute(event)
    if podium.as_tuple() != current:
        event.podium_first_id, event.podium_second_id, event.podium_third_id = podium.as_tuple()
        event.save(update_fields=["podium_first", "podium_second", "podium_third"])
        event_log_append(event=event, action="event_podium_recompute", by=by, before={"podium": list(current)},
                         after={"podium": list(podium.as_tuple())})
        hooks.event_finished(event)
    return event
