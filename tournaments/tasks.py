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

from . import documents, push_delivery
from .push_delivery import PushTransientError

logger = logging.getLogger(__name__)

#: Attempts after the first one for a transient error (disk, storage).
RENDER_MAX_RETRIES = 3
#: Attempts after the first one for a notice whose push service was busy or unreachable.
PUSH_MAX_RETRIES = 4


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


# --------------------------------------------------------------------------- players' notices (Web Push)


@shared_task(name="tournaments.push_round_paired", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def push_round_paired(round_id: int) -> int:
    """A round was paired: write its players' notices and send one :func:`push_send` each; returns how many.

    One message from the pairing (:mod:`tournaments.push_requests`), the
    fan-out here, so pairing 1,024 players waits for no push service.
    """
    ids = push_delivery.notices_for_round(round_id)
    send_pushes(ids)
    return len(ids)


@shared_task(name="tournaments.push_table_result", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def push_table_result(table_id: int, version: int) -> int:
    """A table's result was recorded: «Tu resultado quedó registrado» to its players."""
    ids = push_delivery.notices_for_table_result(table_id, version)
    send_pushes(ids)
    return len(ids)


#: How the senders retry a busy or unreachable push service: exponential backoff, at most
#: :data:`PUSH_MAX_RETRIES` times, acknowledged only once done (a worker lost mid-send leaves it queued).
PUSH_TASK_OPTIONS = {
    "autoretry_for": (PushTransientError,), "max_retries": PUSH_MAX_RETRIES, "retry_backoff": 2,
    "retry_backoff_max": 60, "retry_jitter": True, "acks_late": True, "reject_on_worker_lost": True,
    "ignore_result": True,
}


@shared_task(name="tournaments.push_round_clocks", ignore_result=True)
def push_round_clocks() -> int:
    """Celery beat, every ``ARENA_PUSH_CLOCK_EVERY_SECONDS``: «Quedan 10 minutos» to the tables just there."""
    ids = push_delivery.notices_for_clocks()
    send_pushes(ids)
    return len(ids)


@shared_task(bind=True, name="tournaments.push_send", **PUSH_TASK_OPTIONS)
def push_send(self, notice_id: int) -> str:
    """Send one notice to its player's browsers (:func:`tournaments.push_delivery.notice_deliver`).

    Idempotent: a notice sent (or given up) is not sent again, and a retry
    skips the browsers already reached. Busy or unreachable push services
    are retried :data:`PUSH_MAX_RETRIES` times with exponential backoff; the
    last attempt records the notice as failed.
    """
    final = self.request.retries >= (self.max_retries or 0)
    return push_delivery.notice_deliver(notice_id, final_attempt=final)


@shared_task(bind=True, name="tournaments.push_send_batch", **PUSH_TASK_OPTIONS)
def push_send_batch(self, notice_ids: list[int]) -> dict[str, int]:
    """Send a batch of notices (a large round's fan-out) with :func:`tournaments.push_delivery.notices_deliver`.

    A transient failure of some notice retries the batch once every notice
    was tried; the notices sent meanwhile are skipped then. Returns how
    many notices ended in each state.
    """
    final = self.request.retries >= (self.max_retries or 0)
    states: dict[str, int] = {}
    for state in push_delivery.notices_deliver(list(notice_ids), final_attempt=final).values():
        states[state] = states.get(state, 0) + 1
    return states


#: Notices per message when a fan-out sends many: a round of 1,024 players is 32 messages, not 1,024.
PUSH_BATCH_SIZE = 32


def send_pushes(ids: Iterable[int]) -> None:
    """Send the notices: one :func:`push_send` each, or batches of :data:`PUSH_BATCH_SIZE` for many.

    A broker that refuses a message is logged (its notices stay queued).
    """
    ids = list(ids)
    batches = [ids[i:i + PUSH_BATCH_SIZE] for i in range(0, len(ids), PUSH_BATCH_SIZE)]
    for batch in batches:
        try:
            if len(batch) == 1 and len(batches) == 1:
                push_send.delay(batch[0])
            else:
                push_send_batch.delay(batch)
        except Exception:  # the broker is down: never break the fan-out of the others
            logger.exception("could not enqueue push notices %s", batch)
