"""Demo data kept apart (issue #18 point 2): ``Event.demo`` and ``Season.demo``.

A demo event's league points count only in a demo season; the demo
commands refuse a database that holds real (non-demo) events unless
``--force``. Points expected by hand from 000_0014b2ac83da54b4.txt
§ "Super Liga": "+1" per player for participating, "+3 / +2 / +1" for
the podium (R-000-36, R-000-37).
"""
from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from leagues import selectors, services
from leagues.models import LedgerEntry, Season
from rules.models import Game
from tournaments.enums import EventKind
from tournaments.models import Event, Venue

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

# Four players of one province at a venue of that province: no out-of-province points.
FOUR = "nombre,número,sede,provincia\n" + "".join(
    f"Jugador {n},WM-9{n:03d},Sede Palermo,CABA\n" for n in range(1, 5)
)
# 2024-02-03: the first Super Liga date (000 § "Super Liga": "a partir del sábado 3 de febrero").
DAY = "2024-02-03"


@pytest.fixture
def four(tmp_path):
    path = tmp_path / "cuatro.csv"
    path.write_text(FOUR, encoding="utf-8")
    return str(path)


def play(path: str, name: str, **opts) -> Event:
    call_command("run_event", path, name=name, date=DAY, seed=7, quiet_rounds=True, stdout=io.StringIO(), **opts)
    return Event.objects.filter(name=name).latest("pk")


def season_total(season: Season) -> int:
    return sum(row.points for row in selectors.season_table(season))


def game() -> Game:
    return Game.objects.get(key="weed_monsters")


def test_real_event_posts_its_points_in_the_real_season(four):
    """Control for the tests below: R-000-36, R-000-37. A real 4-player Super Liga date, one
    province: 4 × 1 participation + 3 + 2 + 1 podium = 10 season points (000 § "Super Liga")."""
    season = services.season_ensure(game=game(), year=2024)
    event = play(four, "Fecha real")
    assert event.demo is False
    assert season_total(season) == 10


def test_demo_event_points_never_reach_a_real_season_table(four):
    """A demo event (``run_event --demo``) on a real season's date posts no ledger entry: the
    season table and the all-time ranking stay empty, while the same event played for real
    posts 10 (control above). Issue #18: "demo events can never count in a real table"."""
    season = services.season_ensure(game=game(), year=2024)
    event = play(four, "Fecha demo", demo=True)
    assert event.demo is True
    assert not LedgerEntry.objects.filter(event=event).exists()
    assert selectors.season_table(season) == []
    assert selectors.all_time_ranking(game=game()) == []


def test_demo_event_next_to_a_real_one_leaves_the_real_table_as_the_real_event_made_it(four):
    """R-000-36, R-000-37: the real date's 10 points (4 × 1 + 3 + 2 + 1), nothing more from a
    demo date the same day at the same venue with the same players."""
    season = services.season_ensure(game=game(), year=2024)
    play(four, "Fecha real")
    play(four, "Fecha demo", demo=True, force=True)
    assert season_total(season) == 10
    assert {row.dates_played for row in selectors.season_table(season)} == {1}


def test_demo_event_counts_in_a_demo_season(four):
    """R-000-36, R-000-37: in a demo season (``Season.demo``, what ``demo_season`` plays in) a
    demo date posts its 10 points like a real one."""
    season = services.season_ensure(game=game(), year=2024)
    Season.objects.filter(pk=season.pk).update(demo=True)
    play(four, "Fecha demo", demo=True)
    assert season_total(season) == 10


def test_demo_commands_refuse_a_database_with_real_events_naming_it(four):
    """A real event in the database: ``demo_season``, ``demo_setup`` and ``run_event --demo``
    refuse with a Spanish message naming the database, and create nothing."""
    venue = Venue.objects.create(name="Sede Real", province="CABA")
    Event.objects.create(name="Fecha de verdad", game=game(), venue=venue, kind=EventKind.SUPER_LIGA,
                         date=DAY, seed=1)
    name = str(connection.settings_dict["NAME"])
    for command, args in (("demo_season", ()), ("demo_setup", ()), ("run_event", (four,))):
        opts = {"demo": True} if command == "run_event" else {}
        with pytest.raises(CommandError) as info:
            call_command(command, *args, stdout=io.StringIO(), **opts)
        message = str(info.value)
        assert name in message, command
        assert "ya tiene 1 evento que no es de demostración" in message
        assert "--force" in message
    assert list(Event.objects.values_list("name", flat=True)) == ["Fecha de verdad"]


def test_force_runs_the_demo_anyway_and_the_demo_still_counts_nowhere_real(four):
    """With ``--force`` on a database with a real event, ``run_event --demo`` runs; its event is
    a demo one and posts nothing into the (real) 2024 season."""
    season = services.season_ensure(game=game(), year=2024)
    venue = Venue.objects.create(name="Sede Real", province="CABA")
    Event.objects.create(name="Fecha de verdad", game=game(), venue=venue, kind=EventKind.SUPER_LIGA,
                         date=DAY, seed=1)
    event = play(four, "Fecha demo", demo=True, force=True)
    assert event.demo is True
    assert selectors.season_table(season) == []


def test_demo_replace_deletes_only_demo_events(four):
    """``run_event --demo --replace`` replaces an earlier demo event of that name, never a real one."""
    real = play(four, "Misma fecha")
    demo = play(four, "Misma fecha", demo=True, force=True, replace=True)
    assert Event.objects.filter(pk=real.pk).exists()
    again = play(four, "Misma fecha", demo=True, force=True, replace=True)
    assert not Event.objects.filter(pk=demo.pk).exists()
    assert set(Event.objects.filter(name="Misma fecha").values_list("demo", flat=True)) == {True, False}
    assert again.demo is True


def test_demo_season_marks_its_events_and_season_demo():
    """``demo_season`` plays in a demo season with demo events only (so its table is filled)."""
    call_command("demo_season", stdout=io.StringIO())
    season = Season.objects.get(year=2024)
    assert season.demo is True
    events = Event.objects.filter(name__startswith="Demo 2024")
    assert events.count() == 8 and set(events.values_list("demo", flat=True)) == {True}
    assert selectors.season_table(season)


def test_demo_season_never_marks_a_real_season_demo():
    """A 2024 season already holding a real event's points is not turned into a demo season
    by ``demo_season --force``; the demo's points then count in it nowhere."""
    venue = Venue.objects.create(name="Sede Real", province="CABA")
    real = Event.objects.create(name="Fecha de verdad", game=game(), venue=venue, kind=EventKind.SUPER_LIGA,
                                date=DAY, seed=1)
    season = services.season_ensure(game=game(), year=2024)
    LedgerEntry.objects.create(player=_a_player(venue), event=real, reason="participation", points=1,
                               scope="season", season=season)
    call_command("demo_season", force=True, stdout=io.StringIO())
    season.refresh_from_db()
    assert season.demo is False
    assert not LedgerEntry.objects.filter(event__demo=True).exists()
    assert season_total(season) == 1


def _a_player(venue):
    from tournaments.models import Player

    return Player.objects.create(player_number="WM-8001", display_name="Real", home_venue=venue)
