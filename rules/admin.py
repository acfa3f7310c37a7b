"""Rules data in the admin: games (and, with issue #6, the card catalog)."""
from django.contrib import admin

from .models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "key", "players_per_match", "default_best_of", "default_round_minutes")
