"""Judges and organizers acting on one event at the same time, on real PostgreSQL connections.

Issue #12: re-pairing the current round while judges posted the first
results deleted results the judges had been answered "saved" (with their
history rows), and pairing the next round while round-1 results were being
corrected paired tables from results that had already changed. Every
service locks the event row first, then what it changes. These tests start
20+ threads together on a :class:`threading.Barrier`, each thread on its own
database connection, and check what the database holds afterwards against
what each request was answered:

- a request answered "saved" (2xx) is in the database with its history row,
  and nothing paired or closed after it ignored it;
- a refused request is a 4xx with a JSON ``{"code", "detail"}``: no 500, no
  exception escaping the view, nothing changed.

Each scenario runs in two timings. ``*-holds-lock``: the organizer's request
starts alone and the other requests are released the moment it holds the
event row (a watcher polls the row with ``NOWAIT``), so they all arrive while
it runs. ``*-among-*``: every request is spread over about half a second and
the organizer's request starts in the middle of them.

They need row locks that block, so they run on PostgreSQL only; SQLite
serializes whole transactions and would prove nothing.
"""
from __future__ import annotations

import random
import re
import threading
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.conf import settings as django_settings
from django.core.signals import got_request_exception
from django.db import DatabaseError, connection, transaction
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tests.races import RACE_MARKS
from tests.tournaments.api.entries import duel_body
from tournaments import services
from tournaments.adapters import load_snapshot
from tournaments.enums import EventState, MatchStatus, RoundState
from tournaments.errors import ArenaError
from tournaments.models import Event, Registration, ResultEntry, Round, Table
from tournaments.swiss.pairing import pair_round
from tournaments.swiss.standings import compute_standings
from tournaments.tasks import render_document

pytestmark = RACE_MARKS

PLAYERS = 48  # 24 tables: one judge per table in the re-pair race
THREAD_TIMEOUT = 60  # seconds for every worker to finish; a lock wait that never ends fails the test
STAGGER = 0.025  # seconds between the starts of two requests spread over time
A_WINS, A_WINS_CLEAN, B_WINS, B_WINS_CLEAN = (2, 1, 0), (2, 0, 0), (1, 2, 0), (0, 2, 0)
TIMINGS = ["holds-lock", "among"]


@pytest.fixture(autouse=True)
def fast_and_private(settings, tmp_path, monkeypatch):
    """Dozens of users (no PBKDF2); round documents queued but not rendered.

    Pairing still creates its document rows inside its transaction; only the
    rendering, which the embedded default runs in-process after the commit,
    is left out: it takes part in no race here and would double the run time.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(render_document, "delay", lambda *args, **kwargs: None)


# --------------------------------------------------------------------------- requests and their answers


@dataclass
class Call:
    """One request a worker thread made, and what it was answered."""

    action: str  # "result", "repair", "pair", "drop", "register"
    target: int  # match, event, registration or player id
    payload: dict
    user: int | None = None
    status: int | None = None
    body: object = None
    crash: str | None = None  # traceback of a 500 or of an exception that escaped a service
    started_at: float = 0.0  # time.monotonic() when the request was sent
    answered_at: float = 0.0

    @property
    def ok(self) -> bool:
        return self.crash is None and self.status is not None and 200 <= self.status < 300

    @property
    def code(self) -> str | None:
        return self.body.get("code") if isinstance(self.body, dict) else None

    def __str__(self) -> str:
        head = f"{self.action} {self.target} {self.payload}"
        if self.crash:
            return f"{head}: HTTP {self.status or 500}, {short_traceback(self.crash)}"
        return f"{head}: HTTP {self.status} {self.body!r}"[:600]


def short_traceback(text: str) -> str:
    """The project's innermost frames of a traceback and the exception it ended with."""
    root = str(django_settings.BASE_DIR)
    lines = text.strip().splitlines()
    frames = [line.strip().removeprefix("File ").replace(root + "/", "") for line in lines
              if line.strip().startswith(f'File "{root}/') and "/tests/" not in line]
    errors = [line for line in lines if re.match(r"[A-Za-z_][\w.]*(Error|Exception|DoesNotExist|Iteration)\b", line)]
    return " <- ".join(reversed(frames[-3:])) + f": {(errors or lines)[-1]}"


