"""The round clock services and one table's extra time (issue #13 item 5).

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas" —
R-000-76 (countdown from 50 minutes), R-000-79 (then 3 extra turns each).
The expected minutes and end times below are worked out by hand from those
50 minutes.
"""
from __future__ import annotations

import datetime

import pytest

from tests.factories import EventInRound, UserFactory, tables_with_results
from tournaments import selectors, services
from tournaments.enums import DocumentKind, DocumentState, MatchStatus
from tournaments.errors import ArenaError, NotAllowed, StateError
from tournaments.models import Document, EventLogEntry, Round, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

UTC = datetime.UTC
T0 = datetime.datetime(2024, 2, 3, 15, 0, tzinfo=UTC)


def minutes(n: float) -> datetime.timedelta:
    return datetime.timedelta(minutes=n)


@pytest.fixture
def event(db):
    """Eight players, round 1 paired, every table pending (50-minute rounds)."""
    return EventInRound(1, players=8)


def table(event, number: int = 1) -> Table:
    return Table.objects.get(round__event=event, round__number=event.rounds.count(), table_number=number)


def log_rows(event, action: str):
    return list(EventLogEntry.objects.filter(event=event, action=action).order_by("pk"))


# --------------------------------------------------------------------------- who may run the clock


@pytest.mark.parametrize("who", ["judge", "head_judge", "organizer"])
def test_round_clock_start_by_judges_head_judge_and_organizers_is_logged_with_the_actor(event, who, request):
    user = request.getfixturevalue(who)
    rnd = event.rounds.get()
    services.round_clock_start(round=rnd, by=user)
    services.round_clock_pause(round=rnd, by=user)
    services.round_clock_resume(round=rnd, by=user)
    rnd.refresh_from_db()
    assert rnd.clock_started_at is not None and rnd.clock_paused_at is None
    rows = EventLogEntry.objects.filter(event=event, action__startswith="round_clock_").order_by("pk")
    assert [(row.action, row.actor_id) for row in rows] == [
        ("round_clock_start", user.pk), ("round_clock_pause", user.pk), ("round_clock_resume", user.pk)]


def test_round_clock_start_refused_to_a_user_who_does_not_judge_the_event(event):
    outsider = UserFactory(username="mirón")
    other = EventInRound(1, players=4)
    judge_elsewhere = UserFactory(username="juez_de_otra_fecha")
    other.judges.add(judge_elsewhere)
    rnd = event.rounds.get()
    for user in (outsider, judge_elsewhere):
        with pytest.raises(NotAllowed):
            services.round_clock_start(round=rnd, by=user)
    rnd.refresh_from_db()
    assert rnd.clock_started_at is None
    assert log_rows(event, "round_clock_start") == []


# --------------------------------------------------------------------------- clock on pairing


def test_round_pair_next_starts_the_clock_when_the_event_says_so():
    event = EventInRound(1, players=8, clock_starts_on_pairing=True)
    rnd = event.rounds.get()
    assert rnd.clock_started_at is not None
    assert rnd.clock_paused_seconds == 0
    [row] = log_rows(event, "round_clock_start")
    assert row.reason == "Inicio automático al emparejar (configuración del evento)."
    assert row.after["started_at"] == rnd.clock_started_at.isoformat()
    # Pairing is logged first, then the clock, in the same transaction.
    assert log_rows(event, "round_pair_next")[0].pk < row.pk


def test_round_pair_next_leaves_the_clock_alone_by_default(event):
    assert event.clock_starts_on_pairing is False
    assert event.rounds.get().clock_started_at is None
    assert log_rows(event, "round_clock_start") == []


def test_top_cut_start_starts_the_clock_when_the_event_says_so():
    event = EventInRound(3, players=8, played=True)
    event.clock_starts_on_pairing = True
    event.save(update_fields=["clock_starts_on_pairing"])
    semifinal = services.top_cut_start(event=event)
    assert Round.objects.get(pk=semifinal.pk).clock_started_at is not None
    assert [row.subject for row in log_rows(event, "round_clock_start")] == ["Ronda 4 — Semifinales"]


# --------------------------------------------------------------------------- extra time for one table


def test_match_time_extend_adds_minutes_cumulatively_and_logs_each_grant(event, judge, head_judge):
    match = table(event, 1)
    services.match_time_extend(match=match, minutes=5, reason="Consulta de reglas", by=judge)
    services.match_time_extend(match=match.pk, minutes=3, reason="Revisión de mazo", by=head_judge)
    match.refresh_from_db()
    assert match.extra_minutes == 8
    assert table(event, 2).extra_minutes == 0
    rows = log_rows(event, "match_time_extend")
    assert [(r.actor_id, r.subject, r.before, r.after, r.reason) for r in rows] == [
        (judge.pk, "Mesa 1 · Ronda 1", {"extra_minutes": 0}, {"extra_minutes": 5, "added": 5}, "Consulta de reglas"),
        (head_judge.pk, "Mesa 1 · Ronda 1", {"extra_minutes": 5}, {"extra_minutes": 8, "added": 3},
         "Revisión de mazo"),
    ]


def test_match_time_extend_by_an_organizer(event, organizer):
    services.match_time_extend(match=table(event), minutes=30, reason="Revisión de mazo", by=organizer)
    assert table(event).extra_minutes == 30


def test_match_time_extend_refused_to_a_user_who_does_not_judge_the_event(event):
    with pytest.raises(NotAllowed):
        services.match_time_extend(match=table(event), minutes=5, reason="Consulta", by=UserFactory(username="x"))
    assert table(event).extra_minutes == 0
    assert log_rows(event, "match_time_extend") == []


