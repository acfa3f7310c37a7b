"""``manage.py demo_season``: a short season played through the services,
printed as three aligned Spanish tables; running it again replaces it."""
import io
import re

import pytest
from django.core.management import call_command
from django.db import transaction

from leagues.models import BadgeAward, CollectionConfirmation, LedgerEntry, Season
from tournaments.enums import EventKind, EventState
from tournaments.models import Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def run() -> str:
    out = io.StringIO()
    call_command("demo_season", stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def first_run(django_db_setup, django_db_blocker):
    """One demo season for the module, rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield run()
        transaction.set_rollback(True)


def section(text: str, title: str) -> list[str]:
    """The table lines under ``== title`` up to the next blank line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"== {title}"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].strip())
    return lines[start + 1:end]


def test_demo_season_prints_the_season_table_the_ranking_and_the_badges(first_run):
    text = first_run

    season_table = section(text, "Tabla de la temporada: Super Liga 2024")
    ranking = section(text, "Ranking Nacional (Histórico): Weed Monsters")
    badges = section(text, "Insignias: Super Liga 2024")
    assert season_table[0].split() == ["Pos", "Jugador", "Sede", "Provincia", "Fechas", "Puntos"]
    assert ranking[0].split() == ["Pos", "Jugador", "Sede", "Puntos"]
    assert badges[0].startswith("Jugador")
    assert "1° Fechas" in badges[0] and "6° Sexta" in badges[0]
    for table in (season_table, ranking, badges):
        assert len(table) > 3
        assert len({len(line.rstrip()) for line in table[:2]}) == 1  # header and rule aligned
    # Points in the last column, ranked: a column of integers, most first.
    points = [int(line.split()[-1]) for line in season_table[2:]]
    assert points == sorted(points, reverse=True)
    assert re.search(r"^\s*\d+=\s", "\n".join(season_table), re.M)  # ties shown as ties
    assert "Martina Álvarez" in "\n".join(season_table)
    assert "(BQ)" in "\n".join(badges)


def test_demo_season_plays_the_whole_mix_through_the_services(first_run):
    events = Event.objects.filter(name__startswith="Demo 2024")
    assert set(events.values_list("state", flat=True)) == {EventState.FINISHED}
    assert events.filter(kind=EventKind.SUPER_LIGA).count() == 6
    assert set(events.filter(kind=EventKind.SUPER_LIGA).values_list("venue__name", flat=True)) == {
        "Sede Palermo", "Sede La Plata", "Sede Quilmes",
    }
    virtual = events.get(kind=EventKind.VIRTUAL)
    assert virtual.venue is None
    assert not LedgerEntry.objects.filter(event=virtual, reason="out_of_province").exists()
    bq = events.get(kind=EventKind.BREEDER_QUEST)
    assert not LedgerEntry.objects.filter(event=bq).exists()
    assert BadgeAward.objects.get().player_id == bq.podium_first.player_id
    assert CollectionConfirmation.objects.count() == 1


def test_demo_season_run_twice_replaces_its_own_season(first_run):
    entries = LedgerEntry.objects.count()

    second = run()

    assert second == first_run
    assert LedgerEntry.objects.count() == entries
    assert Season.objects.count() == 1
