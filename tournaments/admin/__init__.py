"""The organizer console (Django admin), one module per concern.

Importing this package registers every ModelAdmin (Django's autodiscovery
imports ``tournaments.admin``).
"""
from . import documents, eventlog, events, penalties  # noqa: F401  (they register their ModelAdmins)
