"""``{% round_document_url round "pairings_by_table" as url %}``: the PDF link of a round.

Empty unless that document can be downloaded, so a template can show the
link only then (one query): when it has a file (ready, or an earlier file
served while a new one renders or after a failed re-render), or, on the embedded default
where the first download renders it (:func:`tournaments.documents.render_mode`
``"download"``), also while it is queued or rendering.
"""
from django import template

from .. import documents
from ..enums import DocumentState
from ..models import Document

register = template.Library()


@register.simple_tag
def round_document_url(rnd, kind: str) -> str:
    """Stable URL of ``rnd``'s document of ``kind`` if it can be downloaded, else ``""``."""
    if rnd is None:
        return ""
    row = Document.objects.filter(round=rnd, kind=kind).values_list("state", "file").first()
    if row is None:
        return ""
    state, file = row
    ready = bool(file)  # the last good file is served whatever the state
    renders_on_download = (state in (DocumentState.QUEUED, DocumentState.RENDERING)
                           and documents.render_mode() == "download")
    if not (ready or renders_on_download):
        return ""
    return documents.document_url(Document(event_id=rnd.event_id, round=rnd, kind=kind))
