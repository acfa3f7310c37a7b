"""The one lock module: every row lock of the project is taken here, in one order.

Inside its one transaction, a service locks, in this order:

1. the **event** (:func:`event_lock`) — always first, even when the
   request names only a match, a pod, a registration or a penalty: the row's
   event is looked up without a lock, locked, and the row is then read again.
   What changes the event's shape (pairing, re-pairing, closing, the top cut,
   finishing, drops, corrections, penalties) holds it **exclusively**; a
   result or a player's report on one table holds it **shared**
   (``shared=True``), so saves on different tables do not wait for each
   other, and none runs beside an exclusive holder (issue #27 point 3). On
   PostgreSQL that is a transaction-level advisory lock on the event
   (:data:`EVENT_LOCK_CLASS`, the event's id), plus the event row ``FOR
   UPDATE`` for an exclusive holder; a shared holder grows the event's stamp
   once at its end (:func:`tournaments.stamps.stamps_deferred`), so the
   event row is written last and held only for the commit;
2. the **round** rows it changes (:func:`round_lock`, the clock);
3. the **table** rows (:func:`table_lock`,
   :func:`round_tables_lock`);
4. the **registration** rows (:func:`registration_lock`,
   :func:`preregistration_lock`, :func:`waitlist_first_lock`);
5. the rest: penalties, decklists, deck checks (:func:`penalty_lock`,
   :func:`decklist_lock`, :func:`deck_check_lock`; a rendered document is
   published by a compare-and-set on its render token after the event's
   stamp, :mod:`tournaments.documents.rendering`), then the league rows —
   the **season** after its event, never before (:func:`season_lock`),
   ProPlayer titles — and the **player** rows of accounts and badges
   (:func:`player_lock`,
   :func:`claim_code_lock`).

A function that locks a row of an event takes its event first, or asks for
it (``event=``: the event the caller already holds, which it does not lock
again).

Since every writer of an event first waits for its event lock, pairing,
re-pairing, closing, the top cut and finishing never run beside a result
being saved: a result answered "saved" is either in the round that was
paired from it, or refused because its round is gone or closed. Two results
of one table wait for each other on the table row.

**Bounded waits.** Every lock first sets PostgreSQL's ``lock_timeout`` for
the transaction (``set_config(..., true)``, i.e. ``SET LOCAL``) to the
setting ``ARENA_LOCK_TIMEOUT_MS`` (default 4000 ms). A lock not granted in
that time raises :class:`~tournaments.errors.Busy` (code ``busy``; the API
answers 503 with ``Retry-After``) and the transaction rolls back: nothing is
half-written. SQLite has no row locks (one writer at a time): nothing to set.

No other module calls ``select_for_update``
(``tests/tournaments/test_locks.py`` fails when one does); the event
exchange (:mod:`tournaments.exchange`) adds its own functions at the end.
"""
from __future__ import annotations

import math

from django.apps import apps
from django.conf import settings
from django.db import OperationalError, connections
from django.db.models import Model, QuerySet
from django.db.transaction import TransactionManagementError
from django.utils.translation import gettext as _

from ..errors import Busy, StateError
from ..models import Event, Penalty, Player, PreRegistration, Registration, Round, Table
from ..stamps import event_touch, stamps_deferring

#: The first key of the events' advisory locks (``pg_advisory_xact_lock(EVENT_LOCK_CLASS, event_id)``).
EVENT_LOCK_CLASS = 27301

#: SQLSTATE of PostgreSQL's ``lock_not_available`` (``lock_timeout`` expired, or ``NOWAIT``).
LOCK_NOT_AVAILABLE = "55P03"


def lock_timeout_ms() -> int:
    """The bounded wait of every lock, in milliseconds (setting ``ARENA_LOCK_TIMEOUT_MS``, default 4000)."""
    return max(1, int(getattr(settings, "ARENA_LOCK_TIMEOUT_MS", 4000)))


def busy() -> Busy:
    """The :class:`Busy` error of an expired lock wait, in Spanish, ``retry_after`` the wait in seconds."""
    return Busy(_("El evento está ocupado por otra operación; probá de nuevo en unos segundos."),
                retry_after=math.ceil(lock_timeout_ms() / 1000))


