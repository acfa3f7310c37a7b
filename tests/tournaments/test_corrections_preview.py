"""Impact preview of a correction (issue #13 item 1): nothing is written, the rows that move are named.

Hand-computed (R-000-65 points, R-000-66 tiebreak order, R-000-70
Buchholz, R-000-73 game differential "Handicap: x", R-000-64 pairing by
score). Four players; round 1 by hand: A beats B 2-0, C beats D 2-1; round 2
paired by the core and not played yet: A–C and B–D (the two winners, the
two losers).

Standings after round 1: A 1 pt (Buchholz 0, games +2), C 1 pt (Buchholz 0,
games +1) — A above C by Handicap: x; D 0 pts (Buchholz 1, games -1), B 0
pts (Buchholz 1, games -2). So A, C, D, B.

Correcting C–D to D 2-1: A 1 pt (Buchholz 0, +2), D 1 pt (Buchholz 0, +1),
C 0 pts (Buchholz 1, -1), B 0 pts (Buchholz 1, -2): A, D, C, B. Only C
(2nd → 3rd, 1 → 0 pts, Buchholz 0 → 1) and D (3rd → 2nd, 0 → 1 pt,
Buchholz 1 → 0) move; round 2 would pair A–D and B–C.
"""
import pytest

from tests.factories import UserFactory
from tests.factories.day import game_seats
from tests.tournaments.test_corrections import four_players, pair, result, two_rounds
from tournaments import services
from tournaments.errors import IllegalResult
from tournaments.models import EventLogEntry, ResultEntry, Table
from tournaments.services.corrections_preview import table_correction_preview

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def round_two_paired(**kwargs):
    event, regs = four_players(planned_rounds=3, **kwargs)
    r1 = pair(event, regs, [("A", "B"), ("C", "D")])
    result(r1, regs, "A", 2, 0)
    cd = result(r1, regs, "C", 2, 1)
    r2 = services.round_pair_next(event=event)
    cd.refresh_from_db()
    return event, regs, cd, r2


def test_preview_lists_only_the_rows_that_move_with_the_criterion():
    event, regs, cd, r2 = round_two_paired(cut_size=0)
    preview = table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    moved = [(m.name, m.rank_before, m.rank_after, m.points_before, m.points_after, m.buchholz_before,
              m.buchholz_after, m.criterion_before, m.criterion_after) for m in preview.moved]
    assert moved == [
        # The criterion separates a row from the row above it: D was below C on points, is now
        # below A on game differential; C was below A on game differential, is now below D on points.
        ("Jugador D", 3, 2, 0.0, 1.0, 1.0, 0.0, "Puntaje total", "Handicap: x"),
        ("Jugador C", 2, 3, 1.0, 0.0, 0.0, 1.0, "Handicap: x", "Puntaje total"),
    ]
    assert (preview.score_before, preview.score_after) == ((2, 1, 0), (1, 2, 0))
    assert preview.subject == "Ronda 1, mesa 2"


def test_preview_says_the_current_round_would_pair_differently_and_offers_to_repair():
    event, regs, cd, r2 = round_two_paired(cut_size=0)
    preview = table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    assert preview.current_round == "Ronda 2"
    assert preview.pairs_differ is True
    assert {frozenset(p) for p in preview.pairs_after} == {
        frozenset(("Jugador A", "Jugador D")), frozenset(("Jugador B", "Jugador C"))}
    assert (preview.current_has_results, preview.can_repair) == (False, True)


def test_preview_writes_nothing():
    event, regs, cd, r2 = round_two_paired(cut_size=0)
    entries, log = ResultEntry.objects.count(), EventLogEntry.objects.count()
    table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (2, 1, 1)
    assert (ResultEntry.objects.count(), EventLogEntry.objects.count()) == (entries, log)


def test_preview_does_not_offer_to_repair_once_the_current_round_has_a_result():
    event, regs, cd, r2 = round_two_paired(cut_size=0)
    first = Table.objects.filter(round=r2).order_by("table_number").first()
    services.table_result_record(table=first, seats=[{"games": 2}, {"games": 0}])
    preview = table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    assert (preview.current_has_results, preview.can_repair) == (True, False)


