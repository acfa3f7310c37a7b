"""Refusals of the account services (Spanish messages, stable codes)."""
from tournaments.errors import ArenaError


class AccountError(ArenaError):
    """Sign-up, claim or profile change refused; nothing was changed."""
