"""Answers kept per ``Idempotency-Key``: a client that lost the answer of a change sends it again and gets the
same answer, and nothing is recorded twice.

Shared by the API (``POST /api/tables/<id>/result/``) and the judge's result form
(:func:`tournaments.views.judge.table`, which the phone's offline queue sends again): the key is
scoped to the user and what the request changes; the answer is kept for a day, once the change's
transaction has committed. The same key with other data is the client's mistake
(:func:`answer_kept` tells it apart).
"""
from __future__ import annotations

import hashlib
import json
import logging

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

IDEMPOTENCY_TTL = 24 * 3600  # seconds an Idempotency-Key answer is kept
HEADER = "Idempotency-Key"


def idempotency_cache_key(request, scope: str) -> str | None:
    """The cache key of the request's ``Idempotency-Key`` header within ``scope``, or ``None`` without one."""
    key = request.headers.get(HEADER, "").strip()
    if not key:
        return None
    digest = hashlib.blake2b(f"{request.user.pk}|{scope}|{key}".encode(), digest_size=16).hexdigest()
    return f"arena:idem:{digest}"


def payload_digest(data) -> str:
    """A digest of the request's data, to tell a repeated request from another one under the same key."""
    return hashlib.blake2b(json.dumps(data, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()


def answer_kept(cache_key: str | None, payload: str) -> tuple[bool, object]:
    """``(found, data)``: the answer kept for ``cache_key``; ``found`` is ``"other"`` when the key was used with
    other data (``data`` is then ``None``)."""
    if cache_key is None:
        return False, None
    kept = cache.get(cache_key)
    if kept is None:
        return False, None
    if kept["payload"] != payload:
        return "other", None
    return True, kept["data"]


def answer_remember(cache_key: str | None, payload: str, data) -> None:
    """Keep the answer of a keyed request once its transaction commits; a cache failure is only logged."""
    if cache_key is None:
        return

    def store() -> None:
        try:
            cache.set(cache_key, {"payload": payload, "data": data}, IDEMPOTENCY_TTL)
        except Exception:  # the change is saved: the answer must not fail because of the cache
            logger.exception("could not keep the answer of an Idempotency-Key")

    transaction.on_commit(store, robust=True)
