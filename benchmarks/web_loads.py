"""The loads of benchmarks/web.py, one function per row of issue #27's Goals table.

Each returns its figures (a dict) and prints a few short lines; web.py turns
them into the summary table. Load generators: wrk (closed loop, its own C
threads; a Lua script picks a different player per request for the searches),
locust with ``--processes`` (open loop: each simulated phone polls on its own
5 s clock, whatever the answers' speed), and a constant-rate Python scheduler
for result entry (a request is sent on time even while earlier ones wait).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
LOCUSTFILE = ROOT / "benchmarks" / "locustfile.py"
WRK_REPORT = ROOT / "benchmarks" / "wrk_report.lua"


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0–1) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered) + 0.5)) - 1))]


# --------------------------------------------------------------------------- wrk


def wrk(url: str, connections: int, seconds: int, paths: list[str] | None = None) -> dict:
    """One wrk run; with ``paths``, each request asks one of them at random (one URL per player)."""
    script = WRK_REPORT
    workdir = None
    if paths:
        workdir = Path(tempfile.mkdtemp(prefix="arena-wrk-"))
        script = workdir / "paths.lua"
        table = ",\n".join(f'"{p}"' for p in paths)
        script.write_text(
            f"local paths = {{\n{table}\n}}\n"
            "local counter = 0\n"
            "function setup(thread) thread:set(\"id\", counter); counter = counter + 1 end\n"
            "function init(args) math.randomseed(os.time() + (id or 0) * 7919) end\n"
            "request = function() return wrk.format(\"GET\", paths[math.random(#paths)]) end\n"
            + WRK_REPORT.read_text())
    try:
        out = subprocess.run(
            ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", str(script), url],
            capture_output=True, text=True, check=True,
        ).stdout
    finally:
        if workdir:
            shutil.rmtree(workdir, ignore_errors=True)
    report = json.loads(re.search(r"^ARENA (.*)$", out, flags=re.M).group(1))
    report["load"] = loadavg()
    return report


def _print_wrk(name: str, r: dict, baseline: float | None) -> None:
    ratio = f"{r['rps'] / baseline:.2f} ×" if baseline else "baseline"
    print(f"  {name:<32} {r['rps']:>7.0f} req/s  p95 {r['p95'] / 1000:>7.1f} ms  errors {r['errors']:>4}  "
          f"{ratio:>9}  load {r['load']}")


def _static(args, base: str) -> dict:
    return wrk(f"{base}/static/bench/standings-copy.html", args.connections, args.seconds)


def static_baseline(args, base: str) -> dict:
    """The same server's static copy of the standings page (WhiteNoise), closed loop."""
    r = _static(args, base)
    _print_wrk("static file, same size", r, None)
    return r


