"""The web tier under a crowd: every goal of issue #27 measured in one run, for each ``--players`` size.

For each size, builds a live event in a database of its own (``--database``,
created and migrated if missing; benchmarks/big_event.py: players and
pairings in bulk, rounds 1 … N-1 with results, round N pending), starts
gunicorn with the repository's configuration (``deploy/gunicorn.conf.py``)
and production settings (``DEBUG=0``, Redis cache), and measures, in this
order (``--only`` picks some):

pages    closed loop (wrk, ``--connections`` for ``--seconds``): the standings page, the pairings page
         and the API standings page 1, against the same server's static copy of the standings page,
         ``--pairs`` alternated runs of the two (the median ratio is kept).
         Goal ≥ 0.7 × the static file's requests per second.
search   the same, for the pages each player opens: the standings searched by the player's name
         («buscá tu nombre», ``?q=``), the pairings searched by name, the player's own page; a
         wrk Lua script asks a random player per request (one URL per player); a result is recorded
         before each run, so no page of an earlier run is current. Goal ≥ 0.5 ×.
readers  ``--trials`` times one result, then 20 readers at once (standings page and API): the
         slowest, median over the trials. Goal < 150 ms (1,024) / < 500 ms (8,192).
open     open loop: every player polls the live standings fragment every 5 s with its ETag
         (locust with ``--load-processes`` processes, so the generator is not one gevent loop),
         while a recorder thread posts one result a second through the API, for ``--open-seconds``.
         Goal p95 < 50 ms (1,024) / < 100 ms (8,192).
entry    result entry through the API at ``--entry-rate`` results a second for ``--entry-seconds``,
         open loop (a constant-rate scheduler: each request leaves on time whatever the earlier
         ones wait). Goal p95 < 50 ms.
judges   20 judges with no pause entering ``--judge-results`` pending results once each, half
         through the API (token) and half through the judge form (locust). Goal ≥ 120 results/s
         and p95 < 300 ms.
memory   after the run, VmRSS of each gunicorn worker (/proc/<pid>/status). Goal < 200 MB (8,192).

Ends with one table: each measure, players, figure, goal, met/short and the
load average when it was taken (the generators share the server's cores:
read the figures beside the load). ``--json`` also writes every figure.

Needs PostgreSQL, Redis, wrk (Debian package) and locust
(``requirements-bench.txt``); ``make bench`` installs the last two.

    .venv/bin/python benchmarks/web.py --players 1024 8192     # everything (the defaults aim at about 25 min)
    .venv/bin/python benchmarks/web.py --players 1024 --only pages --seconds 5   # a quick look
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import web_loads as loads  # noqa: E402

ROOT = loads.ROOT
PY = loads.PY
JUDGE_PASSWORD = "bench-juez-123"
SECTIONS = ["pages", "search", "readers", "open", "entry", "judges", "memory"]
#: The letters of the earlier benchmark, still accepted by ``--only``.
ALIASES = {"a": "pages", "b": "open", "c": "judges", "d": "readers"}
#: Goals by measure: (players -> goal) as issue #27's table states them.
OPEN_P95_MS = {1024: 50, 8192: 100}
READERS_MS = {1024: 150, 8192: 500}
PAGES_RATIO, SEARCH_RATIO = 0.7, 0.5
JUDGES_PER_SECOND, JUDGES_P95_MS = 120, 300
ENTRY_P95_MS = 50
RSS_MB = {8192: 200}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/arena_bench_web")
    parser.add_argument("--cache", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--players", type=int, nargs="+", default=[1024, 8192])
    parser.add_argument("--round", type=int, default=5, help="the round in play (earlier rounds have results)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=10, help="duration of each closed-loop run")
    parser.add_argument("--pairs", type=int, default=3,
                        help="alternated runs of the static file and of each page (the median is kept)")
    parser.add_argument("--open-seconds", type=int, default=60)
    parser.add_argument("--load-processes", type=int, default=2, help="locust processes of the open loop")
    parser.add_argument("--entry-rate", type=float, default=10.0)
    parser.add_argument("--entry-seconds", type=int, default=20)
    parser.add_argument("--judges", type=int, default=20)
    parser.add_argument("--judge-results", type=int, default=200, help="results the judges enter")
    parser.add_argument("--trials", type=int, default=9, help="results recorded before the readers")
    parser.add_argument("--only", nargs="+", default=SECTIONS, choices=SECTIONS + list(ALIASES))
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    args.only = {ALIASES.get(name, name) for name in args.only}
    sys.stdout.reconfigure(line_buffering=True)

    env = server_env(args)
    ensure_database(args.database)
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([PY, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    figures: dict = {"machine": f"{os.cpu_count()} cores", "sizes": {}}
    summary: list[dict] = []
    for players in args.players:
        args.players_now = players
        figures["sizes"][players] = measured = run_size(args, env)
        summary += summary_rows(players, measured)
    print_summary(summary)
    if args.json:
        args.json.write_text(json.dumps({**figures, "summary": summary}, indent=2, ensure_ascii=False))


def run_size(args, env: dict) -> dict:
    """Build the event of ``args.players_now`` players, serve it, run the chosen loads."""
    players = args.players_now
    subprocess.run(["redis-cli", "-u", args.cache, "flushdb"], check=False, capture_output=True)
    started = time.perf_counter()
    facts = build_event(args, env)
    needed = loads.results_needed(args)
    print(f"\n== {players} players, round {args.round} in play, {facts['pending']} pending tables "
          f"(built in {time.perf_counter() - started:.0f} s); load average {loads.loadavg()}")
    if needed > facts["pending"]:
        print(f"  (the writing loads want {needed} results; the later ones get fewer)")
    todo = facts["matches"]

    def take(count: int) -> list[list]:
        nonlocal todo
        part, todo = todo[:count], todo[count:]
        return part

    measured: dict = {}
    base = f"http://127.0.0.1:{args.port}"
    server = start_server(args, env)
    try:
        standings = loads.fetch(f"{base}/eventos/{facts['event_id']}/posiciones/")
        static = Path(env["STATIC_ROOT"]) / "bench"
        static.mkdir(exist_ok=True)
        (static / "standings-copy.html").write_bytes(standings)
        stop_server(server)  # WhiteNoise indexes static files when it starts
        server = start_server(args, env)
        if args.only & {"pages", "search"}:
            print(f"pages and searches: wrk, {args.connections} connections, {args.seconds} s each "
                  f"(static copy {len(standings) / 1024:.0f} KB)")
            measured["static"] = loads.static_baseline(args, base)
        if "pages" in args.only:
            measured["pages"] = loads.pages(args, base, facts, measured["static"])
        if "search" in args.only:
            measured["search"] = loads.searches(args, base, facts, measured["static"], take(3 * args.pairs))
        if "readers" in args.only:
            print(f"readers: 20 together after one result, {args.trials} trials")
            measured["readers"] = loads.readers(args, base, facts, take(2 * args.trials))
        if "open" in args.only:
            print(f"open loop: {players} players polling every 5 s, one result a second, {args.open_seconds} s")
            measured["open"] = loads.open_loop(args, base, facts, take(args.open_seconds))
        if "entry" in args.only:
            print(f"result entry: {args.entry_rate:g} results a second for {args.entry_seconds} s (open loop)")
            measured["entry"] = loads.entry(args, base, facts,
                                            take(int(args.entry_rate * args.entry_seconds)))
        if "judges" in args.only:
            print(f"judges: {args.judges} with no pause")
            measured["judges"] = loads.judges(args, base, facts, take(args.judge_results))
        if "memory" in args.only:
            measured["memory"] = worker_rss(server)
            print(f"memory: worker RSS {', '.join(f'{mb:.0f}' for mb in measured['memory']['workers'])} MB; "
                  f"load {measured['memory']['load']}")
    finally:
        stop_server(server)
    return measured


# --------------------------------------------------------------------------- the summary table


def _row(measure: str, players: int, figure: str, goal: str, met: bool | None, load: str) -> dict:
    return {"measure": measure, "players": players, "figure": figure, "goal": goal,
            "met": "–" if met is None else ("met" if met else "short"), "load": load}


def summary_rows(players: int, m: dict) -> list[dict]:
    """The rows of issue #27's Goals table that this size measured."""
    rows = []
    if "open" in m:
        goal = OPEN_P95_MS.get(players, 100)
        poll = m["open"]["poll"]
        rows.append(_row("open loop: every player polls every 5 s, one result a second", players,
                         f"p95 {poll['p95']:.0f} ms, {poll['failures']} errors, {m['open']['recorder'].get('sent', 0)}"
                         " results", f"p95 < {goal} ms", poll["p95"] < goal and poll["failures"] == 0,
                         m["open"]["load"]))
    if "readers" in m:
        goal = READERS_MS.get(players, 500)
        r = m["readers"]
        rows.append(_row("20 readers right after a result, slowest", players, f"{r['after a result']:.0f} ms",
                         f"< {goal} ms", r["after a result"] < goal, r["load"]))
    for key, ratio in (("pages", PAGES_RATIO), ("search", SEARCH_RATIO)):
        for name, r in m.get(key, {}).items():
            rows.append(_row(f"{name} vs static", players,
                             f"{r['ratio']:.2f} × ({r['rps']:.0f} / {r['static_rps']:.0f} req/s, median of "
                             f"{len(r['ratios'])})",
                             f"≥ {ratio} ×", r["ratio"] >= ratio and r["timeouts"] == 0 and r["non2xx"] == 0,
                             r["load"]))
    if "judges" in m:
        j = m["judges"]
        ok = (j["per_second"] >= JUDGES_PER_SECOND and j["p95"] < JUDGES_P95_MS and j["failures"] == 0
              and j["saved"] == j["expected"])
        rows.append(_row("20 judges with no pause: results/s, p95", players,
                         f"{j['per_second']:.0f}/s, p95 {j['p95']:.0f} ms ({j['saved']} saved)",
                         f"≥ {JUDGES_PER_SECOND}/s, p95 < {JUDGES_P95_MS} ms", ok, j["load"]))
    if "entry" in m:
        e = m["entry"]
        rows.append(_row("result entry at 10 results/s (open loop)", players,
                         f"p95 {e['p95']:.0f} ms, {e['failures']} errors", f"p95 < {ENTRY_P95_MS} ms",
                         e["p95"] < ENTRY_P95_MS and e["failures"] == 0, e["load"]))
    if "memory" in m:
        worst = max(m["memory"]["workers"], default=0.0)
        goal = RSS_MB.get(players)
        rows.append(_row("one worker's RSS after the run (largest)", players, f"{worst:.0f} MB",
                         f"< {goal} MB" if goal else "–", None if goal is None else worst < goal,
                         m["memory"]["load"]))
    return rows


