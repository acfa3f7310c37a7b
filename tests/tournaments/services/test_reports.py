"""Self-reported results (issue #17 point 4; DESIGN.md decision 21).

Decision 21: "Self-reported results count when both players (every seat, in
pods) report the same result while the round is open; any disagreement goes
to the judges, and a judge's entry always wins." Every expected score below
is the one the test's players report, written by hand; who sits at table 1
is read from the match row (round 1 is random from the recorded seed).
"""
from __future__ import annotations

import pytest

from tests.factories import EventInRound, UserFactory, player_account
from tests.tournaments.pods_helpers import stoner_event
from tournaments import report_selectors, services
from tournaments.enums import MatchOutcome, MatchStatus, ResultSource
from tournaments.errors import IllegalResult, NotAllowed, PairingRefused, StateError
from tournaments.models import EventLogEntry, ResultEntry, Table, TableReport
from tournaments.services.reports import CONFLICT, RECORDED, WAITING

pytestmark = pytest.mark.django_db



def reporting_event(players: int = 4, **kwargs):
    """``players`` registered, self-reporting on, round 1 paired with every table pending."""
    return EventInRound(1, players=players, self_reporting=True, **kwargs)


def table_one(event) -> Table:
    rnd = event.rounds.order_by("-number").first()
    return Table.objects.all().get(round=rnd, table_number=1)


def players_of(match):
    return player_account(match.player_a, f"a{match.pk}"), player_account(match.player_b, f"b{match.pk}")


def reported(games_a, games_b, games_drawn=0, **flags):
    """A report in the match's orientation (side A first), as :func:`services.table_report_submit` takes it."""
    return {"seats": [{"games": games_a}, {"games": games_b}], "games_drawn": games_drawn, **flags}


def submit(match, registration, user, result):
    return services.table_report_submit(table=match, registration=registration, by=user, **result)


def test_both_players_agree_and_the_result_is_recorded_with_source_players():
    """Decision 21: both report A 2-1 → the match is 2-1, A wins, entry v1 with source «players».

    Before the second report nothing is recorded (the match stays pending).
    """
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    first = submit(match, match.player_a, user_a, reported(2, 1))
    assert first.state == WAITING
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not match.entries.exists()
    second = submit(match, match.player_b, user_b, reported(2, 1))
    assert second.state == RECORDED
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.games_drawn) == (2, 1, 0)
    assert match.outcome == MatchOutcome.A_WINS and match.status == MatchStatus.REPORTED
    entry = ResultEntry.objects.get(table=match)
    assert (entry.version, entry.source, entry.entered_by) == (1, ResultSource.PLAYERS, user_b)
    assert set(TableReport.objects.filter(table=match).values_list("locked", flat=True)) == {True}
    actions = list(EventLogEntry.objects.filter(event=event).values_list("action", flat=True))
    assert actions.count("match_report_submit") == 2 and actions[-1] == "match_result_record"


def test_reports_from_each_players_side_agree():
    """Player B reports «I lost 1-2» (mine 1, theirs 2) = the match's 2-1 for A: the two agree."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    submit(match, match.player_a, user_a,
           {"seats": [{"registration": match.player_a_id, "games": 2},
                      {"registration": match.player_b_id, "games": 1}]})
    outcome = submit(match, match.player_b, user_b,
                     {"seats": [{"registration": match.player_b_id, "games": 1},
                                {"registration": match.player_a_id, "games": 2}]})
    assert outcome.state == RECORDED
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (2, 1)


def test_disagreement_goes_to_the_judges_queue_and_nothing_is_recorded():
    """Decision 21: "any disagreement goes to the judges": A says 2-1, B says 1-2 → no result, the table is
    in the queue with both reports; R-000-78: the next round cannot be paired while that result is missing."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    submit(match, match.player_a, user_a, reported(2, 1))
    outcome = submit(match, match.player_b, user_b, reported(1, 2))
    assert outcome.state == CONFLICT
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not match.entries.exists()
    queue = report_selectors.report_queue(match.round, minutes=event.round_minutes)
    assert [row.match.pk for row in queue] == [match.pk]
    row = queue[0]
    assert row.conflict and (row.report_a.games_a, row.report_a.games_b) == (2, 1)
    assert (row.report_b.games_a, row.report_b.games_b) == (1, 2)
    for other in Table.objects.filter(round=match.round, is_bye=False).exclude(pk=match.pk):
        services.table_result_record(table=other, seats=[{"games": 2}, {"games": 0}])
    with pytest.raises(PairingRefused):
        services.round_pair_next(event=event)


