"""Celery tasks: they only orchestrate (STYLE.md §6).

Each task takes ids, loads through :mod:`tournaments.documents`, renders
with :mod:`tournaments.pdf` and stores the file. Names are explicit so a
worker and a web process of different versions agree on them.

Delivery is at least once (issue #15; ``config/settings.py``, the Celery
section): a message is acknowledged after its task ran and goes back to the
queue when its worker process dies, and the reaper (:func:`recover_documents`,
on Celery beat) sends again what a lost worker or broker left behind. A
render may therefore run twice; its claim on the row
(:func:`tournaments.documents.document_render`) makes that harmless.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task
from django.conf import settings

from . import documents

logger = logging.getLogger(__name__)

#: Attempts after the first one for a transient error (disk, storage).
RENDER_MAX_RETRIES = 3


@shared_task(
    bind=True,
    name="tournaments.render_document",
    autoretry_for=(OSError,),
    max_retries=RENDER_MAX_RETRIES,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=getattr(settings, "ARENA_DOCUMENTS_RENDER_SOFT_TIME_LIMIT", 45),
    time_limit=getattr(settings, "ARENA_DOCUMENTS_RENDER_TIME_LIMIT", 55),
    ignore_result=True,
)
def render_document(self, document_id: int) -> str:
    """Render the document ``document_id`` and make its file current.

    Idempotent: running it again replaces the file (the URL stays); a copy of
    a message already rendered renders nothing. The claim's token is the task
    id, so the same message delivered again after its worker died takes the
    render over at once. An ``OSError`` is retried up to
    :data:`RENDER_MAX_RETRIES` times with exponential backoff; any other
    error (the soft time limit too), or the last failed retry, marks the
    document ``failed`` with the error instead of raising. Returns the
    state then (``ready``, ``failed``, ``queued``, ``rendering`` if another
    render holds it, ``missing`` if the row is gone).
    """
    final = self.request.retries >= (self.max_retries or 0)
    return documents.document_render(document_id=document_id, token=self.request.id or "", final_attempt=final)


@shared_task(name="tournaments.documents_recover", ignore_result=True)
def recover_documents() -> dict[str, int]:
    """The reaper (Celery beat, every ``ARENA_DOCUMENTS_REAP_EVERY_SECONDS``).

    Queues again the documents stuck rendering, lost in the queue or failed
    with attempts left (:func:`tournaments.documents.documents_recover`) and
    sends their renders. Returns how many documents, by reason.
    """
    done = documents.documents_recover()
    send_renders(done.queued)
    return {"stuck": len(done.stuck), "lost": len(done.lost), "retried": len(done.retried),
            "given_up": len(done.given_up)}


def send_renders(ids: Iterable[int]) -> None:
    """Send one render task per document id; a broker failure marks that document failed.

    Only in ``"task"`` mode (on download the next download renders). With
    no broker configured (``CELERY_TASK_ALWAYS_EAGER``) and
    ``ARENA_DOCUMENTS_RENDER = "task"``, ``delay`` runs the task right here,
    and its failures stay inside it. The reaper sends a failed one again
    once the broker is back.
    """
    if documents.render_mode() != "task":
        return
    for pk in ids:
        try:
            render_document.delay(pk)
        except Exception as exc:  # the broker is down: record it, never break the request
            logger.exception("could not enqueue document %s", pk)
            documents.document_enqueue_failed(pk, exc)
