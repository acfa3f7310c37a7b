"""Rules API: validate a decklist without registering (public) and read the
registered decklists of an event (its judges and organizers only).

Views parse input, check permission, call one selector and render; domain
errors become ``{"code": …, "detail": …}`` with the error's HTTP status.
"""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rules import selectors
from rules.errors import ArenaError
from rules.models import Decklist
from rules.permissions import EventJudgePermission
from tournaments.api.exceptions import validated
from tournaments.models import Event

from . import serializers as s


def error_response(exc: ArenaError) -> Response:
    return Response({"code": exc.code, "detail": exc.message}, status=exc.status)


class DeckValidateView(APIView):
    """``POST /api/decks/validate/``: every violation of a decklist, and the
    cards as read, for a game and format on a date. Public; stores nothing."""

    authentication_classes: list = []  # public: no session, so no CSRF token needed
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.ValidateInputSerializer,
        responses={200: s.ValidateOutputSerializer, 400: s.ErrorSerializer},
        summary="Validar una lista de mazo sin inscribirse",
    )
    def post(self, request):
        data = validated(s.ValidateInputSerializer(data=request.data))
        try:
            report = selectors.deck_report(
                game_key=data["game"].strip(),
                text=data["text"],
                fmt=(data.get("format") or "").strip() or None,
                on_date=data.get("date"),
            )
        except ArenaError as exc:
            return error_response(exc)
        return Response(s.ValidateOutputSerializer(report).data)


class DeckFormatsView(APIView):
    """``GET /api/decks/formats/``: every game and deck format that can be validated."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.FormatSerializer(many=True)}, summary="Juegos y formatos de mazo")
    def get(self, request):
        rows = [
            {"game": g, "game_name": gn, "format": f, "format_name": fn}
            for g, gn, f, fn in selectors.format_choices()
        ]
        return Response(s.FormatSerializer(rows, many=True).data)


class EventDecklistsView(generics.ListAPIView):
    """``GET /api/decks/events/<event_id>/decklists/``: the event's registered
    decklists (judges, head judge and organizers of the event only)."""

    serializer_class = s.DecklistRowSerializer
    permission_classes = [EventJudgePermission]

    def get_permission_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        return self._event

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Decklist.objects.none()
        return selectors.decklists_for_event(self.get_permission_event())


class DecklistDetailView(generics.RetrieveAPIView):
    """``GET /api/decks/decklists/<pk>/``: one registered decklist with its
    violations, history and deck checks (judges and organizers of its event)."""

    serializer_class = s.DecklistDetailSerializer
    permission_classes = [EventJudgePermission]
    queryset = Decklist.objects.none()  # for the schema; reads go through selectors.decklist_detail

    def get_permission_event(self) -> Event:
        return self.get_object().registration.event

    def get_object(self) -> Decklist:
        if not hasattr(self, "_decklist"):
            try:
                self._decklist = selectors.decklist_detail(self.kwargs["pk"])
            except Decklist.DoesNotExist:
                from django.http import Http404

                raise Http404 from None
        return self._decklist

    def retrieve(self, request, *args, **kwargs):
        return Response(self.get_serializer(self.get_object()).data)
