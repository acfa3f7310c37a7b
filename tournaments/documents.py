"""Printed documents of a round: what is printed, when, where it is kept (issue #5).

Terms:

- *document*: one :class:`~tournaments.models.Document` row per round and
  kind, with its state (queued → rendering → ready, or failed with the
  error) and its current file. Re-rendering replaces the file; the public
  URL (:func:`document_url`) never changes.
- *sheet*: the read model a renderer prints (:mod:`tournaments.pdf.data`),
  built here from the database by the ``*_sheet`` functions, like a
  selector.

Which documents a round gets (:func:`kinds_for_round`): every round gets
the pairings by table, the posting sheet (pairings by name), the result
slips and the standings after the previous round (round 1: the registered
players, all at 0); events with a top cut also get the bracket — during the
Swiss rounds a projection seeded from those standings, in the top cut the
real one. When the event finishes, the last round's
standings (and bracket) are printed again as the final ones. Events played
in pods (3–6 a table) print the same documents under the same names, with
one slip per pod (a place and a score box per player) and the pod
standings (placement points, opponents' points, the game's score); they
have no bracket.

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

Sheets are deterministic for a round: the standings printed with round N
are those after round N - 1 and the bracket shows results of earlier
stages only, however late a worker renders them.
"""
from __future__ import annotations

import dataclasses
import functools
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.db.models.signals import post_delete
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation

from . import selectors
from .adapters import load_snapshot
from .enums import DocumentKind, DocumentState, EventState, RoundPhase
from .formats import DUELS, PODS, format_for
from .labels import TIEBREAKER_LABELS
from .models import Document, Event, Registration, Round
from .pdf import (
    BracketRenderer,
    PairingsByNameRenderer,
    PairingsByTableRenderer,
    PodSlipsRenderer,
    PodStandingsRenderer,
    RenderedPdf,
    ResultSlipsRenderer,
    StandingsRenderer,
)
from .pdf.data import (
    BracketBox,
    BracketSheet,
    BracketSide,
    PairingSheet,
    PodSlip,
    PodSlipSeat,
    PodSlipSheet,
    PodStandingLine,
    PodStandingsSheet,
    PostingSheet,
    SheetHeader,
    Slip,
    SlipSheet,
    StandingLine,
    StandingsSheet,
    TableRow,
    posting_rows,
)
from .pods_selectors import core_pod_standings, load_pod_snapshot, pods_for_round, secondary_score_label
from .stamps import event_touch
from .swiss import topcut
from .swiss.errors import PairingError
from .swiss.pods import pod_standings
from .swiss.standings import compute_standings
from .swiss.types import Podium, Standing
from .text import match_name, round_label, stage_name

logger = logging.getLogger(__name__)

#: Public file names of the documents (Spanish, part of the stable URL).
KIND_SLUGS: dict[str, str] = {
    DocumentKind.PAIRINGS_BY_TABLE: "emparejamientos-por-mesa",
    DocumentKind.PAIRINGS_BY_NAME: "emparejamientos-por-nombre",
    DocumentKind.RESULT_SLIPS: "planillas-de-resultado",
    DocumentKind.STANDINGS: "posiciones",
    DocumentKind.BRACKET: "llave-del-reducido",
}
SLUG_KINDS: dict[str, str] = {slug: kind for kind, slug in KIND_SLUGS.items()}

WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
          "octubre", "noviembre", "diciembre")
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


# --------------------------------------------------------------------------- what is printed


def kinds_for_round(rnd: Round) -> list[str]:
    """The documents printed for ``rnd`` (see the module docstring); pods print no bracket."""
    kinds = [DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.PAIRINGS_BY_NAME, DocumentKind.RESULT_SLIPS,
             DocumentKind.STANDINGS]
    if rnd.phase == RoundPhase.TOP_CUT or (rnd.event.cut_size and format_for(rnd.event).has_top_cut):
        kinds.append(DocumentKind.BRACKET)  # a bracket round (a cut, or a single elimination), or a cut to come
    return [str(kind) for kind in kinds]


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


