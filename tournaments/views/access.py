"""Role checks shared by the judge and clock views.

Anonymous users go to the login page; signed-in users without the role
get a Spanish 403 page (never a silent redirect loop).
"""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from .. import permissions
from ..models import Event


def forbidden(request, event: Event | None = None, *, reason: str = "judge"):
    """The 403 page: who may do this, and a way to sign in as someone else."""
    return render(request, "judge/forbidden.html", {"event": event, "reason": reason}, status=403)


def event_role_required(role: str):
    """Decorate a view ``view(request, event, **kwargs)`` taking ``pk``: load the event, check ``role``.

    ``role`` is :data:`tournaments.permissions.JUDGE` or ``ORGANIZER``.
    """

    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path(), reverse("login"))
            event = get_object_or_404(Event.objects.select_related("venue", "game"), pk=pk)
            if not permissions.has_role(request.user, event, role):
                return forbidden(request, event, reason=role)
            return view(request, event, **kwargs)

        return wrapped

    return decorator
