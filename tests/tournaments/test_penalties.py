"""Penalty log services: the ladder's decision applied to the tournament.

Clauses: R-000-98..R-000-101 (warnings, the third Warning disqualifies),
R-000-77 (tardiness), R-000-84 (deck of other than 60 cards); DESIGN 10.
"""
import pytest

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import penalties, selectors, services
from tournaments.enums import EventState, MatchOutcome, MatchStatus
from tournaments.errors import ArenaError
from tournaments.models import MatchRuling, Penalty, Registration

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def make_event(players=8, **kwargs):
    event = EventFactory(**kwargs)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    return event


def finish_round(rnd, score=(2, 0, 0)):
    for match in rnd.tables.filter(is_bye=False, status=MatchStatus.PENDING):
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )


def test_a_warning_is_logged_and_changes_no_score():
    judge = UserFactory(username="jueza")
    event = make_event()
    match = services.round_pair_next(event=event).tables.first()
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_shuffle",
                                      issued_by=judge, notes="no mezcló")
    match.refresh_from_db()
    assert (penalty.penalty_type, penalty.warning_count_after, penalty.issued_by) == ("warning", 1, judge)
    assert (match.games_a, match.games_b, match.status) == (0, 0, MatchStatus.PENDING)
    assert "10.3" in penalty.source


def test_third_warning_loses_the_game_forfeits_the_match_and_disqualifies():
    """R-000-101 / DESIGN 10: finished games stand — DQ in game 2 after winning game 1 → 1-2."""
    event = make_event()
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.order_by("table_number").first()
    offender = match.player_a
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 0}], provisional=True)
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_draw")
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_shuffle")
    third = penalties.penalty_issue(registration=offender, infraction_code="procedural_play_order", game_number=2)
    match.refresh_from_db()
    offender.refresh_from_db()
    assert third.penalty_type == "disqualification" and third.warning_count_after == 3
    assert (match.games_a, match.games_b, match.outcome, match.status) == (1, 2, MatchOutcome.B_WINS,
                                                                             MatchStatus.REPORTED)
    assert offender.disqualified and offender.dropped
    finish_round(rnd)
    second = services.round_pair_next(event=event)
    paired = {m.player_a_id for m in second.tables.all()} | {m.player_b_id for m in second.tables.all()}
    assert offender.pk not in paired
    # Played results still count for the opponent's tiebreakers.
    row = next(r for r in selectors.standing_rows(event) if r.registration_id == offender.pk)
    assert row.disqualified and row.matches_played == 1
    with pytest.raises(ArenaError) as err:
        penalties.penalty_issue(registration=offender, infraction_code="misconduct")
    assert err.value.code == "already_disqualified"


def test_disqualified_player_leaves_the_top_cut_and_the_next_moves_up():
    event = make_event(players=8)
    for _ in range(3):
        finish_round(services.round_pair_next(event=event), score=(2, 1, 0))
    leader = selectors.standing_rows(event)[0]
    fifth = selectors.standing_rows(event)[4]
    reg = Registration.objects.get(pk=leader.registration_id)
    penalties.penalty_issue(registration=reg, infraction_code="misconduct", head_judge_disqualifies=True)
    semis = services.top_cut_start(event=event)
    in_cut = {m.player_a_id for m in semis.tables.all()} | {m.player_b_id for m in semis.tables.all()}
    assert reg.pk not in in_cut and fifth.registration_id in in_cut


def test_tardiness_over_ten_minutes_loses_the_match():
    """R-000-77 through the penalty log: > 10 minutes → 0-2."""
    event = make_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    p = penalties.penalty_issue(registration=match.player_b, infraction_code="tardiness", minutes_late=12)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status) == (2, 0, MatchStatus.REPORTED)
    assert p.penalty_type == "match_loss"


def test_game_loss_in_game_one_is_a_provisional_score():
    event = make_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    p = penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct", game_number=1)
    match.refresh_from_db()
    assert p.penalty_type == "game_loss"
    assert (match.games_a, match.games_b, match.status) == (0, 1, MatchStatus.PENDING)
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 2}])
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED and match.entries.count() == 2


def test_head_judge_upgrade_needs_a_reason_and_disqualifies():
    head = UserFactory(username="principal")
    event = make_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    warning = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    with pytest.raises(ArenaError) as err:
        penalties.penalty_revise(penalty=warning, new_type="disqualification", reason="  ")
    assert err.value.code == "reason_required"
    revised = penalties.penalty_revise(penalty=warning, new_type="disqualification", reason="Agresión verbal",
                                       revised_by=head)
    assert revised.penalty_type == "disqualification" and revised.original_type == "warning"
    rev = revised.revisions.get()
    assert (rev.from_type, rev.to_type, rev.reason, rev.revised_by) == ("warning", "disqualification",
                                                                          "Agresión verbal", head)
    assert Registration.objects.get(pk=match.player_a_id).disqualified


def test_disqualification_after_the_event_moves_the_next_player_onto_the_podium():
    event = make_event(players=8, cut_size=0)
    for _ in range(3):
        finish_round(services.round_pair_next(event=event), score=(2, 1, 0))
    event = services.event_finish(event=event)
    first, second, third = event.podium_first_id, event.podium_second_id, event.podium_third_id
    fourth = selectors.standing_rows(event)[3].registration_id
    penalties.penalty_issue(registration=Registration.objects.get(pk=second), infraction_code="misconduct",
                            head_judge_disqualifies=True)
    event.refresh_from_db()
    assert event.state == EventState.FINISHED
    assert (event.podium_first_id, event.podium_second_id, event.podium_third_id) == (first, third, fourth)


def test_a_ruling_is_attached_to_the_match_and_unknown_ids_are_refused():
    from rules.rulings import CATALOG

    event = make_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    ruling = penalties.match_ruling_attach(match=match, ruling_id=CATALOG[0].id, note="consultado")
    assert MatchRuling.objects.get() == ruling
    with pytest.raises(ArenaError):
        penalties.match_ruling_attach(match=match, ruling_id="no-existe")
    assert Penalty.objects.count() == 0
