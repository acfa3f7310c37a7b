"""Fixtures of the rules app's Django tests: an event with its roles, and
Baby cards (the rulebook names no Baby; venues add them by CSV or admin)."""
from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group

from rules.models import Card, Game
from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services as tournament_services

WM = "weed_monsters"
EVENT_DATE = datetime.date(2024, 10, 5)

#: A legal Weed Monsters constructed list (60 cards, one Baby), accents and
#: case as players write them.
LEGAL = """\
Monsters:
4 Fasent
1 Baby Kush
// Objetos y otros
4 Escudo de Prensado
4 Growshop [TCG]
Gemas:
4 Semilla Dorada
4 Gema Arcoíris
20 Sativa
19 Índica
"""


@pytest.fixture
def babies(db) -> tuple[Card, Card]:
    game = Game.objects.get(key=WM)
    return (
        Card.objects.create(game=game, name="Baby Kush", card_type="monster", subtype="baby"),
        Card.objects.create(game=game, name="Baby Haze", card_type="monster", subtype="baby"),
    )


class Roles:
    """An event at a venue with its organizer, head judge, judge, players
    (one linked to a user) and an outsider who judges another event."""

    def __init__(self, players: int = 4) -> None:
        self.venue = VenueFactory()
        self.organizer = UserFactory(is_staff=True)
        self.organizer.groups.add(Group.objects.get(name="Organizador"))
        self.venue.organizers.add(self.organizer)
        self.head_judge = UserFactory()
        self.judge = UserFactory()
        self.player_user = UserFactory()
        self.outsider = UserFactory()
        self.event = EventFactory(venue=self.venue, date=EVENT_DATE, head_judge=self.head_judge)
        self.event.judges.add(self.judge)
        other = EventFactory(date=EVENT_DATE)
        other.judges.add(self.outsider)
        tournament_services.registration_open(event=self.event)
        self.players = [PlayerFactory() for _ in range(players)]
        self.players[0].user = self.player_user
        self.players[0].save(update_fields=["user"])
        self.registrations = [
            tournament_services.registration_create(event=self.event, player=player) for player in self.players
        ]
        self.event.refresh_from_db()

    @property
    def own(self):
        """The registration of the player linked to ``player_user``."""
        return self.registrations[0]


@pytest.fixture
def roles(db, babies) -> Roles:
    return Roles()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Users are created per test; a fast hasher keeps the suite quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
