"""Event files signed as a venue laptop signs them, for the exchange tests (issue #26)."""
from __future__ import annotations

import copy
from typing import Any

from tournaments.exchange import service, signing
from tournaments.models import Venue, VenuePublishKey


def venue_key(venue: Venue) -> str:
    """The venue's publish key text ``"<key_id>.<secret>"``, issued on first use."""
    key = VenuePublishKey.objects.filter(venue=venue, revoked_at__isnull=True).first()
    if key is None:
        return signing.venue_publish_key_issue(venue=venue)[1]
    return f"{key.key_id}.{key.secret}"


def signed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` signed with the key of the venue it names (a copy)."""
    spec = doc["event"]["venue"]
    venue = Venue.objects.get(name=spec["name"], province=spec["province"])
    return signing.sign(copy.deepcopy(doc), venue_key(venue))


def publish(doc: dict[str, Any], **kwargs) -> service.ImportResult:
    """Sign ``doc`` as its venue would and import it."""
    return service.event_import(signed(doc), **kwargs)
