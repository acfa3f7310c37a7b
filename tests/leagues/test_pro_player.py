"""El Nacional's champion and runner-up hold "ProPlayer <next year>".

Rule: 000_0014b2ac83da54b4.txt § "El Nacional": "El Campeón de El Nacional, y
quien quede en 2do lugar, serán nombrados ProPlayers para el siguiente año
competitivo."
"""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from leagues import services
from leagues.models import ProPlayerTitle
from rules.models import Game
from tests.factories import PlayerFactory, UserFactory, VenueFactory
from tests.factories.day import game_seats
from tournaments.enums import EventKind
from tournaments.models import Table
from tournaments.services.corrections import table_result_correct

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NACIONAL_DAY = datetime.date(2024, 11, 16)


@pytest.fixture
def field(db):
    venue = VenueFactory(name="Sede Mar del Plata", province="Buenos Aires")
    return venue, [PlayerFactory(display_name=n, home_venue=venue) for n in ("Ana", "Beto", "Caro")]


def live(event):
    return sorted((t.place, t.player.display_name, t.title)
                  for t in ProPlayerTitle.objects.filter(event=event, voided_at__isnull=True))


def test_finishing_el_nacional_names_first_and_second_pro_players_of_next_year(field):
    """R-000-62: a round robin where the stronger always wins gives Ana 1st,
    Beto 2nd, Caro 3rd; El Nacional 2024 makes Ana and Beto "ProPlayer 2025"
    and Caro nothing. Sending the finish signal again adds nothing."""
    venue, (ana, beto, caro) = field
    event = play_round_robin(name="El Nacional 2024", venue=venue, date=NACIONAL_DAY, ranking=[ana, beto, caro],
                             kind=EventKind.NACIONAL)

    assert live(event) == [(1, "Ana", "ProPlayer 2025"), (2, "Beto", "ProPlayer 2025")]
    assert services.pro_player_titles_sync(event=event) == 0
    assert ProPlayerTitle.objects.count() == 2


def test_other_event_kinds_name_no_pro_player(field):
    """R-000-62 names only El Nacional: an Eventual with the same podium records nothing."""
    venue, players = field
    play_round_robin(name="Eventual", venue=venue, date=NACIONAL_DAY, ranking=players, kind=EventKind.EVENTUAL)

    assert not ProPlayerTitle.objects.exists()


def test_a_correction_of_the_final_moves_the_title_and_keeps_history(field):
    """R-000-62 with DESIGN 16: correcting Ana–Beto to a Beto 2-0 gives Beto 3
    wins (Ana, Caro, bye) and Ana 2 (Caro, bye): Beto is champion, Ana
    runner-up. The old rows are voided, not deleted."""
    venue, (ana, beto, caro) = field
    event = play_round_robin(name="El Nacional 2024", venue=venue, date=NACIONAL_DAY, ranking=[ana, beto, caro],
                             kind=EventKind.NACIONAL)
    match = Table.objects.filter(round__event=event, seats__registration__player=ana).get(
        seats__registration__player=beto)
    beto_is_a = match.player_a.player_id == beto.pk
    table_result_correct(table=match, seats=game_seats(match, 2 if beto_is_a else 0, 0 if beto_is_a else 2),
                         reason="Resultado mal cargado", by=UserFactory(is_superuser=True))

    assert live(event) == [(1, "Beto", "ProPlayer 2025"), (2, "Ana", "ProPlayer 2025")]
    assert ProPlayerTitle.objects.filter(event=event, voided_at__isnull=False).count() == 2


def test_player_pages_show_the_title(client, field):
    """R-000-62: "ProPlayer 2025" on the player's league page and on the player's
    public event page."""
    venue, (ana, beto, caro) = field
    event = play_round_robin(name="El Nacional 2024", venue=venue, date=NACIONAL_DAY, ranking=[ana, beto, caro],
                             kind=EventKind.NACIONAL)
    season = services.season_ensure(game=Game.objects.get(key="weed_monsters"), year=2024)

    league = client.get(reverse("leagues:player", args=[season.pk, ana.player_number])).content.decode()
    public = client.get(reverse("public:player", args=[event.pk, beto.player_number])).content.decode()
    third = client.get(reverse("public:player", args=[event.pk, caro.player_number])).content.decode()

    assert "ProPlayer 2025" in league
    assert "ProPlayer 2025" in public
    assert "ProPlayer" not in third
