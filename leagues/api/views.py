"""Read-only, public API of the league: thin views over selectors.

Every endpoint answers GET without login; nothing here changes state.
"""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.models import Game
from tournaments.models import Player

from .. import selectors
from ..models import Season
from . import serializers as s

TAG = "super liga"
NOT_FOUND = OpenApiResponse(s.LeagueErrorSerializer, description=_("No existe."))


class _Public(APIView):
    permission_classes = [AllowAny]
    http_method_names = ["get", "head", "options"]

    def season(self, pk: int) -> Season:
        return get_object_or_404(Season.objects.select_related("game"), pk=pk)


class SeasonListView(_Public):
    @extend_schema(tags=[TAG], summary=_("Temporadas"),
                   responses={200: s.SeasonSerializer(many=True), 404: NOT_FOUND},  # an unknown ?game=
                   parameters=[OpenApiParameter("game", str, description=_("Clave del juego"))])
    def get(self, request):
        game = None
        if request.query_params.get("game"):
            game = get_object_or_404(Game, key=request.query_params["game"])
        return Response(s.SeasonSerializer(selectors.seasons(game=game), many=True).data)


class SeasonDetailView(_Public):
    @extend_schema(tags=[TAG], summary=_("Una temporada con sus fechas"),
                   responses={200: s.SeasonDetailSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int):
        season = self.season(pk)
        season.ordered_dates = list(season.dates.order_by("date"))
        return Response(s.SeasonDetailSerializer(season).data)


class SeasonTableView(_Public):
    @extend_schema(tags=[TAG], summary=_("Tabla nacional de la temporada"),
                   responses={200: s.SeasonTableSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int):
        season = self.season(pk)
        return Response(s.SeasonTableSerializer({"season": season.pk, "rows": selectors.season_table(season)}).data)


class VenueTablesView(_Public):
    @extend_schema(tags=[TAG], summary=_("Tablas de la temporada por sede"),
                   responses={200: s.VenueTableSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(s.VenueTableSerializer(selectors.season_venue_tables(self.season(pk)), many=True).data)


class BadgesView(_Public):
    @extend_schema(tags=[TAG], summary=_("Insignias de la temporada con su progreso"),
                   responses={200: s.PlayerBadgesSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(s.PlayerBadgesSerializer(selectors.season_badge_rows(self.season(pk)), many=True).data)


class PlayerLeagueView(_Public):
    @extend_schema(tags=[TAG], summary=_("La temporada de un jugador: puestos, insignias y puntos"),
                   responses={200: s.PlayerLeagueSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int, player_number: str):
        season = self.season(pk)
        player = get_object_or_404(Player.objects.select_related("home_venue"), player_number=player_number)
        return Response(s.PlayerLeagueSerializer(selectors.player_league(season, player)).data)


class AllTimeView(_Public):
    @extend_schema(tags=[TAG], summary=_("Ranking Nacional (Histórico)"),
                   parameters=[OpenApiParameter("game", str, description=_("Clave del juego (por defecto "
                                                                            "weed_monsters)"))],
                   responses={200: s.AllTimeSerializer, 404: NOT_FOUND})
    def get(self, request):
        key = request.query_params.get("game")
        game = get_object_or_404(Game, key=key) if key else selectors.default_game()
        if game is None:
            raise Http404
        return Response(s.AllTimeSerializer({"game": game.key, "rows": selectors.all_time_ranking(game=game)}).data)
