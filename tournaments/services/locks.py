"""The one lock order of every state change of an event.

Inside its one transaction, a service locks, in this order:

1. the **event** row (:func:`event_lock`) — always first, even when the
   request names only a match, a pod, a registration or a penalty: the row's
   event is looked up without a lock, locked, and the row is then read again;
2. the **round** rows it changes (the clock);
3. the **match** or **pod** rows;
4. the **registration** rows;
5. penalties, decklists, ledger entries and documents.

Since every writer of an event first waits for its event row, pairing,
re-pairing, closing, the top cut and finishing never run beside a result
being saved: a result answered "saved" is either in the round that was
paired from it, or refused because its round is gone or closed.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from ..errors import StateError
from ..models import Event, Match, PodTable, PreRegistration, Registration
from ..stamps import event_touch


def event_lock(event: Event | int) -> Event:
    """Lock and return the event row (with its game) inside the caller's transaction.

    Every state change starts here, so this is also where the event's state
    stamp grows (:mod:`tournaments.stamps`): the caches of its pages miss from
    the commit on; a transaction that rolls back leaves the stamp as it was.

    Raises :class:`django.db.transaction.TransactionManagementError` outside
    a transaction on PostgreSQL; :class:`Event.DoesNotExist` for an unknown id.
    """
    pk = event.pk if isinstance(event, Event) else event
    locked = Event.objects.select_for_update(of=("self",)).select_related("game").get(pk=pk)
    event_touch(locked.pk)
    locked.revision += 1
    return locked


def _gone(what: str) -> StateError:
    return StateError(
        "table_gone",
        _("%(what)s ya no existe: la ronda se volvió a emparejar. Vuelva a cargar la página de mesas.")
        % {"what": what},
    )


def _table_lock(model, pk: int):
    """Lock the event of a match or pod ``pk``, then the row; ``table_gone`` when a re-pair replaced it."""
    event_id = model.objects.filter(pk=pk).values_list("round__event_id", flat=True).first()
    if event_id is None:
        raise _gone(_("La mesa"))
    event = event_lock(event_id)
    locked = model.objects.select_for_update(of=("self",)).select_related("round").filter(pk=pk).first()
    if locked is None:
        raise _gone(_("La mesa"))
    locked.round.event = event
    return event, locked


def match_lock(match: Match | int) -> tuple[Event, Match]:
    """Lock the match's event, then the match; returns both, the match with its round.

    Raises :class:`StateError` ``table_gone`` when the match no longer exists
    (a re-pair replaced it while the judge's form was open).
    """
    return _table_lock(Match, match.pk if isinstance(match, Match) else match)


def pod_lock(pod: PodTable | int) -> tuple[Event, PodTable]:
    """Lock the pod's event, then the pod; :class:`StateError` ``table_gone`` when it no longer exists."""
    return _table_lock(PodTable, pod.pk if isinstance(pod, PodTable) else pod)


def _player_row_lock(model, row):
    """Lock the event of ``row`` (a registration or a pre-registration, or its id), then the row with its player."""
    pk = row.pk if isinstance(row, model) else row
    event_id = model.objects.filter(pk=pk).values_list("event_id", flat=True).get()
    event = event_lock(event_id)
    locked = model.objects.select_for_update(of=("self",)).select_related("player").get(pk=pk)
    locked.event = event
    return event, locked


def registration_lock(registration: Registration | int) -> tuple[Event, Registration]:
    """Lock the registration's event, then the registration (with its player and the game)."""
    return _player_row_lock(Registration, registration)


def preregistration_lock(preregistration: PreRegistration | int) -> tuple[Event, PreRegistration]:
    """Lock the pre-registration's event, then the pre-registration (with its player)."""
    return _player_row_lock(PreRegistration, preregistration)


__all__ = ["event_lock", "match_lock", "pod_lock", "preregistration_lock", "registration_lock"]


# -- Event files (tournaments.exchange, issue #26) ------------------------------------------------
# An import locks, in this order: the event row by its uid (when this server has it), then the
# players the file names; issuing a venue's publish key locks the venue row alone.

def event_lock_by_uid(uid) -> Event | None:
    """Lock and return the event whose :attr:`Event.uid` is ``uid`` (its state stamp grows), or ``None``."""
    pk = Event.objects.filter(uid=uid).values_list("pk", flat=True).first()
    return event_lock(pk) if pk is not None else None


def players_lock(numbers) -> dict:
    """Lock the players with these ``player_number`` values (after the event); ``{number: Player}``."""
    from ..models import Player

    rows = Player.objects.select_for_update(of=("self",)).filter(player_number__in=list(numbers)).order_by("pk")
    return {p.player_number: p for p in rows}


def venue_lock(venue):
    """Lock and return the venue row (a :class:`~tournaments.models.Venue` or its id)."""
    from ..models import Venue

    pk = venue.pk if isinstance(venue, Venue) else venue
    return Venue.objects.select_for_update(of=("self",)).get(pk=pk)


__all__ += ["event_lock_by_uid", "players_lock", "venue_lock"]
