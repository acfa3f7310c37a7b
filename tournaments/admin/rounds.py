"""The round page: tables, results and who entered them, corrections, pairing edits; matches and entries."""
from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import selectors
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..formats import format_for
from ..models import Event, ResultEntry, Round, Seat, Table
from ..permissions import is_organizer
from ..resources import export_stem, pairings_dataset
from ..spreadsheets import kind_of, spreadsheet_response
from ..text import round_label, score_text, stage_name
from . import corrections as admin_corrections
from . import pairing as admin_pairing
from . import results as admin_results
from .documents import DocumentInline
from .links import round_url
from .scoping import VenueScopedAdmin


class RoundDocumentInline(DocumentInline):
    """The round's printed documents (rendering state and files)."""

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(VenueScopedAdmin):
    """The round page: tables, results, who entered them, corrections and documents."""

    list_display = ("__str__", "phase_display", "stage_display", "state", "results_progress", "paired_at")
    list_filter = ("phase", "state", ("event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("event",)
    fields = ("event", "number", "phase", "stage", "state", "seed", "paired_at", "closed_at")
    readonly_fields = fields
    inlines = [RoundDocumentInline]
    change_form_template = "admin/tournaments/round/change_form.html"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(  # duels and pods alike; a bye is no table to wait for
                table_count=Count("tables", filter=Q(tables__is_bye=False)),
                pending=Count("tables", filter=Q(tables__is_bye=False, tables__status=MatchStatus.PENDING)),
            )
        )

    @admin.display(description=gettext_lazy("fase"), ordering="phase")
    def phase_display(self, obj: Round) -> str:
        return format_for(obj.event).phase_label(obj)

    @admin.display(description=gettext_lazy("etapa"))
    def stage_display(self, obj: Round) -> str:
        return stage_name(obj.stage) if obj.phase == RoundPhase.TOP_CUT else "—"

    @admin.display(description=gettext_lazy("resultados"))
    def results_progress(self, obj: Round) -> str:
        done = obj.table_count - obj.pending
        text = _("%(done)d de %(total)d") % {"done": done, "total": obj.table_count}
        return format_html('<span class="arena-warn">{}</span>', text) if obj.pending else text

    def has_add_permission(self, request):
        return False  # rounds are paired from the event page

    def has_change_permission(self, request, obj=None):
        return False  # nothing of a round is edited in a form; results go through table_result_record

    def has_delete_permission(self, request, obj=None):
        return False  # «Rehacer ronda actual» replaces a round

    def can_enter_results(self, request, rnd: Round) -> bool:
        return request.user.has_perm("tournaments.change_table") and is_organizer(request.user, rnd.event)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        rnd = self.get_object(request, unquote(object_id))
        if rnd is not None and self.has_view_permission(request, rnd):
            event = rnd.event
            latest = selectors.current_round(event)
            is_current = latest is not None and latest.pk == rnd.pk
            editable = is_current and rnd.state == RoundState.PAIRED and event.state != EventState.FINISHED
            extra_context.update(admin_results.reader_for(event).round_context(
                rnd, can_edit=editable and self.can_enter_results(request, rnd)))
            extra_context.update(
                {
                    "round": rnd,
                    "round_title": round_label(rnd, numbered=True),
                    "event": event,
                    "can_enter": editable and self.can_enter_results(request, rnd),
                    "can_correct": not editable and admin_corrections.can_correct(request, rnd),
                    "is_current": is_current,
                    "event_rounds": list(event.rounds.order_by("number")),
                    "title": f"{event.name} — {round_label(rnd, numbered=True)}",
                    "subtitle": None,
                }
            )
            if is_current:
                event_admin = self.admin_site._registry[Event]
                extra_context.update(event_admin.day_context(request, event))
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        custom = [
            path("<path:object_id>/resultado/<int:table_id>/", self.admin_site.admin_view(self.result_view),
                 name="tournaments_round_result"),
            path("<path:object_id>/corregir/<int:table_id>/", self.admin_site.admin_view(self.correction_view),
                 name="tournaments_round_correct"),
            path("<path:object_id>/emparejamiento/", self.admin_site.admin_view(self.pairing_edit_view),
                 name="tournaments_round_pairing_edit"),
            path("<path:object_id>/emparejamientos.csv", self.admin_site.admin_view(self.pairings_export_view),
                 name="tournaments_round_pairings_export"),
        ]
        return custom + super().get_urls()

    def pairings_export_view(self, request, object_id):
        """The round's tables as CSV in the reader's convention or, with ``?formato=xlsx``, as XLSX
        (:func:`tournaments.resources.pairings_dataset`: games and places as numbers)."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd):
            raise PermissionDenied
        dataset = pairings_dataset(rnd)
        return spreadsheet_response(export_stem("emparejamientos", rnd.event, f"ronda-{rnd.number}"),
                                    dataset.headers, dataset, kind=kind_of(request), sheet=round_label(rnd))

    def pairing_edit_view(self, request, object_id):
        """Swap, move, give or take the bye in the current round: confirm, then apply (issue #13)."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        return admin_pairing.pairing_edit_view(self, request, rnd)

    def correction_view(self, request, object_id, table_id):
        """Correct a finished result of an earlier round, any format: impact preview, then confirmation."""
        return admin_corrections.correction_view(self, request, object_id, table_id)

    def result_view(self, request, object_id, table_id):
        """Enter or correct one table's result (POST), any format, through :func:`services.table_result_record`."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        return admin_results.result_save(request, rnd, get_object_or_404(rnd.tables.all(), pk=table_id))


@admin.register(Table)
class TableAdmin(VenueScopedAdmin):
    """Tables (duels and pods): listed for search; entered on the round page; history from the result entries."""

    event_lookup = "round__event"
    list_display = ("__str__", "round", "result_display", "status", "version")
    list_filter = ("status", ("round__event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("round", "round__event")  # the seats come with Table.objects
    search_fields = ("seats__registration__player__display_name", "seats__registration__player__player_number")

    @admin.display(description=gettext_lazy("resultado"))
    def result_display(self, obj: Table) -> str:
        if obj.is_bye:
            return _("Bye")
        if obj.status == MatchStatus.PENDING:
            return "—"
        if not obj.outcome:  # a pod: the places in seat order
            return "-".join(str(seat.place) if seat.place is not None else "—" for seat in obj.seat_list)
        return score_text(obj.games_a, obj.games_b, obj.games_drawn)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        match = self.get_object(request, unquote(object_id))
        if match is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        anchor = f"#mesa-{match.table_number}" if match.table_number else ""
        return HttpResponseRedirect(round_url(match.round_id) + anchor)

    def history_view(self, request, object_id, extra_context=None):
        """Who entered each result and when, with the value it replaced (before → after)."""
        match = self.get_object(request, unquote(object_id))
        if match is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        rnd = match.round
        context = {
            **self.admin_site.each_context(request),
            **admin_results.history_context(rnd, match),
            "title": _("Historial de la mesa %(t)s — %(round)s") % {"t": match.table_number or "—",
                                                                   "round": round_label(rnd, numbered=True)},
            "round": rnd,
            "event": rnd.event,
            "opts": self.opts,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, context.pop("template"), context)


@admin.register(ResultEntry)
class ResultEntryAdmin(VenueScopedAdmin):
    """Every accepted result entry (read-only audit trail)."""

    event_lookup = "table__round__event"
    list_display = ("table", "version", "result_text", "outcome", "source", "entered_by", "entered_at")
    list_filter = (("table__round__event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("table__round", "entered_by")

    readonly_fields = [f.name for f in ResultEntry._meta.fields]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("registration__player")))

    @admin.display(description=gettext_lazy("resultado"))
    def result_text(self, obj: ResultEntry) -> str:
        if obj.outcome:
            return f"{obj.games_a}-{obj.games_b}-{obj.games_drawn}"
        return "-".join(str(seat.get("place")) if seat.get("place") is not None else "—" for seat in obj.seats)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
