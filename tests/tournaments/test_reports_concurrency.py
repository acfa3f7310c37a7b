"""Self-reported results racing each other and a judge, on real PostgreSQL connections (issue #17).

Threads start together on a :class:`threading.Barrier`, each on its own
database connection, and call the services directly. PostgreSQL only
(:data:`tests.races.RACE_MARKS`): SQLite serializes whole transactions.
"""
from __future__ import annotations

from tests.factories import UserFactory, player_account
from tests.races import RACE_MARKS, run_together
from tests.tournaments.views.helpers import build_event
from tournaments import services
from tournaments.enums import ResultSource
from tournaments.errors import ArenaError
from tournaments.models import ResultEntry, Table, TableReport
from tournaments.services.reports import RECORDED, WAITING

pytestmark = RACE_MARKS

ROUNDS_OF_RACING = 5



def test_two_agreeing_reports_at_the_same_instant_record_exactly_one_result():
    """Decision 21: both players report 2-1 at once, on every table of an 8-table round: each table gets
    exactly one result entry (v1, source «players»); one report answered «waiting», the other «recorded»."""
    event = build_event(16, self_reporting=True)
    matches = list(Table.objects.filter(round=event.rounds.get(), is_bye=False).order_by("table_number"))
    calls = []
    for match in matches:
        for reg in (match.player_a, match.player_b):
            user = player_account(reg, f"u{reg.pk}")
            calls.append(lambda m=match, r=reg, u=user: services.table_report_submit(
                table=m.pk, registration=r.pk, seats=[{"games": 2}, {"games": 1}], by=u))
    out = run_together(*calls)
    assert not [o for o in out if isinstance(o, Exception)], out
    for i, match in enumerate(matches):
        states = sorted(o.state for o in out[2 * i:2 * i + 2])
        assert states == sorted([RECORDED, WAITING])
        entries = list(ResultEntry.objects.filter(table=match))
        assert [(e.version, e.games_a, e.games_b, e.source) for e in entries] == [(1, 2, 1, ResultSource.PLAYERS)]
        match.refresh_from_db()
        assert (match.games_a, match.games_b, match.version) == (2, 1, 1)


def test_a_judges_entry_racing_a_players_report_wins():
    """Decision 21: "a judge's entry always wins". Player A already reported 2-1; player B's agreeing 2-1
    and a judge's 0-2 (entered without a version, as an overruling judge does) arrive together. Whatever
    the order, the match ends 0-2 with the judge's entry last; B is either refused (judge first) or
    records 2-1 as v1 that the judge's v2 replaces."""
    for attempt in range(ROUNDS_OF_RACING):
        event = build_event(4, self_reporting=True)
        match = Table.objects.get(round=event.rounds.get(), table_number=1)
        user_a, user_b = player_account(match.player_a, f"a{attempt}"), player_account(match.player_b, f"b{attempt}")
        judge = UserFactory(username=f"juez{attempt}")
        services.table_report_submit(table=match, registration=match.player_a, seats=[{"games": 2}, {"games": 1}],
                                     by=user_a)
        out = run_together(
            lambda m=match, u=user_b: services.table_report_submit(
                table=m.pk, registration=m.player_b_id, seats=[{"games": 2}, {"games": 1}], by=u),
            lambda m=match, j=judge: services.table_result_record(
                table=m.pk,
                seats=[{"games": 0}, {"games": 2}],
                entered_by=j,
            ),
        )
        player, judged = out
        assert not isinstance(judged, Exception), judged
        assert not isinstance(player, Exception) or (isinstance(player, ArenaError)
                                                     and player.code == "result_recorded"), player
        match.refresh_from_db()
        assert (match.games_a, match.games_b) == (0, 2)
        entries = list(ResultEntry.objects.filter(table=match).order_by("version"))
        assert entries[-1].source == ResultSource.JUDGE and entries[-1].entered_by == judge
        if isinstance(player, Exception):
            assert len(entries) == 1
        else:
            assert [(e.games_a, e.games_b, e.source) for e in entries] == [
                (2, 1, ResultSource.PLAYERS), (0, 2, ResultSource.JUDGE)]
        assert TableReport.objects.filter(table=match).count() == (1 if isinstance(player, Exception) else 2)
