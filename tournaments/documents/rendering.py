"""Rendering documents: the :class:`~tournaments.models.Document` rows, the render lease, recovery.

A document is one row per round and kind, with its state (queued →
rendering → ready, or failed with the error) and its current file.
Re-rendering replaces the file; the public URL
(:func:`tournaments.documents.urls.document_url`) never changes. What a
render prints is the sheet the event's format names for the kind
(:func:`tournaments.documents.sheets.sheet_for`), rendered by the
renderer of its type (:func:`renderers`).

Rendering never blocks pairing or results: services ask for the documents
inside their transaction (:mod:`tournaments.document_requests`, which
marks the rows queued), and every failure after that is recorded on the
row (state ``failed`` and the error), never raised into the request. Where
a queued document is rendered depends on :func:`render_mode`:

- ``"task"`` (a broker is configured): the Celery task is sent on commit
  and a worker renders (:func:`document_render`);
- ``"download"`` (the embedded default, no broker): nothing is rendered at
  pairing time; the first request for the document's public URL renders it
  (:func:`document_render_on_download`) and every later one serves the
  file. Concurrent first requests render it once: one claims the row, the
  others wait for it.

Workers that recover on their own (issue #15): every render claims its
row with a lease (:func:`document_render`); the reaper
(:func:`documents_recover`, run by Celery beat and by ``manage.py
documents_recover``) queues again a document rendering past its lease,
queued with its message lost, or failed once its backoff passed, while
attempts are left. A new file is stored under a new name and swapped in
with one UPDATE, so the public URL serves the last good file until then.
"""
from __future__ import annotations

import functools
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.db.models.signals import post_delete
from django.utils import timezone

from ..enums import DocumentState
from ..models import Document
from ..pdf.data import (
    BracketSheet,
    PairingSheet,
    PostingSheet,
    SlipSheet,
    StandingsSheet,
)
from ..stamps import event_touch
from .sheets import sheet_for
from .urls import KIND_SLUGS

if TYPE_CHECKING:
    from ..pdf import RenderedPdf

logger = logging.getLogger(__name__)

ERROR_LIMIT = 2000  # characters of an error kept on the row

#: Where queued documents are rendered (see the module docstring).
RENDER_MODES = ("task", "download")
#: A download's claim on a document older than this is taken over (the process that made it died);
#: setting ``ARENA_DOCUMENTS_RENDER_STALE_SECONDS``.
RENDER_STALE_SECONDS = 600
#: How long a download waits for a document that another download is rendering.
RENDER_WAIT_SECONDS = 60
RENDER_POLL_SECONDS = 0.25
#: Defaults of the recovery settings (config/settings.py, the Celery section, documents them).
RENDER_LEASE_SECONDS = 60
QUEUED_TIMEOUT_SECONDS = 60
RENDER_MAX_ATTEMPTS = 5
RETRY_BACKOFF_SECONDS = 30
RETRY_BACKOFF_MAX_SECONDS = 600


# --------------------------------------------------------------------------- rendering
#
# The claim (issue #15). A render first claims its row with one conditional UPDATE
# (queued → rendering, writing its token and the time: the lease); the database locks
# the row and re-checks the condition, so of two renders of one row exactly one wins.
# A claim past its lease (the process that made it died) is taken over, and a task
# message delivered again after its worker died takes its own claim (same token, the
# task id) over at once. Only the claim's owner publishes or records a failure: a render
# whose claim was taken over (or re-queued: the data changed) throws its file away. So a
# duplicate message, a redelivery or the reaper's re-queue costs a render at most, never
# a wrong or missing file.


def render_lease_seconds() -> int:
    """Seconds a claim holds before it may be taken over (``ARENA_DOCUMENTS_RENDER_LEASE_SECONDS``).

    With workers it outlives the render task's hard time limit; on download
    (no time limit) it is :data:`RENDER_STALE_SECONDS` (setting
    ``ARENA_DOCUMENTS_RENDER_STALE_SECONDS``).
    """
    if render_mode() == "download":
        return int(getattr(settings, "ARENA_DOCUMENTS_RENDER_STALE_SECONDS", RENDER_STALE_SECONDS))
    return int(getattr(settings, "ARENA_DOCUMENTS_RENDER_LEASE_SECONDS", RENDER_LEASE_SECONDS))


