"""Players report their own table's result (issue #17 points 4 and 7; DESIGN.md decision 21).

    events/<event_id>/matches/<match_id>/report/   POST   a player of the match
    events/<event_id>/pods/<pod_id>/report/        POST   a player seated at the pod

Player tokens are the DRF token of the player's user (``POST /api/token/``).
Same rules as the «Mi torneo» page (:func:`tournaments.services.table_report_submit`), the same ``{"code", "detail"}``
errors as the rest of the API, throttled per user
(:class:`tournaments.throttles.ReportThrottle`, ``ARENA_REPORT_RATE``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import services
from ..models import Table
from ..throttles import ReportThrottle
from .exceptions import validated
from .own import own_registration
from .serializers import ArenaErrorSerializer, ArenaValidationErrorSerializer
from .views import AtomicWritesMixin

TAG_PLAYER_REPORTS = "autorreporte"
ROLE_PLAYER = {"x-role": "jugador de la mesa"}

EVENT_ID = OpenApiParameter("event_id", int, OpenApiParameter.PATH, description="Id del evento.")
MATCH_ID = OpenApiParameter("match_id", int, OpenApiParameter.PATH, description="Id del emparejamiento.")
POD_ID = OpenApiParameter("pod_id", int, OpenApiParameter.PATH, description="Id de la mesa multijugador.")



def player_schema(operation_id: str, summary: str, description: str, **kwargs):
    """The OpenAPI operation of an endpoint a player calls about their own event (tag «autorreporte»)."""
    return extend_schema(tags=[TAG_PLAYER_REPORTS], extensions=ROLE_PLAYER, operation_id=operation_id,
                         summary=summary, description=description, **kwargs)


_ERRORS = {
    400: OpenApiResponse(ArenaValidationErrorSerializer, description="Datos no válidos o resultado imposible."),
    403: OpenApiResponse(ArenaErrorSerializer, description="Sin sesión, o no es tu mesa («not_your_match»)."),
    404: OpenApiResponse(ArenaErrorSerializer, description="No existe la mesa en ese evento."),
    409: OpenApiResponse(ArenaErrorSerializer, description="Autorreporte desactivado («self_reporting_off»), "
                         "ronda cerrada («round_closed») o la mesa ya tiene resultado («result_recorded»)."),
    429: OpenApiResponse(ArenaErrorSerializer, description="Demasiados reportes seguidos."),
}


class MatchReportInputSerializer(serializers.Serializer):
    """A player's report, in the match's orientation: A is the match's ``player_a``."""

    games_a = serializers.IntegerField(label=gettext_lazy("Partidas ganadas por A"), min_value=0, max_value=9)
    games_b = serializers.IntegerField(label=gettext_lazy("Partidas ganadas por B"), min_value=0, max_value=9)
    games_drawn = serializers.IntegerField(label=gettext_lazy("Partidas empatadas"), min_value=0, max_value=9,
                                           default=0)
    went_to_time = serializers.BooleanField(label=gettext_lazy("Terminó por tiempo"), default=False)
    intentional_draw = serializers.BooleanField(label=gettext_lazy("Empate intencional"), default=False)


class PlacementSerializer(serializers.Serializer):
    registration_id = serializers.IntegerField(label=gettext_lazy("Inscripción"))
    place = serializers.IntegerField(label=gettext_lazy("Puesto"), min_value=1, max_value=6)
    score = serializers.IntegerField(label=gettext_lazy("Puntaje secundario"), min_value=0, max_value=999,
                                     required=False, allow_null=True, default=None)


class PodReportInputSerializer(serializers.Serializer):
    """Every seat's place (and secondary score) as this player reports it."""

    placements = PlacementSerializer(many=True, label=gettext_lazy("Puestos"))
    ended_by_time = serializers.BooleanField(label=gettext_lazy("Terminó por tiempo"), default=False)


class ReportAnswerSerializer(serializers.Serializer):
    """``state``: ``waiting`` (the rival has not reported), ``conflict`` (the reports differ: the judges
    resolve it) or ``recorded`` (every report agrees: the result is recorded with source «players»)."""

    state = serializers.ChoiceField(choices=["waiting", "conflict", "recorded"])
    table_number = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(help_text=gettext_lazy("Versión del resultado de la mesa."))


class _TableReportView(AtomicWritesMixin, APIView):
    """A player's report of their table, one path for every format: the subclasses name the URL's table,
    its input (``serializer_class``) and how it reads as :func:`tournaments.services.table_report_submit`'s
    seats (:meth:`report_values`); the service asks the event's format to check it."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ReportThrottle]

    def report_values(self, data: dict) -> dict:
        raise NotImplementedError

    def not_found(self, table_id: int) -> exceptions.NotFound:
        raise NotImplementedError

    def submit(self, request: Request, event_id: int, table_id: int) -> Response:
        data = validated(self.serializer_class(data=request.data))
        registration = own_registration(request, event_id)
        table = Table.objects.filter(pk=table_id, round__event_id=event_id).first()
        if table is None:
            raise self.not_found(table_id)
        outcome = services.table_report_submit(table=table, registration=registration, by=request.user,
                                               **self.report_values(data))
        table.refresh_from_db(fields=["version"])
        return Response({"state": outcome.state, "table_number": table.table_number, "version": table.version})


class MatchReportView(_TableReportView):
    serializer_class = MatchReportInputSerializer

    @player_schema(
        "match_report", "Reportar el resultado de mi match",
        "Sólo un jugador del match, con el autorreporte activado y la ronda abierta. Cuenta cuando "
        "ambos jugadores reportan lo mismo; si no coinciden, la mesa pasa a los jueces. Un jugador puede cambiar "
        "su reporte hasta que coincidan; la carga de un juez siempre prevalece.",
        parameters=[EVENT_ID, MATCH_ID], request=MatchReportInputSerializer,
        responses={200: ReportAnswerSerializer, **_ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        return self.submit(request, event_id, match_id)

    def report_values(self, data: dict) -> dict:
        seats, shared = services.duel_seats(data)
        return {"seats": seats, **shared}

    def not_found(self, table_id: int) -> exceptions.NotFound:
        return exceptions.NotFound(_("No existe el emparejamiento %(id)s.") % {"id": table_id},
                                   code="match_not_found")


class PodReportView(_TableReportView):
    serializer_class = PodReportInputSerializer

    @player_schema(
        "pod_report", "Reportar los puestos de mi mesa multijugador",
        "Sólo un jugador sentado en la mesa, con el autorreporte activado y la ronda abierta. Se "
        "registra cuando todos los asientos reportan lo mismo; si alguno difiere, la mesa pasa a los jueces.",
        parameters=[EVENT_ID, POD_ID], request=PodReportInputSerializer,
        responses={200: ReportAnswerSerializer, **_ERRORS},
    )
    def post(self, request: Request, event_id: int, pod_id: int) -> Response:
        return self.submit(request, event_id, pod_id)

    def report_values(self, data: dict) -> dict:
        return {"seats": [{"registration": line["registration_id"], "place": line["place"], "score": line["score"]}
                          for line in data["placements"]],
                "went_to_time": data["ended_by_time"]}

    def not_found(self, table_id: int) -> exceptions.NotFound:
        return exceptions.NotFound(_("No existe la mesa %(id)s.") % {"id": table_id}, code="pod_not_found")
