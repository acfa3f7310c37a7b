"""Which game scores a match format allows, and what tardiness imposes.

Pure rules of a best-of-N match (no Django):

- best of three: at most 2 game wins each, at most 3 games in all, drawn
  games included ("cuenta el empate", DESIGN.md decision 12); once a player
  has 2 wins the match is over, so 2-2 or 3-0 are impossible;
- best of one: at most one game;
- top-cut matches need a winner (single elimination).

Rule: 000_0014b2ac83da54b4.txt § "El Nacional" ("Mejor de 3"),
§ "-¿Qué pasa cuando ambos Breeders ganan al mismo tiempo?",
§ "10.1. Desarrollo de las Rondas Suizas".
"""
from __future__ import annotations

from dataclasses import dataclass

from .types import Outcome, outcome_from_games

#: More than this many minutes late loses game 1 (000 § "10.1. Desarrollo de las Rondas Suizas").
LATE_GAME_LOSS_MINUTES = 5
#: More than this many minutes late loses the match 0-2 (same section; DESIGN.md decision 9).
LATE_MATCH_LOSS_MINUTES = 10


def tardiness_step(minutes_late: float | None) -> str:
    """The tardiness rule's step for a player ``minutes_late`` minutes late (``None``: on time).

    Returns ``"on_time"`` (5 minutes or less), ``"game_one"`` (more than 5:
    loses game 1) or ``"match"`` (more than 10: loses the match 0-2). The one
    source of the thresholds for results and for the penalty ladder.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-77); Default: DESIGN.md decision 9 (exactly 5 is on time).
    """
    minutes = minutes_late or 0
    if minutes > LATE_MATCH_LOSS_MINUTES:
        return "match"
    if minutes > LATE_GAME_LOSS_MINUTES:
        return "game_one"
    return "on_time"


@dataclass(frozen=True, slots=True)
class ResultProblem:
    """Why a score is illegal: a stable ``code`` and its parameters."""

    code: str
    params: tuple[tuple[str, int], ...] = ()


def result_problems(
    best_of: int, games_a: int, games_b: int, games_drawn: int, *, require_winner: bool = False
) -> list[ResultProblem]:
    """Return every reason why ``games_a``-``games_b``-``games_drawn`` is illegal.

    Units: games. ``best_of`` is 1 or 3. An empty list means the score is
    legal. Codes: ``negative_games``, ``too_many_wins`` (a player above the
    wins needed), ``too_many_games`` (more than ``best_of`` games played),
    ``played_after_win`` (games after the match was decided), ``draw_in_top_cut``.
    """
    problems: list[ResultProblem] = []
    if min(games_a, games_b, games_drawn) < 0:
        return [ResultProblem("negative_games")]
    needed = best_of // 2 + 1
    if games_a > needed or games_b > needed:
        problems.append(ResultProblem("too_many_wins", (("needed", needed),)))
    total = games_a + games_b + games_drawn
    if total > best_of:
        problems.append(ResultProblem("too_many_games", (("best_of", best_of),)))
    if games_a == needed and games_b == needed:
        problems.append(ResultProblem("played_after_win", (("needed", needed),)))
    if require_winner and outcome_from_games(games_a, games_b) == Outcome.DRAW:
        problems.append(ResultProblem("draw_in_top_cut"))
    return problems


def apply_tardiness(
    best_of: int,
    games_a: int,
    games_b: int,
    games_drawn: int,
    minutes_late_a: int | None,
    minutes_late_b: int | None,
) -> tuple[int, int, int, Outcome | None]:
    """Score after the tardiness rule; returns ``(games_a, games_b, drawn, outcome)``.

    More than 10 minutes late loses the match 0-2 (best of one: 0-1); both
    players that late is a double loss (RULES-TRACE ambiguity 10). More than
    5 minutes late loses game 1: the entered score must already count that
    game for the opponent, so it is only checked, not added (the judge enters
    the games actually played, game 1 included). ``outcome`` is ``None``
    unless the rule decides the match on its own.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas";
    Default: DESIGN.md decision 9.
    """
    wins = best_of // 2 + 1
    late_a = tardiness_step(minutes_late_a) == "match"
    late_b = tardiness_step(minutes_late_b) == "match"
    if late_a and late_b:
        return 0, 0, 0, Outcome.DOUBLE_LOSS
    if late_a:
        return 0, wins, 0, None
    if late_b:
        return wins, 0, 0, None
    return games_a, games_b, games_drawn, None


def late_game_one_problem(
    games_a: int, games_b: int, minutes_late_a: int | None, minutes_late_b: int | None
) -> ResultProblem | None:
    """A player more than 5 minutes late has lost game 1: the opponent needs at least one game win."""
    if tardiness_step(minutes_late_a) != "on_time" and games_b < 1:
        return ResultProblem("late_game_one_not_counted", (("player", 0),))
    if tardiness_step(minutes_late_b) != "on_time" and games_a < 1:
        return ResultProblem("late_game_one_not_counted", (("player", 1),))
    return None