# Tracebacks of requests that failed with a 500, by thread. Django's test client
# collects them through a signal every client listens to, so one client would
# re-raise another thread's exception; each request reads its own here instead.
_tracebacks: dict[int, str] = {}


def _keep_traceback(sender, request=None, **kwargs) -> None:
    _tracebacks[threading.get_ident()] = traceback.format_exc()


def logged_in(user) -> APIClient:
    """A client of its own for one worker thread; a 500 comes back as a response (see :func:`post`)."""
    client = APIClient(raise_request_exception=False)
    client.force_login(user)
    return client


def post(client: APIClient, url: str, call: Call) -> Call:
    """POST ``call.payload`` as JSON; a 500 is recorded with its traceback, not raised."""
    call.started_at = time.monotonic()
    _tracebacks.pop(threading.get_ident(), None)
    try:
        response = client.post(url, call.payload, format="json")
    except Exception:  # escaped the request handler itself
        call.crash = traceback.format_exc()
    else:
        call.status = response.status_code
        try:
            call.body = response.json()
        except ValueError:
            call.body = response.content[:300]
        if call.status >= 500:
            call.crash = _tracebacks.pop(threading.get_ident(), "HTTP 500 (no traceback recorded)")
    call.answered_at = time.monotonic()
    return call


def service(fn: Callable, call: Call, **kwargs) -> Call:
    """Call a service as a view would: a domain error is a refusal with its status and code."""
    call.started_at = time.monotonic()
    try:
        fn(**kwargs)
    except ArenaError as exc:
        call.status, call.body = exc.status, {"code": exc.code, "detail": str(exc)}
    except Exception:  # would be a 500
        call.crash = traceback.format_exc()
    else:
        call.status = 200
    call.answered_at = time.monotonic()
    return call


# --------------------------------------------------------------------------- running threads together


Work = Callable[[list[Call]], None]


class Gate:
    """Opens once the event row is locked by someone else (or :meth:`open` is called).

    :meth:`watch` is a worker of its own: on its own connection it tries to
    lock the event row with ``NOWAIT`` every few milliseconds; the first
    refusal means the organizer's transaction holds it. Workers made with
    :meth:`then` wait for the gate before they start.
    """

    def __init__(self, event: Event) -> None:
        self.event_pk = event.pk
        self.opened = threading.Event()
        self.saw_lock = False

    def open(self) -> None:
        self.opened.set()

    def watch(self, calls: list[Call]) -> None:
        try:
            while not self.opened.is_set():
                try:
                    with transaction.atomic():
                        list(Event.objects.select_for_update(nowait=True).filter(pk=self.event_pk)
                             .values_list("pk", flat=True))
                except DatabaseError:
                    self.saw_lock = True
                    return
                time.sleep(0.002)
        finally:
            self.opened.set()

    def then(self, offset: float, work: Work) -> Work:
        def gated(calls: list[Call]) -> None:
            self.opened.wait(timeout=THREAD_TIMEOUT)
            time.sleep(offset)
            work(calls)
        return gated


