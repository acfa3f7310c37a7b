"""Integrity and signature of an event file (issue #26 point 2; DESIGN.md decision 24).

A signed file carries, at its top level, ``"integrity": {"sha256": …,
"key_id": …, "hmac": …}``: the SHA-256 of the document's canonical JSON
(the document without ``integrity``, keys sorted, no spaces, UTF-8) and the
HMAC-SHA256 of the same bytes with the publishing venue's secret
(:class:`tournaments.models.VenuePublishKey`). The national server checks
both before it reads anything else of the file (:func:`verify`).

A venue laptop keeps its key as one text, ``<key_id>.<secret>``
(``manage.py venue_publish_key`` prints it on the national server); it
reaches the exporting commands by ``--key`` or the ``ARENA_PUBLISH_KEY``
setting (environment variable of the same name).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import ArenaError
from ..models import Venue, VenuePublishKey
from ..services.locks import venue_lock

INTEGRITY = "integrity"


class SignatureRefused(ArenaError):
    """The file's checksum or signature is missing or wrong; nothing of it was read."""

    status = 400


def canonical(doc: dict[str, Any]) -> bytes:
    """The bytes the checksum and the signature cover: ``doc`` without ``integrity``, canonical JSON."""
    body = {k: v for k, v in doc.items() if k != INTEGRITY}
    return json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str).encode("utf-8")


def key_parse(text: str) -> tuple[str, str]:
    """``(key_id, secret)`` from ``"<key_id>.<secret>"``; raises :class:`SignatureRefused` for another shape."""
    key_id, dot, secret = (text or "").strip().partition(".")
    if not dot or not key_id or not secret:
        raise SignatureRefused("bad_key", _(
            "La clave de publicación tiene que tener la forma «identificador.secreto»."))
    return key_id, secret


def configured_key() -> str:
    """The venue laptop's stored key (``settings.ARENA_PUBLISH_KEY``), ``""`` when none."""
    return getattr(settings, "ARENA_PUBLISH_KEY", "") or ""


def sign(doc: dict[str, Any], key: str) -> dict[str, Any]:
    """``doc`` with its ``integrity`` block for the key text ``"<key_id>.<secret>"`` (a new dict)."""
    key_id, secret = key_parse(key)
    body = canonical(doc)
    return {**{k: v for k, v in doc.items() if k != INTEGRITY},
            INTEGRITY: {"sha256": hashlib.sha256(body).hexdigest(), "key_id": key_id,
                        "hmac": hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()}}


def verify(doc: Any, *, unsigned: bool = False) -> VenuePublishKey | None:
    """The key that signed ``doc``, after checking its checksum and signature; ``None`` for an accepted unsigned file.

    ``unsigned=True`` (the operator's ``event_import --unsigned``) accepts a
    file without ``integrity``; a file that has one is checked all the same.
    The key must be active and of the venue the file names
    (``event.venue``). Raises :class:`SignatureRefused` with a Spanish
    message naming what is wrong.
    """
    if not isinstance(doc, dict):
        raise SignatureRefused("bad_file", _("El archivo no es un archivo de evento de Arena."))
    block = doc.get(INTEGRITY)
    if block is None:
        if unsigned:
            return None
        raise SignatureRefused("unsigned", _(
            "integrity: el archivo no está firmado. Exportalo con la clave de publicación de la sede "
            "(publish_event o event_export --sign)."))
    if not isinstance(block, dict) or not all(isinstance(block.get(k), str) for k in ("sha256", "key_id", "hmac")):
        raise SignatureRefused("bad_integrity", _("integrity: se esperaban «sha256», «key_id» y «hmac» (textos)."))
    body = canonical(doc)
    if not hmac.compare_digest(hashlib.sha256(body).hexdigest(), block["sha256"]):
        raise SignatureRefused("bad_checksum", _(
            "integrity.sha256: el contenido no coincide con su suma de verificación (el archivo fue modificado o "
            "está incompleto)."))
    key = VenuePublishKey.objects.select_related("venue").filter(key_id=block["key_id"]).first()
    if key is None:
        raise SignatureRefused("unknown_key", _("integrity.key_id: la clave «%(key)s» no existe en este servidor.")
                               % {"key": block["key_id"]})
    expected = hmac.new(key.secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, block["hmac"]):
        raise SignatureRefused("bad_signature", _(
            "integrity.hmac: la firma no corresponde a la clave «%(key)s» de %(venue)s.")
            % {"key": key.key_id, "venue": key.venue})
    if key.revoked_at is not None:
        raise SignatureRefused("revoked_key", _(
            "integrity.key_id: la clave «%(key)s» de %(venue)s fue reemplazada; pedí la clave nueva.")
            % {"key": key.key_id, "venue": key.venue})
    event = doc.get("event") if isinstance(doc.get("event"), dict) else {}
    spec = event.get("venue") if isinstance(event.get("venue"), dict) else {}
    if (spec.get("name"), spec.get("province")) != (key.venue.name, key.venue.province):
        raise SignatureRefused("other_venue", _(
            "event.venue: el archivo está firmado con la clave de %(venue)s, no de la sede del evento.")
            % {"venue": key.venue})
    return key


@transaction.atomic
def venue_publish_key_issue(*, venue: Venue | int, by=None) -> tuple[VenuePublishKey, str]:
    """Issue a new publish key for ``venue`` and revoke its earlier ones; returns ``(key, "<key_id>.<secret>")``.

    The text is shown once: the server keeps the secret to check signatures,
    the venue laptop stores the text (``ARENA_PUBLISH_KEY``).
    """
    venue = venue_lock(venue)
    now = timezone.now()
    VenuePublishKey.objects.filter(venue=venue, revoked_at__isnull=True).update(revoked_at=now)
    key = VenuePublishKey.objects.create(venue=venue, key_id=secrets.token_hex(6), secret=secrets.token_hex(32),
                                         issued_by=by)
    return key, f"{key.key_id}.{key.secret}"
