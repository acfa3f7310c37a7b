"""Who may see and change decklists; built on :mod:`tournaments.permissions`.

- **submit / change** a decklist: a judge of the event (judges, head judge,
  organizers) for any registration, or the player linked to the
  registration (``Player.user``) for their own; once the list is locked,
  only a head judge (organizers count as head judges).
- **see** registered decklists and deck checks: judges and organizers of
  the event only (issue #6 §6).
"""
from __future__ import annotations

from rest_framework.permissions import BasePermission

from tournaments.permissions import is_head_judge, is_judge, is_organizer  # noqa: F401


def is_own_registration(user, registration) -> bool:
    """The registration's player is linked to ``user``."""
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and registration.player.user_id is not None
        and registration.player.user_id == user.pk
    )


def can_submit_decklist(user, registration) -> bool:
    """A judge of the event, or the registered player themselves."""
    return is_judge(user, registration.event) or is_own_registration(user, registration)


def can_view_decklists(user, event) -> bool:
    """Judges, the head judge and organizers of ``event``."""
    return is_judge(user, event)


class EventJudgePermission(BasePermission):
    """DRF: the view's ``get_permission_event()`` must be judged by the user."""

    message = "Sólo los jueces y organizadores de este evento pueden ver sus listas de mazo."

    def has_permission(self, request, view) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        return can_view_decklists(request.user, view.get_permission_event())
