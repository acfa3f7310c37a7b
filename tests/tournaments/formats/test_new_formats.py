"""Round robin and single elimination played end to end through the services.

The events, their results and the expected standings and podiums are the
hand-derived cases of :mod:`tests.tournaments.formats_cases` (the
arithmetic is written there). Rules: 000_0014b2ac83da54b4.txt § "10.1.
Desarrollo de las Rondas Suizas" (results, then the next round, R-000-78;
the podium of 3, R-000-80), § "¿Cómo se calculan los puntos en un torneo
suizo?" (R-000-65, R-000-66); DESIGN.md decisions 1, 6, 16, 20 and 22.
"""
from __future__ import annotations

from itertools import combinations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.factories.day import game_seats
from tests.tournaments.formats_cases import (
    ROUND_ROBIN_6,
    ROUND_ROBIN_6_CUT_SEMIFINALS,
    SINGLE_ELIMINATION_6,
    SINGLE_ELIMINATION_8,
)
from tournaments import selectors, services
from tournaments.enums import EventState, MatchOutcome, RoundPhase
from tournaments.errors import IllegalResult, PairingRefused, StateError
from tournaments.formats import FORMATS, ROUND_ROBIN, SINGLE_ELIMINATION, format_choices, format_for
from tournaments.models import EventLogEntry, Table
from tournaments.swiss.lifecycle import Action
from tournaments.swiss.lifecycle import actions_available as lifecycle_actions
from tournaments.swiss.round_robin import round_robin_schedule

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

A = Action


def registered(case, **settings):
    """The case's event with its players registered in order and registration closed; ``{name: registration}``."""
    event = EventFactory(format=case["format"], **{**case["settings"], **settings})
    services.registration_open(event=event)
    regs = {name: services.registration_create(event=event, player=PlayerFactory(display_name=name))
            for name in case["players"]}
    services.registration_close(event=event)
    event.refresh_from_db()
    return event, regs


def actions(event):
    event.refresh_from_db()
    return lifecycle_actions(format_for(event).day_facts(event))


def score_for(results, a, b):
    """The case's score of ``a`` v ``b`` seen from ``a`` (the case writes each pair once)."""
    if (a, b) in results:
        return results[(a, b)]
    ga, gb, gd = results[(b, a)]
    return gb, ga, gd


def record(match, score):
    ga, gb, gd = score
    services.table_result_record(table=match, seats=[{"games": ga}, {"games": gb}], games_drawn=gd)


def standings_of(event):
    return [(row.display_name, row.match_points) for row in selectors.final_rows(event)]


def podium_of(event):
    event.refresh_from_db()
    return tuple(reg.player.display_name for reg in (event.podium_first, event.podium_second, event.podium_third))


def test_the_registry_offers_both_new_formats_for_two_player_games_only():
    from rules.games import REGISTRY

    assert FORMATS["round_robin"] is ROUND_ROBIN and FORMATS["single_elimination"] is SINGLE_ELIMINATION
    assert ("round_robin", "Todos contra todos") in [(k, str(label)) for k, label in format_choices()]
    assert ("single_elimination", "Eliminación directa") in [(k, str(label)) for k, label in format_choices()]
    for fmt in (ROUND_ROBIN, SINGLE_ELIMINATION):
        # two-player games (players_max 2) yes; the 2-6 and 2-4 player games of pods no
        assert fmt.supports(REGISTRY["weed_monsters"]) and fmt.supports(None)
        assert not fmt.supports(REGISTRY["stoner_points"]) and not fmt.supports(REGISTRY["copa_del_mundo"])


# --------------------------------------------------------------------------- round robin


