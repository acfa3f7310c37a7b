"""Read models of the accounts pages."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from tournaments.models import Player

from .models import PlayerClaimCode


@dataclass(frozen=True, slots=True)
class ClaimStatus:
    """Where a player stands: ``linked`` (has an account), else the live code's dates (UTC) if any."""

    linked: bool
    code_created_at: datetime | None = None
    code_expires_at: datetime | None = None
    code_expired: bool = False


def claim_status(player: Player) -> ClaimStatus:
    """The claim status of ``player`` (one query when it has no account)."""
    if player.user_id is not None:
        return ClaimStatus(linked=True)
    live = (PlayerClaimCode.objects.filter(player=player, used_at__isnull=True, replaced_at__isnull=True)
            .values_list("created_at", "expires_at").first())
    if live is None:
        return ClaimStatus(linked=False)
    return ClaimStatus(linked=False, code_created_at=live[0], code_expires_at=live[1],
                       code_expired=live[1] <= timezone.now())
