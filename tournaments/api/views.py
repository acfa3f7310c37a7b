"""REST API of tournaments: thin views over selectors and services.

Reads are public (no login): their views are read-only and declare
``AllowAny``; they go through :mod:`tournaments.selectors` and
:mod:`tournaments.api.queries`. Writes call one service each; the role they
need is declared per action in ``required_roles`` and checked by
:class:`tournaments.permissions.EventRolePermission`:

- judges of the event (and its head judge and organizers) record results;
- organizers pair the next round, re-pair the current one, drop and
  reinstate players, start the top cut and finish the event.

Refused service calls become ``{"code", "detail"}`` JSON with the error's
status (see :mod:`tournaments.api.exceptions`).
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, status, viewsets
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from .. import live_rows, pagecache, selectors, services
from ..errors import StateError
from ..idempotency import answer_kept, answer_remember, idempotency_cache_key, payload_digest
from ..models import Event, Player, Registration, Round, Table
from ..permissions import JUDGE, ORGANIZER, EventRolePermission
from ..stamps import stamps_deferred
from . import queries
from .exceptions import validated
from .filters import EventFilter, PlayerFilter, RoundFilter
from .pagination import ArenaPagination
from .serializers import (
    ArenaErrorSerializer,
    ArenaValidationErrorSerializer,
    BracketSerializer,
    EventDetailSerializer,
    EventSerializer,
    NameSearchSerializer,
    PairingSerializer,
    PlayerSerializer,
    RegistrationStatusSerializer,
    RoundPairingsSerializer,
    RoundSerializer,
    one_of,
    podium_of,
    shape_of,
)
from .tables import (
    TABLE_ID,
    TableResultInputSerializer,
    TableSerializer,
    entry_examples,
    entry_validated,
    seat_errors,
    table_answer,
    table_seats,
)
from .throttles import LoginRateThrottle

TAG_EVENTS, TAG_ROUNDS, TAG_STANDINGS = "eventos", "rondas y emparejamientos", "posiciones"
TAG_PLAYERS, TAG_TOP_CUT = "jugadores", "reducido"
TAG_JUDGES, TAG_ORGANIZERS = "jueces", "organización"

# The role each operation needs, shown by the docs page (OpenAPI extension "x-role").
ROLE_PUBLIC = {"x-role": "público"}
ROLE_JUDGE = {"x-role": "juez del evento"}
ROLE_ORGANIZER = {"x-role": "organización del evento"}

NOT_FOUND = OpenApiResponse(ArenaErrorSerializer, description="No existe (código «…_not_found»).")
REFUSED_403 = OpenApiResponse(
    ArenaErrorSerializer, description="Sin sesión («not_authenticated») o sin el rol necesario («permission_denied»)."
)
CONFLICT = OpenApiResponse(ArenaErrorSerializer, description="El estado del evento no lo permite ahora.")
INVALID = OpenApiResponse(ArenaValidationErrorSerializer, description="Parámetros no válidos.")

PLAYER_NUMBER = OpenApiParameter(
    "player_number", str, OpenApiParameter.PATH, description="Número de jugador (su identificador público)."
)
EVENT_ID = OpenApiParameter("event_id", int, OpenApiParameter.PATH, description="Identificador del evento.")
ROUND_NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="Número de la ronda (desde 1).")


class AtomicWritesMixin:
    """Unsafe requests run in one transaction with the building of their answer.

    The service's own transaction becomes a savepoint; the answer's data is
    read before the commit, so a failure while building it (a lost database
    connection) rolls the change back instead of answering 500 for a saved
    change. A refusal (4xx) rolls back whatever ran before it. The event's
    stamp grows last, once the answer is built
    (:func:`tournaments.stamps.stamps_deferred`), so a result saved under a
    shared event lock holds the event row only for the commit.
    """

    def dispatch(self, request, *args, **kwargs):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return super().dispatch(request, *args, **kwargs)
        with transaction.atomic():
            with stamps_deferred() as touched:
                response = super().dispatch(request, *args, **kwargs)
                if response.status_code >= 400:
                    touched.clear()  # rolled back below: nothing to grow
            if response.status_code >= 400:  # DRF's set_rollback acts only with ATOMIC_REQUESTS
                transaction.set_rollback(True)
            return response


# --------------------------------------------------------------------------- lookups


def event_not_found(pk: object) -> exceptions.NotFound:
    return exceptions.NotFound(_("No existe el evento %(id)s.") % {"id": pk}, code="event_not_found")


class EventScopedMixin:
    """Views under ``events/<event_id>/``: the event, loaded once, 404 in Spanish."""

    kwargs: dict

    def get_event(self) -> Event:
        if getattr(self, "_event", None) is None:
            event = Event.objects.filter(pk=self.kwargs["event_id"]).first()
            if event is None:
                raise event_not_found(self.kwargs["event_id"])
            self._event = event
        return self._event

    def get_permission_event(self) -> Event:
        return self.get_event()

    def get_round(self) -> Round:
        rnd = queries.round_by_number(self.get_event(), self.kwargs["number"])
        if rnd is None:
            raise exceptions.NotFound(
                _("El evento «%(event)s» no tiene ronda %(n)s.") % {"event": self.get_event().name,
                                                                     "n": self.kwargs["number"]},
                code="round_not_found",
            )
        return rnd

    def get_registration(self) -> Registration:
        reg = queries.registration_by_number(self.get_event(), self.kwargs["player_number"])
        if reg is None:
            raise exceptions.NotFound(
                _("El número %(number)s no tiene inscripción en «%(event)s».")
                % {"number": self.kwargs["player_number"], "event": self.get_event().name},
                code="registration_not_found",
            )
        return reg


class StampCachedMixin:
    """Public JSON reads of one event, rendered once per state stamp (:mod:`tournaments.pagecache`).

    The body of a URL (page, search) is kept per stamp and language with its
    ETag, so a client repeating a request with ``If-None-Match`` gets a 304
    and a crowd reading the standings costs one render per change. Other
    formats (the browsable API) are rendered every time; unknown events fall
    through to the view's own 404.
    """

    kwargs: dict
    stamp: str | None = None

    def get(self, request: Request, *args, **kwargs):
        self.stamp = stamp = pagecache.event_stamp(self.kwargs["event_id"])
        if stamp is None or request.accepted_renderer.format != "json":
            return super().get(request, *args, **kwargs)

        def render(_stamp: str):
            response = self.finalize_response(request, super(StampCachedMixin, self).get(request, *args, **kwargs))
            return response.render()

        return pagecache.cached_response(request, event_id=self.kwargs["event_id"], render=render, max_age=2,
                                         stamp=stamp)

    def current_stamp(self) -> str:
        """The stamp this request reads at (:class:`Http404` for an unknown event)."""
        return self.stamp or pagecache.stamp_or_404(self.kwargs["event_id"])


def _search(request: Request) -> str:
    return validated(NameSearchSerializer(data=request.query_params)).get("search", "")


# --------------------------------------------------------------------------- events


@extend_schema(
    tags=[TAG_EVENTS],
    extensions=ROLE_PUBLIC,
    summary="Eventos",
    description="Eventos por sede, provincia, rango de fechas, formato, estado y juego; búsqueda por nombre. "
    "Del más reciente al más antiguo. Público.",
    responses={200: EventSerializer(many=True), 400: INVALID},
)
class EventListView(generics.ListAPIView):
    serializer_class = EventSerializer
    filterset_class = EventFilter
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_queryset(self):
        return queries.events()


@extend_schema(
    tags=[TAG_EVENTS],
    extensions=ROLE_PUBLIC,
    summary="Evento",
    description="Un evento con su ronda actual y, una vez finalizado, su podio. Público.",
    parameters=[EVENT_ID],
    responses={200: EventDetailSerializer, 404: NOT_FOUND},
)
class EventDetailView(generics.RetrieveAPIView):
    serializer_class = EventDetailSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_object(self) -> Event:
        event = queries.event_by_pk(self.kwargs["event_id"])
        if event is None:
            raise event_not_found(self.kwargs["event_id"])
        return event


# --------------------------------------------------------------------------- rounds and pairings


@extend_schema(
    tags=[TAG_ROUNDS],
    extensions=ROLE_PUBLIC,
    summary="Rondas de un evento",
    description="Rondas suizas y del reducido, en orden, con las mesas que aún no tienen resultado. Público.",
    parameters=[EVENT_ID],
    responses={200: RoundSerializer(many=True), 400: INVALID, 404: NOT_FOUND},
)
class RoundListView(EventScopedMixin, generics.ListAPIView):
    serializer_class = RoundSerializer
    filterset_class = RoundFilter
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no event
            return Round.objects.none()
        return queries.rounds_with_counts(self.get_event())


@extend_schema(
    tags=[TAG_ROUNDS],
    extensions=ROLE_PUBLIC,
    summary="Ronda",
    description="Una ronda del evento por su número. Público.",
    parameters=[EVENT_ID, ROUND_NUMBER],
    responses={200: RoundSerializer, 404: NOT_FOUND},
)
class RoundDetailView(EventScopedMixin, generics.RetrieveAPIView):
    serializer_class = RoundSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_object(self) -> Round:
        return self.get_round()


class FormatRowsMixin:
    """A list of the event's rows in the shape of its format (:data:`tournaments.api.serializers.SHAPES`)."""

    #: Which serializer of the shape renders a row: ``"table"`` or ``"standing"``.
    shape_part: str

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no event
            return PairingSerializer
        return getattr(shape_of(self.get_event()), self.shape_part)


