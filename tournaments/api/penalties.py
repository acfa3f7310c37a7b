"""REST API of the penalty log and the rulings (issue #7, item 5).

Judges of an event (its head judge and organizers too)::

    events/<event_id>/penalties/                      GET   the event's log (``?player=<number>``)
    events/<event_id>/penalties/                      POST  record a penalty (penalty_issue)
    events/<event_id>/penalties/preview/              POST  what the ladder would decide; stores nothing
    events/<event_id>/penalties/<penalty_id>/         GET   one entry with its revisions
    events/<event_id>/penalties/<penalty_id>/revise/  POST  head judge: upgrade/downgrade with a reason
    tables/<table_id>/rulings/                        GET/POST  rulings attached to a table

Anyone who judges or organizes some event::

    players/<player_number>/penalties/                GET   a player's history across events

Public::

    rulings/?q=&game=                                 GET   rulings search (accents optional)
    rulings/<ruling_id>/                              GET   one ruling

Thin views: parse, authorize (:class:`tournaments.permissions.EventRolePermission`
per action), call one service or selector. Refusals are ``{"code",
"detail"}`` JSON (:mod:`tournaments.api.exceptions`): 401/403 without the
role (``head_judge_required`` for a penalty only the head judge chooses),
404 for an unknown event, player or penalty, 400 for what the ladder
refuses (``already_disqualified``, ``minutes_late_required``…).
"""
from __future__ import annotations

from django.db.models import Prefetch
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import exceptions, generics, serializers, status, viewsets
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from rules import penalties as ladder
from rules import rulings as catalog
from rules.sources import rule_citation

from .. import penalties as penalty_services
from .. import permissions
from ..models import Event, MatchRuling, Penalty, PenaltyRevision, Player
from ..penalty_preview import (
    check_choice_allowed,
    consequence_labels,
    infraction_name,
    penalty_label,
    preview_decision,
    source_label,
)
from ..permissions import HEAD_JUDGE, JUDGE, EventRolePermission
from . import queries
from .exceptions import validated
from .serializers import ArenaErrorSerializer, ArenaValidationErrorSerializer, PlayerRefSerializer
from .tables import TABLE_ID
from .views import (
    EVENT_ID,
    PLAYER_NUMBER,
    ArenaPagination,
    AtomicWritesMixin,
    TableFromUrlMixin,
    event_not_found,
)

TAG_PENALTIES, TAG_RULINGS = "penalidades", "resoluciones"
ROLE_PUBLIC = {"x-role": "público"}
ROLE_JUDGE = {"x-role": "juez del evento"}
ROLE_HEAD_JUDGE = {"x-role": "juez principal del evento"}
ROLE_ANY_JUDGE = {"x-role": "jueces y organización"}

PENALTY_ID = OpenApiParameter("penalty_id", int, OpenApiParameter.PATH, description="Identificador de la penalidad.")
RULING_ID = OpenApiParameter(
    "ruling_id", str, OpenApiParameter.PATH, description="Identificador estable de la resolución, p. ej. "
    "«wm.priority.resolution_order»."
)
REFUSED = OpenApiResponse(
    ArenaErrorSerializer, description="Sin sesión («not_authenticated») o sin el rol necesario («permission_denied», "
    "«head_judge_required»)."
)
NOT_FOUND = OpenApiResponse(ArenaErrorSerializer, description="No existe (código «…_not_found»).")
INVALID = OpenApiResponse(ArenaValidationErrorSerializer, description="Datos no válidos.")
REFUSED_BY_LADDER = OpenApiResponse(
    ArenaErrorSerializer, description="La escalera o el estado de la mesa lo rechazan: «unknown_infraction», "
    "«already_disqualified», «minutes_late_required», «penalty_not_allowed», «score_conflict»…"
)

PENALTY_TYPES = [str(t) for t in ladder.PenaltyType]
CONSEQUENCES = [str(c) for c in ladder.Consequence]
_TYPES_HELP = "; ".join(PENALTY_TYPES)


