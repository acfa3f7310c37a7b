"""Organizer console (Django admin). Issue #4 shapes it around the day."""
from django.contrib import admin

from .models import Event, Match, Player, Registration, ResultEntry, Round, Venue


@admin.register(Venue)
class VenueAdmin(admin.ModelAdmin):
    list_display = ("name", "province")
    search_fields = ("name", "province")
    filter_horizontal = ("organizers",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "player_number", "home_venue")
    search_fields = ("display_name", "player_number")
    list_filter = ("home_venue",)
    autocomplete_fields = ("referred_by",)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ("player", "checked_in", "late_entry", "dropped", "disqualified")
    autocomplete_fields = ("player",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "kind", "state")
    list_filter = ("state", "kind", "venue", "game")
    search_fields = ("name",)
    date_hierarchy = "date"
    inlines = [RegistrationInline]
    filter_horizontal = ("judges",)


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ("table_number", "player_a", "player_b", "games_a", "games_b", "games_drawn", "status", "version")
    readonly_fields = fields
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "phase", "state")
    list_filter = ("phase", "state")
    inlines = [MatchInline]


@admin.register(ResultEntry)
class ResultEntryAdmin(admin.ModelAdmin):
    list_display = ("match", "version", "games_a", "games_b", "games_drawn", "entered_by", "entered_at")
    readonly_fields = [f.name for f in ResultEntry._meta.fields]

from . import admin_documents  # noqa: E402,F401  (document admin pieces, issue #5)
