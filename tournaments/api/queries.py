"""Read models the REST API needs beyond :mod:`tournaments.selectors`.

Same rules as the selectors: plain rows or querysets with their joins, a
bounded number of queries each (stated per function), no state changes.
Standings and pairings themselves always come from
:mod:`tournaments.selectors` (one source for pages, API and PDFs); this
module only adds lookups and the shapes the API returns that no page uses
yet (the bracket as stages).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from .. import selectors
from ..adapters import match_winner_id
from ..enums import MatchOutcome, MatchStatus
from ..formats import format_for
from ..models import Event, Player, Registration, Round, Table

# --------------------------------------------------------------------------- lookups


def _with_current_round(qs: QuerySet[Event]) -> QuerySet[Event]:
    latest = Round.objects.filter(event=OuterRef("pk")).order_by("-number").values("number")[:1]
    return qs.annotate(current_round=Subquery(latest))


def events() -> QuerySet[Event]:
    """Every event with venue, game and podium players joined, newest first (one query).

    ``current_round`` is the number of the event's latest round (``None``
    before round 1), as :func:`tournaments.selectors.current_round` finds it.
    Voided events (:func:`tournaments.services.event_void`) are left out.
    """
    return (
        _with_current_round(Event.objects.filter(voided_at__isnull=True))
        .select_related(
            "venue", "game",
            "podium_first__player__home_venue",
            "podium_second__player__home_venue",
            "podium_third__player__home_venue",
        )
        .order_by("-date", "name", "pk")
    )


def event_by_pk(pk: int) -> Event | None:
    """One event as :func:`events` loads it, or ``None`` (one query)."""
    return events().filter(pk=pk).first()


def rounds_with_counts(event: Event) -> QuerySet[Round]:
    """The event's rounds in order with ``table_count`` and ``results_pending`` counts (one query).

    ``table_count`` counts the tables that take a result (no byes), as the
    event's format stores them; ``results_pending`` those still without one.
    """
    return format_for(event).rounds_with_counts(event)


def round_by_number(event: Event, number: int) -> Round | None:
    """Round ``number`` of ``event`` with its counts, or ``None`` (one query)."""
    return rounds_with_counts(event).filter(number=number).first()


def players() -> QuerySet[Player]:
    """Players with their home venue joined, by display name (one query)."""
    return Player.objects.select_related("home_venue").order_by("display_name", "player_number")


def registration_by_number(event: Event, player_number: str) -> Registration | None:
    """The registration of player ``player_number`` in ``event``, or ``None`` (one query)."""
    return (
        Registration.objects.select_related("player", "player__home_venue")
        .filter(event=event, player__player_number=player_number)
        .first()
    )


def table_with_event(pk: int) -> Table | None:
    """One table with its round and event joined, or ``None`` (two queries: the table, its seats and players)."""
    return Table.objects.select_related("round", "round__event").filter(pk=pk).first()


def table_saved(table: Table) -> Table:
    """``table`` as saved now, read again for the answer (its round, seats and players)."""
    return Table.objects.select_related("round").get(pk=table.pk)


# --------------------------------------------------------------------------- name search


def standing_of(event: Event, registration: Registration):
    """The standings row of ``registration`` in its event's format, ``None`` when it has none (two queries)."""
    rows = selectors.standing_rows(event)
    return next((row for row in rows if row.registration_id == registration.pk), None)


# --------------------------------------------------------------------------- bracket


@dataclass(frozen=True, slots=True)
class BracketSide:
    display_name: str
    player_number: str


@dataclass(frozen=True, slots=True)
class BracketEntry:
    """One top-cut match; ``winner`` is the winner's player number once decided."""

    match_id: int
    bracket_slot: int | None
    table_number: int | None
    is_third_place: bool
    player_a: BracketSide | None
    player_b: BracketSide | None
    games_a: int
    games_b: int
    games_drawn: int
    status: str
    outcome: str
    version: int
    winner: str | None


@dataclass(frozen=True, slots=True)
class BracketStage:
    """One top-cut round (``round.stage`` 1 is the final, 2 the semifinals…) and its matches."""

    round: Round
    matches: tuple[BracketEntry, ...]


def _side(reg: Registration | None) -> BracketSide | None:
    if reg is None:
        return None
    return BracketSide(display_name=reg.player.display_name, player_number=reg.player.player_number)


def bracket(event: Event) -> list[BracketStage]:
    """The top cut of ``event`` stage by stage, first stage first (three queries).

    Empty before the top cut starts. The third-place match, when the event
    plays one, sits in the final's round with ``is_third_place`` set.
    """
    stages = []
    rounds = selectors.top_cut_rounds(event).annotate(
        table_count=Count("tables", filter=Q(tables__is_bye=False), distinct=True),
        results_pending=Count("tables", filter=Q(tables__status=MatchStatus.PENDING), distinct=True),
    )
    for rnd in rounds:
        entries = []
        for m in rnd.tables.all():
            winner_id = match_winner_id(m)
            winner = m.player_a if winner_id == m.player_a_id else m.player_b if winner_id else None
            entries.append(
                BracketEntry(
                    match_id=m.pk,
                    bracket_slot=m.bracket_slot,
                    table_number=m.table_number,
                    is_third_place=m.bracket_slot == 0,
                    player_a=_side(m.player_a),
                    player_b=_side(m.player_b),
                    games_a=m.games_a,
                    games_b=m.games_b,
                    games_drawn=m.games_drawn,
                    status=m.status,
                    outcome=m.outcome,
                    version=m.version,
                    winner=winner.player.player_number if winner else None,
                )
            )
        entries.sort(key=lambda e: (e.is_third_place, e.bracket_slot or 0))
        stages.append(BracketStage(round=rnd, matches=tuple(entries)))
    return stages


def podium(event: Event) -> Sequence[Registration | None]:
    """First, second and third place of a finished event (already joined)."""
    return (event.podium_first, event.podium_second, event.podium_third)


def outcome_label(value: str) -> str:
    """Spanish label of a stored match outcome ('' while pending)."""
    return str(MatchOutcome(value).label) if value else ""
