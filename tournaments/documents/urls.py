"""Where documents are found: their stable public URLs and the judge forms their QR codes open.

The public URL of a document (:func:`document_url`) never changes when it
is rendered again; the file name part is the Spanish slug of its kind
(:data:`KIND_SLUGS`). The QR codes of the slips point at the judges' result
form of the table, on the host of the ``ARENA_PUBLIC_URL`` setting
(default ``http://127.0.0.1:8000``).
"""
from __future__ import annotations

from django.conf import settings
from django.urls import NoReverseMatch, reverse

from ..enums import DocumentKind
from ..models import Document

#: Public file names of the documents (Spanish, part of the stable URL).
KIND_SLUGS: dict[str, str] = {
    DocumentKind.PAIRINGS_BY_TABLE: "emparejamientos-por-mesa",
    DocumentKind.PAIRINGS_BY_NAME: "emparejamientos-por-nombre",
    DocumentKind.RESULT_SLIPS: "planillas-de-resultado",
    DocumentKind.STANDINGS: "posiciones",
    DocumentKind.BRACKET: "llave-del-reducido",
}
SLUG_KINDS: dict[str, str] = {slug: kind for kind, slug in KIND_SLUGS.items()}


def _absolute(path: str) -> str:
    base = getattr(settings, "ARENA_PUBLIC_URL", "http://127.0.0.1:8000")
    return base.rstrip("/") + path


def document_url(doc: Document) -> str:
    """The stable public URL of ``doc``: ``/eventos/<event>/rondas/<n>/<slug>.pdf``."""
    return reverse("public:round_document", args=[doc.event_id, doc.round.number, KIND_SLUGS[doc.kind]])


def judge_result_url(match_id: int, *, event_id: int | None = None, round_number: int | None = None,
                     table: int | None = None) -> str:
    """Absolute URL of a table's result form, for the slip's QR code.

    The first URL the judge pages define wins: ``judge:match`` (by match
    id), ``judge:table`` (event, round number, table), else the path
    ``/juez/mesas/<match>/``.
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
    return _absolute(path)


def judge_table_url(*, event_id: int, round_number: int, table: int) -> str:
    """Absolute URL of a table's result form on the judge pages (``judge:table``), for a pod slip's QR code."""
    return _absolute(reverse("judge:table", args=[event_id, round_number, table]))
