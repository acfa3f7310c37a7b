"""Organizer console of the league (Django admin).

- Seasons with their editable dates (generated on creation), N for El
  Nacional, badge 1's target and the "closed" switch, with links to the
  qualification lists and the prizes checklist.
- Events as the league sees them: league date, points posted, and the
  "recompute league points" action that posts only the difference
  (reversals, never edits).
- The ledger, read-only: entries are only ever added by services.
- Collection confirmations and manual badge awards: who and when are
  recorded by the services; deleting one revokes it and its history stays.

Scope (:mod:`tournaments.admin.scoping`): seasons and their dates are
changed by superusers only (staff with the view permission may look);
league events and the ledger only of the user's venues; collection
confirmations of the players the user sees
(:func:`tournaments.permissions.players_visible_to`); badge awards of the
user's events, or with no event of the players the user sees.
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Q, Sum
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin.scoping import (
    QuerysetScopedMixin,
    ScopedChoicesMixin,
    ScopedHistoryMixin,
    SuperuserWritesMixin,
    VenueScopedAdmin,
)
from tournaments.enums import EventKind
from tournaments.errors import ArenaError
from tournaments.models import Player
from tournaments.permissions import events_organized_by, players_visible_to

from . import services
from .models import (
    BadgeAward,
    CollectionConfirmation,
    EventLeagueDate,
    LeagueEvent,
    LedgerEntry,
    Season,
    SeasonDate,
)


class SeasonDateInline(SuperuserWritesMixin, admin.TabularInline):
    model = SeasonDate
    extra = 0
    fields = ("number", "date")
    ordering = ("date",)


@admin.register(Season)
class SeasonAdmin(SuperuserWritesMixin, admin.ModelAdmin):
    list_display = ("__str__", "game", "year", "nacional_quota", "closed", "links")
    list_filter = ("game", "closed")
    fields = ("game", "year", "name", "nacional_quota", "attendance_target", "closed")
    inlines = [SeasonDateInline]
    actions = ["verano_closing"]

    @admin.action(description=_("Crear el cierre del Torneo de Verano (por Discord)"), permissions=["change"])
    def verano_closing(self, request, queryset):
        """R-000-58: the virtual closing with each venue's representative registered (again: the new ones)."""
        for season in queryset.order_by("year", "pk"):
            try:
                event = services.verano_closing_create(season=season, by=request.user)
            except ArenaError as exc:
                messages.error(request, f"{season}: {exc.message}")
                continue
            messages.success(request, format_html(
                '{}: <a href="{}">{}</a> — {}', season,
                reverse("admin:tournaments_event_change", args=[event.pk]), event.name,
                ngettext("%(n)d representante inscripto.", "%(n)d representantes inscriptos.",
                         event.registrations.count()) % {"n": event.registrations.count()},
            ))

    @admin.display(description=_("listas"))
    def links(self, obj: Season):
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("leagues:season", args=[obj.pk]), _("Tabla"),
            reverse("leagues:qualification", args=[obj.pk]), _("Clasificación"),
            reverse("leagues:prizes", args=[obj.pk]), _("Premios"),
        )

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change:
            services.season_dates_generate(season=form.instance)  # the 18 default dates


class EventLeagueDateInline(admin.StackedInline):
    model = EventLeagueDate
    fk_name = "event"
    extra = 0
    max_num = 1
    fields = ("season_date", "assigned_by", "assigned_at")
    readonly_fields = ("assigned_by", "assigned_at")
    autocomplete_fields = ("season_date",)


@admin.register(SeasonDate)
class SeasonDateAdmin(SuperuserWritesMixin, admin.ModelAdmin):
    list_display = ("__str__", "season", "number", "date")
    list_filter = ("season",)
    search_fields = ("season__name", "season__year", "number")
    ordering = ("season", "date")