def run_together(workers: list[tuple[float, Work]]) -> list[Call]:
    """Run each worker in its own thread (own connection), all released at once by a barrier.

    A worker is ``(offset, work)``: ``work`` starts ``offset`` seconds after
    the barrier opens and appends the calls it made to the list it is given.
    Every thread closes its connection when it ends.
    """
    assert len(workers) >= 20, "the race needs at least 20 concurrent threads"
    got_request_exception.connect(_keep_traceback, dispatch_uid="test-concurrency-tracebacks")
    barrier = threading.Barrier(len(workers))
    calls: list[list[Call]] = [[] for _ in workers]

    def run(index: int, offset: float, work: Work) -> None:
        try:
            barrier.wait(timeout=30)
            time.sleep(offset)
            work(calls[index])
        except Exception:  # a broken worker is reported like a crashed request
            calls[index].append(Call("worker", index, {}, crash=traceback.format_exc()))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, *w), daemon=True) for i, w in enumerate(workers)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + THREAD_TIMEOUT
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
    finally:
        got_request_exception.disconnect(dispatch_uid="test-concurrency-tracebacks")
    stuck = sum(thread.is_alive() for thread in threads)
    assert not stuck, f"{stuck} threads still running after {THREAD_TIMEOUT} s (a lock wait that never ends?)"
    return [call for group in calls for call in group]


def organizer_action(client: APIClient, url: str, action: str, event: Event, user, gate: Gate | None) -> Work:
    """The organizer's POST; it opens ``gate`` once answered (the watcher may have missed a short lock)."""
    def work(calls: list[Call]) -> None:
        try:
            calls.append(post(client, url, Call(action, event.pk, {}, user=user.pk)))
        finally:
            if gate is not None:
                gate.open()
    return work


# --------------------------------------------------------------------------- checking


class Findings:
    """Every broken expectation of one scenario, reported together with how the race went."""

    def __init__(self, calls: list[Call], gate: Gate | None = None) -> None:
        self.items: list[str] = []
        self.calls = calls
        self.gate = gate

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            self.items.append(message)

    def summary(self) -> str:
        """Answers per action with the time span they took, e.g. ``result [0–420 ms]: 200×9, 409 stale_result×3``."""
        tally: dict[str, Counter] = defaultdict(Counter)
        spans: dict[str, tuple[float, float]] = {}
        for call in self.calls:
            tally[call.action]["500" if call.crash else f"{call.status}" + ("" if call.ok else f" {call.code}")] += 1
            if call.started_at:
                first, last = spans.get(call.action, (call.started_at, call.answered_at))
                spans[call.action] = (min(first, call.started_at), max(last, call.answered_at))
        origin = min((first for first, _ in spans.values()), default=0.0)
        text = "; ".join(
            f"{action} [{1000 * (spans[action][0] - origin):.0f}–{1000 * (spans[action][1] - origin):.0f} ms]: "
            + ", ".join(f"{k}×{n}" for k, n in sorted(t.items()))
            for action, t in sorted(tally.items()) if action in spans
        )
        if self.gate is not None:
            text += "; gate: " + ("opened on the event lock" if self.gate.saw_lock else "opened on the answer")
        return text

    def assert_none(self) -> None:
        print(f"answers: {self.summary()}")
        seen = set()
        for call in self.calls:  # each kind of crash once in full, on stdout
            if call.crash and short_traceback(call.crash) not in seen:
                seen.add(short_traceback(call.crash))
                print(f"--- {call.action} {call.target}\n{call.crash}")
        shown = "\n\n".join(self.items[:12])
        more = f"\n\n… and {len(self.items) - 12} more" if len(self.items) > 12 else ""
        assert not self.items, f"{len(self.items)} broken expectations ({self.summary()}):\n\n{shown}{more}"


def check_answers(findings: Findings, calls: list[Call]) -> None:
    """No request crashed; every refusal is a 4xx with a JSON code and detail."""
    for call in calls:
        if call.crash or (call.status or 0) >= 500:
            findings.check(False, f"crashed (500): {call}")
        elif not call.ok:
            findings.check(
                400 <= call.status < 500 and isinstance(call.body, dict)
                and bool(call.code) and "detail" in call.body,
                f"refused without a 4xx JSON {{code, detail}}: {call}",
            )


