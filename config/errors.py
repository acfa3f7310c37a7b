"""Error answers of the whole site: the API's JSON under ``/api/``, Spanish HTML pages elsewhere.

Django calls these handlers (``handler400``/``403``/``404``/``500`` in
:mod:`config.urls`) for what no view answered: an address that does not
exist, a request body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django's
``RequestDataTooBig``, answered here as 413 naming the documented limit
``ARENA_IMPORT_MAX_BYTES``), an unhandled exception or the database being
down (500). Under ``/api/`` the answer has the API's error shape
(:mod:`tournaments.api.exceptions`), ``{"code": "...", "detail": "..."}``,
in the request's language (Spanish unless the client asks for English,
:class:`config.middleware.SpanishFirstLocaleMiddleware`); other pages keep
the ``404.html`` and ``500.html`` templates. A traceback never reaches the
answer: it goes to the log (Django logs the exception before calling these).
"""
from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views import defaults

from tournaments.api.exceptions import api_not_found

API_PREFIX = "/api/"


def is_api(request) -> bool:
    """True for a request to the API (its path starts with ``/api/``)."""
    return request.path.startswith(API_PREFIX)


def megabytes(size: int) -> str:
    """``5242880`` -> ``"5 MB"`` (1 MB = 1024 × 1024 bytes; one decimal when not whole)."""
    value = size / (1024 * 1024)
    return f"{value:.0f} MB" if value == int(value) else f"{value:.1f} MB".replace(".", ",")


def too_large_message() -> str:
    """The Spanish refusal of a request body over the documented limit, naming it."""
    limit = settings.ARENA_IMPORT_MAX_BYTES
    return _("El pedido es demasiado grande: el máximo es %(mb)s (%(bytes)d bytes, ARENA_IMPORT_MAX_BYTES).") % {
        "mb": megabytes(limit), "bytes": limit}


def short_page(title: str, message: str, status: int) -> HttpResponse:
    """A bare Spanish HTML page (no template, no database): a title and one message, escaped."""
    title, message = escape(title), escape(message)
    body = ('<!doctype html><html lang="es"><head><meta charset="utf-8">'
            f"<title>{title}</title></head><body><h1>{title}</h1><p>{message}</p></body></html>")
    return HttpResponse(body, status=status, content_type="text/html; charset=utf-8")


def _json(code: str, detail: str, status: int) -> JsonResponse:
    return JsonResponse({"code": code, "detail": detail}, status=status)


def too_large(request) -> HttpResponse:
    """413 for a body over the limit: JSON under ``/api/``, a short Spanish page elsewhere."""
    if is_api(request):
        return _json("too_large", too_large_message(), 413)
    return short_page(_("Archivo demasiado grande"), too_large_message(), 413)


def bad_request(request, exception=None, template_name="400.html"):
    """``handler400``: 413 for ``RequestDataTooBig``, otherwise 400 (JSON under ``/api/``)."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(request)
    if is_api(request):
        return _json("bad_request", _("El pedido no es válido."), 400)
    return short_page(_("Pedido rechazado"), _("El pedido no es válido."), 400)


def permission_denied(request, exception=None, template_name="403.html"):
    """``handler403``: the API's JSON 403 under ``/api/``, Django's page elsewhere."""
    if is_api(request):
        return _json("permission_denied", _("No tenés permiso para hacer esto."), 403)
    return defaults.permission_denied(request, exception, template_name=template_name)


def page_not_found(request, exception=None, template_name="404.html"):
    """``handler404``: the API's JSON 404 under ``/api/``, ``404.html`` elsewhere."""
    if is_api(request):
        return api_not_found(request)
    return defaults.page_not_found(request, exception, template_name=template_name)


def server_error(request, template_name="500.html"):
    """``handler500``: JSON 500 under ``/api/`` (``database_unavailable`` when the database is down)."""
    if is_api(request):
        exc = sys.exc_info()[1]  # Django calls this inside its ``except`` block
        if isinstance(exc, DatabaseError):
            return _json("database_unavailable",
                         _("La base de datos no responde. Volvé a intentar en unos minutos."), 500)
        return _json("server_error", _("Error interno del servidor. Volvé a intentar en unos minutos."), 500)
    return defaults.server_error(request, template_name=template_name)
