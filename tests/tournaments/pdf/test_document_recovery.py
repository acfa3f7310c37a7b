"""Workers that recover on their own (issue #15).

A render claims its row with a lease; the reaper (``documents_recover``,
on Celery beat or ``manage.py documents_recover``) queues again what a lost
worker or broker left: rendering past the lease, queued with no render for
the queued timeout, failed once its backoff passed, each while attempts are
left. The public URL keeps serving the last good file while a new one is
made. Times are set on the rows by hand and the reaper is given its ``now``;
expected states are worked out from the settings' numbers, written out here.
"""
from __future__ import annotations

import io
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournaments import document_requests, documents, services, tasks
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import Document

from .conftest import document_path, make_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LEASE = 60  # ARENA_DOCUMENTS_RENDER_LEASE_SECONDS default
QUEUED_TIMEOUT = 60  # ARENA_DOCUMENTS_QUEUED_TIMEOUT_SECONDS default
MAX_ATTEMPTS = 5  # ARENA_DOCUMENTS_RENDER_MAX_ATTEMPTS default


def pdfs(root) -> list:
    return sorted(root.rglob("*.pdf"))


def queued_round(players: int = 4):
    """A paired round whose documents are queued and never sent (on-commit callbacks not run)."""
    return services.round_pair_next(event=make_event(players))


def doc_of(rnd, kind=DocumentKind.PAIRINGS_BY_TABLE) -> Document:
    return Document.objects.get(round=rnd, kind=kind)


def set_row(doc: Document, **fields) -> None:
    Document.objects.filter(pk=doc.pk).update(**fields)


# --------------------------------------------------------------------------- settings


def test_celery_app_acknowledges_late_and_requeues_on_a_lost_worker():
    from config.celery import app

    conf = app.conf
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.broker_connection_retry_on_startup is True
    assert conf.worker_cancel_long_running_tasks_on_connection_loss is True
    assert conf.broker_transport_options["visibility_timeout"] == 300
    task = app.tasks["tournaments.render_document"]
    assert (task.acks_late, task.reject_on_worker_lost) == (True, True)
    assert (task.soft_time_limit, task.time_limit) == (45, 55)


def test_render_lease_outlives_the_hard_limit_and_recovery_fits_in_two_minutes(settings, task_mode):
    from config.celery import app

    task = app.tasks["tournaments.render_document"]
    lease = documents.render_lease_seconds()
    assert lease == LEASE
    assert task.time_limit < lease < app.conf.broker_transport_options["visibility_timeout"]
    # a dead claim is past its lease after 60 s, and beat reaps every 15 s: 75 s, plus the
    # render (12 s at most measured), < 120 s
    assert lease + settings.ARENA_DOCUMENTS_REAP_EVERY_SECONDS == 75


def test_beat_runs_the_reaper_task():
    from config.celery import app

    entry = app.conf.beat_schedule["documents-recover"]
    assert entry["task"] == "tournaments.documents_recover"
    assert entry["schedule"] == 15.0
    assert "tournaments.documents_recover" in app.tasks


def test_retry_backoff_doubles_from_thirty_seconds_up_to_ten_minutes():
    assert [documents.retry_delay(n).total_seconds() for n in (1, 2, 3, 4, 5, 6)] == [30, 60, 120, 240, 480, 600]


# --------------------------------------------------------------------------- the reaper's selection


