"""Manual pairing of the current round (issue #13 item 2).

Clauses: R-000-64 (players meet the nearest score; no rematch while
avoidable: 000_0014b2ac83da54b4.txt § "¿Cómo funciona el emparejamiento en
los torneos suizos?"), one bye per player (STYLE.md § 7, DESIGN.md
decision 1). Every expected table, warning and point gap is worked out by
hand from the rounds the tests play.
"""
from __future__ import annotations

import pytest

from tests.factories import UserFactory, registered_event
from tournaments import services
from tournaments.enums import MatchOutcome, MatchStatus
from tournaments.errors import StateError
from tournaments.models import Document, EventLogEntry, Registration, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ["Ana", "Bruno", "Carla", "Darío", "Elena", "Facundo", "Gema", "Hugo"]


def setup_event(count: int):
    """``count`` players named from NAMES; registrations returned as p[1]..p[count] (p[0] unused)."""
    event = registered_event(NAMES[:count])
    regs = {reg.player.display_name: reg for reg in event.registrations.select_related("player")}
    return event, [None, *(regs[name] for name in NAMES[:count])]


def play(event, rnd, results):
    """Enter ``results``: {table: (games_a, games_b)}."""
    for table, (ga, gb) in results.items():
        services.table_result_record(table=rnd.tables.get(table_number=table), seats=[{"games": ga}, {"games": gb}])


def tables(rnd):
    """{table: (player a name, player b name)}; the bye under key "bye"."""
    out = {}
    for m in Table.objects.filter(round=rnd).all():
        key = "bye" if m.is_bye else m.table_number
        out[key] = (m.player_a.player.display_name, m.player_b.player.display_name if m.player_b else None)
    return out


@pytest.fixture
def even_round():
    """8 players. Round 1: Ana-Bruno, Carla-Darío, Elena-Facundo, Gema-Hugo, side A wins 2-0.

    Round 2 (pending): 1 Ana-Carla, 2 Elena-Gema, 3 Bruno-Darío, 4 Facundo-Hugo.
    Points after round 1: Ana, Carla, Elena, Gema 1; Bruno, Darío, Facundo, Hugo 0.
    """
    event, p = setup_event(8)
    r1 = services.round_pair_manual(event=event, pairings=[(p[1], p[2]), (p[3], p[4]), (p[5], p[6]), (p[7], p[8])])
    play(event, r1, {1: (2, 0), 2: (2, 0), 3: (2, 0), 4: (2, 0)})
    r2 = services.round_pair_manual(event=event, pairings=[(p[1], p[3]), (p[5], p[7]), (p[2], p[4]), (p[6], p[8])])
    return event, p, r2


@pytest.fixture
def odd_round():
    """7 players. Round 1: 1 Ana 2-1 Bruno, 2 Carla 2-0 Darío, 3 Elena 2-0 Facundo, Gema bye.

    Round 2 (pending): 1 Ana-Carla, 2 Elena-Gema, 3 Bruno-Darío, Facundo bye.
    Points after round 1: Ana, Carla, Elena, Gema 1; Bruno, Darío, Facundo 0.
    """
    event, p = setup_event(7)
    r1 = services.round_pair_manual(event=event, pairings=[(p[1], p[2]), (p[3], p[4]), (p[5], p[6]), (p[7], None)])
    play(event, r1, {1: (2, 1), 2: (2, 0), 3: (2, 0)})
    r2 = services.round_pair_manual(event=event, pairings=[(p[1], p[3]), (p[5], p[7]), (p[2], p[4]), (p[6], None)])
    return event, p, r2


def codes(err):
    return [w["code"] for w in err.value.warnings]


def test_pairing_swap_between_equal_scores_without_history_applies_at_once(even_round):
    event, p, r2 = even_round
    user = UserFactory()
    services.pairing_swap(event=event, registration_a=p[3], registration_b=p[5], by=user)
    # Carla (table 1, side B) and Elena (table 2, side A) trade seats; all four have 1 point, none met.
    assert tables(r2) == {1: ("Ana", "Elena"), 2: ("Carla", "Gema"), 3: ("Bruno", "Darío"), 4: ("Facundo", "Hugo")}
    entry = EventLogEntry.objects.get(event=event, action="pairing_swap")
    assert entry.actor == user
    assert [(t["table"], t["a"]["name"], t["b"]["name"]) for t in entry.before["tables"]] == [
        (1, "Ana", "Carla"), (2, "Elena", "Gema")]
    assert [(t["table"], t["a"]["name"], t["b"]["name"]) for t in entry.after["tables"]] == [
        (1, "Ana", "Elena"), (2, "Carla", "Gema")]
    assert entry.after["warnings"] == []


