"""What a penalty's consequences do to the game score of a match."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .core import Consequence, PenaltyInvariantError

_C = Consequence

@dataclass(frozen=True, slots=True)
class MatchScore:
    """Games won by each player and drawn games; ``finished`` once decided.

    A best-of-N match is decided when a player has ``N // 2 + 1`` game wins
    or when N games (drawn ones included, DESIGN.md decision 12) are used.
    """

    games_a: int
    games_b: int
    games_drawn: int
    finished: bool


_SCORE_CONSEQUENCES = frozenset({
    _C.LOSE_CURRENT_GAME, _C.LOSE_GAME_1, _C.LOSE_MATCH_0_2, _C.FORFEIT_MATCH,
    _C.DISQUALIFY_FROM_EVENT, _C.LOSE_COMBAT,
})


def _finished(pen: int, opp: int, drawn: int, best_of: int) -> bool:
    return max(pen, opp) >= best_of // 2 + 1 or pen + opp + drawn >= best_of


def apply_to_match(
    games_a: int,
    games_b: int,
    games_drawn: int,
    best_of: int,
    penalized_is_a: bool,
    consequences: Iterable[Consequence | str],
    current_game_index: int | None,
) -> MatchScore:
    """The game score after a penalty's consequences.

    Shapes: ``games_a``/``games_b`` are games won so far by each player,
    ``games_drawn`` the drawn games, all finished games; ``best_of`` is odd
    or even ≥ 1; ``current_game_index`` is the 1-based number of the game in
    progress (it must be the finished games + 1), or ``None`` between games.
    ``consequences`` may hold any :class:`Consequence`; the ones applied at
    the table (hearts, Blobbies, spectators) leave the score alone.

    - ``lose_current_game`` / ``lose_combat``: the game in progress goes to
      the opponent; between games, the next game of the match.
    - ``forfeit_match`` / ``disqualify_from_event``: the current game and
      then every remaining game go to the opponent until the match is
      decided; finished games stand (DQ in game 2 after winning game 1 →
      1-2; in game 1 → 0-2).
    - ``lose_game_1``: tardiness, before any game: the opponent wins game 1.
    - ``lose_match_0_2``: tardiness: the opponent wins every game needed
      (0-2 in a best of three); the penalized player must have no game.

    A match already decided is returned unchanged (whether a penalty then
    carries to the next match is the service's call; no seed says).

    Errors: :class:`PenaltyInvariantError` for negative counts, more games
    than ``best_of``, a ``current_game_index`` that does not follow the
    finished games, a tardiness consequence after games were played, or an
    unknown consequence code.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas", § "10.3. Los Jueces". Default: DESIGN.md decisions 10 and 12;
    RULES-TRACE ambiguity 26.
    """
    if min(games_a, games_b, games_drawn) < 0 or best_of < 1:
        raise PenaltyInvariantError("negative game counts or best_of < 1")
    played = games_a + games_b + games_drawn
    if played > best_of:
        raise PenaltyInvariantError(f"{played} games do not fit a best of {best_of}")
    try:
        codes = {Consequence(c) for c in consequences}
    except ValueError as exc:
        raise PenaltyInvariantError(str(exc)) from None

    pen, opp = (games_a, games_b) if penalized_is_a else (games_b, games_a)
    drawn = games_drawn
    done = _finished(pen, opp, drawn, best_of)
    if current_game_index is not None and (done or current_game_index != played + 1):
        raise PenaltyInvariantError(
            f"current game {current_game_index} does not follow {played} finished games"
        )

    def result() -> MatchScore:
        a, b = (pen, opp) if penalized_is_a else (opp, pen)
        return MatchScore(a, b, drawn, _finished(pen, opp, drawn, best_of))

    if not codes & _SCORE_CONSEQUENCES or done:
        return result()

    if _C.LOSE_GAME_1 in codes or _C.LOSE_MATCH_0_2 in codes:
        if pen or drawn or (_C.LOSE_GAME_1 in codes and opp):
            raise PenaltyInvariantError("a tardiness loss after games were played")
        if _C.LOSE_GAME_1 in codes:
            opp += 1
        if _C.LOSE_MATCH_0_2 in codes:
            while not _finished(pen, opp, drawn, best_of):
                opp += 1
        return result()

    if codes & {_C.LOSE_CURRENT_GAME, _C.LOSE_COMBAT, _C.FORFEIT_MATCH, _C.DISQUALIFY_FROM_EVENT}:
        opp += 1  # the game in progress (or the next one between games)
    if codes & {_C.FORFEIT_MATCH, _C.DISQUALIFY_FROM_EVENT}:
        while not _finished(pen, opp, drawn, best_of):
            opp += 1
    return result()


def games_before(
    games_a: int,
    games_b: int,
    games_drawn: int,
    best_of: int,
    game_number: int,
) -> tuple[int, int, int] | None:
    """The score of the games finished before game ``game_number`` of a recorded match.

    Shapes: the recorded totals (games won by A, by B, drawn) and the
    1-based number of a game that was played (``1 ≤ game_number ≤`` the
    games recorded). Returns ``(games_a, games_b, games_drawn)`` of the
    first ``game_number - 1`` games when the totals tell them, else
    ``None`` (the slip keeps totals, not the order of the games):

    - game 1: nothing was finished before it;
    - every recorded game of one kind (2-0, 0-2): the earlier games are of
      that kind too;
    - the last game of a match a player won by game wins: that game was the
      winner's (a match ends when someone reaches ``best_of // 2 + 1``).

    Errors: :class:`PenaltyInvariantError` for a ``game_number`` outside the
    recorded games.

    Default: DESIGN.md decision 10 ("games already finished stand") read
    for a disqualification recorded after the result was saved.
    """
    played = games_a + games_b + games_drawn
    earlier = game_number - 1
    if not 0 <= earlier < played:
        raise PenaltyInvariantError(f"game {game_number} is not one of the {played} recorded games")
    if earlier == 0:
        return (0, 0, 0)
    kinds = [count for count in (games_a, games_b, games_drawn) if count]
    if len(kinds) == 1:
        return tuple(min(count, earlier) for count in (games_a, games_b, games_drawn))  # type: ignore[return-value]
    needed = best_of // 2 + 1
    if earlier == played - 1:
        if games_a == needed and games_b < needed:
            return (games_a - 1, games_b, games_drawn)
        if games_b == needed and games_a < needed:
            return (games_a, games_b - 1, games_drawn)
    return None
