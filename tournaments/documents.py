"""Printed documents of a round: requesting, rendering state, stable URLs (issue #5)."""
from __future__ import annotations

from .models import Round


def request_round_documents(rnd: Round) -> None:
    """Queue the round's documents for rendering after commit (implemented with issue #5)."""