def max_attempts() -> int:
    """Renders of one request before it stays failed (``ARENA_DOCUMENTS_RENDER_MAX_ATTEMPTS``)."""
    return int(getattr(settings, "ARENA_DOCUMENTS_RENDER_MAX_ATTEMPTS", RENDER_MAX_ATTEMPTS))


def retry_delay(attempts: int) -> timedelta:
    """Backoff before a failed document is queued again: base × 2^(attempts - 1), at most 10 minutes."""
    base = int(getattr(settings, "ARENA_DOCUMENTS_RETRY_BACKOFF_SECONDS", RETRY_BACKOFF_SECONDS))
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), RETRY_BACKOFF_MAX_SECONDS))


def document_render(*, document_id: int, token: str = "", final_attempt: bool = True) -> str:
    """Render one document for a worker and make its file current; returns the state then.

    ``token`` names the claim (the task id; a random one if empty). Claims
    the row (see above): a queued document, one whose claim passed its lease,
    or one claimed with this same token (the message came back after its
    worker died) while attempts are left. Not claimed, nothing is rendered and
    the row's state comes back (``ready``: a duplicate message; ``rendering``:
    another render holds it); a row claimed with this token and no attempt
    left is marked ``failed``. Claimed, it builds the sheet, renders, stores
    the file under a new name and, under the event and row locks, points the
    row at it (one UPDATE) and deletes the old file after commit. Running it
    twice leaves one file, the newer.

    Errors: an :class:`OSError` (disk, storage) is transient: unless
    ``final_attempt`` the row goes back to ``queued`` with the error and the
    exception is re-raised for the task to retry. Any other error, or an
    ``OSError`` on the final attempt, marks the row ``failed`` with the error
    (the reaper queues it again after a backoff while attempts are left) and
    returns ``"failed"``. A document deleted meanwhile (the round was paired
    again) returns ``"missing"``; one asked for again meanwhile keeps its
    current file, stays ``queued`` for the next render and returns
    ``"queued"``.
    """
    token = token or _new_token()
    if not _claim(document_id, token=token, own=True):
        return _not_claimed(document_id, token)
    delay = float(getattr(settings, "ARENA_RENDER_DELAY_SECONDS", 0) or 0)
    if delay > 0:  # test hook of .ci/worker_kill.sh: a render slow enough to be killed
        time.sleep(delay)
    return _render_started(document_id, token=token, final_attempt=final_attempt)


def render_mode() -> str:
    """``"task"`` or ``"download"``: who renders a queued document (see the module docstring).

    The ``ARENA_DOCUMENTS_RENDER`` setting chooses; unset (or unknown), it is
    ``"download"`` when Celery runs tasks eagerly (no broker configured) and
    ``"task"`` otherwise.
    """
    mode = getattr(settings, "ARENA_DOCUMENTS_RENDER", "") or ""
    if mode in RENDER_MODES:
        return mode
    if mode:
        logger.warning("unknown ARENA_DOCUMENTS_RENDER %r: using the default", mode)
    return "download" if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) else "task"


def document_render_on_download(*, document_id: int, wait: float | None = None) -> str:
    """Render a queued document for the request that asked for it; returns its state then.

    The row is claimed with one conditional ``UPDATE`` (queued → rendering,
    or a claim older than :data:`RENDER_STALE_SECONDS` taken over): the
    database locks the row and re-checks its state, so of two concurrent
    downloads exactly one renders. The other polls the row until that render
    ends (at most ``wait`` seconds; default the ``ARENA_DOCUMENTS_RENDER_WAIT_SECONDS``
    setting, else :data:`RENDER_WAIT_SECONDS`)
    and gets ``"ready"`` or ``"failed"``; ``"rendering"`` means it is still
    being rendered. No transaction is held while rendering, so on SQLite
    other writers (results, pairing) are not blocked by a long render.

    A render is a final attempt: failures mark the row ``failed`` with the
    error (never raised); the admin's retry queues it again. ``"missing"``
    if the row is gone.
    """
    if wait is None:
        wait = getattr(settings, "ARENA_DOCUMENTS_RENDER_WAIT_SECONDS", RENDER_WAIT_SECONDS)
    deadline = time.monotonic() + wait
    while True:
        token = _new_token()
        if _claim(document_id, token=token):
            state = _render_started(document_id, token=token, final_attempt=True)
            if state != DocumentState.QUEUED or time.monotonic() >= deadline:
                return state
            continue  # asked for again while rendering: render the new data
        state = Document.objects.filter(pk=document_id).values_list("state", flat=True).first()
        if state is None:
            return "missing"
        if state not in (DocumentState.QUEUED, DocumentState.RENDERING) or time.monotonic() >= deadline:
            return state
        time.sleep(RENDER_POLL_SECONDS)


