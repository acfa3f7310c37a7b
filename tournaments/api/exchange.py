"""``POST /api/events/import/``: publish an event file from a venue laptop (issue #18 point 4, issue #26).

The body is the file ``manage.py event_export --sign`` writes, plain or
gzip-compressed (``Content-Encoding: gzip`` or told by its first bytes), read
as a stream within a limit that grows with the players declared in
``X-Arena-Players`` (:mod:`tournaments.exchange.transport`). The caller
(session or ``Authorization: Token <key>``) must organize the event's venue
on this server, or be a superuser. The same service as ``manage.py
event_import`` and the admin upload (:func:`tournaments.exchange.service.event_import`):
the venue's signature checked first, every problem refuses the whole file.
Every answer is JSON in Spanish: 201 new, 200 updated, 400 refused
(``problems``), 403 not the venue's organizer, 413 over the limit.
``?replaces=UID``: the file stands for that event of this server (the same
day re-created under a new uid), which is voided.
"""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import BaseParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import NotAllowed
from ..exchange import fileformat, service, transport


class RawJSONParser(BaseParser):
    """The body as bytes: the service parses and checks the file itself."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read()


class EventImportView(APIView):
    """Import an event file: 201 new, 200 updated, 400 refused (``problems``), 403 not the organizer, 413 too large."""

    permission_classes = [IsAuthenticated]
    parser_classes = [RawJSONParser]
    throttle_classes: list = []

    @extend_schema(request={"application/json": {"type": "object"}},
                   responses={200: dict, 201: dict, 400: dict, 403: dict, 413: dict})
    def post(self, request: Request, *args, **kwargs) -> Response:
        try:
            declared = transport.declared_players(request.headers.get("X-Arena-Players"))
            text = transport.read_text(request.stream or io.BytesIO(), limit=transport.max_bytes(declared))
            doc = fileformat.loads(text)
            transport.players_check(doc, declared)
            transport.control_check(doc)
        except transport.FileTooLarge as exc:
            return Response({"code": exc.code, "detail": exc.message, "problems": [exc.message]},
                            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        except transport.BadTransport as exc:
            return Response({"code": exc.code, "detail": exc.message, "problems": [exc.message]},
                            status=status.HTTP_400_BAD_REQUEST)
        except fileformat.FileFormatError as exc:
            return Response({"code": "bad_file", "detail": str(exc), "problems": [str(exc)]},
                            status=status.HTTP_400_BAD_REQUEST)
        accept = request.query_params.get("accept_names") in {"1", "true", "yes"}
        try:
            result = service.event_import(doc, by=request.user, accept_names=accept, text=text,
                                          replaces=request.query_params.get("replaces") or None)
        except service.ImportRefused as exc:
            return Response({"code": exc.code, "detail": exc.message, "problems": exc.problems},
                            status=status.HTTP_400_BAD_REQUEST)
        except NotAllowed as exc:
            return Response({"code": exc.code, "detail": exc.message}, status=status.HTTP_403_FORBIDDEN)
        event = result.event
        detail = (_("Evento «%(name)s» creado.") if result.created else _("Evento «%(name)s» actualizado.")) % {
            "name": event.name}
        return Response(
            {"detail": detail, "event": event.pk, "uid": str(event.uid), "created": result.created,
             "players_created": result.players_created, "names_kept": result.names_kept},
            status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
        )