def render_pdf(doc: Document) -> RenderedPdf:
    """Build the sheet of ``doc`` and render it (no storage), as the event's format prints it."""
    builder, renderer = RENDERERS_BY_FORMAT[format_for(doc.round.event).tables][doc.kind]
    return renderer().render(builder(doc.round))


def _publish(document_id: int, event_id: int, name: str, pdf: RenderedPdf, *, token: str) -> str:
    with transaction.atomic():
        # The lock order of every change (tournaments.services.locks): the event row
        # first (its stamp, which the save below grows again), then the document.
        event_touch(event_id)
        # order_by("pk"): the model's ordering would join the nullable round,
        # and PostgreSQL refuses FOR UPDATE on the nullable side of a join.
        doc = Document.objects.select_for_update().filter(pk=document_id).order_by("pk").first()
        if doc is None:
            transaction.on_commit(functools.partial(_delete_file, name), robust=True)
            return "missing"
        if doc.state != DocumentState.RENDERING or doc.render_token != token:
            # Asked for again while this render ran (a re-pair, extra time: the data may
            # have changed after the sheet was built), or the claim was taken over: this
            # file is not the one to publish.
            transaction.on_commit(functools.partial(_delete_file, name), robust=True)
            return doc.state
        old = doc.file.name
        doc.file.name = name
        doc.state = DocumentState.READY
        doc.error = ""
        doc.pages = pdf.pages
        doc.size_bytes = pdf.size_bytes
        doc.render_token = ""
        doc.render_started_at = None
        doc.retry_at = None
        doc.save(update_fields=["file", "state", "error", "pages", "size_bytes", "render_token",
                                "render_started_at", "retry_at", "updated_at"])
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


# --------------------------------------------------------------------------- URLs


def document_url(doc: Document) -> str:
    """The stable public URL of ``doc``: ``/eventos/<event>/rondas/<n>/<slug>.pdf``."""
    return reverse("public:round_document", args=[doc.event_id, doc.round.number, KIND_SLUGS[doc.kind]])


def judge_result_url(match_id: int, *, event_id: int | None = None, round_number: int | None = None,
                     table: int | None = None) -> str:
    """Absolute URL of a table's result form, for the slip's QR code.

    The first URL the judge pages define wins: ``judge:match`` (by match
    id), ``judge:table`` (event, round number, table), else the path
    ``/juez/mesas/<match>/``. The host comes from the ``ARENA_PUBLIC_URL``
    setting (default ``http://127.0.0.1:8000``).
    """
    candidates = [("judge:match", [match_id])]
    if None not in (event_id, round_number, table):
        candidates.append(("judge:table", [event_id, round_number, table]))
    path = f"/juez/mesas/{match_id}/"
    for name, args in candidates:
        try:
            path = reverse(name, args=args)
            break
        except NoReverseMatch:
            continue
    base = getattr(settings, "ARENA_PUBLIC_URL", "http://127.0.0.1:8000")
    return base.rstrip("/") + path


# --------------------------------------------------------------------------- sheets


def date_text(day: date) -> str:
    """``sábado 3 de febrero de 2024``."""
    return f"{WEEKDAYS[day.weekday()]} {day.day} de {MONTHS[day.month - 1]} de {day.year}"


def sheet_header(rnd: Round) -> SheetHeader:
    event = rnd.event
    venue = f"{event.venue.name} ({event.venue.province})" if event.venue_id else "Virtual"
    now = timezone.localtime()
    return SheetHeader(
        event_name=event.name,
        date_text=date_text(event.date),
        venue_text=venue,
        game_name=event.game.name,
        round_label=round_label(rnd, translated=False),  # printed documents are in Spanish
        generated_text=f"Generado el {now:%d/%m/%Y} a las {now:%H:%M}",
    )


def _is_final(rnd: Round) -> bool:
    """True when ``rnd`` is the last round of a finished event."""
    event = rnd.event
    return event.state == EventState.FINISHED and not event.rounds.filter(number__gt=rnd.number).exists()


@dataclass(frozen=True, slots=True)
class _Entrant:
    """What the sheets print of a registration."""

    id: int
    name: str
    number: str
    venue: str
    dropped: bool
    dropped_after_round: int | None
    disqualified: bool
    draw_order: int


