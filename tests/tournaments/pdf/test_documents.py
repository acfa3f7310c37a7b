"""Documents of a round: queued on pairing, rendered later, replaced on retry.

On the embedded default (no broker, as on a laptop) a round's documents
render on their first download, so most tests here download them through
the public URL. Tests of the Celery task itself (retries, the broker) use
``task_mode``: the task is sent on commit and runs eagerly. The storage
(disk) and the broker are the outside world, mocked where a failure is
needed.
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from django.core.files.storage import FileSystemStorage
from kombu.exceptions import OperationalError

from tournaments import document_requests, documents, selectors, services, tasks
from tournaments.enums import DocumentKind, DocumentState, EventState
from tournaments.models import Document, Round

from .conftest import download, download_all, make_event, pdf_text, play

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

#: Every Swiss round of an event without a top cut (round 1's standings list the players at 0).
ROUND_ONE = {DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.PAIRINGS_BY_NAME, DocumentKind.RESULT_SLIPS,
             DocumentKind.STANDINGS}


def pair(event, capture):
    """Pair the next round and run what happens on commit (the renders, in ``task_mode``)."""
    with capture(execute=True):
        return services.round_pair_next(event=event)


def docs_of(rnd) -> dict[str, Document]:
    return {doc.kind: doc for doc in Document.objects.filter(round=rnd)}


def files_under(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.pdf"))


def test_pairing_queues_the_round_documents_until_commit(django_capture_on_commit_callbacks, task_mode):
    event = make_event(8)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        rnd = services.round_pair_next(event=event)
    docs = docs_of(rnd)
    assert set(docs) == ROUND_ONE
    assert {doc.state for doc in docs.values()} == {DocumentState.QUEUED}
    # one enqueue after commit, nothing sent before (the page-cache stamp withdrawals on commit aside)
    assert len([cb for cb in callbacks if cb.__module__ != "tournaments.stamps"]) == 1


def test_first_download_renders_every_document_with_every_table_and_player(django_capture_on_commit_callbacks,
                                                                            media_root, client):
    event = make_event(9)
    rnd = pair(event, django_capture_on_commit_callbacks)
    assert {doc.state for doc in docs_of(rnd).values()} == {DocumentState.QUEUED}
    served = download_all(client, rnd)
    docs = docs_of(rnd)
    assert {doc.state for doc in docs.values()} == {DocumentState.READY}
    matches = list(rnd.tables.all())
    matches.sort(key=lambda m: m.is_bye)  # the bye's player last
    names = [m.player_a.player.display_name for m in matches if not m.is_bye] + [
        m.player_b.player.display_name for m in matches if m.player_b_id] + [
        m.player_a.player.display_name for m in matches if m.is_bye]
    assert len(names) == 9 and "Ñandú Pérez 01" in names
    texts = {}
    for doc in docs.values():
        pages, text = texts[doc.kind] = pdf_text(doc.file.read())
        assert served[doc.kind] == (media_root / doc.file.name).read_bytes()
        assert pages == doc.pages
        assert doc.size_bytes == (media_root / doc.file.name).stat().st_size
        assert doc.attempts == 1 and doc.error == ""
        printed = names if doc.kind != DocumentKind.RESULT_SLIPS else names[:-1]  # a bye gets no slip
        assert all(name in text for name in printed), doc.kind
    _pages, slips = texts[DocumentKind.RESULT_SLIPS]
    assert docs[DocumentKind.RESULT_SLIPS].pages == math.ceil(4 / 3)
    assert slips.count("PLANILLA DE RESULTADO") == 4
    for match in matches:
        if not match.is_bye:
            assert f"/juez/eventos/{event.pk}/rondas/1/mesas/{match.table_number}/" in slips


def test_round_two_adds_the_standings_after_round_one(django_capture_on_commit_callbacks, client):
    event = make_event(8)
    play(pair(event, django_capture_on_commit_callbacks))
    rnd = pair(event, django_capture_on_commit_callbacks)
    play(rnd)  # results of round 2 entered before a late download: still "after round 1"
    _pages, text = pdf_text(download(client, rnd, DocumentKind.STANDINGS))
    assert set(docs_of(rnd)) == ROUND_ONE
    assert "Posiciones tras la ronda 1" in text
    assert "Handicap: vs" in " ".join(text.split())


def test_pairing_sheet_prints_points_before_the_round(django_capture_on_commit_callbacks):
    event = make_event(8)
    play(pair(event, django_capture_on_commit_callbacks), score=(2, 0, 0))
    rnd = pair(event, django_capture_on_commit_callbacks)
    sheet = documents.pairing_sheet(rnd)
    # Printed as the pages print them: a win in round 1 is 1 point, a loss 0.
    assert sorted(p for row in sheet.tables for p in (row.points_a, row.points_b)) == ["0"] * 4 + ["1"] * 4


def test_rerender_replaces_the_file_and_keeps_the_url(django_capture_on_commit_callbacks, media_root, client):
    event = make_event(6)
    rnd = pair(event, django_capture_on_commit_callbacks)
    download_all(client, rnd)
    doc = docs_of(rnd)[DocumentKind.PAIRINGS_BY_TABLE]
    url, old_name = documents.document_url(doc), doc.file.name
    with django_capture_on_commit_callbacks(execute=True):
        document_requests.documents_retry(documents=[doc])
    doc.refresh_from_db()
    assert (doc.state, doc.file.name) == (DocumentState.QUEUED, old_name)  # the old file stays until replaced
    with django_capture_on_commit_callbacks(execute=True):  # the download's own commit deletes the old file
        download(client, rnd, DocumentKind.PAIRINGS_BY_TABLE)
    doc.refresh_from_db()
    assert documents.document_url(doc) == url == f"/eventos/{event.pk}/rondas/1/emparejamientos-por-mesa.pdf"
    assert doc.file.name != old_name
    assert not (media_root / old_name).exists()
    assert (media_root / doc.file.name).exists()
    assert (doc.state, doc.attempts) == (DocumentState.READY, 2)
    assert len(files_under(media_root)) == len(ROUND_ONE)  # one file per document, none left behind
    assert client.get(url).status_code == 200


def test_task_run_twice_leaves_one_file(django_capture_on_commit_callbacks, media_root):
    event = make_event(4)
    rnd = pair(event, django_capture_on_commit_callbacks)
    doc = docs_of(rnd)[DocumentKind.RESULT_SLIPS]
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.render_document.apply(args=[doc.pk]).get() == "ready"
        assert tasks.render_document.apply(args=[doc.pk]).get() == "ready"
    slips = [p for p in files_under(media_root) if "planillas" in p.name]
    doc.refresh_from_db()
    assert [p.relative_to(media_root).as_posix() for p in slips] == [doc.file.name]


def test_failing_render_marks_the_document_failed_and_pairing_succeeds(django_capture_on_commit_callbacks,
                                                                        monkeypatch, client):
    import qrcode

    def broken(self, fit=True):
        raise ValueError("QR roto")

    monkeypatch.setattr(qrcode.QRCode, "make", broken)
    event = make_event(6)
    rnd = pair(event, django_capture_on_commit_callbacks)
    response = client.get(documents.document_url(docs_of(rnd)[DocumentKind.RESULT_SLIPS]))
    assert response.status_code == 503
    assert "No se pudo generar el documento." in response.content.decode()
    download(client, rnd, DocumentKind.PAIRINGS_BY_TABLE)
    docs = docs_of(rnd)
    assert Round.objects.filter(pk=rnd.pk).exists() and rnd.tables.count() == 3
    assert docs[DocumentKind.RESULT_SLIPS].state == DocumentState.FAILED
    assert "ValueError: QR roto" in docs[DocumentKind.RESULT_SLIPS].error
    assert docs[DocumentKind.PAIRINGS_BY_TABLE].state == DocumentState.READY
    play(rnd)  # results are entered as usual
    event.refresh_from_db()
    assert event.state == EventState.SWISS


def test_transient_storage_error_is_retried(django_capture_on_commit_callbacks, monkeypatch, task_mode):
    original = FileSystemStorage._save
    failures = {"left": 1}

    def flaky(self, name, content):
        if "emparejamientos-por-mesa" in name and failures["left"]:
            failures["left"] -= 1
            raise OSError(28, "No space left on device")
        return original(self, name, content)

    monkeypatch.setattr(FileSystemStorage, "_save", flaky)
    rnd = pair(make_event(4), django_capture_on_commit_callbacks)
    doc = docs_of(rnd)[DocumentKind.PAIRINGS_BY_TABLE]
    assert (doc.state, doc.attempts, doc.error) == (DocumentState.READY, 2, "")


def test_persistent_storage_error_fails_after_the_retry_limit(django_capture_on_commit_callbacks, monkeypatch,
                                                              task_mode):
    def full(self, name, content):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(FileSystemStorage, "_save", full)
    rnd = pair(make_event(4), django_capture_on_commit_callbacks)
    doc = docs_of(rnd)[DocumentKind.PAIRINGS_BY_TABLE]
    assert doc.state == DocumentState.FAILED
    assert doc.attempts == tasks.RENDER_MAX_RETRIES + 1
    assert "No space left on device" in doc.error
    assert rnd.tables.count() == 2


def test_broker_down_marks_documents_failed_and_keeps_the_round(django_capture_on_commit_callbacks, monkeypatch,
                                                                task_mode):
    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.render_document, "delay", refused)
    rnd = pair(make_event(4), django_capture_on_commit_callbacks)
    docs = docs_of(rnd)
    assert {doc.state for doc in docs.values()} == {DocumentState.FAILED}
    assert all("No se pudo encolar" in doc.error for doc in docs.values())
    assert rnd.tables.count() == 2


def test_repairing_a_round_deletes_the_old_files(django_capture_on_commit_callbacks, media_root, client):
    event = make_event(6)
    download_all(client, pair(event, django_capture_on_commit_callbacks))
    before = files_under(media_root)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_repair(event=event)
    assert files_under(media_root) == []  # the old round's files went with its documents
    download_all(client, rnd)
    after = files_under(media_root)
    assert len(before) == len(after) == len(ROUND_ONE)
    assert not set(before) & set(after)
    assert {doc.state for doc in docs_of(rnd).values()} == {DocumentState.READY}


def test_finished_event_prints_final_standings_and_bracket(django_capture_on_commit_callbacks, client):
    event = make_event(8, cut_size=4, planned_rounds=3)
    for _ in range(3):
        play(pair(event, django_capture_on_commit_callbacks))
    with django_capture_on_commit_callbacks(execute=True):
        semis = services.top_cut_start(event=event)
    assert set(docs_of(semis)) == set(DocumentKind.values)  # the five documents
    _pages, bracket = pdf_text(download(client, semis, DocumentKind.BRACKET))
    assert "Semifinales" in bracket and "Campeón" in bracket
    play(semis)
    final = pair(event, django_capture_on_commit_callbacks)
    download(client, final, DocumentKind.BRACKET)  # printed while the final is played ...
    during_final = docs_of(final)[DocumentKind.BRACKET].file.name
    play(final)
    with django_capture_on_commit_callbacks(execute=True):
        event = services.event_finish(event=event)
    _pages, bracket = pdf_text(download(client, final, DocumentKind.BRACKET))  # ... and again once finished
    _pages, standings = pdf_text(download(client, final, DocumentKind.STANDINGS))
    docs = docs_of(final)
    champion = event.podium_first.player.display_name
    assert f"1º {champion}" in " ".join(bracket.split())
    # DESIGN.md decision 20: the finished event prints its final standings, the champion in the first row
    assert "Posiciones finales" in standings and "rondas suizas" not in standings
    flat = " ".join(standings.split())
    assert flat.index(champion) < flat.index(event.podium_second.player.display_name)
    # printed during the final, again after the finish (a new request: a new count of attempts)
    assert docs[DocumentKind.BRACKET].file.name != during_final
    assert docs[DocumentKind.BRACKET].attempts == 1


def test_swiss_only_event_reprints_the_last_standings_as_final(django_capture_on_commit_callbacks, client):
    event = make_event(4, cut_size=0, planned_rounds=3)
    for _ in range(3):
        rnd = pair(event, django_capture_on_commit_callbacks)
        play(rnd)
    download(client, rnd, DocumentKind.STANDINGS)
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=event)
    assert docs_of(rnd)[DocumentKind.STANDINGS].state == DocumentState.QUEUED  # asked for again
    _pages, text = pdf_text(download(client, rnd, DocumentKind.STANDINGS))
    assert "Posiciones finales" in text
    assert set(docs_of(rnd)) == ROUND_ONE


def test_slip_qr_url_uses_the_configured_public_address(settings):
    settings.ARENA_PUBLIC_URL = "https://arena.example.com.ar/"
    event = make_event(4)
    rnd = services.round_pair_next(event=event)
    slips = documents.slip_sheet(rnd).slips
    assert [slip.result_url for slip in slips] == [
        f"https://arena.example.com.ar/juez/eventos/{event.pk}/rondas/1/mesas/{table}/" for table in (1, 2)]


def test_judge_result_url_falls_back_to_the_planned_path():
    assert documents.judge_result_url(42) == "http://127.0.0.1:8000/juez/mesas/42/"


def test_a_swiss_round_of_a_cut_event_prints_all_five_with_a_projected_bracket(django_capture_on_commit_callbacks,
                                                                              client):
    """Issue #5: pairing a round produces the five documents; before the cut the bracket is a projection."""
    event = make_event(8, cut_size=4, planned_rounds=3)
    first = pair(event, django_capture_on_commit_callbacks)
    assert set(docs_of(first)) == ROUND_ONE | {DocumentKind.BRACKET}
    _pages, text = pdf_text(download(client, first, DocumentKind.BRACKET))
    assert "Proyección: el reducido se arma con las posiciones finales" in " ".join(text.split())
    play(first)
    second = pair(event, django_capture_on_commit_callbacks)
    _pages, text = pdf_text(download(client, second, DocumentKind.BRACKET))
    flat = " ".join(text.split())
    assert "tras la ronda 1" in flat
    leader = selectors.standing_rows(event)  # after round 2's pairing, results of round 1 only
    assert leader[0].display_name in flat
