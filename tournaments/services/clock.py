"""The round clock: start, pause, resume, and extra time for one table.

The event row is locked first, then the round (or the match). Judges of
the event, its head judge and organizers run the clock
(:func:`tournaments.permissions.is_judge`); ``by=None`` is a command or a
task. Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
Suizas" (R-000-76: countdown from 50 minutes; R-000-79: 3 extra turns each
at zero).

Torneo Indoor (R-000-52, 000_0014b2ac83da54b4.txt § "Torneo Indoor"):
round 1 opens with a build period of :data:`INDOOR_BUILD_MINUTES`, see
:func:`round_clock_start_on_pairing` and :func:`tournaments.selectors.round_build_clock`.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import hooks, permissions
from ..enums import EventKind, EventState, MatchStatus, RoundPhase, RoundState
from ..errors import ArenaError, NotAllowed, StateError
from ..models import Event, Round, Table
from ..selectors import round_build_clock
from ..text import round_label
from .eventlog import event_log_append
from .locks import round_lock, table_lock

#: Extra time a judge may give one table at a time, in whole minutes.
EXTRA_MINUTES_MIN, EXTRA_MINUTES_MAX = 1, 30

#: Torneo Indoor: minutes to open the boosters, build and trade before round 1's clock (R-000-52).
INDOOR_BUILD_MINUTES = 60


def _log(rnd: Round, action: str, by, reason: str = "") -> None:
    event_log_append(event=rnd.event_id, action=action, by=by, subject=round_label(rnd, numbered=True),
                     after={"started_at": rnd.clock_started_at.isoformat() if rnd.clock_started_at else None,
                            "paused_at": rnd.clock_paused_at.isoformat() if rnd.clock_paused_at else None,
                            "paused_seconds": rnd.clock_paused_seconds},
                     reason=reason)


def _ensure_may_run_clock(by, event: Event) -> None:
    """Raise :class:`NotAllowed` unless ``by`` judges ``event`` (``None``: a command or a task)."""
    if by is None:
        return
    if not permissions.is_judge(by, event):
        raise NotAllowed("not_judge", _("Sólo los jueces, el juez principal y los organizadores del evento "
                                        "manejan el reloj."))


def _locked_clock_round(rnd: Round | int, by=None) -> Round:
    event, rnd = round_lock(rnd)
    _ensure_may_run_clock(by, event)
    if rnd.state != RoundState.PAIRED:
        raise StateError("round_closed", _("La ronda %(n)d ya está cerrada.") % {"n": rnd.number})
    return rnd


def _start(rnd: Round, by, reason: str = "") -> Round:
    """Start ``rnd``'s countdown now; the event and the round are already locked."""
    if round_build_clock(rnd) is not None:
        raise StateError("build_running", _("La ronda %(n)d está en el armado de mazos: su reloj empieza solo "
                                            "al terminar el armado (o usá «Terminar armado»).") % {"n": rnd.number})
    if rnd.clock_started_at is not None:
        raise StateError("clock_started", _("El reloj de la ronda %(n)d ya está en marcha.") % {"n": rnd.number})
    rnd.clock_started_at = timezone.now()
    rnd.clock_paused_at = None
    rnd.clock_paused_seconds = 0
    rnd.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds"])
    _log(rnd, "round_clock_start", by, reason)
    return rnd


def _needs_build(event: Event, rnd: Round) -> bool:
    return (event.kind == EventKind.INDOOR and rnd.phase == RoundPhase.SWISS and rnd.number == 1
            and not rnd.build_minutes and rnd.clock_started_at is None)


def round_clock_start_on_pairing(*, event: Event, round: Round, by=None) -> Round | None:
    """Start the clock of a round just paired when ``event.clock_starts_on_pairing`` is set.

    For the pairing services only: call it inside their transaction, with
    ``event`` already locked and ``round`` just created (so no other lock
    is taken). Logged as ``round_clock_start`` with the reason. Returns the
    round when its clock started, else ``None``.

    Torneo Indoor, round 1: the build period starts here, whatever the
    setting. The seed places it right after the draw ("Al sortear las
    Rondas Suizas, antes de comenzar el enfrentamiento de la 1er ronda,
    los Breeders tendrán 1 hora…", 000_0014b2ac83da54b4.txt § "Torneo
    Indoor", R-000-52): players trade with their round-1 rival, so they
    must be paired first. The round's clock is set to start
    :data:`INDOOR_BUILD_MINUTES` later, by itself (paired at t: the build
    runs t → t+60 min, the round's 50 minutes from t+60). Re-pairing
    round 1 starts the build again (new rivals to trade with); a judge may
    end it early (:func:`round_build_end`). Logged as
    ``round_build_start``; returns the round.
    """
    if _needs_build(event, round):
        now = timezone.now()
        round.build_minutes = INDOOR_BUILD_MINUTES
        round.clock_started_at = now + datetime.timedelta(minutes=INDOOR_BUILD_MINUTES)
        round.clock_paused_at = None
        round.clock_paused_seconds = 0
        round.save(update_fields=["build_minutes", "clock_started_at", "clock_paused_at", "clock_paused_seconds"])
        event_log_append(event=event, action="round_build_start", by=by,
                         subject=round_label(round, numbered=True),
                         after={"build_minutes": INDOOR_BUILD_MINUTES, "started_at": now.isoformat(),
                                "round_clock_starts_at": round.clock_started_at.isoformat()})
        return round
    if not event.clock_starts_on_pairing or round.clock_started_at is not None:
        return None
    return _start(round, by, reason=_("Inicio automático al emparejar (configuración del evento)."))


