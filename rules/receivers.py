"""What ``rules`` does when ``tournaments`` tells it something happened.

Connected in :meth:`rules.apps.RulesConfig.ready`; ``tournaments`` sends its
signals (:mod:`tournaments.signals`) without importing ``rules.services``,
which builds on ``tournaments`` itself.
"""
from __future__ import annotations

from tournaments.models import Round

from . import services


def lock_decklists_at_round_one(sender, *, rnd: Round, **kwargs) -> None:
    """Round 1 was paired: lock the event's legal decklists (inside the pairing transaction).

    Re-pairing round 1 sends the signal again; :func:`rules.services.decklists_lock`
    locks nothing more the second time.
    """
    if rnd.number == 1:
        services.decklists_lock(event=rnd.event)
