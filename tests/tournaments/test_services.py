"""Services of a tournament day: each illegal request changes nothing.

Clauses: R-000-75 (round 1 from the seed), R-000-78 (no pairing while
results are missing), R-000-39 (top 4 cut), R-000-80 (podium),
R-000-61 (best of three), R-000-77 (tardiness), R-000-104 (drawn games).
"""
import pytest

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.factories.day import registered_event
from tournaments import selectors, services
from tournaments.enums import EventState, MatchOutcome, MatchStatus, RoundPhase
from tournaments.errors import IllegalResult, PairingRefused, RegistrationError, StaleEdit, StateError
from tournaments.models import Registration, ResultEntry, Round, Seat, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def play_round(event, score=(2, 0, 0)):
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )
    return rnd


def test_register_twice_is_refused_and_changes_nothing():
    event = EventFactory()
    services.registration_open(event=event)
    player = PlayerFactory()
    services.registration_create(event=event, player=player)
    with pytest.raises(RegistrationError) as err:
        services.registration_create(event=event, player=player)
    assert err.value.code == "already_registered"
    assert player.display_name in str(err.value)
    assert Registration.objects.filter(event=event).count() == 1


def test_register_in_draft_is_refused():
    event = EventFactory()
    with pytest.raises(StateError):
        services.registration_create(event=event, player=PlayerFactory())
    assert not Registration.objects.exists()


def test_pair_round_one_is_reproducible_from_the_recorded_seed():
    """R-000-75: round 1 is random, drawn from a seed recorded on the round."""
    event = registered_event(players=9, seed=77)
    first = services.round_pair_next(event=event)
    tables = [(m.table_number, m.player_a_id, m.player_b_id) for m in first.tables.order_by("is_bye", "table_number")]
    services.round_repair(event=event)  # draws round 1 again from the same recorded seed
    again = Round.objects.get(event=event, number=1)
    assert again.seed == first.seed
    assert [(m.table_number, m.player_a_id, m.player_b_id)
            for m in again.tables.order_by("is_bye", "table_number")] == tables
    other = registered_event(players=9, seed=78)
    assert services.round_pair_next(event=other).seed != first.seed
    bye = again.tables.get(is_bye=True)
    assert (bye.games_a, bye.games_b, bye.outcome, bye.status) == (2, 0, MatchOutcome.BYE, MatchStatus.CONFIRMED)


def test_pair_next_round_while_results_missing_is_refused():
    """R-000-78: the next round is paired only when every result is in."""
    event = registered_event(players=8)
    rnd = services.round_pair_next(event=event)
    first = rnd.tables.order_by("table_number").first()
    services.table_result_record(table=first, seats=[{"games": 2}, {"games": 1}])
    with pytest.raises(PairingRefused) as err:
        services.round_pair_next(event=event)
    assert err.value.code == "results_missing"
    assert "2, 3, 4" in str(err.value)
    assert Round.objects.filter(event=event).count() == 1


def test_three_nil_in_best_of_three_is_illegal_and_nothing_is_written():
    """R-000-61: best of three — nobody wins three games."""
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    with pytest.raises(IllegalResult) as err:
        services.table_result_record(table=match, seats=[{"games": 3}, {"games": 0}])
    assert err.value.code == "too_many_wins"
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status, match.version) == (0, 0, MatchStatus.PENDING, 0)
    assert not ResultEntry.objects.exists()


@pytest.mark.parametrize(
    ("score", "code", "said"),
    [((2, 2, 0), "too_many_games", "Resultado 2-2 no válido"),
     ((2, 1, 1), "too_many_games", "Resultado 2-1-1 no válido"),
     ((0, 3, 0), "too_many_wins", "Resultado 0-3 no válido")],
)
def test_other_impossible_best_of_three_scores_are_refused(score, code, said):
    """The refusal names the score as every page writes it: drawn games only when there are some."""
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    with pytest.raises(IllegalResult) as err:
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )
    assert err.value.code == code
    assert str(err.value).startswith(said)


def test_result_for_a_match_not_in_the_current_round_is_refused():
    event = registered_event(players=4)
    old = play_round(event).tables.filter(is_bye=False).first()
    services.round_pair_next(event=event)
    with pytest.raises(StateError) as err:
        services.table_result_record(table=old, seats=[{"games": 0}, {"games": 2}])
    assert err.value.code == "not_current_round"
    old.refresh_from_db()
    assert (old.games_a, old.games_b) == (2, 0)


def test_stale_edit_is_refused_and_keeps_the_first_save():
    judge_one, judge_two = UserFactory(username="ana"), UserFactory(username="beto")
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    loaded_version = match.version
    services.table_result_record(
        table=match,
        seats=[{"games": 2}, {"games": 1}],
        expected_version=loaded_version,
        entered_by=judge_one,
    )
    with pytest.raises(StaleEdit) as err:
        services.table_result_record(
            table=match,
            seats=[{"games": 0}, {"games": 2}],
            expected_version=loaded_version,
            entered_by=judge_two,
        )
    assert "ana" in str(err.value)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (2, 1, 1)


def test_correction_keeps_history_and_double_submission_is_a_no_op():
    judge = UserFactory(username="carla")
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=judge)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=judge)  # same again
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 2}], entered_by=judge)  # correction
    entries = list(ResultEntry.objects.filter(table=match).order_by("version"))
    assert [(e.version, e.games_a, e.games_b, e.entered_by.username) for e in entries] == [
        (1, 2, 0, "carla"), (2, 1, 2, "carla")]
    match.refresh_from_db()
    assert match.outcome == MatchOutcome.B_WINS