def _new_token() -> str:
    return secrets.token_hex(8)


def lease_start() -> Coalesce:
    """When a claim was made: ``render_started_at``, else (a row claimed before it existed) ``updated_at``."""
    return Coalesce("render_started_at", "updated_at")


def _claim(document_id: int, *, token: str, own: bool = False) -> bool:
    """Mark a claimable document ``rendering`` under ``token`` (see above); True if this call won.

    Claimable: ``queued``; ``rendering`` past its lease; with ``own``,
    ``rendering`` under this same token while attempts are left.
    """
    now = timezone.now()
    expired = Q(state=DocumentState.RENDERING, lease_start__lt=now - timedelta(seconds=render_lease_seconds()))
    claimable = Q(state=DocumentState.QUEUED) | expired
    if own:
        claimable |= Q(state=DocumentState.RENDERING, render_token=token, attempts__lt=max_attempts())
    return bool(Document.objects.alias(lease_start=lease_start()).filter(claimable, pk=document_id).update(
        state=DocumentState.RENDERING, attempts=F("attempts") + 1, render_token=token, render_started_at=now,
        retry_at=None, updated_at=now,
    ))


def _not_claimed(document_id: int, token: str) -> str:
    """The state of a row this render could not claim; its own claim with no attempt left fails it."""
    row = Document.objects.filter(pk=document_id).values("state", "render_token").first()
    if row is None:
        return "missing"
    if row["state"] == DocumentState.RENDERING and row["render_token"] == token:
        logger.error("document %s: interrupted too many times, giving up", document_id)
        _mark_failed(document_id, token, RuntimeError("la generación se interrumpió demasiadas veces"),
                     retry=False)
        return DocumentState.FAILED.value
    return row["state"]


def _mine(document_id: int, token: str):
    """The row, if this render still holds its claim (a queryset to update)."""
    return Document.objects.filter(pk=document_id, state=DocumentState.RENDERING, render_token=token)


def _render_started(document_id: int, *, token: str, final_attempt: bool) -> str:
    """The render proper, once the row is claimed with ``token`` (see :func:`document_render`)."""
    name = None
    try:
        doc = Document.objects.select_related("round", "round__event", "round__event__venue",
                                              "round__event__game").get(pk=document_id)
        pdf = render_pdf(doc)
        name = _storage().save(_file_name(doc), ContentFile(pdf.content))
        return _publish(document_id, doc.event_id, name, pdf, token=token)
    except Document.DoesNotExist:
        return "missing"
    except OSError as exc:
        _discard(name)
        if not final_attempt:
            logger.warning("document %s: transient error, retrying: %s", document_id, exc)
            _mine(document_id, token).update(
                state=DocumentState.QUEUED, error=error_text("Error transitorio, se reintenta", exc),
                render_token="", render_started_at=None, updated_at=timezone.now(),
            )
            raise
        logger.exception("document %s failed after retries", document_id)
        return _mark_failed(document_id, token, exc)
    except Exception as exc:  # a failed render is recorded, never raised into pairing
        _discard(name)
        logger.exception("document %s failed", document_id)
        return _mark_failed(document_id, token, exc)


@functools.cache
def renderers() -> dict[type, type]:
    """The renderer of each sheet type (:mod:`tournaments.pdf`), imported on the first render: reportlab
    and qrcode (about 20 MB) stay out of a web worker that never renders (issue #27 point 5)."""
    from ..pdf import (
        BracketRenderer,
        PairingsByNameRenderer,
        PairingsByTableRenderer,
        ResultSlipsRenderer,
        StandingsRenderer,
    )

    return {
        PairingSheet: PairingsByTableRenderer,
        PostingSheet: PairingsByNameRenderer,
        SlipSheet: ResultSlipsRenderer,
        StandingsSheet: StandingsRenderer,
        BracketSheet: BracketRenderer,
    }


