"""The only league code that speaks both ORM and the pure core.

Each loader reads with a fixed number of queries and returns the plain
dataclasses of :mod:`leagues.scoring` and :mod:`leagues.badges`; services
and selectors turn core output back into rows or read models.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import Q, Sum

from tournaments.enums import ABSENCE_HOWS, EventKind
from tournaments.models import Event, Player, Registration, Seat

from . import badges, scoring
from .enums import LedgerReason, LedgerScope
from .models import BadgeAward, CollectionConfirmation, LedgerEntry, Season

# --------------------------------------------------------------------------- ledger


def entry_from_row(row: LedgerEntry) -> scoring.LedgerEntry:
    """A stored ledger row as a core entry (``row.reverses`` must be loaded
    for a reversal: use ``select_related("reverses")``)."""
    return scoring.LedgerEntry(
        player_id=row.player_id,
        event_id=row.event_id,
        reason=scoring.Reason(row.reason),
        points=row.points,
        scope=scoring.Scope(row.scope),
        season_id=row.season_id,
        reverses=scoring.Reason(row.reverses.reason) if row.reverses_id else None,
    )


def entry_key(entry: scoring.LedgerEntry | LedgerEntry) -> tuple:
    """What makes two original entries interchangeable: player, reason,
    scope, season and points (one event at a time)."""
    return (entry.player_id, str(entry.reason), str(entry.scope), entry.season_id, entry.points)


# --------------------------------------------------------------------------- events


def event_participants(event: Event) -> tuple[dict[int, Registration], set[int]]:
    """The event's registrations by id (player and home venue loaded) and
    the ids of those who took part (two queries).

    Taking part (DESIGN.md decision 15): checked in, and at least one seat
    of a table (a match side or a pod seat) not lost by absence. How each
    seat ended is one stored fact, :class:`~tournaments.enums.SeatOutcomeHow`
    (``Seat.how``), written by every path that
    can make a player lose without playing (the result entry, tardiness and
    no-show penalties, a drop before the table started, an event file):
    ``absent`` and ``late`` (more than 10 minutes, 000_0014b2ac83da54b4.txt
    § "10.1. Desarrollo de las Rondas Suizas") are losses by absence;
    ``played`` and ``penalty`` are not (a player who lost to a penalty was
    there, decision 10). A bye counts as a match played (decision 1). A
    registration that never took part (absent every round, dropped before
    round 1) earns no participation point and no date mark.
    """
    registrations = {
        reg.pk: reg
        for reg in Registration.objects.filter(event=event).select_related("player__home_venue")
    }
    absent = [str(how) for how in ABSENCE_HOWS]
    played: set[int] = set()
    played.update(Seat.objects.filter(round__event=event).exclude(how__in=absent)
                  .values_list("registration_id", flat=True))
    return registrations, {reg_id for reg_id in played if registrations[reg_id].checked_in}


def event_outcome(event: Event, *, season_id: int | None) -> scoring.EventOutcome:
    """A finished event as league scoring needs it (two queries; ``event``
    with its ``venue`` loaded).

    - participants: every player who took part (:func:`event_participants`),
      disqualified players included (they keep participation points, DESIGN.md decision 10);
    - a participant's province is their home venue's (RULES-TRACE
      ambiguity 15); a player with no home venue is taken as local (no +2:
      travel cannot be shown);
    - the venue province is ``None`` for a virtual event (no venue, or kind
      ``virtual``): no out-of-province points (DESIGN.md decision 7);
    - podium: the event's 1st, 2nd and 3rd, a disqualified player removed
      and the next moving up, the last places left vacant (ambiguity 13:
      "the next player moves onto the podium"; the standings below 3rd are
      not re-read here). A podium place held by a registration that did
      not take part (a no-show, DESIGN.md decision 15) earns nothing and is
      left vacant.
    """
    registrations, played = event_participants(event)
    venue_province = None if event.is_virtual else event.venue.province
    participants = []
    for reg_id in sorted(played):
        reg = registrations[reg_id]
        home = reg.player.home_venue
        participants.append(
            scoring.Participant(
                player_id=reg.player_id,
                home_province=home.province if home else (venue_province or ""),
                disqualified=reg.disqualified,
            )
        )
    podium_ids = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
    placed = [
        registrations[rid].player_id
        for rid in podium_ids
        if rid is not None and rid in played and not registrations[rid].disqualified
    ]
    podium = None
    if any(rid is not None for rid in podium_ids):
        podium = tuple(placed + [None] * (3 - len(placed)))
    return scoring.EventOutcome(
        event_id=event.pk,
        kind=scoring.EventKind(event.kind),
        season_id=season_id,
        date=event.date,
        venue_province=venue_province,
        participants=tuple(participants),
        podium=podium,
    )


# --------------------------------------------------------------------------- seasons


def _participation_net() -> Q:
    """Participation entries and their reversals."""
    return Q(reason=LedgerReason.PARTICIPATION) | Q(
        reason=LedgerReason.REVERSAL, reverses__reason=LedgerReason.PARTICIPATION
    )


def season_appearances(season: Season) -> tuple[badges.Appearance, ...]:
    """Who played each Super Liga event of the season (one query).

    An appearance is a live season participation entry of an event that has
    a league date of this season, so the ledger alone says who played; the
    appearance's date is the league date (an event held on another day for
    the same date counts for that date). Sorted by player, date, event.
    """
    rows = (
        LedgerEntry.objects.filter(
            _participation_net(),
            scope=LedgerScope.SEASON,
            season=season,
            event__league_date__season_date__season=season,
        )
        .values(
            "player_id",
            "event_id",
            "event__league_date__season_date__date",
            "event__venue_id",
            "event__venue__province",
        )
        .annotate(net=Sum("points"))
        .filter(net__gt=0)
        .order_by("player_id", "event__league_date__season_date__date", "event_id")
    )
    return tuple(
        badges.Appearance(
            player_id=row["player_id"],
            event_id=row["event_id"],
            date=row["event__league_date__season_date__date"],
            venue_id=row["event__venue_id"] or 0,
            venue_province=row["event__venue__province"] or "",
        )
        for row in rows
    )


def season_registrations(season: Season) -> tuple[badges.Appearance, ...]:
    """Every registration of the season's Super Liga events, played or not
    (one query): an event pack is owed at registration (R-000-35)."""
    rows = (
        Registration.objects.filter(event__league_date__season_date__season=season, event__kind=EventKind.SUPER_LIGA)
        .values("player_id", "event_id", "event__league_date__season_date__date", "event__venue_id",
                "event__venue__province")
        .order_by("player_id", "event_id")
    )
    return tuple(
        badges.Appearance(
            player_id=row["player_id"],
            event_id=row["event_id"],
            date=row["event__league_date__season_date__date"],
            venue_id=row["event__venue_id"] or 0,
            venue_province=row["event__venue__province"] or "",
        )
        for row in rows
    )


def table_totals(scope: str, **filters) -> dict[int, int]:
    """``{player_id: points}`` of one table, summed by the database (one
    query); players whose entries cancel out are left out, as
    :func:`leagues.scoring.ledger_totals` does."""
    rows = (
        LedgerEntry.objects.filter(scope=scope, **filters)
        .values("player_id")
        .annotate(total=Sum("points"))
        .order_by("player_id")
    )
    return {row["player_id"]: row["total"] for row in rows if row["total"]}


def first_super_liga_seasons(player_ids: Iterable[int]) -> dict[int, int | None]:
    """The season of each player's first Super Liga registration (one
    query): the event's league date's season, or else the season of the
    event's game and year. ``None`` when that season does not exist.
    DESIGN.md decision 14: a new player has no earlier Super Liga
    registration."""
    rows = (
        Registration.objects.filter(player_id__in=list(player_ids), event__kind=EventKind.SUPER_LIGA)
        .values("player_id", "event__date", "event__game_id", "event__league_date__season_date__season_id")
        .order_by("player_id", "event__date", "event_id")
    )
    firsts: dict[int, dict] = {}
    for row in rows:
        firsts.setdefault(row["player_id"], row)
    need = {(r["event__game_id"], r["event__date"].year) for r in firsts.values()
            if r["event__league_date__season_date__season_id"] is None}
    by_year: dict[tuple[int, int], int] = {}
    if need:
        q = Q()
        for game_id, year in need:
            q |= Q(game_id=game_id, year=year)
        by_year = {(s.game_id, s.year): s.pk for s in Season.objects.filter(q)}
    return {
        player_id: row["event__league_date__season_date__season_id"]
        or by_year.get((row["event__game_id"], row["event__date"].year))
        for player_id, row in firsts.items()
    }


def season_record(season: Season) -> tuple[badges.SeasonRecord, dict[int, Player]]:
    """The season as the badge core needs it, and the players it names
    (eight queries).

    Players are everyone with an appearance or season points, referrers
    of this season's new players, and players with a confirmation or an
    award. A player with no home venue has no venue table, so they are left
    out of ``season_points`` (badge 5 cannot be earned without a venue).
    """
    dates = tuple(season.dates.order_by("date").values_list("date", flat=True))
    appearances = season_appearances(season)
    points = table_totals(LedgerScope.SEASON, season=season)
    collections = list(CollectionConfirmation.objects.filter(season=season))
    awards = list(BadgeAward.objects.filter(season=season))
    ids = {a.player_id for a in appearances} | set(points)
    ids |= {c.player_id for c in collections} | {a.player_id for a in awards}
    referees = dict(
        Player.objects.filter(referred_by__isnull=False).filter(
            Q(pk__in=ids) | Q(referred_by__in=ids)
        ).values_list("pk", "referred_by_id")
    )
    firsts = first_super_liga_seasons(referees)
    referrals = tuple(
        badges.Referral(referee_id=referee, referrer_id=referrer, first_season_id=season.pk)
        for referee, referrer in sorted(referees.items())
        if firsts.get(referee) == season.pk and referee != referrer
    )
    ids |= {r.referee_id for r in referrals} | {r.referrer_id for r in referrals}
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids).select_related("home_venue")}
    season_players = tuple(
        badges.SeasonPlayer(
            player_id=pid,
            home_venue_id=players[pid].home_venue_id or 0,
            home_province=players[pid].home_venue.province if players[pid].home_venue_id else "",
        )
        for pid in sorted(players)
    )
    record = badges.SeasonRecord(
        season_id=season.pk,
        dates=dates,
        players=season_players,
        appearances=appearances,
        season_points={pid: pts for pid, pts in points.items() if players[pid].home_venue_id},
        referrals=referrals,
        collections=tuple(
            badges.CollectionConfirmation(
                player_id=c.player_id, confirmed_by=c.confirmed_by_id or 0, confirmed_on=c.confirmed_at.date()
            )
            for c in collections
        ),
        manual_awards=tuple(
            badges.ManualAward(
                player_id=a.player_id,
                badge=badges.Badge(a.badge),
                reason=a.reason,
                awarded_by=a.awarded_by_id or 0,
                awarded_on=a.awarded_at.date(),
                event_id=a.event_id,
            )
            for a in awards
        ),
        season_closed=season.closed,
        rules=badges.BadgeRules(attendance_target=season.attendance_target),
    )
    return record, players


def home_venues(players: Mapping[int, Player]) -> dict[int, int]:
    """``{player_id: home venue id}`` of the players that have one."""
    return {pid: p.home_venue_id for pid, p in players.items() if p.home_venue_id}