def play_round_robin(event, regs, results, *, wrong=None, check_actions=False):
    """Pair, enter and close every round; ``wrong`` = (pair, score) entered instead of the case's."""
    names = {reg.pk: name for name, reg in regs.items()}
    if check_actions:
        assert actions(event) == (A.REGISTRATION_OPEN, A.ROUND_PAIR_NEXT)
    while True:
        try:
            rnd = services.round_pair_next(event=event)
        except PairingRefused as refused:
            assert refused.code == "swiss_complete"
            return
        if check_actions:  # round just paired, nothing entered: re-pair or close (close refuses while pending)
            assert actions(event) == (A.ROUND_REPAIR, A.ROUND_CLOSE)
        for match in rnd.tables.filter(is_bye=False):
            a, b = names[match.player_a_id], names[match.player_b_id]
            score = score_for(results, a, b)
            if wrong and {a, b} == set(wrong[0]):
                score = score_for({wrong[0]: wrong[1]}, a, b)
            record(match, score)
        last = rnd.number == event.planned_rounds
        if check_actions:
            assert actions(event) == (A.ROUND_CLOSE, A.EVENT_FINISH if last and not event.cut_size
                                      else A.TOP_CUT_START if last else A.ROUND_PAIR_NEXT)
        services.round_close(event=event)


def test_round_robin_of_six_plays_everyone_once_and_finishes_on_the_table():
    case = ROUND_ROBIN_6
    event, regs = registered(case)
    play_round_robin(event, regs, case["results_by_pair"], check_actions=True)
    event.refresh_from_db()
    assert event.planned_rounds == case["planned_rounds"] == 5  # 6 players, even: 6 - 1
    names = {reg.pk: name for name, reg in regs.items()}
    met = [frozenset((names[t.player_a_id], names[t.player_b_id])) for t in Table.objects.filter(round__event=event)]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(case["players"], 2)), key=sorted)
    assert actions(event) == (A.EVENT_FINISH,)  # cut_size 0: no «Iniciar reducido»
    services.event_finish(event=event)
    assert standings_of(event) == case["standings"]
    assert podium_of(event) == case["podium"]


def test_round_robin_standings_break_the_full_tie_by_head_to_head():
    case = ROUND_ROBIN_6
    event, regs = registered(case)
    play_round_robin(event, regs, case["results_by_pair"])
    rows = {row.display_name: row for row in selectors.standing_rows(event)}
    # Elena and Facundo: 1.0 points, 1 win, Buchholz 14.0 each (formats_cases); Elena beat Facundo
    assert (rows["Elena"].buchholz, rows["Facundo"].buchholz) == (14.0, 14.0)
    assert rows["Facundo"].separated_by == "head_to_head"


def test_round_robin_refuses_fewer_than_three_or_more_than_twelve_naming_the_count():
    for count in (2, 13):
        case = {**ROUND_ROBIN_6, "players": [f"Jugador {i}" for i in range(count)]}
        event, _regs = registered(case)
        with pytest.raises(PairingRefused) as refused:
            services.round_pair_next(event=event)
        assert refused.value.code == "round_robin_size"
        assert f"3 a 12 jugadores activos, y hay {count}" in str(refused.value)
        assert not event.rounds.exists()


def test_round_robin_of_five_gives_each_player_one_bye_a_two_nil_win():
    case = {**ROUND_ROBIN_6, "players": ["Ana", "Bruno", "Carla", "Diego", "Elena"]}
    results = {pair: score for pair, score in case["results_by_pair"].items() if "Facundo" not in pair}
    event, regs = registered(case)
    play_round_robin(event, regs, results)
    event.refresh_from_db()
    assert event.planned_rounds == 5  # 5 players, odd: 5 rounds, a bye each round
    byes = [(t.player_a_id, t.games_a, t.outcome) for t in Table.objects.filter(round__event=event, is_bye=True)]
    assert sorted(b[0] for b in byes) == sorted(reg.pk for reg in regs.values())
    assert {(b[1], b[2]) for b in byes} == {(2, MatchOutcome.BYE)}
    # Ana: 4 W + bye = 5.0; Bruno: 3 W (Carla, Diego, Elena) + bye = 4.0;
    # Carla: 1 W (Elena) + 1 D (Diego) + bye = 2.5; Diego: 1 W (Elena) + 1 D (Carla) + bye = 2.5;
    # Elena: bye = 1.0 (sum 15.0 = 10 matches + 5 byes). Carla and Diego: 2 wins each (the bye is one),
    # Buchholz Ana 5 + Bruno 4 + Elena 1 + the other 2.5 = 12.5 each, head-to-head drawn (0), so game
    # differential: Carla 0-2, 1-2, 1-1, 2-0 (+ bye 2-0) is 6-5 = +1; Diego 0-2, 0-2, 1-1, 2-0 (+ 2-0) is 5-5 = 0.
    rows = [(r.display_name, r.match_points) for r in selectors.standing_rows(event)]
    assert rows == [("Ana", 5.0), ("Bruno", 4.0), ("Carla", 2.5), ("Diego", 2.5), ("Elena", 1.0)]
    assert selectors.standing_rows(event)[3].separated_by == "game_differential"


