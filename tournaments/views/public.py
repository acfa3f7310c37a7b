"""Public pages: events, pairings and standings. No login, no personal data
beyond display name, player number and venue."""
from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from .. import selectors
from ..labels import TIEBREAKER_LABELS
from ..models import Event


def event_list(request):
    """Events by date (newest first) with their venue."""
    events = Event.objects.select_related("venue", "game").order_by("-date", "name")
    return render(request, "public/event_list.html", {"events": events})


def event_detail(request, pk: int):
    """An event: the current round's pairings and the standings."""
    event = get_object_or_404(Event.objects.select_related("venue", "game"), pk=pk)
    rnd = selectors.current_round(event)
    pairings = selectors.pairings_for_round(rnd) if rnd else []
    return render(
        request,
        "public/event_detail.html",
        {
            "event": event,
            "round": rnd,
            "pairings": pairings,
            "rows": selectors.standings_for_event(event),
            "labels": TIEBREAKER_LABELS,
        },
    )


def standings(request, pk: int):
    """The standings table alone (the fragment the event page refreshes)."""
    event = get_object_or_404(Event, pk=pk)
    return render(
        request,
        "public/_standings.html",
        {"event": event, "rows": selectors.standings_for_event(event), "labels": TIEBREAKER_LABELS},
    )