def print_summary(rows: list[dict]) -> None:
    print("\n| measure | players | figure | goal | met | load average |\n|---|--:|---|---|---|---|")
    for r in rows:
        print(f"| {r['measure']} | {r['players']:,} | {r['figure']} | {r['goal']} | {r['met']} | {r['load']} |")


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


def build_event(args, env: dict) -> dict:
    """The event in a child process (Django set up with the server's settings); returns its facts."""
    out = subprocess.run(
        [PY, str(Path(__file__).resolve()), "--build-child", str(args.players_now), str(args.round)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def build_child(players: int, round_in_play: int) -> None:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from benchmarks.big_event import build_live_event

    print(json.dumps(build_live_event(players, round_in_play, password=JUDGE_PASSWORD)))


def start_server(args, env: dict) -> subprocess.Popen:
    """gunicorn as in production; its log (access lines included) goes to a file, not to this output."""
    log = Path(tempfile.gettempdir()) / f"arena-bench-gunicorn-{args.port}.log"
    with log.open("ab") as handle:
        server = subprocess.Popen(
            [str(Path(PY).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py", "config.wsgi"],
            cwd=ROOT, env=env, start_new_session=True, stdout=handle, stderr=subprocess.STDOUT,
        )
    for _ in range(100):
        try:
            loads.fetch(f"http://127.0.0.1:{args.port}/static/arena/arena.css")
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


def vm_rss_mb(pid: int) -> float:
    """VmRSS of process ``pid`` in MB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def worker_rss(server: subprocess.Popen) -> dict:
    """VmRSS of each gunicorn worker (the master's children) and of the master."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return {"workers": sorted((vm_rss_mb(int(pid)) for pid in children), reverse=True),
            "master": vm_rss_mb(server.pid), "load": loads.loadavg()}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-child":
        build_child(int(sys.argv[2]), int(sys.argv[3]))
    else:
        main()
