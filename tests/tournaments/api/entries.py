"""Request bodies of the table endpoints (one shape for every format) written as the tests think of them."""
from __future__ import annotations

from tournaments.models import Table

_SIDE_KEYS = ("games", "minutes_late", "how")


def numbers(table: Table) -> list[str]:
    """The player numbers seated at ``table``, in seat order (a duel: A, then B)."""
    return [seat.registration.player.player_number for seat in Table.objects.get(pk=table.pk).seat_list]


def duel_body(table: Table, **values) -> dict:
    """A duel's body from side values: ``games_a=2, games_b=1, minutes_late_b=7, …`` become the seats of
    A and B by player number; the other values (``expected_version``, ``reason``…) are kept as given."""
    rest = dict(values)
    seats = []
    for side, number in zip("ab", numbers(table), strict=False):  # a bye: one seat
        seat = {"player_number": number}
        for key in _SIDE_KEYS:
            if f"{key}_{side}" in rest:
                seat[key] = rest.pop(f"{key}_{side}")
        seats.append(seat)
    return {"seats": seats, **rest}


def pod_body(table: Table, places: dict[str, tuple[int, int | None]], **rest) -> dict:
    """A pod's body: ``places`` maps a player number to its (place, score)."""
    return {"seats": [{"player_number": number, "place": place, "score": score}
                      for number, (place, score) in places.items()], **rest}


def answer_games(answer: dict) -> tuple[int, ...]:
    """The games won of each seat of a table answer, in seat order."""
    return tuple(seat["games"] for seat in answer["seats"])
