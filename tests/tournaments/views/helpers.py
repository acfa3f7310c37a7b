"""Events in a known state for the page and browser tests, built through the services."""
from __future__ import annotations

from tests.factories import EventFactory, VenueFactory
from tournaments import services
from tournaments.models import Player, Registration, Table


def build_event(players: int = 8, *, rounds: int = 1, pending_last: bool = True, names=None, **kwargs):
    """An event with ``players`` registered and ``rounds`` paired.

    Every round before the last has all its results (table winners alternate
    A/B, 2-1 or 2-0); the last round keeps its tables pending when
    ``pending_last``, else it is played too. Players are bulk-created (a
    256-player field in well under a second); pairing and results go through
    the services.
    """
    event = EventFactory(**kwargs)
    services.registration_open(event=event)
    venue = event.venue or VenueFactory()
    start = Player.objects.count()
    created = Player.objects.bulk_create(
        Player(
            display_name=(names[i] if names else f"Breeder {start + i:04d}"),
            player_number=f"T{event.pk}-{i:04d}",
            home_venue=venue,
        )
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True, draw_order=(i * 7919) % (players + 1))
        for i, p in enumerate(created)
    )
    services.registration_close(event=event)
    for number in range(1, rounds + 1):
        rnd = services.round_pair_next(event=event)
        if number < rounds or not pending_last:
            play(rnd)
    event.refresh_from_db()
    return event


def play(rnd):
    for i, match in enumerate(Table.objects.filter(round=rnd, is_bye=False).order_by("table_number")):
        score = [(2, 1, 0), (0, 2, 0), (2, 0, 0), (1, 2, 0)][i % 4]
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )
