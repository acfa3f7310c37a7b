"""Players' avisos (issue #29 point 2): enqueueing a pairing's notices, and delivering them.

Creates a throw-away test database (an SQLite file by default, PostgreSQL
with ``DATABASE_URL=postgres://…``), registers N players (1,024 by default),
each with a browser subscribed to a push service on this machine
(:class:`tests.push_endpoint.LocalPushService`, 127.0.0.1), and a Redis
broker (``CELERY_BROKER_URL``, or a ``redis-server`` started here on a free
port and stopped at the end). Then:

1. **enqueue** — ``services.round_pair_next`` (the pairing, its commit and
   the one message it sends on commit), then the fan-out task's body
   (``tasks.push_round_paired``: one notice written per player, sent as
   ``tournaments.push_send_batch`` messages of ``PUSH_BATCH_SIZE`` notices
   published to Redis), each timed. No worker runs yet, so nothing is delivered while timing. Target:
   pairing's notices enqueued in under 1 s.
2. **deliver** — starts ``celery worker`` (``--concurrency``, prefork) on
   the same database and broker, and measures the rate at which the local
   push service receives the N encrypted POSTs (first to last), then checks
   that every notice is ``sent`` and that a sample decrypts to its text.

    .venv/bin/python benchmarks/push.py
    .venv/bin/python benchmarks/push.py --players 1024 --concurrency 4
    BENCH_PROFILE=1 .venv/bin/python benchmarks/push.py    # also prints where the fan-out spends its time
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Seconds allowed to enqueue the notices of a pairing of 1,024 players (issue #29 point 2).
ENQUEUE_TARGET = 1.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_redis() -> tuple[subprocess.Popen | None, str]:
    """The broker: ``CELERY_BROKER_URL`` when set, else a private redis-server on a free port."""
    if os.environ.get("CELERY_BROKER_URL"):
        return None, os.environ["CELERY_BROKER_URL"]
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("needs Redis: set CELERY_BROKER_URL or install redis-server")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return proc, f"redis://127.0.0.1:{port}/0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes (the machine has 2 cores)")
    args = parser.parse_args()

    redis, broker = start_redis()
    workdir = tempfile.TemporaryDirectory(prefix="arena-bench-push-")
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "CELERY_BROKER_URL": broker,
                       "ARENA_PUSH_HOSTS": "127.0.0.1", "DEBUG": os.environ.get("DEBUG", "1"),
                       "CELERY_TASK_DEFAULT_QUEUE": f"bench-push-{os.getpid()}"})
    import django

    django.setup()
    from django.conf import settings

    from tournaments.push_delivery import vapid_key_pair

    private, public = vapid_key_pair()
    os.environ["ARENA_VAPID_PRIVATE_KEY"] = settings.ARENA_VAPID_PRIVATE_KEY = private  # the worker's too
    os.environ["ARENA_VAPID_PUBLIC_KEY"] = settings.ARENA_VAPID_PUBLIC_KEY = public
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.MEDIA_ROOT = workdir.name
    if connection.vendor == "sqlite":  # a file, so the worker processes share it
        connection.settings_dict["TEST"]["NAME"] = str(Path(workdir.name) / "bench.sqlite3")
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    worker = None
    try:
        worker = run(args, workdir.name)
    finally:
        if worker is not None and worker.poll() is None:
            worker.terminate()
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
        connection.creation.destroy_test_db(old_name, verbosity=0)
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=10)
        workdir.cleanup()


def database_url(connection) -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    return f"postgres://{s['USER']}:{s['PASSWORD']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def run(args, workdir: str):
    import datetime

    from django.db import connection
    from django.urls import reverse

    from rules.models import Game
    from tests.push_endpoint import BrowserKeys, LocalPushService
    from tournaments import services, tasks
    from tournaments.enums import EventState, PushNoticeState
    from tournaments.models import Event, Player, PushNotice, PushSubscription, Registration, Table, Venue

    n = args.players
    service = LocalPushService()
    service.__enter__()
    keys = BrowserKeys()  # one browser's keys for every subscription: the encryption runs per notice anyway
    venue, _ = Venue.objects.get_or_create(name="Sede Benchmark", defaults={"province": "CABA"})
    event = Event.objects.create(name=f"Avisos {n}", game=Game.objects.get(key="weed_monsters"), venue=venue,
                                 date=datetime.date(2024, 2, 3), seed=n, state=EventState.CLOSED)
    players = Player.objects.bulk_create(
        Player(display_name=f"Breeder {i:04d}", player_number=f"P{n}-{i}", home_venue=venue) for i in range(n))
    Registration.objects.bulk_create(Registration(event=event, player=p, checked_in=True, draw_order=i)
                                     for i, p in enumerate(players))
    PushSubscription.objects.bulk_create(
        PushSubscription(player=p, endpoint=service.endpoint(f"p{p.pk}"), p256dh=keys.p256dh, auth=keys.auth)
        for p in players)
    print(f"database: {connection.vendor}; broker: {os.environ['CELERY_BROKER_URL']}; players: {n}, each with "
          f"one browser subscribed to {service.origin}")

    reverse("me:home")  # the URLconf, loaded once per process: a worker that already ran a task has it
    start = time.perf_counter()
    rnd = services.round_pair_next(event=event)  # commits, then sends the one fan-out message
    pairing = time.perf_counter() - start
    start = time.perf_counter()
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        profile = cProfile.Profile()
        enqueued = profile.runcall(tasks.push_round_paired, rnd.pk)
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    else:
        enqueued = tasks.push_round_paired(rnd.pk)  # the fan-out: notices written, sent in batches
    fanout = time.perf_counter() - start
    total = pairing + fanout
    print(f"pairing (round_pair_next, commit, fan-out message): {pairing:.3f} s")
    batches = -(-enqueued // tasks.PUSH_BATCH_SIZE)
    print(f"fan-out ({enqueued} notices written, {batches} batch messages published): {fanout:.3f} s")
    verdict = "met" if fanout < ENQUEUE_TARGET else "NOT met"
    print(f"notices enqueued after the pairing in {fanout:.3f} s (pairing + enqueue {total:.3f} s); "
          f"target < {ENQUEUE_TARGET:g} s: {verdict}")

    env = {**os.environ, "DATABASE_URL": database_url(connection)}
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "prefork",
         f"--concurrency={args.concurrency}", "--without-gossip", "--without-mingle", "--loglevel=WARNING",
         "-Q", os.environ["CELERY_TASK_DEFAULT_QUEUE"]],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(Path(workdir) / "worker.log", "w"))
    posts = service.wait_for(enqueued, timeout=300)
    if len(posts) < enqueued:
        print(f"only {len(posts)} of {enqueued} notices arrived in 300 s; worker log:")
        print((Path(workdir) / "worker.log").read_text()[-3000:])
        return worker
    first, last = posts[0].at, posts[enqueued - 1].at
    rate = (enqueued - 1) / (last - first) if last > first else float("inf")
    print(f"delivery: {enqueued} encrypted POSTs in {last - first:.2f} s from the first to the last, "
          f"{rate:.0f} notices/s with {args.concurrency} worker processes")
    for _ in range(100):  # the last workers' updates of their notice rows
        if PushNotice.objects.filter(state=PushNoticeState.SENT).count() == enqueued:
            break
        time.sleep(0.1)
    sent = PushNotice.objects.filter(state=PushNoticeState.SENT).count()
    table = Table.objects.filter(round=rnd, is_bye=False).order_by("table_number").first()
    a, b = (s.registration for s in table.seat_list)
    sample = next(p for p in posts if p.path == f"/p{a.player_id}")  # noqa: B023
    text = keys.decrypt(sample.body)["body"]
    expected = f"Ronda 1: mesa {table.table_number} contra {b.player.display_name}"
    print(f"notices sent: {sent}/{enqueued}; a sample decrypts to «{text}» "
          f"({'as expected' if text == expected else 'EXPECTED «' + expected + '»'})")
    service.__exit__(None, None, None)
    return worker


if __name__ == "__main__":
    main()
