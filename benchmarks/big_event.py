"""A large live event built in bulk, for benchmarks/web.py and the worker memory test.

Call :func:`build_live_event` after ``django.setup()``: ``players`` checked-in
players (accented Spanish names, one distinct name each), rounds 1 … N-1
paired by ``services.round_pair_next`` with random results written in bulk
(as benchmarks/pairing_db.py does: tables' outcome and status, seats' games),
round N paired and left pending, and ``judges`` judge accounts with an API
token. Pairing goes through the service, so the state stamp advances with
every round; only the earlier rounds' results skip the services (no result
entries, no event log lines), which no page of the round in play reads.
"""
from __future__ import annotations

import datetime
import random

FIRST = ["Lucía", "Martín", "Sofía", "Joaquín", "Valentina", "Tomás", "Camila", "Iñaki", "Agustina", "Nicolás"]
LAST = ["González", "Rodríguez", "Núñez", "Fernández", "López", "Martínez", "Pérez", "Gómez", "Díaz", "Ibáñez"]


def player_name(rng: random.Random, i: int) -> str:
    """A Spanish name made unique by its number (what «buscá tu nombre» finds exactly one row for)."""
    return f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"


def build_live_event(players: int, round_in_play: int, *, judges: int = 20, password: str = "",
                     name: str = "Benchmark web", seed: int = 2024) -> dict:
    """Build the event; returns its facts (JSON-ready).

    ``matches``: each pending table of the round in play as ``[id, number,
    version, player number A, player number B]``; ``players``: ``[player
    number, display name]`` of every player; ``tokens`` and ``usernames`` of
    the judges (signed in with ``password``).
    """
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from rules.models import Game
    from tournaments import services
    from tournaments.enums import MatchOutcome, MatchStatus
    from tournaments.models import Event, Player, Registration, Seat, Table, Venue

    rng = random.Random(seed)
    venue, _ = Venue.objects.get_or_create(name="Sede Benchmark", defaults={"province": "CABA"})
    Event.objects.filter(name=name).update(name=f"{name} (anterior)")
    event = Event.objects.create(name=name, game=Game.objects.get(key="weed_monsters"), venue=venue,
                                 date=datetime.date.today(), seed=seed)
    services.registration_open(event=event)
    created = Player.objects.bulk_create(
        (Player(display_name=player_name(rng, i), player_number=f"W{event.pk}-{i:05d}", home_venue=venue)
         for i in range(players)), batch_size=2000,
    )
    Registration.objects.bulk_create(
        (Registration(event=event, player=p, checked_in=True, draw_order=i) for i, p in enumerate(created)),
        batch_size=2000,
    )
    services.registration_close(event=event)
    user_model = get_user_model()
    tokens, usernames = [], []
    for i in range(judges):
        judge, _ = user_model.objects.get_or_create(username=f"juez-bench-{i:02d}")
        if password:
            judge.set_password(password)
            judge.save()
        event.judges.add(judge)
        tokens.append(Token.objects.get_or_create(user=judge)[0].key)
        usernames.append(judge.username)
    for number in range(1, round_in_play + 1):
        rnd = services.round_pair_next(event=event)
        if number == round_in_play:
            break
        tables = list(Table.objects.filter(round=rnd, is_bye=False).prefetch_related("seats"))
        seats = []
        for table in tables:
            seat_a, seat_b = table.seat_list
            seat_a.games, seat_b.games = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            table.outcome = MatchOutcome.A_WINS if seat_a.games > seat_b.games else MatchOutcome.B_WINS
            table.status = MatchStatus.REPORTED
            seats += [seat_a, seat_b]
        Table.objects.bulk_update(tables, ["outcome", "status"], batch_size=2000)
        Seat.objects.bulk_update(seats, ["games"], batch_size=2000)
    numbers: dict[int, list[str]] = {}
    for table_id, number in (Seat.objects.filter(round=rnd, table__is_bye=False).order_by("table_id", "seat")
                             .values_list("table_id", "registration__player__player_number")):
        numbers.setdefault(table_id, []).append(number)
    pending = [[table_id, table_number, version, *numbers[table_id]]
               for table_id, table_number, version in (Table.objects.filter(round=rnd, is_bye=False)
                                                       .order_by("table_number")
                                                       .values_list("id", "table_number", "version"))]
    _analyze()
    return {"event_id": event.pk, "round": round_in_play, "pending": len(pending), "matches": pending,
            "players": [[p.player_number, p.display_name] for p in created],
            "tokens": tokens, "usernames": usernames, "password": password}


def _analyze() -> None:
    """Refresh the planner's statistics after the bulk build, as PostgreSQL's autovacuum does for a
    database that grew during the day: without them the planner takes thousands of rows for a few
    hundred and a player's tables are found by scanning every table of the event."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