def test_reaper_requeues_only_what_is_past_its_timeout(task_mode):
    now = timezone.now()
    rnd = queued_round()
    stuck, fresh = doc_of(rnd, DocumentKind.PAIRINGS_BY_TABLE), doc_of(rnd, DocumentKind.PAIRINGS_BY_NAME)
    lost, waiting = doc_of(rnd, DocumentKind.RESULT_SLIPS), doc_of(rnd, DocumentKind.STANDINGS)
    set_row(stuck, state=DocumentState.RENDERING, render_token="dead", attempts=1,
            render_started_at=now - timedelta(seconds=LEASE + 1))
    set_row(fresh, state=DocumentState.RENDERING, render_token="alive", attempts=1,
            render_started_at=now - timedelta(seconds=LEASE - 10))
    set_row(lost, updated_at=now - timedelta(seconds=QUEUED_TIMEOUT + 1))
    set_row(waiting, updated_at=now - timedelta(seconds=QUEUED_TIMEOUT - 10))
    done = documents.documents_recover(now=now)
    assert (done.stuck, done.lost, done.retried, done.given_up) == ((stuck.pk,), (lost.pk,), (), ())
    rows = {d.pk: (d.state, d.render_token, d.attempts) for d in Document.objects.filter(round=rnd)}
    assert rows == {
        stuck.pk: (DocumentState.QUEUED, "", 1),
        fresh.pk: (DocumentState.RENDERING, "alive", 1),
        lost.pk: (DocumentState.QUEUED, "", 0),
        waiting.pk: (DocumentState.QUEUED, "", 0),
    }
    # the lost one's clock starts again: a second pass right after sends nothing
    assert documents.documents_recover(now=now).queued == ()


def test_reaper_retries_failed_documents_after_their_backoff_while_attempts_are_left(task_mode):
    now = timezone.now()
    rnd = queued_round()
    due, early = doc_of(rnd, DocumentKind.PAIRINGS_BY_TABLE), doc_of(rnd, DocumentKind.PAIRINGS_BY_NAME)
    exhausted, never = doc_of(rnd, DocumentKind.RESULT_SLIPS), doc_of(rnd, DocumentKind.STANDINGS)
    recent = now - timedelta(seconds=5)  # not "lost": failed rows are never sent as lost
    set_row(due, state=DocumentState.FAILED, attempts=2, retry_at=now - timedelta(seconds=1), updated_at=recent)
    set_row(early, state=DocumentState.FAILED, attempts=1, retry_at=now + timedelta(seconds=20), updated_at=recent)
    set_row(exhausted, state=DocumentState.FAILED, attempts=MAX_ATTEMPTS, retry_at=now - timedelta(seconds=1),
            updated_at=recent)
    set_row(never, state=DocumentState.FAILED, attempts=1, retry_at=None, updated_at=now - timedelta(hours=1))
    done = documents.documents_recover(now=now)
    assert (done.stuck, done.lost, done.retried) == ((), (), (due.pk,))
    states = {d.pk: d.state for d in Document.objects.filter(round=rnd)}
    assert states == {due.pk: DocumentState.QUEUED, early.pk: DocumentState.FAILED,
                      exhausted.pk: DocumentState.FAILED, never.pk: DocumentState.FAILED}
    assert documents.documents_recover(now=now + timedelta(seconds=21)).retried == (early.pk,)


def test_reaper_gives_up_on_a_document_interrupted_max_attempts_times(task_mode):
    now = timezone.now()
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.RENDERING, render_token="dead", attempts=MAX_ATTEMPTS,
            render_started_at=now - timedelta(seconds=LEASE + 1))
    done = documents.documents_recover(now=now)
    assert (done.stuck, done.given_up) == ((), (doc.pk,))
    doc.refresh_from_db()
    assert (doc.state, doc.retry_at, doc.render_token) == (DocumentState.FAILED, None, "")
    assert "se interrumpió demasiadas veces" in doc.error


def test_reaper_on_download_requeues_stuck_documents_but_sends_nothing(settings, embedded_default):
    settings.ARENA_DOCUMENTS_RENDER_STALE_SECONDS = 600
    now = timezone.now()
    rnd = queued_round()
    stuck, queued = doc_of(rnd), doc_of(rnd, DocumentKind.STANDINGS)
    set_row(stuck, state=DocumentState.RENDERING, attempts=1, render_started_at=now - timedelta(seconds=601))
    set_row(queued, updated_at=now - timedelta(hours=1))  # on download a queued row waits for its download
    done = documents.documents_recover(now=now)
    assert (done.stuck, done.lost) == ((stuck.pk,), ())


