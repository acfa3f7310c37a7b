"""Super Liga badges, qualification lists and the prizes checklist.

Pure core: no Django, no database. Inputs and outputs are frozen, slotted
dataclasses and tuples; the same input always gives the same output.

Terms (000_0014b2ac83da54b4.txt § "Super Liga"):

- *season record* (:class:`SeasonRecord`): what one Super Liga season holds
  for badges: its dates, its players with their home venue and province,
  every Super Liga appearance, the season points (from the ledger of
  :mod:`leagues.scoring`), referrals, collection confirmations and manual
  awards.
- *appearance* (:class:`Appearance`): one player at one Super Liga event
  (one venue on one date). A player may appear at two venues on the same
  date: points and an event pack at both, one mark toward the badges
  (DESIGN.md decision 8, R-000-48).
- *badge* (:class:`Badge`): the five "Insignias" of the leaflet and the
  sixth, which all five give. Each has progress toward a target and a
  Spanish label for the player page ("12/15 fechas").
- *manual award* (:class:`ManualAward`): a badge chosen by a Breeder Quest
  winner and awarded by an organizer with a reason; it counts toward the
  sixth (R-000-51, RULES-TRACE ambiguity 18).
- *venue seats* (:class:`VenueSeats`): the places a venue's season table
  gives in La Final or El Nacional; a tie across the last seat is left to
  the organizer (ambiguity 15).

Labels for people are Spanish (es-AR); everything else is English codes.
"""
from __future__ import annotations

import datetime
import enum
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from leagues.scoring import LeagueInputError, TableRow, rule_source
from leagues.scoring import venue_tables as _venue_tables
from tournaments.swiss.types import BracketMatch

SUPER_LIGA = rule_source("Super Liga")
BREEDER_QUEST = rule_source("Breeder Quest")


# --------------------------------------------------------------------------
# Badges
# --------------------------------------------------------------------------


class Badge(enum.StrEnum):
    """The badges of one Super Liga season, in the leaflet's order."""

    ATTENDANCE = "attendance"  # 1°: play 15 of the 18 dates
    OUT_OF_PROVINCE = "out_of_province"  # 2°: 3 dates in another province
    REFERRAL = "referral"  # 3°: bring a new player who plays 6 dates
    COLLECTION = "collection"  # 4°: Original Genetics collection
    HOME_VENUE_TOP = "home_venue_top"  # 5°: TOP 5 of one's home venue
    NACIONAL_PASS = "nacional_pass"  # sixth: all five → El Nacional

    @property
    def number(self) -> int:
        """1–5 as in the leaflet; 6 for the sixth."""
        return BADGE_INFO[self].number

    @property
    def title(self) -> str:
        """Spanish (es-AR) name for people."""
        return BADGE_INFO[self].title


@dataclass(frozen=True, slots=True)
class BadgeInfo:
    number: int
    title: str
    source: str


BADGE_INFO: Mapping[Badge, BadgeInfo] = {
    Badge.ATTENDANCE: BadgeInfo(1, "Jugar 15 de las 18 fechas", SUPER_LIGA),
    Badge.OUT_OF_PROVINCE: BadgeInfo(
        2, "Jugar 3 fechas en sedes de otra provincia", SUPER_LIGA
    ),
    Badge.REFERRAL: BadgeInfo(3, "Traer un jugador nuevo", SUPER_LIGA),
    Badge.COLLECTION: BadgeInfo(
        4, "Completar la colección Original Genetics", SUPER_LIGA
    ),
    Badge.HOME_VENUE_TOP: BadgeInfo(5, "Quedar TOP 5 de tu sede", SUPER_LIGA),
    Badge.NACIONAL_PASS: BadgeInfo(
        6, "Sexta Insignia: acceso directo a El Nacional", SUPER_LIGA
    ),
}
"""Registry from badge to its number, Spanish title and rule source."""

FIVE_BADGES: tuple[Badge, ...] = tuple(
    b for b in Badge if b is not Badge.NACIONAL_PASS
)