def test_drawn_game_counts_toward_three_and_one_one_one_is_a_draw():
    """R-000-104 / DESIGN 4 and 12: 1-0-1 wins, 1-1-1 is a drawn match."""
    event = registered_event(players=4)
    m1, m2 = services.round_pair_next(event=event).tables.order_by("table_number")
    services.table_result_record(table=m1, seats=[{"games": 1}, {"games": 0}], games_drawn=1)
    services.table_result_record(table=m2, seats=[{"games": 1}, {"games": 1}], games_drawn=1)
    m1.refresh_from_db(), m2.refresh_from_db()
    assert (m1.outcome, m2.outcome) == (MatchOutcome.A_WINS, MatchOutcome.DRAW)


def test_more_than_ten_minutes_late_loses_the_match_two_nil():
    """R-000-77: > 10 minutes late → 0-2 whatever was entered."""
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    services.table_result_record(table=match, seats=[{"games": 0, "minutes_late": 11}, {"games": 0}])
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.outcome) == (0, 2, MatchOutcome.B_WINS)


def test_more_than_five_minutes_late_requires_game_one_for_the_opponent():
    """R-000-77: > 5 minutes late loses game 1, so 2-0 for the late player is impossible."""
    event = registered_event(players=4)
    match = services.round_pair_next(event=event).tables.first()
    with pytest.raises(IllegalResult) as err:
        services.table_result_record(table=match, seats=[{"games": 2, "minutes_late": 6}, {"games": 0}])
    assert err.value.code == "late_game_one_not_counted"
    services.table_result_record(table=match, seats=[{"games": 2, "minutes_late": 6}, {"games": 1}])
    match.refresh_from_db()
    assert match.outcome == MatchOutcome.A_WINS


def test_bye_has_no_result_to_enter():
    event = registered_event(players=5)
    bye = services.round_pair_next(event=event).tables.get(is_bye=True)
    with pytest.raises(StateError):
        services.table_result_record(table=bye, seats=[{"games": 0}, {"games": 2}])


def test_dropped_player_is_not_paired_and_keeps_results():
    event = registered_event(players=6)
    play_round(event)
    leaving = Registration.objects.filter(event=event).first()
    services.registration_drop(registration=leaving)
    rnd = services.round_pair_next(event=event)
    paired = set(Seat.objects.filter(table__round=rnd).values_list("registration_id", flat=True))
    assert leaving.pk not in paired
    assert len(paired) == 5
    row = next(r for r in selectors.standing_rows(event) if r.registration_id == leaving.pk)
    assert row.dropped and row.matches_played == 1
    with pytest.raises(RegistrationError):
        services.registration_drop(registration=leaving)


def test_late_entry_joins_with_zero_points():
    event = registered_event(players=4)
    play_round(event)
    late = services.registration_create(event=event, player=PlayerFactory())
    assert late.late_entry and late.joined_round == 2
    rnd = services.round_pair_next(event=event)
    assert rnd.tables.filter(seats__registration=late).exists()
    row = next(r for r in selectors.standing_rows(event) if r.registration_id == late.pk)
    assert row.match_points in (0.0, 1.0)  # 1.0 only if the late entry got the bye


def test_rounds_by_attendance_and_swiss_complete():
    """DESIGN 5: ceil(log2 N), minimum 3 — 8 players play 3 rounds."""
    event = registered_event(players=8)
    for _ in range(3):
        play_round(event)
    event.refresh_from_db()
    assert event.planned_rounds == 3
    with pytest.raises(PairingRefused) as err:
        services.round_pair_next(event=event)
    assert err.value.code == "swiss_complete"


def test_repair_current_round_only_without_results():
    event = registered_event(players=8)
    rnd = services.round_pair_next(event=event)
    again = services.round_repair(event=event)
    assert again.number == 1 and Round.objects.filter(event=event).count() == 1
    services.table_result_record(table=again.tables.first(), seats=[{"games": 2}, {"games": 0}])
    with pytest.raises(StateError):
        services.round_repair(event=event)
    assert rnd.pk != again.pk


def test_full_day_top_four_and_podium():
    """R-000-39, R-000-80: Swiss, top 4 seeded 1v4 and 2v3, podium of three."""
    event = registered_event(players=8)
    for _ in range(3):
        play_round(event, score=(2, 1, 0))
    standings = selectors.standing_rows(event)
    semis = services.top_cut_start(event=event)
    assert semis.phase == RoundPhase.TOP_CUT and semis.stage == 2
    seeds = [s.registration_id for s in standings[:4]]
    pairs = {frozenset((m.player_a_id, m.player_b_id)) for m in semis.tables.all()}
    assert pairs == {frozenset((seeds[0], seeds[3])), frozenset((seeds[1], seeds[2]))}
    with pytest.raises(PairingRefused):
        services.round_pair_next(event=event)
    for m in semis.tables.all():
        with pytest.raises(IllegalResult):
            services.table_result_record(table=m, seats=[{"games": 1}, {"games": 1}])
        services.table_result_record(table=m, seats=[{"games": 2}, {"games": 0}])  # higher seed (player_a) wins
    final = services.round_pair_next(event=event)
    assert final.stage == 1
    fm = final.tables.get()
    services.table_result_record(table=fm, seats=[{"games": 0}, {"games": 2}])
    event = services.event_finish(event=event)
    assert event.state == EventState.FINISHED
    assert event.podium_first_id == fm.player_b_id
    assert event.podium_second_id == fm.player_a_id
    # No third-place match: the semifinal loser with the better Swiss rank (DESIGN 6) — seeds 3 and 4 lost.
    assert event.podium_third_id == seeds[2]
    with pytest.raises(StateError):
        services.event_finish(event=event)
    assert Table.objects.filter(round__event=event, status=MatchStatus.REPORTED).count() == 0
