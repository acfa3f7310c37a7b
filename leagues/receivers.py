"""What the league does when ``tournaments`` tells it something happened.

Connected in :meth:`leagues.apps.LeaguesConfig.ready`; ``tournaments`` sends
its signals (:mod:`tournaments.signals`) without importing this app.
"""
from __future__ import annotations

from tournaments.models import Event

from . import services


def post_event_points(sender, *, event: Event, **kwargs) -> None:
    """An event finished (or its podium changed, or it was voided): post its league points (a voided one's reversed).

    Runs inside the finishing transaction; :func:`leagues.services.event_points_post`
    posts only what the ledger lacks, so sending the signal again posts nothing new.
    """
    services.event_points_post(event=event)


def record_pro_player_titles(sender, *, event: Event, **kwargs) -> None:
    """An event finished (or its podium changed): El Nacional's 1st and 2nd
    hold "ProPlayer <year + 1>" (:func:`leagues.services.pro_player_titles_sync`,
    idempotent; any other event kind records nothing)."""
    services.pro_player_titles_sync(event=event)
