"""The event log in the organizer's console: read-only, venue-scoped, in words (issue #28 point 2).

- «Registro del evento» (:meth:`EventLogEntryAdmin.event_log_view`): one
  event's log, newest first, filtered by round, table, player and who did
  it, each entry a title and a before → after sentence with names and table
  numbers (:mod:`tournaments.eventlog_text`), times local; linked from the
  day panel, each round page and each table's history.
- The same lines as CSV (``;`` and decimal comma in Spanish) or XLSX
  (:meth:`EventLogEntryAdmin.event_log_export_view`, :mod:`tournaments.spreadsheets`).
- The list of every entry (all events, newest first) and one entry's page,
  in the same words.
"""
from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..enums import EventLogAction
from ..eventlog_text import NO_ACTOR, EventLog, LogFilters, LogLine, describe_all, event_log_lines
from ..models import EventLogEntry
from ..permissions import events_organized_by
from ..spreadsheets import kind_of, spreadsheet_response
from .scoping import VenueScopedAdmin

#: Lines per page of «Registro del evento».
PER_PAGE = 100


def event_log_url(event, **filters) -> str:
    """The address of ``event``'s log page, with filters (``ronda``, ``mesa``, ``jugador``, ``quien``)."""
    url = reverse("admin:tournaments_eventlogentry_event", args=[getattr(event, "pk", event)])
    query = {k: v for k, v in filters.items() if v not in (None, "")}
    return f"{url}?{urlencode(query)}" if query else url


