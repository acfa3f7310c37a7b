"""Corrections of finished results at any time (issue #13 item 1, DESIGN.md decision 16).

Every expected value is worked out by hand below from the rulebook:
R-000-65 (win 1, draw 0.5, loss 0), R-000-66 (tiebreak order: points, wins,
Buchholz, head-to-head, game differential), R-000-70 (Buchholz: the
opponents' points), R-000-73 (game differential), R-000-64 (pair by
nearest score), R-000-39 (top 4 cut, 1v4 and 2v3; DESIGN.md decision 6),
R-000-80 (podium of 3 by place; league points +3/+2/+1 and +1 for taking
part, DESIGN.md decision 7).

The field: four players A, B, C, D paired by hand (round_pair_manual).
Round 1: A beats B 2-0, C beats D 2-1. Round 2: A beats C 2-0, B beats D
2-0. Standings: A 2 pts; B and C 1 pt, 1 win, Buchholz 2 each, never met,
game differential B 2-2 = 0 above C 2-3 = -1; D 0 pts. So A, B, C, D.
The correction: round 1's C–D was D 2-1. Then A 2 pts (Buchholz B 1 + C 0
= 1); B 1 pt (Buchholz A 2 + D 1 = 3); D 1 pt (Buchholz C 0 + B 1 = 1);
C 0 pts. B above D by Buchholz: A, B, D, C.
"""
import pytest

from leagues.models import LedgerEntry
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.factories.day import game_seats, place_seats
from tournaments import selectors, services
from tournaments.enums import EventState, MatchStatus, RoundPhase
from tournaments.errors import IllegalResult, NotAllowed, StaleEdit, StateError
from tournaments.formats import format_for
from tournaments.models import EventLogEntry, ResultEntry, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def four_players(**kwargs):
    event = EventFactory(**{"cut_size": 0, "planned_rounds": 2, **kwargs})
    services.registration_open(event=event)
    names = "ABCD"
    regs = {}
    for name in names:
        regs[name] = services.registration_create(event=event, player=PlayerFactory(display_name=f"Jugador {name}"))
    services.registration_close(event=event)
    event.refresh_from_db()
    return event, regs


def pair(event, regs, pairs):
    return services.round_pair_manual(event=event, pairings=[(regs[a], regs[b]) for a, b in pairs])


def result(rnd, regs, a, games_a, games_b):
    match = Table.objects.get(round=rnd, seats__seat=1, seats__registration=regs[a])
    services.table_result_record(table=match, seats=[{"games": games_a}, {"games": games_b}])
    return Table.objects.get(pk=match.pk)


def two_rounds(**kwargs):
    """The field of the module docstring after rounds 1 and 2; returns (event, regs, C–D of round 1)."""
    event, regs = four_players(**kwargs)
    r1 = pair(event, regs, [("A", "B"), ("C", "D")])
    result(r1, regs, "A", 2, 0)
    cd = result(r1, regs, "C", 2, 1)
    r2 = pair(event, regs, [("A", "C"), ("B", "D")])
    result(r2, regs, "A", 2, 0)
    result(r2, regs, "B", 2, 0)
    event.refresh_from_db()
    cd.refresh_from_db()
    return event, regs, cd


def standings_names(event, regs):
    back = {reg.pk: name for name, reg in regs.items()}
    return [back[row.registration_id] for row in format_for(event).standings(event)]


@pytest.fixture
def organizer():
    return UserFactory(username="organiza", is_superuser=True, is_staff=True)


