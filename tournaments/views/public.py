"""Public pages: events, pairings, standings, a player's rounds, the top cut.

No login and no personal data beyond display name, player number and venue.
Every live page has a fragment (same URL with ``?fragmento=1``) that
``static/arena/live.js`` polls every few seconds and swaps in place, so the
page follows the results without a reload. Fragments carry an ETag built
from :func:`tournaments.selectors.event_live_stamp` — it changes whenever a
result is recorded — so a poll with nothing new is a 304 and a shared cache
may keep them for a couple of seconds; full pages are cacheable for a few
seconds (``Vary: Cookie`` keeps languages and CSRF tokens apart).
"""
from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .. import pods_selectors, selectors
from ..enums import MatchStatus, RoundPhase
from ..labels import TIEBREAKER_LABELS, TIEBREAKER_NAMES
from ..models import Event, Registration

#: Seconds between two polls of a live fragment (settings.ARENA_LIVE_POLL_SECONDS overrides).
LIVE_POLL_SECONDS = 5
PAGE_MAX_AGE = 5
FRAGMENT_MAX_AGE = 2

STAGE_NAMES = {
    0: _("Tercer puesto"),
    1: _("Final"),
    2: _("Semifinales"),
    3: _("Cuartos de final"),
    4: _("Octavos de final"),
}


def poll_seconds() -> int:
    return int(getattr(settings, "ARENA_LIVE_POLL_SECONDS", LIVE_POLL_SECONDS))


def _event_or_404(pk: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related(
            "venue", "game", "podium_first__player", "podium_second__player", "podium_third__player"
        ),
        pk=pk,
    )


def _live(request, event: Event, page: str, fragment: str, build) -> object:
    """Render ``page``, or only ``fragment`` when polled (``?fragmento=1``), with caching headers.

    ``build`` returns the template context; it is not called for a 304.
    """
    if request.GET.get("fragmento"):
        etag = f'"{selectors.event_live_stamp(event.pk)}-{get_language()}"'
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = render(request, fragment, build())
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=FRAGMENT_MAX_AGE)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return response
    context = build()
    context.update(event=event, live_seconds=poll_seconds(), fragment_template=fragment)
    response = render(request, page, context)
    patch_cache_control(response, public=True, max_age=PAGE_MAX_AGE)
    return response


def event_list(request):
    """Events by date, newest first, with their venue; ``?sede=<id>`` keeps one venue."""
    venue_id = request.GET.get("sede") or None
    try:
        venue_id = int(venue_id) if venue_id else None
    except ValueError:
        venue_id = None
    response = render(
        request,
        "public/event_list.html",
        {
            "events": selectors.events_for_listing(venue_id=venue_id),
            "venues": selectors.venues_with_events(),
            "venue_id": venue_id,
        },
    )
    patch_cache_control(response, public=True, max_age=PAGE_MAX_AGE)
    return response


def _pairings_context(event: Event, rnd, query: str) -> dict:
    rows = selectors.pairings_for_round(rnd) if rnd else []
    by_name = selectors.pairings_by_name(rows)
    tables = [(p, selectors.fold(f"{p.player_a} {p.player_b or ''} {p.player_a_number} {p.player_b_number or ''}"))
              for p in rows]
    needle = selectors.fold(query.strip())
    if needle:
        by_name = [line for line in by_name if needle in line.search]
        tables = [(p, search) for p, search in tables if needle in search]
    playing = [p for p in rows if not p.is_bye]
    return {
        "event": event,
        "round": rnd,
        "by_name": by_name,
        "tables": tables,
        "query": query,
        "pending": sum(p.status == MatchStatus.PENDING for p in playing),
        "table_count": len(playing),
        "is_top_cut": bool(rnd and rnd.phase == RoundPhase.TOP_CUT),
    }