@transaction.atomic
def round_clock_start(*, round: Round | int, by=None) -> Round:
    """Start the round's countdown now (the event's ``round_minutes``).

    Units: UTC datetimes on the round. Raises :class:`StateError` when the
    clock was already started or the round is closed, :class:`NotAllowed`
    when ``by`` does not judge the event.
    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-76).
    """
    return _start(_locked_clock_round(round, by), by)


@transaction.atomic
def round_build_end(*, round: Round | int, by=None) -> Round:
    """End a Torneo Indoor build period now: the round's countdown starts at once.

    For a table that finished building early (every player ready). Logged
    as ``round_build_end``. Raises :class:`StateError` ``no_build`` when the
    round is not in its build period (or is closed), :class:`NotAllowed`
    for a non-judge. Rule: 000_0014b2ac83da54b4.txt § "Torneo Indoor"
    (R-000-52).
    """
    rnd = _locked_clock_round(round, by)
    build = round_build_clock(rnd)
    if build is None:
        raise StateError("no_build", _("La ronda %(n)d no está en el armado de mazos.") % {"n": rnd.number})
    rnd.clock_started_at = timezone.now()
    rnd.clock_paused_at = None
    rnd.clock_paused_seconds = 0
    rnd.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds"])
    _log(rnd, "round_build_end", by, _("Armado terminado antes de tiempo (faltaban %(left)s).")
         % {"left": build.display})
    return rnd


@transaction.atomic
def round_clock_pause(*, round: Round | int, by=None) -> Round:
    """Pause a running clock. Raises :class:`StateError` if not running, :class:`NotAllowed` for a non-judge."""
    rnd = _locked_clock_round(round, by)
    if rnd.clock_started_at is None or rnd.clock_paused_at is not None:
        raise StateError("clock_not_running", _("El reloj no está corriendo."))
    rnd.clock_paused_at = timezone.now()
    rnd.save(update_fields=["clock_paused_at"])
    _log(rnd, "round_clock_pause", by)
    return rnd


@transaction.atomic
def round_clock_resume(*, round: Round | int, by=None) -> Round:
    """Resume a paused clock; the pause is added to ``clock_paused_seconds``.

    Raises :class:`StateError` if the clock is not paused,
    :class:`NotAllowed` for a non-judge.
    """
    rnd = _locked_clock_round(round, by)
    if rnd.clock_paused_at is None:
        raise StateError("clock_not_paused", _("El reloj no está en pausa."))
    paused = int((timezone.now() - rnd.clock_paused_at).total_seconds())
    rnd.clock_paused_seconds += max(0, paused)
    rnd.clock_paused_at = None
    rnd.save(update_fields=["clock_paused_seconds", "clock_paused_at"])
    _log(rnd, "round_clock_resume", by)
    return rnd


def _table_subject(match: Table) -> str:
    return _("Mesa %(t)d · %(round)s") % {"t": match.table_number or 0,
                                          "round": round_label(match.round, numbered=True)}


@transaction.atomic
def match_time_extend(*, match: Table | int, minutes: int, reason: str, by=None) -> Table:
    """Give one table ``minutes`` more (a ruling delay, a deck check); returns the match.

    Shapes: ``minutes`` a whole number from 1 to 30, added to the match's
    ``extra_minutes`` (cumulative); ``reason`` says why, in words. The
    table's own end time is the round clock's end plus its extra minutes
    (paused time included, :func:`tournaments.selectors.match_clock`); its
    3 extra turns each begin when that time runs out.

    Raises :class:`ArenaError` ``extra_minutes_invalid`` or
    ``reason_missing``; :class:`NotAllowed` when ``by`` does not judge the
    event; :class:`StateError` for a bye, a table of a round that is not
    the current one (or closed, or a finished event), or one whose result
    is already saved. Logged as ``match_time_extend``; the round's result
    slips are printed again when they were requested.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-76, R-000-79). Default: issue #13 item 5 — the rulebook gives
    no extension; a judge grants it, at most 30 minutes at a time.
    """
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not (
        EXTRA_MINUTES_MIN <= minutes <= EXTRA_MINUTES_MAX
    ):
        raise ArenaError("extra_minutes_invalid",
                         _("El tiempo extra va de %(lo)d a %(hi)d minutos enteros.")
                         % {"lo": EXTRA_MINUTES_MIN, "hi": EXTRA_MINUTES_MAX})
    reason = (reason or "").strip()
    if not reason:
        raise ArenaError("reason_missing", _("Indicá el motivo del tiempo extra (p. ej. «revisión de mazo»)."))
    event, match = table_lock(match)
    _ensure_may_run_clock(by, event)
    rnd = match.round
    current = event.rounds.order_by("-number").values_list("pk", flat=True).first()
    if match.is_bye:
        raise StateError("bye_has_no_clock", _("Un bye no juega: no lleva tiempo extra."))
    if rnd.pk != current or rnd.state != RoundState.PAIRED or event.state == EventState.FINISHED:
        raise StateError("round_not_current", _("La mesa %(t)d no es de la ronda en curso: no se le agrega tiempo.")
                         % {"t": match.table_number})
    if match.status != MatchStatus.PENDING:
        raise StateError("result_saved", _("La mesa %(t)d ya tiene su resultado cargado: no se le agrega tiempo.")
                         % {"t": match.table_number})
    before = match.extra_minutes
    match.extra_minutes = before + minutes
    match.save(update_fields=["extra_minutes"])
    event_log_append(event=event, action="match_time_extend", by=by, subject=_table_subject(match),
                     before={"extra_minutes": before},
                     after={"extra_minutes": match.extra_minutes, "added": minutes}, reason=reason[:500])
    hooks.match_time_extended(match)
    return match