def test_pairing_swap_same_side_of_two_tables(even_round):
    event, p, r2 = even_round
    # Ana (table 1, A) and Elena (table 2, A): each takes the other's seat.
    services.pairing_swap(event=event, registration_a=p[1], registration_b=p[5])
    assert tables(r2)[1] == ("Elena", "Carla")
    assert tables(r2)[2] == ("Ana", "Gema")


def test_pairing_swap_within_one_table_exchanges_the_sides(even_round):
    event, p, r2 = even_round
    services.pairing_swap(event=event, registration_a=p[1], registration_b=p[3])
    assert tables(r2)[1] == ("Carla", "Ana")


def test_pairing_swap_into_a_rematch_warns_with_round_and_gap_and_changes_nothing(even_round):
    event, p, r2 = even_round
    # Carla (table 1) <-> Bruno (table 3): table 1 becomes Ana-Bruno (met in round 1, 1 vs 0 points),
    # table 3 becomes Carla-Darío (met in round 1, 1 vs 0 points).
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[2])
    assert err.value.code == "confirmation_required"
    assert codes(err) == ["rematch", "score_gap", "rematch", "score_gap"]
    messages = [w["message"] for w in err.value.warnings]
    assert messages[0] == "Revancha: Ana y Bruno ya se enfrentaron en la ronda 1."
    assert messages[1] == ("Diferencia de puntaje en la mesa 1: Ana tiene 1 y Bruno 0; difieren en 1.")
    assert err.value.warnings[1]["gap"] == 1.0
    assert tables(r2)[1] == ("Ana", "Carla")  # nothing changed
    assert not EventLogEntry.objects.filter(action="pairing_swap").exists()


def test_pairing_swap_confirmed_flags_the_rematch(even_round):
    event, p, r2 = even_round
    services.pairing_swap(event=event, registration_a=p[3], registration_b=p[2], confirm_warnings=True)
    assert tables(r2)[1] == ("Ana", "Bruno")
    assert tables(r2)[3] == ("Carla", "Darío")
    assert set(Table.objects.filter(round=r2, repeats__gt=0).values_list("table_number", flat=True)) == {1, 3}
    entry = EventLogEntry.objects.get(action="pairing_swap")
    assert entry.after["warnings"] == ["rematch", "score_gap", "rematch", "score_gap"]


def test_pairing_swap_back_clears_the_rematch_flag(even_round):
    event, p, r2 = even_round
    services.pairing_swap(event=event, registration_a=p[3], registration_b=p[2], confirm_warnings=True)
    services.pairing_swap(event=event, registration_a=p[3], registration_b=p[2], confirm_warnings=True)
    assert tables(r2)[1] == ("Ana", "Carla")
    assert not Table.objects.filter(round=r2, repeats__gt=0).exists()


def test_pairing_swap_score_gap_of_half_a_point():
    # Round 1: Ana-Bruno 1-1 (a draw: 0.5 each), Carla 2-0 Darío. Round 2: Ana-Carla, Bruno-Darío.
    event, p = setup_event(4)
    r1 = services.round_pair_manual(event=event, pairings=[(p[1], p[2]), (p[3], p[4])])
    play(event, r1, {1: (1, 1), 2: (2, 0)})
    services.round_pair_manual(event=event, pairings=[(p[1], p[3]), (p[2], p[4])])
    # Swap Darío and Carla: table 1 Ana-Darío (0.5 vs 0: gap 0.5), table 2 Bruno-Carla (0.5 vs 1: 0.5).
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[4])
    assert codes(err) == ["score_gap", "score_gap"]
    assert [w["gap"] for w in err.value.warnings] == [0.5, 0.5]
    assert err.value.warnings[0]["message"] == (
        "Diferencia de puntaje en la mesa 1: Ana tiene 0,5 y Darío 0; difieren en 0,5.")