def test_correct_closed_round_result_follows_into_standings_and_keeps_history(organizer):
    event, regs, cd = two_rounds(planned_rounds=3)
    assert standings_names(event, regs) == ["A", "B", "C", "D"]
    assert cd.status == MatchStatus.CONFIRMED  # round 1 was closed by pairing round 2
    services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="Planilla mal cargada", by=organizer,
                                  expected_version=cd.version)
    assert standings_names(event, regs) == ["A", "B", "D", "C"]
    rows = {row.registration_id: row for row in selectors.standing_rows(event)}
    assert (rows[regs["B"].pk].buchholz, rows[regs["D"].pk].buchholz, rows[regs["A"].pk].buchholz) == (3, 1, 1)
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version, cd.status) == (1, 2, 2, MatchStatus.CONFIRMED)
    last = ResultEntry.objects.filter(table=cd).order_by("-version").first()
    assert (last.version, last.games_a, last.games_b, last.note, last.entered_by) == (
        2, 1, 2, "Planilla mal cargada", organizer)
    log = EventLogEntry.objects.get(event=event, action="match_result_correct")
    assert (log.before["games"], log.after["games"], log.reason) == ([2, 1, 0], [1, 2, 0], "Planilla mal cargada")
    assert log.subject == "Ronda 1, mesa 2"


def test_correct_by_a_plain_judge_or_a_stranger_is_refused():
    event, regs, cd = two_rounds()
    judge = UserFactory(username="juez_comun")
    event.judges.add(judge)
    for user in (judge, UserFactory(username="cualquiera"), None):
        with pytest.raises(NotAllowed):
            services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="x", by=user)
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (2, 1, 1)


def test_correct_by_the_head_judge_is_accepted():
    event, regs, cd = two_rounds()
    head = UserFactory(username="juez_principal")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    services.table_result_correct(table=cd, seats=game_seats(cd, 0, 2), reason="Lo dijo la mesa", by=head)
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b) == (0, 2)


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_correct_without_reason_is_refused_naming_the_reason(organizer, reason):
    event, regs, cd = two_rounds()
    with pytest.raises(IllegalResult) as err:
        services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason=reason, by=organizer)
    assert err.value.code == "reason_required"
    assert "motivo" in err.value.message
    assert not EventLogEntry.objects.filter(action="match_result_correct").exists()


def test_correct_with_a_stale_version_is_refused(organizer):
    event, regs, cd = two_rounds()
    with pytest.raises(StaleEdit):
        services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="x", by=organizer,
                                      expected_version=cd.version - 1)
    cd.refresh_from_db()
    assert cd.version == 1


def test_correct_checks_the_score_as_entering_it_does(organizer):
    """R-000-61: best of three — 3-0 cannot happen."""
    event, regs, cd = two_rounds()
    with pytest.raises(IllegalResult) as err:
        services.table_result_correct(table=cd, seats=game_seats(cd, 3, 0), reason="x", by=organizer)
    assert err.value.code == "too_many_wins"


def test_correct_then_next_pairing_uses_corrected_standings(organizer):
    """R-000-64: after the correction round 1's winners are A and D, so round 2 pairs A–D and B–C."""
    event, regs = four_players(planned_rounds=3)
    r1 = pair(event, regs, [("A", "B"), ("C", "D")])
    result(r1, regs, "A", 2, 0)
    cd = result(r1, regs, "C", 2, 1)
    services.round_close(event=event)
    services.table_result_correct(table=cd, seats=game_seats(cd, 0, 2), reason="Ganó D", by=organizer)
    r2 = services.round_pair_next(event=event)
    pairs = {frozenset((m.player_a_id, m.player_b_id)) for m in r2.tables.all()}
    assert pairs == {frozenset((regs["A"].pk, regs["D"].pk)), frozenset((regs["B"].pk, regs["C"].pk))}


