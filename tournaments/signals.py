"""Signals other apps listen to, so that ``tournaments`` never imports them.

- :data:`round_paired`: a round was paired or re-paired
  (:func:`tournaments.hooks.round_paired`). Sent inside the pairing
  transaction, once the round's tables are written, with ``sender=Round``
  and ``rnd=`` the round. ``rules`` locks the decklists when round 1 is
  paired (:mod:`rules.receivers`, connected in
  :meth:`rules.apps.RulesConfig.ready`).
- :data:`event_finished`: an event finished, or its podium changed after it
  finished (:func:`tournaments.hooks.event_finished`). Sent inside the
  service's transaction, after the event row was locked and saved, with
  ``sender=Event`` and ``event=`` the event. Receivers run in that
  transaction: an exception rolls the whole change back. ``leagues`` posts
  the event's points here (:mod:`leagues.receivers`, connected in
  :meth:`leagues.apps.LeaguesConfig.ready`); a receiver must be idempotent,
  as the signal is sent again after every podium change.
- :data:`event_voided`: a superuser voided an event
  (:func:`tournaments.services.event_void`). Sent inside that transaction
  with ``sender=Event`` and ``event=``; ``leagues`` reverses the event's
  points (a voided event wants none).
"""
from __future__ import annotations

from django.dispatch import Signal

round_paired = Signal()
event_finished = Signal()
event_voided = Signal()