def test_pairing_move_seats_the_player_and_sends_the_occupant_to_the_old_seat(even_round):
    event, p, r2 = even_round
    # Bruno (table 3, A) to table 1 side A: Ana goes to table 3 side A.
    # Table 1 Bruno-Carla (0 vs 1: gap 1), table 3 Ana-Darío (1 vs 0: gap 1); no rematch.
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_move(event=event, registration=p[2], table=1, side="a")
    assert codes(err) == ["score_gap", "score_gap"]
    services.pairing_move(event=event, registration=p[2], table=1, side="a", confirm_warnings=True)
    assert tables(r2)[1] == ("Bruno", "Carla")
    assert tables(r2)[3] == ("Ana", "Darío")
    assert EventLogEntry.objects.filter(action="pairing_move").count() == 1


def test_pairing_move_to_a_missing_table_is_refused(even_round):
    event, p, r2 = even_round
    with pytest.raises(StateError) as err:
        services.pairing_move(event=event, registration=p[2], table=9)
    assert err.value.code == "no_such_table"
    assert str(err.value) == "La ronda 2 no tiene una mesa 9."


def test_pairing_edit_after_a_result_names_the_table(even_round):
    event, p, r2 = even_round
    play(event, r2, {1: (2, 0)})
    with pytest.raises(StateError) as err:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[5], confirm_warnings=True)
    assert err.value.code == "table_has_result"
    assert str(err.value) == "La mesa 1 ya tiene un resultado cargado; sus jugadores ya no se cambian."
    # Tables without a result can still be edited: Elena (2) <-> Bruno (3).
    services.pairing_swap(event=event, registration_a=p[5], registration_b=p[2], confirm_warnings=True)
    assert tables(r2)[2] == ("Bruno", "Gema")


def test_pairing_edit_of_a_closed_round_is_refused(even_round):
    event, p, r2 = even_round
    play(event, r2, {1: (2, 0), 2: (2, 0), 3: (2, 0), 4: (2, 0)})
    services.round_close(event=event)
    with pytest.raises(StateError) as err:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[5])
    assert err.value.code == "no_current_round"


def test_pairing_bye_give_swaps_with_the_bye_holder(odd_round):
    event, p, r2 = odd_round
    # Bruno (table 3, A) takes the bye; Facundo (bye) takes Bruno's seat: table 3 Facundo-Darío,
    # both 0 points, never met; Bruno had no bye. No warning.
    services.pairing_bye_give(event=event, registration=p[2])
    assert tables(r2)["bye"] == ("Bruno", None)
    assert tables(r2)[3] == ("Facundo", "Darío")
    bye = Table.objects.get(round=r2, is_bye=True)
    assert (bye.games_a, bye.outcome, bye.status, bye.table_number) == (
        event.bye_game_wins, MatchOutcome.BYE, MatchStatus.CONFIRMED, None)
    assert Table.objects.filter(round=r2, is_bye=True).count() == 1
    assert EventLogEntry.objects.filter(action="pairing_bye_give").count() == 1


def test_pairing_bye_give_second_bye_warns(odd_round):
    event, p, r2 = odd_round
    # Gema had the bye in round 1; Facundo would take her seat at table 2: Elena-Facundo met in
    # round 1 and differ by 1 - 0 = 1 point.
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_bye_give(event=event, registration=p[7])
    assert codes(err) == ["rematch", "score_gap", "second_bye"]
    second = err.value.warnings[2]
    assert second["message"] == "Gema ya tuvo un bye en la ronda 1; tendría un segundo bye."


def test_pairing_bye_give_in_a_round_without_bye_is_refused(even_round):
    event, p, r2 = even_round
    with pytest.raises(StateError) as err:
        services.pairing_bye_give(event=event, registration=p[2])
    assert err.value.code == "no_bye"


def test_pairing_bye_take_with_an_opponent_gives_the_bye_to_the_opponents_rival(odd_round):
    event, p, r2 = odd_round
    # Facundo (bye) plays Ana: he takes Carla's seat; Carla gets the bye (her first).
    # Table 1 Ana-Facundo: 1 vs 0 points, gap 1; never met.
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_bye_take(event=event, registration=p[6], opponent_registration=p[1])
    assert codes(err) == ["score_gap"]
    services.pairing_bye_take(event=event, registration=p[6], opponent_registration=p[1], confirm_warnings=True)
    assert tables(r2)[1] == ("Ana", "Facundo")
    assert tables(r2)["bye"] == ("Carla", None)


