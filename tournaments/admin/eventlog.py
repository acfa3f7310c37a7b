"""The event log in the organizer's console: every state change, read-only, venue-scoped."""
from __future__ import annotations

import json

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ..enums import EventLogAction
from ..models import EventLogEntry
from .scoping import VenueScopedAdmin


def _values(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True) if data else "—"


class ActionFilter(admin.SimpleListFilter):
    """Filter by action, listed by what the log shows."""

    title = _("acción")
    parameter_name = "accion"

    def lookups(self, request, model_admin):
        return list(EventLogAction.choices)

    def queryset(self, request, queryset):
        return queryset.filter(action=self.value()) if self.value() else queryset


@admin.register(EventLogEntry)
class EventLogEntryAdmin(VenueScopedAdmin):
    """Who did what, when, with the values before and after and the reason; nothing here changes."""

    list_display = ("at", "event", "action_label", "subject", "actor", "before_text", "after_text", "reason")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), ActionFilter)
    search_fields = ("subject", "reason", "actor__username")
    list_select_related = ("event", "actor")
    date_hierarchy = "at"
    readonly_fields = [f.name for f in EventLogEntry._meta.fields]

    @admin.display(description=_("acción"), ordering="action")
    def action_label(self, entry: EventLogEntry) -> str:
        return entry.get_action_display()

    @admin.display(description=_("antes"))
    def before_text(self, entry: EventLogEntry) -> str:
        return _values(entry.before)

    @admin.display(description=_("después"))
    def after_text(self, entry: EventLogEntry) -> str:
        return _values(entry.after)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
