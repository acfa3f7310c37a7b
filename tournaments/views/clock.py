"""The round clock for the venue's projector.

The page counts down from the event's ``round_minutes``; the time comes
from server timestamps on the round (``clock_started_at``,
``clock_paused_at``, ``clock_paused_seconds``), so every screen shows the
same time: ``static/arena/clock.js`` ticks locally and re-reads the state
every few seconds. Judges of the event, its head judge and organizers see
the buttons (iniciar, pausar, reanudar); the judge tables page posts to the
same control view and comes back to itself.
At zero it shows the rule: 3 extra turns each, starting with the player
whose turn it is (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las
Rondas Suizas").
Torneo Indoor, round 1: first "Armado de mazos" with its own countdown
(states ``building`` and ``build_paused``), then the round's clock by
itself (000_0014b2ac83da54b4.txt § "Torneo Indoor", R-000-52;
:func:`tournaments.selectors.round_build_clock`).
"""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import permissions, selectors, services
from ..errors import ArenaError
from ..models import Event
from ..selectors import round_display_clock
from ..services.clock import round_build_end
from .access import event_role_required

#: Seconds between two reads of the clock state by the page.
CLOCK_POLL_SECONDS = 5

_ACTIONS = {
    "iniciar": services.round_clock_start,
    "pausar": services.round_clock_pause,
    "reanudar": services.round_clock_resume,
    "terminar-armado": round_build_end,
}


def _state(event: Event) -> dict:
    rnd = selectors.current_round(event)
    if rnd is None:
        total = event.round_minutes * 60
        return {"state": "no_round", "round": None, "total": total, "remaining": total,
                "display": f"{event.round_minutes}:00", "build_minutes": 0}
    clock = round_display_clock(rnd, minutes=event.round_minutes)
    return {
        "state": clock.state,
        "round": rnd.number,
        "total": clock.total_seconds,
        "remaining": clock.remaining_seconds,
        "display": clock.display,
        "build_minutes": rnd.build_minutes,
    }


def page(request, pk: int):
    """The projector page: big countdown; the organizer's buttons when signed in as one."""
    event = get_object_or_404(Event.objects.select_related("venue"), pk=pk)
    state = _state(event)
    response = render(
        request,
        "public/clock.html",
        {
            "event": event,
            "clock": state,
            "can_control": permissions.is_judge(request.user, event),
            "poll_seconds": CLOCK_POLL_SECONDS,
        },
    )
    add_never_cache_headers(response)
    return response


def state(request, pk: int):
    """The clock state as JSON: ``state``, ``round``, ``total`` and ``remaining`` (seconds), ``build_minutes``."""
    event = get_object_or_404(Event, pk=pk)
    response = JsonResponse(_state(event))
    add_never_cache_headers(response)
    return response


@require_POST
@event_role_required(permissions.JUDGE)
def control(request, event, action: str):
    """Start, pause or resume the current round's clock, or end an Indoor build (judges, head judge, organizers).

    Goes back to ``next`` when it is a page of this site (the judge tables
    page), else to the projector page.
    """
    service = _ACTIONS.get(action)
    if service is None:
        raise Http404
    rnd = selectors.current_round(event)
    if rnd is None:
        messages.error(request, _("El evento todavía no tiene rondas."))
    else:
        try:
            service(round=rnd, by=request.user)
        except ArenaError as exc:
            messages.error(request, exc.message)
    next_url = request.POST.get("next", "")
    if next_url and url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()},
                                                    require_https=request.is_secure()):
        return redirect(next_url)
    return redirect("clock:page", pk=event.pk)