def test_current_round_pairings_stand_and_may_be_repaired(organizer):
    """DESIGN 16: round 2 (A–C, B–D, paired before) stands; re-pairing it gives A–D, B–C."""
    event, regs = four_players(planned_rounds=3)
    r1 = pair(event, regs, [("A", "B"), ("C", "D")])
    result(r1, regs, "A", 2, 0)
    cd = result(r1, regs, "C", 2, 1)
    r2 = services.round_pair_next(event=event)
    before = {frozenset((m.player_a_id, m.player_b_id)) for m in r2.tables.all()}
    assert before == {frozenset((regs["A"].pk, regs["C"].pk)), frozenset((regs["B"].pk, regs["D"].pk))}
    services.table_result_correct(table=cd, seats=game_seats(cd, 0, 2), reason="Ganó D", by=organizer)
    assert {frozenset((m.player_a_id, m.player_b_id)) for m in r2.tables.all()} == before
    again = services.round_repair(event=event)
    assert {frozenset((m.player_a_id, m.player_b_id)) for m in again.tables.all()} == {
        frozenset((regs["A"].pk, regs["D"].pk)), frozenset((regs["B"].pk, regs["C"].pk))}


def cut_event():
    """The field after two rounds with a top 4: semifinals A–D (slot 1) and B–C (slot 2), A and B win."""
    event, regs, cd = two_rounds(cut_size=4)
    semis = services.top_cut_start(event=event)
    by_slot = {m.bracket_slot: m for m in semis.tables.all()}
    assert (by_slot[1].player_a_id, by_slot[1].player_b_id) == (regs["A"].pk, regs["D"].pk)
    assert (by_slot[2].player_a_id, by_slot[2].player_b_id) == (regs["B"].pk, regs["C"].pk)
    services.table_result_record(table=by_slot[1], seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=by_slot[2], seats=[{"games": 2}, {"games": 1}])
    final = services.round_pair_next(event=event)
    event.refresh_from_db()
    return event, regs, cd, semis, by_slot, final


def test_correct_semifinal_reseeds_the_final_while_it_has_no_result(organizer):
    event, regs, cd, semis, by_slot, final = cut_event()
    only = final.tables.get()
    assert (only.player_a_id, only.player_b_id) == (regs["A"].pk, regs["B"].pk)
    services.table_result_correct(table=by_slot[2], seats=game_seats(by_slot[2], 1, 2), reason="C ganó la semifinal",
                                  by=organizer)
    only.refresh_from_db()
    assert (only.player_a_id, only.player_b_id) == (regs["A"].pk, regs["C"].pk)  # A is seed 1, C seed 3
    log = EventLogEntry.objects.get(event=event, action="match_result_correct")
    assert log.after["reseeded"]["stage"] == 1


def test_correct_semifinal_reseeds_final_and_third_place_match(organizer):
    """With a third-place match the new winner and the old winner trade places."""
    event, regs, cd = two_rounds(cut_size=4, third_place_match=True)
    semis = services.top_cut_start(event=event)
    by_slot = {m.bracket_slot: m for m in semis.tables.all()}
    services.table_result_record(table=by_slot[1], seats=[{"games": 2}, {"games": 0}])  # A beats D
    services.table_result_record(table=by_slot[2], seats=[{"games": 2}, {"games": 1}])  # B beats C
    final_round = services.round_pair_next(event=event)
    rows = {m.bracket_slot: (m.player_a_id, m.player_b_id) for m in final_round.tables.all()}
    assert rows == {1: (regs["A"].pk, regs["B"].pk), 0: (regs["C"].pk, regs["D"].pk)}
    services.table_result_correct(table=by_slot[1], seats=game_seats(by_slot[1], 0, 2), reason="Ganó D", by=organizer)
    rows = {m.bracket_slot: (m.player_a_id, m.player_b_id) for m in final_round.tables.all()}
    # Final: D (seed 4) against B (seed 2), B first; third place: A (seed 1) against C (seed 3).
    assert rows == {1: (regs["B"].pk, regs["D"].pk), 0: (regs["A"].pk, regs["C"].pk)}


def test_correct_semifinal_after_the_final_has_a_result_is_refused_naming_the_final(organizer):
    event, regs, cd, semis, by_slot, final = cut_event()
    services.table_result_record(table=final.tables.get(), seats=[{"games": 2}, {"games": 0}])
    with pytest.raises(StateError) as err:
        services.table_result_correct(table=by_slot[2], seats=game_seats(by_slot[2], 1, 2), reason="x", by=organizer)
    assert err.value.code == "next_stage_has_results"
    assert "Final" in err.value.message


