"""Players report their own table's result (issue #17 points 4 and 7; DESIGN.md decision 21).

    events/<event_id>/tables/<table_id>/report/   POST   a player seated at the table, any format

One input for every format (:mod:`tournaments.api.tables`): every seat by
player number, with games (a duel) or place and score (a pod).

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
from .own import own_registration
from .serializers import ArenaErrorSerializer, ArenaValidationErrorSerializer
from .tables import TABLE_ID, TableReportInputSerializer, entry_examples, entry_validated, seat_errors, table_seats
from .views import AtomicWritesMixin

TAG_PLAYER_REPORTS = "autorreporte"
ROLE_PLAYER = {"x-role": "jugador de la mesa"}

EVENT_ID = OpenApiParameter("event_id", int, OpenApiParameter.PATH, description="Id del evento.")


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


class ReportAnswerSerializer(serializers.Serializer):
    """``state``: ``waiting`` (the rival has not reported), ``conflict`` (the reports differ: the judges
    resolve it) or ``recorded`` (every report agrees: the result is recorded with source «players»)."""

    state = serializers.ChoiceField(choices=["waiting", "conflict", "recorded"])
    table_number = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(help_text=gettext_lazy("Versión del resultado de la mesa."))


class TableReportView(AtomicWritesMixin, APIView):
    """A player's report of their table, one path for every format: the seats go to
    :func:`tournaments.services.table_report_submit`, which asks the event's format to check them."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ReportThrottle]

    @player_schema(
        "table_report", "Reportar el resultado de mi mesa",
        "Sólo un jugador sentado en la mesa, con el autorreporte activado y la ronda abierta. Un elemento de "
        "«seats» por jugador de la mesa, por su «player_number»: en un duelo las partidas ganadas («games»), "
        "en una mesa multijugador el puesto («place») y el puntaje secundario («score»). Cuenta cuando todos "
        "los jugadores de la mesa reportan lo mismo; si alguno difiere, la mesa pasa a los jueces. Un jugador "
        "puede cambiar su reporte hasta que coincidan; la carga de un juez siempre prevalece.",
        parameters=[EVENT_ID, TABLE_ID], request=TableReportInputSerializer, examples=entry_examples(),
        responses={200: ReportAnswerSerializer, **_ERRORS},
    )
    def post(self, request: Request, event_id: int, table_id: int) -> Response:
        data = entry_validated(TableReportInputSerializer(data=request.data))
        registration = own_registration(request, event_id)
        table = Table.objects.select_related("round__event").filter(pk=table_id, round__event_id=event_id).first()
        if table is None:
            raise exceptions.NotFound(_("No existe la mesa %(id)s en este evento.") % {"id": table_id},
                                      code="table_not_found")
        seats = table_seats(table, data)
        del data["seats"]
        with seat_errors(table, seats):
            outcome = services.table_report_submit(table=table, registration=registration, by=request.user,
                                                   seats=seats, **data)
        table.refresh_from_db(fields=["version"])
        return Response({"state": outcome.state, "table_number": table.table_number, "version": table.version})