@dataclass(frozen=True, slots=True)
class BadgeRules:
    """Targets of the badges; the defaults are the rulebook's.

    ``attendance_target``: distinct dates for badge 1 (15 of 18).
    ``out_of_province_target``: distinct dates at venues of another province
    for badge 2 (3). ``referral_dates_target``: distinct dates the new
    player must play (6). ``home_venue_top``: places of the home-venue table
    that earn badge 5 (5). Rule: 000_0014b2ac83da54b4.txt § "Super Liga".
    """

    attendance_target: int = 15
    out_of_province_target: int = 3
    referral_dates_target: int = 6
    home_venue_top: int = 5


@dataclass(frozen=True, slots=True)
class SeasonPlayer:
    """A player of the season, with their home venue ("sede original") and
    its province."""

    player_id: int
    home_venue_id: int
    home_province: str


@dataclass(frozen=True, slots=True)
class Appearance:
    """One player at one Super Liga event of the season (any outcome, a
    disqualification included). ``venue_province``: the hosting venue's."""

    player_id: int
    event_id: int
    date: datetime.date
    venue_id: int
    venue_province: str


@dataclass(frozen=True, slots=True)
class Referral:
    """A new player naming their referrer at their first registration.

    ``first_season_id``: the season of the referee's first Super Liga
    registration; only that season's dates count (DESIGN.md decision 14,
    RULES-TRACE ambiguity 17).
    """

    referee_id: int
    referrer_id: int
    first_season_id: int


@dataclass(frozen=True, slots=True)
class CollectionConfirmation:
    """A venue organizer confirmed the Original Genetics collection
    (Holo, No Holo and Alternativas) of a player (R-000-43, R-000-46)."""

    player_id: int
    confirmed_by: int
    confirmed_on: datetime.date


@dataclass(frozen=True, slots=True)
class ManualAward:
    """One of badges 1–5 awarded by an organizer, e.g. chosen by a Breeder
    Quest winner (R-000-51). ``reason`` is the organizer's text, e.g.
    ``"Breeder Quest 2024-03-09, 1.er puesto"``; ``event_id`` the Breeder
    Quest event when there is one."""

    player_id: int
    badge: Badge
    reason: str
    awarded_by: int
    awarded_on: datetime.date
    event_id: int | None = None


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    """Everything one season's badges depend on.

    ``dates``: the season's dates (generated by
    :func:`leagues.scoring.super_liga_dates`, possibly edited).
    ``players``: one per player of the season, referrers included.
    ``appearances``: Super Liga events of this season only (Breeder Quest,
    virtual or other events never count toward badges).
    ``season_points``: ``{player_id: season points}`` from the ledger.
    ``season_closed``: the last date is over; badge 5 is decided only then
    ("al final del torneo", ambiguity 15).
    """

    season_id: int
    dates: tuple[datetime.date, ...]
    players: tuple[SeasonPlayer, ...]
    appearances: tuple[Appearance, ...]
    season_points: Mapping[int, int]
    referrals: tuple[Referral, ...] = ()
    collections: tuple[CollectionConfirmation, ...] = ()
    manual_awards: tuple[ManualAward, ...] = ()
    season_closed: bool = False
    rules: BadgeRules = BadgeRules()


@dataclass(frozen=True, slots=True)
class BadgeProgress:
    """One badge of one player.

    ``earned``: held, computed or by a manual award. ``current``/``target``:
    progress, with ``current`` capped at ``target`` — distinct dates for
    badges 1–3 (the best referee's for badge 3), 0/1 for badge 4, the
    home-venue rank for badge 5 (0 when unranked; earned when
    ``1 <= current <= target`` at the season's end), badges held for the
    sixth. ``label``: Spanish progress text ("12/15 fechas").
    ``source``: the rule applied. ``manual_award``: the award that grants
    it, if any. ``confirmation``: badge 4's organizer confirmation.
    """

    badge: Badge
    earned: bool
    current: int
    target: int
    label: str
    source: str
    manual_award: ManualAward | None = None
    confirmation: CollectionConfirmation | None = None


@dataclass(frozen=True, slots=True)
class PlayerBadges:
    """The six badges of one player, in :class:`Badge` order."""

    player_id: int
    badges: tuple[BadgeProgress, ...]

    def get(self, badge: Badge | str) -> BadgeProgress:
        badge = Badge(badge)
        return next(b for b in self.badges if b.badge == badge)

    @property
    def earned(self) -> tuple[Badge, ...]:
        return tuple(b.badge for b in self.badges if b.earned)