def test_reaper_task_renders_a_stuck_document_again(task_mode, media_root):
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.RENDERING, render_token="dead", attempts=1,
            render_started_at=timezone.now() - timedelta(seconds=LEASE + 5))
    assert tasks.recover_documents() == {"stuck": 1, "lost": 0, "retried": 0, "given_up": 0}
    doc.refresh_from_db()  # the task ran eagerly: claimed (attempt 2) and rendered
    assert (doc.state, doc.attempts, doc.render_token) == (DocumentState.READY, 2, "")
    assert pdfs(media_root) == [media_root / doc.file.name]


def test_documents_recover_command_reports_what_it_queued(task_mode, monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.render_document, "delay", lambda pk: sent.append(pk))
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.FAILED, attempts=1, retry_at=timezone.now() - timedelta(seconds=1))
    out = io.StringIO()
    call_command("documents_recover", stdout=out)
    assert sent == [doc.pk]
    assert out.getvalue().strip() == ("Documentos: 0 trabados generando, 0 perdidos en la cola y 1 fallidos "
                                      "vueltos a encolar; 0 dados por fallidos.")


def test_broker_back_after_an_outage_renders_the_failed_documents(task_mode, monkeypatch, media_root,
                                                                   django_capture_on_commit_callbacks):
    original = tasks.render_document.delay

    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.render_document, "delay", refused)
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=make_event(4))
    doc = doc_of(rnd)
    assert (doc.state, doc.attempts) == (DocumentState.FAILED, 0)
    assert before + timedelta(seconds=30) <= doc.retry_at <= timezone.now() + timedelta(seconds=30)
    assert documents.documents_recover(now=before + timedelta(seconds=10)).queued == ()  # still backing off
    monkeypatch.setattr(tasks.render_document, "delay", original)  # the broker is back
    Document.objects.filter(round=rnd).update(retry_at=timezone.now() - timedelta(seconds=1))
    assert tasks.recover_documents()["retried"] == 4
    assert {(d.state, d.attempts) for d in Document.objects.filter(round=rnd)} == {(DocumentState.READY, 1)}


# --------------------------------------------------------------------------- the claim


def test_a_message_delivered_again_takes_its_own_claim_over_at_once(task_mode, media_root):
    """The pool child died mid-render: the same task id comes back well inside the lease."""
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.RENDERING, render_token="task-1", attempts=1,
            render_started_at=timezone.now())
    assert documents.document_render(document_id=doc.pk, token="task-1") == DocumentState.READY
    doc.refresh_from_db()
    assert (doc.state, doc.attempts) == (DocumentState.READY, 2)


def test_another_render_never_takes_a_live_claim(task_mode, media_root):
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.RENDERING, render_token="task-1", attempts=1,
            render_started_at=timezone.now())
    assert documents.document_render(document_id=doc.pk, token="task-2") == DocumentState.RENDERING
    doc.refresh_from_db()
    assert (doc.state, doc.render_token, doc.attempts, doc.file.name) == (DocumentState.RENDERING, "task-1", 1, "")
    assert pdfs(media_root) == []


def test_a_message_that_keeps_killing_its_worker_ends_failed(task_mode, media_root):
    rnd = queued_round()
    doc = doc_of(rnd)
    set_row(doc, state=DocumentState.RENDERING, render_token="task-1", attempts=MAX_ATTEMPTS,
            render_started_at=timezone.now())
    assert documents.document_render(document_id=doc.pk, token="task-1") == DocumentState.FAILED
    doc.refresh_from_db()
    assert (doc.state, doc.retry_at, doc.attempts) == (DocumentState.FAILED, None, MAX_ATTEMPTS)
    assert pdfs(media_root) == []


