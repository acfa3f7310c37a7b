"""Two gunicorn nodes behind HAProxy, one PostgreSQL and one Redis (issue #27 point 6): the checks.

Run by ``.ci/two_nodes.sh`` with the nodes and the balancer already up:

    two_nodes_check.py FACTS.json NODE_A NODE_B BALANCER NODE_A_PGID

1. Judges post on node A, players poll node B: every result is on B's answers within the 2 s a public page
   may show the previous state while a thread renders the new one (DESIGN.md decision 23).
2. A judge signed in on node A is signed in on node B (sessions in the shared database).
3. The sign-in throttle counts on both nodes together (counters in the shared Redis).
4. Node A killed mid-round: the balancer sends everything to node B, every result posted through it is
   answered "saved" and stored exactly once.
Stdlib only; exits non-zero with the reason on the first failure.
"""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

#: How long a public answer may show the state before a change (tournaments.pagecache.STALE_SECONDS).
STALE_SECONDS = 2.0


def fail(message: str) -> None:
    print(f"FAIL: {message}")
    sys.exit(1)


def call(url: str, *, data: dict | None = None, token: str | None = None, opener=None, form: bool = False):
    """(status, headers, body text) of one request; HTTP errors are answers, not exceptions."""
    headers = {}
    body = None
    if data is not None:
        if form:
            body = urllib.parse.urlencode(data).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        else:
            body = json.dumps(data).encode()
            headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Token {token}"
    request = urllib.request.Request(url, data=body, headers=headers, method="POST" if data is not None else "GET")
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def record(base: str, facts: dict, table: dict, games: tuple[int, int]) -> None:
    seats = [{"player_number": number, "games": won} for number, won in zip(table["players"], games, strict=True)]
    status, _headers, body = call(f"{base}/api/tables/{table['id']}/result/", token=facts["token"],
                                  data={"seats": seats, "games_drawn": 0, "expected_version": table["version"]})
    if status != 200:
        fail(f"table {table['number']} through {base}: {status} {body[:200]}")


def pairings(base: str, facts: dict) -> dict[int, tuple[int, int]]:
    status, _headers, body = call(f"{base}/api/events/{facts['event']}/rounds/1/pairings/")
    if status != 200:
        fail(f"pairings on {base}: {status}")
    return {row["match_id"]: (row["games_a"], row["games_b"]) for row in json.loads(body)["results"]}


def settled(base: str, facts: dict, expected: dict) -> dict:
    """The pairings of ``base`` once they hold ``expected``, asked again for up to the stale window; the
    last answer otherwise."""
    give_up = time.monotonic() + STALE_SECONDS + 1
    while True:
        seen = pairings(base, facts)
        if {k: seen[k] for k in expected} == expected or time.monotonic() > give_up:
            return seen
        time.sleep(0.05)


def main() -> None:
    facts_file, node_a, node_b, balancer, node_a_pgid = sys.argv[1:6]
    facts = json.loads(open(facts_file, encoding="utf-8").read())
    tables = facts["tables"]
    first, rest = tables[: len(tables) // 2], tables[len(tables) // 2:]

    print("== 1. judges on node A, players on node B: each result on B within the stale window")
    pairings(node_b, facts)  # B has the round cached, its stamp published
    for i, table in enumerate(first):
        games = (2, i % 2)
        record(node_a, facts, table, games)
        seen = settled(node_b, facts, {table["id"]: games})
        if seen[table["id"]] != games:
            fail(f"table {table['number']}: saved {games} on node A, node B still answers {seen[table['id']]}")
    print(f"   {len(first)} results posted on A, each read back on B within {STALE_SECONDS:g} s")

    print("== 2. signed in on node A, signed in on node B")
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    _status, _headers, page = call(f"{node_a}/login/", opener=opener)
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if csrf is None:
        fail("the sign-in page has no CSRF token")
    status, _headers, _body = call(f"{node_a}/login/", opener=opener, form=True,
                                   data={"csrfmiddlewaretoken": csrf.group(1), "username": facts["judge"],
                                         "password": facts["password"]})
    status, _headers, judge_page = call(f"{node_b}/juez/eventos/{facts['event']}/", opener=opener)
    if status != 200 or facts["event_name"] not in judge_page:
        fail(f"the judge's session from node A is not known on node B ({status})")
    print("   the judge's tables open on node B with the session of node A")

    print("== 3. the sign-in throttle counts on both nodes")
    answers = []
    for node in (node_a, node_b, node_a, node_b, node_a):
        status, headers, _body = call(f"{node}/api/token/", data={"username": "nadie-2", "password": "mal"})
        answers.append(status)
    if answers[:4] != [400, 400, 400, 400] or answers[4] != 429:
        fail(f"4 failed sign-ins split over two nodes, then a fifth: {answers} (expected 400 ×4, then 429)")
    print(f"   answers {answers}")

    print("== 4. node A killed mid-round: the balancer serves on from node B, nothing lost")
    record(balancer, facts, rest[0], (2, 0))
    os.killpg(int(node_a_pgid), signal.SIGKILL)
    time.sleep(0.5)
    try:
        call(f"{node_a}/healthz")
        fail("node A still answers after SIGKILL")
    except urllib.error.URLError:
        pass  # nothing listens on node A any more
    for i, table in enumerate(rest[1:], start=1):
        record(balancer, facts, table, (0, 2) if i % 2 else (2, 1))
    expected = {t["id"]: (2, i % 2) for i, t in enumerate(first)}
    expected[rest[0]["id"]] = (2, 0)
    expected.update({t["id"]: ((0, 2) if i % 2 else (2, 1)) for i, t in enumerate(rest[1:], start=1)})
    seen = settled(balancer, facts, expected)
    if {k: seen[k] for k in expected} != expected:
        fail(f"after node A died the results read {seen}, expected {expected}")
    print(f"   {len(rest)} results through the balancer, {len(rest) - 1} after node A died; "
          f"all {len(tables)} read back")


if __name__ == "__main__":
    main()