class PenaltyTypeField(serializers.CharField):
    """A penalty type key; its values are listed in the help text, not as an enum
    (one enum under several field names makes drf-spectacular warn)."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("help_text", format_lazy("{}: {}.", gettext_lazy("Tipo de penalidad"), _TYPES_HELP))
        super().__init__(**kwargs)
GameKeyField = extend_schema_field({"type": "string", "enum": list(catalog.GAMES)})(
    type("GameKeyField", (serializers.CharField,), {})
)


# --------------------------------------------------------------------------- serializers


class PenaltyRevisionSerializer(serializers.Serializer):
    from_type = PenaltyTypeField(read_only=True)
    from_label = serializers.CharField(read_only=True)
    to_type = PenaltyTypeField(read_only=True)
    to_label = serializers.CharField(read_only=True)
    reason = serializers.CharField(read_only=True)
    revised_by = serializers.CharField(read_only=True, allow_null=True, help_text=gettext_lazy("Usuario que revisó."))
    revised_at = serializers.DateTimeField(read_only=True)


class PenaltySerializer(serializers.Serializer):
    """One entry of the penalty log with the ladder's decision and its revisions."""

    id = serializers.IntegerField(read_only=True)
    event_id = serializers.IntegerField(read_only=True)
    player = PlayerRefSerializer(read_only=True)
    player_disqualified = serializers.BooleanField(read_only=True)
    round_number = serializers.IntegerField(read_only=True, allow_null=True)
    table_number = serializers.IntegerField(read_only=True, allow_null=True)
    game_number = serializers.IntegerField(read_only=True, allow_null=True,
                                           help_text=gettext_lazy("Partida en curso (1 = primera)."))
    in_match = serializers.BooleanField(read_only=True)
    infraction_code = serializers.CharField(read_only=True)
    infraction_name = serializers.CharField(read_only=True)
    penalty_type = PenaltyTypeField(read_only=True)
    penalty_label = serializers.CharField(read_only=True)
    original_type = PenaltyTypeField(read_only=True, help_text=gettext_lazy("La decisión antes de las revisiones."))
    consequences = serializers.ListField(child=serializers.CharField(), read_only=True)
    consequence_labels = serializers.ListField(child=serializers.CharField(), read_only=True)
    counts_as_warning = serializers.BooleanField(read_only=True)
    warning_count_after = serializers.IntegerField(read_only=True)
    message = serializers.CharField(read_only=True, help_text=gettext_lazy("La decisión en palabras (español)."))
    source = serializers.CharField(read_only=True, help_text=gettext_lazy("Sección del reglamento citada."))
    source_label = serializers.CharField(read_only=True)
    notes = serializers.CharField(read_only=True)
    ruling_id = serializers.CharField(read_only=True)
    issued_by = serializers.CharField(read_only=True, allow_null=True)
    consulted_judges = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text=format_lazy("{} ({}).", gettext_lazy("Usuarios de los jueces del evento consultados"),
                              rule_citation("000", "10.3. Los Jueces")),
    )
    issued_at = serializers.DateTimeField(read_only=True)
    revisions = PenaltyRevisionSerializer(many=True, read_only=True)


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def penalty_data(p: Penalty, game: str) -> dict:
    """The dict :class:`PenaltySerializer` renders (revisions prefetched)."""
    return {
        "id": p.pk,
        "event_id": p.event_id,
        "player": p.registration.player,
        "player_disqualified": p.registration.disqualified,
        "round_number": p.round.number if p.round_id else None,
        "table_number": p.match.table_number if p.match_id else None,
        "game_number": p.game_number,
        "in_match": p.in_match,
        "infraction_code": p.infraction_code,
        "infraction_name": infraction_name(game, p.infraction_code),
        "penalty_type": p.penalty_type,
        "penalty_label": penalty_label(game, p.penalty_type, p.counts_as_warning),
        "original_type": p.original_type,
        "consequences": list(p.consequences),
        "consequence_labels": consequence_labels(p.consequences),
        "counts_as_warning": p.counts_as_warning,
        "warning_count_after": p.warning_count_after,
        "message": p.message,
        "source": p.source,
        "source_label": source_label(p.source),
        "notes": p.notes,
        "ruling_id": p.ruling_id,
        "issued_by": _username(p.issued_by),
        "consulted_judges": [u.get_username() for u in p.consulted_judges.all()],
        "issued_at": p.issued_at,
        "revisions": [
            {"from_type": r.from_type, "from_label": penalty_label(game, r.from_type), "to_type": r.to_type,
             "to_label": penalty_label(game, r.to_type), "reason": r.reason, "revised_by": _username(r.revised_by),
             "revised_at": r.revised_at}
            for r in p.revisions.all()
        ],
    }


