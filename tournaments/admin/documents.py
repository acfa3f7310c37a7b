"""Admin pieces for printed documents (issue #5): state, error, retry, download.

:class:`DocumentAdmin` lists every document with its state (queued,
rendering, ready, failed with the error) and a "retry" action that renders
the selected ones again (on the embedded default: queues them for their
next download, which the list's link makes); :class:`DocumentInline` shows a round's or an
event's documents on its page.
"""
from django.contrib import admin, messages
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .. import document_requests, documents
from ..enums import DocumentState
from ..models import Document
from .scoping import VenueScopedAdmin

STATE_COLORS = {
    DocumentState.QUEUED: "#666666",
    DocumentState.RENDERING: "#8a6d00",
    DocumentState.READY: "#1f5130",
    DocumentState.FAILED: "#b00020",
}


def _state_badge(doc: Document) -> str:
    return format_html(
        '<strong style="color:{}">{}</strong>', STATE_COLORS.get(doc.state, "#1b1b1b"), doc.get_state_display()
    )


def _open_link(doc: Document) -> str:
    """The public URL of a ready document; on the embedded default also of a queued one (opening it renders it)."""
    if doc.round_id is None:
        return "—"
    if doc.state == DocumentState.READY and doc.file:
        label = _("Abrir PDF")
    elif doc.state in (DocumentState.QUEUED, DocumentState.RENDERING) and documents.render_mode() == "download":
        label = _("Generar y abrir PDF")
    else:
        return "—"
    return format_html('<a href="{}" target="_blank">{}</a>', documents.document_url(doc), label)


@admin.register(Document)
class DocumentAdmin(VenueScopedAdmin):
    """Documents by event and round (of the user's venues); failed ones show their error; retry re-renders.

    Only superusers delete a document: its public URL would answer 404 for
    good. A re-render («Volver a generar») replaces the file instead.
    """

    list_display = ("kind", "event", "round_number", "state_badge", "error_short", "attempts", "pages",
                    "size_kb", "updated_at", "open_link")
    list_filter = ("state", "kind", ("event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("event", "round")
    search_fields = ("event__name",)
    ordering = ("-event__date", "event", "round__number", "kind")
    actions = ["retry"]
    fields = ("event", "round", "kind", "state", "error", "attempts", "pages", "size_bytes", "file",
              "requested_at", "updated_at", "open_link")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # documents are created by pairing a round

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_delete_permission(request, obj)

    @admin.display(description=_("ronda"), ordering="round__number")
    def round_number(self, doc: Document):
        return doc.round.number if doc.round_id else "—"

    @admin.display(description=_("estado"), ordering="state")
    def state_badge(self, doc: Document):
        return _state_badge(doc)

    @admin.display(description=_("error"))
    def error_short(self, doc: Document):
        if doc.state != DocumentState.FAILED or not doc.error:
            return ""
        first = doc.error.splitlines()[0]
        return first if len(first) <= 120 else first[:119] + "…"

    @admin.display(description=_("tamaño (KB)"), ordering="size_bytes")
    def size_kb(self, doc: Document):
        return f"{doc.size_bytes / 1024:.0f}" if doc.size_bytes else ""

    @admin.display(description=_("archivo público"))
    def open_link(self, doc: Document):
        return _open_link(doc)

    @admin.action(description=_("Volver a generar los documentos seleccionados"), permissions=["change"])
    def retry(self, request, queryset):
        count = document_requests.documents_retry(documents=queryset)
        self.message_user(
            request,
            ngettext(
                "Se pidió generar %(count)d documento de nuevo.",
                "Se pidió generar %(count)d documentos de nuevo.",
                count,
            ) % {"count": count},
            messages.SUCCESS,
        )


class DocumentInline(admin.TabularInline):
    """Documents of a round or event, with their rendering state and a link."""

    model = Document
    extra = 0
    fields = ("kind", "round", "state_badge", "error", "attempts", "pages", "updated_at", "open_link")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("round")

    @admin.display(description=_("estado"))
    def state_badge(self, doc: Document):
        return _state_badge(doc)

    @admin.display(description=_("archivo público"))
    def open_link(self, doc: Document):
        return _open_link(doc)