def _require(condition: bool, code: str, message: str) -> None:
    if not condition:
        raise LeagueInputError(code, message)


def _validate(record: SeasonRecord) -> dict[int, SeasonPlayer]:
    rules = record.rules
    _require(
        min(
            rules.attendance_target,
            rules.out_of_province_target,
            rules.referral_dates_target,
            rules.home_venue_top,
        )
        >= 1,
        "bad_rules",
        f"badge targets must be positive: {rules}",
    )
    players: dict[int, SeasonPlayer] = {}
    for player in record.players:
        _require(
            player.player_id not in players,
            "duplicate_player",
            f"player {player.player_id} listed twice",
        )
        players[player.player_id] = player

    def known(player_id: int, what: str) -> None:
        _require(
            player_id in players,
            "unknown_player",
            f"{what} names player {player_id}, not a player of the season",
        )

    dates = set(record.dates)
    seen: set[tuple[int, int]] = set()
    for appearance in record.appearances:
        known(appearance.player_id, "an appearance")
        _require(
            appearance.date in dates,
            "date_not_in_season",
            f"event {appearance.event_id} on {appearance.date} is not a "
            f"date of season {record.season_id}",
        )
        key = (appearance.player_id, appearance.event_id)
        _require(
            key not in seen,
            "duplicate_appearance",
            f"player {key[0]} appears twice in event {key[1]}",
        )
        seen.add(key)
    for player_id in record.season_points:
        known(player_id, "the season points")
    referees: set[int] = set()
    for referral in record.referrals:
        if referral.first_season_id != record.season_id:
            continue
        known(referral.referee_id, "a referral")
        known(referral.referrer_id, "a referral")
        _require(
            referral.referee_id != referral.referrer_id,
            "self_referral",
            f"player {referral.referee_id} cannot refer themselves",
        )
        _require(
            referral.referee_id not in referees,
            "duplicate_referral",
            f"player {referral.referee_id} names two referrers",
        )
        referees.add(referral.referee_id)
    confirmed: set[int] = set()
    for confirmation in record.collections:
        known(confirmation.player_id, "a collection confirmation")
        _require(
            confirmation.player_id not in confirmed,
            "duplicate_confirmation",
            f"collection of player {confirmation.player_id} confirmed twice",
        )
        confirmed.add(confirmation.player_id)
    awarded: set[tuple[int, Badge]] = set()
    for award in record.manual_awards:
        known(award.player_id, "a manual award")
        badge = Badge(award.badge)
        _require(
            badge is not Badge.NACIONAL_PASS,
            "manual_sixth_badge",
            "the sixth badge follows from the five and cannot be awarded",
        )
        _require(
            bool(award.reason.strip()),
            "manual_award_reason_missing",
            f"manual award to player {award.player_id} has no reason",
        )
        _require(
            (award.player_id, badge) not in awarded,
            "duplicate_manual_award",
            f"badge {badge} awarded twice to player {award.player_id}",
        )
        awarded.add((award.player_id, badge))
    return players


def _with_manual(
    progress: BadgeProgress, award: ManualAward | None
) -> BadgeProgress:
    if award is None:
        return progress
    label = progress.label
    if not progress.earned:
        label = f"{label} · otorgada: {award.reason}"
    return BadgeProgress(
        badge=progress.badge,
        earned=True,
        current=progress.current,
        target=progress.target,
        label=label,
        source=f"{progress.source}; {BREEDER_QUEST}",
        manual_award=award,
        confirmation=progress.confirmation,
    )