def test_correct_swiss_result_that_changes_a_started_cut_is_refused(organizer):
    """The C–D correction puts D 3rd and C 4th: the seeds of a started cut would change."""
    event, regs, cd, semis, by_slot, final = cut_event()
    with pytest.raises(StateError) as err:
        services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="x", by=organizer)
    assert err.value.code == "top_cut_started"
    assert "Semifinales" in err.value.message


def test_correct_swiss_result_that_keeps_the_cut_is_accepted_after_the_cut_started(organizer):
    """A–B of round 1 from 2-0 to 2-1: B's game differential becomes 3-2 = +1, still above C (-1)."""
    event, regs, cd, semis, by_slot, final = cut_event()
    ab = Table.objects.get(round__number=1, seats__seat=1, seats__registration=regs["A"])
    services.table_result_correct(table=ab, seats=game_seats(ab, 2, 1), reason="Fue 2-1", by=organizer)
    ab.refresh_from_db()
    assert (ab.games_a, ab.games_b) == (2, 1)
    assert standings_names(event, regs) == ["A", "B", "C", "D"]


def finished_event():
    event, regs, cd = two_rounds()
    services.event_finish(event=event)
    event.refresh_from_db()
    return event, regs, cd


def test_correct_finished_event_moves_the_podium_and_reverses_league_points(organizer):
    """Podium A, B, C becomes A, B, D: C's +1 (3rd place) is reversed and D gets +1."""
    event, regs, cd = finished_event()
    assert (event.podium_first_id, event.podium_second_id, event.podium_third_id) == (
        regs["A"].pk, regs["B"].pk, regs["C"].pk)
    # A Super Liga date feeds the season table and the all-time ranking: one entry per table.
    thirds = {e.scope: e for e in LedgerEntry.objects.filter(event=event, player=regs["C"].player,
                                                             reason="podium_3")}
    assert len(thirds) == 2
    count = LedgerEntry.objects.filter(event=event).count()
    services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="Ganó D", by=organizer)
    event.refresh_from_db()
    assert event.state == EventState.FINISHED
    assert (event.podium_first_id, event.podium_second_id, event.podium_third_id) == (
        regs["A"].pk, regs["B"].pk, regs["D"].pk)
    new = list(LedgerEntry.objects.filter(event=event).order_by("pk")[count:])
    c, d = regs["C"].player_id, regs["D"].player_id
    assert sorted((e.scope, e.player_id, e.reason, e.points, e.reverses_id or 0) for e in new) == sorted(
        [(scope, c, "reversal", -1, entry.pk) for scope, entry in thirds.items()]
        + [(scope, d, "podium_3", 1, 0) for scope in thirds]
    )
    assert EventLogEntry.objects.filter(event=event, action="event_podium_recompute").count() == 1


def test_correct_final_of_finished_event_swaps_champion_and_finalist(organizer):
    event, regs, cd, semis, by_slot, final = cut_event()
    services.table_result_record(table=final.tables.get(), seats=[{"games": 2}, {"games": 0}])  # A beats B
    services.event_finish(event=event)
    played = final.tables.get()
    services.table_result_correct(table=played, seats=game_seats(played, 1, 2), reason="Ganó B", by=organizer)
    event.refresh_from_db()
    assert (event.podium_first_id, event.podium_second_id) == (regs["B"].pk, regs["A"].pk)


def test_correct_pending_match_is_refused(organizer):
    event, regs = four_players()
    r1 = pair(event, regs, [("A", "B"), ("C", "D")])
    match = Table.objects.get(round=r1, seats__seat=1, seats__registration=regs["A"])
    with pytest.raises(StateError) as err:
        services.table_result_correct(table=match, seats=game_seats(match, 2, 0), reason="x", by=organizer)
    assert err.value.code == "no_result_to_correct"
    assert r1.phase == RoundPhase.SWISS