class EventLogFilterForm(forms.Form):
    """The log page's filters, offering what the event's log names (:class:`~tournaments.eventlog_text.EventLog`)."""

    ronda = forms.TypedChoiceField(label=gettext_lazy("Ronda"), coerce=int, required=False, empty_value=None)
    mesa = forms.TypedChoiceField(label=gettext_lazy("Mesa"), coerce=int, required=False, empty_value=None)
    jugador = forms.TypedChoiceField(label=gettext_lazy("Jugador"), coerce=int, required=False, empty_value=None)
    quien = forms.ChoiceField(label=gettext_lazy("Quién"), required=False)

    def __init__(self, data, *, log: EventLog) -> None:
        super().__init__(data)
        every = [("", _("Todas"))]
        self.fields["ronda"].choices = every + [(str(n), label) for n, label in log.rounds]
        self.fields["mesa"].choices = every + [(str(t), str(t)) for t in log.tables]
        self.fields["jugador"].choices = [("", _("Todos"))] + [(str(rid), name) for rid, name in log.players]
        self.fields["quien"].choices = [("", _("Todos"))] + [(str(key), name) for key, name in log.actors]

    def filters(self) -> LogFilters:
        """What the valid fields ask for; a field with a value the log does not offer is left out."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        actor = data.get("quien") or None
        if actor is not None and actor != NO_ACTOR:
            actor = int(actor)
        return LogFilters(round=data.get("ronda"), table=data.get("mesa"), registration=data.get("jugador"),
                          actor=actor)

    def query(self) -> dict[str, str]:
        """The valid filters as query-string values (for the pages and the download links)."""
        data = getattr(self, "cleaned_data", {})
        return {name: str(data[name]) for name in self.fields if data.get(name) not in (None, "")}


def _export_header() -> list[str]:
    return [_("Cuándo"), _("Quién"), _("Acción"), _("Ronda"), _("Mesas"), _("Sobre"), _("Antes → después"),
            _("Motivo")]


def _export_row(line: LogLine) -> list:
    return [f"{timezone.localtime(line.at):%d/%m/%Y %H:%M:%S}", line.actor or _("sin usuario"), line.title,
            line.round, ", ".join(str(t) for t in line.tables), line.where, line.change, line.reason]


class ActionFilter(admin.SimpleListFilter):
    """Filter by action, listed by what the log shows."""

    title = gettext_lazy("acción")
    parameter_name = "accion"

    def lookups(self, request, model_admin):
        return list(EventLogAction.choices)

    def queryset(self, request, queryset):
        return queryset.filter(action=self.value()) if self.value() else queryset


@admin.register(EventLogEntry)
class EventLogEntryAdmin(VenueScopedAdmin):
    """Who did what, when, before → after in words, and the reason; nothing here changes."""

    list_display = ("at", "event_link", "action_label", "where", "actor_label", "change_text", "reason")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), ActionFilter)
    search_fields = ("subject", "reason", "actor__username")
    list_select_related = ("event", "actor")
    ordering = ("-at", "-pk")
    date_hierarchy = "at"

    # ------------------------------------------------------------------ the list of every entry

    def get_changelist_instance(self, request):
        """The page's entries, each with its line in words (:func:`~tournaments.eventlog_text.describe_all`:
        one roster for the page, no query per row)."""
        changelist = super().get_changelist_instance(request)
        entries = list(changelist.result_list)
        for entry, line in zip(entries, describe_all(entries) if entries else []):
            entry.arena_line = line
        return changelist

    @staticmethod
    def _line(entry: EventLogEntry) -> LogLine:
        line = getattr(entry, "arena_line", None)
        if line is None:
            line = entry.arena_line = describe_all([entry])[0]
        return line

    @admin.display(description=gettext_lazy("evento"), ordering="event")
    def event_link(self, entry: EventLogEntry) -> str:
        return format_html('<a href="{}">{}</a>', event_log_url(entry.event_id), entry.event)

    @admin.display(description=gettext_lazy("acción"), ordering="action")
    def action_label(self, entry: EventLogEntry) -> str:
        return self._line(entry).title

    @admin.display(description=gettext_lazy("sobre"), ordering="subject")
    def where(self, entry: EventLogEntry) -> str:
        return self._line(entry).where

    @admin.display(description=gettext_lazy("quién"), ordering="actor")
    def actor_label(self, entry: EventLogEntry) -> str:
        return self._line(entry).actor or "—"

    @admin.display(description=gettext_lazy("antes → después"))
    def change_text(self, entry: EventLogEntry) -> str:
        return self._line(entry).change

    # ------------------------------------------------------------------ one entry

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """One entry in words: title and local time, who, where, before → after, reason; a POST is refused."""
        if request.method == "POST":
            raise PermissionDenied
        entry = self.get_object(request, unquote(object_id))
        if entry is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, entry):
            raise PermissionDenied
        line = describe_all([entry])[0]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("%(title)s — %(when)s") % {"title": line.title,
                                                  "when": f"{timezone.localtime(line.at):%d/%m/%Y %H:%M}"},
            "line": line,
            "event": entry.event,
            "log_url": event_log_url(entry.event_id),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/tournaments/eventlog/entry.html", context)

    # ------------------------------------------------------------------ one event's log

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("evento/<int:event_id>/", view(self.event_log_view), name="tournaments_eventlogentry_event"),
            path("evento/<int:event_id>/descargar/", view(self.event_log_export_view),
                 name="tournaments_eventlogentry_event_export"),
        ] + super().get_urls()

    def _event(self, request, event_id):
        if not self.has_view_permission(request):
            raise PermissionDenied
        return get_object_or_404(events_organized_by(request.user).select_related("game"), pk=event_id)

    def _lines(self, request, event) -> tuple[EventLogFilterForm, list[LogLine], EventLog]:
        log = event_log_lines(event)
        form = EventLogFilterForm(request.GET, log=log)
        return form, log.filtered(form.filters()), log

    def event_log_view(self, request, event_id):
        """«Registro del evento»: newest first, filtered (``ronda``, ``mesa``, ``jugador``, ``quien``), paged."""
        event = self._event(request, event_id)
        form, lines, log = self._lines(request, event)
        page = Paginator(lines, PER_PAGE).get_page(request.GET.get("p"))
        query = form.query()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Registro del evento — %(event)s") % {"event": event.name},
            "event": event,
            "form": form,
            "page": page,
            "lines": page.object_list,
            "total": len(log.lines),
            "shown": len(lines),
            "filtered": bool(query),
            "query": urlencode(query),
            "export_url": reverse("admin:tournaments_eventlogentry_event_export", args=[event.pk]),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/tournaments/eventlog/event_log.html", context)

    def event_log_export_view(self, request, event_id):
        """The filtered log as CSV, or XLSX with ``?formato=xlsx`` (:mod:`tournaments.spreadsheets`), newest first."""
        event = self._event(request, event_id)
        _form, lines, _log = self._lines(request, event)
        stem = f"registro-{slugify(event.name) or event.pk}-{event.date:%Y-%m-%d}"
        return spreadsheet_response(stem, _export_header(), [_export_row(line) for line in lines],
                                    kind=kind_of(request), sheet=_("Registro"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