@admin.register(LeagueEvent)
class LeagueEventAdmin(VenueScopedAdmin):
    """Events with their league date and points; fix the source (podium,
    disqualification, kind, league date), then recompute."""

    event_lookup = ""
    list_display = ("name", "date", "venue", "kind", "state", "league_date", "points_posted")
    list_filter = ("kind", "state", ("venue", admin.RelatedOnlyFieldListFilter), "game")
    search_fields = ("name",)
    date_hierarchy = "date"
    fields = ("name", "date", "venue", "kind", "state")
    readonly_fields = fields
    inlines = [EventLeagueDateInline]
    actions = ["recompute_points"]

    def get_queryset(self, request):
        return (
            super().get_queryset(request)
            .select_related("venue", "league_date__season_date__season")
            .annotate(points_total=Sum("league_entries__points"))
        )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("fecha de liga"))
    def league_date(self, obj):
        link = getattr(obj, "league_date", None)
        if link is None:
            return "—" if obj.kind == EventKind.SUPER_LIGA else ""
        return f"{link.season_date.season.title} · {link.season_date.number}"

    @admin.display(description=_("puntos asentados"), ordering="points_total")
    def points_posted(self, obj):
        return obj.points_total or 0

    def save_formset(self, request, form, formset, change):
        """A league date set or changed here goes through the service, which
        re-posts the event's points."""
        for obj in formset.save(commit=False):
            try:
                services.event_league_date_assign(event=obj.event, season_date=obj.season_date, by=request.user)
            except ArenaError as exc:
                self.message_user(request, str(exc), messages.ERROR)
        for obj in formset.deleted_objects:
            obj.delete()
            services.event_points_post(event=obj.event, by=request.user)

    @admin.action(description=_("Recalcular los puntos de liga (asientos de corrección)"), permissions=["change"])
    def recompute_points(self, request, queryset):
        posted = 0
        for event in queryset:
            try:
                posted += services.event_points_post(event=event, by=request.user)
            except ArenaError as exc:
                self.message_user(request, f"{event.name}: {exc}", messages.ERROR)
        self.message_user(
            request,
            ngettext("Se asentó %(n)d movimiento.", "Se asentaron %(n)d movimientos.", posted) % {"n": posted},
            messages.SUCCESS,
        )


@admin.register(LedgerEntry)
class LedgerEntryAdmin(VenueScopedAdmin):
    """The ledger, read-only: a correction is a new reversing entry."""

    list_display = ("created_at", "player", "event", "reason", "scope", "season", "points", "reverses",
                    "created_by")
    list_filter = ("scope", "reason", "season")
    search_fields = ("player__display_name", "player__player_number", "event__name")
    list_select_related = ("player", "event", "season", "reverses", "created_by")
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(CollectionConfirmation)
class CollectionConfirmationAdmin(ScopedHistoryMixin, QuerysetScopedMixin, ScopedChoicesMixin, SimpleHistoryAdmin):
    list_display = ("player", "season", "confirmed_by", "confirmed_at", "note")
    list_filter = ("season",)
    search_fields = ("player__display_name", "player__player_number")
    autocomplete_fields = ("player",)
    fields = ("season", "player", "note", "confirmed_by", "confirmed_at")
    readonly_fields = ("confirmed_by", "confirmed_at")

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        return qs if request.user.is_superuser else qs.filter(player__in=players_visible_to(request.user))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.related_model is Player and not request.user.is_superuser:
            kwargs["queryset"] = players_visible_to(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        created = services.collection_confirm(season=obj.season, player=obj.player, by=request.user, note=obj.note)
        obj.pk = created.pk


class BadgeAwardForm(forms.ModelForm):
    """Shows the service's refusal (not the winner, badge already held…)
    next to the fields instead of failing on save."""

    class Meta:
        model = BadgeAward
        fields = ("season", "player", "badge", "reason", "event")

    def clean(self):
        data = super().clean()
        if self.instance.pk is None and not self.errors:
            try:
                services.badge_award_check(
                    season=data["season"], player=data["player"], badge=data["badge"], reason=data["reason"],
                    event=data.get("event"),
                )
            except ArenaError as exc:
                raise forms.ValidationError(str(exc), code=exc.code) from exc
        return data


@admin.register(BadgeAward)
class BadgeAwardAdmin(ScopedHistoryMixin, QuerysetScopedMixin, ScopedChoicesMixin, SimpleHistoryAdmin):
    form = BadgeAwardForm
    list_display = ("player", "badge", "season", "reason", "event", "awarded_by", "awarded_at")
    list_filter = ("season", "badge")
    search_fields = ("player__display_name", "player__player_number", "reason")
    autocomplete_fields = ("player", "event")
    fields = ("season", "player", "badge", "reason", "event", "awarded_by", "awarded_at")
    readonly_fields = ("awarded_by", "awarded_at")

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(Q(event__in=events_organized_by(request.user))
                         | Q(event__isnull=True, player__in=players_visible_to(request.user)))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.related_model is Player and not request.user.is_superuser:
            kwargs["queryset"] = players_visible_to(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        created = services.badge_award(
            season=obj.season, player=obj.player, badge=obj.badge, reason=obj.reason, by=request.user,
            event=obj.event,
        )
        obj.pk = created.pk