def season_badges(record: SeasonRecord) -> tuple[PlayerBadges, ...]:
    """Each player's six badges for one season.

    Badge 1: distinct dates played (two venues on one date count once,
    DESIGN.md decision 8). Badge 2: distinct dates with at least one
    appearance at a venue whose province differs from the player's home
    province. Badge 3: a referee whose first Super Liga registration is this
    season played at least the target of distinct dates this season
    (DESIGN.md decision 14, ambiguity 17); progress shows the best referee.
    Badge 4: an organizer's confirmation (who and when). Badge 5: rank in
    the home venue's season table at most 5 when the season is closed;
    players tied across the cut all earn it (ambiguity 15); before the
    close it shows the provisional rank and is not earned. Sixth: all of
    badges 1–5 held. A manual award (e.g. a Breeder Quest winner's choice)
    holds the badge and counts toward the sixth (ambiguity 18).

    Shapes: one :class:`PlayerBadges` per player of ``record.players``,
    sorted by player id; each holds six :class:`BadgeProgress` in
    :class:`Badge` order.

    Errors: :class:`LeagueInputError` with code ``bad_rules``,
    ``duplicate_player``, ``unknown_player``, ``date_not_in_season``,
    ``duplicate_appearance``, ``self_referral``, ``duplicate_referral``,
    ``duplicate_confirmation``, ``manual_sixth_badge``,
    ``manual_award_reason_missing`` or ``duplicate_manual_award``.

    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-40 to R-000-46,
    R-000-48) and § "Breeder Quest" (R-000-51).
    """
    players = _validate(record)
    rules = record.rules

    dates_played: dict[int, set[datetime.date]] = defaultdict(set)
    away_dates: dict[int, set[datetime.date]] = defaultdict(set)
    for appearance in record.appearances:
        dates_played[appearance.player_id].add(appearance.date)
        home = players[appearance.player_id].home_province
        if appearance.venue_province != home:
            away_dates[appearance.player_id].add(appearance.date)

    referee_dates: dict[int, list[int]] = defaultdict(list)
    for referral in record.referrals:
        if referral.first_season_id == record.season_id:
            referee_dates[referral.referrer_id].append(
                len(dates_played[referral.referee_id])
            )

    confirmations = {c.player_id: c for c in record.collections}
    awards = {(a.player_id, Badge(a.badge)): a for a in record.manual_awards}

    tables = _venue_tables(
        record.season_points,
        {p.player_id: p.home_venue_id for p in record.players},
    )
    home_rows: dict[int, TableRow] = {
        row.player_id: row for rows in tables.values() for row in rows
    }

    result = []
    for player_id in sorted(players):
        five: list[BadgeProgress] = []

        target = rules.attendance_target
        count = min(len(dates_played[player_id]), target)
        five.append(
            BadgeProgress(
                badge=Badge.ATTENDANCE,
                earned=count >= target,
                current=count,
                target=target,
                label=f"{count}/{target} fechas",
                source=SUPER_LIGA,
            )
        )

        target = rules.out_of_province_target
        count = min(len(away_dates[player_id]), target)
        five.append(
            BadgeProgress(
                badge=Badge.OUT_OF_PROVINCE,
                earned=count >= target,
                current=count,
                target=target,
                label=f"{count}/{target} fechas en otra provincia",
                source=SUPER_LIGA,
            )
        )

        target = rules.referral_dates_target
        if referee_dates[player_id]:
            count = min(max(referee_dates[player_id]), target)
            label = f"{count}/{target} fechas de tu jugador nuevo"
        else:
            count = 0
            label = "Sin jugador nuevo referido"
        five.append(
            BadgeProgress(
                badge=Badge.REFERRAL,
                earned=count >= target,
                current=count,
                target=target,
                label=label,
                source=SUPER_LIGA,
            )
        )

        confirmation = confirmations.get(player_id)
        five.append(
            BadgeProgress(
                badge=Badge.COLLECTION,
                earned=confirmation is not None,
                current=1 if confirmation is not None else 0,
                target=1,
                label=(
                    "Colección confirmada"
                    if confirmation is not None
                    else "Colección sin confirmar"
                ),
                source=SUPER_LIGA,
                confirmation=confirmation,
            )
        )

        target = rules.home_venue_top
        row = home_rows.get(player_id)
        if row is None:
            rank, label = 0, "Sin puntos en la temporada"
        else:
            rank = row.rank
            label = f"Puesto {rank} en tu sede"
            if row.tied:
                label += " (empate)"
            if not record.season_closed:
                label += " · parcial"
        five.append(
            BadgeProgress(
                badge=Badge.HOME_VENUE_TOP,
                earned=record.season_closed and 1 <= rank <= target,
                current=rank,
                target=target,
                label=label,
                source=SUPER_LIGA,
            )
        )

        five = [_with_manual(p, awards.get((player_id, p.badge))) for p in five]
        held = sum(1 for p in five if p.earned)
        sixth = BadgeProgress(
            badge=Badge.NACIONAL_PASS,
            earned=held == len(FIVE_BADGES),
            current=held,
            target=len(FIVE_BADGES),
            label=f"{held}/{len(FIVE_BADGES)} insignias",
            source=SUPER_LIGA,
        )
        result.append(PlayerBadges(player_id, (*five, sixth)))
    return tuple(result)