def _entrants(event: Event) -> dict[int, _Entrant]:
    """Registrations of ``event`` by id (one query, no model instances)."""
    rows = Registration.objects.filter(event=event).values_list(
        "id", "player__display_name", "player__player_number", "player__home_venue__name",
        "dropped", "dropped_after_round", "disqualified", "draw_order",
    )
    return {row[0]: _Entrant(row[0], row[1], row[2], row[3] or "", *row[4:]) for row in rows}


def _swiss_standings(rnd: Round) -> tuple[list[Standing], dict[int, _Entrant], int]:
    """Standings printed with ``rnd`` and the event's registrations.

    A Swiss round prints the standings after the previous round; a top-cut
    round, or the last round of a finished event, the final Swiss standings.
    Returns ``(standings, registrations by id, after_round)``. Three queries.
    """
    records_all = load_snapshot(rnd.event).swiss_records
    if rnd.phase == RoundPhase.SWISS and not _is_final(rnd):
        after = rnd.number - 1
    else:
        after = max((r.round_number for r in records_all), default=0)
    records = [r for r in records_all if r.round_number <= after]
    regs = _entrants(rnd.event)
    active = {rid for rid, reg in regs.items() if not _inactive_note(reg, after)}
    standings = compute_standings(
        regs.keys(), records, active=active, draw_order={rid: reg.draw_order for rid, reg in regs.items()}
    )
    return list(standings), regs, after


def _inactive_note(reg: _Entrant, after: int) -> str:
    """The note printed after a name: disqualified, dropped by round ``after``, or none."""
    if reg.disqualified:
        return "descalificado"
    if reg.dropped and (reg.dropped_after_round is None or reg.dropped_after_round <= after):
        return "abandonó"
    return ""


def _seeds(standings: Iterable[Standing]) -> dict[int, int]:
    """Top-cut seed of every active registration: its place among active rows."""
    return {row.registration_id: index for index, row in
            enumerate((s for s in standings if s.active), start=1)}


def _load_round(rnd: Round | int) -> Round:
    pk = rnd.pk if isinstance(rnd, Round) else rnd
    return Round.objects.select_related("event", "event__venue", "event__game").get(pk=pk)


def pairing_sheet(rnd: Round) -> PairingSheet:
    """Tables of ``rnd`` in table order, the bye last, with points before the round.

    A top-cut round prints each player's seed instead of points and names
    the match ("Semifinal 1", "Tercer puesto"). Queries: four.
    """
    rnd = _load_round(rnd)
    if format_for(rnd.event) is PODS:
        return _pod_sheet(rnd)
    standings, regs, _after = _swiss_standings(rnd)
    by_number = {reg.number: rid for rid, reg in regs.items()}
    top_cut = rnd.phase == RoundPhase.TOP_CUT
    points = {row.registration_id: row.match_points for row in standings}
    seeds = _seeds(standings) if top_cut else {}
    rows = []
    for pairing in selectors.pairings_for_round(rnd):
        rid_a = by_number.get(pairing.player_a_number)
        rid_b = by_number.get(pairing.player_b_number) if pairing.player_b_number else None
        caption = ""
        if top_cut:
            caption = match_name(rnd.stage, pairing.bracket_slot, translated=False)
        rows.append(TableRow(
            match_id=pairing.match_id,
            table=pairing.table_number,
            player_a=pairing.player_a,
            number_a=pairing.player_a_number,
            player_b=pairing.player_b,
            number_b=pairing.player_b_number,
            points_a=None if top_cut else points.get(rid_a),
            points_b=None if top_cut or rid_b is None else points.get(rid_b),
            seed_a=seeds.get(rid_a) if top_cut else None,
            seed_b=seeds.get(rid_b) if top_cut and rid_b else None,
            is_bye=pairing.is_bye,
            rematch=pairing.rematch,
            caption=caption,
        ))
    rows.sort(key=lambda r: (r.table is None, r.table or 0))
    return PairingSheet(header=sheet_header(rnd), tables=tuple(rows))


