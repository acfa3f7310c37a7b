"""Role checks shared by the judge, clock, penalty, decklist and league organizer pages.

Refusals are the same everywhere: anonymous users go to the site's login
page (``?next=`` back); signed-in users without the role get a Spanish 403
page naming who may do it (never a silent redirect loop, never a 404 that
would hide a public event); objects that do not exist give 404. A refused
request changes nothing: the check runs before any form is read.
"""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers

from .. import permissions
from ..models import Event


def forbidden(request, event: Event | None = None, *, reason: str = "judge", message: str = ""):
    """The 403 page: who may do this, and a way to sign in as someone else.

    ``message`` (already translated) replaces the text chosen by ``reason``.
    """
    context = {"event": event, "reason": reason, "message": message}
    return render(request, "judge/forbidden.html", context, status=403)


def login_redirect(request):
    """Anonymous users: the site's login page, coming back here afterwards."""
    return redirect_to_login(request.get_full_path(), reverse("login"))


def private_response(response):
    """A page for one signed-in user: never stored by a shared cache or served to another cookie."""
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie",))
    return response


def player_login_redirect(request):
    """Anonymous users on a player's page: the player login (e-mail and password), coming back here afterwards."""
    return redirect_to_login(request.get_full_path(), reverse("accounts:login"))


def event_role_required(role: str):
    """Decorate a view ``view(request, event, **kwargs)`` taking ``pk``: load the event, check ``role``.

    ``role`` is :data:`tournaments.permissions.JUDGE`, ``HEAD_JUDGE`` or ``ORGANIZER``.
    """

    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, **kwargs):
            if not request.user.is_authenticated:
                return login_redirect(request)
            event = get_object_or_404(Event.objects.select_related("venue", "game"), pk=pk)
            if not permissions.has_role(request.user, event, role):
                return forbidden(request, event, reason=role)
            return view(request, event, **kwargs)

        return wrapped

    return decorator


def venue_organizer_required(message: str):
    """Decorate a view for organizers of at least one venue (and superusers); ``message`` for the others.

    The view reads its scope from :func:`tournaments.permissions.venues_organized_by`.
    """

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return login_redirect(request)
            if not (request.user.is_superuser or permissions.venues_organized_by(request.user).exists()):
                return forbidden(request, None, reason=permissions.ORGANIZER, message=str(message))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