@extend_schema(
    tags=[TAG_ROUNDS],
    extensions=ROLE_PUBLIC,
    summary="Emparejamientos de una ronda",
    description="Mesas de la ronda en orden, en la forma del sistema de juego del evento: duelos (el bye al "
    "final, con resultado, estado y versión) o mesas multijugador (cada asiento con su puesto y su puntaje "
    "secundario una vez cargados). «search» filtra por nombre o número de jugador (cualquiera de la mesa). "
    "Público.",
    parameters=[EVENT_ID, ROUND_NUMBER, NameSearchSerializer],
    responses={200: one_of("TableRow", "table", many=True), 400: INVALID, 404: NOT_FOUND},
)
class PairingListView(FormatRowsMixin, StampCachedMixin, EventScopedMixin, generics.ListAPIView):
    shape_part = "table"
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]  # public reads, nothing to write here
    filter_backends: list = []

    def get_queryset(self):
        rnd = self.get_round()
        return live_rows.round_tables(self.get_event(), rnd, self.current_stamp()).tables.search(_search(self.request))


# --------------------------------------------------------------------------- standings


@extend_schema(
    tags=[TAG_STANDINGS],
    extensions=ROLE_PUBLIC,
    summary="Posiciones",
    description="Posiciones en la forma del sistema de juego del evento. Duelos: todas las columnas de "
    "desempate con sus nombres del reglamento («Handicap: vs», «Handicap: x»). Mesas multijugador: puntos por "
    "puesto (3 × la parte de los rivales de mesa que terminaron detrás), puntos de los rivales de mesa y el "
    "puntaje secundario. Un evento finalizado, en su orden final. «search» filtra por nombre o número sin "
    "cambiar el puesto. Público.",
    parameters=[EVENT_ID, NameSearchSerializer],
    responses={200: one_of("StandingRow", "standing", many=True), 400: INVALID, 404: NOT_FOUND},
)
class StandingListView(FormatRowsMixin, StampCachedMixin, EventScopedMixin, generics.ListAPIView):
    shape_part = "standing"
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]  # public reads, nothing to write here
    filter_backends: list = []

    def get_queryset(self):
        # a finished event in final order (DESIGN.md decision 20)
        return live_rows.final(self.get_event(), self.current_stamp()).search(_search(self.request))