def test_preview_reports_a_change_of_the_cut_order():
    """Top 4 of four: nobody enters or leaves, but seeds 2 and 3 (C, D) trade places."""
    event, regs, cd, r2 = round_two_paired(cut_size=4)
    preview = table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    assert (preview.cut_size, preview.cut_changes, preview.cut_in, preview.cut_out) == (4, True, (), ())


def test_preview_of_an_illegal_score_is_refused():
    event, regs, cd, r2 = round_two_paired(cut_size=0)
    with pytest.raises(IllegalResult):
        table_correction_preview(table=cd, seats=game_seats(cd, 3, 0))


def test_preview_of_finished_event_shows_the_new_podium():
    """Two rounds, finished (see test_corrections): podium A, B, C becomes A, B, D."""
    event, regs, cd = two_rounds()
    services.event_finish(event=event)
    preview = table_correction_preview(table=cd, seats=game_seats(cd, 1, 2))
    assert preview.podium_before == ("Jugador A", "Jugador B", "Jugador C")
    assert preview.podium_after == ("Jugador A", "Jugador B", "Jugador D")
    services.table_result_correct(table=cd, seats=game_seats(cd, 1, 2), reason="x",
                                  by=UserFactory(username="su", is_superuser=True))
    event.refresh_from_db()
    assert [event.podium_first.player.display_name, event.podium_second.player.display_name,
            event.podium_third.player.display_name] == list(preview.podium_after)


def test_preview_of_semifinal_shows_the_reseeded_final_or_the_refusal():
    event, regs, cd = two_rounds(cut_size=4)
    semis = services.top_cut_start(event=event)
    by_slot = {m.bracket_slot: m for m in semis.tables.all()}
    services.table_result_record(table=by_slot[1], seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=by_slot[2], seats=[{"games": 2}, {"games": 1}])
    final = services.round_pair_next(event=event)
    preview = table_correction_preview(table=by_slot[2], seats=game_seats(by_slot[2], 1, 2))
    assert (preview.reseed_stage, preview.reseed_pairs, preview.refusal) == (
        "Final", (("Jugador A", "Jugador C"),), "")
    services.table_result_record(table=final.tables.get(), seats=[{"games": 2}, {"games": 0}])
    preview = table_correction_preview(table=by_slot[2], seats=game_seats(by_slot[2], 1, 2))
    assert "Final" in preview.refusal


def test_preview_names_who_enters_and_leaves_the_cut():
    """Six players, top 4, the recorded draw A..F (DESIGN.md decision 11 orders technical ties).

    Round 1: A beats B 2-0, C beats D 2-0, E beats F 2-1. Every winner has
    Buchholz 0 and every loser 1 (R-000-70). Winners: A +2, C +2, E +1 (A, C
    a technical tie, drawn A first); losers: F -1, B -2, D -2. Cut: A, C, E, F.
    Correcting E–F to F 2-0: winners A, C, F all +2 (drawn A, C, F); losers
    B, D, E all -2 (drawn B, D, E). Cut: A, C, F, B — B enters, E leaves.
    """
    from tests.factories import EventFactory, PlayerFactory
    from tournaments.models import Registration

    event = EventFactory(cut_size=4, planned_rounds=3)
    services.registration_open(event=event)
    regs = {n: services.registration_create(event=event, player=PlayerFactory(display_name=f"Jugador {n}"))
            for n in "ABCDEF"}
    for position, name in enumerate("ABCDEF", start=1):
        Registration.objects.filter(pk=regs[name].pk).update(draw_order=position)
    services.registration_close(event=event)
    r1 = pair(event, regs, [("A", "B"), ("C", "D"), ("E", "F")])
    result(r1, regs, "A", 2, 0)
    result(r1, regs, "C", 2, 0)
    ef = result(r1, regs, "E", 2, 1)
    preview = table_correction_preview(table=ef, seats=game_seats(ef, 0, 2))
    assert (preview.cut_changes, preview.cut_in, preview.cut_out) == (True, ("Jugador B",), ("Jugador E",))
