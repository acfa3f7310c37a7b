"""Read models of self-reported results (issue #17): a player's report state, the judges' queue.

Shared by the player page (``me:report``), the judge pages and the API.
Nothing here writes; the writes are :mod:`tournaments.services.reports`.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F

from .adapters import secondary_score_label
from .enums import MatchStatus, ResultSource, RoundPhase, RoundState
from .formats import format_for
from .formats.base import PLACE_RESULTS
from .models import ResultEntry, Round, Seat, Table, TableReport
from .selectors import match_clock, places

#: A player's view of their table: no report yet, theirs waiting for the rival, reports that differ,
#: the result recorded from the reports, or recorded by a judge.
NONE, WAITING, CONFLICT, RECORDED_PLAYERS, RECORDED_JUDGE = "none", "waiting", "conflict", "players", "judge"


@dataclass(frozen=True, slots=True)
class ReportState:
    """What the player's report form shows: ``state`` (one of the constants above), the player's own
    report (``mine``, or ``None``) and whether they may still send or change it (``editable``)."""

    state: str
    mine: TableReport | None
    editable: bool


def _recorded_state(entries) -> str:
    last = max(entries, key=lambda e: e.version)
    return RECORDED_PLAYERS if last.source == ResultSource.PLAYERS else RECORDED_JUDGE


def _report_state(table: Table, entries: list, reports: list, registration_id: int) -> ReportState:
    """The state one player sees at a table (a match or a pod) from its result entries and reports."""
    mine = next((r for r in reports if r.registration_id == registration_id), None)
    if entries or table.status != MatchStatus.PENDING:
        return ReportState(_recorded_state(entries) if entries else RECORDED_JUDGE, mine, False)
    open_round = table.round.state == RoundState.PAIRED
    if mine is None:
        return ReportState(NONE, None, open_round)
    if len({r.key() for r in reports}) > 1:
        return ReportState(CONFLICT, mine, open_round)
    return ReportState(WAITING, mine, open_round)


def match_report_state(match: Table, registration_id: int) -> ReportState:
    """The report state of ``registration_id`` at ``match`` (two queries)."""
    entries = list(ResultEntry.objects.filter(table=match).only("version", "source"))
    return _report_state(match, entries, list(TableReport.objects.filter(table=match)), registration_id)


def pod_report_state(pod: Table, registration_id: int) -> ReportState:
    """The report state of ``registration_id`` at ``pod`` (two queries)."""
    entries = list(pod.entries.only("version", "source"))
    return _report_state(pod, entries, list(TableReport.objects.filter(table=pod)), registration_id)


@dataclass(frozen=True, slots=True)
class QueuedMatch:
    """A table of the judges' queue: both reports side by side (``None`` where missing).

    ``conflict``: two reports that differ; ``missing_rival``: one report and
    the table's time is up («falta el reporte del rival»).
    """

    match: Table
    report_a: TableReport | None
    report_b: TableReport | None
    conflict: bool
    missing_rival: bool

    @property
    def first_report(self) -> TableReport:
        return self.report_a or self.report_b


def report_queue(rnd: Round, *, minutes: int) -> list[QueuedMatch]:
    """The tables of ``rnd`` waiting for a judge because of the players' reports, by table number.

    A pending table with no result entry is queued when its two reports
    differ, or when only one player reported and the table's clock is
    ``time_up``. Three queries (tables, their seats with players, reports).
    """
    matches = (Table.objects.filter(round=rnd, status=MatchStatus.PENDING, is_bye=False, reports__isnull=False,
                                    entries__isnull=True)
               .select_related("round").distinct()
               .order_by("table_number"))
    matches = list(matches)
    by_match: dict[int, list[TableReport]] = {}
    for report in TableReport.objects.filter(table__in=[m.pk for m in matches]):
        by_match.setdefault(report.table_id, []).append(report)
    queue = []
    for match in matches:
        reports = by_match.get(match.pk, [])
        report_a = next((r for r in reports if r.registration_id == match.player_a_id), None)
        report_b = next((r for r in reports if r.registration_id == match.player_b_id), None)
        if report_a and report_b:
            if report_a.key() != report_b.key():
                queue.append(QueuedMatch(match, report_a, report_b, True, False))
        elif match_clock(match, minutes=minutes).state in ("time_up", "closed"):
            queue.append(QueuedMatch(match, report_a, report_b, False, True))
    return queue


@dataclass(frozen=True, slots=True)
class QueuedPod:
    """A pod whose seats' reports differ: ``reports`` by registration id."""

    pod: Table
    reports: dict


def pod_report_queue(rnd: Round) -> list[QueuedPod]:
    """The pods of ``rnd`` whose seats reported different finishing orders (two queries)."""
    pods = list(Table.objects.filter(round=rnd, status=MatchStatus.PENDING, reports__isnull=False,
                                     entries__isnull=True).prefetch_related(None).distinct().order_by("table_number"))
    by_pod: dict[int, dict] = {}
    for report in TableReport.objects.filter(table__in=[p.pk for p in pods]):
        by_pod.setdefault(report.table_id, {})[report.registration_id] = report
    return [QueuedPod(pod, by_pod[pod.pk]) for pod in pods
            if len({r.key() for r in by_pod.get(pod.pk, {}).values()}) > 1]


def match_reports_for_judge(match: Table) -> tuple[TableReport | None, TableReport | None]:
    """The reports of player A and player B of ``match`` (for the judge's form page)."""
    reports = {r.registration_id: r for r in TableReport.objects.filter(table=match)}
    return reports.get(match.player_a_id), reports.get(match.player_b_id)


