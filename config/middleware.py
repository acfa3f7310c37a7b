"""Project middleware: request ids, Spanish first, and hostile input refused.

Spanish first: pages are es-AR unless the visitor chose another language.

Busy: a request whose row lock was not granted within ``ARENA_LOCK_TIMEOUT_MS``
(:class:`tournaments.errors.Busy`, or PostgreSQL's expired lock wait) and that
no view turned into a form error gets a 503 "try again" with ``Retry-After``:
a Spanish page, or the API's JSON under ``/api/``; never the 500 page.

Django's ``LocaleMiddleware`` follows the browser's Accept-Language header;
Arena's public is Spanish-speaking and a phone set to English should still
see the venue's Spanish pages. The language switch (``/i18n/setlang/``, a
cookie) is the only way to English.
"""
import base64
import binascii
import logging
import re
import time
import uuid

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.middleware.locale import LocaleMiddleware
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.log import log_response
from django.utils.translation import gettext as _

from config import errors
from config.logging import request_id_var
from tournaments.errors import Busy
from tournaments.services.locks import busy, is_lock_timeout
from tournaments.text import control_characters, describe_control

# --------------------------------------------------------------------------- request id

#: An incoming ``X-Request-ID`` reused as is: 1-128 letters, digits, ``.``, ``_``, ``-`` (a UUID, a proxy's id).
_SANE_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
access_logger = logging.getLogger("arena.request")


class RequestIdMiddleware:
    """Gives each request an id, echoes it in ``X-Request-ID`` and logs one access line.

    The id is the incoming ``X-Request-ID`` when it is a sane token (see
    ``_SANE_REQUEST_ID``), a new UUID4 (hex) otherwise; it is ``request.request_id``
    and, through ``config.logging.request_id_var``, the ``request_id`` of every log
    record written while the request is served. The access line (logger
    ``arena.request``, INFO) carries ``method``, ``path`` (no query string),
    ``status`` and ``duration_ms``. Place it first in ``MIDDLEWARE``.
    """

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        request_id = incoming if _SANE_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        request.request_id = request_id
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = request_id
            if response.status_code >= 400:
                # Django's own "Not Found: /x" line, written here so that it carries the request id.
                log_response("%s: %s", response.reason_phrase, request.path, response=response, request=request)
            access_logger.info(
                "%s %s %s", request.method, request.path, response.status_code,
                extra={"method": request.method, "path": request.path, "status": response.status_code,
                       "duration_ms": round((time.perf_counter() - started) * 1000, 1)},
            )
            return response
        finally:
            request_id_var.reset(token)


# --------------------------------------------------------------------------- Spanish first


