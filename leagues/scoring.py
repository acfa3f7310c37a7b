"""League points as a ledger, league tables and the Super Liga calendar.

Pure core: no Django, no database. Inputs and outputs are frozen, slotted
dataclasses, tuples and plain mappings; the same input always gives the same
output.

Terms (000_0014b2ac83da54b4.txt § "Formatos Competitivos"):

- *event kind*: the competitive format of one tournament day
  (:class:`EventKind`). The kind decides which tables the day's points feed
  (its *scopes*) and whether travelling earns points.
- *scope*: a table fed by ledger entries. ``season`` is the annual Super Liga
  table of one season; ``all_time`` is the "Ranking Nacional (Histórico)".
- *ledger entry*: one signed amount of league points (an ``int``) for one
  player, naming its event, reason and scope (:class:`LedgerEntry`). Entries
  are only ever added: a correction posts *reversal* entries that cancel
  earlier ones, never an edit (:func:`reverse`, :func:`diff_entries`).
- *table*: the sum of the ledger entries of one scope per player, ranked with
  shared ranks for equal points (:func:`ledger_totals`, :func:`rank_table`).
- *venue table*: the season table restricted to the players whose home venue
  ("sede original") is that venue, ranked on all their season points
  (:func:`venue_tables`; RULES-TRACE ambiguity 15, reading (a)).
- *province*: a player's province is their home venue's province
  (ambiguity 15). Provinces are compared as exact strings, so callers pass
  the same codes for players and venues.

Points per participant of a scoring event, added together (Default:
DESIGN.md decision 7; Rule: 000_0014b2ac83da54b4.txt § "Super Liga"):

=====================  ======  ================================================
reason                 points  when
=====================  ======  ================================================
``participation``      +1      played the event (a disqualified player too)
``out_of_province``    +2      venue outside the player's province; never for
                               a virtual event (no venue province)
``podium_1``           +3      1st place
``podium_2``           +2      2nd place
``podium_3``           +1      3rd place
=====================  ======  ================================================

Each item is posted once per scope of the event kind (:data:`KIND_RULES`).
"""
from __future__ import annotations

import calendar
import datetime
import enum
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SOURCE_FILE = "000_0014b2ac83da54b4.txt"


def rule_source(section: str) -> str:
    """Citation of a section of the Weed Monsters rulebook (STYLE.md § 5)."""
    return f'{SOURCE_FILE} § "{section}"'


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class LeagueError(Exception):
    """Base class of every error raised by :mod:`leagues.scoring` and
    :mod:`leagues.badges`."""


