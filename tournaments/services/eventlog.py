"""The event log: one append-only row per state change, written inside the change's transaction.

Every service of :mod:`tournaments.services` (and the penalty services)
calls :func:`event_log_append` after its writes, with the event row already
locked, so an entry exists exactly when its change committed.
"""
from __future__ import annotations

from ..enums import EventLogAction
from ..formats import format_for
from ..formats.base import GAME_RESULTS
from ..models import Event, EventLogEntry

#: Service name → what the log shows (the choices of :attr:`EventLogEntry.action`).
ACTION_LABELS = dict(EventLogAction.choices)


def table_place(table) -> dict:
    """Where an entry about one table happened, for the log's readers (:mod:`tournaments.eventlog_text`).

    ``table`` is a table with its round; returns ``{"round": n,
    "table": t}`` plus, for a two-player table, ``"players": [a, b]`` (the
    registration ids of sides A and B, so a score reads with its winner's
    name). Services merge it into the entry's ``after``.
    """
    place = {"round": table.round.number, "table": table.table_number}
    if format_for(table.round.event).table_results == GAME_RESULTS:
        place["players"] = [table.player_a_id, table.player_b_id]
    return place


def _actor(by):
    return by if getattr(by, "pk", None) else None


def event_log_append(
    *, event: Event | int, action: str, by=None, subject: str = "", before: dict | None = None,
    after: dict | None = None, reason: str = "",
) -> EventLogEntry:
    """Append one entry to the event's log and return it.

    ``action`` is the service's name (a key of :data:`ACTION_LABELS`),
    ``by`` the user who asked (``None`` for a command or a task),
    ``subject`` what it touched in words, ``before``/``after`` JSON objects
    of the values that changed. Raises :class:`KeyError` for an action the
    log does not know, so a new service cannot log under a typo.
    """
    ACTION_LABELS[action]  # noqa: B018 — refuse unknown actions
    return EventLogEntry.objects.create(
        event_id=event.pk if isinstance(event, Event) else event,
        action=action,
        actor=_actor(by),
        subject=str(subject)[:200],
        before=before or {},
        after=after or {},
        reason=reason or "",
    )