def test_pod_correct_finished_event_moves_the_podium(organizer):
    """Pods (tests/tournaments/pods_helpers.py): round 2 really was Eva 23, Darío 16, Beto 9, Carla 4, Ana 0.

    Placement points in a pod of five (DESIGN.md decision 17: 3, 2.25, 1.5,
    0.75, 0): Ana 3+0, Beto 2.25+1.5 = 3.75, Carla 1.5+0.75, Darío 0.75+2.25,
    Eva 0+3 — Beto leads alone; Ana, Darío and Eva on 3 with 2 × (15 − 3) =
    24 opponents' points each, so stoner points Ana 25, Eva 1+23 = 24, Darío
    21 order them. Podium Ana, Eva, Beto becomes Beto, Ana, Eva (004 § "1
    Objetivo").
    """
    from tests.tournaments.pods_helpers import played_event

    event, regs, rounds = played_event()
    assert (event.podium_first_id, event.podium_second_id, event.podium_third_id) == (
        regs["ana"].pk, regs["eva"].pk, regs["beto"].pk)
    pod = rounds[1].tables.get()
    places = {"eva": (1, 23), "dario": (2, 16), "beto": (3, 9), "carla": (4, 4), "ana": (5, 0)}
    seats = place_seats([(regs[k].pk, p, s) for k, (p, s) in places.items()])
    with pytest.raises(IllegalResult):
        services.table_result_correct(table=pod, seats=seats, reason="", by=organizer)
    services.table_result_correct(table=pod, seats=seats, reason="Puntos de Beto y Carla cruzados", by=organizer)
    event.refresh_from_db()
    assert (event.podium_first_id, event.podium_second_id, event.podium_third_id) == (
        regs["beto"].pk, regs["ana"].pk, regs["eva"].pk)
    log = EventLogEntry.objects.get(event=event, action="pod_result_correct")
    assert log.reason == "Puntos de Beto y Carla cruzados"


def test_resending_the_stored_score_is_a_no_op(organizer):
    """Round 1's C–D stays 2-1 (the module's field): nothing to correct, no history, no log."""
    event, regs, cd = two_rounds()
    entries = ResultEntry.objects.filter(table=cd).count()
    services.table_result_correct(table=cd, seats=game_seats(cd, 2, 1), reason="Sin cambios", by=organizer)
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (2, 1, 1)
    assert ResultEntry.objects.filter(table=cd).count() == entries
    assert not EventLogEntry.objects.filter(action="match_result_correct").exists()


def test_resending_a_pods_stored_places_is_a_no_op_and_the_preview_says_so(organizer):
    """Round 1 of tests/tournaments/pods_helpers.py as it was entered: Ana 25, Beto 20, Carla 13, Darío 5, Eva 1."""
    from tests.tournaments.pods_helpers import ROUNDS, played_event
    from tournaments.services.corrections_preview import table_correction_preview

    event, regs, rounds = played_event()
    pod = rounds[0].tables.get()
    seats = place_seats([(regs[k].pk, place, score) for k, (place, score) in ROUNDS[0].items()])
    preview = table_correction_preview(table=pod, seats=seats)
    assert preview.unchanged and not any(line.changed for line in preview.seats)
    assert preview.moved == ()
    services.table_result_correct(table=pod, seats=seats, reason="Sin cambios", by=organizer)
    pod.refresh_from_db()
    assert pod.version == 1
    assert not EventLogEntry.objects.filter(action="pod_result_correct").exists()


def test_seats_that_are_not_the_tables_are_refused(organizer):
    """A result naming a player of another table (round 1's A–B) for C–D is refused before anything is written."""
    event, regs, cd = two_rounds()
    with pytest.raises(IllegalResult) as err:
        services.table_result_correct(table=cd, seats={regs["A"].pk: {"games": 0}, regs["D"].pk: {"games": 2}},
                                      reason="x", by=organizer)
    assert err.value.code == "seats_mismatch"
    cd.refresh_from_db()
    assert cd.version == 1