def chosen_language(request) -> str:
    """The language a request is answered in: a code of ``settings.LANGUAGES``.

    The language cookie when it names a supported language; otherwise, for
    the API only (``/api/``: programs, not phones), the first supported
    language of ``Accept-Language`` (``en`` gives English); otherwise
    Spanish (``LANGUAGE_CODE``).
    """
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    supported = {code for code, _name in settings.LANGUAGES}
    if chosen in supported:
        return chosen
    if request.path.startswith("/api/"):
        for accepted, _quality in translation.trans_real.parse_accept_lang_header(
                request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
            if accepted == "*":
                break
            try:
                return translation.get_supported_language_variant(accepted)
            except LookupError:
                continue
    return settings.LANGUAGE_CODE


class CachedPublicMiddleware:
    """Answers a cached public body before sessions, CSRF, messages, URL resolution and the ORM
    (:func:`tournaments.pagecache.early_response`); everything else goes on down the stack.

    Security headers (``SecurityMiddleware``, above) still apply; the frame
    policy and the language's ``Vary`` are added here, as
    ``XFrameOptionsMiddleware`` and ``LocaleMiddleware`` would.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from tournaments.pagecache import early_response

        response = early_response(request, chosen_language(request))
        if response is None:
            return self.get_response(request)
        response.setdefault("X-Frame-Options", getattr(settings, "X_FRAME_OPTIONS", "DENY").upper())
        patch_vary_headers(response, ("Accept-Language",))  # as LocaleMiddleware does below
        return response


class SpanishFirstLocaleMiddleware(LocaleMiddleware):
    """Like ``LocaleMiddleware``, but pages ignore Accept-Language (see :func:`chosen_language`)."""

    def process_request(self, request):
        translation.activate(chosen_language(request))
        request.LANGUAGE_CODE = translation.get_language()


# --------------------------------------------------------------------------- hostile input

#: JSON escapes of control characters other than tab, LF and CR (``"\u0000"`` in an API body).
_JSON_CONTROL_ESCAPE = re.compile(r"\\u00(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])")


def _shown(text: str) -> str:
    """``text`` with its control characters written as U+XXXX, for a message."""
    bad = set(control_characters(text))
    return "".join(describe_control(ch) if ch in bad else ch for ch in text)[:60]


def _chars(found: list[str]) -> str:
    return ", ".join(describe_control(ch) for ch in found)


class HostileInputMiddleware:
    """Answers 400 when a request carries NUL or other C0 control characters.

    Checked, in this order: the path, every query-string parameter (name
    and value, decoded), the ``Authorization`` header (a Basic one decoded),
    every cookie, and every form field of a POST (tab, LF and CR are allowed
    in values of fields and parameters: text areas such as decklists), plus JSON bodies' ``\\u00XX``
    escapes of the same characters. Nothing reaches a view, so nothing is
    written and PostgreSQL never sees a NUL. ``/api/`` gets the API's error
    shape ``{"code": "control_characters", "detail": ...}``; pages get a
    short HTML page. Place it first in ``MIDDLEWARE``.
    """

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        try:
            problem = self._problem(request)
        except RequestDataTooBig:  # over DATA_UPLOAD_MAX_MEMORY_SIZE: 413 naming the limit
            with translation.override(chosen_language(request)):
                return errors.too_large(request)
        if problem is not None:
            return self._refuse(request, problem)
        return self.get_response(request)

    # ------------------------------------------------------------------ checks
    def _problem(self, request) -> str | None:
        found = control_characters(request.path)
        if found:
            return _("La dirección pedida contiene caracteres de control no permitidos (%(chars)s).") % {
                "chars": _chars(found)}
        for name, values in request.GET.lists():
            found = control_characters(name)
            for value in values:  # a GET form's text area (the rulings' chain helper) keeps its lines
                found = found or control_characters(value, multiline=True)
            if found:
                return _("El parámetro «%(name)s» contiene caracteres de control no permitidos (%(chars)s).") % {
                    "name": _shown(name), "chars": _chars(found)}
        found = control_characters(self._authorization(request))
        if found:
            return _("El encabezado de autorización contiene caracteres de control no permitidos (%(chars)s).") % {
                "chars": _chars(found)}
        for name, value in request.COOKIES.items():
            found = control_characters(name + value)
            if found:
                return _("La cookie «%(name)s» contiene caracteres de control no permitidos (%(chars)s).") % {
                    "name": _shown(name), "chars": _chars(found)}
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            return self._body_problem(request)
        return None

    @staticmethod
    def _authorization(request) -> str:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        scheme, _sep, credentials = header.partition(" ")
        if scheme.lower() != "basic" or not credentials:
            return header
        try:
            raw = base64.b64decode(credentials.strip(), validate=False)
        except (binascii.Error, ValueError):
            return header  # DRF answers 401 for undecodable credentials
        return header + raw.decode("latin-1")

    def _body_problem(self, request) -> str | None:
        content_type = request.content_type or ""
        if content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
            try:
                fields = request.POST
            except RequestDataTooBig:
                raise
            except Exception:  # a malformed body: the view (or Django) answers it
                return None
            for name, values in fields.lists():
                found = control_characters(name)
                for value in values:
                    found = found or control_characters(value, multiline=True)
                if found:
                    return _("El campo «%(name)s» contiene caracteres de control no permitidos (%(chars)s).") % {
                        "name": _shown(name), "chars": _chars(found)}
        elif content_type.endswith("json") and request.headers.get("Content-Encoding", "").lower() != "gzip":
            # A gzip body (an event file, tournaments.exchange.transport) is checked by its view once inflated.
            try:
                body = request.body.decode("utf-8", errors="replace")
            except RequestDataTooBig:
                raise
            except Exception:
                return None
            found = control_characters(body, multiline=True)
            if found or _JSON_CONTROL_ESCAPE.search(body):
                return _("El cuerpo del pedido contiene caracteres de control no permitidos.")
        return None

    # ------------------------------------------------------------------ answer
    @staticmethod
    def _refuse(request, message: str):
        if request.path.startswith("/api/"):
            return JsonResponse({"code": "control_characters", "detail": message}, status=400)
        return errors.short_page(_("Pedido rechazado"), message, 400)


# --------------------------------------------------------------------------- busy


class BusyMiddleware:
    """Answer a :class:`~tournaments.errors.Busy` (or an expired lock wait) no view caught: 503, ``Retry-After``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, Busy):
            if not is_lock_timeout(exception):
                return None
            exception = busy()
        if request.path.startswith("/api/"):
            response = JsonResponse({"code": exception.code, "detail": str(exception)}, status=503)
        else:
            response = render(request, "busy.html", {"message": str(exception)}, status=503)
        response["Retry-After"] = str(exception.retry_after)
        return response
