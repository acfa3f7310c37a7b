"""Pairing a round through the service, database load and save included.

Creates a throw-away test database (SQLite by default, PostgreSQL with
``DATABASE_URL=postgres://…``), registers N players in bulk, then for a few
rounds times ``services.round_pair_next`` (load snapshot, standings, pairing,
bulk insert, commit and what runs on commit) and
``selectors.standing_rows``. Results between rounds are written in
bulk, untimed. Prints medians, and whether pairing meets the targets of
issue "Fast under a crowd", item 4 (8,192 players ≤ 2 s, 16,384 ≤ 4 s).

``--render`` chooses who renders the round's documents
(``ARENA_DOCUMENTS_RENDER``): ``default`` is what the environment gives
(no broker: the first download renders, pairing renders nothing);
``task`` without a broker renders the five PDFs eagerly inside the pairing
call (the behaviour before item 4). ``--download`` also times, after the
last round, the first download of each of its documents through the
public URL (which renders it) and a second one (which serves the file).
PDFs are written to a temporary ``MEDIA_ROOT``.

    .venv/bin/python benchmarks/pairing_db.py --players 8192 16384 --rounds 3
    .venv/bin/python benchmarks/pairing_db.py --players 8192 --rounds 2 --render task
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arena .venv/bin/python benchmarks/pairing_db.py
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

#: Seconds allowed to pair a round through the service, by players (issue "Fast under a crowd", item 4).
TARGETS = {8192: 2.0, 16384: 4.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[1024, 8192, 16384])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--render", choices=["default", "task", "download"], default="default",
                        help="ARENA_DOCUMENTS_RENDER for this run (default: what the environment gives)")
    parser.add_argument("--download", action="store_true",
                        help="also time the first and second download of the last round's documents")
    args = parser.parse_args()

    setup_test_environment()
    if args.render != "default":
        settings.ARENA_DOCUMENTS_RENDER = args.render
    media = tempfile.TemporaryDirectory(prefix="arena-bench-media-")
    settings.MEDIA_ROOT = media.name
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    from tournaments.documents import render_mode

    summary = []
    try:
        broker = "eager, no broker" if settings.CELERY_TASK_ALWAYS_EAGER else settings.CELERY_BROKER_URL
        print(f"database: {connection.vendor}; Celery: {broker}; documents render: {render_mode()}")
        print(f"{'players':>8} {'round':>5} {'round_pair_next s':>18} {'standing_rows s':>22} "
              f"{'docs queued':>11}")
        for n in args.players:
            summary.append((n, run(n, args.rounds, download=args.download)))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        media.cleanup()
    print()
    print("pairing a round (median of the rounds):")
    for n, median in summary:
        target = TARGETS.get(n)
        verdict = "" if target is None else (
            f" target ≤ {target:g} s: {'met' if median <= target else 'NOT met'}")
        print(f"  {n:>6} players: {median:.3f} s{verdict}")


def run(n: int, rounds: int, *, download: bool = False) -> float:
    """Pair ``rounds`` rounds of ``n`` players; returns the median pairing time."""
    import datetime

    from rules.models import Game
    from tournaments import selectors, services
    from tournaments.enums import DocumentState, EventState, MatchOutcome, MatchStatus
    from tournaments.models import Document, Event, Player, Registration, Seat, Table, Venue

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
        selectors.standing_rows(event)
        standing_times.append(time.perf_counter() - start)
        docs = Document.objects.filter(round=rnd)
        queued = f"{docs.filter(state=DocumentState.QUEUED).count()}/{docs.count()}"
        print(f"{n:>8} {number:>5} {pair_times[-1]:>18.3f} {standing_times[-1]:>22.3f} {queued:>11}", flush=True)
        if download and number == rounds:
            time_downloads(rnd)
        matches = list(Table.objects.filter(round=rnd, is_bye=False))
        seats = []
        for m in matches:
            seat_a, seat_b = m.seat_list
            seat_a.games, seat_b.games = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            m.outcome = MatchOutcome.A_WINS if seat_a.games > seat_b.games else MatchOutcome.B_WINS
            m.status = MatchStatus.REPORTED
            seats += [seat_a, seat_b]
        Table.objects.bulk_update(matches, ["outcome", "status"], batch_size=2000)
        Seat.objects.bulk_update(seats, ["games"], batch_size=2000)
    median = statistics.median(pair_times)
    print(f"{n:>8} {'med':>5} {median:>18.3f} {statistics.median(standing_times):>22.3f}")
    return median


def time_downloads(rnd) -> None:
    """First download (renders on the embedded default) and second one (serves) of each document."""
    from django.test import Client

    from tournaments import documents
    from tournaments.models import Document

    client = Client()
    for doc in Document.objects.filter(round=rnd).select_related("round").order_by("kind"):
        url = documents.document_url(doc)
        times = []
        for _ in range(2):
            start = time.perf_counter()
            response = client.get(url)
            size = sum(len(chunk) for chunk in response.streaming_content) if response.streaming else 0
            times.append(time.perf_counter() - start)
        print(f"    download {doc.kind:<18} status {response.status_code}, {size / 1024:>7.0f} KB: "
              f"first {times[0]:.3f} s, second {times[1]:.3f} s", flush=True)


if __name__ == "__main__":
    main()