class PenaltyInputSerializer(serializers.Serializer):
    """A penalty as a judge records it (validated here, decided by the ladder)."""

    player_number = serializers.CharField(label=gettext_lazy("Número de jugador"), max_length=40)
    infraction_code = serializers.CharField(
        label=gettext_lazy("Infracción"), max_length=40,
        help_text=gettext_lazy("Código de la infracción del juego del evento, p. ej. «procedural_no_draw», "
                               "«tardiness», «misconduct»."),
    )
    game_number = serializers.IntegerField(
        label=gettext_lazy("Partida en curso"), min_value=1, max_value=9, required=False, allow_null=True,
        help_text=gettext_lazy("1 = primera. Sin ella, la pérdida de partida se aplica a la siguiente."),
    )
    minutes_late = serializers.FloatField(
        label=gettext_lazy("Minutos de demora"), min_value=0, max_value=600, required=False, allow_null=True,
        help_text=gettext_lazy("Obligatorio para «tardiness»: más de 5 pierde la primera partida; más de 10, 0-2."),
    )
    chosen_penalty = PenaltyTypeField(
        label=gettext_lazy("Sanción elegida"), required=False, allow_blank=True, default="",
        help_text=format_lazy("{} {}.", gettext_lazy("Sólo donde la infracción deja elegir; descalificar la elige el "
                                                     "juez principal. Valores:"), _TYPES_HELP),
    )
    head_judge_disqualifies = serializers.BooleanField(
        label=gettext_lazy("Descalifica el juez principal"), default=False,
        help_text=gettext_lazy("Mal comportamiento con descalificación: sólo el juez principal u organización."),
    )
    hearts_before = serializers.IntegerField(label=gettext_lazy("Corazones antes"), min_value=0, max_value=999,
                                             required=False, allow_null=True)
    deck_count = serializers.IntegerField(label=gettext_lazy("Cartas del mazo"), min_value=0, max_value=999,
                                          required=False, allow_null=True)
    earlier_games = serializers.ListField(
        label=gettext_lazy("Marcador antes de la infracción"), child=serializers.IntegerField(min_value=0, max_value=9),
        min_length=3, max_length=3, required=False, allow_null=True,
        help_text=gettext_lazy("Sólo si el resultado de la mesa ya estaba cargado y la descalificación ocurrió en la "
                               "partida «game_number»: [ganadas por el sancionado, ganadas por el rival, empatadas] "
                               "antes de esa partida (DESIGN.md, decisión 10)."),
    )
    notes = serializers.CharField(label=gettext_lazy("Notas"), max_length=2000, required=False, allow_blank=True,
                                  default="")
    ruling_id = serializers.CharField(label=gettext_lazy("Resolución citada"), max_length=40, required=False,
                                      allow_blank=True, default="")

    def validate_chosen_penalty(self, value: str) -> str:
        if value and value not in PENALTY_TYPES:
            raise serializers.ValidationError(_("«%(value)s» no es un tipo de penalidad.") % {"value": value})
        return value

    def validate_ruling_id(self, value: str) -> str:
        if value and value not in catalog.RULINGS_BY_ID:
            raise serializers.ValidationError(_("No existe esa resolución en el catálogo."))
        return value


