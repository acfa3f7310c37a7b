"""Seating players again at tables that already exist (a re-seeded top-cut stage, a manual pairing edit).

The caller holds the event and the tables locked (:mod:`.locks`). A seat is
one player at one table of a round, so moving players between tables is
done by seating each table anew: its pending seats are replaced, in one
statement each way, and the database's "one table per player and round"
holds before and after.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Prefetch, prefetch_related_objects

from ..enums import MatchStatus
from ..errors import StateError
from ..models import Seat, Table


def table_seats_replace(tables: Iterable[Table], seating: dict[int, list[int]], *,
                        seat_games: dict[int, list[int]] | None = None) -> None:
    """Seat ``seating[table.pk]`` (registration ids in seat order) at each of ``tables``.

    Only tables without a result are seated again (:class:`StateError`
    ``table_has_result`` otherwise: a result belongs to the players who
    played it). ``seat_games`` optionally gives each seat's games (a bye's
    2-0). The tables' prefetched seats are refreshed.
    """
    tables = list(tables)
    for table in tables:
        if table.status != MatchStatus.PENDING and not table.is_bye:
            raise StateError("table_has_result", f"table {table.pk} has a result")
    Seat.objects.filter(table__in=[table.pk for table in tables]).delete()
    Seat.objects.bulk_create([
        Seat(table_id=table.pk, round_id=table.round_id, registration_id=registration, seat=number,
             games=seat_games[table.pk][number - 1] if seat_games and table.pk in seat_games else 0)
        for table in tables
        for number, registration in enumerate(seating[table.pk], start=1)
    ])
    for table in tables:
        getattr(table, "_prefetched_objects_cache", {}).pop("seats", None)
    prefetch_related_objects(tables, Prefetch("seats", queryset=Seat.objects.select_related("registration__player")))
