"""Read models of the league for pages, CSV, the API and the command line.

One source, several outputs: every table is the sum of the ledger, summed
by the database and ranked by the pure core (:func:`leagues.scoring.
rank_table`: equal points share a rank, "1, 2, 2, 4", and are flagged
``tied``). Each selector runs a bounded number of queries, whatever the
number of players or events.
"""
from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.db.models import Count, Q, QuerySet, Sum

from rules.models import Game
from tournaments.enums import EventKind, EventState
from tournaments.models import Event, Player, Venue
from tournaments.text import collation_key

from . import adapters, badges, scoring
from .enums import LedgerScope
from .models import LedgerEntry, Season


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """One row of a league table with the player's public data.

    ``rank`` is shared by equal points (``tied``). ``venue``/``province``:
    the player's home venue ("sede original") and its province.
    ``dates_played``: distinct league dates played (season tables only).
    """

    rank: int
    tied: bool
    player_id: int
    display_name: str
    player_number: str
    venue: str
    province: str
    points: int
    dates_played: int | None = None


@dataclass(frozen=True, slots=True)
class VenueTable:
    """The season table of one venue: its home players on all their points."""

    venue_id: int
    venue: str
    province: str
    rows: list[LeagueRow]


def _rows(
    table: list[scoring.TableRow], players: dict[int, Player], dates: dict[int, int] | None = None
) -> list[LeagueRow]:
    result = []
    for row in table:
        player = players[row.player_id]
        home = player.home_venue
        result.append(
            LeagueRow(
                rank=row.rank,
                tied=row.tied,
                player_id=row.player_id,
                display_name=player.display_name,
                player_number=player.player_number,
                venue=home.name if home else "",
                province=home.province if home else "",
                points=row.points,
                dates_played=None if dates is None else dates.get(row.player_id, 0),
            )
        )
    return result


def _by_name(row: tuple[str, str]) -> tuple:
    """Sort key of a ``(player_number, display_name)`` pair: Spanish order, then number."""
    return (collation_key(row[1]), row[0])


def _players(ids) -> dict[int, Player]:
    return {p.pk: p for p in Player.objects.filter(pk__in=list(ids)).select_related("home_venue")}


# --------------------------------------------------------------------------- seasons


def seasons(*, game: Game | None = None) -> QuerySet[Season]:
    """Seasons, newest first, with their game and number of dates (one query)."""
    qs = Season.objects.select_related("game").annotate(date_count=Count("dates"))
    if game is not None:
        qs = qs.filter(game=game)
    return qs.order_by("-year", "game__name")


def season_dates(season: Season) -> list[dict]:
    """The season's dates in order, each with the events on it (one query):
    ``{"number", "date", "events": [(event id, name, venue name)]}``."""
    result = []
    for sd in season.dates.order_by("date").prefetch_related("event_links__event__venue"):
        events = sorted(
            ((link.event_id, link.event.name, link.event.venue.name if link.event.venue else "")
             for link in sd.event_links.all()),
            key=lambda e: (collation_key(e[2]), collation_key(e[1])),
        )
        result.append({"number": sd.number, "date": sd.date, "events": events})
    return result


def _dates_played(appearances) -> dict[int, int]:
    dates: dict[int, set[datetime.date]] = defaultdict(set)
    for appearance in appearances:
        dates[appearance.player_id].add(appearance.date)
    return {pid: len(days) for pid, days in dates.items()}


def season_table(season: Season) -> list[LeagueRow]:
    """The national season table (three queries): every player with season
    points, ranked; ``dates_played`` counts a date played at two venues
    once (DESIGN.md decision 8)."""
    points = adapters.table_totals(LedgerScope.SEASON, season=season)
    players = _players(points)
    dates = _dates_played(adapters.season_appearances(season))
    return _rows(scoring.rank_table(points), players, dates)


def season_venue_tables(season: Season) -> list[VenueTable]:
    """Each venue's season table, venues by name (four queries).

    A player is ranked in their home venue's table on all their season
    points, wherever earned (RULES-TRACE ambiguity 15, reading (a)); a
    player with no home venue is in no venue table.
    """
    points = adapters.table_totals(LedgerScope.SEASON, season=season)
    players = _players(points)
    dates = _dates_played(adapters.season_appearances(season))
    homes = adapters.home_venues(players)
    tables = scoring.venue_tables({p: pts for p, pts in points.items() if p in homes}, homes)
    venues = Venue.objects.in_bulk(list(tables))
    result = [
        VenueTable(venue_id=vid, venue=venues[vid].name, province=venues[vid].province,
                   rows=_rows(rows, players, dates))
        for vid, rows in tables.items()
    ]
    return sorted(result, key=lambda t: collation_key(t.venue))


def _venue_core_tables(season: Season) -> tuple[dict[int, list[scoring.TableRow]], dict[int, Player]]:
    points = adapters.table_totals(LedgerScope.SEASON, season=season)
    players = _players(points)
    homes = adapters.home_venues(players)
    return scoring.venue_tables({p: pts for p, pts in points.items() if p in homes}, homes), players


def default_game() -> Game | None:
    """Weed Monsters when it exists (the main game), else the first game."""
    return Game.objects.filter(key="weed_monsters").first() or Game.objects.order_by("name").first()


def all_time_ranking(*, game: Game) -> list[LeagueRow]:
    """The "Ranking Nacional (Histórico)" of one game (two queries): every
    all-time entry of every season and kind that feeds it."""
    points = adapters.table_totals(LedgerScope.ALL_TIME, event__game=game)
    return _rows(scoring.rank_table(points), _players(points))


# --------------------------------------------------------------------------- badges


@dataclass(frozen=True, slots=True)
class BadgeRow:
    """A player's six badges with their public data."""

    player_id: int
    display_name: str
    player_number: str
    venue: str
    badges: badges.PlayerBadges

    @property
    def earned_count(self) -> int:
        return sum(1 for b in self.badges.badges[:5] if b.earned)


def season_badge_rows(season: Season) -> list[BadgeRow]:
    """Every season player's six badges (nine queries), players with more
    badges first, then by name."""
    record, players = adapters.season_record(season)
    try:
        computed = badges.season_badges(record)
    except scoring.LeagueInputError as exc:  # pragma: no cover - bad data in the tables
        from .errors import from_core

        raise from_core(exc) from exc
    rows = []
    for pb in computed:
        player = players[pb.player_id]
        rows.append(
            BadgeRow(
                player_id=pb.player_id,
                display_name=player.display_name,
                player_number=player.player_number,
                venue=player.home_venue.name if player.home_venue_id else "",
                badges=pb,
            )
        )
    return sorted(rows, key=lambda r: (-r.earned_count, collation_key(r.display_name), r.player_id))


def player_badges(season: Season, player: Player) -> badges.PlayerBadges | None:
    """One player's six badges, ``None`` when the season does not name them."""
    record, _players_ = adapters.season_record(season)
    for pb in badges.season_badges(record):
        if pb.player_id == player.pk:
            return pb
    return None


# --------------------------------------------------------------------------- a player's page


@dataclass(frozen=True, slots=True)
class EntryRow:
    """One posting as the player's page lists it: the same item posted to
    both tables is one row (``scope`` names both)."""

    created_at: datetime.datetime
    event_id: int
    event: str
    event_date: datetime.date
    venue: str
    kind: str
    reason: str
    scope: str
    points: int
    is_reversal: bool


@dataclass(frozen=True, slots=True)
class PlayerLeague:
    """A player's league page for one season."""

    player: Player
    season: Season
    season_row: LeagueRow | None
    venue_row: LeagueRow | None
    all_time_row: LeagueRow | None
    badges: badges.PlayerBadges | None
    entries: list[EntryRow] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)


def pro_player_titles(player: Player) -> list[str]:
    """The player's live titles, newest year first: ["ProPlayer 2025"] (one query).
    Rule: 000_0014b2ac83da54b4.txt § "El Nacional" (R-000-62)."""
    from .models import ProPlayerTitle

    years = (ProPlayerTitle.objects.filter(player=player, voided_at__isnull=True)
             .order_by("-year").values_list("year", flat=True).distinct())
    return [f"ProPlayer {year}" for year in years]


def player_league(season: Season, player: Player) -> PlayerLeague:
    """Season and all-time standing, badges with progress and the ledger
    entries of the season's year, an item posted to both tables shown once
    (a bounded number of queries)."""
    national = season_table(season)
    season_row = next((r for r in national if r.player_id == player.pk), None)
    venue_row = None
    if player.home_venue_id:
        for table in season_venue_tables(season):
            if table.venue_id == player.home_venue_id:
                venue_row = next((r for r in table.rows if r.player_id == player.pk), None)
    all_time_row = next((r for r in all_time_ranking(game=season.game) if r.player_id == player.pk), None)
    entries = (
        LedgerEntry.objects.filter(player=player)
        .filter(
            Q(scope=LedgerScope.SEASON, season=season)
            | Q(scope=LedgerScope.ALL_TIME, event__game=season.game, event__date__year=season.year)
        )
        .select_related("event__venue", "reverses")
        .order_by("event__date", "event__name", "pk")
    )
    grouped: dict[tuple, EntryRow] = {}
    for e in entries:
        key = (e.event_id, e.reverses.reason if e.reverses_id else e.reason, e.points, e.reverses_id is not None)
        row = grouped.get(key)
        scope = e.get_scope_display()
        if row is not None:
            if scope not in row.scope:
                grouped[key] = replace(row, scope=f"{row.scope} · {scope}")
            continue
        grouped[key] = EntryRow(
            created_at=e.created_at,
            event_id=e.event_id,
            event=e.event.name,
            event_date=e.event.date,
            venue=e.event.venue.name if e.event.venue else "",
            kind=e.event.get_kind_display(),
            reason=e.get_reason_display() if not e.reverses_id else f"{e.get_reason_display()}: "
            f"{e.reverses.get_reason_display()}",
            scope=scope,
            points=e.points,
            is_reversal=e.reverses_id is not None,
        )
    return PlayerLeague(
        player=player,
        season=season,
        season_row=season_row,
        venue_row=venue_row,
        all_time_row=all_time_row,
        badges=player_badges(season, player),
        entries=list(grouped.values()),
        titles=pro_player_titles(player),
    )


