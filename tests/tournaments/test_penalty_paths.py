"""Penalties follow the ladder on every path (issue #13 item 7) and nothing that took part is deleted.

Clauses: R-000-100 (misconduct, DQ when the head judge decides), R-000-101
(three Warnings in the date: loses the current game, disqualified), R-000-84
(deck of other than 60 cards: DQ), R-000-86 (the head judge revises, with a
reason kept in history). Defaults: DESIGN.md decision 10 (finished games
stand, the remaining games go to the opponent), RULES-TRACE ambiguity 26 (a
DQ between rounds loses no game).

Expected scores are worked out by hand from decision 10 for a best of three
(two game wins decide the match), from player A's side.
"""
import pytest
from django.db.models import RestrictedError
from django.urls import reverse

from rules.rulings import CATALOG
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import penalties, services
from tournaments.enums import MatchOutcome, MatchStatus
from tournaments.errors import ArenaError, StateError
from tournaments.models import EventLogEntry, MatchRuling, Penalty, PenaltyRevision, Registration, ResultEntry, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def make_event(players=4, **kwargs):
    event = EventFactory(**kwargs)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    return event


def first_table(event):
    return services.round_pair_next(event=event).tables.filter(is_bye=False).order_by("table_number").first()


def score(match):
    match.refresh_from_db()
    return (match.games_a, match.games_b, match.games_drawn)


def table_of(registration, rnd):
    return Table.objects.get(round=rnd, is_bye=False, seats__registration=registration)


# --------------------------------------------------------------------------- DQ after the result was saved


def test_dq_recorded_after_a_saved_2_0_names_game_2_and_rewrites_it_1_2():
    """Game 1 (won by A, the only kind of game on a 2-0 slip) stands; game 2 and game 3 go to B."""
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    plan = penalties.penalty_plan(match.player_a, infraction_code="misconduct", head_judge_disqualifies=True,
                                  game_number=2)
    assert (plan.score.games_a, plan.score.games_b, plan.score.games_drawn, plan.score.finished) == (1, 2, 0, True)
    assert score(match) == (2, 0, 0)  # the preview stores nothing
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                                      head_judge_disqualifies=True, game_number=2, notes="insultó al rival")
    assert score(match) == (1, 2, 0)
    assert (match.outcome, match.status) == (MatchOutcome.B_WINS, MatchStatus.REPORTED)
    entries = [(e.games_a, e.games_b, e.note) for e in match.entries.order_by("version")]
    assert [e[:2] for e in entries] == [(2, 0), (1, 2)]
    assert entries[1][2].startswith("Penalidad: ")
    assert penalty.in_match is True and penalty.penalty_type == "disqualification"
    assert Registration.objects.get(pk=match.player_a_id).disqualified


def test_dq_recorded_after_a_saved_2_0_in_game_1_is_0_2():
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                            head_judge_disqualifies=True, game_number=1)
    assert score(match) == (0, 2, 0)


def test_dq_after_the_match_ended_names_no_game_and_the_result_stands():
    """Ambiguity 26: a DQ between rounds loses no game; the 2-0 win stays, the player is out of the day."""
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                                      head_judge_disqualifies=True)
    assert score(match) == (2, 0, 0)
    assert penalty.in_match is False
    assert Registration.objects.get(pk=match.player_a_id).disqualified


def test_third_warning_recorded_after_a_saved_2_1_in_game_3_is_1_2():
    """A 2-1 slip: the match ended on A's second win, so games 1-2 were 1-1; game 3 is lost → 1-2."""
    event = make_event()
    match = first_table(event)
    offender = match.player_a
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_draw")
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_shuffle")
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    third = penalties.penalty_issue(registration=offender, infraction_code="procedural_play_order", game_number=3)
    assert (third.penalty_type, third.warning_count_after) == ("disqualification", 3)
    assert score(match) == (1, 2, 0)


def test_dq_after_a_saved_2_1_in_game_2_asks_for_the_earlier_games_and_stores_nothing():
    """2-1 with the infraction in game 2: game 1 may have been A's or B's; the slip does not say."""
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    with pytest.raises(ArenaError) as err:
        penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                                head_judge_disqualifies=True, game_number=2)
    assert err.value.code == "games_order_unknown"
    assert "anteriores a la partida 2" in err.value.message
    assert Penalty.objects.count() == 0 and score(match) == (2, 1, 0)


