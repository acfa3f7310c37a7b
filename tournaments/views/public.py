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
from ..enums import EventState, MatchStatus, RoundPhase
from ..formats import DUELS, PODS, format_for
from ..labels import TIEBREAKER_LABELS, TIEBREAKER_NAMES
from ..models import Event, Registration
from ..text import fold, stage_name

#: Seconds between two polls of a live fragment (settings.ARENA_LIVE_POLL_SECONDS overrides).
LIVE_POLL_SECONDS = 5
PAGE_MAX_AGE = 5
FRAGMENT_MAX_AGE = 2

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
    tables = [(p, fold(f"{p.player_a} {p.player_b or ''} {p.player_a_number} {p.player_b_number or ''}"))
              for p in rows]
    needle = fold(query.strip())
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
    rows = [(pod, fold(" ".join(f"{s.display_name} {s.player_number}" for s in pod.seats)))
            for pod in pods]
    needle = fold(query.strip())
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


#: Context of a round's tables by format key (:mod:`tournaments.formats`).
_ROUND_CONTEXT = {"duels": _pairings_context, "pods": _pods_context}


def _round_context(event: Event, rnd, query: str) -> dict:
    return _ROUND_CONTEXT[format_for(event).key](event, rnd, query)


def _round_fragment(event: Event) -> str:
    return format_for(event).templates["public_round"]


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
        "rows": DUELS.standing_rows(event),
        "labels": TIEBREAKER_LABELS,
        "names": TIEBREAKER_NAMES,
    }


def _pod_standings_context(event: Event) -> dict:
    return {
        "event": event,
        "round": selectors.current_round(event),
        "rows": PODS.standing_rows(event),
        "score_label": pods_selectors.secondary_score_label(event),
        "pod_names": {"points": _("Puntos"), "opponents_points": _("Rivales"),
                      "secondary_score": pods_selectors.secondary_score_label(event) or ""},
    }


#: Context of the standings by format key (:mod:`tournaments.formats`).
_STANDINGS_CONTEXT = {"duels": _standings_context, "pods": _pod_standings_context}


def standings(request, pk: int):
    """Standings with every tiebreak column and the criterion that separated each row.

    Pod events show placement points, opponents' points and the secondary
    score (stoner points) instead. A finished event shows its final
    standings (DESIGN.md decision 20: the champion first); ``?vista=suiza``
    keeps the standings after the last Swiss round.
    """
    event = _event_or_404(pk)
    fmt = format_for(event)
    swiss_view = request.GET.get("vista") == "suiza"

    def build() -> dict:
        context = {**_STANDINGS_CONTEXT[fmt.key](event), "format": fmt, "swiss_view": swiss_view,
                   "finished": event.state == EventState.FINISHED}
        if context["finished"] and not swiss_view:
            context["rows"] = fmt.final_rows(event)
            context["final"] = True
        if context["finished"]:
            context["last_swiss_round"] = event.rounds.filter(phase=RoundPhase.SWISS).count()
        return context

    return _live(request, event, "public/standings.html", fmt.templates["public_standings"], build)


def _player_context(event: Event, registration: Registration) -> dict:
    rows = selectors.standings_for_event(event)
    return {
        "event": event,
        "registration": registration,
        "standing": next((r for r in rows if r.registration_id == registration.pk), None),
        "rounds": selectors.player_rounds(registration),
        "labels": TIEBREAKER_LABELS,
        "names": TIEBREAKER_NAMES,
    }


def _pod_player_context(event: Event, registration: Registration) -> dict:
    """A player of a pod event: their standing row and every pod played, with the pod-mates' places."""
    rows = PODS.standing_rows(event)
    return {
        "event": event,
        "registration": registration,
        "standing": next((r for r in rows if r.registration_id == registration.pk), None),
        "rounds": pods_selectors.player_pod_rounds(registration, event=event),
        "score_label": pods_selectors.secondary_score_label(event),
    }


#: A player's page by format key (:mod:`tournaments.formats`): context builder and polled fragment.
_PLAYER_PAGE = {
    "duels": (_player_context, "public/_player_rounds.html"),
    "pods": (_pod_player_context, "public/_player_pods.html"),
}


def player(request, pk: int, number: str):
    """One player's event: standing and round-by-round results (pods: pod-mates, place and points)."""
    event = _event_or_404(pk)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "player__home_venue"), event=event,
        player__player_number=number,
    )
    context, fragment = _PLAYER_PAGE[format_for(event).key]
    return _live(request, event, "public/player.html", fragment, lambda: context(event, registration))


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
            "stages": [(stage_name(s.stage), s) for s in selectors.bracket_for_event(event)],
        },
    )
