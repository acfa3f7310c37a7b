"""The event log through the API: read-only, for the event's head judge and organizers."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from ..eventlog_text import LogLine, describe_all
from ..models import EventLogEntry
from ..permissions import HEAD_JUDGE, EventRolePermission
from .views import EVENT_ID, NOT_FOUND, REFUSED_403, TAG_EVENTS, ArenaPagination, EventScopedMixin


class EventLogEntrySerializer(serializers.Serializer):
    """One state change: who, when, what (the service's name, its label, the title and the change in words),
    before, after, reason."""

    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True, help_text="Usuario que lo hizo; vacío para un comando o una tarea.")
    action = serializers.CharField(help_text="Nombre del servicio: round_pair_next, match_result_record…")
    action_label = serializers.CharField()
    title = serializers.CharField(help_text="Lo que pasó, en palabras: «Resultado corregido».")
    subject = serializers.CharField()
    text = serializers.CharField(help_text="Antes → después en palabras, con nombres y mesas: «Mesa 9: 0-2 → 2-0 "
                                           "(Milagros Núñez gana)».")
    before = serializers.DictField()
    after = serializers.DictField()
    reason = serializers.CharField()


def _row(entry: EventLogEntry, line: LogLine) -> dict:
    return {"id": entry.pk, "at": entry.at, "actor": entry.actor.username if entry.actor else None,
            "action": entry.action, "action_label": entry.get_action_display(), "title": line.title,
            "subject": entry.subject, "text": line.change, "before": entry.before, "after": entry.after,
            "reason": entry.reason}


class EventLogViewSet(EventScopedMixin, viewsets.GenericViewSet):
    """Every state change of one event, oldest first; nothing here writes."""

    permission_classes = [EventRolePermission]
    required_roles = {"list": HEAD_JUDGE}
    serializer_class = EventLogEntrySerializer
    pagination_class = ArenaPagination
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no event
            return EventLogEntry.objects.none()
        return EventLogEntry.objects.filter(event=self.get_event()).select_related("actor").order_by("at", "pk")

    @extend_schema(
        tags=[TAG_EVENTS], extensions={"x-role": "juez principal y organización del evento"},
        summary="Registro del evento",
        description="Cada cambio del evento (inscripción, emparejamientos, cierres, resultados, penalidades, "
        "reducido, reloj, finalización) con quién, cuándo, antes, después y motivo. Sólo lectura; juez principal "
        "y organización del evento.",
        parameters=[EVENT_ID],
        responses={200: EventLogEntrySerializer(many=True), 403: REFUSED_403, 404: NOT_FOUND},
    )
    def list(self, request: Request, *args, **kwargs) -> Response:
        page = list(self.paginate_queryset(self.get_queryset()))
        rows = [_row(e, line) for e, line in zip(page, describe_all(page) if page else [])]
        return self.get_paginated_response(EventLogEntrySerializer(rows, many=True).data)
