"""REST API of result corrections at any time (issue #13 item 1, DESIGN.md decision 16).

The event's head judge or an organizer::

    matches/<match_id>/correction/           POST  correct a finished result, with a reason
    matches/<match_id>/correction/preview/   POST  the impact of that correction; writes nothing

Thin views: the role is checked by
:class:`tournaments.permissions.EventRolePermission` (``head_judge``:
the head judge or an organizer), the correction goes through
:func:`tournaments.services.table_result_correct` and the preview through
:func:`tournaments.services.corrections_preview.table_correction_preview`,
with the score read as the per-seat shape they take (:func:`seats_of`). Refusals
are ``{"code", "detail"}`` JSON (:mod:`tournaments.api.exceptions`): 400
``reason_required`` or a score the format does not allow, 403 without the
role, 404 for an unknown match, 409 ``stale_result`` when the match changed
since it was read, ``no_result_to_correct``, ``top_cut_started`` or
``next_stage_has_results``.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from .. import services
from ..permissions import HEAD_JUDGE, EventRolePermission
from ..services.corrections import REASON_MAX
from ..services.corrections_preview import CorrectionPreview, table_correction_preview
from . import queries
from .exceptions import validated
from .serializers import ArenaErrorSerializer, ArenaValidationErrorSerializer, PairingSerializer
from .views import MATCH_ID, NOT_FOUND, REFUSED_403, TAG_JUDGES, AtomicWritesMixin, MatchFromUrlMixin

ROLE_CORRECTOR = {"x-role": "juez principal y organización del evento"}

REFUSED_400 = OpenApiResponse(
    ArenaValidationErrorSerializer,
    description="Datos no válidos, falta el motivo («reason_required») o un resultado que el formato no permite.",
)
CONFLICT_409 = OpenApiResponse(
    ArenaErrorSerializer,
    description="La mesa cambió desde que se leyó («stale_result»), no tiene resultado («no_result_to_correct»), "
    "es un bye («bye_has_no_result»), o el reducido ya no lo permite («top_cut_started», "
    "«next_stage_has_results»).",
)


class CorrectionScoreSerializer(serializers.Serializer):
    """The corrected score of a match (validated here, judged by the service)."""

    games_a = serializers.IntegerField(label=_("Partidas ganadas por A"), min_value=0, max_value=9)
    games_b = serializers.IntegerField(label=_("Partidas ganadas por B"), min_value=0, max_value=9)
    games_drawn = serializers.IntegerField(label=_("Partidas empatadas"), min_value=0, max_value=9, default=0)


class CorrectionInputSerializer(CorrectionScoreSerializer):
    """A correction: the new score, the reason and the version the client read."""

    reason = serializers.CharField(
        label=_("Motivo"), max_length=REASON_MAX, required=False, allow_blank=True, default="",
        help_text=_("Por qué se corrige; obligatorio (400 «reason_required» si falta). Queda en el historial y "
                    "en el registro del evento."),
    )
    expected_version = serializers.IntegerField(
        label=_("Versión esperada"), min_value=0,
        help_text=_("La «version» del emparejamiento que tenía a la vista. Si otra persona lo cambió mientras "
                    "tanto, la corrección se rechaza con 409 («stale_result») y no se pisa nada."),
    )


class MovedRowSerializer(serializers.Serializer):
    """One standings row the correction moves, before → after."""

    registration_id = serializers.IntegerField()
    name = serializers.CharField()
    rank_before = serializers.IntegerField()
    rank_after = serializers.IntegerField()
    points_before = serializers.FloatField(help_text=_("Puntaje total antes."))
    points_after = serializers.FloatField(help_text=_("Puntaje total después."))
    buchholz_before = serializers.FloatField()
    buchholz_after = serializers.FloatField()
    criterion_before = serializers.CharField(help_text=_("Desempate que separaba la fila de la anterior."))
    criterion_after = serializers.CharField(help_text=_("Desempate que la separa después."))


class PairNamesSerializer(serializers.Serializer):
    player_a = serializers.CharField()
    player_b = serializers.CharField(allow_null=True, help_text=_("Vacío para el bye."))


class CorrectionPreviewSerializer(serializers.Serializer):
    """What the correction would change; nothing was written."""

    match_id = serializers.IntegerField()
    subject = serializers.CharField(help_text=_("Ronda y mesa, p. ej. «Ronda 1, mesa 2»."))
    score_before = serializers.ListField(child=serializers.IntegerField(),
                                         help_text=_("Partidas de A, de B y empatadas, ahora."))
    score_after = serializers.ListField(child=serializers.IntegerField(),
                                        help_text=_("Partidas de A, de B y empatadas, corregidas."))
    moved = MovedRowSerializer(many=True, help_text=_("Sólo las filas de las posiciones que cambian."))
    current_round = serializers.CharField(help_text=_("La ronda suiza en curso, si es posterior (o vacío)."))
    pairs_differ = serializers.BooleanField(
        allow_null=True, help_text=_("Si la ronda en curso se habría emparejado distinto (vacío: no hay con qué "
                                     "comparar). Sus emparejamientos se mantienen."))
    pairs_after = PairNamesSerializer(many=True, help_text=_("La ronda en curso emparejada con el resultado "
                                                             "corregido."))
    current_has_results = serializers.BooleanField()
    can_repair = serializers.BooleanField(help_text=_("La ronda en curso no tiene resultados y puede volver a "
                                                      "emparejarse después de corregir."))
    cut_size = serializers.IntegerField()
    cut_changes = serializers.BooleanField()
    cut_in = serializers.ListField(child=serializers.CharField())
    cut_out = serializers.ListField(child=serializers.CharField())
    reseed_stage = serializers.CharField(help_text=_("La etapa del reducido que se vuelve a armar (o vacío)."))
    reseed_pairs = PairNamesSerializer(many=True)
    podium_before = serializers.ListField(child=serializers.CharField())
    podium_after = serializers.ListField(child=serializers.CharField())
    refusal = serializers.CharField(help_text=_("Si la corrección se rechazaría, el motivo (o vacío)."))


def seats_of(match, data: dict) -> dict:
    """The per-seat shape of :func:`tournaments.services.table_result_correct` from a validated score;
    ``data`` loses ``games_a``, ``games_b`` and keeps the rest (``games_drawn``, the reason…)."""
    return {match.player_a_id: {"games": data.pop("games_a")}, match.player_b_id: {"games": data.pop("games_b")}}


def _pairs(pairs) -> list[dict]:
    return [{"player_a": a, "player_b": b} for a, b in pairs]


def preview_data(pv: CorrectionPreview) -> dict:
    """The dict :class:`CorrectionPreviewSerializer` renders."""
    return {
        "match_id": pv.table_id, "subject": str(pv.subject), "score_before": list(pv.score_before),
        "score_after": list(pv.score_after),
        "moved": [
            {"registration_id": m.registration_id, "name": m.name, "rank_before": m.rank_before,
             "rank_after": m.rank_after, "points_before": m.points_before, "points_after": m.points_after,
             "buchholz_before": m.buchholz_before, "buchholz_after": m.buchholz_after,
             "criterion_before": m.criterion_before, "criterion_after": m.criterion_after}
            for m in pv.moved
        ],
        "current_round": str(pv.current_round), "pairs_differ": pv.pairs_differ, "pairs_after": _pairs(pv.pairs_after),
        "current_has_results": pv.current_has_results, "can_repair": pv.can_repair, "cut_size": pv.cut_size,
        "cut_changes": pv.cut_changes, "cut_in": list(pv.cut_in), "cut_out": list(pv.cut_out),
        "reseed_stage": str(pv.reseed_stage), "reseed_pairs": _pairs(pv.reseed_pairs),
        "podium_before": list(pv.podium_before), "podium_after": list(pv.podium_after), "refusal": str(pv.refusal),
    }


class MatchCorrectionViewSet(AtomicWritesMixin, MatchFromUrlMixin, viewsets.GenericViewSet):
    """The head judge or an organizer corrects a finished result of any round, preview first."""

    permission_classes = [EventRolePermission]
    required_roles = {"correct": HEAD_JUDGE, "preview": HEAD_JUDGE}
    serializer_class = CorrectionInputSerializer
    filter_backends: list = []

    @extend_schema(
        tags=[TAG_JUDGES], extensions=ROLE_CORRECTOR, summary="Corregir un resultado ya cargado",
        description="Corrige el resultado de una mesa de cualquier ronda (también de rondas cerradas y de un "
        "evento finalizado), con un motivo obligatorio. Los emparejamientos de la ronda en curso se mantienen; "
        "las posiciones, el Buchholz, el próximo emparejamiento, el corte mientras el reducido no empezó, el "
        "podio y los puntos de liga siguen al resultado corregido. Enviá la «version» del emparejamiento como "
        "«expected_version». Responde el emparejamiento corregido. Sólo el juez principal y la organización "
        "del evento.",
        parameters=[MATCH_ID], request=CorrectionInputSerializer,
        responses={200: PairingSerializer, 400: REFUSED_400, 403: REFUSED_403, 404: NOT_FOUND, 409: CONFLICT_409},
    )
    def correct(self, request: Request, *args, **kwargs) -> Response:
        data = validated(CorrectionInputSerializer(data=request.data))
        match = self.get_match()
        seats = seats_of(match, data)
        match = services.table_result_correct(table=match, seats=seats, by=request.user, **data)
        return Response(PairingSerializer(queries.pairing_for_match(match)).data)

    @extend_schema(
        tags=[TAG_JUDGES], extensions=ROLE_CORRECTOR, summary="Vista previa de una corrección",
        description="Lo que cambiaría la corrección, sin guardar nada: las filas de las posiciones que se mueven "
        "(antes → después, con el desempate), si la ronda en curso se habría emparejado distinto, si cambia el "
        "corte del reducido, la etapa siguiente que se vuelve a armar y el podio de un evento finalizado. "
        "«refusal» trae el motivo si la corrección se rechazaría. Sólo el juez principal y la organización del "
        "evento.",
        parameters=[MATCH_ID], request=CorrectionScoreSerializer,
        responses={200: CorrectionPreviewSerializer, 400: REFUSED_400, 403: REFUSED_403, 404: NOT_FOUND,
                   409: CONFLICT_409},
    )
    def preview(self, request: Request, *args, **kwargs) -> Response:
        data = validated(CorrectionScoreSerializer(data=request.data))
        match = self.get_match()
        seats = seats_of(match, data)
        pv = table_correction_preview(table=match, seats=seats, **data)
        return Response(CorrectionPreviewSerializer(preview_data(pv)).data)
