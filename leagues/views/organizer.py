"""Organizer pages of the league (staff only): qualification lists and the
prizes checklist. Read-only; decisions (a tie at the cut, a badge award)
are recorded in the admin."""
from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import get_object_or_404, render

from .. import selectors
from ..models import Season


def _season(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("game"), pk=pk)


@staff_member_required
def qualification(request, pk: int):
    """La Final, El Nacional's direct qualifiers and the Verano finals."""
    season = _season(pk)
    return render(request, "leagues/qualification.html", {"season": season, "q": selectors.qualification(season)})


@staff_member_required
def prizes(request, pk: int):
    """Event packs per event and promo cards per month."""
    season = _season(pk)
    return render(request, "leagues/prizes.html", {"season": season, "prizes": selectors.prizes(season)})
