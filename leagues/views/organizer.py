"""Organizer pages of the league: qualification lists and the prizes checklist.

Read-only; decisions (a tie at the cut, a badge award) are recorded in the
admin. For organizers of at least one venue and superusers (anonymous users
go to the login page, anyone else gets the 403 page). A season is national:
the qualification lists come from the venues' season tables, which are
public, so every organizer sees them whole; the event packs are handed out
by each venue, so the prizes page lists only the events of the organizer's
venues (promo cards are per player and month across venues: listed whole).
"""
from __future__ import annotations

import dataclasses

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from tournaments import permissions
from tournaments.views.access import venue_organizer_required

from .. import selectors
from ..models import Season

_ORGANIZERS_ONLY = _("Sólo los organizadores de una sede ven las páginas de organización de la liga.")


def _season(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("game"), pk=pk)


@venue_organizer_required(_ORGANIZERS_ONLY)
def qualification(request, pk: int):
    """La Final, El Nacional's direct qualifiers and the Verano finals."""
    season = _season(pk)
    return render(request, "leagues/qualification.html", {"season": season, "q": selectors.qualification(season)})


@venue_organizer_required(_ORGANIZERS_ONLY)
def prizes(request, pk: int):
    """Event packs per event of the organizer's venues and promo cards per month."""
    season = _season(pk)
    checklist = selectors.prizes(season)
    if not request.user.is_superuser:
        own = set(permissions.events_organized_by(request.user).values_list("pk", flat=True))
        checklist = dataclasses.replace(checklist, packs=[g for g in checklist.packs if g.event_id in own])
    return render(request, "leagues/prizes.html", {"season": season, "prizes": checklist})
