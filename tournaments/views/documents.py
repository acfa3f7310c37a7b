"""Stable public URLs of the printed documents (issue #5).

``/eventos/<event>/rondas/<n>/<document>.pdf`` always serves the current
file of that round's document, whatever it is called on disk.

Who renders depends on :func:`tournaments.documents.render_mode`. With a
broker (``"task"``) workers render and this view only serves: 404 until the
document is first ready. On the embedded default (``"download"``) a queued
document is rendered here, by the first request that asks for it, and then
served; concurrent first requests render it once (the others wait for it).
A document whose render failed answers a Spanish 503 page, never a 500:
the failure is on the row, and the admin's retry queues it again.

The last good file keeps being served (issue #15): while a new file is
queued, rendering or failed, the URL answers the previous one (200, header
``X-Arena-Document-State`` with the row's state); a new file replaces it in
one UPDATE, and the old one is deleted only after that commit.
"""
from __future__ import annotations

from django.http import FileResponse, HttpResponse
from django.utils.html import format_html
from django.utils.text import slugify
from django.utils.translation import gettext as _

from .. import documents
from ..enums import DocumentState
from ..models import Document

#: Seconds a client is told to wait before asking again for a document being rendered.
RETRY_AFTER_SECONDS = 5


def round_document(request, pk: int, number: int, slug: str):
    """The current PDF of one round's document, inline, never cached stale.

    While a new file is queued, rendering or failed, the last good one is
    served (200); only a document never rendered waits (on download) or
    answers 404 (not ready yet) / 503 (failed, or still rendering).
    """
    kind = documents.SLUG_KINDS.get(slug)
    if kind is None:
        return _unavailable(404, _("Documento desconocido."), _("Esta dirección no corresponde a ningún documento."))
    doc = _document(pk, number, kind)
    if doc is None:
        return _unavailable(404, _("Documento inexistente."), _("Esta ronda no tiene ese documento."))
    if documents.render_mode() == "download" and (
            doc.state == DocumentState.QUEUED or (doc.state == DocumentState.RENDERING and not doc.file)):
        # Nobody else renders on download: a queued document is rendered for this request
        # (the freshest file); while another request renders it, the last good file is served.
        documents.document_render_on_download(document_id=doc.pk)
        doc = _document(pk, number, kind)
        if doc is None:  # the round was paired again meanwhile
            return _unavailable(404, _("Documento inexistente."),
                                _("La ronda se volvió a emparejar; recargá la página."))
    if not doc.file:
        if doc.state == DocumentState.FAILED:
            return _unavailable(
                503, _("No se pudo generar el documento."),
                _("Hubo un error al generar este PDF. La organización puede volver a generarlo desde la "
                  "administración."),
            )
        if documents.render_mode() == "download":  # another request is still rendering it
            return _unavailable(503, _("El documento se está generando."),
                                _("Volvé a intentar en unos segundos."), retry_after=True)
        return _unavailable(404, _("El documento todavía no está listo."), _("Volvé a intentar en unos minutos."))
    handle = None
    for _attempt in range(2):
        try:
            handle = doc.file.open("rb")
            break
        except FileNotFoundError:  # replaced between the query and the open: serve the new one
            doc = _document(pk, number, kind)
            if doc is None or not doc.file:
                break
    if handle is None:
        return _unavailable(503, _("El documento se está regenerando."), _("Volvé a intentar en unos segundos."),
                            retry_after=True)
    filename = f"{slugify(doc.event.name) or 'evento'}-ronda-{number}-{slug}.pdf"
    response = FileResponse(handle, content_type="application/pdf", filename=filename)
    response["Cache-Control"] = "no-cache"
    if doc.state != DocumentState.READY:
        response["X-Arena-Document-State"] = doc.state  # the last good file while a new one is made
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