def check_history(findings: Findings, event: Event) -> None:
    """Each match of ``event`` equals its last history row; versions run 1..n with no gap."""
    entries = defaultdict(list)
    for entry in ResultEntry.objects.filter(table__round__event=event).order_by("version"):
        entries[entry.table_id].append(entry)
    for match in Table.objects.filter(round__event=event, is_bye=False).select_related("round"):
        rows = entries.get(match.pk, [])
        findings.check(
            [e.version for e in rows] == list(range(1, match.version + 1)),
            f"match {match.pk} (round {match.round.number}, table {match.table_number}) has version "
            f"{match.version} but history versions {[e.version for e in rows]}",
        )
        if rows:
            last = rows[-1]
            findings.check(
                (last.games_a, last.games_b, last.games_drawn, last.outcome)
                == (match.games_a, match.games_b, match.games_drawn, match.outcome),
                f"match {match.pk} holds {match.games_a}-{match.games_b}-{match.games_drawn} but its last "
                f"history row (v{last.version}) says {last.games_a}-{last.games_b}-{last.games_drawn}",
            )


def check_round_two(findings: Findings, event: Event, *, registered: set[int], active: set[int]) -> Round | None:
    """Round 2 is exactly what the pairing computes from round 1 as it stands in the database.

    ``registered``: registrations that existed when round 2 was paired;
    ``active``: those of them that were playing. No result may change once a
    pairing has read it, so recomputing from the final results must give the
    stored round, table for table.
    """
    rnd = event.rounds.filter(number=2).first()
    findings.check(rnd is not None, "round 2 was not paired")
    if rnd is None:
        return None
    stored = {(m.table_number, m.player_a_id, m.player_b_id) for m in rnd.tables.all()}
    seated = Counter(p for _, a, b in stored for p in (a, b) if p is not None)
    findings.check(all(n == 1 for n in seated.values()),
                   f"players seated twice in round 2: {sorted(p for p, n in seated.items() if n > 1)}")
    findings.check(set(seated) == active, f"round 2 seats {sorted(set(seated) - active)} who were not playing "
                   f"and leaves out {sorted(active - set(seated))} who were")
    snapshot = load_snapshot(event)
    history = [r for r in snapshot.swiss_records if r.round_number < rnd.number]
    standings = compute_standings(registered, history, active=active, draw_order=snapshot.draw_order)
    core = pair_round(rnd.number, sorted(active), history, rng=random.Random(rnd.seed), standings=standings)
    expected = {(p.table_number, p.player_a, p.player_b) for p in core.pairings}
    findings.check(
        stored == expected,
        f"round 2 was not paired from the round-1 results in the database: {len(stored - expected)} of "
        f"{len(stored)} tables differ from the pairing those results give",
    )
    round_one = event.rounds.get(number=1)
    findings.check(round_one.state == RoundState.CLOSED, "round 1 is not closed after round 2 was paired")
    reopened = sorted(round_one.tables.exclude(status=MatchStatus.CONFIRMED).values_list("table_number", flat=True))
    findings.check(not reopened, f"round-1 tables {reopened} were changed after round 1 was closed "
                   f"(status is not confirmed)")
    return rnd


# --------------------------------------------------------------------------- building events


def result_url(match_id: int) -> str:
    return reverse("tournaments_api:table-result", args=[match_id])


def result_body(match: Table, score: tuple[int, int, int], expected_version: int) -> dict:
    """The table endpoint's body: side A's and B's games by player number (read before any thread starts)."""
    return duel_body(match, games_a=score[0], games_b=score[1], games_drawn=score[2],
                     expected_version=expected_version)


def body_score(payload: dict) -> tuple[int, int, int]:
    """``(games of A, games of B, drawn)`` of a body built by :func:`result_body`."""
    return (payload["seats"][0]["games"], payload["seats"][1]["games"], payload["games_drawn"])


def event_with_players(players: int, *, organizer, judges) -> Event:
    """``players`` registered, registration closed; ``organizer`` runs the venue, ``judges`` judge."""
    venue = VenueFactory()
    venue.organizers.add(organizer)
    event = EventFactory(venue=venue)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory(home_venue=venue))
    services.registration_close(event=event)
    event.judges.add(*judges)
    event.refresh_from_db()
    return event


