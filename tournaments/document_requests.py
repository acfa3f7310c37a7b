"""Asking for printed documents: mark them queued, send the render task on commit (issue #5).

What is printed and how it is rendered is :mod:`tournaments.documents`;
the task that renders is :mod:`tournaments.tasks`. This module sits above
both, so the task never has to import what sends it.

Rendering never blocks pairing or results: services call
:func:`request_round_documents` inside their transaction (through
:mod:`tournaments.hooks`); it marks the rows queued and, with a broker
(:func:`~tournaments.documents.render_mode` ``"task"``), enqueues the
Celery task on commit. On the embedded default (no broker, mode
``"download"``) nothing more happens here: the rows stay queued and the
first download of each renders it (:mod:`tournaments.views.documents`), so
pairing a round of thousands of players never waits for five PDFs. Every
failure after that is recorded on the row (state ``failed`` and the error),
never raised into the request.
"""
from __future__ import annotations

import functools
import logging
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from .documents import kinds_for_round, render_mode
from .enums import DocumentKind, DocumentState, RoundPhase
from .models import Document, Event, Round
from .tasks import send_renders

logger = logging.getLogger(__name__)


def request_round_documents(rnd: Round, kinds: Iterable[str] | None = None) -> list[int]:
    """Mark the round's documents queued and render them after commit.

    Call it inside the transaction that paired the round (it is the
    ``round_paired`` hook's job): rows are created or reset to ``queued``
    now, and the tasks are sent only once the transaction commits, so a
    worker never sees a round that is not there yet and a rollback sends
    nothing (in ``"download"`` mode none are sent: the first download
    renders). Existing files stay until their replacement is ready. Returns
    the document ids.
    """
    ids: list[int] = []
    for kind in kinds if kinds is not None else kinds_for_round(rnd):
        doc, created = Document.objects.get_or_create(
            round=rnd, kind=kind, defaults={"event_id": rnd.event_id, "state": DocumentState.QUEUED}
        )
        if not created:
            _requeue(Document.objects.filter(pk=doc.pk))
        ids.append(doc.pk)
    _enqueue_on_commit(ids)
    return ids


def request_event_documents(event: Event) -> list[int]:
    """Print the final standings (and bracket) again once ``event`` finished (pods: the pod standings).

    They hang on the event's last round (see
    :class:`~tournaments.models.Document`). Called by the ``event_finished``
    hook inside the finishing transaction.
    """
    last = event.rounds.order_by("-number").first()
    if last is None:
        return []
    kinds = [DocumentKind.STANDINGS]
    if last.phase == RoundPhase.TOP_CUT:  # the event ended in a bracket (a top cut, or a single elimination)
        kinds.append(DocumentKind.BRACKET)
    return request_round_documents(last, kinds=[str(k) for k in kinds])


@transaction.atomic
def documents_retry(*, documents: Iterable[Document]) -> int:
    """Render ``documents`` again (the admin's retry action); returns how many.

    Idempotent: each run replaces the document's file (the current one is
    served until then). The count of attempts goes on: one whose automatic
    retries are used up renders once more, and is not retried again if that
    fails. The tasks are sent after commit; in ``"download"`` mode the next
    download renders.
    """
    ids = [doc.pk for doc in documents]
    _requeue(Document.objects.filter(pk__in=ids), fresh=False)
    _enqueue_on_commit(ids)
    return len(ids)


def _enqueue_on_commit(ids: list[int]) -> None:
    """Send the render tasks after commit, unless the documents render on download."""
    if ids and render_mode() == "task":
        transaction.on_commit(functools.partial(_enqueue, ids), robust=True)


def _requeue(queryset, *, fresh: bool = True) -> None:
    """Mark the rows ``queued`` (``fresh``: new data, a new count of attempts); the current file stays.

    A render running meanwhile loses its claim (its file is not published:
    the data may have changed), and the reaper's clock for a lost message
    starts now.
    """
    changes = {"attempts": 0} if fresh else {}
    queryset.update(state=DocumentState.QUEUED, error="", render_token="", render_started_at=None, retry_at=None,
                    updated_at=timezone.now(), **changes)


def _enqueue(ids: list[int]) -> None:
    """Send one render task per document (:func:`tournaments.tasks.send_renders`)."""
    send_renders(ids)