# --------------------------------------------------------------------------- players


@extend_schema(
    tags=[TAG_PLAYERS],
    extensions=ROLE_PUBLIC,
    summary="Jugadores",
    description="Jugadores con nombre visible, número y sede de origen (ningún otro dato personal). "
    "Filtros por sede de origen y por evento; búsqueda por nombre o número. Público.",
    responses={200: PlayerSerializer(many=True), 400: INVALID},
)
class PlayerListView(generics.ListAPIView):
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    pagination_class = ArenaPagination
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_queryset(self):
        return queries.players()


@extend_schema(
    tags=[TAG_PLAYERS],
    extensions=ROLE_PUBLIC,
    summary="Jugador",
    description="Un jugador por su número. Público.",
    parameters=[PLAYER_NUMBER],
    responses={200: PlayerSerializer, 404: NOT_FOUND},
)
class PlayerDetailView(generics.RetrieveAPIView):
    serializer_class = PlayerSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_object(self) -> Player:
        player = queries.players().filter(player_number=self.kwargs["player_number"]).first()
        if player is None:
            raise exceptions.NotFound(
                _("No existe el jugador %(number)s.") % {"number": self.kwargs["player_number"]},
                code="player_not_found",
            )
        return player


@extend_schema(
    tags=[TAG_PLAYERS],
    extensions=ROLE_PUBLIC,
    summary="Resultados de un jugador en un evento",
    description="Ronda por ronda, en la forma del sistema de juego del evento: mesa, rival, partidas, resultado "
    "y puntos (duelos) o mesa, puesto, puntaje y puntos por puesto con los demás jugadores de la mesa (mesas "
    "multijugador); con su fila de posiciones. Público.",
    parameters=[EVENT_ID, PLAYER_NUMBER],
    responses={200: one_of("PlayerEventResultsInFormat", "player_results"), 404: NOT_FOUND},
)
class PlayerResultsView(EventScopedMixin, generics.GenericAPIView):
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no event
            return PairingSerializer
        return shape_of(self.get_event()).player_results

    def get(self, request: Request, *args, **kwargs) -> Response:
        event = self.get_event()
        reg = self.get_registration()
        data = {
            "shape": shape_of(event).name,
            "event_id": event.pk,
            "player": reg.player,
            "late_entry": reg.late_entry,
            "joined_round": reg.joined_round,
            "dropped": reg.dropped,
            "dropped_after_round": reg.dropped_after_round,
            "disqualified": reg.disqualified,
            "standing": queries.standing_of(event, reg),
            "rounds": selectors.player_rounds_of(event, reg),
        }
        return Response(self.get_serializer(data).data)


