"""``manage.py run_event`` for the seed games (issue #9, "Done when").

A 13-player stoner-points event runs in pods to its final standings; a
Blobbiemundo event runs as a two-player Swiss event to its podium.
"""
import io
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.games import REGISTRY
from tournaments.enums import EventState
from tournaments.formats import FORMATS, format_for
from tournaments.models import Event, Seat, Table
from tournaments.pods_selectors import pod_standings_for_event
from tournaments.swiss.pods import pod_sizes

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DATA = Path(__file__).resolve().parent.parent / "data"


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command("run_event", *args, stdout=out, **kwargs)
    return out.getvalue()


def test_run_event_stoner_points_13_players_plays_in_pods_to_standings():
    text = run(str(DATA / "stoner_13.csv"), game="stoner_points", name="Stoner 13")
    event = Event.objects.get(name="Stoner 13")
    assert format_for(event) is FORMATS["pods"]
    assert event.state == EventState.FINISHED
    assert event.planned_rounds == 4  # ceil(log2 13)
    rules = REGISTRY["stoner_points"].pods
    expected = sorted(pod_sizes(13, rules.min_size, rules.max_size, rules.preferred_size))
    for rnd in event.rounds.all():
        sizes = sorted(pod.seats.count() for pod in rnd.tables.all())
        assert sizes == expected  # nobody sits out, pods of the game's sizes
        seated = Seat.objects.filter(round=rnd).values_list("registration_id", flat=True)
        assert len(set(seated)) == 13
    # No duel: no bye, and no table with a match outcome (a pod's is blank).
    assert not Table.objects.filter(round__event=event).exclude(outcome="", is_bye=False).exists()
    assert "== Posiciones finales" in text and "Puntos stoner" in text and "Rivales" in text
    assert "== Podio" in text
    rows = pod_standings_for_event(event)
    assert [event.podium_first_id, event.podium_second_id, event.podium_third_id] == [
        row.registration_id for row in rows[:3]
    ]
    assert all(row.pods_played == 4 for row in rows)


def test_run_event_stoner_points_is_reproducible():
    first = run(str(DATA / "stoner_13.csv"), game="stoner_points", name="Stoner A")
    again = run(str(DATA / "stoner_13.csv"), game="stoner_points", name="Stoner B")
    assert again.replace("Stoner B", "Stoner A") == first


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