def render_pdf(doc: Document) -> RenderedPdf:
    """Build the sheet of ``doc`` as the event's format prints it and render it (no storage).

    Raises :class:`KeyError` for a kind the event's format does not print.
    """
    sheet = sheet_for(doc.round, doc.kind)
    return renderers()[type(sheet)]().render(sheet)


def _publish(document_id: int, event_id: int, name: str, pdf: RenderedPdf, *, token: str) -> str:
    with transaction.atomic():
        # The lock order of every change: the event row first (its stamp), then the
        # document — taken by the compare-and-set below, like every claim of this module:
        # only the render still holding the row (RENDERING with this token) publishes.
        event_touch(event_id)
        mine = Document.objects.filter(pk=document_id, state=DocumentState.RENDERING, render_token=token)
        old = mine.values_list("file", flat=True).first()
        published = mine.update(
            file=name, state=DocumentState.READY, error="", pages=pdf.pages, size_bytes=pdf.size_bytes,
            render_token="", render_started_at=None, retry_at=None, updated_at=timezone.now(),
        )
        if not published:
            # Gone, asked for again while this render ran (a re-pair, extra time: the data
            # may have changed after the sheet was built), or the claim was taken over:
            # this file is not the one to publish.
            transaction.on_commit(functools.partial(_delete_file, name), robust=True)
            state = Document.objects.filter(pk=document_id).values_list("state", flat=True).first()
            return "missing" if state is None else state
        if old and old != name:
            transaction.on_commit(functools.partial(_delete_file, old), robust=True)
    return DocumentState.READY.value


def _mark_failed(document_id: int, token: str, exc: BaseException, *, retry: bool = True) -> str:
    """Record the failure on the row if this render still holds it; returns the row's state then.

    Grows the event's stamp (its pages show the failure). With ``retry`` and
    attempts left, ``retry_at`` tells the reaper when to queue it again.
    """
    row = Document.objects.filter(pk=document_id).values("event_id", "attempts").first()
    if row is None:
        return "missing"
    now = timezone.now()
    retry_at = now + retry_delay(row["attempts"]) if retry and row["attempts"] < max_attempts() else None
    with transaction.atomic():
        event_touch(row["event_id"])  # the event row first, as every change does
        marked = _mine(document_id, token).update(
            state=DocumentState.FAILED, error=error_text("No se pudo generar el documento", exc),
            render_token="", render_started_at=None, retry_at=retry_at, updated_at=now,
        )
    if marked:
        return DocumentState.FAILED.value
    return Document.objects.filter(pk=document_id).values_list("state", flat=True).first() or "missing"


# --------------------------------------------------------------------------- recovery (the reaper)


@dataclass(frozen=True, slots=True)
class Recovered:
    """What one pass of :func:`documents_recover` did: document ids, by reason."""

    stuck: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    retried: tuple[int, ...] = ()
    given_up: tuple[int, ...] = ()

    @property
    def queued(self) -> tuple[int, ...]:
        return self.stuck + self.lost + self.retried