def _pod_sheet(rnd: Round) -> PairingSheet:
    """The pods of ``rnd`` (issue #9): one row per seat, table by table, with
    the placement points before the round. Queries: three."""
    snapshot = load_pod_snapshot(rnd.event)
    earlier = type(snapshot)(snapshot.registrations,
                             tuple(r for r in snapshot.results if r.round_number < rnd.number), ())
    points = {row.player_id: row.points for row in core_pod_standings(rnd.event, earlier)}
    rows = [
        TableRow(
            match_id=pod.pod_id, table=pod.table_number, player_a=seat.display_name, number_a=seat.player_number,
            points_a=float(points.get(seat.registration_id, 0)), is_bye=True,
            caption=f"Asiento {seat.seat}",
        )
        for pod in pods_for_round(rnd)
        for seat in pod.seats
    ]
    return PairingSheet(header=sheet_header(rnd), tables=tuple(rows), bye_text="", pods=True)


def posting_sheet(rnd: Round) -> PostingSheet:
    """Every player of ``rnd`` alphabetically, with table and opponent."""
    sheet = pairing_sheet(rnd)
    return PostingSheet(header=sheet.header, rows=posting_rows(sheet.tables))


def slip_sheet(rnd: Round) -> SlipSheet:
    """One slip per table of ``rnd`` (byes excluded), each with its result-form URL."""
    rnd = _load_round(rnd)
    slips = tuple(
        Slip(
            match_id=row.match_id,
            table=row.table_number,
            player_a=row.player_a,
            number_a=row.player_a_number,
            player_b=row.player_b or "",
            number_b=row.player_b_number or "",
            result_url=judge_result_url(row.match_id, event_id=rnd.event_id, round_number=rnd.number,
                                        table=row.table_number),
            caption=(stage_name(0, translated=False) if row.bracket_slot == 0 else "")
            if rnd.phase == RoundPhase.TOP_CUT else "",
            extra_minutes=row.extra_minutes,
        )
        for row in sorted(selectors.pairings_for_round(rnd), key=lambda r: r.table_number or 0)
        if not row.is_bye and row.table_number is not None
    )
    return SlipSheet(header=sheet_header(rnd), slips=slips, best_of=rnd.event.best_of)


def standings_sheet(rnd: Round) -> StandingsSheet:
    """The standings printed with ``rnd``, with every tiebreak column."""
    rnd = _load_round(rnd)
    standings, regs, after = _swiss_standings(rnd)
    rows = []
    for row in standings:
        reg = regs[row.registration_id]
        rows.append(StandingLine(
            rank=row.rank,
            name=reg.name,
            number=reg.number,
            venue=reg.venue,
            match_points=row.match_points,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            buchholz=row.buchholz,
            head_to_head=row.head_to_head,
            game_differential=row.game_differential,
            technical_tie=row.technical_tie,
            note=_inactive_note(reg, after),
        ))
    final = _is_final(rnd)
    if final:  # a finished event: final order (DESIGN.md decision 20), the champion first
        event = rnd.event
        line_of = {row.registration_id: line for row, line in zip(standings, rows, strict=True)}
        podium = Podium(first=event.podium_first_id, second=event.podium_second_id, third=event.podium_third_id)
        order = topcut.final_order(
            [row.registration_id for row in standings], podium, eliminated_at=DUELS.eliminated_at(event),
            excluded={rid for rid, reg in regs.items() if reg.disqualified},
        )
        rows = [dataclasses.replace(line_of[rid], rank=place) for place, rid in enumerate(order, start=1)
                if rid in line_of]
        title = "Posiciones finales"
    elif rnd.phase == RoundPhase.TOP_CUT:
        title = "Posiciones finales de las rondas suizas"
    elif after:
        title = f"Posiciones tras la ronda {after}"
    else:
        title = "Inscriptos: posiciones antes de la ronda 1"
    with translation.override("es-ar"):
        labels = {key: str(TIEBREAKER_LABELS[key]) for key in
                  ("match_points", "buchholz", "head_to_head", "game_differential")}
    return StandingsSheet(header=sheet_header(rnd), title=title, rows=tuple(rows), labels=labels)


