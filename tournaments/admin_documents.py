"""Admin pieces for printed documents (issue #5): state, retry, download."""
from django.contrib import admin

from .models import Document


class DocumentInline(admin.TabularInline):
    """Documents of a round or event, with their rendering state."""

    model = Document
    extra = 0
    fields = ("kind", "round", "state", "file", "error", "updated_at")
    readonly_fields = fields
    can_delete = False
