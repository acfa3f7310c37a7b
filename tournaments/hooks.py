"""What else happens when a round is paired or an event finishes.

Services call these inside their transaction; each hook schedules its work
with ``transaction.on_commit`` so a worker never sees uncommitted rows and a
failure there (a PDF that cannot render) never undoes a pairing.
"""
from __future__ import annotations

from .models import Event, Round


def round_paired(rnd: Round) -> None:
    """A round was paired: queue its documents; at round 1 lock the decklists."""
    from . import documents

    documents.request_round_documents(rnd)
    if rnd.number == 1:
        from rules import services as rules_services

        rules_services.decklists_lock(event=rnd.event)


def event_finished(event: Event) -> None:
    """An event finished: post its league points (idempotent); print the final standings."""
    from leagues import services as league_services

    from . import documents

    league_services.event_points_post(event=event)
    documents.request_event_documents(event)
