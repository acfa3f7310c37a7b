"""What else happens when a round is paired or an event finishes.

Services call these inside their transaction; each hook schedules its work
with ``transaction.on_commit`` so a worker never sees uncommitted rows and a
failure there (a PDF that cannot render) never undoes a pairing.
"""
from __future__ import annotations

from . import document_requests, push_requests, signals
from .enums import DocumentKind
from .models import Document, Event, Round, Table


def round_paired(rnd: Round) -> None:
    """A round was paired: queue its documents, tell the listeners and the players.

    :data:`tournaments.signals.round_paired` is sent inside the pairing
    transaction; ``rules`` locks the decklists on it when round 1 is paired.
    The players who turned avisos on get their table by Web Push after
    commit (:mod:`tournaments.push_requests`).
    """
    document_requests.request_round_documents(rnd)
    signals.round_paired.send(sender=Round, rnd=rnd)
    push_requests.request_round_paired(rnd)


def table_result_recorded(table: Table) -> None:
    """A table's result was recorded (not a provisional score): its players are told after commit."""
    push_requests.request_table_result(table)


def event_finished(event: Event) -> None:
    """An event finished, or its podium changed: tell the listeners, print the final standings.

    :data:`tournaments.signals.event_finished` is sent here, inside the
    service's transaction; ``leagues`` posts the event's points on it
    (idempotent), so ``tournaments`` never imports ``leagues``.
    """
    signals.event_finished.send(sender=Event, event=event)
    document_requests.request_event_documents(event)


def event_voided(event: Event) -> None:
    """An event was voided: tell the listeners (``leagues`` reverses its points) inside the service's transaction."""
    signals.event_voided.send(sender=Event, event=event)


def match_time_extended(match: Table) -> None:
    """A table got extra time: print the round's result slips again if they were requested.

    The slip shows the table's extra minutes; a round whose slips were never
    asked for is left alone.
    """
    kind = str(DocumentKind.RESULT_SLIPS)
    if Document.objects.filter(round_id=match.round_id, kind=kind).exists():
        document_requests.request_round_documents(match.round, kinds=[kind])
