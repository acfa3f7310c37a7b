"""What this database is: production or not, and the epoch of its caches (issue #26 points 4 and 7).

- :func:`installation_epoch_advance` gives the installation a new random cache epoch. Every key and
  ETag of the page caches carries it (:func:`tournaments.stamps.event_stamp`), so after a restore
  (which brings back older revisions), a migration, or a flush, nothing cached before can be
  served again — not from Redis, not from a worker's memo, not as a phone's 304.
- :func:`installation_mark_production` marks the database as a real installation: the demo
  commands refuse it from then on (:func:`tournaments.demo.refuse_real_database`).

The row is ``pk=1``; a database flushed by a test or created before it existed gets it on first use.
"""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from ..models import Event, Installation
from ..stamps import stamps_unpublish


def installation_get() -> Installation:
    """The installation row (created when missing)."""
    row = Installation.objects.filter(pk=1).first()
    if row is None:
        row, _created = Installation.objects.get_or_create(pk=1, defaults={"epoch": secrets.token_hex(16)})
    return row


def installation_is_production() -> bool:
    """True once the production start marked this database."""
    return Installation.objects.filter(pk=1, kind=Installation.KIND_PRODUCTION).exists()


def installation_epoch_advance(*, using: str = "default") -> str:
    """Replace the cache epoch with a new random token and return it (one UPDATE, or the row's INSERT);
    the stamps published in the shared cache are withdrawn."""
    epoch = secrets.token_hex(16)
    with transaction.atomic(using=using):
        updated = Installation.objects.using(using).filter(pk=1).update(epoch=epoch, epoch_at=timezone.now())
        if not updated:
            Installation.objects.using(using).create(pk=1, epoch=epoch, epoch_at=timezone.now())
    stamps_unpublish(Event.objects.using(using).values_list("pk", flat=True))
    return epoch


def installation_mark_production() -> bool:
    """Mark this database as a real installation; returns whether it was not marked before."""
    with transaction.atomic():
        row = installation_get()
        if row.kind == Installation.KIND_PRODUCTION:
            return False
        Installation.objects.filter(pk=1).update(kind=Installation.KIND_PRODUCTION, marked_at=timezone.now())
    return True
