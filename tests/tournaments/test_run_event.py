"""The main job: ``manage.py run_event`` on the bundled files, for every registered format.

Clauses: R-000-63 (everyone plays every round), R-000-66 (tiebreak columns),
R-000-39 (top 4 cut), R-000-80 (podium); issue #9 "Done when" (a 13-player
stoner-points event runs in pods to its final standings; a Blobbiemundo event
runs as a two-player Swiss event to its podium); issue #24 (one loop over
tables for every format).
"""
import io
from itertools import combinations
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rules.games import REGISTRY
from tournaments.enums import EventState
from tournaments.formats import FORMATS, format_for
from tournaments.models import Event, Registration, Seat, Table
from tournaments.selectors import standing_rows
from tournaments.swiss.pods import pod_sizes

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DATA = Path(__file__).resolve().parent.parent / "data"


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command("run_event", *args, stdout=out, **kwargs)
    return out.getvalue()


def played_tables(event, **filters):
    return Table.objects.filter(round__event=event, is_bye=False, **filters)


def check_duels(event, text):
    assert event.planned_rounds == 5  # ceil(log2 24)
    assert "Handicap: vs" in text and "Handicap: x" in text  # the tiebreak columns (R-000-66)
    # Every registration plays every Swiss round (R-000-63): 24 players, 12 tables, 5 rounds.
    assert Table.objects.filter(round__event=event, round__phase="swiss").count() == 60
    # The top 4 cut (R-000-39): two semifinals, then the final, whose winner is first.
    cut = [list(played_tables(event, round=rnd)) for rnd in event.rounds.filter(phase="top_cut").order_by("number")]
    assert [len(tables) for tables in cut] == [2, 1]
    (final,) = cut[-1]
    assert event.podium_first == (final.player_a if final.games_a > final.games_b else final.player_b)


def check_pods(event, text):
    assert event.planned_rounds == 4  # ceil(log2 13)
    rules = REGISTRY["stoner_points"].pod_rules
    expected = sorted(pod_sizes(13, rules.min_size, rules.max_size, rules.preferred_size))
    for rnd in event.rounds.all():
        assert sorted(pod.seats.count() for pod in rnd.tables.all()) == expected  # nobody sits out
        seated = Seat.objects.filter(round=rnd).values_list("registration_id", flat=True)
        assert len(set(seated)) == 13
    # No duel: no bye, and no table with a match outcome (a pod's is blank).
    assert not Table.objects.filter(round__event=event).exclude(outcome="", is_bye=False).exists()
    assert "== Posiciones finales" in text and "Puntos stoner" in text and "Rivales" in text
    rows = standing_rows(event)
    assert [event.podium_first_id, event.podium_second_id, event.podium_third_id] == [
        row.registration_id for row in rows[:3]
    ]
    assert all(row.pods_played == 4 for row in rows)


def check_round_robin(event, text):
    # 8 players: 7 rounds of 4 tables, no bye, and each of the 28 pairs meets exactly once; then the top 4.
    assert event.planned_rounds == 7 and event.rounds.filter(phase="swiss").count() == 7
    assert not Table.objects.filter(round__event=event, is_bye=True).exists()
    met = [frozenset(table.registration_ids) for table in played_tables(event, round__phase="swiss")]
    regs = Registration.objects.filter(event=event).values_list("pk", flat=True)
    assert sorted(met, key=sorted) == sorted((frozenset(pair) for pair in combinations(regs, 2)), key=sorted)
    assert [played_tables(event, round=rnd).count() for rnd in event.rounds.filter(phase="top_cut")] == [2, 1]


def check_single_elimination(event, text):
    # 8 players, no third-place match: 4 quarterfinals, 2 semifinals, the final; the final's winner is first.
    rounds = [list(played_tables(event, round=rnd)) for rnd in event.rounds.order_by("number")]
    assert [len(tables) for tables in rounds] == [4, 2, 1]
    (final,) = rounds[-1]
    winner, loser = (final.player_a, final.player_b) if final.games_a > final.games_b else (
        final.player_b, final.player_a)
    assert (event.podium_first, event.podium_second) == (winner, loser)


