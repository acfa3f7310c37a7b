"""Public pages: events, pairings, standings, a player's rounds, the top cut.

No login and no personal data beyond display name, player number and venue.
Every live page has a fragment (same URL with ``?fragmento=1``) that
``static/arena/live.js`` polls every few seconds and swaps in place, so the
page follows the results without a reload.

Read once per change (:mod:`tournaments.pagecache`): pages and fragments
are rendered once per state stamp of the event (:mod:`tournaments.stamps`),
language and URL, and kept compressed; their ETag is the stamp, so a poll
with nothing new is a 304 after one primary-key query. Big events are
paged (:data:`PAGE_ROWS` rows, ``?pagina=N``) and searched on the server
(``?q=`` a name or player number), so a phone carries one screen, not the
whole field.
"""
from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_cache_control

from .. import live_rows, pagecache, selectors
from ..enums import EventState, RoundPhase
from ..formats import format_for
from ..models import Event, Registration
from ..resources import export_stem, pairings_dataset
from ..spreadsheets import kind_of, spreadsheet_response
from ..text import round_label, stage_name

#: Seconds between two polls of a live fragment (settings.ARENA_LIVE_POLL_SECONDS overrides).
LIVE_POLL_SECONDS = 5
PAGE_MAX_AGE = 5
FRAGMENT_MAX_AGE = 2
#: Rows of standings, or names of a round's pairings, on one page (tables: half as many).
PAGE_ROWS = 100

def poll_seconds() -> int:
    return int(getattr(settings, "ARENA_LIVE_POLL_SECONDS", LIVE_POLL_SECONDS))


def _event_or_404(pk: int) -> Event:
    return get_object_or_404(
        # the podium (a finished event's pages only) is read when shown: five joins more cost every
        # request's query planning more than the page's render
        Event.objects.select_related("venue", "game"), pk=pk,
    )


def _live(request, pk: int, page: str, fragment: str, build) -> object:
    """Render ``page``, or only ``fragment`` when polled (``?fragmento=1``), once per stamp.

    ``build(event, stamp)`` returns the template context; it is not called
    for a 304 or a cached body. ``fragment`` is the one template of the page's
    live part whatever the event's format: the format's columns come in the
    context (``round_cells``, ``standings_cells``, ``player_cells``).
    """
    fragment_only = bool(request.GET.get("fragmento"))

    def render_for(stamp: str):
        event = _event_or_404(pk)
        context = build(event, stamp)
        if fragment_only:
            return render(request, fragment, context)
        context.update(event=event, live_seconds=poll_seconds(), fragment_template=fragment,
                       live_url=_live_url(request))
        return render(request, page, context)

    return pagecache.cached_response(
        request, event_id=pk, render=render_for, max_age=FRAGMENT_MAX_AGE if fragment_only else PAGE_MAX_AGE
    )


def _live_url(request) -> str:
    """This page's fragment URL: the same path and query (page, search, view) plus ``fragmento=1``."""
    query = [(key, value) for key, value in request.GET.items() if key != "fragmento"]
    return f"{request.path}?{urlencode([*query, ('fragmento', '1')])}"


def _page(request, rows: list, per_page: int = PAGE_ROWS):
    """The ``?pagina=`` page of ``rows`` (out-of-range numbers give the nearest page)."""
    return Paginator(rows, per_page).get_page(request.GET.get("pagina"))


def _pager(request, page) -> dict | None:
    """Links to the previous and next pages (keeping the search), or ``None`` for a single page."""
    if page.paginator.num_pages <= 1:
        return None
    keep = [(key, value) for key, value in request.GET.items() if key not in ("pagina", "fragmento")]

    def link(number: int) -> str:
        return "?" + urlencode([*keep, ("pagina", str(number))])

    return {
        "number": page.number,
        "pages": page.paginator.num_pages,
        "previous": link(page.previous_page_number()) if page.has_previous() else None,
        "next": link(page.next_page_number()) if page.has_next() else None,
        "first_row": page.start_index(),
        "last_row": page.end_index(),
        "rows": page.paginator.count,
    }


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