def pod_queue_rows(queue: list[QueuedPod]) -> list[dict]:
    """The queued pods as the judges' queue shows them (one query): ``{"pod", "reports"}`` with
    ``reports`` ``[(reporter's name, [(place, name, score)] by place)]`` by reporter's name."""
    names = dict(Seat.objects.filter(table__in=[q.pod.pk for q in queue])
                 .values_list("registration_id", "registration__player__display_name"))
    rows = []
    for q in queue:
        reports = [(names.get(reg_id, "?"),
                    [(place, names.get(line_reg, "?"), score) for line_reg, place, score in
                     sorted(report.placements, key=lambda line: (line[1], line[0]))])
                   for reg_id, report in sorted(q.reports.items(), key=lambda item: names.get(item[0], ""))]
        rows.append({"pod": q.pod, "reports": reports})
    return rows


def reported_tables(rnd: Round, numbers: list[int]) -> tuple[set[int], set[int]]:
    """Of the pending tables ``numbers`` of ``rnd``, those with one player's report and those whose two
    reports differ (one query)."""
    by_table: dict[int, list] = {}
    for report in (TableReport.objects.filter(table__round=rnd, table__table_number__in=numbers, locked=False)
                   .annotate(match_table_number=F("table__table_number"))):
        by_table.setdefault(report.match_table_number, []).append(report.key())
    one = {number for number, keys in by_table.items() if len(keys) == 1}
    differ = {number for number, keys in by_table.items() if len(keys) > 1 and len(set(keys)) > 1}
    return one, differ


# --------------------------------------------------------------------------- the player's report box («Mi torneo»)


def report_choices(best_of: int, top_cut: bool) -> list[tuple[str, int, int, int]]:
    """``(value, mine, theirs, drawn)`` of the one-tap scores, from the reporter's side (the judge's presets)."""
    if best_of == 1:
        scores = [(1, 0, 0), (0, 1, 0)] + ([] if top_cut else [(0, 0, 1)])
    else:
        scores = [(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0)] + (
            [] if top_cut else [(1, 1, 0), (1, 0, 1), (0, 1, 1)])
    return [(f"{m}-{t}-{d}", m, t, d) for m, t, d in scores]


def match_report_box(event, registration, current: dict) -> dict:
    """The report box of a player seated at a match (``current``: their current-table context; one query)."""
    rnd = current["round"]
    top_cut = rnd.phase == RoundPhase.TOP_CUT
    match = current["match"]
    state = match_report_state(match, registration.pk)
    mine = None
    if state.mine is not None:
        a_side = match.player_a_id == registration.pk
        m, t = (state.mine.games_a, state.mine.games_b) if a_side else (state.mine.games_b, state.mine.games_a)
        mine = f"{m}-{t}" + (f"-{state.mine.games_drawn}" if state.mine.games_drawn else "")
    return {"kind": "match", "state": state.state, "mine": mine, "editable": state.editable,
            "choices": report_choices(event.best_of, top_cut), "selected": None}


def pod_report_box(event, registration, current: dict) -> dict:
    """The report box of a player seated at a pod (``current``: their current-table context; four queries)."""
    rnd = current["round"]
    pod = Table.objects.select_related("round").prefetch_related(None).get(round=rnd,
                                                                            table_number=current["table_number"])
    state = pod_report_state(pod, registration.pk)
    row = places.pod_rows([pod.pk])[0]
    names = {seat.registration_id: seat.display_name for seat in row.seats}
    mine = None
    if state.mine is not None:
        mine = ", ".join(f"{place}.º {names.get(reg_id, '?')}"
                         for reg_id, place, _score in sorted(state.mine.placements, key=lambda line: line[1]))
    return {"kind": "pod", "state": state.state, "mine": mine, "editable": state.editable,
            "seats": row.seats, "places": list(range(1, len(row.seats) + 1)),
            "score_label": secondary_score_label(event)}


# --------------------------------------------------------------------------- any table, by its result kind
# The faces ask these four; the event's format says what its tables hold (games of two sides, or
# places), and the readers above answer for that kind.

def _places(event) -> bool:
    return format_for(event).table_results == PLACE_RESULTS


def table_report_marks(event, rnd: Round, tables) -> tuple[set[int], set[int]]:
    """Of the judge page's pending ``tables``, the numbers with one player's report and those whose
    reports differ (pods mark none: their queue shows every conflict)."""
    if _places(event):
        return set(), set()
    return reported_tables(rnd, [t.pairing.table_number for t in tables if t.pairing.status == MatchStatus.PENDING])


def table_report_queue(event, rnd: Round) -> list:
    """The tables of the open round ``rnd`` waiting for a judge because of the players' reports."""
    return pod_report_queue(rnd) if _places(event) else report_queue(rnd, minutes=event.round_minutes)


def table_queue_rows(event, queue: list) -> list:
    """The rows the judges' queue page shows for ``queue``, one per table (its ``judge_queue_row`` partial)."""
    return pod_queue_rows(queue) if _places(event) else list(queue)


def table_report_box(event, registration, current: dict) -> dict:
    """What the player's report box on «Mi torneo» shows for their seated table ``current``
    (:func:`tournaments.me_selectors.player_current_table`): kind, state, own report, choices."""
    return (pod_report_box if _places(event) else match_report_box)(event, registration, current)
