"""On the embedded default no request waits for a PDF (issue "Fast under a crowd", item 4).

Without a broker, pairing leaves a round's documents queued and renders
nothing; the first download of a document renders it and serves it, later
downloads serve the same file; a failed render answers a Spanish 503 page
and the row shows ``failed``. Rendered files are counted on disk (the
test's own ``MEDIA_ROOT``) and read back with pypdf.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import document_requests, documents, services
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import Document

from .conftest import document_path, download, make_event, pdf_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ROUND_ONE = {DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.PAIRINGS_BY_NAME, DocumentKind.RESULT_SLIPS,
             DocumentKind.STANDINGS}


def pdfs(root) -> list:
    return sorted(root.rglob("*.pdf"))


def player_names(rnd) -> list[str]:
    matches = rnd.tables.all()
    return [m.player_a.player.display_name for m in matches] + [
        m.player_b.player.display_name for m in matches if m.player_b_id]


def test_render_mode_follows_the_broker_unless_set(settings, embedded_default):
    assert documents.render_mode() == "download"
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker is configured
    assert documents.render_mode() == "task"
    settings.ARENA_DOCUMENTS_RENDER = "download"
    assert documents.render_mode() == "download"


def test_pairing_on_the_embedded_default_queues_and_renders_nothing(embedded_default, media_root,
                                                                    django_capture_on_commit_callbacks):
    event = make_event(9)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        rnd = services.round_pair_next(event=event)
    docs = list(Document.objects.filter(round=rnd))
    assert {doc.kind for doc in docs} == ROUND_ONE
    assert {(doc.state, doc.attempts, doc.file.name) for doc in docs} == {(DocumentState.QUEUED, 0, "")}
    assert pdfs(media_root) == []  # not one PDF was rendered by pairing
    assert not any(getattr(cb, "func", None) is document_requests._enqueue for cb in callbacks)


def test_first_download_renders_and_serves_the_round_players(embedded_default, media_root, client):
    event = make_event(9)
    rnd = services.round_pair_next(event=event)
    body = download(client, rnd, DocumentKind.PAIRINGS_BY_NAME)
    pages, text = pdf_text(body)
    names = player_names(rnd)
    assert len(names) == 9 and "Ñandú Pérez 01" in names
    assert all(name in text for name in names)
    doc = Document.objects.get(round=rnd, kind=DocumentKind.PAIRINGS_BY_NAME)
    assert (doc.state, doc.attempts, doc.pages) == (DocumentState.READY, 1, pages)
    assert [p.relative_to(media_root).as_posix() for p in pdfs(media_root)] == [doc.file.name]  # only that one
    assert Document.objects.filter(round=rnd, state=DocumentState.QUEUED).count() == 3


def test_second_download_serves_the_same_file_without_rendering_again(embedded_default, media_root, client):
    rnd = services.round_pair_next(event=make_event(6))
    first = download(client, rnd, DocumentKind.RESULT_SLIPS)
    doc = Document.objects.get(round=rnd, kind=DocumentKind.RESULT_SLIPS)
    files = pdfs(media_root)
    mtime = files[0].stat().st_mtime_ns
    second = download(client, rnd, DocumentKind.RESULT_SLIPS)
    again = Document.objects.get(pk=doc.pk)
    assert second == first
    assert (again.file.name, again.attempts, again.state) == (doc.file.name, 1, DocumentState.READY)
    assert pdfs(media_root) == files and files[0].stat().st_mtime_ns == mtime


def test_failing_render_answers_a_spanish_503_and_the_row_shows_failed(embedded_default, media_root, client,
                                                                        monkeypatch):
    import qrcode

    def broken(self, fit=True):
        raise ValueError("QR roto")

    monkeypatch.setattr(qrcode.QRCode, "make", broken)
    rnd = services.round_pair_next(event=make_event(6))
    response = client.get(document_path(rnd, DocumentKind.RESULT_SLIPS))
    assert response.status_code == 503
    page = response.content.decode()
    assert "No se pudo generar el documento." in page and "administración" in page
    doc = Document.objects.get(round=rnd, kind=DocumentKind.RESULT_SLIPS)
    assert (doc.state, doc.attempts) == (DocumentState.FAILED, 1)
    assert "ValueError: QR roto" in doc.error
    assert pdfs(media_root) == []
    assert client.get(document_path(rnd, DocumentKind.RESULT_SLIPS)).status_code == 503
    assert Document.objects.get(pk=doc.pk).attempts == 1  # a failed document is not rendered on every request

    monkeypatch.undo()  # fixed; the admin's retry queues it, the next download renders it
    document_requests.documents_retry(documents=[doc])
    _pages, text = pdf_text(download(client, rnd, DocumentKind.RESULT_SLIPS))
    assert text.count("PLANILLA DE RESULTADO") == 3
    assert Document.objects.get(pk=doc.pk).state == DocumentState.READY


def test_a_download_while_another_renders_waits_and_does_not_render_twice(embedded_default, media_root,
                                                                          monkeypatch):
    """Two downloads at once: the one that claimed the row renders, the other gets no second render."""
    rnd = services.round_pair_next(event=make_event(6))
    doc = Document.objects.get(round=rnd, kind=DocumentKind.PAIRINGS_BY_TABLE)
    builder = documents.SHEETS["pairings"]  # what a duels event prints by table
    seen = []

    def build_and_race(rnd_arg):
        # A second download arrives while this one renders (between claim and publish).
        seen.append(documents.document_render_on_download(document_id=doc.pk, wait=0))
        return builder(rnd_arg)

    monkeypatch.setitem(documents.SHEETS, "pairings", build_and_race)
    assert documents.document_render_on_download(document_id=doc.pk) == DocumentState.READY
    doc.refresh_from_db()
    assert seen == [DocumentState.RENDERING]  # the second one found it claimed and did not render
    assert (doc.state, doc.attempts) == (DocumentState.READY, 1)
    assert len(pdfs(media_root)) == 1


def test_a_download_finding_a_fresh_claim_answers_503_to_retry(embedded_default, settings, client, media_root):
    settings.ARENA_DOCUMENTS_RENDER_WAIT_SECONDS = 0.5
    rnd = services.round_pair_next(event=make_event(4))
    Document.objects.filter(round=rnd, kind=DocumentKind.STANDINGS).update(
        state=DocumentState.RENDERING, updated_at=timezone.now())
    response = client.get(document_path(rnd, DocumentKind.STANDINGS))  # waits, then gives up
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "El documento se está generando." in response.content.decode()
    assert pdfs(media_root) == []


def test_an_abandoned_claim_is_taken_over(embedded_default, settings, client, media_root):
    settings.ARENA_DOCUMENTS_RENDER_WAIT_SECONDS = 0
    rnd = services.round_pair_next(event=make_event(4))
    Document.objects.filter(round=rnd, kind=DocumentKind.STANDINGS).update(
        state=DocumentState.RENDERING, attempts=1,
        updated_at=timezone.now() - timedelta(seconds=documents.RENDER_STALE_SECONDS + 1))
    download(client, rnd, DocumentKind.STANDINGS)
    doc = Document.objects.get(round=rnd, kind=DocumentKind.STANDINGS)
    assert (doc.state, doc.attempts) == (DocumentState.READY, 2)


def test_a_document_asked_for_again_while_rendering_is_rendered_again(embedded_default, media_root, monkeypatch,
                                                                      django_capture_on_commit_callbacks):
    """Extra time given while the slips render: the file built before it is not published as current."""
    rnd = services.round_pair_next(event=make_event(6))
    doc = Document.objects.get(round=rnd, kind=DocumentKind.RESULT_SLIPS)
    builder = documents.SHEETS["slips"]
    calls = []

    def build_then_requeue(rnd_arg):
        sheet = builder(rnd_arg)
        if not calls:
            document_requests.request_round_documents(rnd, kinds=[DocumentKind.RESULT_SLIPS])
        calls.append(sheet)
        return sheet

    monkeypatch.setitem(documents.SHEETS, "slips", build_then_requeue)
    with django_capture_on_commit_callbacks(execute=True):
        state = documents.document_render_on_download(document_id=doc.pk)
    doc.refresh_from_db()
    # the new request starts a new count of attempts (issue #15): one render since it
    assert (state, doc.state, doc.attempts, len(calls)) == (DocumentState.READY, DocumentState.READY, 1, 2)
    assert [p.relative_to(media_root).as_posix() for p in pdfs(media_root)] == [doc.file.name]


def test_unknown_document_and_round_answer_a_spanish_404(embedded_default, client):
    rnd = services.round_pair_next(event=make_event(4))
    unknown = client.get(f"/eventos/{rnd.event_id}/rondas/1/secreto.pdf")
    assert unknown.status_code == 404 and "Documento desconocido." in unknown.content.decode()
    assert client.get(document_path(rnd, DocumentKind.BRACKET)).status_code == 404  # no top cut here
    later = client.get(f"/eventos/{rnd.event_id}/rondas/2/posiciones.pdf")
    assert later.status_code == 404 and "Documento inexistente." in later.content.decode()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_two_concurrent_first_downloads_render_once(embedded_default, media_root):
    """Two real requests at once, each in its own thread and connection (PostgreSQL: row locks)."""
    import threading

    from django.db import connection, connections
    from django.test import Client

    from tests.factories import game

    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises every writer; the claim is checked by the single-thread race test")
    game("weed_monsters")  # an earlier transactional test's flush may have taken the seeded row
    rnd = services.round_pair_next(event=make_event(12))
    path = document_path(rnd, DocumentKind.PAIRINGS_BY_TABLE)
    barrier = threading.Barrier(2)
    results: list[tuple[int, bytes]] = []

    def fetch():
        try:
            barrier.wait()
            response = Client().get(path)
            results.append((response.status_code, b"".join(response.streaming_content)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=fetch) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    doc = Document.objects.get(round=rnd, kind=DocumentKind.PAIRINGS_BY_TABLE)
    assert [status for status, _body in results] == [200, 200]
    assert results[0][1] == results[1][1] == (media_root / doc.file.name).read_bytes()
    assert (doc.state, doc.attempts) == (DocumentState.READY, 1)
    assert len(pdfs(media_root)) == 1
