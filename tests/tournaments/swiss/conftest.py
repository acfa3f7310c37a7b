"""Shared builders of the pure core's tests: match records by hand (no database, no Django).

``win``, ``draw`` and ``bye`` build the :class:`~tournaments.swiss.types.MatchRecord`
the pairing and standings tests feed the core; a bye is a 2-0 match win
(DESIGN.md decision 1).
"""
from __future__ import annotations

from tournaments.swiss.types import MatchRecord, Outcome


def win(round_number: int, winner: int, loser: int, games: tuple[int, int] = (2, 0)) -> MatchRecord:
    """``winner`` beat ``loser`` in round ``round_number``, ``games`` (winner's, loser's) 2-0 unless told."""
    return MatchRecord(round_number, winner, loser, games_a=games[0], games_b=games[1])


def draw(round_number: int, a: int, b: int, games: tuple[int, int] = (1, 1)) -> MatchRecord:
    """``a`` and ``b`` drew in round ``round_number`` (games 1-1 unless told)."""
    return MatchRecord(round_number, a, b, games_a=games[0], games_b=games[1])


def bye(round_number: int, player: int) -> MatchRecord:
    """``player`` had the bye of round ``round_number``: a 2-0 win (DESIGN.md decision 1)."""
    return MatchRecord(round_number, player, None, games_a=2, games_b=0, outcome=Outcome.BYE)
