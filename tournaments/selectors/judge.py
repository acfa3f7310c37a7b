"""The judge's list of a round's tables, paged and searched, and a table's result history (who, when,
before → after)."""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import IntegerField, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..enums import MatchStatus, ResultSource
from ..models import ResultEntry, Round, Seat, Table
from ..text import fold
from .clock import RoundClock, round_clock
from .games import PairingRow, _pairing_row, pairings_for_round


@dataclass(frozen=True, slots=True)
class JudgeTable:
    """A table of the round for the judge list: the pairing and its last entry."""

    pairing: PairingRow
    entered_by: str | None
    entered_at: datetime.datetime | None
    search: str
    clock: RoundClock | None = None


def judge_tables(
    rnd: Round, *, minutes: int | None = None, now: datetime.datetime | None = None
) -> list[JudgeTable]:
    """Tables of ``rnd`` (byes last) with who entered the last result and when (three queries).

    With ``minutes`` (the event's round minutes), each table but a bye also
    carries its own clock (:func:`round_clock` with its extra minutes) at
    ``now``.
    """
    return _judge_rows(rnd, pairings_for_round(rnd), minutes=minutes, now=now or timezone.now())


def _judge_rows(rnd: Round, rows: list[PairingRow], *, minutes: int | None,
                now: datetime.datetime) -> list[JudgeTable]:
    """``rows`` with who entered each one's last result and when (one query), and each clock."""
    last: dict[int, ResultEntry] = {}
    if rows:
        for entry in (
            ResultEntry.objects.filter(table__in=[p.match_id for p in rows])
            .select_related("entered_by").order_by("table_id", "version")
        ):
            last[entry.table_id] = entry
    out = []
    for p in rows:
        entry = last.get(p.match_id)
        out.append(JudgeTable(
            pairing=p,
            entered_by=entry_author(entry) if entry else None,
            entered_at=entry.entered_at if entry else None,
            search=fold(f"{p.player_a} {p.player_b or ''} {p.player_a_number} {p.player_b_number or ''}"),
            clock=round_clock(rnd, minutes=minutes, now=now, extra_minutes=p.extra_minutes)
            if minutes is not None and not p.is_bye else None,
        ))
    return out


#: Tables one judge page lists; "Siguientes" pages on.
JUDGE_PAGE_SIZE = 50

#: The judge list's filters: every table (pending first), the pending ones, those with a result.
JUDGE_FILTERS = ("todas", "pendientes", "con-resultado")


@dataclass(frozen=True, slots=True)
class JudgeTablePage:
    """One page of a round's tables for the judge list, with the round's counts.

    ``pending`` and ``total`` count the round's tables without a result and
    all of them, byes left out; ``matched`` counts the rows the filter and
    the search keep (byes included); ``tables`` are those from ``offset``
    on, ``limit`` at most.
    """

    tables: list[JudgeTable]
    pending: int
    total: int
    matched: int
    offset: int
    limit: int

    @property
    def first(self) -> int:
        return self.offset + 1 if self.tables else 0

    @property
    def last(self) -> int:
        return self.offset + len(self.tables)

    @property
    def has_next(self) -> bool:
        return self.last < self.matched

    @property
    def has_previous(self) -> bool:
        return self.offset > 0


def judge_table_page(
    rnd: Round,
    *,
    status: str = "todas",
    query: str = "",
    offset: int = 0,
    limit: int = JUDGE_PAGE_SIZE,
    minutes: int | None = None,
    now: datetime.datetime | None = None,
) -> JudgeTablePage:
    """A page of the tables of ``rnd`` for the judge list (four queries, five with a search).

    ``status``: ``"pendientes"`` keeps the tables without a result,
    ``"con-resultado"`` the others (byes included), anything else every
    table. Pending tables come first, then the rest, each in table order
    with the byes last. ``query`` keeps the tables where a player's name or
    number contains it, accents and case aside (:func:`fold`).

    The database counts, filters, orders and slices: only the page's
    tables are loaded with their seats, players and entries. A search reads
    the names and numbers seated at the filtered tables (plain values) to
    fold them here. Rows carry what :func:`judge_tables` gives.
    """
    from django.db.models import Case, Count, Value, When

    now = now or timezone.now()
    round_matches = Table.objects.filter(round=rnd)
    pending_q = Q(status=MatchStatus.PENDING, is_bye=False)
    seat_pending_q = Q(table__status=MatchStatus.PENDING, table__is_bye=False)
    counts = round_matches.aggregate(
        rows=Count("pk"), total=Count("pk", filter=Q(is_bye=False)), pending=Count("pk", filter=pending_q)
    )
    if status == "pendientes":
        filtered, matched = round_matches.filter(pending_q), counts["pending"]
    elif status == "con-resultado":
        filtered, matched = round_matches.exclude(pending_q), counts["rows"] - counts["pending"]
    else:
        filtered, matched = round_matches, counts["rows"]
    order = (
        Case(When(pending_q, then=Value(0)), default=Value(1), output_field=IntegerField()),
        "is_bye", "bracket_slot", "table_number", "pk",
    )
    needle = fold(query.strip())
    if needle:
        seat_order = (
            Case(When(seat_pending_q, then=Value(0)), default=Value(1), output_field=IntegerField()),
            "table__is_bye", "table__bracket_slot", "table__table_number", "table_id", "seat",
        )
        texts: dict[int, list[str]] = {}
        for pk, name, number in (
            Seat.objects.filter(table__in=filtered).order_by(*seat_order)
            .values_list("table_id", "registration__player__display_name", "registration__player__player_number")
        ):
            texts.setdefault(pk, []).extend((name, number))
        ids = [pk for pk, parts in texts.items() if needle in fold(" ".join(parts))]
        matched = len(ids)
        page = Table.objects.filter(pk__in=ids[offset:offset + limit]).order_by(*order)
    else:
        page = filtered.order_by(*order)[offset:offset + limit]
    tables = _judge_rows(rnd, [_pairing_row(m) for m in page], minutes=minutes, now=now)
    return JudgeTablePage(tables=tables, pending=counts["pending"], total=counts["total"], matched=matched,
                          offset=offset, limit=limit)


def user_label(user) -> str:
    """Who entered a result: "Full Name (username)", the username alone, or "?" once the user is gone."""
    if user is None:
        return "?"
    full = user.get_full_name().strip()
    return f"{full} ({user.get_username()})" if full else user.get_username()


def entry_author(entry) -> str:
    """Who a result entry (a match's or a pod's, ``entered_by`` loaded) came from: «los jugadores»
    for a result both players reported alike (``source`` ``players``), else :func:`user_label` of
    who entered it. The account that sent the second report is not the author: both are."""
    if entry.source == ResultSource.PLAYERS:
        return _("los jugadores")
    return user_label(entry.entered_by)


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One accepted result entry with the value it replaced (``before`` is ``None`` for the first)."""

    version: int
    entered_by: str
    entered_at: datetime.datetime
    before: ResultEntry | None
    after: ResultEntry


def result_history(match: Table) -> list[HistoryLine]:
    """Every accepted entry of ``match``, newest first, with its before → after (one query)."""
    entries = list(match.entries.select_related("entered_by").order_by("version"))
    lines = [
        HistoryLine(
            version=entry.version,
            entered_by=entry_author(entry),
            entered_at=entry.entered_at,
            before=entries[i - 1] if i else None,
            after=entry,
        )
        for i, entry in enumerate(entries)
    ]
    lines.reverse()
    return lines