def test_a_dropped_players_remaining_opponents_get_a_bye_by_forfeit():
    case = ROUND_ROBIN_6
    event, regs = registered(case)
    names = {reg.pk: name for name, reg in regs.items()}
    for _ in range(2):
        rnd = services.round_pair_next(event=event)
        for match in rnd.tables.filter(is_bye=False):
            record(match, score_for(case["results_by_pair"], names[match.player_a_id], names[match.player_b_id]))
    services.registration_drop(registration=regs["Diego"])
    # whom Diego would meet in rounds 3-5: the schedule of the round-1 players in their drawn places
    seated = ROUND_ROBIN.seating(event, [reg.pk for reg in regs.values()])
    schedule = round_robin_schedule(seated)
    diego = regs["Diego"].pk
    for number in (3, 4, 5):
        rnd = services.round_pair_next(event=event)
        scheduled = next(p for p in schedule[number - 1] if diego in (p.player_a, p.player_b))
        opponent = scheduled.player_b if scheduled.player_a == diego else scheduled.player_a
        assert not rnd.tables.filter(seats__registration=diego).exists()
        bye = rnd.tables.get(is_bye=True)
        assert (bye.player_a_id, bye.games_a, bye.outcome) == (opponent, 2, MatchOutcome.BYE)
        assert rnd.tables.filter(is_bye=False).count() == 2  # the other four players still play
        for match in rnd.tables.filter(is_bye=False):
            record(match, score_for(case["results_by_pair"], names[match.player_a_id], names[match.player_b_id]))
    services.round_close(event=event)
    services.event_finish(event=event)
    assert podium_of(event)[0] == "Ana"
    assert regs["Diego"].pk not in (event.podium_first_id, event.podium_second_id, event.podium_third_id)


def test_a_closed_round_is_corrected_and_the_table_follows():
    case = ROUND_ROBIN_6
    event, regs = registered(case)
    organizer = UserFactory(username="organiza", is_superuser=True, is_staff=True)
    # Ana v Bruno entered the wrong way round (1-2), its round closed, then corrected to the case's 2-1
    play_round_robin(event, regs, case["results_by_pair"], wrong=(("Ana", "Bruno"), (1, 2, 0)))
    wrong_rows = [(r.display_name, r.match_points) for r in selectors.standing_rows(event)]
    assert wrong_rows[:2] == [("Bruno", 5.0), ("Ana", 4.0)]
    match = Table.objects.filter(round__event=event, seats__registration=regs["Ana"]).get(
        seats__registration=regs["Bruno"])
    assert match.round.state == "closed"
    flipped = match.player_a_id == regs["Bruno"].pk
    services.table_result_correct(table=match, seats=game_seats(match, 1 if flipped else 2, 2 if flipped else 1),
                                  reason="Planilla mal cargada", by=organizer)
    services.event_finish(event=event)
    assert standings_of(event) == case["standings"]
    assert EventLogEntry.objects.filter(event=event, action="match_result_correct").count() == 1


def test_a_round_robin_with_a_top_four_plays_the_cut_from_the_table():
    case = ROUND_ROBIN_6
    event, regs = registered(case, cut_size=4)
    play_round_robin(event, regs, case["results_by_pair"])
    assert actions(event) == (A.TOP_CUT_START,)
    semis = services.top_cut_start(event=event)
    names = {reg.pk: name for name, reg in regs.items()}
    assert [(names[m.player_a_id], names[m.player_b_id]) for m in semis.tables.order_by("bracket_slot")] \
        == ROUND_ROBIN_6_CUT_SEMIFINALS


# --------------------------------------------------------------------------- single elimination


def play_bracket(event, regs, rounds, *, check_actions=False):
    names = {reg.pk: name for name, reg in regs.items()}
    if check_actions:
        assert actions(event) == (A.REGISTRATION_OPEN, A.ROUND_PAIR_NEXT)
    for index, expected in enumerate(rounds):
        rnd = services.round_pair_next(event=event)
        assert rnd.phase == RoundPhase.TOP_CUT
        event.refresh_from_db()
        assert event.state == EventState.TOP_CUT
        tables = [(names[m.player_a_id], names[m.player_b_id]) for m in
                  rnd.tables.filter(is_bye=False).order_by("table_number")]
        byes = sorted(names[m.player_a_id] for m in rnd.tables.filter(is_bye=True))
        assert tables == [(a, b) for a, b, _s in expected if b is not None]
        assert byes == sorted(a for a, b, _s in expected if b is None)
        if check_actions:
            assert actions(event) == (A.ROUND_CLOSE,)
        for match in rnd.tables.filter(is_bye=False).order_by("table_number"):
            record(match, next(s for a, b, s in expected if (a, b) == (names[match.player_a_id],
                                                                      names[match.player_b_id])))
        if check_actions:
            last = index == len(rounds) - 1
            assert actions(event) == (A.ROUND_CLOSE, A.EVENT_FINISH if last else A.ROUND_PAIR_NEXT)
        services.round_close(event=event)


@pytest.mark.parametrize("case", [SINGLE_ELIMINATION_8, SINGLE_ELIMINATION_6], ids=lambda c: c["id"])
def test_single_elimination_plays_the_bracket_to_its_podium(case):
    event, regs = registered(case)
    play_bracket(event, regs, case["rounds"], check_actions=True)
    with pytest.raises(PairingRefused) as refused:
        services.round_pair_next(event=event)
    assert refused.value.code == "top_cut_complete"
    services.event_finish(event=event)
    assert podium_of(event) == case["podium"]
    assert standings_of(event) == case["standings"]


def test_single_elimination_has_no_top_cut_to_start():
    event, regs = registered(SINGLE_ELIMINATION_8)
    services.round_pair_next(event=event)
    with pytest.raises(StateError) as refused:
        services.top_cut_start(event=event)
    assert refused.value.code == "no_top_cut"
    assert A.TOP_CUT_START not in actions(event)


def test_a_draw_is_not_a_result_in_a_knockout_match():
    event, regs = registered(SINGLE_ELIMINATION_8)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.get(table_number=1)
    with pytest.raises(IllegalResult) as refused:
        services.table_result_record(table=match, seats=[{"games": 1}, {"games": 1}])
    assert "no hay empates" in str(refused.value)
    match.refresh_from_db()
    assert match.version == 0


def test_single_elimination_refuses_counts_outside_three_to_sixteen():
    for count in (2, 17):
        event, _regs = registered({**SINGLE_ELIMINATION_8, "players": [f"Jugador {i}" for i in range(count)]})
        with pytest.raises(PairingRefused) as refused:
            services.round_pair_next(event=event)
        assert refused.value.code == "knockout_size"
        assert f"3 a 16 jugadores activos, y hay {count}" in str(refused.value)
        event.refresh_from_db()
        assert event.state == EventState.CLOSED and not event.rounds.exists()


