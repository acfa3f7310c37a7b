"""Read models of pre-registration (issue #17 point 2): places taken, the waitlist, upcoming events.

*Places taken* of an event are its confirmed pre-registrations plus its
registrations that do not come from a confirmed pre-registration (a walk-in
at the desk, a checked-in pre-registration): a place is counted once. The
*waitlist* is the event's waitlisted pre-registrations ordered by
``(created_at, pk)``; a player's *position* in it counts from 1.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from .enums import EventState, PreRegistrationState
from .models import Event, Player, PreRegistration, Registration
from .text import fold

#: Event states in which players may still pre-register (before registration closes).
PREREGISTRATION_STATES = (EventState.DRAFT, EventState.REGISTRATION)
#: Pre-registrations still holding or waiting for a place.
LIVE_STATES = (PreRegistrationState.CONFIRMED, PreRegistrationState.WAITLISTED)


def _confirmed_of(event_ref) -> QuerySet[PreRegistration]:
    return PreRegistration.objects.filter(event_id=event_ref, state=PreRegistrationState.CONFIRMED)


def _walk_ins_of(event_ref) -> QuerySet[Registration]:
    """Registrations of the event whose player holds no confirmed pre-registration there."""
    confirmed = PreRegistration.objects.filter(
        event_id=OuterRef("event_id"), player_id=OuterRef("player_id"), state=PreRegistrationState.CONFIRMED)
    return Registration.objects.filter(event_id=event_ref).exclude(Exists(confirmed))


def places_taken(event: Event | int) -> int:
    """Confirmed pre-registrations plus the other registrations of ``event`` (two counts)."""
    pk = event.pk if isinstance(event, Event) else event
    return _confirmed_of(pk).count() + _walk_ins_of(pk).count()


def waitlist(event: Event | int) -> QuerySet[PreRegistration]:
    """The waitlisted pre-registrations of ``event``, first in line first."""
    pk = event.pk if isinstance(event, Event) else event
    return PreRegistration.objects.filter(event_id=pk, state=PreRegistrationState.WAITLISTED).order_by(
        "created_at", "pk")


def waitlist_position(prereg: PreRegistration) -> int | None:
    """1-based place of a waitlisted ``prereg`` in its event's line; ``None`` when not waitlisted."""
    if prereg.state != PreRegistrationState.WAITLISTED:
        return None
    ahead = waitlist(prereg.event_id).filter(
        Q(created_at__lt=prereg.created_at) | Q(created_at=prereg.created_at, pk__lt=prereg.pk))
    return ahead.count() + 1


def preregistration_open_now(event: Event, now: datetime.datetime | None = None) -> bool:
    """Whether ``event`` takes pre-registrations at ``now`` (open, before its deadline, not closed)."""
    now = now or timezone.now()
    return (event.preregistration_open and event.state in PREREGISTRATION_STATES
            and (event.preregistration_deadline is None or now <= event.preregistration_deadline))


def _count(qs) -> Subquery:
    return Coalesce(Subquery(qs.order_by().values("event_id").annotate(n=Count("pk")).values("n"),
                             output_field=IntegerField()), Value(0))


def upcoming_events(now: datetime.datetime | None = None) -> QuerySet[Event]:
    """Events of any venue taking pre-registrations now, soonest first, with ``taken`` annotated.

    ``taken`` is :func:`places_taken` computed in the same query (places
    left = ``capacity - taken`` when ``capacity`` is set).
    """
    now = now or timezone.now()
    return (
        Event.objects.filter(preregistration_open=True, state__in=PREREGISTRATION_STATES,
                             date__gte=timezone.localdate(now))
        .filter(Q(preregistration_deadline__isnull=True) | Q(preregistration_deadline__gte=now))
        .select_related("venue", "game")
        .annotate(taken=_count(_confirmed_of(OuterRef("pk"))) + _count(_walk_ins_of(OuterRef("pk"))))
        .order_by("date", "name", "pk")
    )


@dataclass(frozen=True)
class DayRow:
    """One line of the day panel's pre-registration list (``position`` only on the waitlist)."""

    prereg: PreRegistration
    position: int | None


def day_list(event: Event, query: str = "") -> list[DayRow]:
    """Who pre-registered for ``event`` and has not been checked in: confirmed first (by arrival), then
    the waitlist in order; ``query`` keeps those whose name or number contains it (case and accents
    ignored, :func:`tournaments.text.fold`). One query."""
    rows = (PreRegistration.objects.filter(event=event, state__in=LIVE_STATES)
            .select_related("player").order_by("created_at", "pk"))
    confirmed = [DayRow(p, None) for p in rows if p.state == PreRegistrationState.CONFIRMED]
    waiting = [DayRow(p, n) for n, p in
               enumerate((p for p in rows if p.state == PreRegistrationState.WAITLISTED), 1)]
    found = confirmed + waiting
    query = fold((query or "").strip())
    if query:
        found = [r for r in found if query in fold(r.prereg.player.display_name)
                 or query in fold(r.prereg.player.player_number)]
    return found


def player_preregistrations(player: Player) -> QuerySet[PreRegistration]:
    """The player's live pre-registrations for events not yet finished, soonest event first."""
    return (PreRegistration.objects.filter(player=player, state__in=LIVE_STATES)
            .exclude(event__state=EventState.FINISHED)
            .select_related("event__venue").order_by("event__date", "event__pk"))