def bracket_sheet(rnd: Round) -> BracketSheet:
    """The top cut as of ``rnd``: its stages so far, results of earlier stages.

    On the last round of a finished event every result is shown with the
    champion and the podium.
    """
    rnd = _load_round(rnd)
    event = rnd.event
    final = _is_final(rnd)
    standings, regs, _after = _swiss_standings(rnd)
    seeds = _seeds(standings)
    rounds = [r for r in selectors.top_cut_rounds(event) if r.number <= rnd.number]
    if not rounds and event.cut_size:
        return _projected_bracket(rnd, standings, seeds, regs)
    first_stage = max((r.stage or 1 for r in rounds), default=2)
    boxes = []
    for top_round in rounds:
        show = final or top_round.number < rnd.number
        for match in top_round.matches.all():
            stage = 0 if match.bracket_slot == 0 else (top_round.stage or 1)
            winner = selectors.match_winner_id(match) if show else None
            side_a = BracketSide(
                name=match.player_a.player.display_name,
                seed=seeds.get(match.player_a_id),
                games=match.games_a if show and match.has_result else None,
                won=winner is not None and winner == match.player_a_id,
            )
            side_b = BracketSide(
                name=match.player_b.player.display_name if match.player_b_id else "",
                seed=seeds.get(match.player_b_id) if match.player_b_id else None,
                games=match.games_b if show and match.has_result else None,
                won=winner is not None and winner == match.player_b_id,
            )
            boxes.append(BracketBox(stage=stage, slot=match.bracket_slot or 1, side_a=side_a, side_b=side_b,
                                    table=match.table_number))
    podium: tuple[str, ...] = ()
    champion = ""
    if final and event.podium_first_id:
        podium_regs = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        podium = tuple(regs[rid].name if rid in regs else "" for rid in podium_regs)
        champion = podium[0]
    return BracketSheet(
        header=sheet_header(rnd),
        size=2 ** first_stage,
        boxes=tuple(boxes),
        third_place_match=event.third_place_match,
        champion=champion,
        podium=podium,
    )


def _projected_bracket(rnd: Round, standings, seeds, regs) -> BracketSheet:
    """During the Swiss rounds: the top cut as it would be seeded from the standings printed with ``rnd``.

    Seeded as the real cut will be (1v4 and 2v3 for a top 4, DESIGN.md
    decision 6), from the active players; empty boxes while fewer players
    than the cut are active.
    """
    event = rnd.event
    after = rnd.number - 1
    try:
        bracket = topcut.seed_bracket(standings, event.cut_size)
    except PairingError:
        bracket = ()
    boxes = tuple(
        BracketBox(
            stage=bm.stage,
            slot=bm.slot,
            side_a=BracketSide(name=regs[bm.player_a].name, seed=seeds.get(bm.player_a)),
            side_b=BracketSide(name=regs[bm.player_b].name, seed=seeds.get(bm.player_b)),
        )
        for bm in bracket
    )
    note = (
        f"Proyección: así se armaría el reducido con las posiciones tras la ronda {after}."
        if after
        else "Proyección: el reducido se arma con las posiciones finales de las rondas suizas."
    )
    return BracketSheet(
        header=sheet_header(rnd),
        size=event.cut_size,
        boxes=boxes if after else (),
        third_place_match=event.third_place_match,
        note=note,
    )


RENDERERS: dict[str, tuple[Callable[[Round], object], type]] = {
    DocumentKind.PAIRINGS_BY_TABLE: (pairing_sheet, PairingsByTableRenderer),
    DocumentKind.PAIRINGS_BY_NAME: (posting_sheet, PairingsByNameRenderer),
    DocumentKind.RESULT_SLIPS: (slip_sheet, ResultSlipsRenderer),
    DocumentKind.STANDINGS: (standings_sheet, StandingsRenderer),
    DocumentKind.BRACKET: (bracket_sheet, BracketRenderer),
}


# --------------------------------------------------------------------------- pods (3–6 a table)


def judge_table_url(*, event_id: int, round_number: int, table: int) -> str:
    """Absolute URL of a table's result form on the judge pages (``judge:table``), for a pod slip's QR code."""
    base = getattr(settings, "ARENA_PUBLIC_URL", "http://127.0.0.1:8000")
    return base.rstrip("/") + reverse("judge:table", args=[event_id, round_number, table])


