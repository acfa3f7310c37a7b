"""Read models for pages, the API, PDFs and the command line.

One source, several outputs: every reader of standings or pairings goes
through these functions, each with a bounded number of queries.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from .adapters import load_snapshot
from .enums import MatchOutcome, MatchStatus, RoundPhase
from .models import Event, Match, Registration, Round
from .swiss.standings import compute_standings
from .swiss.types import Standing


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A standings row with the player's public data (name, number, venue)."""

    standing: Standing
    display_name: str
    player_number: str
    venue: str
    registration_id: int
    dropped: bool
    disqualified: bool

    def __getattr__(self, name: str):  # rank, match_points, buchholz … straight from the core row
        return getattr(self.standing, name)


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One table of a round as players look for it."""

    match_id: int
    table_number: int | None
    player_a: str
    player_a_number: str
    player_b: str | None
    player_b_number: str | None
    is_bye: bool
    games_a: int
    games_b: int
    games_drawn: int
    status: str
    outcome: str
    version: int
    rematch: bool
    bracket_slot: int | None


def standings_for_event(event: Event) -> list[StandingRow]:
    """Swiss standings of ``event`` after every result entered so far (two queries).

    Rows are in rank order with the event's recorded draw ordering technical
    ties (DESIGN.md decision 11). Dropped and disqualified players keep their
    row (their results count for opponents' Buchholz).
    """
    snapshot = load_snapshot(event)
    regs = snapshot.registrations
    standings = compute_standings(
        regs.keys(),
        snapshot.swiss_records,
        active={rid for rid, reg in regs.items() if reg.active},
        draw_order=snapshot.draw_order,
    )
    rows = []
    for standing in standings:
        reg = regs[standing.registration_id]
        venue = reg.player.home_venue
        rows.append(
            StandingRow(
                standing=standing,
                display_name=reg.player.display_name,
                player_number=reg.player.player_number,
                venue=venue.name if venue else "",
                registration_id=reg.pk,
                dropped=reg.dropped,
                disqualified=reg.disqualified,
            )
        )
    return rows


def rounds_for_event(event: Event) -> QuerySet[Round]:
    """The event's rounds in order."""
    return event.rounds.order_by("number")


def current_round(event: Event) -> Round | None:
    """The latest round of the event (Swiss or top cut), or ``None`` before round 1."""
    return event.rounds.order_by("-number").first()


def _player_name(reg: Registration | None) -> str | None:
    return reg.player.display_name if reg else None


def pairings_for_round(rnd: Round) -> list[PairingRow]:
    """Tables of ``rnd`` in table order, the bye last (one query)."""
    matches = (
        Match.objects.filter(round=rnd)
        .select_related("player_a__player", "player_b__player")
        .order_by("is_bye", "bracket_slot", "table_number")
    )
    return [
        PairingRow(
            match_id=m.pk,
            table_number=m.table_number,
            player_a=m.player_a.player.display_name,
            player_a_number=m.player_a.player.player_number,
            player_b=_player_name(m.player_b),
            player_b_number=m.player_b.player.player_number if m.player_b else None,
            is_bye=m.is_bye,
            games_a=m.games_a,
            games_b=m.games_b,
            games_drawn=m.games_drawn,
            status=m.status,
            outcome=m.outcome,
            version=m.version,
            rematch=m.rematch,
            bracket_slot=m.bracket_slot,
        )
        for m in matches
    ]


def top_cut_rounds(event: Event) -> QuerySet[Round]:
    """Top-cut rounds with their matches and players prefetched (two queries)."""
    return (
        event.rounds.filter(phase=RoundPhase.TOP_CUT)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "matches",
                queryset=Match.objects.select_related("player_a__player", "player_b__player").order_by("bracket_slot"),
            )
        )
    )


def match_winner_id(match: Match) -> int | None:
    """Registration id of the match winner, ``None`` for a draw or no result."""
    if match.status == MatchStatus.PENDING:
        return None
    if match.outcome in (MatchOutcome.A_WINS, MatchOutcome.BYE):
        return match.player_a_id
    if match.outcome == MatchOutcome.B_WINS:
        return match.player_b_id
    return None
