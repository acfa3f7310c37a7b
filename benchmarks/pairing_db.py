"""Pairing a round through the service, database load and save included.

Creates a throw-away test database (SQLite by default, PostgreSQL with
``DATABASE_URL=postgres://…``), registers N players in bulk, then for a few
rounds times ``services.round_pair_next`` (load snapshot, standings, pairing,
bulk insert) and ``selectors.standings_for_event``. Results between rounds
are written in bulk, untimed. Prints medians.

    .venv/bin/python benchmarks/pairing_db.py --players 16384 --rounds 4
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena .venv/bin/python benchmarks/pairing_db.py
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[1024, 8192, 16384])
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        print(f"database: {connection.vendor}")
        print(f"{'players':>8} {'round':>5} {'round_pair_next s':>18} {'standings_for_event s':>22}")
        for n in args.players:
            run(n, args.rounds)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(n: int, rounds: int) -> None:
    import datetime

    from rules.models import Game
    from tournaments import selectors, services
    from tournaments.enums import EventState, MatchOutcome, MatchStatus
    from tournaments.models import Event, Match, Player, Registration, Venue

    venue, _ = Venue.objects.get_or_create(name="Sede Benchmark", defaults={"province": "CABA"})
    event = Event.objects.create(
        name=f"Benchmark {n}", game=Game.objects.get(key="weed_monsters"), venue=venue,
        date=datetime.date(2024, 2, 3), seed=n, state=EventState.CLOSED,
    )
    players = Player.objects.bulk_create(
        Player(display_name=f"Breeder {n}-{i}", player_number=f"B{n}-{i}", home_venue=venue) for i in range(n)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True, draw_order=i) for i, p in enumerate(players)
    )
    rng = random.Random(n)
    pair_times, standing_times = [], []
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        rnd = services.round_pair_next(event=event)
        pair_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        selectors.standings_for_event(event)
        standing_times.append(time.perf_counter() - start)
        print(f"{n:>8} {number:>5} {pair_times[-1]:>18.3f} {standing_times[-1]:>22.3f}", flush=True)
        matches = list(Match.objects.filter(round=rnd, is_bye=False))
        for m in matches:
            m.games_a, m.games_b = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            m.outcome = MatchOutcome.A_WINS if m.games_a > m.games_b else MatchOutcome.B_WINS
            m.status = MatchStatus.REPORTED
        Match.objects.bulk_update(matches, ["games_a", "games_b", "outcome", "status"], batch_size=2000)
    print(f"{n:>8} {'med':>5} {statistics.median(pair_times):>18.3f} {statistics.median(standing_times):>22.3f}")


if __name__ == "__main__":
    main()