class PenaltyPreviewSerializer(serializers.Serializer):
    """What the ladder would decide now; nothing is stored."""

    player = PlayerRefSerializer(read_only=True)
    penalty_type = PenaltyTypeField(read_only=True)
    penalty_label = serializers.CharField(read_only=True)
    headline = serializers.CharField(read_only=True, help_text=format_lazy(
        "{} ({})».", gettext_lazy("Resumen, p. ej. «Tercera advertencia del día: pierde la partida en curso y "
                                   "queda descalificado"), rule_citation("000", "10.3. Los Jueces")))
    message = serializers.CharField(read_only=True)
    consequences = serializers.ListField(child=serializers.CharField(), read_only=True)
    consequence_labels = serializers.ListField(child=serializers.CharField(), read_only=True)
    counts_as_warning = serializers.BooleanField(read_only=True)
    warnings_before = serializers.IntegerField(read_only=True)
    warning_count_after = serializers.IntegerField(read_only=True)
    escalated = serializers.BooleanField(read_only=True)
    disqualifies = serializers.BooleanField(read_only=True)
    requires_head_judge = serializers.BooleanField(read_only=True)
    suggested = serializers.BooleanField(read_only=True)
    in_match = serializers.BooleanField(read_only=True)
    score_after = serializers.CharField(read_only=True, help_text=gettext_lazy(
        "Marcador de la mesa tras la sanción, desde el jugador A («0-2»); vacío si no cambia."))
    source = serializers.CharField(read_only=True)
    source_label = serializers.CharField(read_only=True)


class PenaltyReviseSerializer(serializers.Serializer):
    new_type = serializers.ChoiceField(label=gettext_lazy("Nueva penalidad"), choices=PENALTY_TYPES)
    reason = serializers.CharField(label=gettext_lazy("Motivo"), max_length=2000)


class RulingSerializer(serializers.Serializer):
    id = serializers.CharField(read_only=True)
    game = GameKeyField(read_only=True)
    topic = serializers.CharField(read_only=True)
    question = serializers.CharField(read_only=True, source="question_es")
    answer = serializers.CharField(read_only=True, source="answer_es")
    source = serializers.CharField(read_only=True, help_text=gettext_lazy("Sección del reglamento."))
    source_label = serializers.SerializerMethodField()

    @extend_schema_field(serializers.CharField())
    def get_source_label(self, ruling: catalog.Ruling) -> str:
        return source_label(ruling.source)


class RulingQuerySerializer(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, max_length=200, default="", help_text=gettext_lazy(
        "Palabras a buscar, sin distinguir mayúsculas ni acentos («resolucion» encuentra «resolución»). "
        "Vacío: todo el catálogo."))
    game = serializers.ChoiceField(choices=list(catalog.GAMES), required=False, allow_blank=True, default="",
                                   help_text=gettext_lazy("Sólo las resoluciones de este juego."))


class TableRulingInputSerializer(serializers.Serializer):
    ruling_id = serializers.CharField(label=gettext_lazy("Resolución"), max_length=40)
    note = serializers.CharField(label=gettext_lazy("Nota"), max_length=2000, required=False, allow_blank=True,
                                 default="")


class TableRulingSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    table_id = serializers.IntegerField(read_only=True)
    ruling_id = serializers.CharField(read_only=True)
    ruling = RulingSerializer(read_only=True, allow_null=True)
    note = serializers.CharField(read_only=True)
    given_by = serializers.CharField(read_only=True, allow_null=True)
    given_at = serializers.DateTimeField(read_only=True)


def table_ruling_data(mr: MatchRuling) -> dict:
    return {"id": mr.pk, "table_id": mr.match_id, "ruling_id": mr.ruling_id,
            "ruling": catalog.RULINGS_BY_ID.get(mr.ruling_id), "note": mr.note,
            "given_by": _username(mr.given_by), "given_at": mr.given_at}


# --------------------------------------------------------------------------- penalties of an event


