"""factory_boy factories: boring, valid defaults."""
import datetime

import factory
from django.contrib.auth import get_user_model

from rules.models import Game
from tournaments.models import Event, Player, Registration, Venue


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secreto-123")


class VenueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Venue
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Sede {n}")
    province = "Buenos Aires"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"Breeder {n:03d}")
    player_number = factory.Sequence(lambda n: f"WM-{n:05d}")
    home_venue = factory.SubFactory(VenueFactory)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Fecha {n}")
    game = factory.LazyFunction(lambda: Game.objects.get(key="weed_monsters"))
    venue = factory.SubFactory(VenueFactory)
    date = datetime.date(2024, 2, 3)
    seed = 12345


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)
