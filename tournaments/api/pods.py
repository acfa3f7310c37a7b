"""Read-only API of events played in pods (issue #9): a round's pods, pod standings.

    events/<event_id>/rounds/<number>/pods/   a round's pods (tables of 2–6 players)
    events/<event_id>/pod-standings/          standings by placement points

Public reads, no login; results are entered on the judge page. An event that
is not played in pods answers 404 with code ``not_in_pods``.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from .. import pods_selectors
from ..formats import PODS, format_for
from .views import EVENT_ID, INVALID, NOT_FOUND, ROLE_PUBLIC, ROUND_NUMBER, TAG_ROUNDS, TAG_STANDINGS, EventScopedMixin


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Asiento (1…).")
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="Puesto (1 el ganador; los empatados lo comparten).")
    score = serializers.IntegerField(allow_null=True, help_text="Puntaje secundario (p. ej. puntos stoner).")


class PodSerializer(serializers.Serializer):
    table_number = serializers.IntegerField()
    status = serializers.CharField(help_text="pending, reported o confirmed.")
    version = serializers.IntegerField()
    repeats = serializers.IntegerField(help_text="Pares que ya compartieron mesa (inevitable).")
    ended_by_time = serializers.BooleanField(
        help_text="La mesa terminó por tiempo: nadie llegó al objetivo del juego y los puestos salen del puntaje.")
    seats = SeatSerializer(many=True)


class PodRoundSerializer(serializers.Serializer):
    event_id = serializers.IntegerField()
    round = serializers.IntegerField()
    secondary_score = serializers.CharField(allow_null=True)
    pods = PodSerializer(many=True)


class PodStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    points = serializers.DecimalField(max_digits=9, decimal_places=3, coerce_to_string=False,
                                      help_text="Puntos por puesto (fracciones en mesas de 3, 5 o 6).")
    opponents_points = serializers.DecimalField(max_digits=11, decimal_places=3, coerce_to_string=False,
                                                help_text="Suma de los puntos de los rivales de mesa.")
    secondary_score = serializers.IntegerField(help_text="Puntaje secundario sumado (puntos stoner).")
    pods_played = serializers.IntegerField()
    places = serializers.ListField(child=serializers.IntegerField())
    separated_by = serializers.CharField(allow_null=True)
    technical_tie = serializers.BooleanField()
    dropped = serializers.BooleanField()
    disqualified = serializers.BooleanField()


class PodStandingsSerializer(serializers.Serializer):
    event_id = serializers.IntegerField()
    secondary_score = serializers.CharField(allow_null=True)
    results = PodStandingSerializer(many=True)


class _PodEventMixin(EventScopedMixin):
    def get_pod_event(self):
        event = self.get_event()
        if format_for(event) is not PODS:
            raise exceptions.NotFound(
                _("El evento «%(event)s» no se juega en mesas multijugador.") % {"event": event.name},
                code="not_in_pods",
            )
        return event


@extend_schema(
    tags=[TAG_ROUNDS], extensions=ROLE_PUBLIC, summary="Mesas multijugador de una ronda",
    description="Las mesas (de 2 a 6 jugadores) de una ronda de un juego multijugador, con puesto y puntaje "
    "secundario de cada asiento una vez cargados. Público.",
    parameters=[EVENT_ID, ROUND_NUMBER], responses={200: PodRoundSerializer, 404: NOT_FOUND},
)
class PodListView(_PodEventMixin, generics.GenericAPIView):
    serializer_class = PodRoundSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get(self, request: Request, *args, **kwargs) -> Response:
        event = self.get_pod_event()
        rnd = self.get_round()
        data = {
            "event_id": event.pk,
            "round": rnd.number,
            "secondary_score": pods_selectors.secondary_score_label(event),
            "pods": pods_selectors.pods_for_round(rnd),
        }
        return Response(self.get_serializer(data).data)


@extend_schema(
    tags=[TAG_STANDINGS], extensions=ROLE_PUBLIC, summary="Posiciones en mesas multijugador",
    description="Posiciones por puntos por puesto, luego puntos de los rivales de mesa y el puntaje secundario "
    "(puntos stoner); lo que sigue igual es empate técnico. Público.",
    parameters=[EVENT_ID], responses={200: PodStandingsSerializer, 400: INVALID, 404: NOT_FOUND},
)
class PodStandingListView(_PodEventMixin, generics.GenericAPIView):
    serializer_class = PodStandingsSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get(self, request: Request, *args, **kwargs) -> Response:
        event = self.get_pod_event()
        data = {
            "event_id": event.pk,
            "secondary_score": pods_selectors.secondary_score_label(event),
            "results": pods_selectors.pod_standings_for_event(event),
        }
        return Response(self.get_serializer(data).data)
