"""Per-user throttles of the players' actions, shared by their pages and the API.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``report``,
``preregistration``, ``decklist_validate``; env ``ARENA_REPORT_RATE``,
``ARENA_PREREGISTRATION_RATE``, ``ARENA_DECKLIST_VALIDATE_RATE``, 30/min
each by default) and are read at request time, so a test's ``settings``
override applies; an empty rate turns one off. Counters live in the default
cache, one per signed-in user (per client address when anonymous), and a
page and its API endpoint count on the same counter.
"""
from __future__ import annotations

import math

from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class RuntimeRates:
    """Read the rate at request time instead of DRF's import-time copy."""

    scope: str

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class PlayerActionThrottle(RuntimeRates, UserRateThrottle):
    """Requests per user; with ``writes_only`` the reads are not counted."""

    writes_only = False

    def get_cache_key(self, request, view):
        if self.writes_only and request.method in SAFE_METHODS:
            return None
        return super().get_cache_key(request, view)


class ReportThrottle(PlayerActionThrottle):
    """A player's result reports (``me:report`` and the report endpoints)."""

    scope = "report"


class PreregistrationThrottle(PlayerActionThrottle):
    """Pre-registrations and cancellations (pages and API)."""

    scope = "preregistration"
    writes_only = True


class DecklistValidateThrottle(PlayerActionThrottle):
    """The live decklist check while the player types (page JSON and API)."""

    scope = "decklist_validate"


def allow(request, throttle) -> tuple[bool, int | None]:
    """For a plain Django view: whether ``request`` may go on now, and the
    whole seconds to wait when not (for ``Retry-After``, at least 1).

    ``throttle``: a DRF throttle class, or an instance already configured.
    """
    throttle = throttle() if isinstance(throttle, type) else throttle
    if throttle.allow_request(request, None):
        return True, None
    wait = throttle.wait()
    return False, max(1, math.ceil(wait)) if wait is not None else 1