def test_a_player_changes_their_report_until_both_agree():
    """A reports 2-0 by mistake, B reports 2-1 (conflict); A corrects to 2-1 → recorded 2-1.
    The history keeps A's first report."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    submit(match, match.player_a, user_a, reported(2, 0))
    assert submit(match, match.player_b, user_b, reported(2, 1)).state == CONFLICT
    assert submit(match, match.player_a, user_a, reported(2, 1)).state == RECORDED
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.games_drawn) == (2, 1, 0)
    report = TableReport.objects.get(table=match, registration=match.player_a)
    assert [(h.games_a, h.games_b) for h in report.history.order_by("history_date")] == [(2, 0), (2, 1)]
    assert report.history.order_by("history_date").first().history_user == user_a


def test_a_judges_entry_wins_and_players_can_no_longer_report():
    """Decision 21: "a judge's entry always wins". A reported 2-1; the judge enters 0-2 (unchanged judge
    path, source «judge»); B's 1-2 report and A's change afterwards are refused; A's report stays as history."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    judge = UserFactory(username="juez")
    submit(match, match.player_a, user_a, reported(2, 1))
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}], expected_version=0, entered_by=judge)
    for reg, user, result in ((match.player_b, user_b, reported(1, 2)),
                              (match.player_a, user_a, reported(0, 2))):
        with pytest.raises(StateError) as refused:
            submit(match, reg, user, result)
        assert refused.value.code == "result_recorded"
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (0, 2)
    assert ResultEntry.objects.get(table=match).source == ResultSource.JUDGE
    assert TableReport.objects.filter(table=match).count() == 1
    assert report_selectors.report_queue(match.round, minutes=event.round_minutes) == []


def test_a_judge_may_overrule_what_the_players_agreed():
    """The players agreed 2-1; the judge corrects to 1-2: v2 with source «judge», the players' v1 kept."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    submit(match, match.player_a, user_a, reported(2, 1))
    submit(match, match.player_b, user_b, reported(2, 1))
    services.table_result_record(
        table=match,
        seats=[{"games": 1}, {"games": 2}],
        expected_version=1,
        entered_by=UserFactory(username="juez"),
    )
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.outcome) == (1, 2, MatchOutcome.B_WINS)
    assert list(match.entries.order_by("version").values_list("source", flat=True)) == ["players", "judge"]


def test_not_your_match_is_not_allowed():
    """Issue #17 point 7: "a player reports only for their own match": a player of table 2 reporting for
    table 1, or a user reporting with someone else's registration, is refused; nothing is saved."""
    event = reporting_event()
    match = table_one(event)
    user_a, _user_b = players_of(match)
    other = Table.objects.get(round=match.round, table_number=2)
    outsider = player_account(other.player_a, "otra_mesa")
    for reg, user in ((other.player_a, outsider), (match.player_b, user_a), (match.player_a, outsider)):
        with pytest.raises(NotAllowed) as refused:
            submit(match, reg, user, reported(2, 1))
        assert refused.value.code == "not_your_match"
    assert not TableReport.objects.exists()


def test_a_closed_round_refuses_reports():
    """Decision 21: "while the round is open": after round 1 closed, a report for it is refused."""
    event = EventInRound(1, players=4, played=True, self_reporting=True)
    match = table_one(event)
    user_a, _ = players_of(match)
    services.round_close(event=event)
    with pytest.raises(StateError) as refused:
        submit(match, match.player_a, user_a, reported(2, 1))
    assert refused.value.code in ("round_closed", "result_recorded")
    services.round_pair_next(event=event)
    with pytest.raises(StateError) as refused:
        submit(match, match.player_a, user_a, reported(2, 1))
    assert refused.value.code == "round_closed"


def test_self_reporting_off_refuses_reports():
    """Issue #17 point 4: "Organizers switch self-reporting on or off per event": off (the default) → refused."""
    event = EventInRound(1, players=4)
    assert event.self_reporting is False
    match = table_one(event)
    user_a, _ = players_of(match)
    with pytest.raises(StateError) as refused:
        submit(match, match.player_a, user_a, reported(2, 1))
    assert refused.value.code == "self_reporting_off"


def test_reports_use_the_judge_forms_validation():
    """000_0014b2ac83da54b4.txt § "10.1" best of three: nobody wins 3 games, so 3-0 is refused; an
    intentional draw must leave both level (the judge form's rule), so 2-1 «intentional draw» is refused."""
    event = reporting_event()
    match = table_one(event)
    user_a, _ = players_of(match)
    with pytest.raises(IllegalResult):
        submit(match, match.player_a, user_a, reported(3, 0))
    with pytest.raises(IllegalResult) as refused:
        submit(match, match.player_a, user_a, reported(2, 1, intentional_draw=True))
    assert refused.value.code == "intentional_draw_not_level"
    assert not TableReport.objects.exists()


