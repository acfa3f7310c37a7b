"""The only code that speaks both ORM and the pure Swiss core.

``load_snapshot`` reads one event in a fixed number of queries (two) and
returns plain core records; the services turn core output back into rows.
"""
from __future__ import annotations

from dataclasses import dataclass

from .enums import MatchOutcome, MatchStatus, RoundPhase
from .models import Event, Match, Registration
from .swiss.types import MatchRecord, Outcome


@dataclass(frozen=True, slots=True)
class EventSnapshot:
    """Plain view of an event for the core.

    ``registrations`` maps registration id to the row (with its player);
    ``swiss_records`` holds every Swiss match that has a result, byes included;
    ``pending`` the Swiss matches of the current round still without one.
    """

    registrations: dict[int, Registration]
    swiss_records: tuple[MatchRecord, ...]
    pending: tuple[Match, ...]

    @property
    def active_ids(self) -> list[int]:
        return [rid for rid, reg in self.registrations.items() if reg.active]

    @property
    def draw_order(self) -> dict[int, int]:
        return {rid: reg.draw_order for rid, reg in self.registrations.items()}


def match_record(match: Match, round_number: int) -> MatchRecord:
    """Convert one stored match with a result to a core :class:`MatchRecord`."""
    outcome = Outcome(match.outcome) if match.outcome in (MatchOutcome.DOUBLE_LOSS, MatchOutcome.BYE) else None
    return MatchRecord(
        round_number=round_number,
        player_a=match.player_a_id,
        player_b=match.player_b_id,
        games_a=match.games_a,
        games_b=match.games_b,
        games_drawn=match.games_drawn,
        outcome=outcome,
    )


def load_snapshot(event: Event) -> EventSnapshot:
    """Load registrations and Swiss matches of ``event`` (two queries)."""
    registrations = {
        reg.pk: reg for reg in Registration.objects.filter(event=event).select_related("player", "player__home_venue")
    }
    records: list[MatchRecord] = []
    pending: list[Match] = []
    matches = (
        Match.objects.filter(round__event=event, round__phase=RoundPhase.SWISS)
        .select_related("round")
        .order_by("round__number", "table_number")
    )
    for match in matches:
        if match.status == MatchStatus.PENDING:
            pending.append(match)
        else:
            records.append(match_record(match, match.round.number))
    return EventSnapshot(registrations=registrations, swiss_records=tuple(records), pending=tuple(pending))
