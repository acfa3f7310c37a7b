"""Venue scoping of the organizer's console: organizers see and change only their venues' events."""
from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.shortcuts import get_object_or_404

from .models import Event
from .permissions import is_organizer


class VenueScopedAdmin(admin.ModelAdmin):
    """Limit a model's admin to the events the user organizes.

    ``event_lookup`` is the ORM path from the model to its event ("" for
    :class:`Event` itself). Objects outside the scope are missing from the
    queryset — Django's change view then redirects to the index saying they
    do not exist — and every object permission also asks
    :func:`tournaments.permissions.is_organizer`.
    """

    event_lookup = "event"

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        prefix = f"{self.event_lookup}__" if self.event_lookup else ""
        return qs.filter(**{f"{prefix}venue__organizers": request.user})

    def event_of(self, obj) -> Event:
        for part in filter(None, self.event_lookup.split("__")):
            obj = getattr(obj, part)
        return obj

    def _in_scope(self, request, obj) -> bool:
        return obj is None or is_organizer(request.user, self.event_of(obj))

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._in_scope(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._in_scope(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._in_scope(request, obj)

    def scoped_object_or_404(self, request, object_id, queryset=None):
        """The object if it is in the user's scope, else :class:`Http404`."""
        qs = queryset if queryset is not None else self.get_queryset(request)
        return get_object_or_404(qs, pk=unquote(str(object_id)))
