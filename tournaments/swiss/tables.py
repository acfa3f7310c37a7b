"""Table numbers of a paired round: fixed tables for players with access needs.

Terms:

- *fixed table*: a table number an organizer recorded for a player (a
  wheelchair-accessible table, one near the door); every pairing seats the
  match containing that player at that table.
- *ranking*: player ids best first (the standings order the round was
  paired from); it decides who keeps a fixed table when two fixed players
  meet, or two want the same table.
- *conflict*: a fixed table that could not be honoured this round, reported
  to the organizer instead of failing the pairing.

No Django here.

Default: criterio de Arena (the rulebooks say nothing about table numbers):
a fixed table is a physical place, so its number is kept even when it is
above the round's table count; the other matches take the lowest free
numbers in the order the pairing gave them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .types import Pairing

#: Conflict reasons.
PAIRED_TOGETHER = "paired_together"  # two fixed players met: the better-ranked kept theirs
TABLE_TAKEN = "table_taken"  # another (better-ranked) fixed player holds that table


@dataclass(frozen=True, slots=True)
class FixedTableConflict:
    """A fixed table not honoured: ``player`` wanted ``table``; ``kept_by`` sits there instead."""

    player: int
    table: int
    reason: str
    kept_by: int


@dataclass(frozen=True, slots=True)
class FixedTables:
    """Renumbered pairings (tables in order, the bye last) and the conflicts found."""

    pairings: tuple[Pairing, ...]
    conflicts: tuple[FixedTableConflict, ...] = ()


def assign_fixed_tables(
    pairings: Sequence[Pairing], fixed: Mapping[int, int], ranking: Sequence[int] = (),
) -> FixedTables:
    """Renumber ``pairings`` so that each fixed-table player's match sits at their table.

    Shapes: ``pairings`` one round's pairings, any order, byes with
    ``table_number=None``; ``fixed`` player id → table number (positive
    integers; players not in the round are ignored); ``ranking`` player ids
    best first (players missing from it rank below everyone, by the order
    in which they appear in ``pairings``). Returns the pairings sorted by
    table number, the bye last, with the same players and rematch flags.
    A player with a bye keeps no table. Never raises: a fixed table that
    cannot be honoured (two fixed players paired together, two matches
    wanting the same table) goes to the better-ranked player and is listed
    in ``conflicts``.
    """
    position = {player: index for index, player in enumerate(ranking)}
    unranked = len(position)

    def rank(player: int) -> tuple[int, int]:
        return (position.get(player, unranked), order.get(player, 0))

    order: dict[int, int] = {}
    for index, p in enumerate(pairings):
        order.setdefault(p.player_a, index)
        if p.player_b is not None:
            order.setdefault(p.player_b, index)

    tables = [p for p in pairings if not p.is_bye]
    byes = [p for p in pairings if p.is_bye]
    conflicts: list[FixedTableConflict] = []
    # One claim per match: the best-ranked fixed player in it.
    claims: list[tuple[tuple[int, int], int, int]] = []  # (rank of claimant, match index, claimant)
    for index, p in enumerate(tables):
        holders = sorted((pl for pl in (p.player_a, p.player_b) if pl in fixed), key=rank)
        if not holders:
            continue
        claims.append((rank(holders[0]), index, holders[0]))
        for other in holders[1:]:
            conflicts.append(FixedTableConflict(other, fixed[other], PAIRED_TOGETHER, holders[0]))
    assigned: dict[int, int] = {}  # match index -> table
    holder_of: dict[int, int] = {}  # table -> player who holds it
    for _rank, index, player in sorted(claims):
        table = fixed[player]
        if table in holder_of:
            conflicts.append(FixedTableConflict(player, table, TABLE_TAKEN, holder_of[table]))
            continue
        assigned[index] = table
        holder_of[table] = player
    free = (n for n in range(1, len(tables) + len(holder_of) + 1) if n not in holder_of)
    for index in range(len(tables)):
        if index not in assigned:
            assigned[index] = next(free)
    renumbered = sorted((replace(p, table_number=assigned[i]) for i, p in enumerate(tables)),
                        key=lambda p: p.table_number)
    return FixedTables(
        pairings=tuple(renumbered) + tuple(byes),
        conflicts=tuple(sorted(conflicts, key=lambda c: (c.table, rank(c.player)))),
    )
