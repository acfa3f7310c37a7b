"""Locust scenarios of benchmarks/web.py (chosen by ``ARENA_SCENARIO``); not run on its own.

- ``open``: ``ARENA_POLLERS`` players poll the live standings fragment of
  event ``ARENA_EVENT`` every 5 s with the ETag they last got (a 304 when
  nothing changed), starting at random instants (run with ``--processes``
  so the phones are spread over several processes).
- ``judges``: 20 judges enter every match of ``ARENA_JUDGE_WORK`` (the facts
  benchmarks/web.py built) once: ten through the API with a token (even
  tables), ten through the judge form (odd tables: signed in once, then the
  form read, posted, and its redirect followed). The instants of the first
  and last result posted are written to ``ARENA_JUDGE_TIMES`` (results a
  second are counted between them, the sign-ins left out).
"""
from __future__ import annotations

import itertools
import json
import os
import random
import re
import time

import gevent
from locust import FastHttpUser, HttpUser, between, constant_pacing, events, task
from locust.exception import StopUser

SCENARIO = os.environ.get("ARENA_SCENARIO", "open")
EVENT = os.environ.get("ARENA_EVENT", "1")
POLLERS = int(os.environ.get("ARENA_POLLERS", "1024"))
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


if SCENARIO == "open":
    class Poller(FastHttpUser):
        fixed_count = POLLERS
        wait_time = constant_pacing(5)

        def on_start(self):
            self.etag = None
            gevent.sleep(random.uniform(0, 5))  # phones do not poll in step

        @task
        def poll(self):
            headers = {"Accept-Encoding": "gzip"}
            if self.etag:
                headers["If-None-Match"] = self.etag
            with self.client.get(f"/eventos/{EVENT}/posiciones/?fragmento=1", headers=headers,
                                 name="fragment poll (ETag)", catch_response=True) as response:
                if response.status_code in (200, 304):
                    self.etag = response.headers.get("ETag", self.etag)
                    response.success()
                else:
                    response.failure(f"status {response.status_code}")

else:
    WORK = json.loads(open(os.environ["ARENA_JUDGE_WORK"]).read())
    MATCHES = WORK["matches"]
    API_WORK = iter(MATCHES[0::2])   # even tables through the API
    FORM_WORK = iter(MATCHES[1::2])  # odd tables through the judge form
    DONE = itertools.count(1)
    JUDGE_IDS = itertools.count()

    TIMES: dict = {}

    @events.request.add_listener
    def _timed(request_type, name, response_time, exception=None, **kwargs):
        if name.startswith("POST") and exception is None:
            now = time.time()
            TIMES.setdefault("first", now - response_time / 1000)
            TIMES["last"] = now

    STOPPED = itertools.count(1)

    def _finished(environment) -> None:
        if next(DONE) >= len(MATCHES):
            _quit(environment)

    def _quit(environment) -> None:
        """Stop the run from a greenlet of its own: a user that quits the runner from its own task is
        killed with the others before the quit ends, and the run then waits for its time limit."""
        gevent.spawn(environment.runner.quit)

    def _out_of_work(user) -> None:
        """A judge with nothing left to enter; the last one ends the run (even if a post was lost)."""
        if next(STOPPED) >= ApiJudge.fixed_count + FormJudge.fixed_count:
            _quit(user.environment)
        raise StopUser()

    class ApiJudge(FastHttpUser):
        """A judge's app: a token obtained once, no session (so no CSRF)."""

        fixed_count = 10
        wait_time = between(0, 0.05)

        def on_start(self):
            self.token = WORK["tokens"][next(JUDGE_IDS) % len(WORK["tokens"])]

        @task
        def enter(self):
            item = next(API_WORK, None)
            if item is None:
                _out_of_work(self)
            table_id, _table, version, number_a, number_b = item
            score = random.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            self.client.post(f"/api/tables/{table_id}/result/", name="POST API result",
                             json={"seats": [{"player_number": number_a, "games": score[0]},
                                             {"player_number": number_b, "games": score[1]}],
                                   "games_drawn": 0, "expected_version": version},
                             headers={"Authorization": f"Token {self.token}"})
            _finished(self.environment)

    class FormJudge(HttpUser):
        """A judge on a phone: signed in once, then the table's form read and posted (redirect followed)."""

        fixed_count = 10
        wait_time = between(0, 0.05)

        def on_start(self):
            index = next(JUDGE_IDS) % len(WORK["tokens"])
            page = self.client.get("/login/", name="sign-in (once a day): GET login")
            token = CSRF.search(page.text).group(1)
            self.client.post("/login/", data={"username": WORK["usernames"][index], "password": WORK["password"],
                                              "csrfmiddlewaretoken": token}, name="sign-in (once a day): POST login")

        @task
        def enter(self):
            item = next(FORM_WORK, None)
            if item is None:
                _out_of_work(self)
            _table_id, table, version, _number_a, _number_b = item
            score = random.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            url = f"/juez/eventos/{WORK['event_id']}/rondas/{WORK['round']}/mesas/{table}/"
            form = self.client.get(url, name="GET judge form")
            token = CSRF.search(form.text).group(1)
            self.client.post(url, name="POST judge form (+ redirect)",
                             data={"games_a": score[0], "games_b": score[1], "games_drawn": 0,
                                   "expected_version": version, "csrfmiddlewaretoken": token})
            _finished(self.environment)


@events.quitting.add_listener
def _exit_code(environment, **kwargs):
    environment.process_exit_code = 0
    if SCENARIO != "open" and os.environ.get("ARENA_JUDGE_TIMES"):
        with open(os.environ["ARENA_JUDGE_TIMES"], "w") as handle:
            json.dump(TIMES, handle)