def test_a_dropped_player_in_the_bracket_gives_the_next_opponent_a_walkover():
    case = SINGLE_ELIMINATION_6
    event, regs = registered(case)
    play_bracket(event, regs, case["rounds"][:1])
    # Sergio won his quarterfinal and drops: Pablo (seed 1) goes on to the final without playing
    services.registration_drop(registration=regs["Sergio"])
    semis = services.round_pair_next(event=event)
    bye = semis.tables.get(is_bye=True)
    assert (bye.player_a_id, bye.bracket_slot, bye.outcome) == (regs["Pablo"].pk, 1, MatchOutcome.BYE)
    assert [(m.player_a_id, m.player_b_id) for m in semis.tables.filter(is_bye=False)] \
        == [(regs["Quimey"].pk, regs["Rocío"].pk)]
    record(semis.tables.get(is_bye=False), (2, 0, 0))
    final = services.round_pair_next(event=event)
    assert {final.tables.get().player_a_id, final.tables.get().player_b_id} == {regs["Pablo"].pk,
                                                                                   regs["Quimey"].pk}


def test_a_closed_quarterfinal_is_corrected_and_the_semifinal_is_re_seeded():
    case = SINGLE_ELIMINATION_8
    event, regs = registered(case)
    organizer = UserFactory(username="organiza", is_superuser=True, is_staff=True)
    # Karen v Lucas entered as 2-1 for Karen; the round closes and the semifinals pair Hugo v Karen
    wrong = [[(a, b, (2, 1, 0) if (a, b) == ("Karen", "Lucas") else s) for a, b, s in case["rounds"][0]]]
    play_bracket(event, regs, wrong)
    semis = services.round_pair_next(event=event)
    first = semis.tables.get(bracket_slot=1)
    assert (first.player_a_id, first.player_b_id) == (regs["Hugo"].pk, regs["Karen"].pk)
    quarter = Table.objects.get(round__event=event, round__number=1, seats__seat=1, seats__registration=regs["Karen"])
    services.table_result_correct(table=quarter, seats=game_seats(quarter, 1, 2), reason="Planilla mal cargada",
                                  by=organizer)
    first.refresh_from_db()
    assert (first.player_a_id, first.player_b_id) == (regs["Hugo"].pk, regs["Lucas"].pk)
    # the rest as the case: the podium and the final order are the case's
    names = {reg.pk: name for name, reg in regs.items()}
    for match in semis.tables.filter(is_bye=False):
        record(match, next(s for a, b, s in case["rounds"][1] if (a, b) == (names[match.player_a_id],
                                                                          names[match.player_b_id])))
    services.round_close(event=event)
    play_bracket(event, regs, case["rounds"][2:])
    services.event_finish(event=event)
    assert podium_of(event) == case["podium"]
    assert standings_of(event) == case["standings"]


# --------------------------------------------------------------------------- pages and API


@pytest.mark.parametrize("case", [ROUND_ROBIN_6, SINGLE_ELIMINATION_6], ids=lambda c: c["id"])
def test_public_pages_and_api_answer_with_the_players_names(client, case):
    event, regs = registered(case)
    if case["format"] == "round_robin":
        play_round_robin(event, regs, case["results_by_pair"])
    else:
        play_bracket(event, regs, case["rounds"])
    services.event_finish(event=event)
    champion, runner_up = case["podium"][:2]
    number = regs[champion].player.player_number
    pages = [
        reverse("public:event", args=[event.pk]),
        reverse("public:round", args=[event.pk, 1]),
        reverse("public:standings", args=[event.pk]),
        reverse("public:player", args=[event.pk, number]),
    ]
    if case["format"] == "single_elimination":
        pages.append(reverse("public:bracket", args=[event.pk]))
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert champion in response.content.decode(), url
    standings_page = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert standings_page.index(champion) < standings_page.index(runner_up)
    api = APIClient()
    detail = api.get(reverse("tournaments_api:event-detail", args=[event.pk]))
    assert detail.status_code == 200 and detail.json()["format"] == case["format"]
    rows = api.get(reverse("tournaments_api:standing-list", args=[event.pk])).json()
    rows = rows.get("results", rows) if isinstance(rows, dict) else rows
    assert [row["name"] if "name" in row else row["display_name"] for row in rows][:2] == [champion, runner_up]
    pairings = api.get(reverse("tournaments_api:pairing-list", args=[event.pk, 1]))
    assert pairings.status_code == 200
    assert any(name in pairings.content.decode() for name in case["players"])


