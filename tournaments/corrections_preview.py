"""The correction previews' old import path (the admin and the API import it).

They live beside the service they preview: :mod:`tournaments.services.corrections_preview`.
"""
from __future__ import annotations

from .services.corrections_preview import (
    CorrectionPreview,
    MovedRow,
    PodCorrectionPreview,
    PodMovedRow,
    PodPlaceLine,
    corrected_records,
    match_correction_preview,
    pod_correction_preview,
)

__all__ = [
    "CorrectionPreview", "MovedRow", "PodCorrectionPreview", "PodMovedRow", "PodPlaceLine", "corrected_records",
    "match_correction_preview", "pod_correction_preview",
]