def _pods_context(event: Event, rnd, query: str) -> dict:
    """The pods of ``rnd`` (multiplayer games, issue #9), filtered by a name or number."""
    pods = pods_selectors.pods_for_round(rnd) if rnd else []
    rows = [(pod, selectors.fold(" ".join(f"{s.display_name} {s.player_number}" for s in pod.seats)))
            for pod in pods]
    needle = selectors.fold(query.strip())
    if needle:
        rows = [(pod, search) for pod, search in rows if needle in search]
    return {
        "event": event,
        "round": rnd,
        "pods": rows,
        "query": query,
        "pending": sum(pod.status == MatchStatus.PENDING for pod in pods),
        "score_label": pods_selectors.secondary_score_label(event),
    }


def _round_context(event: Event, rnd, query: str) -> dict:
    return _pods_context(event, rnd, query) if event.in_pods else _pairings_context(event, rnd, query)


def _round_fragment(event: Event) -> str:
    return "public/_pods.html" if event.in_pods else "public/_pairings.html"


def event_detail(request, pk: int):
    """An event: the current round's pairings, alphabetically and by table, searchable by name.

    Multiplayer games show the round's pods instead (a table with 2–6 names).
    """
    event = _event_or_404(pk)
    query = request.GET.get("q", "")

    def build():
        rounds = list(selectors.rounds_for_event(event))
        context = _round_context(event, rounds[-1] if rounds else None, query)
        context["rounds"] = rounds
        context["current"] = True
        return context

    return _live(request, event, "public/event_detail.html", _round_fragment(event), build)


def round_detail(request, pk: int, number: int):
    """The pairings and results of one round (earlier rounds stay readable)."""
    event = _event_or_404(pk)
    query = request.GET.get("q", "")

    def build():
        rounds = list(selectors.rounds_for_event(event))
        rnd = next((r for r in rounds if r.number == number), None)
        if rnd is None:
            raise Http404
        context = _round_context(event, rnd, query)
        context["rounds"] = rounds
        context["current"] = rnd == rounds[-1]
        return context

    return _live(request, event, "public/event_detail.html", _round_fragment(event), build)


def _standings_context(event: Event) -> dict:
    return {
        "event": event,
        "round": selectors.current_round(event),
        "rows": selectors.standings_for_event(event),
        "labels": TIEBREAKER_LABELS,
        "names": TIEBREAKER_NAMES,
    }


def _pod_standings_context(event: Event) -> dict:
    return {
        "event": event,
        "round": selectors.current_round(event),
        "rows": pods_selectors.pod_standings_for_event(event),
        "score_label": pods_selectors.secondary_score_label(event),
        "pod_names": {"points": _("Puntos"), "opponents_points": _("Rivales"),
                      "secondary_score": pods_selectors.secondary_score_label(event) or ""},
    }


def standings(request, pk: int):
    """Swiss standings with every tiebreak column and the criterion that separated each row.

    Pod events (issue #9) show placement points, opponents' points and the
    secondary score (stoner points) instead.
    """
    event = _event_or_404(pk)
    if event.in_pods:
        return _live(request, event, "public/standings.html", "public/_pod_standings.html",
                     lambda: _pod_standings_context(event))
    return _live(request, event, "public/standings.html", "public/_standings.html",
                 lambda: _standings_context(event))


def player(request, pk: int, number: str):
    """One player's event: standing and round-by-round results."""
    event = _event_or_404(pk)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "player__home_venue"), event=event,
        player__player_number=number,
    )

    def build():
        rows = selectors.standings_for_event(event)
        standing = next((r for r in rows if r.registration_id == registration.pk), None)
        return {
            "event": event,
            "registration": registration,
            "standing": standing,
            "rounds": selectors.player_rounds(registration),
            "labels": TIEBREAKER_LABELS,
            "names": TIEBREAKER_NAMES,
        }

    return _live(request, event, "public/player.html", "public/_player_rounds.html", build)


def bracket(request, pk: int):
    """The top-cut bracket (Reducido), stage by stage, and the podium once decided."""
    event = _event_or_404(pk)
    return _live(
        request,
        event,
        "public/bracket.html",
        "public/_bracket.html",
        lambda: {
            "event": event,
            "stages": [(STAGE_NAMES.get(s.stage, s.stage), s) for s in selectors.bracket_for_event(event)],
        },
    )
