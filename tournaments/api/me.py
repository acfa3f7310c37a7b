"""The player's own side of the API (issue #17 points 3, 5 and 7), for player tokens.

    me/events/                  GET    the signed-in player's events, with the current table
    events/<event_id>/drop/     POST   the signed-in player drops from the event

Player tokens are the DRF token of the player's user (``POST /api/token/``
with the account's e-mail as ``username``). The same rules as «Mi torneo»
(:func:`tournaments.me_selectors.player_current_table`,
:func:`tournaments.services.registration.registration_self_drop`), the same
``{"code", "detail"}`` errors as the rest of the API.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors
from ..enums import EventState
from ..me_selectors import player_current_table
from ..models import Registration
from ..services.registration import registration_self_drop
from .own import own_registration
from .reports import EVENT_ID, player_schema
from .serializers import ArenaErrorSerializer
from .views import AtomicWritesMixin

#: Finished events listed after the current ones.
PAST_EVENTS = 20


class ClockSerializer(serializers.Serializer):
    state = serializers.CharField(help_text="not_started, running, paused, time_up, closed, building o build_paused.")
    remaining_seconds = serializers.IntegerField(help_text="Segundos que quedan (la prórroga de la mesa incluida).")
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Cuándo llega a cero (UTC).")


class PersonSerializer(serializers.Serializer):
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True, help_text="Asiento en la mesa multijugador.")


class MyTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    seated = serializers.BooleanField(help_text="False: no juega esta ronda.")
    table_number = serializers.IntegerField(allow_null=True)
    match_id = serializers.IntegerField(allow_null=True)
    pod_id = serializers.IntegerField(allow_null=True)
    is_bye = serializers.BooleanField()
    status = serializers.CharField(allow_null=True, help_text="pending, reported o confirmed.")
    opponents = PersonSerializer(many=True, help_text="El rival, o los compañeros de mesa multijugador.")
    clock = ClockSerializer(allow_null=True)


class MyEventSerializer(serializers.Serializer):
    event_id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    venue = serializers.CharField(allow_null=True)
    state = serializers.CharField()
    registration_id = serializers.IntegerField()
    dropped = serializers.BooleanField()
    current = MyTableSerializer(allow_null=True, help_text="Mi mesa en la ronda en juego (null: no hay ronda).")


class DropAnswerSerializer(serializers.Serializer):
    registration_id = serializers.IntegerField()
    dropped = serializers.BooleanField()


def _table(registration: Registration) -> dict | None:
    event = registration.event
    rnd = selectors.current_round(event)
    table = player_current_table(event, registration, rnd)
    if table is None:
        return None
    clock = table.get("clock")
    match, by_games = table.get("match"), table.get("by_games", True)
    if not by_games:
        opponents = [{"display_name": name, "player_number": number, "seat": seat}
                     for seat, name, number in table["mates"]]
    elif table.get("opponent"):
        opponents = [{"display_name": table["opponent"], "player_number": table["opponent_number"], "seat": None}]
    else:
        opponents = []
    return {
        "round": rnd.number, "seated": table["seated"], "table_number": table.get("table_number"),
        "match_id": match.pk if match is not None and by_games else None,
        "pod_id": match.pk if match is not None and not by_games else None,
        "is_bye": bool(table.get("is_bye")), "status": table.get("status"), "opponents": opponents,
        "clock": {"state": clock.state, "remaining_seconds": clock.remaining_seconds,
                  "ends_at": clock.ends_at} if clock is not None else None,
    }


class MyEventListView(APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = MyEventSerializer

    @player_schema(
        "my_events", "Mis torneos",
        "Los torneos del jugador vinculado a la cuenta: los que están en curso o por empezar, con su "
        "mesa, rival y reloj de la ronda en juego, y los últimos terminados. Una cuenta sin jugador vinculado "
        "recibe una lista vacía.",
        responses={200: MyEventSerializer(many=True),
                   403: OpenApiResponse(ArenaErrorSerializer, description="Sin sesión ni token.")},
    )
    def get(self, request: Request) -> Response:
        regs = (Registration.objects.filter(player__user=request.user)
                .select_related("event__venue", "event__game", "player"))
        current = list(regs.exclude(event__state=EventState.FINISHED).order_by("event__date", "event__pk"))
        past = list(regs.filter(event__state=EventState.FINISHED).order_by("-event__date", "-event__pk")[:PAST_EVENTS])
        rows = [{
            "event_id": reg.event_id, "name": reg.event.name, "date": reg.event.date,
            "venue": reg.event.venue.name if reg.event.venue_id else None, "state": reg.event.state,
            "registration_id": reg.pk, "dropped": reg.dropped,
            "current": _table(reg) if reg.event.state != EventState.FINISHED else None,
        } for reg in current + past]
        return Response(MyEventSerializer(rows, many=True).data)


class SelfDropView(AtomicWritesMixin, APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = DropAnswerSerializer

    @player_schema(
        "self_drop", "Abandonar el torneo",
        "El jugador deja el evento antes de que se empareje la ronda siguiente: no vuelve a ser "
        "emparejado y sus resultados quedan. Antes de la ronda 1 y durante las rondas suizas; sólo el "
        "organizador lo deshace.",
        parameters=[EVENT_ID], request=None,
        responses={200: DropAnswerSerializer,
                   400: OpenApiResponse(ArenaErrorSerializer, description="Ya abandonó o fue descalificado."),
                   403: OpenApiResponse(ArenaErrorSerializer, description="Sin sesión, o no juega en este evento."),
                   409: OpenApiResponse(ArenaErrorSerializer, description="El reducido empezó o el evento terminó.")},
    )
    def post(self, request: Request, event_id: int) -> Response:
        registration = registration_self_drop(registration=own_registration(request, event_id), by=request.user)
        return Response({"registration_id": registration.pk, "dropped": registration.dropped})


__all__ = ["MyEventListView", "SelfDropView"]
