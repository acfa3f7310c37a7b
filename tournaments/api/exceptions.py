"""JSON errors of the API: ``{"code": "...", "detail": "mensaje en español"}``.

:func:`arena_exception_handler` is the project's DRF ``EXCEPTION_HANDLER``.
A refused service call (:class:`~tournaments.errors.ArenaError`) keeps its
stable code, its message and its HTTP status (400, 403, 404 or 409; 503 with
``Retry-After`` in seconds for :class:`~tournaments.errors.Busy`, also made
from PostgreSQL's expired lock wait); DRF's
own errors (validation, authentication, permission, not found) get the same
shape. Validation errors add ``errors`` (field name -> messages) and a
``detail`` a person can read: "Partidas ganadas por A: Este campo es
requerido."
"""
from __future__ import annotations

import math

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from ..errors import ArenaError, Busy
from ..services.locks import busy, is_lock_timeout


class NotAuthenticated(exceptions.NotAuthenticated):
    default_detail = gettext_lazy(
        "Iniciá sesión para realizar esta acción (sesión del sitio o autenticación básica)."
    )


class Throttled(exceptions.Throttled):
    """429 in Spanish; DRF's handler adds ``Retry-After`` (seconds) from ``wait``."""

    def __init__(self, wait: float | None = None) -> None:
        if wait is None:
            detail = _("Demasiados pedidos seguidos. Esperá un momento y volvé a intentar.")
        else:
            detail = _("Demasiados pedidos seguidos. Volvé a intentar en %(seconds)d segundos.") % {
                "seconds": max(1, math.ceil(wait))}
        super().__init__(detail=detail, code="throttled")  # without DRF's English "Expected available…"
        self.wait = None if wait is None else max(1, math.ceil(wait))


class InvalidInput(exceptions.ValidationError):
    """A validation error that carries a readable one-line ``readable`` message."""

    def __init__(self, errors, readable: str) -> None:
        super().__init__(errors)
        self.readable = readable


def messages_of(value) -> list[str]:
    """Every message of DRF's nested error structure, flat."""
    if isinstance(value, dict):
        return [m for v in value.values() for m in messages_of(v)]
    if isinstance(value, list | tuple):
        return [m for v in value for m in messages_of(v)]
    return [str(value)]


def readable_errors(errors, labels: dict[str, str] | None = None) -> str:
    """One line from DRF's error structure, each field prefixed with its label."""
    labels = labels or {}
    if not isinstance(errors, dict):
        return " ".join(messages_of(errors))
    parts = []
    for name, value in errors.items():
        text = " ".join(messages_of(value))
        if name in ("non_field_errors", "__all__"):
            parts.append(text)
        else:
            parts.append(f"{labels.get(name) or name}: {text}")
    return " ".join(parts)


def validated(serializer: serializers.Serializer) -> dict:
    """``serializer.validated_data``, or :class:`InvalidInput` naming fields by their labels."""
    if not serializer.is_valid():
        labels = {name: str(field.label) for name, field in serializer.fields.items() if field.label}
        raise InvalidInput(serializer.errors, readable_errors(serializer.errors, labels))
    return serializer.validated_data


def _code(exc: exceptions.APIException) -> str:
    detail = exc.detail
    if isinstance(detail, exceptions.ErrorDetail) and detail.code:
        return str(detail.code)
    return exc.default_code


def arena_exception_handler(exc, context):
    """DRF exception handler: every error as ``{"code", "detail"}`` JSON."""
    if is_lock_timeout(exc):
        exc = busy()
    if isinstance(exc, ArenaError):
        set_rollback()
        data = {"code": exc.code, "detail": str(exc)}
        field = getattr(exc, "field", None)
        if field:  # a refused entry names the input field it is about
            data["errors"] = {field: [str(exc)]}
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, Busy) else None
        return Response(data, status=exc.status, headers=headers)
    if isinstance(exc, exceptions.Throttled):
        exc = Throttled(exc.wait)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(_("No se encontró lo que busca."))
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif type(exc) is exceptions.NotAuthenticated:
        spanish = NotAuthenticated()
        spanish.status_code = exc.status_code  # DRF set 403 (no WWW-Authenticate) or 401
        if getattr(exc, "auth_header", None):
            spanish.auth_header = exc.auth_header
        exc = spanish
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        readable = getattr(exc, "readable", None) or readable_errors(exc.detail)
        errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        response.data = {"code": "invalid", "detail": readable, "errors": errors}
    else:
        response.data = {"code": _code(exc), "detail": str(exc.detail)}
    return response


@csrf_exempt  # it changes nothing; a POST to a wrong address gets the same JSON 404
def api_not_found(request, *args, **kwargs) -> JsonResponse:
    """Any other address under ``/api/``: the API's JSON 404, not the site's HTML page."""
    return JsonResponse({"code": "not_found", "detail": _("No existe esa dirección de la API.")}, status=404)
