"""State changes of the rules app: decklists, deck checks (issue #6)."""
from __future__ import annotations


def decklists_lock(*, event) -> int:
    """Lock the legal decklists of ``event`` when round 1 is paired; returns how many (issue #6)."""
    return 0
