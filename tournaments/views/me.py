"""«Mi torneo»: a signed-in player's own events on the phone, and self-drop (issue #17, points 3 and 5).

Always the signed-in user's own page: the URLs carry no player, the player
is ``request.user.player`` (:attr:`tournaments.models.Player.user`). A user
with no linked player sees how to claim a player number; anonymous users
go to the login page.

The event page polls its fragment (``?fragmento=1``) like the public pages
(``static/arena/live.js``), with the event's state stamp in the ETag; the
fragment is this player's, so the ETag also names the registration and the
response is ``Cache-Control: private`` and never enters the shared page
cache (:mod:`tournaments.pagecache`). The table's clock is counted down in
the browser from its end time (``static/arena/me.js``).
"""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import live_rows, pagecache, prereg_selectors, push_texts, selectors
from ..enums import EventState, RoundPhase, RoundState
from ..errors import ArenaError
from ..formats import format_for
from ..me_selectors import player_current_table, player_of_user
from ..models import Event, Registration
from ..services.registration import SELF_DROP_STATES, registration_self_drop
from .access import player_login_redirect, private_response
from .me_push import push_context
from .public import poll_seconds

#: Finished events listed under «Torneos anteriores» on /yo/.
PAST_EVENTS = 10



def _no_player(request):
    """The Spanish page for a signed-in user whose account is not linked to a player number."""
    response = render(request, "me/claim.html", {})
    patch_cache_control(response, private=True, no_cache=True)
    return response



def home(request):
    """/yo/: the player's current and upcoming events first, then the last finished ones."""
    if not request.user.is_authenticated:
        return player_login_redirect(request)
    player = player_of_user(request.user)
    if player is None:
        return _no_player(request)
    regs = Registration.objects.filter(player=player).select_related("event__venue", "event__game")
    current = regs.exclude(event__state=EventState.FINISHED).order_by("event__date", "event__name")
    past = regs.filter(event__state=EventState.FINISHED).order_by("-event__date", "event__name")[:PAST_EVENTS]
    preregistrations = [(row, prereg_selectors.waitlist_position(row))
                        for row in prereg_selectors.player_preregistrations(player)]
    return private_response(render(request, "me/home.html", {"player": player, "current": list(current),
                                                     "past": list(past), "preregistrations": preregistrations,
                                                     "push": push_context()}))


def _registration_or_page(request, pk: int):
    """``(player, registration, None)`` or ``(…, response)``: login, the claim page or «no estás inscripto»."""
    if not request.user.is_authenticated:
        return None, None, player_login_redirect(request)
    player = player_of_user(request.user)
    if player is None:
        return None, None, _no_player(request)
    event = get_object_or_404(Event.objects.select_related("venue", "game"), pk=pk)
    registration = Registration.objects.select_related("player").filter(event=event, player=player).first()
    if registration is None:
        response = render(request, "me/not_registered.html", {"event": event, "player": player}, status=404)
        return player, None, private_response(response)
    registration.event = event
    return player, registration, None


def _event_context(event: Event, registration: Registration, stamp: str) -> dict:
    fmt = format_for(event)
    rnd = selectors.current_round(event)
    rounds = selectors.player_rounds_of(event, registration)
    current = player_current_table(event, registration, rnd)
    if current and rnd.state == RoundState.PAIRED:
        rounds = [r for r in rounds if r.round_number != rnd.number]  # shown above, not yet a past round
    cutline = None
    if fmt.has_top_cut and event.cut_size and event.state == EventState.SWISS and registration.active:
        cutline = pagecache.computed(event.pk, stamp, "cutline", lambda: selectors.cut_line_for_event(event))
    round_open = bool(rnd and rnd.state == RoundState.PAIRED)
    return {
        **selectors.page_context(event),
        # what the open page shows with the Notification API: the push's own words and tags
        "notices": push_texts.page_notices(event, current, round_open=round_open),
        "ten_key": (push_texts.ten_minutes_key(rnd.pk, current["match"].pk)
                    if round_open and current and current.get("seated") else ""),
        "my_cells": fmt.templates["me_rounds_cells"],
        "event": event,
        "registration": registration,
        "current": current,
        "round_open": round_open,
        "rounds": rounds,
        "standing": live_rows.standings(event, stamp).by_key(registration.pk),
        "can_drop": event.state in SELF_DROP_STATES and not registration.dropped,
        "is_top_cut": bool(rnd and rnd.phase == RoundPhase.TOP_CUT),
        "cutline": cutline,
        "my_cutline": cutline.row_of(registration.pk) if cutline else None,
    }


def event(request, pk: int):
    """/yo/eventos/<pk>/: this player's round, table, opponent, clock, past rounds and place.

    ``?fragmento=1`` is the polled part alone: ETag ``"<stamp>-r<registration>-<language>"``,
    a matching ``If-None-Match`` is a 304; always ``Cache-Control: private``.
    """
    _player, registration, refused = _registration_or_page(request, pk)
    if refused is not None:
        return refused
    stamp = pagecache.stamp_or_404(pk)
    etag = f'"{stamp}-r{registration.pk}-{get_language() or ""}"'
    fragment_only = bool(request.GET.get("fragmento"))
    if fragment_only:
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            not_modified["ETag"] = etag
            return private_response(not_modified)
    context = _event_context(registration.event, registration, stamp)
    if fragment_only:
        response = render(request, "me/_event_live.html", context)
        response["ETag"] = etag
        return private_response(response)
    context.update(live_seconds=poll_seconds(), live_url=f"{request.path}?fragmento=1", push=push_context())
    return private_response(render(request, "me/event.html", context))


@require_http_methods(["GET", "POST"])
def drop(request, pk: int):
    """/yo/eventos/<pk>/abandonar/: GET asks for confirmation, POST drops (:func:`registration_self_drop`).

    A signed-in user with no linked player: GET shows how to claim a
    number, POST is a 403. A refused drop (top cut, finished, already
    dropped) goes back to the page with the Spanish reason.
    """
    if request.method == "POST" and request.user.is_authenticated and player_of_user(request.user) is None:
        return private_response(render(request, "me/forbidden.html", {}, status=403))
    _player, registration, refused = _registration_or_page(request, pk)
    if refused is not None:
        return refused
    if request.method == "POST":
        try:
            registration_self_drop(registration=registration, by=request.user)
        except ArenaError as exc:
            messages.error(request, exc.message)
            return redirect("me:event", pk=pk)
        messages.success(request, _("Abandonaste «%(event)s». Ya no jugás las próximas rondas; "
                                    "sólo el organizador puede deshacerlo.") % {"event": registration.event.name})
        return redirect("me:event", pk=pk)
    event_obj = registration.event
    rnd = selectors.current_round(event_obj)
    pending = None
    if rnd is not None and rnd.state == RoundState.PAIRED:
        current = player_current_table(event_obj, registration, rnd)
        if current and current.get("seated") and not current.get("is_bye") and current["status"] == "pending":
            pending = current
    context = {
        "event": event_obj,
        "registration": registration,
        "can_drop": event_obj.state in SELF_DROP_STATES and not registration.dropped,
        "pending": pending,
    }
    return private_response(render(request, "me/drop.html", context))