def test_the_judges_see_the_bracket_tables_with_the_players_names(client):
    event, regs = registered(SINGLE_ELIMINATION_6)
    rnd = services.round_pair_next(event=event)
    judge = UserFactory(username="juez1")
    event.judges.add(judge)
    client.force_login(judge)
    listing = client.get(reverse("judge:tables", args=[event.pk]))
    assert listing.status_code == 200
    assert "Sergio" in listing.content.decode() and "Tamara" in listing.content.decode()
    table = client.get(reverse("judge:table", args=[event.pk, rnd.number, 1]))
    assert table.status_code == 200 and "Sergio" in table.content.decode()


def test_the_admins_event_form_offers_the_registrys_formats():
    from tournaments.admin.forms import EventAdminForm

    offered = [key for key, _label in EventAdminForm().fields["format"].choices]
    assert offered == ["", "duels", "pods", "round_robin", "single_elimination"]


@pytest.mark.parametrize(("key", "rounds", "phase"), [("round_robin", 7, RoundPhase.SWISS),
                                                      ("single_elimination", 3, RoundPhase.TOP_CUT)])
def test_run_event_plays_a_file_in_the_format_asked(key, rounds, phase):
    import io
    from pathlib import Path

    from django.core.management import call_command

    from tournaments.models import Event

    data = Path(__file__).resolve().parents[2] / "data" / "small_event.csv"
    out = io.StringIO()
    call_command("run_event", str(data), format=key, cut=0, name=f"Archivo {key}", stdout=out)
    event = Event.objects.get(name=f"Archivo {key}")
    # small_event.csv has 8 players: a round robin of 8 plays 8 - 1 = 7 rounds; a bracket of 8 has 3 stages
    assert (event.format, event.state) == (key, EventState.FINISHED)
    assert list(event.rounds.values_list("phase", flat=True)) == [phase] * rounds
    assert event.podium_first.player.display_name in out.getvalue()


def test_a_bracket_not_started_cannot_finish():
    event, _regs = registered(SINGLE_ELIMINATION_6)
    with pytest.raises(StateError) as refused:
        services.event_finish(event=event)
    assert refused.value.code == "bracket_not_started"
    event.refresh_from_db()
    assert event.state == EventState.CLOSED


def test_re_pairing_round_one_after_a_drop_fixes_the_rounds_again():
    case = {**ROUND_ROBIN_6, "players": [*ROUND_ROBIN_6["players"], "Gisela"]}
    event, regs = registered(case)
    services.round_pair_next(event=event)
    event.refresh_from_db()
    assert event.planned_rounds == 7  # 7 players, odd: 7 rounds, a bye each
    services.registration_drop(registration=regs["Gisela"])
    rnd = services.round_repair(event=event)
    event.refresh_from_db()
    # 6 players now: 6 - 1 = 5 rounds, 3 tables and no bye
    assert event.planned_rounds == 5
    assert (rnd.number, rnd.tables.filter(is_bye=False).count(), rnd.tables.filter(is_bye=True).count()) \
        == (1, 3, 0)
    assert not rnd.tables.filter(seats__seat=1, seats__registration=regs["Gisela"]).exists()
    assert not rnd.tables.filter(seats__seat=2, seats__registration=regs["Gisela"]).exists()