def is_lock_timeout(exc: BaseException) -> bool:
    """Whether ``exc`` is PostgreSQL's expired lock wait (SQLSTATE 55P03), raw or wrapped by Django."""
    seen = 0
    while exc is not None and seen < 5:
        if getattr(exc, "sqlstate", None) == LOCK_NOT_AVAILABLE or getattr(exc, "pgcode", None) == LOCK_NOT_AVAILABLE:
            return True
        exc, seen = exc.__cause__, seen + 1
    return False


def _locked(rows: QuerySet, *, first: bool = False, bounded: bool = False) -> list:
    """Evaluate ``rows`` with ``FOR UPDATE OF`` its own table, waiting at most :func:`lock_timeout_ms`.

    The one ``select_for_update`` of the project. Raises :class:`Busy` when
    the wait expires (the caller's transaction is then to be rolled back,
    which leaving its ``atomic`` block does). ``bounded``: the wait is set
    for this transaction already.
    """
    connection = connections[rows.db]
    if connection.vendor == "postgresql" and not bounded:
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{lock_timeout_ms()}ms"])
    rows = rows.select_for_update(of=("self",))
    try:
        return list(rows[:1] if first else rows)
    except OperationalError as exc:
        if is_lock_timeout(exc):
            raise busy() from exc
        raise


def _one(rows: QuerySet, *, bounded: bool = False):
    found = _locked(rows, first=True, bounded=bounded)
    return found[0] if found else None


def _pk(row: Model | int) -> int:
    return row.pk if isinstance(row, Model) else int(row)


def _advisory(connection, event_id: int, *, shared: bool) -> None:
    """Take event ``event_id``'s advisory lock for this transaction (PostgreSQL), waiting at most
    :func:`lock_timeout_ms`; raises :class:`Busy` when the wait expires."""
    function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{lock_timeout_ms()}ms"])
            cursor.execute(f"SELECT {function}(%s, %s)", [EVENT_LOCK_CLASS, event_id])
    except OperationalError as exc:
        if is_lock_timeout(exc):
            raise busy() from exc
        raise


def event_lock(event: Event | int, *, shared: bool = False) -> Event:
    """Lock and return the event (with its game) inside the caller's transaction.

    Exclusive by default; ``shared=True`` (a result or a report on one
    table, inside :func:`tournaments.stamps.stamps_deferred`) lets other
    shared holders in and keeps exclusive ones out. Every state change
    starts here, so this is also where the event's state stamp grows
    (:mod:`tournaments.stamps`): the caches of its pages miss from the commit
    on; a transaction that rolls back leaves the stamp as it was.

    Raises :class:`django.db.transaction.TransactionManagementError` outside
    a transaction on PostgreSQL; :class:`Event.DoesNotExist` for an unknown id;
    :class:`Busy` when another operation holds the event longer than the wait;
    :class:`RuntimeError` for ``shared=True`` outside ``stamps_deferred``.
    """
    pk = _pk(event)
    rows = Event.objects.select_related("game").filter(pk=pk)
    connection = connections[rows.db]
    if connection.vendor == "postgresql":
        if not connection.in_atomic_block:
            raise TransactionManagementError("event_lock needs a transaction.")
        if shared and not stamps_deferring():
            raise RuntimeError("event_lock(shared=True) grows the stamp at the end: call it inside stamps_deferred().")
        _advisory(connection, pk, shared=shared)
    locked = rows.first() if shared else _one(rows, bounded=connection.vendor == "postgresql")
    if locked is None:
        raise Event.DoesNotExist(f"Event {pk} does not exist.")
    event_touch(locked.pk)
    locked.revision += 1
    return locked


def _event_held(event_id: int, held: Event | None, *, shared: bool = False) -> Event:
    """``held`` when it is event ``event_id`` (the caller locked it already), else :func:`event_lock`."""
    if held is not None and held.pk == event_id:
        return held
    return event_lock(event_id, shared=shared)