def _paired(args, base: str, name: str, run, before=None) -> dict:
    """``--pairs`` alternated runs of the static file and of ``run()``: the medians of the page's rate, its
    p95 and of the per-pair ratios (a pair's two runs share the machine's state); ``before()`` runs
    before each page run. The figures returned are the median pair's, with ``ratio`` the median ratio."""
    pairs = []
    for _ in range(max(1, args.pairs)):
        static = _static(args, base)
        if before is not None:
            before()
        page = run()
        page["ratio"], page["static_rps"] = page["rps"] / static["rps"], static["rps"]
        pairs.append(page)
    pairs.sort(key=lambda r: r["ratio"])
    median = dict(pairs[len(pairs) // 2])
    median["rps"] = statistics.median(r["rps"] for r in pairs)
    median["p95"] = statistics.median(r["p95"] for r in pairs)
    median["static_rps"] = statistics.median(r["static_rps"] for r in pairs)
    median["ratios"] = [round(r["ratio"], 2) for r in pairs]
    median["timeouts"] = max(r["timeouts"] for r in pairs)
    median["non2xx"] = max(r["non2xx"] for r in pairs)
    _print_wrk(name, median, median["rps"] / median["ratio"])
    if len(pairs) > 1:
        print(f"  {'':<32} ratios of the {len(pairs)} pairs: {', '.join(f'{x:.2f}' for x in median['ratios'])}")
    return median


def pages(args, base: str, facts: dict, static: dict) -> dict:
    """Standings, pairings and API page 1, each against the static file run just before it, ``--pairs``
    times (goal ≥ 0.7 × at the median)."""
    event = facts["event_id"]
    urls = {"standings page": f"{base}/eventos/{event}/posiciones/",
            "pairings page": f"{base}/eventos/{event}/",
            "API standings, page 1": f"{base}/api/events/{event}/standings/"}
    return {name: _paired(args, base, name, lambda url=url: wrk(url, args.connections, args.seconds))
            for name, url in urls.items()}


def player_paths(facts: dict) -> dict[str, list[str]]:
    """Per page a player opens, one path per player: «buscá tu nombre» in the standings and the
    pairings (``?q=`` with the player's whole name), and the player's own page."""
    event = facts["event_id"]
    names = [(number, urllib.parse.quote(name)) for number, name in facts["players"]]
    return {"standings search (?q=)": [f"/eventos/{event}/posiciones/?q={q}" for _n, q in names],
            "pairings search (?q=)": [f"/eventos/{event}/?q={q}" for _n, q in names],
            "player page": [f"/eventos/{event}/jugadores/{n}/" for n, _q in names]}


def searches(args, base: str, facts: dict, static: dict, matches: list[list]) -> dict:
    """The pages each player opens, a random player per request, each against the static file run just
    before it, ``--pairs`` times (≥ 0.5 × at the median). One result is recorded before each run, so
    every run starts from a new state, as on the day: no page body of an earlier run is current."""
    todo = iter(matches)
    token = facts["tokens"][0]

    def a_result() -> None:
        match = next(todo, None)
        if match is not None:
            record(base, token, match)

    return {name: _paired(args, base, name,
                          lambda paths=paths: wrk(base + paths[0], args.connections, args.seconds, paths=paths),
                          before=a_result)
            for name, paths in player_paths(facts).items()}


# --------------------------------------------------------------------------- results through the API


def record(base: str, token: str, match: list) -> float:
    """Post one result through the API (side A wins 2-0); returns the wait in ms."""
    request = urllib.request.Request(
        f"{base}/api/tables/{match[0]}/result/", method="POST",
        data=json.dumps({"seats": [{"player_number": match[3], "games": 2}, {"player_number": match[4], "games": 0}],
                         "games_drawn": 0, "expected_version": match[2]}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def constant_rate(base: str, tokens: list[str], matches: list[list], rate: float, seconds: float,
                  stop: threading.Event | None = None) -> dict:
    """Open loop: result ``i`` is sent at ``i / rate`` s whatever the earlier ones' waits (a pool of
    threads sends them). Returns the waits (ms), failures and how late the scheduler sent (ms)."""
    count = min(len(matches), int(rate * seconds))
    waits: list[float] = []
    failures = [0]
    lock = threading.Lock()

    def send(i: int) -> None:
        try:
            wait = record(base, tokens[i % len(tokens)], matches[i])
        except OSError:
            with lock:
                failures[0] += 1
            return
        with lock:
            waits.append(wait)

    started = time.perf_counter()
    late = 0.0
    with ThreadPoolExecutor(max_workers=max(8, int(rate * 4))) as pool:
        for i in range(count):
            if stop is not None and stop.is_set():
                break
            delay = started + i / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            else:
                late = max(late, -delay * 1000)
            pool.submit(send, i)
    return {"sent": len(waits) + failures[0], "failures": failures[0], "p50": percentile(waits, 0.5),
            "p95": percentile(waits, 0.95), "max": max(waits, default=0.0), "scheduler late ms": late}


def entry(args, base: str, facts: dict, matches: list[list]) -> dict:
    """Result entry at ``--entry-rate`` results a second, open loop (goal p95 < 50 ms)."""
    r = constant_rate(base, facts["tokens"], matches, args.entry_rate, args.entry_seconds)
    r["load"] = loadavg()
    print(f"  {r['sent']} results at {args.entry_rate:g}/s: p50 {r['p50']:.0f} ms, p95 {r['p95']:.0f} ms, "
          f"{r['failures']} failures (scheduler at most {r['scheduler late ms']:.0f} ms late), load {r['load']}")
    return r


# --------------------------------------------------------------------------- locust


def locust(scenario: str, base: str, users: int, seconds: int, extra_env: dict, processes: int = 0) -> dict:
    """One headless locust run (``processes`` > 1: that many worker processes); its rows by name."""
    import csv as csvmod

    csv = Path(tempfile.mkdtemp(prefix="arena-locust-")) / "run"
    env = {**os.environ, "ARENA_SCENARIO": scenario, **extra_env}
    cmd = [str(Path(PY).with_name("locust")), "-f", str(LOCUSTFILE), "--headless", "--host", base,
           "-u", str(users), "-r", str(users), "-t", f"{seconds}s", "--csv", str(csv), "--only-summary",
           "--stop-timeout", "10", "--loglevel", "WARNING"]
    if processes > 1:
        cmd += ["--processes", str(processes)]
    subprocess.run(cmd, cwd=ROOT, env=env, check=False, capture_output=True, text=True)
    rows: dict = {}
    with open(f"{csv}_stats.csv", newline="") as handle:
        for row in csvmod.DictReader(handle):
            rows[row["Name"]] = {"requests": int(row["Request Count"]), "failures": int(row["Failure Count"]),
                                 "p50": float(row["50%"] or 0), "p95": float(row["95%"] or 0),
                                 "p99": float(row["99%"] or 0), "rps": float(row["Requests/s"] or 0)}
    shutil.rmtree(csv.parent, ignore_errors=True)
    return rows


def open_loop(args, base: str, facts: dict, matches: list[list]) -> dict:
    """Every player polls the live standings fragment every 5 s (with its ETag) while a recorder
    posts one result a second through the API (goal p95 < 50 ms at 1,024, < 100 ms at 8,192)."""
    stop = threading.Event()
    recorded: dict = {}

    def recorder() -> None:
        time.sleep(5)  # every phone has started its clock
        recorded.update(constant_rate(base, facts["tokens"][1:], matches, 1.0, args.open_seconds - 5, stop))

    thread = threading.Thread(target=recorder)
    thread.start()
    rows = locust("open", base, args.players_now, args.open_seconds,
                  {"ARENA_EVENT": str(facts["event_id"]), "ARENA_POLLERS": str(args.players_now)},
                  processes=args.load_processes)
    stop.set()
    thread.join()
    poll = rows.get("fragment poll (ETag)", {"requests": 0, "failures": 0, "p50": 0, "p95": 0, "rps": 0})
    load = loadavg()
    print(f"  {poll['requests']} polls ({poll['rps']:.0f}/s, {args.load_processes} locust processes): "
          f"p50 {poll['p50']:.0f} ms, p95 {poll['p95']:.0f} ms, {poll['failures']} failures; "
          f"{recorded.get('sent', 0)} results recorded meanwhile (p95 {recorded.get('p95', 0):.0f} ms); load {load}")
    return {"poll": poll, "recorder": recorded, "load": load}


def results_saved(database: str, table_ids: list[int]) -> int:
    """How many of ``table_ids`` have a result in the database (what was saved, whatever the load
    generator's statistics kept)."""
    import psycopg

    with psycopg.connect(database) as conn:
        return conn.execute("SELECT count(*) FROM tournaments_table WHERE id = ANY(%s) AND status <> 'pending'",
                            (table_ids,)).fetchone()[0]


def judges(args, base: str, facts: dict, matches: list[list]) -> dict:
    """``--judges`` judges entering ``matches`` once each with no pause, half through the API and half
    through the judge form (goal ≥ 120 results/s, p95 < 300 ms)."""
    work = Path(tempfile.mkdtemp(prefix="arena-judges-"))
    (work / "matches.json").write_text(json.dumps({**facts, "matches": matches, "players": []}))
    rows = locust("judges", base, args.judges, 600,
                  {"ARENA_JUDGE_WORK": str(work / "matches.json"), "ARENA_JUDGE_TIMES": str(work / "times.json")})
    times = json.loads((work / "times.json").read_text()) if (work / "times.json").exists() else {}
    shutil.rmtree(work, ignore_errors=True)
    posts = {name: r for name, r in rows.items() if name.startswith("POST")}
    saved = results_saved(args.database, [item[0] for item in matches])
    span = max(times.get("last", 0) - times.get("first", 0), 1e-6)
    worst = max((r["p95"] for r in posts.values()), default=0.0)
    failures = sum(r["failures"] for r in posts.values())
    load = loadavg()
    print(f"  {saved} of {len(matches)} results saved in {span:.1f} s ({saved / span:.0f}/s), "
          + ", ".join(f"{name} p95 {r['p95']:.0f} ms" for name, r in posts.items())
          + f", {failures} failures; load {load}")
    return {"rows": rows, "saved": saved, "expected": len(matches), "per_second": saved / span,
            "p95": worst, "failures": failures, "load": load}


# --------------------------------------------------------------------------- readers after a result


def _timed_get(url: str) -> tuple[float, str]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        stamp = response.headers.get("X-Arena-Stamp", "")
    return (time.perf_counter() - started) * 1000, stamp


def _crowd(urls: list[str], readers: int) -> tuple[list[float], list[str]]:
    """``readers`` threads, each GETting one of ``urls`` in turn, started together: (waits in ms, stamps)."""
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


def readers(args, base: str, facts: dict, matches: list[list], crowd: int = 20) -> dict:
    """``--trials`` times: one result, then ``crowd`` readers at once (standings page and API standings);
    the slowest reader's wait, median over the trials (goal < 150 ms at 1,024, < 500 ms at 8,192)."""
    event = facts["event_id"]
    token = facts["tokens"][0]
    urls = [f"{base}/eventos/{event}/posiciones/", f"{base}/api/events/{event}/standings/"]
    todo = iter(matches)
    quiet = [max(_crowd(urls, crowd)[0]) for _ in range(args.trials)]
    alone, slowest, stale = [], [], []
    for trial in range(args.trials):
        record(base, token, next(todo))
        # one rebuild, nobody else asking: an address never asked before has no previous body to answer
        alone.append(_timed_get(f"{urls[0]}?reconstruir={trial}")[0])
        record(base, token, next(todo))
        waits, stamps = _crowd(urls, crowd)
        slowest.append(max(waits))
        time.sleep(1.0)  # the new state rendered: its stamp is the one after the result
        current = _revision(_timed_get(urls[0])[1])
        stale.append(sum(1 for s in stamps if _revision(s) < current))
    rows = {"quiet": statistics.median(quiet), "one rebuild": statistics.median(alone),
            "after a result": statistics.median(slowest), "previous state served": statistics.median(stale),
            "load": loadavg(), "trials": args.trials}
    print(f"  slowest of {crowd}: {rows['after a result']:.0f} ms after a result, {rows['quiet']:.0f} ms with "
          f"nothing changed; one rebuild alone {rows['one rebuild']:.0f} ms; previous state served to "
          f"{rows['previous state served']:.0f} of {crowd}; load {rows['load']}")
    return rows


def results_needed(args) -> int:
    """Pending tables the writing loads use, in the order web.py runs them."""
    return (3 * args.pairs + 2 * args.trials + args.open_seconds + int(args.entry_rate * args.entry_seconds)
            + args.judge_results)