def documents_recover(*, now=None) -> Recovered:
    """Queue again the documents a lost worker or broker left behind; what it did comes back.

    - *stuck*: ``rendering`` past the lease (:func:`render_lease_seconds`)
      with attempts left → ``queued``; with none left → ``failed`` (no retry),
      listed in ``given_up``;
    - *lost*: (workers only) ``queued`` with no change for
      ``ARENA_DOCUMENTS_QUEUED_TIMEOUT_SECONDS`` (its message is gone, or
      waits behind a long queue: the copy then renders nothing) → sent
      again, and its clock starts again;
    - *retried*: ``failed`` with ``retry_at`` passed and attempts left →
      ``queued``.

    Each row moves with one conditional ``UPDATE`` that re-checks why it was
    picked, so concurrent reapers (or a worker finishing meanwhile) never
    move a row twice; a render sent twice is resolved by the claim. The
    caller sends the renders of ``queued`` (:func:`tournaments.tasks.send_renders`;
    on download nothing: the next download renders). ``now``: an aware
    datetime (default: now).
    """
    now = now or timezone.now()
    lease = timedelta(seconds=render_lease_seconds())
    limit = max_attempts()
    base = Document.objects.alias(lease_start=lease_start())
    stuck_q = Q(state=DocumentState.RENDERING, lease_start__lt=now - lease)
    stuck, given_up = [], []
    for pk, attempts in base.filter(stuck_q).values_list("pk", "attempts"):
        if attempts < limit:
            if base.filter(stuck_q, pk=pk).update(state=DocumentState.QUEUED, render_token="",
                                                   render_started_at=None, updated_at=now):
                stuck.append(pk)
        elif base.filter(stuck_q, pk=pk).update(
                state=DocumentState.FAILED, render_token="", render_started_at=None, retry_at=None,
                error="No se pudo generar el documento: la generación se interrumpió demasiadas veces",
                updated_at=now):
            given_up.append(pk)
    lost = []
    if render_mode() == "task":
        timeout = int(getattr(settings, "ARENA_DOCUMENTS_QUEUED_TIMEOUT_SECONDS", QUEUED_TIMEOUT_SECONDS))
        lost_q = Q(state=DocumentState.QUEUED, updated_at__lt=now - timedelta(seconds=timeout))
        for pk in Document.objects.filter(lost_q).values_list("pk", flat=True):
            if Document.objects.filter(lost_q, pk=pk).update(updated_at=now):
                lost.append(pk)
    retry_q = Q(state=DocumentState.FAILED, retry_at__lte=now, attempts__lt=limit)
    retried = []
    for pk in Document.objects.filter(retry_q).values_list("pk", flat=True):
        if Document.objects.filter(retry_q, pk=pk).update(state=DocumentState.QUEUED, retry_at=None,
                                                           updated_at=now):
            retried.append(pk)
    done = Recovered(stuck=tuple(stuck), lost=tuple(lost), retried=tuple(retried), given_up=tuple(given_up))
    if given_up:
        for event_id in set(Document.objects.filter(pk__in=given_up).values_list("event_id", flat=True)):
            with transaction.atomic():
                event_touch(event_id)  # its pages show the failure
    if done.queued or given_up:
        logger.warning("documents recovered: stuck %s, lost %s, retried %s, given up %s",
                       list(stuck), list(lost), list(retried), list(given_up))
    return done


def document_enqueue_failed(document_id: int, exc: BaseException) -> None:
    """The broker refused the render task of a queued document: ``failed``, retried by the reaper.

    No attempt was spent, so the backoff is the base one; the reaper sends it
    again once the broker is back (each pass that fails records it again).
    """
    Document.objects.filter(pk=document_id, state=DocumentState.QUEUED).update(
        state=DocumentState.FAILED, error=error_text("No se pudo encolar la tarea", exc),
        retry_at=timezone.now() + retry_delay(1), updated_at=timezone.now(),
    )


def error_text(what: str, exc: BaseException) -> str:
    return f"{what}: {type(exc).__name__}: {exc}"[:ERROR_LIMIT]


def _storage():
    return Document._meta.get_field("file").storage


def _file_name(doc: Document) -> str:
    """``documents/<event>/<round>/<slug>-<token>.pdf``: a new name per render.

    A fresh name means the current file is never overwritten while it is
    being served; the old one is deleted once the row points at the new one.
    """
    number = doc.round.number if doc.round_id else 0
    return f"documents/{doc.event_id}/{number}/{KIND_SLUGS[doc.kind]}-{secrets.token_hex(4)}.pdf"


def _discard(name: str | None) -> None:
    """Delete a freshly stored file that never became current."""
    if name:
        _delete_file(name)


def _delete_file(name: str) -> None:
    try:
        _storage().delete(name)
    except OSError:
        logger.warning("could not delete old document file %s", name, exc_info=True)


def _document_deleted(sender, instance: Document, **kwargs) -> None:
    """A deleted document (round paired again, event deleted) takes its file along."""
    if instance.file.name:
        transaction.on_commit(functools.partial(_delete_file, instance.file.name), robust=True)


post_delete.connect(_document_deleted, sender=Document, dispatch_uid="tournaments.documents.delete_file")