def test_pairing_bye_take_without_an_opponent_follows_the_bye_rule(odd_round):
    event, p, r2 = odd_round
    # Seated players by standings after round 1: 1 point Ana, Carla, Elena, Gema; 0 points Bruno (games
    # 1-2, differential -1) above Darío (0-2, -2). The lowest without an earlier bye is Darío: he gets
    # the bye and Facundo takes his seat: table 3 Bruno-Facundo, 0 vs 0, never met — no warning.
    services.pairing_bye_take(event=event, registration=p[6])
    assert tables(r2)["bye"] == ("Darío", None)
    assert tables(r2)[3] == ("Bruno", "Facundo")


def test_pairing_bye_take_from_a_player_without_the_bye_is_refused(odd_round):
    event, p, r2 = odd_round
    with pytest.raises(StateError) as err:
        services.pairing_bye_take(event=event, registration=p[1])
    assert err.value.code == "no_bye_to_take"


def test_pairing_edit_requests_the_round_documents_again(even_round, django_capture_on_commit_callbacks, settings):
    settings.ARENA_DOCUMENTS_RENDER = "task"  # with workers: one enqueue after commit
    event, p, r2 = even_round
    Document.objects.filter(round=r2).update(state="ready")
    with django_capture_on_commit_callbacks() as callbacks:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[5])
    assert len([cb for cb in callbacks if cb.__module__ != "tournaments.stamps"]) == 1  # stamp withdrawals aside
    assert set(Document.objects.filter(round=r2).values_list("state", flat=True)) == {"queued"}


def test_pairing_edit_preview_changes_nothing(even_round):
    event, p, r2 = even_round
    plan = services.pairing_edit_preview(event=event, kind="swap", registration=p[3], other=p[2])
    assert [w["code"] for w in plan.warnings] == ["rematch", "score_gap", "rematch", "score_gap"]
    assert [(c["table"], c["after"]["a"]["name"], c["after"]["b"]["name"]) for c in plan.changes] == [
        (1, "Ana", "Bruno"), (3, "Carla", "Darío")]
    assert tables(r2)[1] == ("Ana", "Carla")


def test_pairing_swap_off_a_fixed_table_warns(even_round):
    event, p, r2 = even_round
    services.registration_fixed_table_set(registration=p[3], table=1)
    with pytest.raises(services.ConfirmationRequired) as err:
        services.pairing_swap(event=event, registration_a=p[3], registration_b=p[5])
    assert codes(err) == ["fixed_table"]
    assert err.value.warnings[0]["message"] == "Carla tiene la mesa fija 1 y dejaría de jugar en ella."


def test_registration_fixed_table_is_kept_by_the_next_pairing_and_logged():
    event, p = setup_event(8)
    user = UserFactory()
    services.registration_fixed_table_set(registration=p[8], table=3, by=user)
    rnd = services.round_pair_next(event=event)
    assert Table.objects.get(round=rnd, table_number=3).pk in set(
        Table.objects.filter(round=rnd).filter(seats__seat=1, seats__registration=p[8]).values_list("pk", flat=True)
        | Table.objects.filter(round=rnd).filter(seats__seat=2, seats__registration=p[8]).values_list("pk", flat=True))
    assert sorted(Table.objects.filter(round=rnd).values_list("table_number", flat=True)) == [1, 2, 3, 4]
    entry = EventLogEntry.objects.get(event=event, action="registration_fixed_table")
    assert (entry.before, entry.after, entry.actor) == ({"fixed_table": None}, {"fixed_table": 3}, user)
    assert Registration.objects.get(pk=p[8].pk).fixed_table == 3


def test_registration_fixed_table_conflict_is_logged_not_raised():
    # Two players want table 1; whoever the draw pairs, at most one match sits there.
    event, p = setup_event(4)
    services.registration_fixed_table_set(registration=p[1], table=1)
    services.registration_fixed_table_set(registration=p[2], table=1)
    rnd = services.round_pair_next(event=event)
    entry = EventLogEntry.objects.get(event=event, action="round_pair_next")
    table_one = Table.objects.get(round=rnd, table_number=1)
    holders = {table_one.player_a_id, table_one.player_b_id}
    assert holders & {p[1].pk, p[2].pk}
    conflicts = entry.after["fixed_table_conflicts"]
    assert len(conflicts) == 1 and conflicts[0]["table"] == 1
    assert {conflicts[0]["player"], conflicts[0]["kept_by"]} == {p[1].pk, p[2].pk}
