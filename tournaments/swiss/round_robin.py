"""Round robin ("Todos contra todos"): everyone meets everyone once (pure).

The schedule is the circle (Berger) method: the players sit at ``n`` places
(``n`` the count rounded up to even; an odd count adds an empty place, and
whoever faces it has the bye). Place 1 stays put and the others turn one
place each round, so ``n - 1`` rounds meet every pair exactly once and
nobody plays twice in a round. Who sits where is the caller's draw (the
event's recorded seed, DESIGN.md decision 11), so the same order always
gives the same schedule.

Round ``r`` (1-based) with places ``p[0..n-1]`` after ``r - 1`` turns pairs
``p[i]`` with ``p[n - 1 - i]`` for ``i`` in ``0..n/2 - 1``; table ``k`` is
pair ``k`` in that order, the bye (a pair with the empty place) last.

Default: DESIGN.md decision 22 (every pair meets once, a bye for an odd
count) and decision 1 (the bye is a 2-0 win).
"""
from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .types import Pairing

MIN_PLAYERS = 3
MAX_PLAYERS = 12

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "round_robin_rounds", "round_robin_schedule"]


def round_robin_rounds(count: int) -> int:
    """Rounds of a round robin of ``count`` players: ``count - 1`` if even, ``count`` if odd.

    Raises :class:`PairingError` ``"round_robin_size"`` outside
    :data:`MIN_PLAYERS`..:data:`MAX_PLAYERS`.
    """
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PairingError(
            "round_robin_size", f"a round robin takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    return count - 1 if count % 2 == 0 else count


def round_robin_schedule(players: Sequence[int]) -> tuple[tuple[Pairing, ...], ...]:
    """Every round of the round robin of ``players`` (registration ids in their drawn places).

    Shapes: ``players`` distinct ids, place 1 first. Returns one tuple of
    :class:`~.types.Pairing` per round (:func:`round_robin_rounds` rounds):
    tables 1.. in place order, ``player_a`` the player at the lower place of
    the pair, the bye (``player_b`` ``None``, ``table_number`` ``None``) last.

    Raises :class:`PairingError` ``"round_robin_size"`` for a count outside
    3..12 and ``"duplicate_player"`` for a repeated id.
    """
    round_robin_rounds(len(players))
    if len(set(players)) != len(players):
        raise PairingError("duplicate_player", "a player appears twice in the round robin")
    places: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(places)
    rounds = []
    for _ in range(n - 1):
        pairs, bye = [], None
        for i in range(n // 2):
            a, b = places[i], places[n - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
            else:
                pairs.append((a, b))
        paired = [Pairing(table_number=k, player_a=a, player_b=b) for k, (a, b) in enumerate(pairs, start=1)]
        if bye is not None:
            paired.append(Pairing(table_number=None, player_a=bye, player_b=None))
        rounds.append(tuple(paired))
        places = [places[0], places[-1], *places[1:-1]]
    return tuple(rounds)