def test_dq_after_a_saved_2_1_in_game_2_with_the_judges_earlier_score():
    """The judge says game 1 was B's (0-1 before game 2): it stands; games 2 and 3 go to B → 0-2."""
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                            head_judge_disqualifies=True, game_number=2, earlier_games=(0, 1, 0))
    assert score(match) == (0, 2, 0)


def test_dq_after_a_saved_result_refuses_an_earlier_score_that_does_not_fit():
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    with pytest.raises(ArenaError) as err:
        penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct",
                                head_judge_disqualifies=True, game_number=2, earlier_games=(1, 1, 0))
    assert err.value.code == "earlier_games_mismatch"
    assert Penalty.objects.count() == 0


def test_judge_page_previews_the_rewritten_score_before_confirming(client):
    event = make_event()
    match = first_table(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    head = UserFactory(username="principal")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    client.force_login(head)
    url = reverse("judge:penalty_new", args=[event.pk, 1, match.table_number])
    response = client.post(url, {"registration": match.player_a_id, "infraction": "misconduct",
                                 "chosen_penalty": "disqualification", "game_number": "2"})
    html = response.content.decode()
    assert response.status_code == 200
    a, b = match.player_a.player.display_name, match.player_b.player.display_name
    assert f"La mesa queda {a} 1-2 {b}" in html
    assert Penalty.objects.count() == 0 and score(match) == (2, 0, 0)


# --------------------------------------------------------------------------- revisions


def test_revising_into_the_third_warning_loses_the_current_game_and_disqualifies():
    """R-000-101: two Warnings stand; a third penalty revised into a Warning is the third of the day."""
    head = UserFactory(username="principal")
    event = make_event()
    match = first_table(event)
    offender = match.player_a
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_draw")
    second = penalties.penalty_issue(registration=offender, infraction_code="procedural_no_shuffle")
    penalties.penalty_revise(penalty=second, new_type="none", reason="El rival mezcló por él", revised_by=head)
    third = penalties.penalty_issue(registration=offender, infraction_code="procedural_play_order", game_number=1)
    assert (third.penalty_type, third.warning_count_after) == ("warning", 2)
    assert score(match) == (0, 0, 0)
    revised = penalties.penalty_revise(penalty=second, new_type="warning", reason="Lo vio el juez de mesa",
                                       revised_by=head)
    assert revised.penalty_type == "disqualification"
    assert revised.warning_count_after == 3
    assert "lose_current_game" in revised.consequences and "disqualify_from_event" in revised.consequences
    # Game 1 was in progress (0-0): lost, and the rest of the match forfeited → 0-2 (DESIGN 10).
    assert score(match) == (0, 2, 0)
    assert match.status == MatchStatus.REPORTED
    assert Registration.objects.get(pk=offender.pk).disqualified
    rev = revised.revisions.order_by("revised_at", "pk").last()
    assert (rev.from_type, rev.to_type) == ("none", "disqualification")
    assert "queda descalificado" in rev.message


def test_five_revisions_in_a_row_are_five_history_rows_and_no_field_grows():
    head = UserFactory(username="principal")
    event = make_event()
    match = first_table(event)
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    steps = ["warning_hearts", "warning", "none", "warning", "warning_hearts"]
    sources = []
    for n, new_type in enumerate(steps, start=1):
        penalty = penalties.penalty_revise(penalty=penalty, new_type=new_type, reason=f"Revisión {n}",
                                           revised_by=head)
        sources.append(penalty.source)
    penalty.refresh_from_db()
    rows = list(PenaltyRevision.objects.filter(penalty=penalty).order_by("revised_at", "pk"))
    assert [(r.from_type, r.to_type) for r in rows] == [
        ("warning", "warning_hearts"), ("warning_hearts", "warning"), ("warning", "none"),
        ("none", "warning"), ("warning", "warning_hearts"),
    ]
    assert [r.reason for r in rows] == [f"Revisión {n}" for n in range(1, 6)]
    assert len(set(sources)) == 1 and len(sources[0]) <= 300
    assert sources[0].count("10.2.5.1") == 1  # the head judge's authority, cited once
    assert penalty.message.count("Motivo:") == 1 and penalty.message.endswith("Motivo: Revisión 5")
    assert penalty.original_type == "warning" and penalty.warning_count_after == 1
    # R-000-99: Warning and −5 hearts is applied at the table; the score does not move.
    assert score(match) == (0, 0, 0)


# --------------------------------------------------------------------------- re-pairing


def test_repair_keeps_penalties_and_rulings_with_the_players_new_tables():
    event = make_event(players=6)
    match = first_table(event)
    warned, asker = match.player_a, match.player_b
    warning = penalties.penalty_issue(registration=warned, infraction_code="procedural_no_draw")
    ruling_a = penalties.match_ruling_attach(match=match, ruling_id=CATALOG[0].id, note="consultado")
    ruling_b = penalties.match_ruling_attach(match=match, ruling_id=CATALOG[1].id, registration=asker)
    new_round = services.round_repair(event=event)
    assert Penalty.objects.count() == 1 and MatchRuling.objects.count() == 2
    warning.refresh_from_db()
    ruling_a.refresh_from_db()
    ruling_b.refresh_from_db()
    assert warning.round_id == new_round.pk
    assert warning.match_id == table_of(warned, new_round).pk
    assert ruling_a.match_id == table_of(warned, new_round).pk and ruling_a.registration_id == warned.pk
    assert ruling_b.match_id == table_of(asker, new_round).pk and ruling_b.registration_id == asker.pk
    # The ladder still reads the Warning: a second one counts as 2.
    second = penalties.penalty_issue(registration=warned, infraction_code="procedural_no_shuffle")
    assert second.warning_count_after == 2


def test_repair_is_refused_while_a_penalty_game_loss_is_on_the_score():
    event = make_event()
    match = first_table(event)
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="misconduct", game_number=1)
    assert score(match) == (0, 1, 0) and match.status == MatchStatus.PENDING
    with pytest.raises(StateError) as err:
        services.round_repair(event=event)
    assert err.value.code == "round_has_results"
    assert f"la mesa {match.table_number} tiene un marcador parcial" in err.value.message
    assert ResultEntry.objects.filter(table=match).count() == 1
    penalty.refresh_from_db()
    assert penalty.match_id == match.pk


