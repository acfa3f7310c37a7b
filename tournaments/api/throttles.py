"""API throttles: anonymous clients per IP, logins per IP and username.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``anon``,
``login``; env ``ARENA_API_ANON_RATE``, ``ARENA_LOGIN_RATE``) and are read
at request time, so a test's ``settings`` override applies. Counters live
in the default cache (local memory or Redis). Authenticated staff are not
throttled; a refusal is 429 with ``Retry-After`` (see
:mod:`tournaments.api.exceptions`).
"""
from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

LOGIN_SCOPE = "login"


def login_cache_key(ident: str, username: str) -> str:
    """The counter of login attempts for one client address and username (shared with the login page)."""
    return f"throttle_{LOGIN_SCOPE}_{ident}_{username.strip().lower()[:150]}"


class _RuntimeRates:
    """Read the rate at request time instead of DRF's import-time copy."""

    scope: str

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class AnonReadThrottle(_RuntimeRates, AnonRateThrottle):
    """Anonymous clients, per IP: generous (a venue's crowd polls from behind one NAT)."""

    scope = "anon"


class LoginRateThrottle(_RuntimeRates, SimpleRateThrottle):
    """``POST /api/token/``: attempts per IP and username."""

    scope = LOGIN_SCOPE

    def get_cache_key(self, request, view):
        if request.method != "POST":
            return None
        username = request.data.get("username", "") if hasattr(request.data, "get") else ""
        return login_cache_key(self.get_ident(request), str(username))
