"""Avisos on «Mi torneo» (issue #29 point 2): the browser's subscription and the service worker.

- ``POST /yo/avisos/`` with the browser's ``PushSubscription.toJSON()``
  (``{"endpoint": …, "keys": {"p256dh": …, "auth": …}}``) turns avisos on
  for the signed-in player (:func:`push_subscription_create`); ``POST
  /yo/avisos/baja/`` with ``{"endpoint": …}`` turns them off. JSON in and
  out, CSRF-protected like every form (the ``X-CSRFToken`` header);
  anonymous users get 401, a user without a player 403.
- ``GET /yo/sw.js``: the small service worker that shows a push's text
  and opens «Mi torneo» on a tap, scoped to ``/yo/`` (kept apart from any
  other worker of the site).
"""
from __future__ import annotations

import json

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import push_texts
from ..errors import ArenaError
from ..me_selectors import player_of_user
from ..push_delivery import push_enabled
from ..services.push import push_subscription_create, push_subscription_delete
from .access import private_response

#: The largest body a subscription takes (an endpoint of 1,024 characters and two keys, with room).
MAX_BODY = 4096


def push_context() -> dict:
    """What ``me/_push.html`` needs: whether push is on, the VAPID public key, the ten-minute text."""
    return {"enabled": push_enabled(), "public_key": settings.ARENA_VAPID_PUBLIC_KEY if push_enabled() else "",
            "ten_text": push_texts.ten_minutes_text()}


def _player_or_refusal(request):
    if not request.user.is_authenticated:
        return None, JsonResponse({"code": "not_authenticated", "detail": _("Ingresá con tu cuenta de jugador.")},
                                  status=401)
    player = player_of_user(request.user)
    if player is None:
        return None, JsonResponse({"code": "no_player",
                                   "detail": _("Tu cuenta todavía no está vinculada a un número de jugador.")},
                                  status=403)
    return player, None


def _body(request) -> dict | None:
    if len(request.body) > MAX_BODY:
        return None
    try:
        data = json.loads(request.body.decode("utf-8") or "{}")
    except (UnicodeDecodeError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _bad(detail: str, code: str = "invalid") -> JsonResponse:
    return private_response(JsonResponse({"code": code, "detail": detail}, status=400))


@require_POST
def subscribe(request):
    """Turn avisos on in this browser: 201 with ``{"ok": true}``; 400/409 with ``code`` and ``detail``."""
    player, refused = _player_or_refusal(request)
    if refused is not None:
        return private_response(refused)
    data = _body(request)
    keys = data.get("keys") if data else None
    if not data or not isinstance(keys, dict) or not all(
            isinstance(value, str) for value in (data.get("endpoint"), keys.get("p256dh"), keys.get("auth"))):
        return _bad(_("Tu navegador mandó una suscripción incompleta."))
    try:
        push_subscription_create(player=player, endpoint=data["endpoint"], p256dh=keys["p256dh"],
                                 auth=keys["auth"], user_agent=request.headers.get("User-Agent", ""))
    except ArenaError as exc:
        response = JsonResponse({"code": exc.code, "detail": exc.message}, status=exc.status)
        return private_response(response)
    return private_response(JsonResponse({"ok": True}, status=201))


@require_POST
def unsubscribe(request):
    """Turn avisos off in this browser: 200 with ``{"ok": true, "deleted": bool}``."""
    player, refused = _player_or_refusal(request)
    if refused is not None:
        return private_response(refused)
    data = _body(request)
    if not data or not isinstance(data.get("endpoint"), str):
        return _bad(_("Falta la dirección de los avisos de tu navegador."))
    deleted = push_subscription_delete(player=player, endpoint=data["endpoint"])
    return private_response(JsonResponse({"ok": True, "deleted": deleted}))


@require_GET
def service_worker(request):
    """``/yo/sw.js``: JavaScript, never cached for long, allowed to control ``/yo/``."""
    response = render(request, "me/sw.js", {}, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/yo/"
    response["Cache-Control"] = "no-cache"
    return response