# --------------------------------------------------------------------------- nothing is deleted


def test_a_registration_with_a_deck_size_dq_before_round_1_is_kept():
    """R-000-84: 59 cards at the deck check → DQ; the entry and its penalty stay in history."""
    event = make_event()
    reg = event.registrations.first()
    dq = penalties.penalty_issue(registration=reg, infraction_code="deck_size", deck_count=59)
    assert dq.penalty_type == "disqualification"
    removal = services.registration_delete(registration=reg)
    assert (removal.deleted, removal.dropped) == (False, False)  # a DQ is already a drop
    assert removal.message == (f"La inscripción de {reg.player.display_name} no se borra porque tiene "
                               "penalidades; queda en el historial.")
    assert Registration.objects.filter(pk=reg.pk).exists() and Penalty.objects.filter(pk=dq.pk).exists()


def test_a_registration_with_a_decklist_is_dropped_instead_of_deleted():
    from rules.services import decklist_submit

    event = make_event()
    reg = event.registrations.first()
    head = UserFactory(username="principal")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    decklist_submit(registration=reg, text="60 Sativa", by=head)
    removal = services.registration_delete(registration=reg)
    reg.refresh_from_db()
    assert (removal.deleted, removal.dropped, reg.dropped) == (False, True, True)
    assert removal.message == (f"La inscripción de {reg.player.display_name} no se borra porque tiene "
                               "lista de mazo: queda en el historial como abandono.")


def test_a_mistaken_entry_with_nothing_is_deleted_and_logged():
    event = make_event()
    reg = event.registrations.first()
    name = reg.player.display_name
    removal = services.registration_delete(registration=reg)
    assert removal.deleted and not Registration.objects.filter(pk=reg.pk).exists()
    assert EventLogEntry.objects.filter(event=event, action="registration_delete", subject=name).count() == 1


def test_the_database_refuses_to_delete_a_registration_with_a_penalty():
    event = make_event()
    reg = event.registrations.first()
    penalties.penalty_issue(registration=reg, infraction_code="deck_size", deck_count=61)
    with pytest.raises(RestrictedError):
        Registration.objects.filter(pk=reg.pk).delete()
