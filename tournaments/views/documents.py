"""Stable public URLs of the printed documents (issue #5).

``/eventos/<event>/rondas/<n>/<document>.pdf`` always serves the current
file of that round's document, whatever it is called on disk; 404 until the
document is ready.
"""
from __future__ import annotations

from django.http import FileResponse, Http404
from django.utils.text import slugify

from .. import documents
from ..enums import DocumentState
from ..models import Document


def round_document(request, pk: int, number: int, slug: str):
    """The current PDF of one round's document, inline, never cached stale."""
    kind = documents.SLUG_KINDS.get(slug)
    if kind is None:
        raise Http404("Documento desconocido.")
    doc = (
        Document.objects.select_related("event")
        .filter(event_id=pk, round__number=number, kind=kind, state=DocumentState.READY)
        .exclude(file="")
        .first()
    )
    if doc is None:
        raise Http404("El documento todavía no está listo.")
    try:
        handle = doc.file.open("rb")
    except FileNotFoundError as exc:  # replaced between the query and the open
        raise Http404("El documento se está regenerando.") from exc
    filename = f"{slugify(doc.event.name) or 'evento'}-ronda-{number}-{slug}.pdf"
    response = FileResponse(handle, content_type="application/pdf", filename=filename)
    response["Cache-Control"] = "no-cache"
    return response
