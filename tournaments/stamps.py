"""The state stamp of an event: one number that changes whenever its public pages would.

:attr:`Event.revision <tournaments.models.Event.revision>` grows by one, in the
database (``F("revision") + 1``), inside the transaction of every change an
event's pages, fragments, API bodies or documents show:

- every service, because each locks the event first (:func:`event_touch` is
  called by :func:`tournaments.services.locks.event_lock`);
- every save or delete of the rows the pages read, whoever makes it (the
  admin, imports, a shell): the receivers below, for events, registrations,
  rounds, tables and their seats, documents, and the players, venues and
  games whose names the pages print.

Reading the stamp is one primary-key query (:func:`event_stamp`), so a poll
with nothing new is answered 304 without computing anything, and the caches
of :mod:`tournaments.pagecache` are keyed by it: a recorded or corrected result
changes the stamp in the same commit, and the very next request misses the
cache. The number never goes back (``Event.save`` does not write it), so a key
of an older state is never current again — within one epoch of the
installation: a restore brings back older revisions, so the stamp is
``"<epoch>.<revision>"``, and every restore, migration or flush replaces the
epoch (:mod:`tournaments.services.installation`, issue #26 point 4). A key or
ETag made before a restore is never current after it.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.cache import cache
from django.db import connections, router, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save

from .models import Document, Event, Installation, Player, Registration, Round, Seat, Table


def event_stamp(event_id: int) -> str | None:
    """The stamp of event ``event_id`` as ``"<epoch>.<revision>"``, or ``None`` when there is no such
    event (one query: the installation's epoch is a subquery of the same statement).

    Plain SQL on the primary key: it runs on every page and poll, and the
    ORM's query compilation would cost more than the query.
    """
    with connections[router.db_for_read(Event)].cursor() as cursor:
        cursor.execute(_STAMP_SQL, [event_id])
        row = cursor.fetchone()
    return None if row is None else f"{(row[1] or '0')[:12]}.{row[0]}"


# The id is a parameter; the epoch row is pk 1 (a flushed test database may lack it: epoch "0").
_STAMP_SQL = (
    f"SELECT e.revision, (SELECT i.epoch FROM {Installation._meta.db_table} i WHERE i.id = 1) "
    f"FROM {Event._meta.db_table} e WHERE e.id = %s"
)


def event_touch(event_id: int | None) -> None:
    """Grow the stamp of ``event_id`` by one (inside the caller's transaction; nothing for ``None``).

    Inside :func:`stamps_deferred` the event is only noted, and its stamp
    grows once when that block ends."""
    if event_id is None:
        return
    pending = _deferred.get()
    if pending is not None:
        pending.add(event_id)
        return
    Event.objects.filter(pk=event_id).update(revision=F("revision") + 1)
    _unpublish([event_id])


#: The events touched inside the current :func:`stamps_deferred` block (``None``: not deferring).
_deferred: ContextVar[set[int] | None] = ContextVar("arena_stamps_deferred", default=None)


def stamps_deferring() -> bool:
    """Whether touches are being gathered by a :func:`stamps_deferred` block."""
    return _deferred.get() is not None


@contextmanager
def stamps_deferred() -> Iterator[set[int]]:
    """Gather the touches of the block and grow each touched event's stamp once at its end, still
    inside the caller's transaction (issue #27 point 3).

    A result saved under a shared event lock thus writes the event row last,
    holding its row lock only until the commit, and a save beside it on
    another table runs meanwhile. A block left by an exception grows nothing
    (its transaction is to roll back: the services raise before writing).
    Nested blocks join the outer one. Yields the set of touched event ids
    (a caller about to roll back may empty it).
    """
    outer = _deferred.get()
    if outer is not None:
        yield outer
        return
    pending: set[int] = set()
    token = _deferred.set(pending)
    try:
        yield pending
    finally:
        _deferred.reset(token)
    if pending:
        ids = sorted(pending)
        Event.objects.filter(pk__in=ids).update(revision=F("revision") + 1)
        _unpublish(ids)


def events_touch(queryset) -> None:
    """Grow the stamp of every event in ``queryset`` (a player's or venue's events after a rename)."""
    ids = list(Event.objects.filter(pk__in=queryset.values("pk")).values_list("pk", flat=True))
    if ids:
        Event.objects.filter(pk__in=ids).update(revision=F("revision") + 1)
        _unpublish(ids)


# --------------------------------------------------------------------------- the published stamp
# The early answer of a cached public body (:func:`tournaments.pagecache.early_response`) reads the
# stamp from the shared cache instead of the database. A request that read the stamp from the
# database publishes it there for :data:`PUBLISHED_SECONDS`; every touch withdraws it at once and again
# on commit, so the early answer is never more than that behind the database (DESIGN.md decision 23),
# even when a withdrawal is lost.

logger = logging.getLogger("arena.pagecache")

#: Seconds a stamp published in the shared cache is trusted without asking the database.
PUBLISHED_SECONDS = 2


def _published_key(event_id: int) -> str:
    return f"arena:s:{event_id}"


def stamp_published(event_id: int) -> str | None:
    """The stamp of ``event_id`` as last published in the shared cache (``None``: not published now)."""
    try:
        return cache.get(_published_key(event_id))
    except Exception as exc:  # noqa: BLE001 - a cache down is a miss: the database answers
        logger.warning("page cache: stamp get failed: %s: %s", type(exc).__name__, exc)
        return None


def stamp_publish(event_id: int, stamp: str) -> None:
    """Publish ``stamp``, just read from the database, for :data:`PUBLISHED_SECONDS`."""
    try:
        cache.set(_published_key(event_id), stamp, PUBLISHED_SECONDS)
    except Exception as exc:  # noqa: BLE001 - unpublished, requests ask the database
        logger.warning("page cache: stamp set failed: %s: %s", type(exc).__name__, exc)


def stamps_unpublish(event_ids) -> None:
    """Withdraw the published stamps of ``event_ids`` (their next request asks the database)."""
    try:
        cache.delete_many([_published_key(event_id) for event_id in event_ids])
    except Exception as exc:  # noqa: BLE001 - the stamps then expire within PUBLISHED_SECONDS
        logger.warning("page cache: stamp delete failed: %s: %s", type(exc).__name__, exc)


def _unpublish(event_ids: list[int]) -> None:
    """Withdraw now (a request publishing an older stamp meanwhile is withdrawn again on commit)."""
    stamps_unpublish(event_ids)
    connection = connections[router.db_for_write(Event)]
    if connection.in_atomic_block:
        transaction.on_commit(lambda: stamps_unpublish(event_ids), using=connection.alias)


def _event_saved(sender, instance: Event, raw=False, **kwargs) -> None:
    if not raw:
        event_touch(instance.pk)


def _row_changed(sender, instance, raw=False, **kwargs) -> None:
    """A registration, round, table, seat, document (their ``event_id`` or ``round.event_id``) changed."""
    if raw:
        return
    event_id = getattr(instance, "event_id", None)
    if event_id is None and getattr(instance, "round_id", None) is not None:
        if type(instance).round.is_cached(instance):
            event_id = instance.round.event_id  # a row never changes round, nor a round event
        else:
            event_id = Round.objects.filter(pk=instance.round_id).values_list("event_id", flat=True).first()
    event_touch(event_id)


def _player_saved(sender, instance: Player, raw=False, created=False, **kwargs) -> None:
    if not raw and not created:
        events_touch(Event.objects.filter(registrations__player=instance))


def _venue_saved(sender, instance, raw=False, created=False, **kwargs) -> None:
    if not raw and not created:
        events_touch(Event.objects.filter(venue=instance) | Event.objects.filter(
            registrations__player__home_venue=instance))


def _game_saved(sender, instance, raw=False, created=False, **kwargs) -> None:
    if not raw and not created:
        events_touch(Event.objects.filter(game=instance))


def connect() -> None:
    """Connect the receivers (called once from ``TournamentsConfig.ready``)."""
    from rules.models import Game

    from .models import Venue

    post_save.connect(_event_saved, sender=Event, dispatch_uid="stamp_event")
    for model in (Registration, Round, Table, Seat, Document):
        post_save.connect(_row_changed, sender=model, dispatch_uid=f"stamp_save_{model.__name__}")
        post_delete.connect(_row_changed, sender=model, dispatch_uid=f"stamp_delete_{model.__name__}")
    post_save.connect(_player_saved, sender=Player, dispatch_uid="stamp_player")
    post_save.connect(_venue_saved, sender=Venue, dispatch_uid="stamp_venue")
    post_save.connect(_game_saved, sender=Game, dispatch_uid="stamp_game")