def six_badge_holders(badges: Iterable[PlayerBadges]) -> frozenset[int]:
    """Player ids holding the sixth badge (direct, free entry to El
    Nacional; R-000-45)."""
    return frozenset(
        pb.player_id for pb in badges if pb.get(Badge.NACIONAL_PASS).earned
    )


# --------------------------------------------------------------------------
# Qualification lists
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VenueSeats:
    """The seats one venue's season table gives.

    ``qualified``: players certainly in, table order. ``contested``: players
    tied across the last seat, table order; they compete for
    ``open_seats`` seats and the organizer decides (:func:`resolve_seats`).
    ``decided_by_organizer``: players the organizer chose for those seats.
    """

    venue_id: int
    seats: int
    qualified: tuple[int, ...]
    contested: tuple[int, ...] = ()
    open_seats: int = 0
    decided_by_organizer: tuple[int, ...] = ()

    @property
    def needs_organizer(self) -> bool:
        return bool(self.contested)


def allocate_seats(
    venue_id: int, table: Sequence[TableRow], seats: int
) -> VenueSeats:
    """The top ``seats`` places of a venue table, ties at the cut flagged.

    ``table``: rows of :func:`leagues.scoring.rank_table`, rank order.
    A group sharing a rank goes in whole when it fits; the group that
    straddles the last seat is *contested* for the seats left (an organizer
    decision, RULES-TRACE ambiguity 15; DESIGN.md decision 11 allows a
    playoff or a recorded draw).

    Errors: :class:`LeagueInputError` ``bad_seats`` for ``seats < 0``.
    """
    _require(seats >= 0, "bad_seats", f"seats must be >= 0, got {seats}")
    groups: dict[int, list[int]] = defaultdict(list)
    for row in table:
        groups[row.rank].append(row.player_id)
    qualified: list[int] = []
    for rank in sorted(groups):
        members = groups[rank]
        if len(qualified) + len(members) <= seats:
            qualified.extend(members)
            continue
        open_seats = seats - len(qualified)
        if open_seats > 0:
            return VenueSeats(
                venue_id, seats, tuple(qualified), tuple(members), open_seats
            )
        break
    return VenueSeats(venue_id, seats, tuple(qualified))


def resolve_seats(seats: VenueSeats, chosen: Sequence[int]) -> VenueSeats:
    """Record the organizer's choice among the contested players.

    ``chosen``: exactly ``open_seats`` distinct contested players.
    Errors: :class:`LeagueInputError` ``bad_choice`` otherwise.
    Default: RULES-TRACE ambiguity 15 ("settled by the organizer, and the
    decision is recorded").
    """
    chosen = tuple(chosen)
    _require(
        len(set(chosen)) == len(chosen) == seats.open_seats
        and set(chosen) <= set(seats.contested),
        "bad_choice",
        f"choose {seats.open_seats} of {seats.contested}, got {chosen}",
    )
    ordered = tuple(p for p in seats.contested if p in chosen)
    return VenueSeats(
        venue_id=seats.venue_id,
        seats=seats.seats,
        qualified=seats.qualified + ordered,
        contested=(),
        open_seats=0,
        decided_by_organizer=ordered,
    )


def la_final_qualifiers(
    venue_tables: Mapping[int, Sequence[TableRow]],
) -> tuple[VenueSeats, ...]:
    """The top player of each venue's season table, for "Super Liga La Final".

    ``venue_tables``: ``{venue_id: rows}`` from
    :func:`leagues.scoring.venue_tables` at the season's end. One seat per
    venue; a tie for first is flagged (``needs_organizer``).

    Shapes: one :class:`VenueSeats` per venue, sorted by venue id.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-47); RULES-TRACE
    ambiguity 15.
    """
    return tuple(
        allocate_seats(venue, venue_tables[venue], 1)
        for venue in sorted(venue_tables)
    )


