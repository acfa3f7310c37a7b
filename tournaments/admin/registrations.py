"""Registrations: the event page's inline (registering through the services) and the list across events."""
from __future__ import annotations

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .. import services
from ..enums import EventKind, EventState
from ..errors import ArenaError
from ..models import Registration
from .day_panel import ACCEPTING_ENTRIES
from .forms import RegistrationInlineForm, RegistrationInlineFormSet
from .scoping import FoldedPlayerSearch, VenueScopedAdmin


class RegistrationInline(admin.TabularInline):
    """The event's registrations: new rows are registered through :func:`services.registration_create`."""

    model = Registration
    form = RegistrationInlineForm
    formset = RegistrationInlineFormSet
    extra = 0
    fields = ("player", "fixed_table", "presence", "status_display", "row_actions")
    readonly_fields = ("presence", "status_display", "row_actions")
    autocomplete_fields = ("player",)
    verbose_name = gettext_lazy("inscripción")
    verbose_name_plural = gettext_lazy("inscripciones")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "player__home_venue", "event")

    def get_fields(self, request, obj=None):
        # Torneo Indoor: the Pack Indoor bought, required to take part (R-000-52); no column elsewhere.
        fields = super().get_fields(request, obj)
        if obj is not None and obj.kind == EventKind.INDOOR:
            return (*fields[:2], "pack_indoor", *fields[2:])
        return fields

    def get_formset(self, request, obj=None, **kwargs):
        self._can_change = obj is not None and self.has_change_permission(request, obj)
        formset = super().get_formset(request, obj, **kwargs)
        # A registration that took part is kept by services.registration_delete (dropped, with its
        # own message), so the admin's generic "protected objects" refusal does not apply here.
        formset.form = type(formset.form.__name__, (formset.form,), {"hand_clean_DELETE": lambda self: None})
        return formset

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and obj is not None and obj.state in ACCEPTING_ENTRIES

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (obj is None or obj.state != EventState.FINISHED)

    def has_delete_permission(self, request, obj=None):
        # A mistaken entry may be deleted before round 1; afterwards a player drops (never a delete).
        return super().has_delete_permission(request, obj) and obj is not None and not obj.rounds.exists()

    @admin.display(description=gettext_lazy("presente"))
    def presence(self, obj: Registration) -> str:
        if not obj.pk:
            return ""
        return _("Sí") if obj.checked_in else format_html('<span class="arena-warn">{}</span>', _("No"))

    @admin.display(description=gettext_lazy("estado"))
    def status_display(self, obj: Registration) -> str:
        if not obj.pk:
            return _("(se inscribe al guardar)")
        if obj.disqualified:
            text = _("Descalificado")
        elif obj.dropped:
            text = _("Abandonó tras la ronda %(n)d") % {"n": obj.dropped_after_round or 0}
        else:
            text = _("Activo")
        if obj.late_entry:
            text = _("%(status)s · inscripción tardía (desde la ronda %(n)d)") % {"status": text, "n": obj.joined_round}
        return text

    @admin.display(description=gettext_lazy("acciones"))
    def row_actions(self, obj: Registration) -> str:
        if not obj.pk or not getattr(self, "_can_change", False) or obj.event.state == EventState.FINISHED:
            return ""
        buttons = [
            ("ausente", _("Quitar presente"), "arena-quiet") if obj.checked_in
            else ("presente", _("Marcar presente"), "default")
        ]
        if not obj.dropped and not obj.disqualified:
            buttons.append(("abandono", _("Abandonar"), "arena-danger"))
            if obj.event.state in (EventState.SWISS, EventState.TOP_CUT):
                # Left before their table of the round in progress started: it is lost by absence
                # (no participation if it was the only one, DESIGN.md decision 15).
                buttons.append(("abandono-sin-jugar", _("Abandonar sin jugar su mesa"), "arena-danger"))
        elif obj.dropped and not obj.disqualified and obj.event.state != EventState.TOP_CUT:
            buttons.append(("deshacer-abandono", _("Deshacer abandono"), ""))
        anchor = format_html('<span class="arena-anchor" id="registration-{}"></span>', obj.pk)
        return anchor + format_html_join(
            " ",
            '<button type="submit" class="button arena-small {}" form="arena-registration-actions" '
            'formaction="{}" name="registration" value="{}">{}</button>',
            (
                (css, reverse("admin:tournaments_event_registration_action", args=[obj.event_id, obj.pk, key]),
                 obj.pk, label)
                for key, label, css in buttons
            ),
        )


# --------------------------------------------------------------------------- the list across events


@admin.register(Registration)
class RegistrationAdmin(FoldedPlayerSearch, VenueScopedAdmin):
    """Registrations across the user's events; registering happens on the event page."""

    list_display = ("player", "event", "checked_in", "late_entry", "dropped", "disqualified", "fixed_table",
                    "pack_indoor")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), "checked_in", "dropped", "late_entry", "pack_indoor")
    list_select_related = ("player", "event")
    search_fields = ("player__display_name", "player__player_number", "event__name")
    player_search_path = "player__"
    player_search_also = ("event__name",)
    fields = ("event", "player", "checked_in", "late_entry", "joined_round", "dropped", "dropped_after_round",
              "disqualified", "draw_order", "fixed_table", "pack_indoor", "created_at")
    # The fixed table and the Pack Indoor are set on the event page (their services log them).
    readonly_fields = fields
    actions = ["drop_selected", "undo_drop_selected", "check_in_selected"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def _run_each(self, request, queryset, run, done) -> None:
        """Run ``run`` on each selected registration; ``done(n)`` is the message for the ``n`` that worked."""
        ok = 0
        for registration in queryset.select_related("player"):
            try:
                run(registration)
            except ArenaError as exc:
                messages.error(request, exc.message)
            else:
                ok += 1
        if ok:
            messages.success(request, done(ok))

    @admin.action(description=gettext_lazy("Abandonar el evento (los seleccionados)"), permissions=["change"])
    def drop_selected(self, request, queryset):
        self._run_each(request, queryset, lambda r: services.registration_drop(registration=r, by=request.user),
                       lambda n: ngettext("%(n)d inscripción pasó a abandono.",
                                          "%(n)d inscripciones pasaron a abandono.", n) % {"n": n})

    @admin.action(description=gettext_lazy("Deshacer abandono (los seleccionados)"), permissions=["change"])
    def undo_drop_selected(self, request, queryset):
        self._run_each(request, queryset, lambda r: services.registration_drop_undo(registration=r, by=request.user),
                       lambda n: ngettext("%(n)d inscripción vuelve al evento.",
                                          "%(n)d inscripciones vuelven al evento.", n) % {"n": n})

    @admin.action(description=gettext_lazy("Marcar presentes (los seleccionados)"), permissions=["change"])
    def check_in_selected(self, request, queryset):
        self._run_each(request, queryset,
                       lambda r: services.registration_check_in(registration=r, present=True, by=request.user),
                       lambda n: ngettext("Presencia marcada en %(n)d inscripción.",
                                          "Presencia marcada en %(n)d inscripciones.", n) % {"n": n})
