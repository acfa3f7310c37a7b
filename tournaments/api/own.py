"""The signed-in player's own rows, for the player endpoints (issue #17): reports, «Mi torneo», pre-registration.

A user whose account has no player, or no registration in the event, gets
the API's usual refusal (403 ``permission_denied``, the message of
:class:`tournaments.permissions.EventRolePermission`), so the answer does
not tell which events or tables exist.
"""
from __future__ import annotations

from rest_framework import exceptions
from rest_framework.request import Request

from ..models import Player, Registration
from ..permissions import EventRolePermission


def own_player(request: Request) -> Player:
    """The signed-in user's player; 403 ``permission_denied`` without one."""
    player = Player.objects.filter(user=request.user).first()
    if player is None:
        raise exceptions.PermissionDenied(EventRolePermission.message)
    return player


def own_registration(request: Request, event_id: int) -> Registration:
    """The signed-in user's registration in the event; 403 ``permission_denied`` when they play no part in it."""
    registration = Registration.objects.filter(event_id=event_id, player__user=request.user).first()
    if registration is None:
        raise exceptions.PermissionDenied(EventRolePermission.message)
    return registration