def test_a_copy_of_a_rendered_message_renders_nothing(task_mode, media_root):
    rnd = queued_round()
    doc = doc_of(rnd)
    assert documents.document_render(document_id=doc.pk, token="task-1") == DocumentState.READY
    doc.refresh_from_db()
    assert documents.document_render(document_id=doc.pk, token="task-2") == DocumentState.READY
    again = Document.objects.get(pk=doc.pk)
    assert (again.file.name, again.attempts) == (doc.file.name, 1)
    assert pdfs(media_root) == [media_root / doc.file.name]


def test_a_render_whose_claim_was_taken_over_publishes_nothing(task_mode, media_root, monkeypatch,
                                                                django_capture_on_commit_callbacks):
    """The reaper re-queued a slow render and another one claimed it: the slow one's file is thrown away."""
    rnd = queued_round()
    doc = doc_of(rnd)
    builder = documents.SHEETS["pairings"]  # what a duels event prints by table

    def taken_over(rnd_arg):
        set_row(doc, render_token="task-2")
        return builder(rnd_arg)

    monkeypatch.setitem(documents.SHEETS, "pairings", taken_over)
    with django_capture_on_commit_callbacks(execute=True):  # the unpublished file is deleted on commit
        assert documents.document_render(document_id=doc.pk, token="task-1") == DocumentState.RENDERING
    doc.refresh_from_db()
    assert (doc.state, doc.render_token, doc.file.name) == (DocumentState.RENDERING, "task-2", "")
    assert pdfs(media_root) == []


def test_a_failed_render_is_retried_after_the_backoff(task_mode, media_root, monkeypatch):
    rnd = queued_round()
    doc = doc_of(rnd)
    def broken(rnd_arg):
        raise ValueError("hoja rota")

    monkeypatch.setitem(documents.SHEETS, "pairings", broken)
    before = timezone.now()
    assert documents.document_render(document_id=doc.pk, token="task-1") == DocumentState.FAILED
    doc.refresh_from_db()
    assert (doc.state, doc.attempts, doc.render_token) == (DocumentState.FAILED, 1, "")
    assert before + timedelta(seconds=30) <= doc.retry_at <= timezone.now() + timedelta(seconds=30)


def test_rendering_twice_keeps_the_row_and_leaves_one_file(task_mode, media_root,
                                                           django_capture_on_commit_callbacks):
    rnd = queued_round()
    doc = doc_of(rnd)
    documents.document_render(document_id=doc.pk)
    first = Document.objects.get(pk=doc.pk).file.name
    document_requests.request_round_documents(rnd, kinds=[DocumentKind.PAIRINGS_BY_TABLE])
    with django_capture_on_commit_callbacks(execute=True):  # the old file is deleted on commit
        documents.document_render(document_id=doc.pk)
    after = Document.objects.get(pk=doc.pk)
    assert Document.objects.filter(round=rnd, kind=DocumentKind.PAIRINGS_BY_TABLE).count() == 1
    assert after.state == DocumentState.READY and after.file.name != first
    assert pdfs(media_root) == [media_root / after.file.name]


# --------------------------------------------------------------------------- the last good file


def rendered_round(client, media_root):
    rnd = queued_round()
    doc = doc_of(rnd)
    documents.document_render(document_id=doc.pk)
    doc.refresh_from_db()
    return rnd, doc, (media_root / doc.file.name).read_bytes()


@pytest.mark.parametrize("state", [DocumentState.QUEUED, DocumentState.RENDERING, DocumentState.FAILED])
def test_with_workers_the_last_good_file_is_served_while_a_new_one_is_made(client, task_mode, media_root, state):
    rnd, doc, content = rendered_round(client, media_root)
    set_row(doc, state=state)
    response = client.get(document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == content
    assert response["X-Arena-Document-State"] == state


def test_the_new_file_replaces_the_old_one_only_when_it_is_ready(client, task_mode, media_root,
                                                                  django_capture_on_commit_callbacks):
    rnd, doc, content = rendered_round(client, media_root)
    old = doc.file.name
    document_requests.request_round_documents(rnd, kinds=[DocumentKind.PAIRINGS_BY_TABLE])
    assert (media_root / old).exists()
    with django_capture_on_commit_callbacks(execute=True):
        documents.document_render(document_id=doc.pk)
    doc.refresh_from_db()
    assert not (media_root / old).exists()  # deleted after the swap's commit
    response = client.get(document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE))
    assert b"".join(response.streaming_content) == (media_root / doc.file.name).read_bytes()
    assert "X-Arena-Document-State" not in response