#: One event per registered format: the file, the command's options, and the hand-derived checks.
CASES = {
    "duels": ("demo_event.csv", {"seed": 2024}, check_duels),
    "pods": ("stoner_13.csv", {"game": "stoner_points"}, check_pods),
    "round_robin": ("small_event.csv", {"format": "round_robin", "seed": 7}, check_round_robin),
    "single_elimination": ("small_event.csv", {"format": "single_elimination", "seed": 7},
                           check_single_elimination),
}


def test_every_format_has_a_case():
    assert set(CASES) == set(FORMATS)


@pytest.mark.parametrize("key", sorted(CASES))
def test_run_event_plays_every_format_to_its_podium_and_is_reproducible(key):
    name, options, check = CASES[key]
    text = run(str(DATA / name), name="Fecha A", **options)
    event = Event.objects.get(name="Fecha A")
    assert format_for(event) is FORMATS[key]
    assert event.state == EventState.FINISHED
    assert not played_tables(event, status="pending").exists()  # every table got its result
    podium = text.split("== Podio")[1]
    for place in (event.podium_first, event.podium_second):
        assert place.player.display_name in podium
    check(event, text)
    again = run(str(DATA / name), name="Fecha B", **options)
    assert again.replace("Fecha B", "Fecha A") == text


def test_recorded_results_are_replayed_with_their_pairings():
    text = run(str(DATA / "small_event.csv"), results=str(DATA / "small_results.csv"), name="Chica", cut=0)
    event = Event.objects.get(name="Chica")
    assert event.planned_rounds == 3 and event.state == EventState.FINISHED
    assert "== Ronda 3" in text and "== Ronda 4" not in text
    first = event.podium_first.player.display_name
    assert text.split("== Podio")[1].split("\n")[1].strip().endswith(first)


def test_trf_replay_matches_published_points():
    text = run(str(DATA / "capo_dorso_2012.trf"), name="Capo", quiet_rounds=True)
    assert "puntos iguales en 84 de 84 jugadores" in text
    assert Registration.objects.filter(event__name="Capo").count() == 84


def test_run_event_copa_del_mundo_seats_pods_of_three_and_four():
    text = run(str(DATA / "stoner_13.csv"), game="copa_del_mundo", name="Copa 13", quiet_rounds=True)
    event = Event.objects.get(name="Copa 13")
    assert event.state == EventState.FINISHED
    for rnd in event.rounds.all():
        assert sorted(pod.seats.count() for pod in rnd.tables.all()) == [3, 3, 3, 4]
    assert "== Podio" in text


def test_run_event_blobbiemundo_runs_to_podium():
    text = run(str(DATA / "demo_event.csv"), game="blobbiemundo", name="Blobbi")
    event = Event.objects.get(name="Blobbi")
    assert format_for(event).key == "duels"
    assert event.state == EventState.FINISHED
    # No pod: every table of the finished day seats one or two and has a match outcome (a bye's is "bye").
    assert not Seat.objects.filter(round__event=event, seat__gt=2).exists()
    assert not Table.objects.filter(round__event=event, outcome="").exists()
    assert "Posiciones finales de las rondas suizas" in text and "== Podio" in text
    for place in (event.podium_first, event.podium_second, event.podium_third):
        assert place.player.display_name in text


def test_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "inscriptos.csv"
    bad.write_text("nombre,número,sede,provincia\nAna,WM-1,Sede,CABA\nBeto,WM-1,Sede,CABA\n", encoding="utf-8")
    with pytest.raises(CommandError) as err:
        run(str(bad))
    assert "inscriptos.csv" in str(err.value)
    assert not Event.objects.exists()
