"""A web worker's memory after a big round (run by test_worker_memory.py, not collected by pytest).

``python -m tests.tournaments.memory_worker FACTS.json`` with the
environment of a production worker (``DEBUG=0``, ``CACHE_URL`` on Redis,
``DATABASE_URL``), loading ``config.wsgi`` as gunicorn does: Django's request handler (the test client: the whole
middleware stack, as gunicorn's worker runs it) serves every standings page,
every pairings page, the API standings pages, 40 player pages and their name
searches of the event in ``FACTS.json``; then 500 results are posted through
the API in batches of 50, the first two pages of each and 8 more players
read after each batch, and every page read once more at the end. Prints one JSON
line: VmRSS and VmHWM (MB), the memo's bytes and bound, the requests that
did not answer 200, and VmRSS after each step.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
import urllib.parse
from pathlib import Path


def status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def main(path: str) -> None:
    facts = json.loads(Path(path).read_text())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.test import Client

    import config.wsgi  # noqa: F401 - what gunicorn loads: the allocator tuned, then Django
    from tournaments import pagecache

    event = facts["event_id"]
    players = facts["players"]
    pages = -(-len(players) // 100)
    rng = random.Random(27)
    client = Client()
    api = Client(HTTP_AUTHORIZATION=f"Token {facts['tokens'][0]}")
    failed: list[str] = []
    reads = 0

    def get(url: str) -> None:
        nonlocal reads
        reads += 1
        status = client.get(url).status_code
        if status != 200:
            failed.append(f"{status} {url}")

    def read(page_count: int, sample: int) -> None:
        for page in range(1, page_count + 1):
            get(f"/eventos/{event}/posiciones/?pagina={page}")
            get(f"/eventos/{event}/?pagina={page}")
            get(f"/api/events/{event}/standings/?page={page}")
        for number, name in rng.sample(players, sample):
            get(f"/eventos/{event}/jugadores/{number}/")
            get(f"/eventos/{event}/posiciones/?q={urllib.parse.quote(name)}")
            get(f"/eventos/{event}/?q={urllib.parse.quote(name)}")

    started = time.monotonic()
    steps = {"after set-up": status_mb("VmRSS")}
    read(pages, 40)
    steps[f"after the first reads ({time.monotonic() - started:.0f} s)"] = status_mb("VmRSS")
    todo = iter(facts["matches"])
    for batch in range(1, 11):
        for _ in range(50):
            table_id, _number, version, number_a, number_b = next(todo)
            body = {"seats": [{"player_number": number_a, "games": 2}, {"player_number": number_b, "games": 1}],
                    "games_drawn": 0, "expected_version": version}
            response = api.post(f"/api/tables/{table_id}/result/", body, content_type="application/json")
            if response.status_code not in (200, 201):
                failed.append(f"{response.status_code} POST {table_id}")
        read(2, 8)
        steps[f"after {50 * batch} results ({time.monotonic() - started:.0f} s)"] = status_mb("VmRSS")
    pagecache.background_wait()  # the renders the last reads started
    read(pages, 20)
    print(json.dumps({"rss_mb": status_mb("VmRSS"), "hwm_mb": status_mb("VmHWM"), "steps": steps, "reads": reads,
                      "memo_bytes": pagecache.local_bytes(), "memo_limit_mb": settings.ARENA_LOCAL_CACHE_MB,
                      "failed": failed[:20], "failed_count": len(failed), "pid": os.getpid()}))


if __name__ == "__main__":
    main(sys.argv[1])
