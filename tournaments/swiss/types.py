"""Plain data shared by the Swiss core (no Django).

All identifiers are the integer ids of registrations within one event.
Match points are floats in steps of 0.5 (exact in binary floating point).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Outcome(enum.StrEnum):
    """The result of one match from the point of view of ``player_a``."""

    A_WINS = "a_wins"
    B_WINS = "b_wins"
    DRAW = "draw"
    DOUBLE_LOSS = "double_loss"  # both absent (RULES-TRACE ambiguity 10)
    BYE = "bye"  # player_a alone; DESIGN.md decision 1


def outcome_from_games(games_a: int, games_b: int) -> Outcome:
    """Match outcome from game wins: more game wins takes the match.

    Drawn games count for neither player (DESIGN.md decision 4,
    000_0014b2ac83da54b4.txt § "-¿Qué pasa cuando ambos Breeders ganan al
    mismo tiempo?"), so 1-0 with a drawn game is a win and 1-1 a draw.
    """
    if games_a > games_b:
        return Outcome.A_WINS
    if games_b > games_a:
        return Outcome.B_WINS
    return Outcome.DRAW


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match (or bye) of a Swiss round.

    ``player_b`` is ``None`` for a bye. ``games_a``/``games_b`` are games won
    by each player, ``games_drawn`` the drawn games. ``outcome`` defaults to
    the one the games imply; it is given explicitly only for a double loss.
    A bye scores as a 2-0 win (DESIGN.md decision 1): record it with
    ``games_a=2, games_b=0, outcome=Outcome.BYE``.
    """

    round_number: int
    player_a: int
    player_b: int | None
    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0
    outcome: Outcome | None = None

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def result(self) -> Outcome:
        """The effective outcome (explicit, bye, or implied by games)."""
        if self.outcome is not None:
            return self.outcome
        if self.player_b is None:
            return Outcome.BYE
        return outcome_from_games(self.games_a, self.games_b)


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two registrations at a table, or one with a bye (``player_b`` None).

    ``rematch`` is True only when no rematch-free pairing existed and the core
    had to repeat a match; it is flagged for the organizer.
    """

    table_number: int | None
    player_a: int
    player_b: int | None
    rematch: bool = False

    @property
    def is_bye(self) -> bool:
        return self.player_b is None


@dataclass(frozen=True, slots=True)
class RoundPairings:
    """The pairings of one round: tables 1..n in order, the bye last.

    ``rematches`` counts pairings that repeat an earlier match;
    ``cross_group`` counts pairings whose two players had different match
    points (floats); ``seed`` is the seed the round was drawn from.
    """

    round_number: int
    pairings: tuple[Pairing, ...]
    rematches: int = 0
    cross_group: int = 0
    seed: int | None = None

    @property
    def bye(self) -> int | None:
        for pairing in self.pairings:
            if pairing.is_bye:
                return pairing.player_a
        return None


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings.

    ``rank`` is shared by a technical tie (000 § "6- Técnico."); the row order
    still breaks the tie by the event's recorded draw (DESIGN.md decision 11).
    ``separated_by`` is the tiebreaker key that put this row below the one
    above (``None`` for the first row and for a technical tie).
    """

    rank: int
    registration_id: int
    match_points: float
    wins: int
    draws: int
    losses: int
    byes: int
    buchholz: float
    head_to_head: int
    game_wins: int
    game_losses: int
    game_draws: int
    matches_played: int
    active: bool = True
    separated_by: str | None = None
    technical_tie: bool = False

    @property
    def game_differential(self) -> int:
        """Game wins minus game losses ("Handicap: x", 000 § "5- Resultado en partidas.")."""
        return self.game_wins - self.game_losses


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of a single-elimination top cut.

    ``stage`` counts down: 1 is the final, 2 the semifinals, 3 the quarters,
    ``0`` the optional third-place match. ``seed_a``/``seed_b`` are the seeds
    (1-based) of the players: their place among the active rows of the final
    Swiss standings, i.e. the Swiss rank once dropped players are skipped
    and technical ties are ordered by the recorded draw.
    """

    stage: int
    slot: int
    player_a: int | None
    player_b: int | None
    seed_a: int | None = None
    seed_b: int | None = None


@dataclass(frozen=True, slots=True)
class Podium:
    """First, second and third place (registration ids; ``None`` if vacant)."""

    first: int | None
    second: int | None
    third: int | None
    third_decided_by: str = "swiss_rank"  # or "third_place_match"

    def as_tuple(self) -> tuple[int | None, int | None, int | None]:
        return (self.first, self.second, self.third)


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """Options of :func:`tournaments.swiss.pairing.pair_round`.

    ``chunk_size`` is how many players (in standings order) go into one
    maximum-weight matching; ``window`` how many neighbours in standings order
    each player gets candidate edges to (``window // 2`` below and as many
    above). Defaults keep 16,384 players under a second on two cores.
    ``allow_rematch_if_needed``: when no rematch-free pairing exists, pair
    with flagged rematches (True) or refuse with ``PairingError
    "no_valid_pairing"`` (False). ``bye_eligible``: when not empty, the bye
    goes to one of these players if any of them is active and has not had a
    bye (the organizer's choice); otherwise the usual rule applies.
    """

    chunk_size: int = 200
    window: int = 24
    allow_rematch_if_needed: bool = True
    bye_eligible: frozenset[int] = field(default_factory=frozenset)