@pytest.mark.parametrize("value", [0, 31, -5, 2.5, "5", True, None])
def test_match_time_extend_refuses_minutes_outside_1_to_30_whole(event, judge, value):
    with pytest.raises(ArenaError) as refused:
        services.match_time_extend(match=table(event), minutes=value, reason="Consulta", by=judge)
    assert refused.value.code == "extra_minutes_invalid"
    assert refused.value.message == "El tiempo extra va de 1 a 30 minutos enteros."
    assert table(event).extra_minutes == 0
    assert log_rows(event, "match_time_extend") == []


@pytest.mark.parametrize("value", [1, 30])
def test_match_time_extend_accepts_the_limits(event, judge, value):
    services.match_time_extend(match=table(event), minutes=value, reason="Consulta", by=judge)
    assert table(event).extra_minutes == value


def test_match_time_extend_needs_a_reason(event, judge):
    with pytest.raises(ArenaError) as refused:
        services.match_time_extend(match=table(event), minutes=5, reason="   ", by=judge)
    assert refused.value.code == "reason_missing"


def test_match_time_extend_refuses_a_table_with_its_result_saved(event, judge):
    match = table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], games_drawn=0)
    assert Table.objects.get(pk=match.pk).status == MatchStatus.REPORTED
    with pytest.raises(StateError) as refused:
        services.match_time_extend(match=match, minutes=5, reason="Consulta", by=judge)
    assert refused.value.code == "result_saved"


def test_match_time_extend_refuses_a_table_of_an_earlier_round(event, judge):
    first = table(event)
    tables_with_results(event.rounds.get())
    services.round_pair_next(event=event)
    with pytest.raises(StateError) as refused:
        services.match_time_extend(match=first, minutes=5, reason="Consulta", by=judge)
    assert refused.value.code == "round_not_current"


def test_match_time_extend_refuses_a_bye():
    event = EventInRound(1, players=5)
    bye = Table.objects.get(round__event=event, is_bye=True)
    with pytest.raises(StateError) as refused:
        services.match_time_extend(match=bye, minutes=5, reason="Consulta", by=None)
    assert refused.value.code == "bye_has_no_clock"


def test_match_time_extend_prints_the_round_slips_again(event, judge):
    slips = Document.objects.get(round__event=event, kind=DocumentKind.RESULT_SLIPS)
    Document.objects.filter(pk=slips.pk).update(state=DocumentState.READY)
    services.match_time_extend(match=table(event), minutes=5, reason="Revisión de mazo", by=judge)
    assert Document.objects.get(pk=slips.pk).state == DocumentState.QUEUED


# --------------------------------------------------------------------------- read model


def test_match_clock_with_a_pause_and_five_extra_minutes(event):
    """Started at 15:00, paused 15:10–15:14 (4 minutes), 50-minute round, table +5.

    By hand: the round ends at 15:00 + 50 + 4 = 15:54; the table at 15:59.
    At 15:30, 26 minutes have run (30 − 4): the round has 24:00 left, the
    table 29:00. At 15:56 the round's time is up, the table has 3:00 left;
    at 15:59 the table's time is up (its 3 extra turns each begin).
    """
    match = table(event)
    match.extra_minutes = 5
    rnd = match.round
    rnd.clock_started_at = T0
    rnd.clock_paused_seconds = 4 * 60
    at = {n: T0 + minutes(n) for n in (30, 56, 59)}

    round_at_30 = selectors.round_clock(rnd, minutes=50, now=at[30])
    table_at_30 = selectors.match_clock(match, minutes=50, now=at[30])
    assert (round_at_30.ends_at, round_at_30.remaining_seconds) == (T0 + minutes(54), 24 * 60)
    assert (table_at_30.ends_at, table_at_30.remaining_seconds) == (T0 + minutes(59), 29 * 60)
    assert (table_at_30.state, table_at_30.extra_minutes, table_at_30.display) == ("running", 5, "29:00")

    assert selectors.round_clock(rnd, minutes=50, now=at[56]).state == "time_up"
    table_at_56 = selectors.match_clock(match, minutes=50, now=at[56])
    assert (table_at_56.state, table_at_56.remaining_seconds) == ("running", 3 * 60)
    assert selectors.match_clock(match, minutes=50, now=at[59]).state == "time_up"


def test_match_clock_while_paused_pushes_the_end_by_the_pause_so_far(event):
    """Paused 15:10–15:14 and again since 15:20; at 15:25 the table (+5) would end at 15:50 + 4 + 5 + 5 = 16:04."""
    match = table(event)
    match.extra_minutes = 5
    rnd = match.round
    rnd.clock_started_at = T0
    rnd.clock_paused_seconds = 4 * 60
    rnd.clock_paused_at = T0 + minutes(20)
    clock = selectors.match_clock(match, minutes=50, now=T0 + minutes(25))
    # 16 minutes ran (20 − 4): 55 − 16 = 39 minutes left for the table.
    assert (clock.state, clock.remaining_seconds, clock.ends_at) == ("paused", 39 * 60, T0 + minutes(64))


def test_match_clock_before_the_start_has_no_end_time(event):
    match = table(event)
    match.extra_minutes = 5
    clock = selectors.match_clock(match, minutes=50, now=T0)
    assert (clock.state, clock.ends_at, clock.remaining_seconds) == ("not_started", None, 55 * 60)
