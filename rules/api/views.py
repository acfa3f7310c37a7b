"""Rules API: validate a decklist without registering (public), read the
registered decklists of an event (its judges and organizers only), the
player's own list (``GET``/``PUT``, a token or session of the linked
account), its live check, and the published top lists (public).

Who sees which list: :mod:`rules.publication`.

Views parse input, check permission, call one selector and render; domain
errors become ``{"code": …, "detail": …}`` with the error's HTTP status.
"""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from rules import publication, selectors, services
from rules.errors import ArenaError
from rules.models import Decklist
from rules.permissions import EventJudgePermission, is_judge
from tournaments.api.exceptions import validated
from tournaments.models import Event, Registration
from tournaments.throttles import DecklistValidateThrottle

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


# --------------------------------------------------------------------------- players (issue #17)

#: The API's refusal for a user without the role (the same words as the rest of the API).
NO_ROLE = "No tiene permiso para esta acción en este evento."


def _own_registration(user, event: Event) -> Registration | None:
    if not (user and user.is_authenticated and user.is_active):
        return None
    return (
        Registration.objects.select_related("player", "event__game")
        .filter(event=event, player__user_id=user.pk)
        .first()
    )


class _EventView(APIView):
    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event.objects.select_related("game"), pk=self.kwargs["event_id"])
        return self._event


class OwnRegistrationPermission(BasePermission):
    """DRF: the user's linked player is registered in the view's event."""

    message = NO_ROLE

    def has_permission(self, request, view) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        view.registration = _own_registration(request.user, view.get_event())
        return view.registration is not None


class OwnRegistrationOrJudgePermission(OwnRegistrationPermission):
    """DRF: a registered player of the event, or one of its judges and organizers."""

    def has_permission(self, request, view) -> bool:
        return super().has_permission(request, view) or is_judge(request.user, view.get_event())


def _my_decklist(event: Event, registration: Registration) -> dict:
    closed = services.player_submission_closed(event)
    return {
        "event": event.pk,
        "player_number": registration.player.player_number,
        "deadline": event.decklist_deadline,
        "open": not closed,
        "closed_reason": closed,
        "decklist": Decklist.objects.filter(registration=registration).first(),
    }


class MyDecklistView(_EventView):
    """``GET``/``PUT /api/decks/events/<event_id>/my-decklist/``: the signed-in
    player's own list for the event (token or session of the account linked
    to the player). Only the owner: a judge reads lists through the judges'
    endpoints. ``PUT {"text"}`` submits or replaces it with the same rules as
    the page (deadline, round 1, lock); refusals are ``{"code", "detail"}``
    with 409 (``decklist_deadline_passed``, ``decklists_closed``,
    ``decklist_locked``, ``event_finished``) or 400."""

    permission_classes = [OwnRegistrationPermission]

    @extend_schema(responses={200: s.MyDecklistSerializer}, summary="Mi lista de mazo para un evento")
    def get(self, request, event_id: int):
        return Response(s.MyDecklistSerializer(_my_decklist(self.get_event(), self.registration)).data)

    @extend_schema(
        request=s.MyDecklistInputSerializer,
        responses={200: s.MyDecklistSerializer, 400: s.ErrorSerializer, 409: s.ErrorSerializer},
        summary="Cargar o cambiar mi lista de mazo",
    )
    def put(self, request, event_id: int):
        data = validated(s.MyDecklistInputSerializer(data=request.data))
        try:
            services.decklist_submit(registration=self.registration, text=data["text"], by=request.user)
        except ArenaError as exc:
            return error_response(exc)
        event = Event.objects.select_related("game").get(pk=self.get_event().pk)
        return Response(s.MyDecklistSerializer(_my_decklist(event, self.registration)).data)


class MyDecklistValidateView(_EventView):
    """``POST /api/decks/events/<event_id>/my-decklist/validate/``: the live
    check of a list being written, for the event's game, format and date
    (and the player's sealed pool). Stores nothing. A registered player of
    the event, or its judges (``player_number`` picks a player's pool);
    throttled per user (429 with ``Retry-After``)."""

    permission_classes = [OwnRegistrationOrJudgePermission]
    throttle_classes = [DecklistValidateThrottle]

    @extend_schema(
        request=s.LiveValidateInputSerializer,
        responses={200: s.LiveValidateOutputSerializer, 400: s.ErrorSerializer},
        summary="Validar mi lista mientras la escribo",
    )
    def post(self, request, event_id: int):
        data = validated(s.LiveValidateInputSerializer(data=request.data))
        event = self.get_event()
        registration = getattr(self, "registration", None)
        number = (data.get("player_number") or "").strip()
        if registration is None and number:  # a judge naming a player
            registration = selectors.registration_for_player_number(event, number)
        try:
            report = services.decklist_preview(event=event, text=data["text"], registration=registration)
        except ArenaError as exc:
            return error_response(exc)
        return Response(s.LiveValidateOutputSerializer(report).data)


class PublishedDecklistsView(_EventView):
    """``GET /api/decks/events/<event_id>/published-decklists/``: the top
    lists the organizer published after the event (public), best first;
    ``published`` false and no lists before publication."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.PublishedDecklistsSerializer}, summary="Listas publicadas del top")
    def get(self, request, event_id: int):
        event = self.get_event()
        return Response(s.PublishedDecklistsSerializer({
            "event": event.pk,
            "published": event.decklists_published_at is not None,
            "published_at": event.decklists_published_at,
            "decklists": publication.published_decklists(event),
        }).data)