def round_one_reported(event: Event) -> list[Table]:
    """Pair round 1 and report A winning 2-1 at every table (version 1); its matches by table."""
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    return list(rnd.tables.filter(is_bye=False).order_by("table_number"))


# --------------------------------------------------------------------------- scenario 1: re-pair vs first results


JUDGES = 24


@pytest.mark.parametrize("timing", TIMINGS, ids=["repair-holds-lock", "repair-among-results"])
def test_repair_racing_the_first_results_never_loses_a_saved_result(timing):
    organizer = UserFactory()
    judges = [UserFactory() for _ in range(JUDGES)]
    event = event_with_players(PLAYERS, organizer=organizer, judges=judges)
    round_one = services.round_pair_next(event=event)
    tables = list(round_one.tables.filter(is_bye=False).order_by("table_number"))[:JUDGES]

    def judge_at(user, match: Table) -> Work:
        client = logged_in(user)
        body = result_body(match, A_WINS, 0)

        def work(calls: list[Call]) -> None:
            calls.append(post(client, result_url(match.pk), Call("result", match.pk, body, user=user.pk)))
        return work

    gate = Gate(event) if timing == "holds-lock" else None
    repair = organizer_action(logged_in(organizer), reverse("tournaments_api:repair-current-round", args=[event.pk]),
                              "repair", event, organizer, gate)
    judging = [judge_at(user, match) for user, match in zip(judges, tables, strict=True)]
    if gate is not None:  # every judge posts while the re-pair holds the event
        workers = [(0.0, gate.then(i * STAGGER / 3, work)) for i, work in enumerate(judging)]
        workers += [(0.0, gate.watch), (0.0, repair)]
    else:  # the re-pair starts after a third of the judges
        workers = [(i * STAGGER, work) for i, work in enumerate(judging)] + [(JUDGES * STAGGER / 3, repair)]
    calls = run_together(workers)

    findings = Findings(calls, gate)
    check_answers(findings, calls)
    results = [c for c in calls if c.action == "result"]
    saved = [c for c in results if c.ok]
    (repair_call,) = [c for c in calls if c.action == "repair"]
    rounds = list(event.rounds.order_by("number"))
    findings.check(len(rounds) == 1, f"the event has {len(rounds)} rounds instead of one")
    current = rounds[-1] if rounds else None

    if repair_call.ok:
        findings.check(
            not saved,
            f"the re-pair succeeded although {len(saved)} results had been answered saved in that round: "
            f"they were deleted with the round",
        )
        findings.check(current is not None and current.pk != round_one.pk,
                       "the re-pair answered 201 but round 1 is still the original round")
    elif not repair_call.crash:
        findings.check(gate is None, f"the re-pair was refused although no result was posted before it: "
                       f"{repair_call}")
        findings.check(repair_call.code == "round_has_results",
                       f"the re-pair was refused with an unexpected reason: {repair_call}")
        findings.check(current is not None and current.pk == round_one.pk,
                       "the re-pair was refused but round 1 is not the original round any more")
        refused = [c for c in results if not c.ok and not c.crash]
        findings.check(not refused, f"{len(refused)} first results were refused although the round was never "
                       f"re-paired, e.g. {refused[0] if refused else ''}")

    for call in saved:
        match = Table.objects.filter(pk=call.target).first()
        if match is None:
            findings.check(False, f"result answered saved is gone with its match: {call}")
            continue
        findings.check(current is not None and match.round_id == current.pk,
                       f"result answered saved is on a match of round id {match.round_id}, not of the current "
                       f"round: {call}")
        findings.check(
            (match.games_a, match.games_b, match.games_drawn, match.status, match.version)
            == (*A_WINS, MatchStatus.REPORTED, 1),
            f"result answered saved does not hold: the match has {match.games_a}-{match.games_b}-"
            f"{match.games_drawn} {match.status} v{match.version}: {call}",
        )
        findings.check(
            any((e.games_a, e.games_b, e.games_drawn) == (2, 1, 0) for e in ResultEntry.objects.filter(
                table=match, version=1, entered_by_id=call.user)),
            f"result answered saved has no history row: {call}",
        )
    entries = ResultEntry.objects.filter(table__round__event=event).count()
    findings.check(entries == len(saved), f"{entries} history rows for {len(saved)} results answered saved")
    check_history(findings, event)
    findings.assert_none()


