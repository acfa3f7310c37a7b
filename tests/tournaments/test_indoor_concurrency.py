"""The Pack Indoor removed while the player is checked in, at the same time (R-000-52).

000_0014b2ac83da54b4.txt § "Torneo Indoor": nobody plays without the Pack
Indoor. Removing the pack marks the player absent and check-in refuses a
player without it; both lock the event row, then the registration, and read
it again, so whatever the order, no player ends up present without the pack.
Each pair of requests starts together on a :class:`threading.Barrier`, each
thread on its own database connection.

They need row locks that block, so they run on PostgreSQL only; SQLite
serializes whole transactions and would prove nothing.
"""
from __future__ import annotations

import threading

from django.db import connection

from tests.factories import EventFactory, PlayerFactory
from tests.races import RACE_MARKS
from tournaments import services
from tournaments.enums import EventKind
from tournaments.errors import ArenaError
from tournaments.models import Registration
from tournaments.services.registration import registration_pack_indoor_set

pytestmark = RACE_MARKS

PAIRS = 12
THREAD_TIMEOUT = 60


def test_no_player_is_left_present_without_the_pack():
    """R-000-52: 12 races of «sin Pack Indoor» against «Marcar presente»."""
    event = EventFactory(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    ids = []
    for _ in range(PAIRS):
        reg = services.registration_create(event=event, player=PlayerFactory(), pack_indoor=True, checked_in=False)
        ids.append(reg.pk)
    barrier = threading.Barrier(2 * PAIRS)
    answers: dict[tuple[str, int], str] = {}
    errors: list[BaseException] = []

    def run(kind: str, pk: int) -> None:
        try:
            barrier.wait(timeout=THREAD_TIMEOUT)
            if kind == "remove":
                registration_pack_indoor_set(registration=pk, bought=False)
            else:
                services.registration_check_in(registration=pk, present=True)
            answers[(kind, pk)] = "ok"
        except ArenaError as exc:
            answers[(kind, pk)] = exc.code
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(kind, pk)) for pk in ids for kind in ("remove", "check_in")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(THREAD_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []

    rows = {r.pk: (r.pack_indoor, r.checked_in) for r in Registration.objects.filter(pk__in=ids)}
    assert rows == {pk: (False, False) for pk in ids}
    for pk in ids:
        assert answers[("remove", pk)] == "ok"
        assert answers[("check_in", pk)] in ("ok", "pack_indoor_required")