def round_lock(rnd: Round | int, *, event: Event | None = None) -> tuple[Event, Round]:
    """Lock the round's event, then the round; returns both (the round's ``event`` set).

    Raises :class:`Round.DoesNotExist` for an unknown id, :class:`Busy`.
    """
    pk = _pk(rnd)
    event = _event_held(Round.objects.filter(pk=pk).values_list("event_id", flat=True).get(), event)
    locked = _one(Round.objects.filter(pk=pk))
    locked.event = event
    return event, locked


def _gone(what: str) -> StateError:
    return StateError(
        "table_gone",
        _("%(what)s ya no existe: la ronda se volvió a emparejar. Volvé a cargar la página de mesas.")
        % {"what": what},
    )


def table_lock(table: Table | int, *, event: Event | None = None, shared: bool = False) -> tuple[Event, Table]:
    """Lock the table's event (shared with ``shared=True``: see :func:`event_lock`), then the table;
    returns both, the table with its round and seats.

    Raises :class:`StateError` ``table_gone`` when the table no longer exists
    (a re-pair replaced it while the judge's form was open); :class:`Busy`.
    """
    pk = _pk(table)
    if isinstance(table, Table) and Table.round.is_cached(table):
        event_id = table.round.event_id  # a table never changes round, nor a round event
    else:
        event_id = Table.objects.filter(pk=pk).values_list("round__event_id", flat=True).first()
        if event_id is None:
            raise _gone(_("La mesa"))
    event = _event_held(event_id, held=event, shared=shared)
    locked = _one(Table.objects.select_related("round").filter(pk=pk))
    if locked is None:
        raise _gone(_("La mesa"))
    locked.round.event = event
    return event, locked


def round_tables_lock(rnd: Round, *, event: Event, order_by: tuple[str, ...] = ("pk",)) -> list[Table]:
    """Lock every match of ``rnd`` (of ``event``, which the caller holds); returns them in ``order_by``."""
    if rnd.event_id != event.pk:
        raise ValueError("round_tables_lock: the round is of another event")
    return _locked(Table.objects.filter(round=rnd).order_by(*order_by))


def _player_row_lock(model, row, held: Event | None):
    """Lock the event of ``row`` (a registration or a pre-registration, or its id), then the row with its player."""
    pk = _pk(row)
    event = _event_held(model.objects.filter(pk=pk).values_list("event_id", flat=True).get(), held)
    locked = _one(model.objects.select_related("player").filter(pk=pk))
    if locked is None:
        raise model.DoesNotExist(f"{model.__name__} {pk} does not exist.")
    locked.event = event
    return event, locked


def registration_lock(registration: Registration | int, *,
                      event: Event | None = None) -> tuple[Event, Registration]:
    """Lock the registration's event, then the registration (with its player and the game)."""
    return _player_row_lock(Registration, registration, event)


def preregistration_lock(preregistration: PreRegistration | int, *,
                         event: Event | None = None) -> tuple[Event, PreRegistration]:
    """Lock the pre-registration's event, then the pre-registration (with its player)."""
    return _player_row_lock(PreRegistration, preregistration, event)


def waitlist_first_lock(waitlist: QuerySet, *, event: Event) -> PreRegistration | None:
    """Lock and return the first pre-registration of ``waitlist`` (an ordered queryset of
    ``event``'s, which the caller holds) with its player, or ``None`` when it is empty."""
    return _one(waitlist.filter(event=event).select_related("player"))


def penalty_lock(penalty: Penalty | int, *, event: Event | None = None) -> tuple[Event, Penalty]:
    """Lock the penalty's event, its match (if any), its registration, then the penalty.

    Returns ``(event, penalty)``, the penalty with its registration, event,
    game and match round. Raises :class:`Penalty.DoesNotExist`, :class:`Busy`.
    """
    pk = _pk(penalty)
    registration_id, match_id, event_id = Penalty.objects.filter(pk=pk).values_list(
        "registration_id", "match_id", "registration__event_id").get()
    event = _event_held(event_id, event)
    if match_id is not None:
        table_lock(match_id, event=event)
    registration_lock(registration_id, event=event)
    locked = _one(Penalty.objects.select_related("registration__event__game", "match__round").filter(pk=pk))
    return event, locked