@dataclass(frozen=True, slots=True)
class NacionalQualifiers:
    """Direct (free) qualifiers for El Nacional.

    ``by_venue``: the quota of each venue. ``by_badges``: six-badge holders,
    sorted. ``direct``: every player qualified by either route, sorted
    (contested players only once the organizer has decided).
    """

    by_venue: tuple[VenueSeats, ...]
    by_badges: tuple[int, ...]
    direct: tuple[int, ...]

    @property
    def needs_organizer(self) -> bool:
        return any(v.needs_organizer for v in self.by_venue)


def nacional_direct_qualifiers(
    venue_tables: Mapping[int, Sequence[TableRow]],
    n_per_venue: int,
    six_badge_holders: Iterable[int],
) -> NacionalQualifiers:
    """Top ``n_per_venue`` of each venue table plus the six-badge holders.

    The two routes are independent: a six-badge holder inside the quota
    holds a quota seat (the seat does not pass down), and a tie across the
    quota is flagged for the organizer even when a contested player also
    holds the sixth badge.

    Errors: :class:`LeagueInputError` ``bad_seats`` for a negative quota.
    Rule: 000_0014b2ac83da54b4.txt § "El Nacional" (R-000-59) and § "Super
    Liga" (R-000-45); RULES-TRACE ambiguity 15.
    """
    by_venue = tuple(
        allocate_seats(venue, venue_tables[venue], n_per_venue)
        for venue in sorted(venue_tables)
    )
    by_badges = tuple(sorted(set(six_badge_holders)))
    direct = {p for seats in by_venue for p in seats.qualified}
    direct.update(by_badges)
    return NacionalQualifiers(by_venue, by_badges, tuple(sorted(direct)))


# --------------------------------------------------------------------------
# Torneo de verano: the venue final
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VeranoQualifier:
    """A player in a venue's Verano final: ``seed`` 1-based,
    ``best_placing`` 1 or 2, ``points`` their Verano league points."""

    player_id: int
    seed: int
    best_placing: int
    points: int


@dataclass(frozen=True, slots=True)
class VeranoFinal:
    """A venue's Verano "reducido final".

    ``qualifiers``: seed order. ``matches``: first-round matches of a
    single-elimination bracket of the next power of two (``stage`` 1 is the
    final, 2 the semifinals; ``seed_a``/``seed_b`` are Verano seeds;
    ``player_b`` ``None`` is a bye). ``representative``: the venue's
    representative when only one player qualified, else ``None`` (decided
    by the bracket). ``unresolved_ties``: players level on placing and
    points were ordered by player id because no draw was given.
    """

    qualifiers: tuple[VeranoQualifier, ...]
    matches: tuple[BracketMatch, ...]
    representative: int | None
    unresolved_ties: bool = False


def _top2(value: Sequence[int | None], which: str) -> tuple[int | None, ...]:
    value = tuple(value)
    _require(len(value) == 2, "verano_shape", f"{which}: give (first, second)")
    first, second = value
    _require(
        not (first is None and second is not None),
        "verano_shape",
        f"{which}: second place without a first",
    )
    _require(
        first is None or first != second,
        "verano_shape",
        f"{which}: player {first} is both first and second",
    )
    return value


