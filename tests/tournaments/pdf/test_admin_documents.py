"""The documents admin: state and error on the list, the retry action renders again."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import Document

from .conftest import document_path, download, download_all, make_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def paired_round(django_capture_on_commit_callbacks, client):
    """Round 1 of a 6-player event, every document downloaded once (so rendered)."""
    event = make_event(6)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    download_all(client, rnd)
    return rnd


def test_changelist_shows_each_state_and_the_error_of_a_failed_document(admin_client, paired_round):
    failed = Document.objects.get(round=paired_round, kind=DocumentKind.RESULT_SLIPS)
    Document.objects.filter(pk=failed.pk).update(state=DocumentState.FAILED,
                                                 error="No se pudo generar el documento: ValueError: QR roto")
    Document.objects.filter(round=paired_round, kind=DocumentKind.PAIRINGS_BY_NAME).update(
        state=DocumentState.QUEUED)
    response = admin_client.get(reverse("admin:tournaments_document_changelist"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Falló" in html and "En cola" in html and "Listo" in html
    assert "ValueError: QR roto" in html
    assert f"/eventos/{paired_round.event_id}/rondas/1/emparejamientos-por-mesa.pdf" in html
    # on the embedded default a queued document's link leads to the URL that renders it
    assert f'href="{document_path(paired_round, DocumentKind.PAIRINGS_BY_NAME)}"' in html
    assert "Generar y abrir PDF" in html
    assert document_path(paired_round, DocumentKind.RESULT_SLIPS) not in html  # a failed one has no link


def test_with_workers_a_queued_document_has_no_link(admin_client, paired_round, settings):
    settings.ARENA_DOCUMENTS_RENDER = "task"
    Document.objects.filter(round=paired_round, kind=DocumentKind.PAIRINGS_BY_NAME).update(
        state=DocumentState.QUEUED)
    html = admin_client.get(reverse("admin:tournaments_document_changelist")).content.decode()
    assert document_path(paired_round, DocumentKind.PAIRINGS_BY_NAME) not in html
    assert document_path(paired_round, DocumentKind.PAIRINGS_BY_TABLE) in html
    assert "Generar y abrir PDF" not in html


def test_retry_action_renders_the_selected_documents_again(admin_client, paired_round, client,
                                                           django_capture_on_commit_callbacks):
    doc = Document.objects.get(round=paired_round, kind=DocumentKind.RESULT_SLIPS)
    Document.objects.filter(pk=doc.pk).update(state=DocumentState.FAILED, error="boom")
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            reverse("admin:tournaments_document_changelist"),
            {"action": "retry", "_selected_action": [doc.pk]},
            follow=True,
        )
    doc.refresh_from_db()
    assert response.status_code == 200
    assert "Se pidió generar 1 documento de nuevo." in response.content.decode()
    assert (doc.state, doc.error, doc.attempts) == (DocumentState.QUEUED, "", 1)  # rendered on its next download
    download(client, paired_round, DocumentKind.RESULT_SLIPS)
    doc.refresh_from_db()
    assert (doc.state, doc.error, doc.attempts) == (DocumentState.READY, "", 2)


def test_change_page_shows_the_full_error_and_cannot_add(admin_client, paired_round):
    doc = Document.objects.get(round=paired_round, kind=DocumentKind.PAIRINGS_BY_TABLE)
    Document.objects.filter(pk=doc.pk).update(state=DocumentState.FAILED, error="línea 1\nlínea 2 del detalle")
    response = admin_client.get(reverse("admin:tournaments_document_change", args=[doc.pk]))
    assert response.status_code == 200
    assert "línea 2 del detalle" in response.content.decode()
    assert admin_client.get(reverse("admin:tournaments_document_add")).status_code == 403