# --------------------------------------------------------------------------- bracket


@extend_schema(
    tags=[TAG_TOP_CUT],
    extensions=ROLE_PUBLIC,
    summary="Llave del reducido",
    description="El reducido etapa por etapa (vacío antes de empezar) y el podio cuando el evento finaliza. Público.",
    parameters=[EVENT_ID],
    responses={200: BracketSerializer, 404: NOT_FOUND},
)
class BracketView(generics.GenericAPIView):
    serializer_class = BracketSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get(self, request: Request, *args, **kwargs) -> Response:
        event = queries.event_by_pk(self.kwargs["event_id"])
        if event is None:
            raise event_not_found(self.kwargs["event_id"])
        data = {
            "event_id": event.pk,
            "cut_size": event.cut_size,
            "third_place_match": event.third_place_match,
            "stages": queries.bracket(event),
            "podium": podium_of(event),
        }
        return Response(self.get_serializer(data).data)


# --------------------------------------------------------------------------- judges


class TableFromUrlMixin:
    """The table named by ``table_id`` in the URL (loaded once), and its event for the permission check."""

    def get_table(self) -> Table:
        if getattr(self, "_table", None) is None:
            table = queries.table_with_event(self.kwargs["table_id"])
            if table is None:
                raise exceptions.NotFound(
                    _("No existe la mesa %(id)s.") % {"id": self.kwargs["table_id"]}, code="table_not_found")
            self._table = table
        return self._table

    def get_permission_event(self) -> Event:
        return self.get_table().round.event


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", str, OpenApiParameter.HEADER, required=False,
    description="Opcional: una clave única por carga (p. ej. un UUID). Repetir el pedido con la misma clave y los "
    "mismos datos responde lo ya guardado (200) sin cargar de nuevo; la misma clave con otros datos, 409.",
)