class LeagueInputError(LeagueError):
    """Input an organizer can fix: a podium player who did not play, a
    Super Liga event without a season, a badge awarded twice.

    ``code`` is a stable machine key (e.g. ``"podium_not_participant"``); the
    message is English for logs and the Django layer translates the code.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class LeagueInvariantError(LeagueError):
    """The ledger or the core is in an impossible state (a bug): a reversal
    with no entry to cancel, a reversal of a reversal."""


# --------------------------------------------------------------------------
# Event kinds and scopes
# --------------------------------------------------------------------------


class EventKind(enum.StrEnum):
    """One value per competitive format (R-000-33).

    Rule: 000_0014b2ac83da54b4.txt § "Formatos Competitivos". ``VERANO`` is
    one of the two January dates of the Torneo de verano; ``VERANO_FINAL`` is
    both its venue "reducido final" and the Discord closing; ``LA_FINAL`` is
    "Super Liga La Final" (RULES-TRACE ambiguity 14). ``CASUAL`` is a
    friendly tournament outside the competitive formats; it mirrors
    ``tournaments.enums.EventKind.CASUAL`` so both enums hold the same values.
    """

    SUPER_LIGA = "super_liga"
    BREEDER_QUEST = "breeder_quest"
    INDOOR = "indoor"
    EVENTUAL = "eventual"
    VIRTUAL = "virtual"
    VERANO = "verano"
    VERANO_FINAL = "verano_final"
    NACIONAL = "nacional"
    LA_FINAL = "la_final"
    CASUAL = "casual"

    @property
    def label(self) -> str:
        """Spanish (es-AR) name for people."""
        return KIND_RULES[self].label


class Scope(enum.StrEnum):
    """The table a ledger entry feeds."""

    SEASON = "season"  # the annual Super Liga table of one season
    ALL_TIME = "all_time"  # the Ranking Nacional (Histórico)


class Reason(enum.StrEnum):
    """Why a ledger entry was posted."""

    PARTICIPATION = "participation"
    OUT_OF_PROVINCE = "out_of_province"
    PODIUM_1 = "podium_1"
    PODIUM_2 = "podium_2"
    PODIUM_3 = "podium_3"
    REVERSAL = "reversal"


PARTICIPATION_POINTS = 1
OUT_OF_PROVINCE_POINTS = 2
PODIUM_POINTS: tuple[tuple[Reason, int], ...] = (
    (Reason.PODIUM_1, 3),
    (Reason.PODIUM_2, 2),
    (Reason.PODIUM_3, 1),
)
"""Podium reasons and points, 1st to 3rd (000 § "Super Liga", "Podio")."""


@dataclass(frozen=True, slots=True)
class KindRule:
    """How one event kind posts league points.

    ``scopes``: the tables fed, in posting order (empty: posts nothing).
    ``out_of_province``: whether playing outside one's province earns +2.
    ``label``: Spanish name. ``source``: the rule or default applied.
    """

    scopes: tuple[Scope, ...]
    out_of_province: bool
    label: str
    source: str


_BOTH = (Scope.SEASON, Scope.ALL_TIME)
_ALL_TIME = (Scope.ALL_TIME,)

KIND_RULES: Mapping[EventKind, KindRule] = {
    EventKind.SUPER_LIGA: KindRule(
        _BOTH, True, "Super Liga", rule_source("Super Liga")
    ),
    EventKind.BREEDER_QUEST: KindRule(
        (), False, "Breeder Quest", rule_source("Breeder Quest")
    ),
    EventKind.INDOOR: KindRule(
        _ALL_TIME, True, "Torneo Indoor", rule_source("Torneo Indoor")
    ),
    EventKind.EVENTUAL: KindRule(
        _ALL_TIME, True, "Torneo Eventual", rule_source("Torneos Eventuales")
    ),
    # No out-of-province item in the text, and no venue province: DESIGN 7.
    EventKind.VIRTUAL: KindRule(
        _ALL_TIME,
        False,
        "Eventual Virtual",
        rule_source("Torneos Eventuales Virtuales"),
    ),
    EventKind.VERANO: KindRule(
        _ALL_TIME, True, "Torneo de Verano", rule_source("Torneo de verano")
    ),
    # "Este reducido final no sumará puntos"; the Discord closing is silent
    # and posts nothing either (RULES-TRACE ambiguity 14).
    EventKind.VERANO_FINAL: KindRule(
        (),
        False,
        "Final de sede del Torneo de Verano",
        rule_source("Torneo de verano"),
    ),
    EventKind.NACIONAL: KindRule(
        _ALL_TIME, True, "El Nacional", rule_source("El Nacional")
    ),
    # The text is silent on La Final's points: it posts nothing
    # (RULES-TRACE ambiguity 14).
    EventKind.LA_FINAL: KindRule(
        (), False, "Super Liga La Final", rule_source("Super Liga")
    ),
    # Not a competitive format of 000 § "Formatos Competitivos": a casual
    # tournament feeds no table.
    EventKind.CASUAL: KindRule(
        (), False, "Torneo casual", rule_source("Formatos Competitivos")
    ),
}
"""Registry from event kind to its points rule (DESIGN.md decision 7)."""

_missing = set(EventKind) - set(KIND_RULES)
if _missing:  # pragma: no cover - checked at import, like a registry should
    raise LeagueInvariantError(f"event kinds without a points rule: {_missing}")


def scopes_for(kind: EventKind | str) -> tuple[Scope, ...]:
    """The tables an event of ``kind`` feeds, season first.

    Super Liga → ``(season, all_time)``; Indoor, Eventual, Virtual, Verano
    and Nacional → ``(all_time,)``; Breeder Quest, Verano final, La Final
    and Casual → ``()``. Raises :class:`ValueError` for an unknown kind string.
    Default: DESIGN.md decision 7.
    """
    return KIND_RULES[EventKind(kind)].scopes


# --------------------------------------------------------------------------
# Event outcomes and ledger entries
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Participant:
    """One player who played an event.

    ``home_province``: the province of the player's home venue.
    ``disqualified``: the player was disqualified from the day; they keep the
    participation points and earn no podium (DESIGN.md decision 10).
    """

    player_id: int
    home_province: str
    disqualified: bool = False


@dataclass(frozen=True, slots=True)
class EventOutcome:
    """A finished event, as league scoring needs it.

    ``season_id``: the Super Liga season (required for ``SUPER_LIGA``,
    otherwise informational or ``None``). ``venue_province``: the hosting
    venue's province; ``None`` for a virtual event. ``participants``: one per
    player, any order. ``podium``: ``(first, second, third)`` player ids,
    ``None`` in a vacant place, or ``None`` for no podium; it already
    excludes disqualified players (the next player moves up, issue #7).
    """

    event_id: int
    kind: EventKind
    season_id: int | None
    date: datetime.date
    venue_province: str | None
    participants: tuple[Participant, ...]
    podium: tuple[int | None, int | None, int | None] | None = None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One posting of league points.

    ``points``: signed integer league points (negative only for a reversal).
    ``scope``: the table fed. ``season_id``: the event's season, ``None``
    when it has none; only ``scope == "season"`` entries feed that season's
    table. ``reverses``: for ``reason == "reversal"``, the reason of the
    entry it cancels; ``None`` otherwise.
    """

    player_id: int
    event_id: int
    reason: Reason
    points: int
    scope: Scope
    season_id: int | None
    reverses: Reason | None = None

    @property
    def is_reversal(self) -> bool:
        return self.reason == Reason.REVERSAL


def _validate_outcome(outcome: EventOutcome, rule: KindRule) -> None:
    seen: set[int] = set()
    for participant in outcome.participants:
        if participant.player_id in seen:
            raise LeagueInputError(
                "duplicate_participant",
                f"player {participant.player_id} listed twice in event "
                f"{outcome.event_id}",
            )
        seen.add(participant.player_id)
    if outcome.podium is not None:
        if len(outcome.podium) != 3:
            raise LeagueInputError(
                "podium_shape",
                f"podium of event {outcome.event_id} must have 3 places",
            )
        placed = [p for p in outcome.podium if p is not None]
        if len(set(placed)) != len(placed):
            raise LeagueInputError(
                "podium_duplicate",
                f"a player holds two podium places in event {outcome.event_id}",
            )
        by_id = {p.player_id: p for p in outcome.participants}
        for player_id in placed:
            if player_id not in by_id:
                raise LeagueInputError(
                    "podium_not_participant",
                    f"podium player {player_id} did not play event "
                    f"{outcome.event_id}",
                )
            if by_id[player_id].disqualified:
                raise LeagueInputError(
                    "podium_disqualified",
                    f"disqualified player {player_id} is on the podium of "
                    f"event {outcome.event_id}",
                )
    if Scope.SEASON in rule.scopes and outcome.season_id is None:
        raise LeagueInputError(
            "season_missing",
            f"{outcome.kind} event {outcome.event_id} belongs to no season",
        )
    if rule.out_of_province and outcome.venue_province is None:
        raise LeagueInputError(
            "venue_province_missing",
            f"{outcome.kind} event {outcome.event_id} has no venue province",
        )


def points_for_event(outcome: EventOutcome) -> tuple[LedgerEntry, ...]:
    """The ledger entries a finished event earns.

    Shapes: one entry per player, reason and scope, sorted by player id,
    then reason (participation, out_of_province, podium_1..3), then scope
    (season before all_time). Kinds that feed no table return ``()``.

    Units: integer league points: participation +1; +2 more when the venue's
    province differs from the player's home province (never for a virtual
    event); podium 1st +3, 2nd +2, 3rd +1. A disqualified participant keeps
    participation and out-of-province points.

    Errors: :class:`LeagueInputError` with code ``duplicate_participant``,
    ``podium_shape``, ``podium_duplicate``, ``podium_not_participant``,
    ``podium_disqualified``, ``season_missing`` (a season-scoped kind without
    ``season_id``) or ``venue_province_missing`` (a kind with
    out-of-province points and no venue province).

    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-36, R-000-37,
    R-000-38), § "Torneo Indoor", § "Torneos Eventuales", § "Torneos
    Eventuales Virtuales", § "Torneo de verano", § "El Nacional", § "Breeder
    Quest" (R-000-49, 53–57, 60). Default: DESIGN.md decisions 7 and 10;
    RULES-TRACE ambiguities 12, 13, 14.
    """
    kind = EventKind(outcome.kind)
    rule = KIND_RULES[kind]
    _validate_outcome(outcome, rule)
    if not rule.scopes:
        return ()

    podium_reason: dict[int, tuple[Reason, int]] = {}
    if outcome.podium is not None:
        for player_id, item in zip(outcome.podium, PODIUM_POINTS):
            if player_id is not None:
                podium_reason[player_id] = item

    entries: list[LedgerEntry] = []
    for participant in sorted(outcome.participants, key=lambda p: p.player_id):
        items: list[tuple[Reason, int]] = [
            (Reason.PARTICIPATION, PARTICIPATION_POINTS)
        ]
        if (
            rule.out_of_province
            and participant.home_province != outcome.venue_province
        ):
            items.append((Reason.OUT_OF_PROVINCE, OUT_OF_PROVINCE_POINTS))
        if participant.player_id in podium_reason:
            items.append(podium_reason[participant.player_id])
        for reason, points in items:
            for scope in rule.scopes:
                entries.append(
                    LedgerEntry(
                        player_id=participant.player_id,
                        event_id=outcome.event_id,
                        reason=reason,
                        points=points,
                        scope=scope,
                        season_id=outcome.season_id,
                    )
                )
    return tuple(entries)


def reverse(entries: Iterable[LedgerEntry]) -> tuple[LedgerEntry, ...]:
    """Reversal entries that cancel ``entries``, one each, in the same order.

    A reversal keeps player, event, scope and season, negates the points,
    has reason ``reversal`` and names the cancelled reason in ``reverses``.

    Errors: :class:`LeagueInvariantError` when asked to reverse a reversal
    (re-post the original instead, which :func:`diff_entries` does).
    Rule: a correction is a reversing entry, never an edit (issue #8).
    """
    result = []
    for entry in entries:
        if entry.is_reversal:
            raise LeagueInvariantError(
                f"cannot reverse a reversal (player {entry.player_id}, "
                f"event {entry.event_id})"
            )
        result.append(
            LedgerEntry(
                player_id=entry.player_id,
                event_id=entry.event_id,
                reason=Reason.REVERSAL,
                points=-entry.points,
                scope=entry.scope,
                season_id=entry.season_id,
                reverses=entry.reason,
            )
        )
    return tuple(result)


_EntryKey = tuple[int, int, Reason, Scope, int | None, int]


def _key(entry: LedgerEntry) -> _EntryKey:
    """The original entry an entry posts (+1) or cancels (-1)."""
    if entry.is_reversal:
        if entry.reverses is None or entry.reverses == Reason.REVERSAL:
            raise LeagueInvariantError(
                f"reversal without a valid 'reverses' (player "
                f"{entry.player_id}, event {entry.event_id})"
            )
        return (
            entry.player_id,
            entry.event_id,
            entry.reverses,
            entry.scope,
            entry.season_id,
            -entry.points,
        )
    return (
        entry.player_id,
        entry.event_id,
        entry.reason,
        entry.scope,
        entry.season_id,
        entry.points,
    )


def live_entries(posted: Iterable[LedgerEntry]) -> tuple[LedgerEntry, ...]:
    """The original entries of ``posted`` that no reversal has cancelled.

    Shapes: ``posted`` is the ledger (or one event's part of it) in posting
    order; the result keeps that order, cancelling the earliest matching
    originals first.

    Errors: :class:`LeagueInvariantError` when a reversal has no live entry
    to cancel.
    """
    posted = tuple(posted)
    cancelled = Counter(_key(e) for e in posted if e.is_reversal)
    originals = Counter(_key(e) for e in posted if not e.is_reversal)
    for key, count in cancelled.items():
        if count > originals[key]:
            raise LeagueInvariantError(
                f"reversal without an entry to cancel: {key}"
            )
    live = []
    for entry in posted:
        if entry.is_reversal:
            continue
        key = _key(entry)
        if cancelled[key]:
            cancelled[key] -= 1
            continue
        live.append(entry)
    return tuple(live)


def diff_entries(
    already_posted: Iterable[LedgerEntry],
    wanted: Iterable[LedgerEntry],
    *,
    event_id: int | None = None,
) -> tuple[LedgerEntry, ...]:
    """The entries to post so that the ledger's live entries become ``wanted``.

    Use it whenever an event is finished, re-finished or corrected:
    ``wanted`` is :func:`points_for_event` of the current outcome and
    ``already_posted`` what the ledger holds (originals and reversals).
    Entries still wanted stay untouched; the rest are cancelled by
    reversals; missing ones are posted new. Re-finishing with the same
    outcome returns ``()``, so nothing is ever posted twice, and nothing is
    ever edited.

    ``event_id``: restrict the diff to one event, so ``already_posted`` may
    be the whole ledger. Without it, *every* live entry of
    ``already_posted`` missing from ``wanted`` is reversed: pass only the
    entries of the events ``wanted`` describes (an event whose ``wanted`` is
    now empty, e.g. re-kinded to Breeder Quest, included).

    Shapes: reversals first (in the order of the entries they cancel), then
    new entries in ``wanted`` order.

    Errors: :class:`LeagueInputError` ``event_mismatch`` when ``event_id``
    is given and ``wanted`` holds another event's entry;
    :class:`LeagueInvariantError` when ``wanted`` holds a reversal or
    ``already_posted`` holds a reversal with nothing to cancel.
    Rule: issue #8 item 2 ("a correction is a reversing entry, never an
    edit. Re-finishing an event never posts twice").
    """
    wanted = tuple(wanted)
    if any(e.is_reversal for e in wanted):
        raise LeagueInvariantError("wanted entries cannot be reversals")
    if event_id is not None:
        if any(e.event_id != event_id for e in wanted):
            raise LeagueInputError(
                "event_mismatch",
                f"wanted entries of another event than {event_id}",
            )
        already_posted = (e for e in already_posted if e.event_id == event_id)
    live = live_entries(already_posted)
    remaining = Counter(_key(e) for e in wanted)
    stale: list[LedgerEntry] = []
    for entry in live:
        key = _key(entry)
        if remaining[key]:
            remaining[key] -= 1
        else:
            stale.append(entry)
    kept = Counter(_key(e) for e in live)
    new: list[LedgerEntry] = []
    for entry in wanted:
        key = _key(entry)
        if kept[key]:
            kept[key] -= 1
        else:
            new.append(entry)
    return reverse(stale) + tuple(new)


# --------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------


def ledger_totals(
    entries: Iterable[LedgerEntry],
    *,
    scope: Scope | str,
    season_id: int | None = None,
) -> dict[int, int]:
    """League points per player: the sum of the ledger for one table.

    ``scope="season"`` sums the season-scoped entries of ``season_id``;
    ``scope="all_time"`` sums every all-time entry (``season_id`` ignored).
    A player whose entries cancel out to 0 (all reversed) is left out.

    Shapes: ``{player_id: points}``, insertion order by player id.
    Errors: :class:`LeagueInputError` ``season_missing`` for a season table
    without ``season_id``.
    Rule: 000 § "Super Liga" (R-000-38): "Tables are sums of the ledger".
    """
    scope = Scope(scope)
    if scope == Scope.SEASON and season_id is None:
        raise LeagueInputError("season_missing", "a season table needs a season")
    totals: dict[int, int] = defaultdict(int)
    for entry in entries:
        if entry.scope != scope:
            continue
        if scope == Scope.SEASON and entry.season_id != season_id:
            continue
        totals[entry.player_id] += entry.points
    return {p: totals[p] for p in sorted(totals) if totals[p] != 0}


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a league table.

    ``rank``: 1-based, shared by players with equal points (and equal
    tiebreak key): 1, 2, 2, 4. ``points``: integer league points. ``tied``:
    another row shares this rank.
    """

    rank: int
    player_id: int
    points: int
    tied: bool


def rank_table(
    points_by_player: Mapping[int, int],
    tiebreak: Callable[[int], Any] | None = None,
) -> list[TableRow]:
    """Rank players by league points, most first; ties share a rank.

    ``tiebreak``: optional key of a player id, lower first, consulted only
    among equal points; players with equal points and an equal key share
    the rank. The rulebook names no league tiebreak, so by default equal
    points are a tie, shown as a tie (issue #8 item 3).

    Shapes: one row per player of ``points_by_player``, in rank order;
    within a shared rank by player id. Ranks follow "1, 2, 2, 4".
    Errors: none.
    """
    def group_key(player_id: int) -> tuple[int, Any]:
        extra = tiebreak(player_id) if tiebreak is not None else 0
        return (-points_by_player[player_id], extra)

    order = sorted(points_by_player, key=lambda p: (group_key(p), p))
    keys = [group_key(p) for p in order]
    counts = Counter(keys)
    rows: list[TableRow] = []
    rank = 0
    for index, (player_id, key) in enumerate(zip(order, keys)):
        if index == 0 or key != keys[index - 1]:
            rank = index + 1
        rows.append(
            TableRow(
                rank=rank,
                player_id=player_id,
                points=points_by_player[player_id],
                tied=counts[key] > 1,
            )
        )
    return rows


def venue_tables(
    season_points: Mapping[int, int], home_venue: Mapping[int, int]
) -> dict[int, list[TableRow]]:
    """The season table of each venue: its home players on all their points.

    ``season_points``: ``{player_id: season points}`` (e.g. from
    :func:`ledger_totals`). ``home_venue``: ``{player_id: venue_id}`` of
    each player's home venue ("sede original"). A player is ranked in their
    home venue's table on all their season points, wherever earned
    (RULES-TRACE ambiguity 15, reading (a); issue #8 item 3).

    Shapes: ``{venue_id: rows}``, venues sorted by id; venues with no player
    holding points are absent.
    Errors: :class:`LeagueInputError` ``home_venue_missing`` when a player
    with points has no home venue.
    """
    grouped: dict[int, dict[int, int]] = defaultdict(dict)
    for player_id, points in season_points.items():
        if player_id not in home_venue:
            raise LeagueInputError(
                "home_venue_missing", f"player {player_id} has no home venue"
            )
        grouped[home_venue[player_id]][player_id] = points
    return {venue: rank_table(grouped[venue]) for venue in sorted(grouped)}


# --------------------------------------------------------------------------
# Season calendar
# --------------------------------------------------------------------------

SEASON_FIRST_MONTH = 2  # February
SEASON_LAST_MONTH = 10  # October


def _nth_saturday(year: int, month: int, n: int) -> datetime.date:
    first = datetime.date(year, month, 1)
    offset = (calendar.SATURDAY - first.weekday()) % 7
    return first + datetime.timedelta(days=offset + 7 * (n - 1))


def super_liga_dates(year: int) -> list[datetime.date]:
    """The generated dates of a Super Liga season, in order.

    The 1st and 3rd Saturday of each month from February to October
    inclusive: 18 dates (2024: 3 February to 19 October). Organizers may
    edit them afterwards; this is only the default calendar.

    Errors: :class:`ValueError` for a year outside ``datetime`` range.
    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" (R-000-34).
    """
    return [
        _nth_saturday(year, month, n)
        for month in range(SEASON_FIRST_MONTH, SEASON_LAST_MONTH + 1)
        for n in (1, 3)
    ]