# --------------------------------------------------------------------------- qualification


@dataclass(frozen=True, slots=True)
class SeatsRow:
    """A venue's seats with player names: ``qualified`` and ``contested``
    are lists of (player_number, display_name)."""

    venue: str
    seats: int
    qualified: list[tuple[str, str]]
    contested: list[tuple[str, str]]
    open_seats: int


@dataclass(frozen=True, slots=True)
class VeranoRow:
    """A venue's Torneo de Verano: its two January dates, the qualifiers in
    seed order (number, name, best placing, points), the first-round matches
    as name pairs, and the representative once known."""

    venue: str
    dates: list[tuple[datetime.date, str]]
    qualifiers: list[tuple[int, str, str, int, int]]
    matches: list[tuple[str, str]]
    representative: str | None
    unresolved_ties: bool
    representative_id: int | None = None


@dataclass(frozen=True, slots=True)
class Qualification:
    season: Season
    la_final: list[SeatsRow]
    nacional_by_venue: list[SeatsRow]
    nacional_by_badges: list[tuple[str, str]]
    nacional_direct: list[tuple[str, str]]
    verano: list[VeranoRow]


def _seats(seats: badges.VenueSeats, venues: dict[int, Venue], players: dict[int, Player]) -> SeatsRow:
    def named(ids):
        return [(players[p].player_number, players[p].display_name) for p in ids]

    return SeatsRow(
        venue=venues[seats.venue_id].name,
        seats=seats.seats,
        qualified=named(seats.qualified),
        contested=named(seats.contested),
        open_seats=seats.open_seats,
    )


def verano_finals(season: Season) -> list[VeranoRow]:
    """Each venue's Torneo de Verano of the season's year (three queries):
    the first two finished Verano events of January at the venue, their 1st
    and 2nd places and the league points those dates gave them, seeded by
    :func:`leagues.badges.verano_venue_final`; the representative is the
    winner of the venue's finished Verano final when there is one.
    Rule: 000_0014b2ac83da54b4.txt § "Torneo de verano" (R-000-57).
    """
    events = list(
        Event.objects.filter(
            game=season.game,
            kind__in=[EventKind.VERANO, EventKind.VERANO_FINAL],
            date__year=season.year,
            date__month=1,
            state=EventState.FINISHED,
            venue__isnull=False,
        )
        .select_related("venue", "podium_first__player", "podium_second__player")
        .order_by("venue__name", "date", "pk")
    )
    dates_by_venue: dict[int, list[Event]] = defaultdict(list)
    finals: dict[int, Event] = {}
    for event in events:
        if event.kind == EventKind.VERANO:
            if len(dates_by_venue[event.venue_id]) < 2:
                dates_by_venue[event.venue_id].append(event)
        else:
            finals.setdefault(event.venue_id, event)
    verano_ids = [e.pk for evs in dates_by_venue.values() for e in evs]
    totals: dict[tuple[int, int], int] = defaultdict(int)
    for row in (
        LedgerEntry.objects.filter(event_id__in=verano_ids, scope=LedgerScope.ALL_TIME)
        .values("event__venue_id", "player_id")
        .annotate(total=Sum("points"))
    ):
        totals[(row["event__venue_id"], row["player_id"])] += row["total"]
    players: dict[int, Player] = {}
    for evs in dates_by_venue.values():
        for e in evs:
            for reg in (e.podium_first, e.podium_second):
                if reg is not None:
                    players[reg.player_id] = reg.player
    rows = []
    for venue_id, evs in dates_by_venue.items():
        tops = []
        for e in evs[:2]:
            tops.append(tuple(reg.player_id if reg else None for reg in (e.podium_first, e.podium_second)))
        while len(tops) < 2:
            tops.append((None, None))
        qualifier_ids = {p for top in tops for p in top if p is not None}
        final = badges.verano_venue_final(
            tops[0], tops[1], {p: totals.get((venue_id, p), 0) for p in qualifier_ids}
        )

        def name(pid):
            return players[pid].display_name if pid is not None else "bye"

        representative = representative_id = None
        if venue_id in finals and finals[venue_id].podium_first is not None:
            representative = finals[venue_id].podium_first.player.display_name
            representative_id = finals[venue_id].podium_first.player_id
        elif final.representative is not None:
            representative = name(final.representative)
            representative_id = final.representative
        rows.append(
            VeranoRow(
                venue=evs[0].venue.name,
                dates=[(e.date, e.name) for e in evs],
                qualifiers=[
                    (q.seed, players[q.player_id].player_number, players[q.player_id].display_name,
                     q.best_placing, q.points)
                    for q in final.qualifiers
                ],
                matches=[(name(m.player_a), name(m.player_b)) for m in final.matches],
                representative=representative,
                unresolved_ties=final.unresolved_ties,
                representative_id=representative_id,
            )
        )
    return sorted(rows, key=lambda r: collation_key(r.venue))