class TableResultViewSet(AtomicWritesMixin, TableFromUrlMixin, viewsets.GenericViewSet):
    """Judges of the table's event record its result, in any format."""

    permission_classes = [EventRolePermission]
    required_roles = {"record": JUDGE}
    serializer_class = TableResultInputSerializer

    @extend_schema(
        tags=[TAG_JUDGES],
        extensions=ROLE_JUDGE,
        summary="Cargar o corregir el resultado de una mesa",
        description="Sólo jueces del evento (también su juez principal y la organización). Un elemento de "
        "«seats» por jugador sentado, nombrado por su «player_number», con lo que lee el sistema de juego del "
        "evento: en un duelo, las partidas ganadas («games», y si hace falta «minutes_late» o «how»); en una "
        "mesa multijugador, el puesto («place») y el puntaje secundario («score»). Enviá la «version» de la "
        "mesa como «expected_version»: si otra persona la cargó mientras tanto, la carga se rechaza con 409 "
        "(«stale_result») y el resultado anterior se mantiene; repetir la misma carga con la misma "
        "«expected_version» (un reintento tras perder la respuesta) responde 200 con lo guardado. Un resultado "
        "que el formato no permite (3-0 al mejor de tres, empate en el reducido, puestos que no siguen a los "
        "puntos stoner), un campo del otro tipo de mesa (partidas en una mesa multijugador, puesto en un duelo) "
        "o una combinación que el formulario del juez rechaza se rechaza con 400 nombrando el asiento y el "
        "campo («seats[1].games»). Cada carga queda en el historial con quién y cuándo.",
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=TableResultInputSerializer,
        examples=entry_examples(expected_version=0),
        responses={
            200: TableSerializer,
            400: OpenApiResponse(ArenaValidationErrorSerializer,
                                 description="Datos no válidos o resultado imposible en este formato."),
            403: REFUSED_403,
            404: NOT_FOUND,
            409: OpenApiResponse(ArenaErrorSerializer, description="Carga desactualizada («stale_result») o la "
                                 "mesa no es de la ronda en curso."),
        },
    )
    def record(self, request: Request, *args, **kwargs) -> Response:
        data = entry_validated(self.get_serializer(data=request.data))
        cache_key = idempotency_cache_key(request, f"table-result-{self.kwargs['table_id']}")
        payload = payload_digest(data)
        found, kept = answer_kept(cache_key, payload)
        if found == "other":
            raise StateError("idempotency_key_reused", _(
                "Esa «Idempotency-Key» ya se usó para otra carga de esta mesa; usá una clave nueva."))
        if found:
            return Response(kept)
        table = self.get_table()
        seats = table_seats(table, data)
        del data["seats"]
        with seat_errors(table, seats):
            table = services.table_result_record(table=table, seats=seats, entered_by=request.user, **data)
        answer = table_answer(table, read_again=False)  # the table the service locked and wrote
        answer_remember(cache_key, payload, answer)
        return Response(answer)


# --------------------------------------------------------------------------- organizers


def _organizer_schema(summary: str, description: str, ok_status: int, ok, parameters=()):
    return extend_schema(
        tags=[TAG_ORGANIZERS],
        extensions=ROLE_ORGANIZER,
        summary=summary,
        description=description + " Sólo la organización del evento.",
        request=None,
        responses={ok_status: ok, 400: OpenApiResponse(ArenaErrorSerializer, description="Pedido rechazado."),
                   403: REFUSED_403, 404: NOT_FOUND, 409: CONFLICT},
        parameters=[EVENT_ID, *parameters],
    )