# --------------------------------------------------------------------------- scenario 2: pairing vs corrections


RACED, CHAINED, STALE = 6, 6, 4  # 2×6 + 6 + 4 correction threads and the pairing


@pytest.mark.parametrize("timing", TIMINGS, ids=["pair-holds-lock", "pair-among-corrections"])
def test_pairing_racing_corrections_pairs_from_the_results_that_stand(timing):
    organizer = UserFactory()
    judges = [UserFactory() for _ in range(2 * RACED + CHAINED + STALE)]
    event = event_with_players(PLAYERS, organizer=organizer, judges=judges)
    matches = round_one_reported(event)
    raced, chained = matches[:RACED], matches[RACED:RACED + CHAINED]
    stale = matches[RACED + CHAINED:RACED + CHAINED + STALE]
    judge_pool = iter(judges)

    def correct(match: Table, steps: list[tuple[tuple[int, int, int], int]]) -> Work:
        """Post ``(score, expected_version)`` steps in order; stop at the first refusal."""
        user = next(judge_pool)
        client = logged_in(user)
        bodies = [result_body(match, score, version) for score, version in steps]

        def work(calls: list[Call]) -> None:
            for body in bodies:
                call = post(client, result_url(match.pk), Call("result", match.pk, body, user=user.pk))
                calls.append(call)
                if not call.ok:
                    return
        return work

    correcting = []
    for match in raced:  # two judges correct the same table from the same version
        correcting += [correct(match, [(B_WINS_CLEAN, 1)]), correct(match, [(B_WINS, 1)])]
    for match in chained:  # one judge corrects a table three times
        correcting.append(correct(match, [(B_WINS_CLEAN, 1), (A_WINS_CLEAN, 2), (B_WINS, 3)]))
    for match in stale:  # an edit from a form loaded before the first result
        correcting.append(correct(match, [(B_WINS_CLEAN, 0)]))
    # the two judges of a raced table start together, the others one after another
    slots = [i // 2 for i in range(2 * RACED)] + [RACED + i for i in range(CHAINED + STALE)]

    gate = Gate(event) if timing == "holds-lock" else None
    pair = organizer_action(logged_in(organizer), reverse("tournaments_api:pair-next-round", args=[event.pk]),
                            "pair", event, organizer, gate)
    if gate is not None:
        workers = [(0.0, gate.then(s * STAGGER / 3, w)) for s, w in zip(slots, correcting, strict=True)]
        workers += [(0.0, gate.watch), (0.0, pair)]
    else:
        workers = [(s * STAGGER, w) for s, w in zip(slots, correcting, strict=True)]
        workers.append((max(slots) * STAGGER / 3, pair))
    calls = run_together(workers)

    findings = Findings(calls, gate)
    check_answers(findings, calls)
    (pair_call,) = [c for c in calls if c.action == "pair"]
    findings.check(pair_call.ok or bool(pair_call.crash), f"round 2 could not be paired: {pair_call}")
    round_two = event.rounds.filter(number=2).first()
    results = [c for c in calls if c.action == "result"]
    saved = [c for c in results if c.ok]
    for call in results:
        if not call.ok and not call.crash:
            allowed = {"stale_result", "not_current_round"} if round_two else {"stale_result"}
            findings.check(call.code in allowed, f"correction refused for an unexpected reason: {call}")
    if gate is not None and round_two is not None:
        findings.check(not saved, f"{len(saved)} corrections that reached the server after the pairing had locked "
                       f"the event were saved into round 1, e.g. {saved[0] if saved else ''}")
    for match in stale:
        for call in (c for c in results if c.target == match.pk):
            findings.check(not call.ok, f"an edit from an old version was saved over a newer result: {call}")
    for match in raced:
        both = [c for c in results if c.target == match.pk]
        findings.check(sum(c.ok for c in both) <= 1, f"two corrections from the same version were both saved on "
                       f"match {match.pk}: {[str(c) for c in both]}")

    for call in saved:
        version = call.payload["expected_version"] + 1
        entry = ResultEntry.objects.filter(table_id=call.target, version=version, entered_by_id=call.user).first()
        findings.check(
            entry is not None and (entry.games_a, entry.games_b, entry.games_drawn)
            == body_score(call.payload),
            f"correction answered saved has no matching history row v{version}: {call}",
        )
        if entry is not None and round_two is not None:
            findings.check(entry.entered_at < round_two.paired_at,
                           f"correction answered saved was entered after round 2 was paired "
                           f"({entry.entered_at.isoformat()} ≥ {round_two.paired_at.isoformat()}): {call}")
    corrections = ResultEntry.objects.filter(table__round__event=event, table__round__number=1, version__gt=1).count()
    findings.check(corrections == len(saved),
                   f"{corrections} correction rows in history for {len(saved)} corrections answered saved")

    if round_two is not None:
        everyone = set(event.registrations.values_list("pk", flat=True))
        check_round_two(findings, event, registered=everyone, active=everyone)
        won = {}
        for m in event.rounds.get(number=1).tables.all():
            won[m.player_a_id], won[m.player_b_id] = m.outcome == "a_wins", m.outcome == "b_wins"
        mixed = sorted(m.table_number for m in round_two.tables.all() if won[m.player_a_id] != won[m.player_b_id])
        findings.check(not mixed, f"round-2 tables {mixed} seat a round-1 winner against a round-1 loser by the "
                       f"results in the database: they were paired from results that changed afterwards")
    check_history(findings, event)
    findings.assert_none()


# --------------------------------------------------------------------------- scenario 3: drops, late entries, pairing


DROPS, LATE, FIXES, DQS = 10, 6, 4, 2


@pytest.mark.parametrize("timing", TIMINGS, ids=["pair-holds-lock", "pair-among-drops"])
def test_drops_and_late_entries_during_pairing_are_seated_as_they_were_answered(timing):
    organizer = UserFactory()
    judges = [UserFactory() for _ in range(FIXES)]
    event = event_with_players(PLAYERS, organizer=organizer, judges=judges)
    matches = round_one_reported(event)
    fixed = matches[:FIXES]
    leaving = [m.player_a for m in matches[FIXES:FIXES + DROPS]]
    expelled = [m.player_b for m in matches[FIXES:FIXES + DQS]]
    newcomers = [PlayerFactory() for _ in range(LATE)]
    registered_before = set(event.registrations.values_list("pk", flat=True))

    def drop(registration: Registration) -> Work:
        client = logged_in(organizer)
        url = reverse("tournaments_api:drop", args=[event.pk, registration.player.player_number])

        def work(calls: list[Call]) -> None:
            calls.append(post(client, url, Call("drop", registration.pk, {}, user=organizer.pk)))
        return work

    def disqualify(registration: Registration) -> Work:
        client = logged_in(organizer)
        url = reverse("tournaments_api:penalty-list", args=[event.pk])
        body = {"player_number": registration.player.player_number, "infraction_code": "misconduct",
                "head_judge_disqualifies": True, "notes": "Conducta antideportiva grave."}

        def work(calls: list[Call]) -> None:
            calls.append(post(client, url, Call("disqualify", registration.pk, body, user=organizer.pk)))
        return work

    def register(player) -> Work:
        def work(calls: list[Call]) -> None:
            calls.append(service(services.registration_create, Call("register", player.pk, {}),
                                 event=event, player=player))
        return work

    def correct(user, match: Table) -> Work:
        client = logged_in(user)
        body = result_body(match, B_WINS, 1)

        def work(calls: list[Call]) -> None:
            calls.append(post(client, result_url(match.pk), Call("result", match.pk, body, user=user.pk)))
        return work

    others = [*(drop(r) for r in leaving), *(disqualify(r) for r in expelled), *(register(p) for p in newcomers),
              *(correct(u, m) for u, m in zip(judges, fixed, strict=True))]
    # drops, disqualifications, entries and fixes interleaved
    slots = random.Random(7).sample(range(len(others)), len(others))
    gate = Gate(event) if timing == "holds-lock" else None
    pair = organizer_action(logged_in(organizer), reverse("tournaments_api:pair-next-round", args=[event.pk]),
                            "pair", event, organizer, gate)
    if gate is not None:
        workers = [(0.0, gate.then(s * STAGGER / 3, w)) for s, w in zip(slots, others, strict=True)]
        workers += [(0.0, gate.watch), (0.0, pair)]
    else:
        workers = [(s * STAGGER, w) for s, w in zip(slots, others, strict=True)]
        workers.append((len(others) * STAGGER / 3, pair))
    calls = run_together(workers)

    findings = Findings(calls, gate)
    check_answers(findings, calls)
    (pair_call,) = [c for c in calls if c.action == "pair"]
    findings.check(pair_call.ok or bool(pair_call.crash), f"round 2 could not be paired: {pair_call}")
    for call in calls:
        if call.action in ("drop", "disqualify", "register") and not call.crash:
            findings.check(call.ok, f"refused although the event was taking drops and entries: {call}")
    for call in (c for c in calls if c.action == "result" and not c.ok and not c.crash):
        findings.check(call.code == "not_current_round", f"correction refused for an unexpected reason: {call}")
    for call in (c for c in calls if c.action == "result" and c.ok):
        findings.check(ResultEntry.objects.filter(table_id=call.target, version=2, entered_by_id=call.user).exists(),
                       f"correction answered saved has no history row: {call}")

    round_two = event.rounds.filter(number=2).first()
    seated = set()
    if round_two is not None:
        seated = {p for m in round_two.tables.all() for p in (m.player_a_id, m.player_b_id) if p is not None}
    answered = {c.target for c in calls if c.action in ("drop", "disqualify") and c.ok}
    for reg in Registration.objects.filter(pk__in=answered):
        findings.check(reg.dropped, f"drop of registration {reg.pk} answered but not stored")
        findings.check(reg.disqualified == (reg in expelled),
                       f"registration {reg.pk} {'' if reg.disqualified else 'not '}disqualified")
        if round_two is not None and reg.dropped:
            findings.check(
                reg.dropped_after_round in (1, 2) and (reg.dropped_after_round == 2) == (reg.pk in seated),
                f"registration {reg.pk} dropped after round {reg.dropped_after_round} but "
                f"{'is' if reg.pk in seated else 'is not'} seated in round 2",
            )
    late = list(Registration.objects.filter(event=event, player__in=newcomers))
    findings.check(len(late) == LATE, f"{len(late)} of {LATE} late entries stored")
    for reg in late:
        if round_two is not None:
            findings.check(
                reg.late_entry and reg.joined_round in (2, 3) and (reg.joined_round == 2) == (reg.pk in seated),
                f"late entry {reg.pk} joins in round {reg.joined_round} but "
                f"{'is' if reg.pk in seated else 'is not'} seated in round 2",
            )

    if round_two is not None:
        regs = list(Registration.objects.filter(event=event))
        registered = {r.pk for r in regs if r.pk in registered_before or r.joined_round <= 2}
        active = {r.pk for r in regs if r.pk in registered and (not r.dropped or (r.dropped_after_round or 0) >= 2)}
        check_round_two(findings, event, registered=registered, active=active)
    event.refresh_from_db()
    findings.check(event.state == EventState.SWISS, f"event left in state {event.state}")
    check_history(findings, event)
    findings.assert_none()