def _round_context(request, event: Event, rnd, query: str, stamp: str) -> dict:
    """The tables of ``rnd`` by name and by table, filtered by a name or number and paged
    (:func:`tournaments.live_rows.round_tables`: only the page's rows are read back)."""
    fmt = format_for(event)
    if rnd is None:
        by_name, tables, pending, playing = [], [], 0, 0
    else:
        rows = live_rows.round_tables(event, rnd, stamp)
        by_name, tables = rows.by_name.search(query), rows.tables.search(query).with_texts()
        pending, playing = rows.pending, rows.playing
    names_page = _page(request, by_name)
    tables_page = _page(request, tables, PAGE_ROWS // fmt.names_per_table)
    return {
        **selectors.page_context(event),
        "round_cells": fmt.templates["public_round_cells"],
        "event": event,
        "round": rnd,
        "by_name": names_page.object_list,
        "tables": tables_page.object_list,
        "pager": _pager(request, names_page if names_page.paginator.num_pages >= tables_page.paginator.num_pages
                        else tables_page),
        "query": query,
        "pending": pending,
        "table_count": playing,
        "is_top_cut": bool(rnd and rnd.phase == RoundPhase.TOP_CUT),
    }


def event_detail(request, pk: int):
    """An event: the current round's pairings, alphabetically and by table, searchable by name.

    Multiplayer games show the round's pods instead (a table with 2–6 names).
    """
    query = request.GET.get("q", "")

    def build(event, stamp):
        rounds = list(selectors.rounds_for_event(event))
        context = _round_context(request, event, rounds[-1] if rounds else None, query, stamp)
        context["rounds"] = rounds
        context["current"] = True
        return context

    return _live(request, pk, "public/event_detail.html", "public/_round.html", build)


def round_detail(request, pk: int, number: int):
    """The pairings and results of one round (earlier rounds stay readable)."""
    query = request.GET.get("q", "")

    def build(event, stamp):
        rounds = list(selectors.rounds_for_event(event))
        rnd = next((r for r in rounds if r.number == number), None)
        if rnd is None:
            raise Http404
        context = _round_context(request, event, rnd, query, stamp)
        context["rounds"] = rounds
        context["current"] = rnd == rounds[-1]
        return context

    return _live(request, pk, "public/event_detail.html", "public/_round.html", build)


def round_spreadsheet(request, pk: int, number: int):
    """One round's tables as a download: CSV in the reader's convention (``;`` and decimal comma in
    Spanish) or, with ``?formato=xlsx``, XLSX with the games as numbers
    (:func:`tournaments.resources.pairings_dataset`); 404 for a round the event does not have."""
    event = _event_or_404(pk)
    rnd = get_object_or_404(event.rounds.select_related("event"), number=number)
    dataset = pairings_dataset(rnd)
    response = spreadsheet_response(export_stem("emparejamientos", event, f"ronda-{rnd.number}"), dataset.headers,
                                    dataset, kind=kind_of(request), sheet=round_label(rnd))
    patch_cache_control(response, public=True, max_age=PAGE_MAX_AGE)
    return response


def _standings_context(event: Event, rows: list) -> dict:
    fmt = format_for(event)
    return {**selectors.page_context(event), "standings_cells": fmt.templates["public_standings_cells"], "event": event,
            "round": selectors.current_round(event), "rows": rows}


def standings(request, pk: int):
    """Standings with every tiebreak column and the criterion that separated each row.

    Pod events show placement points, opponents' points and the secondary
    score (stoner points) instead. A finished event shows its final
    standings (DESIGN.md decision 20: the champion first); ``?vista=suiza``
    keeps the standings after the last Swiss round. Paged by
    :data:`PAGE_ROWS`; ``?q=`` keeps the rows whose name or number matches,
    each with its place.
    """
    swiss_view = request.GET.get("vista") == "suiza"
    query = request.GET.get("q", "")

    def build(event, stamp) -> dict:
        fmt = format_for(event)
        finished = event.state == EventState.FINISHED
        final = finished and not swiss_view
        rows = (live_rows.final(event, stamp) if final else live_rows.standings(event, stamp)).search(query)
        page = _page(request, rows)
        context = {**_standings_context(event, page.object_list), "format": fmt,
                   "swiss_view": swiss_view, "finished": finished, "pager": _pager(request, page),
                   "query": query}
        if final:
            context["final"] = True
        if finished:
            context["last_swiss_round"] = event.rounds.filter(phase=RoundPhase.SWISS).count()
        return context

    return _live(request, pk, "public/standings.html", "public/_standings.html", build)


def _player_context(event: Event, registration: Registration, stamp: str) -> dict:
    """A player's standing row and every table played, as the event's format shows them."""
    fmt = format_for(event)
    return {
        **selectors.page_context(event),
        "player_cells": fmt.templates["public_player_cells"],
        "event": event,
        "registration": registration,
        "standing": live_rows.standings(event, stamp).by_key(registration.pk),
        "rounds": selectors.player_rounds_of(event, registration),
    }


def player(request, pk: int, number: str):
    """One player's event: standing and round-by-round results (pods: pod-mates, place and points)."""

    def build(event, stamp):
        registration = get_object_or_404(
            Registration.objects.select_related("player", "player__home_venue"), event=event,
            player__player_number=number,
        )
        return _player_context(event, registration, stamp)

    return _live(request, pk, "public/player.html", "public/_player_rounds.html", build)


def bracket(request, pk: int):
    """The top-cut bracket (Reducido), stage by stage, and the podium once decided."""
    return _live(
        request,
        pk,
        "public/bracket.html",
        "public/_bracket.html",
        lambda event, stamp: {
            "event": event,
            "stages": [(stage_name(s.stage), s) for s in selectors.bracket_for_event(event)],
        },
    )