def test_with_workers_a_document_never_rendered_still_answers_404_or_503(client, task_mode):
    rnd = queued_round()
    path = document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE)
    assert client.get(path).status_code == 404
    set_row(doc_of(rnd), state=DocumentState.FAILED)
    assert client.get(path).status_code == 503


def test_on_download_the_last_good_file_is_served_while_another_request_renders(client, embedded_default,
                                                                                  media_root, settings):
    settings.ARENA_DOCUMENTS_RENDER_WAIT_SECONDS = 30  # a request that waited would take 30 s
    rnd, doc, content = rendered_round(client, media_root)
    set_row(doc, state=DocumentState.RENDERING, render_token="other", render_started_at=timezone.now())
    started = timezone.now()
    response = client.get(document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE))
    assert response.status_code == 200 and b"".join(response.streaming_content) == content
    assert (timezone.now() - started).total_seconds() < 5
    assert doc_of(rnd).state == DocumentState.RENDERING


# --------------------------------------------------------------------------- races (PostgreSQL)


def _race(count: int, work) -> list:
    """Run ``work()`` in ``count`` threads at once, each on its own connection; their results."""
    from django.db import connections

    barrier = threading.Barrier(count)
    results: list = []
    errors: list = []

    def run():
        try:
            barrier.wait()
            results.append(work())
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    return results


def _postgres_only():
    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises every writer: the race needs PostgreSQL's row locks")


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_reapers_move_each_stuck_document_once(task_mode, monkeypatch):
    _postgres_only()
    from tests.factories import game

    monkeypatch.setattr(tasks.render_document, "delay", lambda pk: None)  # pairing's commit renders nothing
    game("weed_monsters")  # an earlier transactional test's flush may have taken the seeded row
    rnd = queued_round()
    now = timezone.now()
    Document.objects.filter(round=rnd).update(state=DocumentState.RENDERING, render_token="dead", attempts=1,
                                              render_started_at=now - timedelta(seconds=LEASE + 1))
    results = _race(4, lambda: documents.documents_recover(now=now).stuck)
    moved = sorted(pk for stuck in results for pk in stuck)
    assert moved == sorted(Document.objects.filter(round=rnd).values_list("pk", flat=True))
    assert len(moved) == 4


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_renders_of_one_document_publish_one_file(task_mode, media_root, monkeypatch):
    _postgres_only()
    from tests.factories import game

    monkeypatch.setattr(tasks.render_document, "delay", lambda pk: None)  # pairing's commit renders nothing
    game("weed_monsters")
    rnd = queued_round(8)
    doc = doc_of(rnd)
    assert doc.state == DocumentState.QUEUED
    tokens = iter(["task-a", "task-b", "task-c"])
    lock = threading.Lock()

    def render():
        with lock:
            token = next(tokens)
        return documents.document_render(document_id=doc.pk, token=token)

    states = _race(3, render)
    doc.refresh_from_db()
    assert (doc.state, doc.attempts) == (DocumentState.READY, 1)  # one claim won, one render ran
    assert sorted(states).count(DocumentState.READY) >= 1
    assert pdfs(media_root) == [media_root / doc.file.name]


def test_a_file_gone_between_the_query_and_the_open_answers_503_to_retry(client, task_mode, media_root):
    rnd, doc, _content = rendered_round(client, media_root)
    (media_root / doc.file.name).unlink()  # as if a newer render's commit had just deleted it
    response = client.get(document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE))
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert "El documento se está regenerando." in response.content.decode()
