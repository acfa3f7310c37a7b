"""The stable public URL of a document, and the event page's link to the pairings PDF.

On the embedded default the URL renders a queued document (more in
``test_render_on_download``); with workers (``task_mode``) it only serves
what they rendered.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import document_requests, services
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import Document

from .conftest import make_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def url(event, number=1, slug="emparejamientos-por-mesa"):
    return reverse("public:round_document", args=[event.pk, number, slug])


def test_public_url_serves_the_current_pdf_inline(client, django_capture_on_commit_callbacks):
    event = make_event(6, name="Fecha Ñandú")
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(event=event)
    assert Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE).state == "queued"
    response = client.get(url(event))
    body = b"".join(response.streaming_content)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="fecha-nandu-ronda-1-emparejamientos-por-mesa.pdf"'
    assert response["Cache-Control"] == "no-cache"
    assert body.startswith(b"%PDF")


def test_with_workers_public_url_is_404_until_the_document_is_ready(client, task_mode):
    event = make_event(6)
    services.round_pair_next(event=event)  # on-commit never runs here: documents stay queued
    assert Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE).state == "queued"
    response = client.get(url(event))
    assert response.status_code == 404
    assert "El documento todavía no está listo." in response.content.decode()
    assert Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE).state == "queued"
    Document.objects.filter(round__event=event).update(state=DocumentState.FAILED)
    response = client.get(url(event))
    assert response.status_code == 503
    assert "No se pudo generar el documento." in response.content.decode()


def test_public_url_is_404_for_an_unknown_document_or_round(client, django_capture_on_commit_callbacks):
    event = make_event(4)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(event=event)
    assert client.get(url(event, slug="llave-del-reducido")).status_code == 404  # no top cut in this event
    assert client.get(url(event, slug="secreto")).status_code == 404
    assert client.get(url(event, number=2)).status_code == 404


def test_with_workers_event_page_links_the_pairings_pdf_only_when_ready(client, django_capture_on_commit_callbacks,
                                                                          task_mode):
    event = make_event(6)
    services.round_pair_next(event=event)
    page = reverse("public:event", args=[event.pk])
    assert "Emparejamientos (PDF)" not in client.get(page).content.decode()
    doc = Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE)
    with django_capture_on_commit_callbacks(execute=True):
        document_requests.documents_retry(documents=[doc])
    html = client.get(page).content.decode()
    assert "Emparejamientos (PDF)" in html
    assert f'href="{url(event)}"' in html
    # a re-render that fails keeps the last good file: still linked, still served
    Document.objects.filter(pk=doc.pk).update(state=DocumentState.FAILED)
    assert f'href="{url(event)}"' in client.get(page).content.decode()
    response = client.get(url(event))
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_on_the_embedded_default_event_page_links_the_queued_pairings_pdf(client, embedded_default, monkeypatch):
    from tournaments.pdf import PairingsByTableRenderer

    event = make_event(6)
    services.round_pair_next(event=event)
    html = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE).state == "queued"
    assert "Emparejamientos (PDF)" in html  # the link leads to the URL that renders it
    assert f'href="{url(event)}"' in html

    def broken(self, sheet):
        raise RuntimeError("fuente rota")

    monkeypatch.setattr(PairingsByTableRenderer, "render", broken)
    assert client.get(url(event)).status_code == 503  # the download's render fails ...
    assert Document.objects.get(round__event=event, kind=DocumentKind.PAIRINGS_BY_TABLE).state == "failed"
    html = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "Emparejamientos (PDF)" not in html  # ... and the page stops linking it
