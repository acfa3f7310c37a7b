"""Errors of the pure Swiss core.

Two kinds, as Tabbycat splits them: :class:`PairingError` for situations an
organizer can fix (too few players, an unknown tiebreaker), and
:class:`SwissInvariantError` for broken invariants (a bug in the core).
"""


class SwissError(Exception):
    """Base class of every error raised by :mod:`tournaments.swiss`."""


class PairingError(SwissError):
    """A request the organizer can fix: too few players, bad options.

    ``code`` is a stable machine key; the message is English for logs, the
    Django layer translates the code for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class SwissInvariantError(SwissError):
    """The core produced or received something impossible (a bug)."""
