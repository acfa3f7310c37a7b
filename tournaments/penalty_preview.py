"""The penalty preview's old import path (the judge pages, the API and the admin import it).

It lives with the services: :mod:`tournaments.services.penalty_preview`.
"""
from __future__ import annotations

from .services.penalty_preview import (
    CATALOG_TEXT,
    Preview,
    check_choice_allowed,
    consequence_labels,
    infraction_name,
    penalty_label,
    preview_decision,
    source_label,
    tr_catalog,
)

__all__ = [
    "CATALOG_TEXT", "Preview", "check_choice_allowed", "consequence_labels", "infraction_name", "penalty_label",
    "preview_decision", "source_label", "tr_catalog",
]
