"""Avisos on «Mi torneo» (issue #29 point 2): a player's browser subscribes to Web Push, or stops.

The browser gives its push service's endpoint and its keys
(``PushSubscription.toJSON()``); the server only ever posts to the push
services of ``ARENA_PUSH_HOSTS`` (:func:`tournaments.push_delivery.endpoint_allowed`).
One endpoint is one browser: subscribing it again updates its keys, and a
browser shared by two players belongs to the last who turned avisos on.
What was sent stays in :class:`~tournaments.models.PushNotice` whatever
happens to the subscription.
"""
from __future__ import annotations

import base64
import binascii

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import ArenaError, StateError
from ..models import Player, PushSubscription
from ..push_delivery import endpoint_allowed, push_enabled
from .locks import player_lock

#: Browsers one player may have subscribed at once; subscribing one more forgets the oldest.
MAX_SUBSCRIPTIONS_PER_PLAYER = 5


def _b64url_bytes(value: str) -> int:
    """The length of a base64url value in bytes, or -1 when it is not base64url."""
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return -1


def _refused(message: str) -> ArenaError:
    return ArenaError("push_subscription_invalid", message)


@transaction.atomic
def push_subscription_create(*, player: Player, endpoint: str, p256dh: str, auth: str,
                             user_agent: str = "") -> PushSubscription:
    """Turn avisos on for ``player`` in the browser of ``endpoint``; returns the subscription.

    Shapes: ``p256dh`` the browser's P-256 public key (65 bytes,
    uncompressed) and ``auth`` its 16-byte secret, both base64url. A known
    endpoint gets the new keys and player, and its failures start again.
    A player keeps at most :data:`MAX_SUBSCRIPTIONS_PER_PLAYER` browsers
    (the oldest is forgotten), so one account cannot make the server post
    to any number of addresses.
    Raises :class:`StateError` ``push_off`` without VAPID keys,
    :class:`ArenaError` ``push_subscription_invalid`` for an endpoint outside
    ``ARENA_PUSH_HOSTS`` or keys of the wrong shape.
    """
    if not push_enabled():
        raise StateError("push_off", _("Los avisos no están activados en este servidor."))
    endpoint = (endpoint or "").strip()
    if len(endpoint) > 1024 or not endpoint_allowed(endpoint):
        raise _refused(_("Tu navegador usa un servicio de avisos que este servidor no acepta."))
    if _b64url_bytes(p256dh or "") != 65 or _b64url_bytes(auth or "") != 16:
        raise _refused(_("Tu navegador mandó claves de avisos inválidas. Probá desactivar y activar los avisos."))
    player_lock(player)  # one player's browsers change one at a time: the cap below holds
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"player": player, "p256dh": p256dh, "auth": auth, "user_agent": (user_agent or "")[:200],
                  "failures": 0, "last_error": ""},
    )
    keep = PushSubscription.objects.filter(player=player).order_by("-created_at", "-pk")
    stale = list(keep.values_list("pk", flat=True)[MAX_SUBSCRIPTIONS_PER_PLAYER:])
    if stale:
        PushSubscription.objects.filter(pk__in=stale).delete()
    return subscription


@transaction.atomic
def push_subscription_delete(*, player: Player, endpoint: str) -> bool:
    """Turn avisos off in the browser of ``endpoint`` (``player``'s only); returns whether one was deleted."""
    deleted, _rows = PushSubscription.objects.filter(player=player, endpoint=(endpoint or "").strip()).delete()
    return bool(deleted)


__all__ = ["push_subscription_create", "push_subscription_delete"]