def test_a_drawn_third_game_at_time_reported_by_both():
    """R-000-79: at time, 1-0 with the unfinished game drawn is a 1-0-1 win for A; both report it."""
    event = reporting_event()
    match = table_one(event)
    user_a, user_b = players_of(match)
    result = reported(1, 0, 1, went_to_time=True)
    submit(match, match.player_a, user_a, result)
    assert submit(match, match.player_b, user_b, result).state == RECORDED
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.games_drawn, match.outcome) == (1, 0, 1, MatchOutcome.A_WINS)
    assert match.went_to_time


def test_one_report_and_time_up_shows_in_the_queue_as_missing_the_rival():
    """Issue #17 point 4: "one reports and the other has not within the round" → the judges' queue,
    marked as missing the rival's report; before time is up it is not in the queue."""
    import datetime

    from django.utils import timezone

    event = reporting_event()
    match = table_one(event)
    user_a, _ = players_of(match)
    submit(match, match.player_a, user_a, reported(2, 1))
    assert report_selectors.report_queue(match.round, minutes=event.round_minutes) == []
    rnd = match.round
    rnd.clock_started_at = timezone.now() - datetime.timedelta(minutes=event.round_minutes + 1)
    rnd.save(update_fields=["clock_started_at"])
    queue = report_selectors.report_queue(rnd, minutes=event.round_minutes)
    assert [(row.match.pk, row.conflict, row.missing_rival) for row in queue] == [(match.pk, False, True)]


# --------------------------------------------------------------------------- pods


def pod_event():
    event, regs = stoner_event(self_reporting=True)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    users = {key: player_account(reg, f"pod_{key}") for key, reg in regs.items()}
    return event, regs, pod, users


# 004_4a3d59c736a1e8f3.txt § "1 Objetivo": more stoner points is better; 20 or more wins the game.
ORDER = {"ana": (1, 25), "beto": (2, 20), "carla": (3, 13), "dario": (4, 5), "eva": (5, 1)}


def placements(regs, order):
    return [{"registration": regs[key].pk, "place": place, "score": score} for key, (place, score) in order.items()]


def test_pod_is_recorded_when_every_seat_agrees():
    """Decision 21 "every seat, in pods": four of five reports keep it waiting; the fifth records the places
    with source «players»."""
    event, regs, pod, users = pod_event()
    keys = list(regs)
    for key in keys[:-1]:
        outcome = services.table_report_submit(table=pod, registration=regs[key], seats=placements(regs, ORDER),
                                             by=users[key])
        assert outcome.state == WAITING
    pod.refresh_from_db()
    assert pod.status == MatchStatus.PENDING
    last = keys[-1]
    outcome = services.table_report_submit(table=pod, registration=regs[last], seats=placements(regs, ORDER),
                                         by=users[last])
    assert outcome.state == RECORDED
    pod.refresh_from_db()
    assert pod.status == MatchStatus.REPORTED
    places = dict(pod.seats.values_list("registration_id", "place"))
    assert places == {regs[key].pk: place for key, (place, _score) in ORDER.items()}
    assert pod.entries.get().source == ResultSource.PLAYERS


def test_pod_with_one_different_report_goes_to_the_judges():
    """One seat swaps 4th and 5th (Darío 1 point, Eva 5): conflict, nothing recorded, and the last seat's
    agreeing report does not record it either."""
    event, regs, pod, users = pod_event()
    swapped = dict(ORDER, dario=(5, 1), eva=(4, 5))
    services.table_report_submit(table=pod, registration=regs["ana"], seats=placements(regs, ORDER),
                               by=users["ana"])
    outcome = services.table_report_submit(table=pod, registration=regs["eva"], seats=placements(regs, swapped),
                                         by=users["eva"])
    assert outcome.state == CONFLICT
    for key in ("beto", "carla", "dario"):
        services.table_report_submit(table=pod, registration=regs[key], seats=placements(regs, ORDER),
                                   by=users[key])
    pod.refresh_from_db()
    assert pod.status == MatchStatus.PENDING and not pod.entries.exists()
    assert TableReport.objects.filter(table=pod).count() == 5
    queue = report_selectors.pod_report_queue(pod.round)
    assert [row.pod.pk for row in queue] == [pod.pk]


def test_pod_report_for_another_pod_is_not_allowed():
    """A user reporting with a registration that is not theirs is refused."""
    event, regs, pod, users = pod_event()
    with pytest.raises(NotAllowed):
        services.table_report_submit(table=pod, registration=regs["ana"], seats=placements(regs, ORDER),
                                   by=users["beto"])