def test_registrations_entered_at_the_same_moment_are_seeded_by_the_recorded_draw():
    event, regs = registered(SINGLE_ELIMINATION_6)
    moment = regs["Pablo"].created_at
    from tournaments.models import Registration

    Registration.objects.filter(pk__in=[regs["Pablo"].pk, regs["Quimey"].pk]).update(created_at=moment)
    Registration.objects.filter(pk=regs["Pablo"].pk).update(draw_order=900)
    Registration.objects.filter(pk=regs["Quimey"].pk).update(draw_order=100)
    # same registration time: the lower draw number is seed 1 (DESIGN.md decision 11); the rest keep their order
    seeds = SINGLE_ELIMINATION.seeds(event)
    assert seeds[:2] == [regs["Quimey"].pk, regs["Pablo"].pk]
    assert seeds[2:] == [regs[name].pk for name in ("Rocío", "Sergio", "Tamara", "Ulises")]


def test_a_round_robin_is_called_by_its_rounds_not_swiss_ones(client):
    """Before round 1 a 6-player round robin plans 5 rounds (everyone meets the other 5 once), not the
    Swiss log2(6) → 3 (000_0014b2ac83da54b4.txt § "10.1"); its state reads «Todos contra todos» on the
    organizer's day panel, the public page and the API."""
    from tests.factories.day import registered_event
    from tests.tournaments.admin.conftest import make_organizer

    event = registered_event(6, format="round_robin")
    assert event.planned_rounds is None
    assert ROUND_ROBIN.planned_rounds(event, 6) == 5 and FORMATS["duels"].planned_rounds(event, 6) == 3
    client.force_login(make_organizer("org_rr_words", event.venue))
    panel = client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert "0 de 5 rondas" in panel and "0 de 3" not in panel
    assert 'class="fieldset-heading">Rondas</h2>' in panel  # the settings' heading, not «Rondas suizas»
    assert 'class="fieldset-heading">Rondas suizas</h2>' not in panel
    services.round_pair_next(event=event)
    event.refresh_from_db()
    panel = client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert "1 de 5 rondas" in panel and 'arena-state-swiss">Todos contra todos</span>' in panel
    public = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "Todos contra todos" in public and "Rondas suizas" not in public
    body = APIClient().get(reverse("tournaments_api:event-detail", args=[event.pk])).json()
    assert (body["state"], body["state_label"]) == ("swiss", "Todos contra todos")
    rounds = APIClient().get(reverse("tournaments_api:round-list", args=[event.pk])).json()["results"]
    assert [(r["phase"], r["phase_label"]) for r in rounds] == [("swiss", "Todos contra todos")]
    round_list = client.get(reverse("admin:tournaments_round_changelist") + f"?event__id__exact={event.pk}")
    assert "<td class=\"field-phase_display\">Todos contra todos</td>" in round_list.content.decode()


def test_a_bracket_round_is_called_by_the_bracket_not_a_top_cut(client):
    """A single-elimination event's rounds are stored in the cut's phase (they are knockout tables) but
    no Swiss rounds came before them: the round list and the API call them «Eliminación directa», not
    «Reducido»; a Swiss event's cut keeps «Reducido» (000_0014b2ac83da54b4.txt § "10.1")."""
    from tests.factories.day import registered_event
    from tests.tournaments.admin.conftest import make_organizer

    event = registered_event(8, format="single_elimination")
    services.round_pair_next(event=event)
    rounds = APIClient().get(reverse("tournaments_api:round-list", args=[event.pk])).json()["results"]
    assert [(r["phase"], r["phase_label"]) for r in rounds] == [("top_cut", "Eliminación directa")]
    client.force_login(make_organizer("org_se_words", event.venue))
    round_list = client.get(reverse("admin:tournaments_round_changelist") + f"?event__id__exact={event.pk}")
    assert "<td class=\"field-phase_display\">Eliminación directa</td>" in round_list.content.decode()
    duels = registered_event(8)
    rnd = services.round_pair_next(event=duels)
    assert FORMATS["duels"].phase_label(rnd) == "Suiza"
    rnd.phase = RoundPhase.TOP_CUT
    assert FORMATS["duels"].phase_label(rnd) == "Reducido"