def _points_text(table: dict[int, int] | None) -> str:
    """``1.º 3, 2.º 2, 3.º 1`` from the event's points by place; the shared rule without a table (decision 17)."""
    if table is None:
        return "3 × la parte de los rivales de la mesa que terminaron detrás (un empatado cuenta la mitad)"
    return ", ".join(f"{place}.º {points}" for place, points in sorted(table.items()))


def pod_standings_sheet(rnd: Round) -> PodStandingsSheet:
    """The pod standings printed with ``rnd``: after the previous round, or final.

    A round prints the standings after round N - 1 (round 1: the registered
    players, all at 0); the last round of a finished event prints the final
    ones. Players dropped by then are marked, as on the duels' sheet.
    Queries: four.
    """
    rnd = _load_round(rnd)
    event = rnd.event
    snapshot = load_pod_snapshot(event)
    final = _is_final(rnd)
    if final:
        after = max((r.round_number for r in snapshot.results), default=0)
    else:
        after = rnd.number - 1
    regs = _entrants(event)
    table = event.points_table()
    standings = pod_standings(
        regs.keys(), [r for r in snapshot.results if r.round_number <= after], points_table=table,
        active={rid for rid, reg in regs.items() if not _inactive_note(reg, after)},
        draw_order={rid: reg.draw_order for rid, reg in regs.items()},
    )
    label = secondary_score_label(event) or ""
    rows = tuple(
        PodStandingLine(
            rank=row.rank,
            name=regs[row.player_id].name,
            number=regs[row.player_id].number,
            venue=regs[row.player_id].venue,
            points=row.points,
            opponents_points=row.opponents_points,
            secondary_score=row.secondary_score if label else None,
            places="-".join(str(place) for place in row.places),
            technical_tie=row.technical_tie,
            note=_inactive_note(regs[row.player_id], after),
        )
        for row in standings
    )
    if final:
        title = "Posiciones finales"
    elif after:
        title = f"Posiciones tras la ronda {after}"
    else:
        title = "Inscriptos: posiciones antes de la ronda 1"
    return PodStandingsSheet(header=sheet_header(rnd), title=title, rows=rows, score_label=label,
                             points_text=_points_text(table))


def pod_slip_sheet(rnd: Round) -> PodSlipSheet:
    """One slip per pod of ``rnd``: its seats in seat order, the judge form's URL, the game's set-up."""
    rnd = _load_round(rnd)
    rules = PODS.rules(rnd.event)
    slips = tuple(
        PodSlip(
            pod_id=pod.pod_id,
            table=pod.table_number,
            seats=tuple(PodSlipSeat(seat.seat, seat.display_name, seat.player_number) for seat in pod.seats),
            result_url=judge_table_url(event_id=rnd.event_id, round_number=rnd.number, table=pod.table_number),
            setup=rules.setup_for(len(pod.seats)),
        )
        for pod in pods_for_round(rnd)
    )
    return PodSlipSheet(header=sheet_header(rnd), slips=slips, score_label=secondary_score_label(rnd.event) or "")


#: Pods print the same kinds (same URLs) with their own slips and standings; no bracket.
POD_RENDERERS: dict[str, tuple[Callable[[Round], object], type]] = {
    DocumentKind.PAIRINGS_BY_TABLE: (pairing_sheet, PairingsByTableRenderer),
    DocumentKind.PAIRINGS_BY_NAME: (posting_sheet, PairingsByNameRenderer),
    DocumentKind.RESULT_SLIPS: (pod_slip_sheet, PodSlipsRenderer),
    DocumentKind.STANDINGS: (pod_standings_sheet, PodStandingsRenderer),
}

#: What prints each document kind, by the shape of the format's tables (``EventFormat.tables``).
RENDERERS_BY_FORMAT: dict[str, dict[str, tuple[Callable[[Round], object], type]]] = {
    DUELS.tables: RENDERERS,
    PODS.tables: POD_RENDERERS,
}