def qualification(season: Season) -> Qualification:
    """La Final, El Nacional's direct qualifiers and the Verano finals of a
    season (a bounded number of queries).

    La Final: the top player of each venue table (R-000-47). El Nacional:
    the top ``season.nacional_quota`` of each venue table plus the
    six-badge holders (R-000-45, R-000-59). A tie across the last seat is
    listed as contested for the organizer to settle (ambiguity 15).
    """
    tables, players = _venue_core_tables(season)
    badge_rows = season_badge_rows(season)
    holders = badges.six_badge_holders(r.badges for r in badge_rows)
    extra = set(holders) - set(players)
    if extra:
        players.update(_players(extra))
    venues = Venue.objects.in_bulk(list(tables))
    la_final = badges.la_final_qualifiers(tables)
    nacional = badges.nacional_direct_qualifiers(tables, season.nacional_quota, holders)

    def named(ids):
        return sorted(((players[p].player_number, players[p].display_name) for p in ids), key=_by_name)

    return Qualification(
        season=season,
        la_final=sorted((_seats(s, venues, players) for s in la_final), key=lambda r: collation_key(r.venue)),
        nacional_by_venue=sorted((_seats(s, venues, players) for s in nacional.by_venue),
                                 key=lambda r: collation_key(r.venue)),
        nacional_by_badges=named(nacional.by_badges),
        nacional_direct=named(nacional.direct),
        verano=verano_finals(season),
    )


# --------------------------------------------------------------------------- prizes


@dataclass(frozen=True, slots=True)
class PackGroup:
    """The event packs owed at one event: (player_number, name) rows."""

    event_id: int
    event: str
    date: datetime.date
    venue: str
    players: list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class PromoGroup:
    """The promo cards owed for one month: (player_number, name) rows."""

    year: int
    month: int
    dates: tuple[datetime.date, ...]
    players: list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Prizes:
    packs: list[PackGroup]
    promos: list[PromoGroup]


def prizes(season: Season) -> Prizes:
    """The prizes checklist of a season (five queries).

    Event packs: one per registration of each Super Liga event on a league
    date, owed at registration (R-000-35), so at two venues on one date a
    player gets two (R-000-48). Promo cards: one per player and month in
    which the player played every date of the month (both dates).
    """
    dates = tuple(season.dates.order_by("date").values_list("date", flat=True))
    packs = badges.prize_checklist(dates, adapters.season_registrations(season)).packs
    promos = badges.prize_checklist(dates, adapters.season_appearances(season)).promos
    players = _players({p.player_id for p in packs} | {p.player_id for p in promos})
    events = Event.objects.select_related("venue", "league_date__season_date").in_bulk({p.event_id for p in packs})
    by_event: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for pack in packs:
        player = players[pack.player_id]
        by_event[pack.event_id].append((player.player_number, player.display_name))
    pack_groups = [
        PackGroup(
            event_id=eid,
            event=events[eid].name,
            date=events[eid].league_date.season_date.date,
            venue=events[eid].venue.name if events[eid].venue else "",
            players=sorted(rows, key=_by_name),
        )
        for eid, rows in by_event.items()
    ]
    by_month: dict[tuple[int, int], tuple[tuple[datetime.date, ...], list]] = {}
    for promo in promos:
        player = players[promo.player_id]
        by_month.setdefault((promo.year, promo.month), (promo.dates, []))[1].append(
            (player.player_number, player.display_name)
        )
    promo_groups = [
        PromoGroup(year=y, month=m, dates=d, players=sorted(rows, key=_by_name))
        for (y, m), (d, rows) in sorted(by_month.items())
    ]
    return Prizes(
        packs=sorted(pack_groups, key=lambda g: (g.date, collation_key(g.venue), collation_key(g.event))),
        promos=promo_groups,
    )