class EventPenaltyViewSet(AtomicWritesMixin, viewsets.GenericViewSet):
    """The penalty log of one event: judges read and record, the head judge revises."""

    permission_classes = [EventRolePermission]
    required_roles = {"list": JUDGE, "retrieve": JUDGE, "create": JUDGE, "preview": JUDGE, "revise": HEAD_JUDGE}
    serializer_class = PenaltySerializer
    pagination_class = ArenaPagination
    filter_backends: list = []

    def get_event(self) -> Event:
        if getattr(self, "_event", None) is None:
            event = Event.objects.select_related("game").filter(pk=self.kwargs["event_id"]).first()
            if event is None:
                raise event_not_found(self.kwargs["event_id"])
            self._event = event
        return self._event

    def get_permission_event(self) -> Event:
        return self.get_event()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no event
            return Penalty.objects.none()
        return penalty_services.penalties_for_event(self.get_event())

    def _registration(self, number: str):
        reg = queries.registration_by_number(self.get_event(), number)
        if reg is None:
            raise exceptions.NotFound(
                _("El número %(number)s no tiene inscripción en «%(event)s».")
                % {"number": number, "event": self.get_event().name},
                code="registration_not_found",
            )
        reg.event = self.get_event()
        return reg

    def _penalty(self) -> Penalty:
        penalty = self.get_queryset().filter(pk=self.kwargs["penalty_id"]).first()
        if penalty is None:
            raise exceptions.NotFound(
                _("No existe la penalidad %(id)s en este evento.") % {"id": self.kwargs["penalty_id"]},
                code="penalty_not_found",
            )
        return penalty

    def _data(self, penalty: Penalty) -> dict:
        return PenaltySerializer(penalty_data(penalty, self.get_event().game.key)).data

    def _ladder_kwargs(self, data: dict) -> dict:
        check_choice_allowed(self.request.user, self.get_event(), infraction_code=data["infraction_code"],
                             chosen_penalty=data["chosen_penalty"] or None,
                             head_judge_disqualifies=data["head_judge_disqualifies"])
        return {
            "infraction_code": data["infraction_code"],
            "minutes_late": data.get("minutes_late"),
            "head_judge_disqualifies": data["head_judge_disqualifies"],
            "chosen_penalty": data["chosen_penalty"] or None,
            "game_number": data.get("game_number"),
            "hearts_before": data.get("hearts_before"),
            "deck_count": data.get("deck_count"),
            "earlier_games": tuple(data["earlier_games"]) if data.get("earlier_games") else None,
        }

    @extend_schema(
        tags=[TAG_PENALTIES], extensions=ROLE_JUDGE, summary="Penalidades del evento",
        description="El registro de penalidades del evento, de la más antigua a la más nueva, con sus revisiones. "
        "«player» filtra por número de jugador. Sólo jueces del evento (y su juez principal y organización).",
        parameters=[EVENT_ID, OpenApiParameter("player", str, description="Número de jugador.")],
        responses={200: PenaltySerializer(many=True), 403: REFUSED, 404: NOT_FOUND},
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        qs = self.get_queryset()
        if request.query_params.get("player"):
            qs = qs.filter(registration__player__player_number=request.query_params["player"])
        page = self.paginate_queryset(qs)
        game = self.get_event().game.key
        return self.get_paginated_response(PenaltySerializer([penalty_data(p, game) for p in page], many=True).data)

    @extend_schema(
        tags=[TAG_PENALTIES], extensions=ROLE_JUDGE, summary="Penalidad",
        description="Una penalidad del evento con su decisión, fuente y revisiones. Sólo jueces del evento.",
        parameters=[EVENT_ID, PENALTY_ID],
        responses={200: PenaltySerializer, 403: REFUSED, 404: NOT_FOUND},
    )
    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return Response(self._data(self._penalty()))

    @extend_schema(
        tags=[TAG_PENALTIES], extensions=ROLE_JUDGE, summary="Registrar una penalidad",
        description="La escalera del juego decide con la infracción y las penalidades previas del jugador en el "
        "evento (el tercer Warning del día pierde la partida en curso y descalifica) y se aplican sus "
        "consecuencias: marcador de la mesa, descalificación, reducido y podio. Elegir la descalificación "
        "(o la sanción de una infracción que elige el juez principal) requiere al juez principal u organización "
        "(403 «head_judge_required»). Sólo jueces del evento.",
        parameters=[EVENT_ID], request=PenaltyInputSerializer,
        responses={201: PenaltySerializer, 400: REFUSED_BY_LADDER, 403: REFUSED, 404: NOT_FOUND,
                   409: OpenApiResponse(ArenaErrorSerializer, description="El estado del evento no lo permite.")},
    )
    def create(self, request: Request, *args, **kwargs) -> Response:
        data = validated(PenaltyInputSerializer(data=request.data))
        registration = self._registration(data["player_number"])
        penalty = penalty_services.penalty_issue(
            registration=registration, issued_by=request.user, notes=data["notes"], ruling_id=data["ruling_id"],
            **self._ladder_kwargs(data),
        )
        return Response(self._data(self.get_queryset().get(pk=penalty.pk)), status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=[TAG_PENALTIES], extensions=ROLE_JUDGE, summary="Vista previa de una penalidad",
        description="Lo que decidiría la escalera ahora con el historial del jugador, sin registrar nada: la "
        "penalidad, sus consecuencias, el marcador resultante y la fuente. Mismos datos que al registrar.",
        parameters=[EVENT_ID], request=PenaltyInputSerializer,
        responses={200: PenaltyPreviewSerializer, 400: REFUSED_BY_LADDER, 403: REFUSED, 404: NOT_FOUND},
    )
    def preview(self, request: Request, *args, **kwargs) -> Response:
        data = validated(PenaltyInputSerializer(data=request.data))
        registration = self._registration(data["player_number"])
        pv = preview_decision(registration, **self._ladder_kwargs(data))
        d = pv.decision
        return Response(PenaltyPreviewSerializer({
            "player": registration.player, "penalty_type": str(d.penalty_type), "penalty_label": pv.label,
            "headline": pv.headline, "message": d.message_es, "consequences": [str(c) for c in d.consequences],
            "consequence_labels": pv.consequences, "counts_as_warning": d.counts_as_warning,
            "warnings_before": pv.warnings_before, "warning_count_after": d.warning_count_after,
            "escalated": d.escalated, "disqualifies": pv.disqualifies, "requires_head_judge": d.requires_head_judge,
            "suggested": d.suggested, "in_match": d.in_match, "score_after": pv.score_after, "source": d.source,
            "source_label": pv.source,
        }).data)

    @extend_schema(
        tags=[TAG_PENALTIES], extensions=ROLE_HEAD_JUDGE, summary="Agravar o atenuar una penalidad",
        description="El juez principal (u organización) cambia la penalidad con un motivo obligatorio; la revisión "
        "queda en el historial (quién, cuándo, de → a, motivo). Agravar a descalificación descalifica; atenuar "
        "una descalificación durante las rondas suizas devuelve al jugador.",
        parameters=[EVENT_ID, PENALTY_ID], request=PenaltyReviseSerializer,
        responses={200: PenaltySerializer, 400: OpenApiResponse(ArenaErrorSerializer, description=(
            "«reason_required», «same_penalty», «penalty_not_in_ladder» o datos no válidos.")),
            403: REFUSED, 404: NOT_FOUND,
            409: OpenApiResponse(ArenaErrorSerializer, description="«swiss_over»: ya no puede volver.")},
    )
    def revise(self, request: Request, *args, **kwargs) -> Response:
        penalty = self._penalty()
        data = validated(PenaltyReviseSerializer(data=request.data))
        penalty_services.penalty_revise(penalty=penalty, new_type=data["new_type"], reason=data["reason"],
                                        revised_by=request.user)
        return Response(self._data(self._penalty()))


# --------------------------------------------------------------------------- a player's history


class JudgesAnywhere(BasePermission):
    """Signed in and judging or organizing at least one event (the history spans venues)."""

    message = gettext_lazy("Sólo jueces y organizadores pueden ver el historial de penalidades.")

    def has_permission(self, request, view) -> bool:
        return permissions.events_judged_by(request.user).exists()


@extend_schema(
    tags=[TAG_PENALTIES], extensions=ROLE_ANY_JUDGE, summary="Historial de penalidades de un jugador",
    description="Las penalidades del jugador en todos los eventos, de la más nueva a la más antigua. Para quien "
    "juzga u organiza algún evento.",
    parameters=[PLAYER_NUMBER], responses={200: PenaltySerializer(many=True), 403: REFUSED, 404: NOT_FOUND},
)
class PlayerPenaltyListView(generics.ListAPIView):
    serializer_class = PenaltySerializer
    permission_classes = [JudgesAnywhere]
    pagination_class = ArenaPagination
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Penalty.objects.none()
        player = Player.objects.filter(player_number=self.kwargs["player_number"]).first()
        if player is None:
            raise exceptions.NotFound(
                _("No existe el jugador %(number)s.") % {"number": self.kwargs["player_number"]},
                code="player_not_found",
            )
        return (
            penalty_services.penalties_for_player(player.pk)
            .select_related("event__game", "match", "registration__player")
            .prefetch_related(Prefetch("revisions", queryset=PenaltyRevision.objects.select_related("revised_by")))
        )

    def list(self, request: Request, *args, **kwargs) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        data = [penalty_data(p, p.event.game.key) for p in page]
        return self.get_paginated_response(PenaltySerializer(data, many=True).data)


# --------------------------------------------------------------------------- rulings


@extend_schema(
    tags=[TAG_RULINGS], extensions=ROLE_PUBLIC, summary="Buscar resoluciones",
    description="El catálogo de resoluciones de los reglamentos, cada una con su sección. «q» busca sin "
    "distinguir mayúsculas ni acentos (mejores primero); «game» filtra por juego. Público.",
    parameters=[RulingQuerySerializer], responses={200: RulingSerializer(many=True), 400: INVALID},
)
class RulingListView(generics.ListAPIView):
    serializer_class = RulingSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here
    pagination_class = ArenaPagination
    filter_backends: list = []

    def get_queryset(self):
        params = validated(RulingQuerySerializer(data=self.request.query_params))
        return catalog.find_rulings(params["q"], params["game"] or None)


@extend_schema(
    tags=[TAG_RULINGS], extensions=ROLE_PUBLIC, summary="Resolución",
    description="Una resolución por su identificador. Público.",
    parameters=[RULING_ID], responses={200: RulingSerializer, 404: NOT_FOUND},
)
class RulingDetailView(generics.GenericAPIView):
    serializer_class = RulingSerializer
    permission_classes = [AllowAny]  # public reads, nothing to write here

    def get(self, request: Request, *args, **kwargs) -> Response:
        ruling = catalog.RULINGS_BY_ID.get(self.kwargs["ruling_id"])
        if ruling is None:
            raise exceptions.NotFound(
                _("No existe la resolución «%(id)s».") % {"id": self.kwargs["ruling_id"]}, code="ruling_not_found"
            )
        return Response(self.get_serializer(ruling).data)


class TableRulingViewSet(AtomicWritesMixin, TableFromUrlMixin, viewsets.GenericViewSet):
    """Rulings a judge gave at a table, attached to it (any format)."""

    permission_classes = [EventRolePermission]
    required_roles = {"list": JUDGE, "attach": JUDGE}
    serializer_class = TableRulingSerializer
    pagination_class = ArenaPagination
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no table
            return MatchRuling.objects.none()
        return MatchRuling.objects.filter(match=self.get_table()).select_related("given_by").order_by("given_at", "pk")

    @extend_schema(
        tags=[TAG_RULINGS], extensions=ROLE_JUDGE, summary="Resoluciones dadas en una mesa",
        description="Las resoluciones adjuntadas a la mesa, en orden. Sólo jueces del evento.",
        parameters=[TABLE_ID], responses={200: TableRulingSerializer(many=True), 403: REFUSED, 404: NOT_FOUND},
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        rows = [table_ruling_data(mr) for mr in page]
        return self.get_paginated_response(TableRulingSerializer(rows, many=True).data)

    @extend_schema(
        tags=[TAG_RULINGS], extensions=ROLE_JUDGE, summary="Adjuntar una resolución a la mesa",
        description="Registra la resolución del catálogo que el juez dio en la mesa, con una nota opcional. "
        "400 «unknown_ruling» si no existe. Sólo jueces del evento.",
        parameters=[TABLE_ID], request=TableRulingInputSerializer,
        responses={201: TableRulingSerializer, 400: OpenApiResponse(ArenaErrorSerializer, description=(
            "«unknown_ruling» o datos no válidos.")), 403: REFUSED, 404: NOT_FOUND},
    )
    def attach(self, request: Request, *args, **kwargs) -> Response:
        data = validated(TableRulingInputSerializer(data=request.data))
        mr = penalty_services.match_ruling_attach(match=self.get_table(), ruling_id=data["ruling_id"],
                                                  note=data["note"], given_by=request.user)
        return Response(TableRulingSerializer(table_ruling_data(mr)).data, status=status.HTTP_201_CREATED)
