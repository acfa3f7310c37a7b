"""The one lock module (issue #26 point 6): where row locks are taken, in what order, and Busy.

- No module but :mod:`tournaments.services.locks` takes a row lock
  (``select_for_update`` or a raw ``FOR UPDATE``).
- ``penalty_issue`` locks the event, then the player's current match, then the
  registration — the order the lock module states (DESIGN.md "Services": the
  event row first, then the rows it changes, in one order).
- ``Busy`` (an expired ``lock_timeout``) is a 503 with ``Retry-After`` in the
  API's JSON shape and a Spanish "try again" page, never a 500.

The PostgreSQL races (two real connections) are in ``test_locks_race.py``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import RequestFactory

from config.middleware import BusyMiddleware
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import penalties, services
from tournaments.api.exceptions import arena_exception_handler
from tournaments.errors import ArenaError, Busy
from tournaments.models import Event, Penalty, Registration, Table
from tournaments.services import locks

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("tournaments", "leagues", "rules", "accounts", "config")
ROW_LOCK = re.compile(r"select_for_update|FOR\s+UPDATE|FOR\s+SHARE", re.IGNORECASE)
THE_LOCK_MODULE = "tournaments/services/locks.py"
#: Uses still to be folded into the lock module, and how many (a new one anywhere fails the test).
KNOWN: dict[str, int] = {}

BUSY_ES = "El evento está ocupado por otra operación; probá de nuevo en unos segundos."


def _row_lock_uses() -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel == THE_LOCK_MODULE:
                continue
            lines = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                     if ROW_LOCK.search(line) and not line.lstrip().startswith("#")]
            if lines:
                found[rel] = lines
    return found


def test_row_locks_are_taken_only_in_the_lock_module():
    uses = _row_lock_uses()
    unexpected = {path: lines for path, lines in uses.items() if len(lines) > KNOWN.get(path, 0)}
    assert unexpected == {}, (
        "row locks outside tournaments/services/locks.py (add a <entity>_lock there and call it): "
        f"{unexpected}")


def test_the_scan_sees_a_lock_where_one_is(tmp_path):
    """The pattern the scan uses catches the ORM call and raw SQL (so the test above can fail)."""
    assert ROW_LOCK.search("Event.objects.select_for_update().get(pk=1)")
    assert ROW_LOCK.search('cursor.execute("SELECT * FROM t WHERE id = 1 FOR UPDATE")')
    assert not ROW_LOCK.search("event = event_lock(event)")
    # the lock module itself holds the project's one select_for_update
    assert ROW_LOCK.search((ROOT / THE_LOCK_MODULE).read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- lock order


def _make_event(players: int = 4) -> Event:
    event = EventFactory()
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    return event


@pytest.fixture
def lock_calls(monkeypatch) -> list[type]:
    """The model of every row lock taken through the lock module, in order."""
    calls: list[type] = []
    real = locks._locked

    def recording(rows, **kwargs):
        calls.append(rows.model)
        return real(rows, **kwargs)

    monkeypatch.setattr(locks, "_locked", recording)
    return calls


@pytest.mark.django_db
def test_penalty_issue_locks_event_then_match_then_registration(lock_calls):
    """The stated order (locks.py: event → round → match/pod → registration → the rest); before
    issue #26 the registration was locked before the match."""
    event = _make_event()
    match = services.round_pair_next(event=event).tables.filter(is_bye=False).first()
    lock_calls.clear()
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_shuffle",
                                      issued_by=UserFactory(username="jueza-orden"))
    assert penalty.match_id == match.pk  # the match was the player's current one
    assert lock_calls == [Event, Table, Registration]


@pytest.mark.django_db
def test_penalty_issue_between_rounds_locks_event_then_registration(lock_calls):
    """No round open: no current match, so the event and then the registration."""
    event = _make_event()
    registration = event.registrations.first()
    lock_calls.clear()
    penalties.penalty_issue(registration=registration, infraction_code="procedural_no_shuffle")
    assert lock_calls == [Event, Registration]


@pytest.mark.django_db
def test_penalty_revise_locks_event_match_registration_then_penalty(lock_calls):
    event = _make_event()
    match = services.round_pair_next(event=event).tables.filter(is_bye=False).first()
    head = UserFactory(username="principal-orden")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    warning = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_shuffle")
    lock_calls.clear()
    penalties.penalty_revise(penalty=warning, new_type="game_loss", reason="Reincidencia", revised_by=head)
    assert lock_calls[:4] == [Event, Table, Registration, Penalty]
    # The game loss is then recorded by table_result_record, which holds the event shared (covered by
    # this transaction's exclusive hold: no row lock, no wait) and locks the match again.
    assert lock_calls[4:] == [Table]


