"""REST API of result corrections at any time (issue #13 item 1, DESIGN.md decision 16).

The event's head judge or an organizer::

    tables/<table_id>/correction/           POST  correct a finished result, with a reason
    tables/<table_id>/correction/preview/   POST  the impact of that correction; writes nothing

One input for every format (:mod:`tournaments.api.tables`): the seats by
player number, with games (duels) or place and score (pods).

Thin views: the role is checked by
:class:`tournaments.permissions.EventRolePermission` (``head_judge``:
the head judge or an organizer), the correction goes through
:func:`tournaments.services.table_result_correct` and the preview through
:func:`tournaments.services.corrections_preview.table_correction_preview`,
with the seats read as the per-seat shape they take (:func:`seats_of`). Refusals
are ``{"code", "detail"}`` JSON (:mod:`tournaments.api.exceptions`): 400
``reason_required`` or a score the format does not allow, 403 without the
role, 404 for an unknown table, 409 ``stale_result`` when the table changed
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
from ..services.corrections_preview import CorrectionPreview, table_correction_preview
from .serializers import ArenaErrorSerializer, ArenaValidationErrorSerializer
from .tables import (
    TABLE_ID,
    TableCorrectionInputSerializer,
    TableCorrectionPreviewInputSerializer,
    TableSerializer,
    entry_examples,
    entry_validated,
    seat_errors,
    table_answer,
    table_seats,
)
from .views import NOT_FOUND, REFUSED_403, TAG_JUDGES, AtomicWritesMixin, TableFromUrlMixin

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


class MovedRowSerializer(serializers.Serializer):
    """One standings row the correction moves, before → after."""

    registration_id = serializers.IntegerField()
    name = serializers.CharField()
    rank_before = serializers.IntegerField()
    rank_after = serializers.IntegerField()
    points_before = serializers.FloatField(help_text=_("Puntaje total antes."))
    points_after = serializers.FloatField(help_text=_("Puntaje total después."))
    buchholz_before = serializers.FloatField(help_text=_("Buchholz (duelos) o puntos de los rivales de mesa (mesas "
                                                         "multijugador), antes."))
    buchholz_after = serializers.FloatField()
    secondary_before = serializers.IntegerField(allow_null=True, help_text=_("Puntaje secundario (mesas "
                                                                             "multijugador), antes."))
    secondary_after = serializers.IntegerField(allow_null=True)
    criterion_before = serializers.CharField(help_text=_("Desempate que separaba la fila de la anterior."))
    criterion_after = serializers.CharField(help_text=_("Desempate que la separa después."))


class SeatLineSerializer(serializers.Serializer):
    """One seat of the corrected table, before → after."""

    registration_id = serializers.IntegerField()
    name = serializers.CharField()
    games_before = serializers.IntegerField()
    games_after = serializers.IntegerField()
    place_before = serializers.IntegerField(allow_null=True)
    place_after = serializers.IntegerField(allow_null=True)
    score_before = serializers.IntegerField(allow_null=True)
    score_after = serializers.IntegerField(allow_null=True)
    changed = serializers.BooleanField()


class PairNamesSerializer(serializers.Serializer):
    player_a = serializers.CharField()
    player_b = serializers.CharField(allow_null=True, help_text=_("Vacío para el bye."))


class CorrectionPreviewSerializer(serializers.Serializer):
    """What the correction would change; nothing was written."""

    table_id = serializers.IntegerField()
    subject = serializers.CharField(help_text=_("Ronda y mesa, p. ej. «Ronda 1, mesa 2»."))
    by_places = serializers.BooleanField(help_text=_("La mesa se carga por puestos (mesa multijugador)."))
    seats = SeatLineSerializer(many=True, help_text=_("Cada asiento antes → después (duelos en orden de asiento; "
                                                      "mesas multijugador por puesto corregido)."))
    unchanged = serializers.BooleanField(help_text=_("La corrección deja la mesa como está."))
    score_before = serializers.ListField(child=serializers.IntegerField(),
                                         help_text=_("Duelos: partidas de A, de B y empatadas, ahora (vacío en "
                                                     "mesas multijugador)."))
    score_after = serializers.ListField(child=serializers.IntegerField(),
                                        help_text=_("Duelos: partidas de A, de B y empatadas, corregidas."))
    score_label = serializers.CharField(help_text=_("Nombre del puntaje secundario (mesas multijugador)."))
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


def seats_of(table, data: dict) -> tuple[list[dict], dict[int, dict]]:
    """The input's per-seat entries (:func:`tournaments.api.tables.table_seats`) and the mapping by registration
    id that :func:`tournaments.services.table_result_correct` takes; ``data`` loses ``seats``, keeps the rest."""
    entries = table_seats(table, data)
    del data["seats"]
    return entries, {entry["registration"]: {k: v for k, v in entry.items() if k != "registration"}
                     for entry in entries}


def _pairs(pairs) -> list[dict]:
    return [{"player_a": a, "player_b": b} for a, b in pairs]


def preview_data(pv: CorrectionPreview) -> dict:
    """The dict :class:`CorrectionPreviewSerializer` renders."""
    return {
        "table_id": pv.table_id, "subject": str(pv.subject), "by_places": pv.by_places,
        "seats": [
            {"registration_id": line.registration_id, "name": line.name, "games_before": line.games_before,
             "games_after": line.games_after, "place_before": line.place_before, "place_after": line.place_after,
             "score_before": line.score_before, "score_after": line.score_after, "changed": line.changed}
            for line in pv.seats
        ],
        "unchanged": pv.unchanged, "score_before": list(pv.score_before), "score_after": list(pv.score_after),
        "score_label": str(pv.score_label),
        "moved": [
            {"registration_id": m.registration_id, "name": m.name, "rank_before": m.rank_before,
             "rank_after": m.rank_after, "points_before": m.points_before, "points_after": m.points_after,
             "buchholz_before": m.buchholz_before, "buchholz_after": m.buchholz_after,
             "secondary_before": m.secondary_before, "secondary_after": m.secondary_after,
             "criterion_before": m.criterion_before, "criterion_after": m.criterion_after}
            for m in pv.moved
        ],
        "current_round": str(pv.current_round), "pairs_differ": pv.pairs_differ, "pairs_after": _pairs(pv.pairs_after),
        "current_has_results": pv.current_has_results, "can_repair": pv.can_repair, "cut_size": pv.cut_size,
        "cut_changes": pv.cut_changes, "cut_in": list(pv.cut_in), "cut_out": list(pv.cut_out),
        "reseed_stage": str(pv.reseed_stage), "reseed_pairs": _pairs(pv.reseed_pairs),
        "podium_before": list(pv.podium_before), "podium_after": list(pv.podium_after), "refusal": str(pv.refusal),
    }


class TableCorrectionViewSet(AtomicWritesMixin, TableFromUrlMixin, viewsets.GenericViewSet):
    """The head judge or an organizer corrects a finished result of any round and any format, preview first."""

    permission_classes = [EventRolePermission]
    required_roles = {"correct": HEAD_JUDGE, "preview": HEAD_JUDGE}
    serializer_class = TableCorrectionInputSerializer
    filter_backends: list = []

    @extend_schema(
        tags=[TAG_JUDGES], extensions=ROLE_CORRECTOR, summary="Corregir un resultado ya cargado",
        description="Corrige el resultado de una mesa de cualquier ronda y cualquier formato (también de rondas "
        "cerradas y de un evento finalizado), con un motivo obligatorio. Los asientos como en la carga: "
        "«games» en un duelo, «place» y «score» en una mesa multijugador. Los emparejamientos de la ronda en "
        "curso se mantienen; las posiciones, el Buchholz, el próximo emparejamiento, el corte mientras el "
        "reducido no empezó, el podio y los puntos de liga siguen al resultado corregido. Enviá la «version» "
        "de la mesa como «expected_version». Responde la mesa corregida. Sólo el juez principal y la "
        "organización del evento.",
        parameters=[TABLE_ID], request=TableCorrectionInputSerializer,
        examples=entry_examples(reason="Error de carga: lo confirmaron los jugadores.", expected_version=1),
        responses={200: TableSerializer, 400: REFUSED_400, 403: REFUSED_403, 404: NOT_FOUND, 409: CONFLICT_409},
    )
    def correct(self, request: Request, *args, **kwargs) -> Response:
        data = entry_validated(TableCorrectionInputSerializer(data=request.data))
        table = self.get_table()
        entries, seats = seats_of(table, data)
        with seat_errors(table, entries):
            table = services.table_result_correct(table=table, seats=seats, by=request.user, **data)
        return Response(table_answer(table))

    @extend_schema(
        tags=[TAG_JUDGES], extensions=ROLE_CORRECTOR, summary="Vista previa de una corrección",
        description="Lo que cambiaría la corrección, sin guardar nada: cada asiento antes → después, las filas "
        "de las posiciones que se mueven (antes → después, con el desempate), si la ronda en curso se habría "
        "emparejado distinto, si cambia el corte del reducido, la etapa siguiente que se vuelve a armar y el "
        "podio de un evento finalizado. «refusal» trae el motivo si la corrección se rechazaría. Sólo el juez "
        "principal y la organización del evento.",
        parameters=[TABLE_ID], request=TableCorrectionPreviewInputSerializer, examples=entry_examples(),
        responses={200: CorrectionPreviewSerializer, 400: REFUSED_400, 403: REFUSED_403, 404: NOT_FOUND,
                   409: CONFLICT_409},
    )
    def preview(self, request: Request, *args, **kwargs) -> Response:
        data = entry_validated(TableCorrectionPreviewInputSerializer(data=request.data))
        table = self.get_table()
        entries, seats = seats_of(table, data)
        with seat_errors(table, entries):
            pv = table_correction_preview(table=table, seats=seats, **data)
        return Response(CorrectionPreviewSerializer(preview_data(pv)).data)
