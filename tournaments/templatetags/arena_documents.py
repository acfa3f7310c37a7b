"""``{% round_document_url round "pairings_by_table" as url %}``: the PDF link of a round.

Empty unless that document is ready, so a template can show the link only
then (one query).
"""
from django import template

from .. import documents
from ..enums import DocumentState
from ..models import Document

register = template.Library()


@register.simple_tag
def round_document_url(rnd, kind: str) -> str:
    """Stable URL of ``rnd``'s document of ``kind`` if it is ready, else ``""``."""
    if rnd is None:
        return ""
    ready = Document.objects.filter(round=rnd, kind=kind, state=DocumentState.READY).exclude(file="").exists()
    if not ready:
        return ""
    return documents.document_url(Document(event_id=rnd.event_id, round=rnd, kind=kind))