def decklist_lock(registration: Registration | int, *, event: Event | None = None):
    """Lock the registration's event, the registration, then its decklist.

    Returns ``(event, registration, decklist)``, the decklist ``None`` when
    the player has none yet (the caller creates it, one per registration).
    """
    Decklist = apps.get_model("rules", "Decklist")
    event, registration = registration_lock(registration, event=event)
    return event, registration, _one(Decklist.objects.filter(registration=registration))


def decklist_rows_lock(rows: QuerySet, *, event: Event) -> list:
    """Lock the decklists of ``rows`` (a queryset of ``event``'s lists, which the caller holds)."""
    return _locked(rows.filter(registration__event=event))


def deck_check_lock(check, *, event: Event | None = None):
    """Lock the deck check's event, its registration, then the check; returns ``(event, check)``."""
    DeckCheck = apps.get_model("rules", "DeckCheck")
    pk = _pk(check)
    event, registration = registration_lock(
        DeckCheck.objects.filter(pk=pk).values_list("registration_id", flat=True).get(), event=event)
    locked = _one(DeckCheck.objects.filter(pk=pk))
    locked.registration = registration
    return event, locked


def season_lock(season, *, event: Event | None = None):
    """Lock the league season row (after ``event``, which the caller holds, never before).

    One closing of a season at a time. The model is looked up by name:
    :mod:`tournaments` never imports :mod:`leagues`.
    """
    Season = apps.get_model("leagues", "Season")
    return _one(Season.objects.filter(pk=_pk(season)))


def pro_player_titles_lock(rows: QuerySet, *, event: Event) -> list:
    """Lock the ProPlayer title rows of ``rows`` (``event``'s, which the caller holds)."""
    return _locked(rows.filter(event=event))


def player_lock(player: Player | int) -> Player:
    """Lock and return the player row (account changes, a badge awarded by hand).

    Taken after any event lock of the same transaction. Raises
    :class:`Player.DoesNotExist`, :class:`Busy`.
    """
    locked = _one(Player.objects.filter(pk=_pk(player)))
    if locked is None:
        raise Player.DoesNotExist(f"Player {_pk(player)} does not exist.")
    return locked


def claim_code_lock(code_id: int, *, player: Player):
    """Lock the claim code ``code_id`` of ``player`` (whose row the caller holds); returns it."""
    PlayerClaimCode = apps.get_model("accounts", "PlayerClaimCode")
    return _one(PlayerClaimCode.objects.filter(pk=code_id, player=player))


__all__ = [
    "busy", "claim_code_lock", "deck_check_lock", "decklist_lock", "decklist_rows_lock",
    "event_lock", "is_lock_timeout", "lock_timeout_ms", "penalty_lock", "player_lock",
    "preregistration_lock", "pro_player_titles_lock", "registration_lock", "round_lock",
    "round_tables_lock", "season_lock", "table_lock", "waitlist_first_lock",
]

# --------------------------------------------------------------------------- the event exchange
# tournaments.exchange adds its lock functions below this line (same rules: the event first,
# every lock through _locked, so every wait is bounded and ends in Busy).

# An import locks, in this order: the event row by its uid (when this server has it), then the
# players the file names; issuing a venue's publish key locks the venue row alone.

def event_lock_by_uid(uid) -> Event | None:
    """Lock and return the event whose :attr:`Event.uid` is ``uid`` (its state stamp grows), or ``None``."""
    pk = Event.objects.filter(uid=uid).values_list("pk", flat=True).first()
    return event_lock(pk) if pk is not None else None


def players_lock(numbers) -> dict:
    """Lock the players with these ``player_number`` values (after the event); ``{number: Player}``."""
    rows = _locked(Player.objects.filter(player_number__in=list(numbers)).order_by("pk"))
    return {p.player_number: p for p in rows}


def venue_lock(venue):
    """Lock and return the venue row (a :class:`~tournaments.models.Venue` or its id)."""
    from ..models import Venue

    locked = _one(Venue.objects.filter(pk=_pk(venue)))
    if locked is None:
        raise Venue.DoesNotExist(f"Venue {_pk(venue)} does not exist.")
    return locked


__all__ += ["event_lock_by_uid", "players_lock", "venue_lock"]
