"""The round clock and the event's live stamp, computed from server timestamps."""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from ..models import Round, Table
from ..stamps import event_stamp


def event_live_stamp(event_id: int) -> str:
    """The event's state stamp (:func:`tournaments.stamps.event_stamp`; ``"missing"`` for no event).

    It changes whenever a result is entered or corrected, a round is paired
    or closed, a player drops or the event changes state; the polled
    fragments use it as their ETag and the page caches as their key.
    """
    return event_stamp(event_id) or "missing"


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The round clock at one instant, computed from server timestamps.

    ``state``: ``not_started``, ``running``, ``paused``, ``time_up`` (the
    countdown reached zero: 3 extra turns each, 000 § 10.1) or ``closed``.
    Units: whole seconds; ``remaining_seconds`` never below zero.
    ``ends_at`` (UTC) is when the countdown reaches zero — while paused,
    if it were resumed now — or ``None`` before the start;
    ``extra_minutes`` the table's extra time included in
    ``total_seconds`` (0 for the round itself).
    """

    state: str
    total_seconds: int
    remaining_seconds: int
    elapsed_seconds: int
    ends_at: datetime.datetime | None = None
    extra_minutes: int = 0

    @property
    def display(self) -> str:
        """The remaining time as ``M:SS``."""
        return f"{self.remaining_seconds // 60}:{self.remaining_seconds % 60:02d}"


def round_clock(
    rnd: Round, *, minutes: int, now: datetime.datetime | None = None, extra_minutes: int = 0
) -> RoundClock:
    """The clock of ``rnd`` for a round of ``minutes`` minutes at ``now`` (no query).

    Elapsed time is ``(now or the pause instant) - clock_started_at -
    clock_paused_seconds``. With ``extra_minutes`` it is one table's clock:
    the same start and pauses, ``minutes + extra_minutes`` long, so its end
    is the round's end plus the extra minutes. Rule:
    000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-76: 50 minutes; R-000-79: then 3 extra turns each).
    """
    total = (minutes + extra_minutes) * 60
    now = now or timezone.now()
    if rnd.clock_started_at is None:
        return RoundClock("closed" if rnd.closed_at else "not_started", total, total, 0, None, extra_minutes)
    until = rnd.clock_paused_at or now
    elapsed = max(0, int((until - rnd.clock_started_at).total_seconds()) - rnd.clock_paused_seconds)
    remaining = max(0, total - elapsed)
    paused_now = max(0, int((now - rnd.clock_paused_at).total_seconds())) if rnd.clock_paused_at else 0
    ends_at = rnd.clock_started_at + datetime.timedelta(
        seconds=total + rnd.clock_paused_seconds + paused_now
    )
    if rnd.closed_at:
        state = "closed"
    elif remaining == 0:
        state = "time_up"
    elif rnd.clock_paused_at is not None:
        state = "paused"
    else:
        state = "running"
    return RoundClock(state, total, remaining, elapsed, ends_at, extra_minutes)


@dataclass(frozen=True, slots=True)
class BuildClock:
    """Round 1's deck-building period of a Torneo Indoor at one instant.

    ``state``: ``building`` (counting down) or ``build_paused``. Units:
    whole seconds; ``ends_at`` (UTC) is when the round's own clock starts
    (while paused, if it were resumed now).
    """

    state: str
    total_seconds: int
    remaining_seconds: int
    ends_at: datetime.datetime

    @property
    def display(self) -> str:
        """The remaining build time as ``M:SS``."""
        return f"{self.remaining_seconds // 60}:{self.remaining_seconds % 60:02d}"


def round_build_clock(rnd: Round, *, now: datetime.datetime | None = None) -> BuildClock | None:
    """The build period of ``rnd`` at ``now`` (no query), or ``None`` when there is none or it is over.

    The build is the time before ``clock_started_at`` (plus the pauses
    taken during it): the round's countdown
    (:func:`round_clock`) runs from there, so
    pausing during the build pauses the build.
    """
    if not rnd.build_minutes or rnd.clock_started_at is None or rnd.closed_at is not None:
        return None
    now = now or timezone.now()
    until = rnd.clock_paused_at or now
    elapsed = int((until - rnd.clock_started_at).total_seconds()) - rnd.clock_paused_seconds
    if elapsed >= 0:
        return None
    paused_now = max(0, int((now - rnd.clock_paused_at).total_seconds())) if rnd.clock_paused_at else 0
    ends_at = rnd.clock_started_at + datetime.timedelta(seconds=rnd.clock_paused_seconds + paused_now)
    state = "build_paused" if rnd.clock_paused_at is not None else "building"
    return BuildClock(state, rnd.build_minutes * 60, min(-elapsed, rnd.build_minutes * 60), ends_at)


def round_display_clock(rnd: Round, *, minutes: int, now: datetime.datetime | None = None):
    """The clock a page shows for ``rnd`` (no query): a Torneo Indoor's
    :class:`BuildClock` while the build lasts, else
    :func:`round_clock` for ``minutes`` minutes."""
    return round_build_clock(rnd, now=now) or round_clock(rnd, minutes=minutes, now=now)


def match_clock(match: Table, *, minutes: int, now: datetime.datetime | None = None) -> RoundClock:
    """One table's own clock: its round's clock plus the table's ``extra_minutes`` (no query past the round).

    Its ``time_up`` state is when that table's 3 extra turns each begin
    (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas",
    R-000-79).
    """
    return round_clock(match.round, minutes=minutes, now=now, extra_minutes=match.extra_minutes)
