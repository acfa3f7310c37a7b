"""Output serializers of the league API (read-only; nothing is saved).

They render the read models of :mod:`leagues.selectors`. A player's public
data is display name, player number and home venue, as elsewhere.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class LeagueErrorSerializer(serializers.Serializer):
    """A refused request: a stable code and a message (schema only)."""

    code = serializers.CharField()
    detail = serializers.CharField()


class SeasonDateSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text=_("Número de fecha, 1 a 18."))
    date = serializers.DateField()


class SeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField(help_text=_("Nombre, p. ej. «Super Liga 2024»."))
    game = serializers.CharField(source="game.key", help_text=_("Clave del juego."))
    year = serializers.IntegerField()
    nacional_quota = serializers.IntegerField(help_text=_("Clasificados directos a El Nacional por sede."))
    attendance_target = serializers.IntegerField(help_text=_("Fechas para la insignia 1."))
    closed = serializers.BooleanField(help_text=_("Temporada cerrada: insignia 5 y listas definitivas."))


class SeasonDetailSerializer(SeasonSerializer):
    dates = SeasonDateSerializer(many=True, source="ordered_dates")


class LeagueRowSerializer(serializers.Serializer):
    """One row of a league table; equal points share ``rank`` (``tied``)."""

    rank = serializers.IntegerField()
    tied = serializers.BooleanField(help_text=_("Otro jugador comparte el puesto."))
    player_number = serializers.CharField()
    display_name = serializers.CharField()
    venue = serializers.CharField(help_text=_("Sede original del jugador."))
    province = serializers.CharField()
    points = serializers.IntegerField()


class SeasonRowSerializer(LeagueRowSerializer):
    dates_played = serializers.IntegerField(help_text=_("Fechas distintas jugadas (dos sedes el mismo día: una)."))


class SeasonTableSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    rows = SeasonRowSerializer(many=True)


class VenueTableSerializer(serializers.Serializer):
    venue = serializers.CharField()
    province = serializers.CharField()
    rows = SeasonRowSerializer(many=True)


class AllTimeSerializer(serializers.Serializer):
    game = serializers.CharField()
    rows = LeagueRowSerializer(many=True)


class BadgeProgressSerializer(serializers.Serializer):
    badge = serializers.CharField(help_text=_("attendance, out_of_province, referral, collection, "
                                              "home_venue_top o nacional_pass."))
    number = serializers.IntegerField(source="badge.number")
    title = serializers.CharField(source="badge.title")
    earned = serializers.BooleanField()
    current = serializers.IntegerField()
    target = serializers.IntegerField()
    label = serializers.CharField(help_text=_("Progreso en español, p. ej. «12/15 fechas»."))
    awarded_reason = serializers.SerializerMethodField()

    def get_awarded_reason(self, obj) -> str | None:
        return obj.manual_award.reason if obj.manual_award else None


class PlayerBadgesSerializer(serializers.Serializer):
    player_number = serializers.CharField()
    display_name = serializers.CharField()
    venue = serializers.CharField()
    badges = BadgeProgressSerializer(many=True, source="badges.badges")


class EntrySerializer(serializers.Serializer):
    event_id = serializers.IntegerField()
    event = serializers.CharField()
    event_date = serializers.DateField()
    venue = serializers.CharField()
    kind = serializers.CharField()
    reason = serializers.CharField()
    scope = serializers.CharField()
    points = serializers.IntegerField()
    is_reversal = serializers.BooleanField()


class PlayerLeagueSerializer(serializers.Serializer):
    player_number = serializers.CharField(source="player.player_number")
    display_name = serializers.CharField(source="player.display_name")
    season = serializers.IntegerField(source="season.pk")
    season_row = SeasonRowSerializer(allow_null=True)
    venue_row = SeasonRowSerializer(allow_null=True)
    all_time_row = LeagueRowSerializer(allow_null=True)
    badges = BadgeProgressSerializer(many=True, source="badges.badges", allow_null=True, default=None)
    entries = EntrySerializer(many=True)
