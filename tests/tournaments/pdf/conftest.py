"""Fixtures of the PDF tests: every test in a private MEDIA_ROOT, events with accented names, pypdf text.

``media_root`` and ``embedded_default`` come from ``tests/tournaments/conftest.py``.
"""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

ACCENTED = (
    "Ñandú Pérez", "José Núñez", "María Ibáñez", "Ángel Gómez", "Lucía Fernández", "Íñigo Muñoz",
    "Sofía Álvarez", "Agustín Díaz", "Belén Sánchez", "Úrsula Benítez", "Joaquín Rodríguez", "Renée Güemes",
)


@pytest.fixture(autouse=True)
def _private_media(media_root):
    """Every PDF test writes its documents under its own folder (``media_root``, tests/tournaments/conftest.py)."""
    return media_root


def pdf_text(content: bytes) -> tuple[int, str]:
    """(page count, extracted text) of a PDF."""
    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), "\n".join(page.extract_text() or "" for page in reader.pages)


def accented(count: int, names=ACCENTED) -> list[str]:
    """``count`` display names from ``names``, numbered: ``Ñandú Pérez 01``, ``José Núñez 02`` …"""
    return [f"{names[index % len(names)]} {index + 1:02d}" for index in range(count)]


def make_event(players: int = 9, *, cut_size: int = 0, names=ACCENTED, **kwargs):
    """An event with ``players`` registered players (:func:`accented` names), registration closed."""
    from tests.factories import registered_event

    return registered_event(accented(players, names), cut_size=cut_size, **kwargs)


def play(rnd, score=(2, 1, 0)):
    """Enter the same score at every table of ``rnd``."""
    from tests.factories import tables_with_results

    tables_with_results(rnd, score=score)


@pytest.fixture
def task_mode(settings):
    """Render through the Celery task on commit (eagerly here, no broker), as a worker set-up does."""
    settings.ARENA_DOCUMENTS_RENDER = "task"


def document_path(rnd, kind) -> str:
    """The public URL of ``rnd``'s document ``kind``, spelled out (not through ``document_url``)."""
    from tournaments.documents import KIND_SLUGS

    return f"/eventos/{rnd.event_id}/rondas/{rnd.number}/{KIND_SLUGS[kind]}.pdf"


def download(client, rnd, kind) -> bytes:
    """GET ``rnd``'s document ``kind`` through its public URL; asserts a PDF came back and returns it."""
    response = client.get(document_path(rnd, kind))
    assert response.status_code == 200, (kind, response.status_code)
    assert response["Content-Type"] == "application/pdf"
    body = b"".join(response.streaming_content)
    assert body.startswith(b"%PDF")
    return body


def download_all(client, rnd) -> dict[str, bytes]:
    """Download every document of ``rnd`` (on the embedded default this renders them)."""
    from tournaments.models import Document

    return {kind: download(client, rnd, kind) for kind in Document.objects.filter(round=rnd)
            .values_list("kind", flat=True)}
