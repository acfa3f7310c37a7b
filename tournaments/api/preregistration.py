"""Pre-registration in the API (issue #17 points 2 and 7).

    events/upcoming/                          GET     public: events taking pre-registrations
    events/<event_id>/preregistration/        GET     the signed-in player's pre-registration
                                              POST    pre-register (confirmed or waitlisted)
                                              DELETE  cancel it (the first waitlisted gets the place)

Player tokens are the DRF token of the player's user (``POST /api/token/``);
the same rules as the «Próximos torneos» pages
(:mod:`tournaments.services.preregistration`), the same ``{"code", "detail"}``
errors as the rest of the API. Writes are throttled per user
(:class:`tournaments.throttles.PreregistrationThrottle`, ``ARENA_PREREGISTRATION_RATE``, 30/min).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import prereg_selectors
from ..enums import PreRegistrationState
from ..models import Event, Player, PreRegistration
from ..services.preregistration import preregistration_cancel, preregistration_create, preregistration_token
from ..throttles import PreregistrationThrottle
from .own import own_player
from .pagination import ArenaPagination
from .serializers import ArenaErrorSerializer, GameRefSerializer, VenueRefSerializer
from .views import EVENT_ID, INVALID, NOT_FOUND, ROLE_PUBLIC, TAG_EVENTS, AtomicWritesMixin, event_not_found

TAG_PREREGISTRATION = "preinscripción"
ROLE_PLAYER = {"x-role": "jugador con cuenta"}


class UpcomingEventSerializer(serializers.ModelSerializer):
    """An event taking pre-registrations: where, when, places left and until when."""

    game = GameRefSerializer(read_only=True)
    venue = VenueRefSerializer(read_only=True, allow_null=True)
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    places_left = serializers.SerializerMethodField(help_text=_("Lugares libres; vacío: sin límite de lugares."))

    class Meta:
        model = Event
        fields = ["id", "name", "date", "kind_label", "game", "venue", "capacity", "places_left",
                  "preregistration_deadline"]
        read_only_fields = fields

    def get_places_left(self, event: Event) -> int | None:
        return None if event.capacity is None else max(event.capacity - event.taken, 0)


class PreregistrationSerializer(serializers.ModelSerializer):
    """The player's pre-registration: ``state``, the waitlist ``position`` (from 1) and the check-in token."""

    state = serializers.ChoiceField(choices=PreRegistrationState.choices, read_only=True)
    state_label = serializers.CharField(source="get_state_display", read_only=True)
    position = serializers.SerializerMethodField(help_text=_("Puesto en la lista de espera; vacío si no espera."))
    check_in_token = serializers.SerializerMethodField(
        help_text=_("Código firmado que se muestra como QR para marcarse presente; vacío si está cancelada."))
    event_id = serializers.IntegerField(read_only=True)

    class Meta:
        model = PreRegistration
        fields = ["id", "event_id", "state", "state_label", "position", "created_at", "cancelled_at",
                  "check_in_token"]
        read_only_fields = fields

    def get_position(self, prereg: PreRegistration) -> int | None:
        return prereg_selectors.waitlist_position(prereg)

    def get_check_in_token(self, prereg: PreRegistration) -> str | None:
        return preregistration_token(prereg) if prereg.state in prereg_selectors.LIVE_STATES else None


_ERRORS = {
    403: OpenApiResponse(ArenaErrorSerializer, description="Sin sesión («not_authenticated»), o la cuenta no "
                         "está vinculada a un número de jugador («permission_denied»)."),
    404: NOT_FOUND,
    429: OpenApiResponse(ArenaErrorSerializer, description="Demasiados pedidos seguidos."),
}


@extend_schema(
    tags=[TAG_EVENTS], extensions=ROLE_PUBLIC, summary="Próximos torneos",
    description="Eventos de cualquier sede con la preinscripción abierta, del más próximo al más lejano: sede, "
    "fecha, lugares libres y cierre de la preinscripción. Público.",
    responses={200: UpcomingEventSerializer(many=True), 400: INVALID},
)
class UpcomingEventListView(generics.ListAPIView):
    serializer_class = UpcomingEventSerializer
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]

    def get_queryset(self):
        return prereg_selectors.upcoming_events()


def _event(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise event_not_found(event_id)
    return event


def _live(event: Event, player: Player) -> PreRegistration | None:
    return PreRegistration.objects.filter(event=event, player=player).exclude(
        state=PreRegistrationState.CANCELLED).first()


class PreregistrationView(AtomicWritesMixin, APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [PreregistrationThrottle]
    serializer_class = PreregistrationSerializer

    @extend_schema(
        tags=[TAG_PREREGISTRATION], extensions=ROLE_PLAYER, operation_id="preregistration_read",
        summary="Mi preinscripción", parameters=[EVENT_ID],
        description="La preinscripción del jugador de la cuenta en el evento (confirmada, en lista de espera o "
        "presente), con su código de presente.",
        responses={200: PreregistrationSerializer, **_ERRORS},
    )
    def get(self, request: Request, event_id: int) -> Response:
        prereg = _live(_event(event_id), own_player(request))
        if prereg is None:
            raise exceptions.NotFound(_("No tenés una preinscripción para este torneo."),
                                      code="preregistration_not_found")
        return Response(PreregistrationSerializer(prereg).data)

    @extend_schema(
        tags=[TAG_PREREGISTRATION], extensions=ROLE_PLAYER, operation_id="preregistration_create",
        summary="Preinscribirme", parameters=[EVENT_ID], request=None,
        description="Confirmada mientras queden lugares; pasado el cupo, en lista de espera por orden de llegada. "
        "Sólo con la preinscripción abierta y antes de su cierre.",
        responses={201: PreregistrationSerializer, **_ERRORS,
                   400: OpenApiResponse(ArenaErrorSerializer, description="Ya inscripto («already_registered») o "
                                        "ya preinscripto («already_preregistered»)."),
                   409: OpenApiResponse(ArenaErrorSerializer, description="Preinscripción cerrada "
                                        "(«preregistration_closed», «preregistration_deadline»).")},
    )
    def post(self, request: Request, event_id: int) -> Response:
        prereg = preregistration_create(event=_event(event_id), player=own_player(request), by=request.user)
        prereg.refresh_from_db()
        return Response(PreregistrationSerializer(prereg).data, status=201)

    @extend_schema(
        tags=[TAG_PREREGISTRATION], extensions=ROLE_PLAYER, operation_id="preregistration_cancel",
        summary="Cancelar mi preinscripción", parameters=[EVENT_ID], request=None,
        description="El lugar liberado pasa al primero de la lista de espera.",
        responses={200: PreregistrationSerializer, **_ERRORS,
                   409: OpenApiResponse(ArenaErrorSerializer, description="El evento ya no admite cambios.")},
    )
    def delete(self, request: Request, event_id: int) -> Response:
        event, player = _event(event_id), own_player(request)
        prereg = _live(event, player)
        if prereg is None or prereg.state == PreRegistrationState.CHECKED_IN:
            raise exceptions.NotFound(_("No tenés una preinscripción para cancelar en este torneo."),
                                      code="preregistration_not_found")
        prereg = preregistration_cancel(preregistration=prereg, by=request.user)
        return Response(PreregistrationSerializer(prereg).data)