@pytest.mark.django_db
def test_a_lock_given_the_held_event_does_not_lock_it_again(lock_calls):
    event = _make_event()
    registration = event.registrations.first()
    lock_calls.clear()
    held = locks.event_lock(event)
    same, locked = locks.registration_lock(registration, event=held)
    assert same is held and locked.event is held
    assert lock_calls == [Event, Registration]


@pytest.mark.django_db
def test_the_league_season_is_locked_after_its_event_never_before(lock_calls):
    """issue #26: verano_closing_create locked the season, then the event. Once the closing
    event exists, a second call locks that event first and the season after it."""
    from leagues import services as league_services
    from leagues.models import Season
    from rules.models import Game
    from tests.leagues.test_verano_closing import two_venues  # Caro and Eli represent their venues

    season = league_services.season_create(game=Game.objects.get(key="weed_monsters"), year=2024)
    two_venues()
    closing = league_services.verano_closing_create(season=season)
    lock_calls.clear()
    again = league_services.verano_closing_create(season=season)
    assert again.pk == closing.pk
    assert lock_calls[:2] == [Event, Season]
    assert Season not in lock_calls[2:]


# --------------------------------------------------------------------------- Busy


class _LockNotAvailable(Exception):
    sqlstate = "55P03"  # psycopg's errors.LockNotAvailable carries it


def _lock_timeout() -> OperationalError:
    try:
        try:
            raise _LockNotAvailable("canceling statement due to lock timeout")
        except _LockNotAvailable as raw:
            raise OperationalError("canceling statement due to lock timeout") from raw
    except OperationalError as wrapped:
        return wrapped


def test_busy_is_an_arena_error_with_code_status_and_spanish_message(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = 4000
    error = locks.busy()
    assert isinstance(error, ArenaError)
    assert (error.code, error.status, str(error)) == ("busy", 503, BUSY_ES)
    assert error.retry_after == 4  # ceil(4000 ms / 1000)


def test_retry_after_rounds_the_wait_up_to_whole_seconds(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = 2500
    assert locks.busy().retry_after == 3  # ceil(2.5 s)
    settings.ARENA_LOCK_TIMEOUT_MS = 200
    assert locks.busy().retry_after == 1  # ceil(0.2 s); never 0


def test_an_expired_lock_wait_is_recognised_and_other_errors_are_not():
    assert locks.is_lock_timeout(_lock_timeout())
    assert not locks.is_lock_timeout(OperationalError("server closed the connection unexpectedly"))
    assert not locks.is_lock_timeout(ValueError("55P03"))


def test_the_api_answers_busy_as_503_with_retry_after(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = 4000
    response = arena_exception_handler(locks.busy(), {})
    assert response.status_code == 503
    assert response["Retry-After"] == "4"
    assert response.data == {"code": "busy", "detail": BUSY_ES}


def test_the_api_answers_a_raw_lock_timeout_as_busy(settings):
    """A lock wait that expired outside the lock functions (e.g. an UPDATE) is still Busy, not a 500."""
    settings.ARENA_LOCK_TIMEOUT_MS = 1000
    response = arena_exception_handler(_lock_timeout(), {})
    assert (response.status_code, response["Retry-After"]) == (503, "1")
    assert response.data["code"] == "busy"


@pytest.mark.django_db
def test_a_page_shows_the_spanish_try_again_with_503(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = 3000
    request = RequestFactory().post("/juez/evento/1/mesa/3/")
    request.user = UserFactory(username="jueza-ocupada")
    response = BusyMiddleware(lambda r: None).process_exception(request, locks.busy())
    assert response.status_code == 503
    assert response["Retry-After"] == "3"
    html = response.content.decode()
    assert BUSY_ES in html
    assert "No se guardó nada de este pedido" in html


def test_an_api_path_gets_json_from_the_middleware(settings):
    settings.ARENA_LOCK_TIMEOUT_MS = 4000
    request = RequestFactory().post("/api/v1/tables/1/result/")
    response = BusyMiddleware(lambda r: None).process_exception(request, _lock_timeout())
    assert (response.status_code, response["Retry-After"]) == (503, "4")
    assert json.loads(response.content) == {"code": "busy", "detail": BUSY_ES}


def test_the_middleware_leaves_other_errors_to_django():
    request = RequestFactory().get("/")
    assert BusyMiddleware(lambda r: None).process_exception(request, ValueError("otro")) is None
    assert BusyMiddleware(lambda r: None).process_exception(request, ArenaError("x", "y")) is None


def test_busy_class_keeps_its_message():
    assert str(Busy("ocupado", retry_after=0)) == "ocupado"
    assert Busy("ocupado", retry_after=0).retry_after == 1  # at least one second
