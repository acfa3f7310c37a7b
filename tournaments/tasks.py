"""Celery tasks: they only orchestrate (STYLE.md §6).

Each task takes ids, loads through :mod:`tournaments.documents`, renders
with :mod:`tournaments.pdf` and stores the file. Names are explicit so a
worker and a web process of different versions agree on them.
"""
from __future__ import annotations

from celery import shared_task

from . import documents

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
    ignore_result=True,
)
def render_document(self, document_id: int) -> str:
    """Render the document ``document_id`` and make its file current.

    Idempotent: running it again replaces the file (the URL stays). An
    ``OSError`` is retried up to :data:`RENDER_MAX_RETRIES` times with
    exponential backoff; any other error, or the last failed retry, marks the
    document ``failed`` with the error instead of raising. Returns the new
    state (``ready``, ``failed`` or ``missing`` if the row is gone).
    """
    final = self.request.retries >= (self.max_retries or 0)
    return documents.document_render(document_id=document_id, final_attempt=final)