def verano_venue_final(
    date1_top2: Sequence[int | None],
    date2_top2: Sequence[int | None],
    verano_points: Mapping[int, int],
    *,
    rng: random.Random | None = None,
) -> VeranoFinal:
    """The bracket of a venue's Verano final from its two January dates.

    ``date1_top2``/``date2_top2``: ``(first, second)`` player ids of each
    date (``None`` for a vacant place). ``verano_points``: league points
    each qualifier earned in the Verano dates (integer points). ``rng``: a
    recorded draw for players still level (DESIGN.md decision 11).

    The distinct qualifiers are seeded by best placing (1st before 2nd),
    then by Verano points (more first), then by the draw (or player id,
    flagged). Bracket of the next power of two, seeded 1v4 and 2v3
    (DESIGN.md decision 6), byes in the empty slots; two qualifiers play
    a final; one is the representative. The final posts no points
    (``EventKind.VERANO_FINAL``). The organizer can change the bracket.

    Errors: :class:`LeagueInputError` ``verano_shape`` for a malformed top
    2 and ``verano_points_missing`` when a qualifier has no points.
    Rule: 000_0014b2ac83da54b4.txt § "Torneo de verano" (R-000-57);
    Default: RULES-TRACE ambiguity 20.
    """
    placings: dict[int, int] = {}
    for which, top2 in (("date 1", date1_top2), ("date 2", date2_top2)):
        for place, player in enumerate(_top2(top2, which), start=1):
            if player is not None:
                placings[player] = min(placings.get(player, place), place)
    for player in placings:
        _require(
            player in verano_points,
            "verano_points_missing",
            f"qualifier {player} has no Verano points",
        )
    draw: dict[int, float] = {}
    if rng is not None:
        for player in sorted(placings):
            draw[player] = rng.random()

    def level(player: int) -> tuple[int, int]:
        return (placings[player], -verano_points[player])

    order = sorted(placings, key=lambda p: (level(p), draw.get(p, 0.0), p))
    levels = [level(p) for p in order]
    unresolved = rng is None and len(set(levels)) < len(levels)
    qualifiers = tuple(
        VeranoQualifier(p, seed, placings[p], verano_points[p])
        for seed, p in enumerate(order, start=1)
    )

    count = len(order)
    if count <= 1:
        representative = order[0] if order else None
        return VeranoFinal(qualifiers, (), representative, unresolved)
    if count == 2:
        matches = (BracketMatch(1, 1, order[0], order[1], 1, 2),)
    else:
        seeded = order + [None] * (4 - count)
        matches = (
            BracketMatch(
                2, 1, seeded[0], seeded[3], 1, None if seeded[3] is None else 4
            ),
            BracketMatch(2, 2, seeded[1], seeded[2], 2, 3),
        )
    return VeranoFinal(qualifiers, matches, None, unresolved)


# --------------------------------------------------------------------------
# Prizes checklist
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventPack:
    """A "Sobre de Evento" owed for one registration (R-000-35)."""

    player_id: int
    event_id: int


@dataclass(frozen=True, slots=True)
class PromoCard:
    """A promo card owed for playing every date of a month (R-000-35).
    ``dates``: the month's season dates, in order."""

    player_id: int
    year: int
    month: int
    dates: tuple[datetime.date, ...]


@dataclass(frozen=True, slots=True)
class PrizeChecklist:
    """What organizers owe: ``packs`` sorted by (player, event); ``promos``
    sorted by (player, year, month)."""

    packs: tuple[EventPack, ...]
    promos: tuple[PromoCard, ...]


def prize_checklist(
    dates: Sequence[datetime.date], appearances: Iterable[Appearance]
) -> PrizeChecklist:
    """Event packs and promo cards owed for a Super Liga season.

    ``dates``: the season's dates. ``appearances``: the season's Super Liga
    appearances. One pack per appearance (two venues on one date: two
    packs, R-000-48). One promo card per player and month when the player
    played every season date of that month, at any venues, and the month
    has at least two dates ("ambas fechas del mes"; an edited month with
    one date gives none).

    Errors: :class:`LeagueInputError` ``date_not_in_season``.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-35, R-000-48).
    """
    season_dates = set(dates)
    months: dict[tuple[int, int], list[datetime.date]] = defaultdict(list)
    for day in sorted(season_dates):
        months[(day.year, day.month)].append(day)
    packs: set[EventPack] = set()
    played: dict[int, set[datetime.date]] = defaultdict(set)
    for appearance in appearances:
        _require(
            appearance.date in season_dates,
            "date_not_in_season",
            f"event {appearance.event_id} on {appearance.date} is not a "
            "season date",
        )
        packs.add(EventPack(appearance.player_id, appearance.event_id))
        played[appearance.player_id].add(appearance.date)
    promos = [
        PromoCard(player, year, month, tuple(month_dates))
        for player in sorted(played)
        for (year, month), month_dates in sorted(months.items())
        if len(month_dates) >= 2 and set(month_dates) <= played[player]
    ]
    return PrizeChecklist(
        packs=tuple(sorted(packs, key=lambda p: (p.player_id, p.event_id))),
        promos=tuple(promos),
    )
