"""factory_boy factories: boring, valid defaults."""
import datetime

import factory
from django.contrib.auth import get_user_model

from rules.games import REGISTRY
from rules.models import Game
from tournaments.models import Event, Player, Registration, Venue


def game(key: str = "weed_monsters") -> Game:
    """The game row for a profile, created from the profile when a flushed
    (transactional) test database lost the seed migration's rows."""
    profile = REGISTRY[key]
    return Game.objects.get_or_create(
        key=key,
        defaults={
            "name": profile.name_es,
            "players_per_match": profile.players_max,
            "default_best_of": profile.default_best_of,
            "default_round_minutes": profile.default_round_minutes,
        },
    )[0]


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secreto-123")


def player_account(registration: Registration, username: str, **kwargs):
    """A user account linked to the registration's player (what claiming a player number does); returns the user."""
    user = UserFactory(username=username, **kwargs)
    player = registration.player
    player.user = user
    player.save()
    return user


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
    game = factory.LazyFunction(game)
    venue = factory.SubFactory(VenueFactory)
    date = datetime.date(2024, 2, 3)
    seed = 12345


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)


# The tournament day, built through the services (imported last: it builds on the factories above).
from .day import (  # noqa: E402
    DECKLIST_TEXT,
    MATCH_SCORES,
    RECORDERS,
    EventInRound,
    decklist_submitted,
    event_with_top_cut,
    finished_event,
    open_round,
    organizer_for,
    penalty_issued,
    pod_placements,
    record_places,
    registered_event,
    rounds_played,
    table_list,
    tables_with_results,
)

__all__ = [
    "DECKLIST_TEXT", "MATCH_SCORES", "RECORDERS", "EventFactory", "EventInRound", "PlayerFactory",
    "RegistrationFactory", "UserFactory", "VenueFactory", "decklist_submitted", "event_with_top_cut",
    "finished_event", "game", "open_round", "organizer_for", "penalty_issued", "player_account", "pod_placements",
    "record_places", "registered_event", "rounds_played", "table_list", "tables_with_results",
]
