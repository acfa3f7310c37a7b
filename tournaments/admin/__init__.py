"""Organizer console (Django admin), shaped around the tournament day (issue #4).

The event page is the day's console: registrations (add by name or number,
check-in, drop and undo drop), judges, the event settings, and one button per
lifecycle step — abrir inscripción, cerrar inscripción, emparejar ronda
siguiente, rehacer ronda actual, cerrar ronda, iniciar reducido, finalizar
evento. The round page lists the tables with their results and who entered
them, and lets the organizer enter or correct a result.

Rules of the console:

- **Every state change goes through** :mod:`tournaments.services`; a refused
  request shows the service's Spanish message through the messages framework
  and changes nothing.
- **A button that does not apply now is not shown** (:func:`day_status`).
- **Every button is a POST with CSRF and safe to click twice**: a lifecycle
  form carries a token of the state it was drawn for (event state, current
  round and its state); a second click of the same form finds the state
  moved on and is refused with a clear message, so a round is never paired
  twice. Result forms carry the match version (the service's stale-edit
  guard), and the registration buttons are idempotent or refused by the
  service.
- **Venue scoping**: a venue organizer (staff, group «Organizador», listed in
  ``Venue.organizers``) sees and changes only their venues' events,
  registrations, rounds, matches and result entries; objects of other venues
  are missing for them (the admin's "does not exist" redirect, or 404 on the
  console's own URLs). Superusers see everything. Players are national (a
  player travels): an organizer sees those of their venues and events and
  changes those of their venues; the rules of every admin model are in
  :mod:`tournaments.admin.scoping` (issue #15).

One module per concern: :mod:`.site` (titles, superuser-only admins),
:mod:`.links`, :mod:`.day_panel`, :mod:`.forms`, :mod:`.players`,
:mod:`.registrations`, :mod:`.events`, :mod:`.rounds` (with :mod:`.pairing`,
:mod:`.corrections` and :mod:`.results`), :mod:`.documents`, :mod:`.penalties`,
:mod:`.eventlog`, :mod:`.exchange` and :mod:`.scoping`. Django's autodiscovery
imports this package, which imports every module that registers a ModelAdmin.
"""
from . import (  # noqa: F401  (each registers its ModelAdmins)
    documents,
    eventlog,
    events,
    penalties,
    players,
    registrations,
    rounds,
    site,
)