class EventActionViewSet(AtomicWritesMixin, EventScopedMixin, viewsets.GenericViewSet):
    """Organizer actions on an event; each calls one service."""

    permission_classes = [EventRolePermission]
    required_roles = {
        "round_pair_next": ORGANIZER,
        "round_repair": ORGANIZER,
        "top_cut_start": ORGANIZER,
        "finish": ORGANIZER,
        "drop": ORGANIZER,
        "registration_drop_undo": ORGANIZER,
    }
    serializer_class = RoundPairingsSerializer

    def _round_response(self, rnd: Round) -> Response:
        data = {"round": queries.round_by_number(rnd.event, rnd.number),
                "pairings": selectors.table_rows(rnd.event, rnd)}
        return Response(RoundPairingsSerializer(data).data, status=status.HTTP_201_CREATED)

    def _registration_response(self, reg: Registration) -> Response:
        data = {
            "event_id": reg.event_id,
            "player": reg.player,
            "dropped": reg.dropped,
            "dropped_after_round": reg.dropped_after_round,
            "disqualified": reg.disqualified,
        }
        return Response(RegistrationStatusSerializer(data).data)

    @_organizer_schema(
        "Emparejar la ronda siguiente",
        "Empareja la próxima ronda suiza (o la próxima etapa del reducido) y cierra la anterior. "
        "Se rechaza con 409 si faltan resultados (nombra las mesas) o ya se jugaron todas las rondas.",
        201, RoundPairingsSerializer,
    )
    def round_pair_next(self, request: Request, *args, **kwargs) -> Response:
        return self._round_response(services.round_pair_next(event=self.get_event(), by=self.request.user))

    @_organizer_schema(
        "Rehacer la ronda en curso",
        "Borra la ronda suiza en curso y la vuelve a emparejar (sólo si todavía no tiene resultados), "
        "p. ej. tras una acreditación tardía.",
        201, RoundPairingsSerializer,
    )
    def round_repair(self, request: Request, *args, **kwargs) -> Response:
        return self._round_response(services.round_repair(event=self.get_event(), by=self.request.user))

    @_organizer_schema(
        "Iniciar el reducido",
        "Cierra las rondas suizas y empareja la primera etapa del reducido con los mejores activos "
        "de las posiciones (1 contra 4 y 2 contra 3 en un top 4).",
        201, RoundPairingsSerializer,
    )
    def top_cut_start(self, request: Request, *args, **kwargs) -> Response:
        return self._round_response(services.top_cut_start(event=self.get_event(), by=self.request.user))

    @_organizer_schema(
        "Finalizar el evento",
        "Cierra el evento y fija el podio (1.º, 2.º y 3.º); luego los resultados ya no cambian.",
        200, EventSerializer,
    )
    def finish(self, request: Request, *args, **kwargs) -> Response:
        event = services.event_finish(event=self.get_event(), by=self.request.user)
        return Response(EventSerializer(queries.event_by_pk(event.pk)).data)

    @_organizer_schema(
        "Registrar el abandono de un jugador",
        "El jugador no se vuelve a emparejar; sus resultados se mantienen y siguen contando para el "
        "Buchholz de sus rivales.",
        200, RegistrationStatusSerializer, parameters=[PLAYER_NUMBER],
    )
    def drop(self, request: Request, *args, **kwargs) -> Response:
        registration = services.registration_drop(registration=self.get_registration(), by=self.request.user)
        return self._registration_response(registration)

    @_organizer_schema(
        "Deshacer un abandono",
        "El jugador vuelve a emparejarse desde la próxima ronda (no vale para un descalificado ni "
        "después de las rondas suizas).",
        200, RegistrationStatusSerializer, parameters=[PLAYER_NUMBER],
    )
    def registration_drop_undo(self, request: Request, *args, **kwargs) -> Response:
        registration = services.registration_drop_undo(registration=self.get_registration(), by=self.request.user)
        return self._registration_response(registration)


# --------------------------------------------------------------------------- tokens


@extend_schema(
    tags=[TAG_JUDGES],
    extensions={"x-role": "usuario del sitio"},
    summary="Token de la API",
    description="Cambia usuario y contraseña por un token, una sola vez; las demás llamadas lo envían en "
    "la cabecera «Authorization: Token <token>» (sin contraseña en cada pedido). El mismo token sirve "
    "hasta que la organización lo revoque. 400 si el usuario o la contraseña no son válidos.",
)
class TokenView(ObtainAuthToken):
    """``POST /api/token/``: DRF's token for the username and password given (the token is kept)."""

    authentication_classes: list = []  # the credentials are the body; no session, no CSRF
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]  # per IP and username (settings: ARENA_LOGIN_RATE)
