"""Domain errors raised by services.

Every error a person can act on is an :class:`ArenaError` with a stable
``code`` and a message in the active language; views turn it into a form
error, the API into an HTTP 4xx with JSON ``{"code": …, "detail": …}``.
"""
from __future__ import annotations


class ArenaError(Exception):
    """A refused request: nothing was changed. ``status`` is the HTTP status the API uses."""

    status = 400

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class StateError(ArenaError):
    """The event, round or match is not in a state that allows the action."""

    status = 409


class RegistrationError(ArenaError):
    """Registering, dropping or checking in was refused."""


class PairingRefused(ArenaError):
    """A round cannot be paired now (results missing, rounds done, too few players)."""

    status = 409


class IllegalResult(ArenaError):
    """A result that the match format does not allow (e.g. 3-0 in best of three)."""


class StaleEdit(ArenaError):
    """The match changed since the form was loaded; reload and try again."""

    status = 409


class NotAllowed(ArenaError):
    """The user has no right to do this for this event."""

    status = 403


class Busy(ArenaError):
    """Another operation holds the rows this one needs for longer than the lock wait allows.

    Raised by :mod:`tournaments.services.locks` when PostgreSQL's
    ``lock_timeout`` (setting ``ARENA_LOCK_TIMEOUT_MS``) expires; nothing was
    changed and the same request may simply be sent again. The API answers
    503 with ``Retry-After: retry_after`` (seconds); pages show the message.
    Build it with :func:`tournaments.services.locks.busy` (the Spanish text).
    """

    status = 503

    def __init__(self, message: str, *, retry_after: int = 2) -> None:
        super().__init__("busy", message)
        self.retry_after = max(1, int(retry_after))
