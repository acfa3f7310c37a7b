"""Stable public URLs of the printed documents (issue #5).

``/eventos/<event>/rondas/<n>/<document>.pdf`` always serves the current
file of that round's document, whatever it is called on disk.

Who renders depends on :func:`tournaments.documents.render_mode`. With a
broker (``"task"``) workers render and this view only serves: 404 until the
document is ready. On the embedded default (``"download"``) a queued
document is rendered here, by the first request that asks for it, and then
served; concurrent first requests render it once (the others wait for it).
A document whose render failed answers a Spanish 503 page, never a 500:
the failure is on the row, and the admin's retry queues it again.
"""
from __future__ import annotations

from django.http import FileResponse, HttpResponse
from django.utils.html import format_html
from django.utils.text import slugify

from .. import documents
from ..enums import DocumentState
from ..models import Document

#: Seconds a client is told to wait before asking again for a document being rendered.
RETRY_AFTER_SECONDS = 5


def round_document(request, pk: int, number: int, slug: str):
    """The current PDF of one round's document, inline, never cached stale."""
    kind = documents.SLUG_KINDS.get(slug)
    if kind is None:
        return _unavailable(404, "Documento desconocido.", "Esta dirección no corresponde a ningún documento.")
    doc = _document(pk, number, kind)
    if doc is None:
        return _unavailable(404, "Documento inexistente.", "Esta ronda no tiene ese documento.")
    if doc.state in (DocumentState.QUEUED, DocumentState.RENDERING) and documents.render_mode() == "download":
        documents.document_render_on_download(document_id=doc.pk)
        doc = _document(pk, number, kind)
        if doc is None:  # the round was paired again meanwhile
            return _unavailable(404, "Documento inexistente.", "La ronda se volvió a emparejar; recargue la página.")
    if doc.state == DocumentState.FAILED:
        return _unavailable(
            503, "No se pudo generar el documento.",
            "Hubo un error al generar este PDF. La organización puede volver a generarlo desde la administración.",
        )
    if doc.state != DocumentState.READY or not doc.file:
        if documents.render_mode() == "download":  # another request is still rendering it
            return _unavailable(503, "El documento se está generando.",
                                "Vuelva a intentar en unos segundos.", retry_after=True)
        return _unavailable(404, "El documento todavía no está listo.", "Vuelva a intentar en unos minutos.")
    try:
        handle = doc.file.open("rb")
    except FileNotFoundError:  # replaced between the query and the open
        return _unavailable(503, "El documento se está regenerando.", "Vuelva a intentar en unos segundos.",
                            retry_after=True)
    filename = f"{slugify(doc.event.name) or 'evento'}-ronda-{number}-{slug}.pdf"
    response = FileResponse(handle, content_type="application/pdf", filename=filename)
    response["Cache-Control"] = "no-cache"
    return response


def _document(event_id: int, number: int, kind: str) -> Document | None:
    return Document.objects.select_related("event").filter(event_id=event_id, round__number=number,
                                                           kind=kind).first()


def _unavailable(status: int, title: str, detail: str, *, retry_after: bool = False) -> HttpResponse:
    """A short Spanish page saying why there is no PDF (404: no such document; 503: not now)."""
    html = format_html(
        '<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><title>{}</title></head>'
        "<body><h1>{}</h1><p>{}</p></body></html>",
        title, title, detail,
    )
    response = HttpResponse(html, status=status, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    if retry_after:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
