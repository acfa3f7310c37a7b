"""Who may do what, in one module (STYLE.md §2 "Permissions").

Roles, per event:

- **organizer**: a superuser, or an organizer of the event's venue;
- **head judge**: the event's ``head_judge``;
- **judge**: a user in the event's ``judges``, or the head judge;
- **player / public**: everyone else — read-only public data.

Views and API viewsets declare the role an action needs; these predicates
and :class:`EventRolePermission` check it.
"""
from __future__ import annotations

from django.db.models import Q, QuerySet
from rest_framework.permissions import SAFE_METHODS, BasePermission

from .models import Event, Player, Registration, Venue

ORGANIZER, HEAD_JUDGE, JUDGE, PUBLIC = "organizer", "head_judge", "judge", "public"


def _authenticated(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active)


def is_organizer(user, event: Event) -> bool:
    """A superuser, or an organizer of the event's venue."""
    if not _authenticated(user):
        return False
    if user.is_superuser:
        return True
    return event.venue_id is not None and Venue.organizers.through.objects.filter(
        venue_id=event.venue_id, user_id=user.pk
    ).exists()


def is_head_judge(user, event: Event) -> bool:
    """The event's head judge (organizers act as head judge too)."""
    if not _authenticated(user):
        return False
    return event.head_judge_id == user.pk or is_organizer(user, event)


def is_judge(user, event: Event) -> bool:
    """A judge of the event, its head judge or an organizer: may enter results."""
    if not _authenticated(user):
        return False
    return (
        event.head_judge_id == user.pk
        or event.judges.filter(pk=user.pk).exists()
        or is_organizer(user, event)
    )


def has_role(user, event: Event, role: str) -> bool:
    """True when ``user`` holds ``role`` (or a stronger one) for ``event``."""
    if role == PUBLIC:
        return True
    if role == JUDGE:
        return is_judge(user, event)
    if role == HEAD_JUDGE:
        return is_head_judge(user, event)
    if role == ORGANIZER:
        return is_organizer(user, event)
    raise ValueError(f"unknown role {role!r}")


def events_organized_by(user) -> QuerySet[Event]:
    """Events whose venue ``user`` organizes (every event for a superuser)."""
    if not _authenticated(user):
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(venue__organizers=user)


def venues_organized_by(user) -> QuerySet[Venue]:
    """Venues ``user`` organizes (every venue for a superuser): the admin's scope."""
    if not _authenticated(user):
        return Venue.objects.none()
    if user.is_superuser:
        return Venue.objects.all()
    return Venue.objects.filter(organizers=user)


def events_judged_by(user) -> QuerySet[Event]:
    """Events where ``user`` may enter results."""
    if not _authenticated(user):
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(Q(judges=user) | Q(head_judge=user) | Q(venue__organizers=user)).distinct()


def players_visible_to(user) -> QuerySet[Player]:
    """Players an organizer sees in the admin: home venue theirs, or registered in one of their events."""
    if not _authenticated(user):
        return Player.objects.none()
    if user.is_superuser:
        return Player.objects.all()
    venues = Venue.objects.filter(organizers=user)
    return Player.objects.filter(
        Q(home_venue__in=venues) | Q(pk__in=Registration.objects.filter(event__venue__in=venues).values("player_id"))
    )


def players_changeable_by(user) -> QuerySet[Player]:
    """Players an organizer may change: home venue theirs, or no home venue and registered in their events."""
    if not _authenticated(user):
        return Player.objects.none()
    if user.is_superuser:
        return Player.objects.all()
    venues = Venue.objects.filter(organizers=user)
    return Player.objects.filter(
        Q(home_venue__in=venues)
        | Q(home_venue__isnull=True,
            pk__in=Registration.objects.filter(event__venue__in=venues).values("player_id"))
    )


def can_change_player(user, player: Player) -> bool:
    """Whether ``user`` may change ``player`` (see :func:`players_changeable_by`)."""
    return players_changeable_by(user).filter(pk=player.pk).exists()


class EventRolePermission(BasePermission):
    """DRF permission: reads are public; each unsafe action names its role.

    A view sets ``required_roles = {"action_name": "judge", ...}`` and
    implements ``get_permission_event()`` returning the event concerned.
    """

    message = "No tiene permiso para esta acción en este evento."

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS and getattr(view, "action", None) not in getattr(view, "required_roles", {}):
            return True
        if not _authenticated(request.user):
            return False
        role = getattr(view, "required_roles", {}).get(getattr(view, "action", None), ORGANIZER)
        event = view.get_permission_event()
        return has_role(request.user, event, role)
