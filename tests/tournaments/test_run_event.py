"""The main job: ``manage.py run_event`` on the bundled files.

Clauses: R-000-63 (everyone plays every round), R-000-66 (tiebreak columns),
R-000-39 (top 4 cut), R-000-80 (podium).
"""
import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.enums import EventState
from tournaments.models import Event, Registration, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DATA = Path(__file__).resolve().parent.parent / "data"


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command("run_event", *args, stdout=out, **kwargs)
    return out.getvalue()


def test_demo_event_plays_to_podium_and_is_reproducible():
    text = run(str(DATA / "demo_event.csv"), seed=2024, name="Demo A")
    event = Event.objects.get(name="Demo A")
    assert event.state == EventState.FINISHED
    assert event.planned_rounds == 5  # ceil(log2 24)
    assert "== Podio" in text and "Handicap: vs" in text and "Handicap: x" in text
    for place in (event.podium_first, event.podium_second, event.podium_third):
        assert place.player.display_name in text
    # Every registration plays every Swiss round (R-000-63): 24 players, 12 tables, 5 rounds.
    assert Table.objects.filter(round__event=event, round__phase="swiss").count() == 60
    again = run(str(DATA / "demo_event.csv"), seed=2024, name="Demo B")
    assert again.replace("Demo B", "Demo A") == text


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


def test_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "inscriptos.csv"
    bad.write_text("nombre,número,sede,provincia\nAna,WM-1,Sede,CABA\nBeto,WM-1,Sede,CABA\n", encoding="utf-8")
    with pytest.raises(CommandError) as err:
        run(str(bad))
    assert "inscriptos.csv" in str(err.value)
    assert not Event.objects.exists()
