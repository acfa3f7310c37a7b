"""The web tier under a crowd: a 1,024-player event in round 5 served by gunicorn on PostgreSQL.

Builds the event in a database of its own (``--database``, created and
migrated if missing; results through the services), starts gunicorn with the
repository's configuration (``deploy/gunicorn.conf.py``) and production
settings (``DEBUG=0``, Redis cache), and measures three loads (issue "Fast
under a crowd", item 6):

a. closed loop, wrk, ``--connections`` connections for ``--seconds`` each:
   the standings page, the pairings page, the API standings, and a static
   file of the standings page's size from the same server (the baseline).
   Goal: each dynamic page ≥ 0.5 × the static file's requests per second,
   0 errors, 0 timeouts.
b. open loop, locust: 1,024 players polling the live standings fragment
   every 5 s (with the ETag they got) plus 20 full standings loads a second,
   for 60 s. Goal: p95 < 50 ms, 0 errors.
c. 20 concurrent judges entering each pending match of round 5 once, half
   through the API (token) and half through the judge form. Goal: p95 <
   100 ms, 0 errors.
d. a stampede after each change: ``--trials`` times, one judge records a
   result (API, token), then 20 readers ask for the standings page and the
   API standings at the same instant. Reported: the slowest reader's wait
   per trial (median over the trials) and how many got the previous state
   (``X-Arena-Stamp`` older than the result's). Baseline in the same run:
   the same 20 readers with nothing changed, and one reader alone just
   after a result asking an address with no previous body (the cost of one
   rebuild). Goal (issue #27 point 1): the
   slowest reader waits no longer than one rebuild, never 20 of them.

Needs wrk (Debian package ``wrk``) and locust (``requirements-bench.txt``);
``make bench`` installs both. Prints every figure with the load average;
``--json`` also writes them to a file.

    .venv/bin/python benchmarks/web.py                      # everything, defaults as in the issue
    .venv/bin/python benchmarks/web.py --only a --seconds 5 # a quick look
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
LOCUSTFILE = ROOT / "benchmarks" / "locustfile.py"
WRK_REPORT = ROOT / "benchmarks" / "wrk_report.lua"
JUDGE_PASSWORD = "bench-juez-123"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/arena_bench_web")
    parser.add_argument("--cache", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--round", type=int, default=5, help="the round in play (earlier rounds have results)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=20, help="duration of each closed-loop run")
    parser.add_argument("--open-seconds", type=int, default=60)
    parser.add_argument("--judges", type=int, default=20)
    parser.add_argument("--trials", type=int, default=9, help="results recorded in the stampede (d)")
    parser.add_argument("--only", choices=["a", "b", "c", "d"], nargs="+", default=["a", "b", "c", "d"])
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    for tool in ("wrk",):
        if "a" in args.only and shutil.which(tool) is None:
            sys.exit(f"{tool} is missing: `make bench` installs it (Debian package {tool}).")

    env = server_env(args)
    ensure_database(args.database)
    run([PY, "manage.py", "migrate", "--noinput", "-v0"], env)
    subprocess.run(["redis-cli", "-u", args.cache, "flushdb"], check=False, capture_output=True)
    facts = build_event(args, env)
    static_dir = Path(env["STATIC_ROOT"])
    run([PY, "manage.py", "collectstatic", "--noinput", "-v0"], env)
    figures: dict = {"players": args.players, "round": args.round, "machine": machine()}
    print(f"event {facts['event_id']}: {args.players} players, round {args.round} in play, "
          f"{facts['pending']} pending tables; {figures['machine']}")
    server = start_server(args, env)
    base = f"http://127.0.0.1:{args.port}"
    try:
        standings = fetch(f"{base}/eventos/{facts['event_id']}/posiciones/")
        (static_dir / "bench").mkdir(exist_ok=True)
        (static_dir / "bench" / "standings-copy.html").write_bytes(standings)
        stop_server(server)  # whitenoise indexes static files when it starts
        server = start_server(args, env)
        if "a" in args.only:
            figures["closed_loop"] = closed_loop(args, base, facts, len(standings))
        if "b" in args.only:
            figures["open_loop"] = open_loop(args, base, facts)
        if "d" in args.only:
            figures["stampede"] = stampede(args, base, facts)
        if "c" in args.only:
            figures["judges"] = judges(args, base, facts)
    finally:
        stop_server(server)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False))


# --------------------------------------------------------------------------- set-up


def server_env(args) -> dict:
    static_root = Path(tempfile.gettempdir()) / f"arena-bench-static-{args.port}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "arena-benchmark-only-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "ARENA_HTTPS": "0",  # plain HTTP on 127.0.0.1: no SSL redirect, no secure cookies
        # the crowd comes from one address: the anonymous throttle would measure itself
        "ARENA_API_ANON_RATE": "",
        "ARENA_LOGIN_RATE": "",
        "DATABASE_URL": args.database,
        "CACHE_URL": args.cache,
        "STATIC_ROOT": str(static_root),
        "GUNICORN_BIND": f"127.0.0.1:{args.port}",
        "LOG_LEVEL": "ERROR",
    }
    env.pop("CELERY_BROKER_URL", None)
    return env


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def run(cmd: list[str], env: dict) -> None:
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def build_event(args, env: dict) -> dict:
    """The event in a child process (Django set up with the server's settings); returns its facts."""
    out = subprocess.run(
        [PY, str(Path(__file__).resolve()), "--build-child", str(args.players), str(args.round)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def build_child(players: int, round_in_play: int) -> None:
    """Register ``players``, play rounds 1 … N-1 through the services, pair round N; print the facts."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from rules.models import Game
    from tournaments import services
    from tournaments.models import Event, Player, Registration, Table, Venue

    rng = random.Random(2024)
    venue, _ = Venue.objects.get_or_create(name="Sede Benchmark", defaults={"province": "CABA"})
    Event.objects.filter(name="Benchmark web").update(name="Benchmark web (anterior)")
    event = Event.objects.create(name="Benchmark web", game=Game.objects.get(key="weed_monsters"), venue=venue,
                                 date=datetime.date.today(), seed=2024)
    services.registration_open(event=event)
    first = ["Lucía", "Martín", "Sofía", "Joaquín", "Valentina", "Tomás", "Camila", "Iñaki", "Agustina", "Nicolás"]
    last = ["González", "Rodríguez", "Núñez", "Fernández", "López", "Martínez", "Pérez", "Gómez", "Díaz", "Ibáñez"]
    created = Player.objects.bulk_create(
        Player(display_name=f"{rng.choice(first)} {rng.choice(last)} {i}", player_number=f"W{event.pk}-{i:05d}",
               home_venue=venue) for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True, draw_order=i) for i, p in enumerate(created)
    )
    services.registration_close(event=event)
    user_model = get_user_model()
    tokens, usernames = [], []
    for i in range(20):
        judge, _ = user_model.objects.get_or_create(username=f"juez-bench-{i:02d}")
        judge.set_password(JUDGE_PASSWORD)
        judge.save()
        event.judges.add(judge)
        tokens.append(Token.objects.get_or_create(user=judge)[0].key)
        usernames.append(judge.username)
    for number in range(1, round_in_play + 1):
        rnd = services.round_pair_next(event=event)
        if number == round_in_play:
            break
        for match in Table.objects.filter(round=rnd, is_bye=False):
            a, b = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            services.table_result_record(table=match, seats=[{"games": a}, {"games": b}])
    # each pending table: id, number, version and its two player numbers (side A, then B)
    pending = [[table.pk, table.table_number, table.version,
                *(seat.registration.player.player_number for seat in table.seat_list)]
               for table in Table.objects.filter(round=rnd, is_bye=False).order_by("table_number")]
    print(json.dumps({"event_id": event.pk, "round": round_in_play, "pending": len(pending),
                      "matches": pending, "tokens": tokens, "usernames": usernames, "password": JUDGE_PASSWORD}))


def start_server(args, env: dict) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(Path(PY).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py", "config.wsgi"],
        cwd=ROOT, env=env, start_new_session=True,
    )
    for _ in range(100):
        try:
            fetch(f"http://127.0.0.1:{args.port}/static/arena/arena.css")
            return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    sys.exit("gunicorn did not start")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def machine() -> str:
    return f"{os.cpu_count()} cores, load average {loadavg()}"


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --------------------------------------------------------------------------- a. closed loop


def wrk(url: str, connections: int, seconds: int) -> dict:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", str(WRK_REPORT), url],
        capture_output=True, text=True, check=True,
    ).stdout
    report = json.loads(re.search(r"^ARENA (.*)$", out, flags=re.M).group(1))
    report["load"] = loadavg()
    return report


def closed_loop(args, base: str, facts: dict, size: int) -> dict:
    event = facts["event_id"]
    urls = {
        "standings page": f"{base}/eventos/{event}/posiciones/",
        "pairings page": f"{base}/eventos/{event}/",
        "API standings": f"{base}/api/events/{event}/standings/",
        "static file, same size": f"{base}/static/bench/standings-copy.html",
    }
    print(f"\na. closed loop: wrk, {args.connections} connections, {args.seconds} s each "
          f"(static file {size / 1024:.0f} KB, the standings page's size)")
    print(f"{'request':<24} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7} {'timeouts':>8}"
          f" {'KB':>6}  load")
    results = {}
    for name, url in urls.items():
        results[name] = r = wrk(url, args.connections, args.seconds)
        print(f"{name:<24} {r['rps']:>8.0f} {r['p50'] / 1000:>8.1f} {r['p95'] / 1000:>8.1f} {r['p99'] / 1000:>8.1f} "
              f"{r['errors']:>7} {r['timeouts']:>8} {r['bytes'] / max(r['requests'], 1) / 1024:>6.0f}  {r['load']}")
    baseline = results["static file, same size"]["rps"]
    for name in ("standings page", "pairings page", "API standings"):
        r = results[name]
        ratio = r["rps"] / baseline
        ok = ratio >= 0.5 and r["errors"] == 0 and r["timeouts"] == 0
        print(f"  {name}: {ratio:.2f} × the static file — goal ≥ 0.5, 0 errors: "
              f"{'met' if ok else 'NOT met'}")
        r["ratio"] = ratio
    return results


# --------------------------------------------------------------------------- b. open loop


def locust(args, base: str, scenario: str, users: int, seconds: int, extra_env: dict) -> dict:
    csv = Path(tempfile.mkdtemp(prefix="arena-locust-")) / "run"
    env = {**os.environ, "ARENA_SCENARIO": scenario, **extra_env}
    subprocess.run(
        [str(Path(PY).with_name("locust")), "-f", str(LOCUSTFILE), "--headless", "--host", base,
         "-u", str(users), "-r", str(users), "-t", f"{seconds}s", "--csv", str(csv), "--only-summary",
         "--stop-timeout", "10", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, check=False, capture_output=True, text=True,
    )
    rows: dict = {}
    import csv as csvmod

    with open(f"{csv}_stats.csv", newline="") as handle:
        for row in csvmod.DictReader(handle):
            rows[row["Name"]] = {
                "requests": int(row["Request Count"]),
                "failures": int(row["Failure Count"]),
                "p50": float(row["50%"] or 0),
                "p95": float(row["95%"] or 0),
                "p99": float(row["99%"] or 0),
                "rps": float(row["Requests/s"] or 0),
            }
    shutil.rmtree(csv.parent, ignore_errors=True)
    return rows


def open_loop(args, base: str, facts: dict) -> dict:
    print(f"\nb. open loop: locust, {args.players} players polling the standings fragment every 5 s "
          f"+ 20 full standings loads a second, {args.open_seconds} s")
    rows = locust(args, base, "open", args.players + 20, args.open_seconds,
                  {"ARENA_EVENT": str(facts["event_id"]), "ARENA_POLLERS": str(args.players)})
    load = loadavg()
    print_locust(rows, load, goal_ms=50)
    return {"rows": rows, "load": load}


def print_locust(rows: dict, load: str, goal_ms: float | None) -> None:
    print(f"{'request':<34} {'count':>7} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'failures':>8}")
    for name, r in rows.items():
        print(f"{name:<34} {r['requests']:>7} {r['rps']:>7.1f} {r['p50']:>7.0f} {r['p95']:>7.0f} {r['p99']:>7.0f}"
              f" {r['failures']:>8}")
    total = rows.get("Aggregated")
    if total and goal_ms is not None:
        ok = total["p95"] < goal_ms and total["failures"] == 0
        print(f"  all requests: p95 {total['p95']:.0f} ms — goal < {goal_ms:g} ms, 0 errors: "
              f"{'met' if ok else 'NOT met'} (load average {load})")


# --------------------------------------------------------------------------- c. judges


def judges(args, base: str, facts: dict) -> dict:
    matches = facts["matches"]
    print(f"\nc. {args.judges} judges entering each of the {len(matches)} pending matches once "
          f"(half through the API with a token, half through the judge form)")
    work = Path(tempfile.mkdtemp(prefix="arena-judges-")) / "matches.json"
    work.write_text(json.dumps(facts))
    rows = locust(args, base, "judges", args.judges, 600, {"ARENA_JUDGE_WORK": str(work)})
    shutil.rmtree(work.parent, ignore_errors=True)
    load = loadavg()
    entering = {name: r for name, r in rows.items() if name.startswith(("GET judge", "POST"))}
    entered = sum(r["requests"] - r["failures"] for name, r in entering.items() if name.startswith("POST"))
    print(f"  results saved: {entered} of {len(matches)}")
    print_locust(rows, load, goal_ms=None)
    worst = max(r["p95"] for r in entering.values())
    failures = sum(r["failures"] for r in entering.values())
    ok = worst < 100 and failures == 0 and entered == len(matches)
    print(f"  entering results (sign-in excluded): worst p95 {worst:.0f} ms, {failures} failures — goal < 100 ms, "
          f"0 errors: {'met' if ok else 'NOT met'} (load average {load})")
    return {"rows": rows, "load": load, "entered": entered}


# --------------------------------------------------------------------------- d. a stampede after each change


def _timed_get(url: str) -> tuple[float, str]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        stamp = response.headers.get("X-Arena-Stamp", "")
    return (time.perf_counter() - started) * 1000, stamp


def _record(base: str, facts: dict, match: list) -> None:
    request = urllib.request.Request(
        f"{base}/api/tables/{match[0]}/result/", method="POST",
        data=json.dumps({"seats": [{"player_number": match[3], "games": 2}, {"player_number": match[4], "games": 0}],
                         "games_drawn": 0, "expected_version": match[2]}).encode(),
        headers={"Authorization": f"Token {facts['tokens'][0]}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()


def _crowd(urls: list[str], readers: int) -> tuple[list[float], list[str]]:
    """``readers`` threads, each GETting one of ``urls`` in turn, started together: (waits in ms, stamps)."""
    import threading

    barrier = threading.Barrier(readers)
    waits: list[float] = [0.0] * readers
    stamps: list[str] = [""] * readers

    def read(i: int) -> None:
        barrier.wait(60)
        waits[i], stamps[i] = _timed_get(urls[i % len(urls)])

    threads = [threading.Thread(target=read, args=(i,)) for i in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return waits, stamps


def _revision(stamp: str) -> int:
    return int(stamp.rsplit(".", 1)[1]) if stamp else -1


def stampede(args, base: str, facts: dict, readers: int = 20) -> dict:
    import statistics

    event = facts["event_id"]
    urls = [f"{base}/eventos/{event}/posiciones/", f"{base}/api/events/{event}/standings/"]
    matches = iter(facts["matches"])
    print(f"\nd. {readers} readers arriving together after one result, {args.trials} trials "
          f"(standings page and API standings, half each)")
    quiet = [max(_crowd(urls, readers)[0]) for _ in range(args.trials)]
    alone, slowest, stale = [], [], []
    for trial in range(args.trials):
        _record(base, facts, next(matches))
        # one rebuild, nobody else asking: an address never asked before has no previous body to answer
        alone.append(_timed_get(f"{urls[0]}?reconstruir={trial}")[0])
        _record(base, facts, next(matches))
        waits, stamps = _crowd(urls, readers)
        slowest.append(max(waits))
        time.sleep(1.0)  # the new state rendered: its stamp is the one after the result
        current = _revision(_timed_get(urls[0])[1])
        stale.append(sum(1 for s in stamps if _revision(s) < current))
    load = loadavg()
    rows = {"quiet": statistics.median(quiet), "one rebuild": statistics.median(alone),
            "after a result": statistics.median(slowest), "previous state served": statistics.median(stale)}
    print(f"  slowest of {readers} readers, nothing changed (baseline): {rows['quiet']:.0f} ms")
    print(f"  one reader alone just after a result (one rebuild): {rows['one rebuild']:.0f} ms")
    print(f"  slowest of {readers} readers just after a result: {rows['after a result']:.0f} ms "
          f"({rows['after a result'] / max(rows['one rebuild'], 0.001):.2f} × one rebuild); "
          f"readers answered the previous state: {rows['previous state served']:.0f} of {readers}")
    ok = rows["after a result"] <= 1.5 * rows["one rebuild"] + rows["quiet"]
    print(f"  goal: no reader waits for more than one rebuild: {'met' if ok else 'NOT met'} (load average {load})")
    return {**rows, "load": load, "trials": args.trials}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-child":
        build_child(int(sys.argv[2]), int(sys.argv[3]))
    else:
        main()
