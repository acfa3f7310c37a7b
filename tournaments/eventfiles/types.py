"""What an event file holds once read, and the error every reader raises.

The outcome codes, :class:`PlayerEntry`, :class:`RecordedResult` and
:class:`EventFile` are shared by the CSV (:mod:`.csvfiles`) and TRF-16
(:mod:`.trf`) readers; see :mod:`tournaments.eventfiles` for the formats.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tournaments.swiss.types import Outcome, outcome_from_games

BYE = "bye"
HALF_BYE = "half_bye"
ZERO_BYE = "zero_bye"
DOUBLE_LOSS = "double_loss"
#: Every value :attr:`RecordedResult.outcome` may take besides ``None``.
OUTCOMES = frozenset({BYE, HALF_BYE, ZERO_BYE, DOUBLE_LOSS})

#: Match points of a bye-like outcome (DESIGN.md glossary "Puntaje total").
BYE_POINTS = MappingProxyType({BYE: 1.0, HALF_BYE: 0.5, ZERO_BYE: 0.0})

PathLike = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """One registered player.

    ``player_number`` is the public id used by the results (for TRF files,
    the starting rank as a string). ``venue`` is the player's home venue
    ("" if none; for TRF, the federation code), ``province`` its province
    ("" for TRF). ``rating`` is ``None`` when unknown or unrated (TRF rating
    0); ``start_rank`` is the TRF starting rank, ``None`` for CSV.
    """

    name: str
    player_number: str
    venue: str
    province: str
    rating: int | None = None
    start_rank: int | None = None


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """One recorded match (or bye) of one round.

    ``player_a``/``player_b`` are player numbers; ``player_b`` is ``None``
    for a bye of any kind. ``games_a``/``games_b`` are games won by each
    player and ``games_drawn`` the drawn games (DESIGN.md decision 4).
    ``outcome`` is ``None`` when the games decide the match, otherwise one
    of :data:`OUTCOMES` (see :mod:`tournaments.eventfiles`).
    """

    round_number: int
    player_a: str
    player_b: str | None
    games_a: int
    games_b: int
    games_drawn: int = 0
    outcome: str | None = None

    @property
    def is_bye(self) -> bool:
        return self.player_b is None


def _empty_mapping() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class EventFile:
    """Everything read from an event file (and its results file).

    - ``name``: the TRF tournament name (line 012), or the players file's
      name without extension for CSV;
    - ``source_format``: ``"csv"`` or ``"trf"``;
    - ``players``: CSV in file order, TRF in starting-rank order;
    - ``results``: sorted by round, then matches by ``player_a`` (TRF:
      starting rank; CSV: file order), byes last in their round;
    - ``rounds``: total rounds when the file says so (TRF ``XXR``, else the
      rounds present in the TRF); ``None`` for CSV (the organizer decides,
      DESIGN.md decision 5);
    - ``best_of``: games per match, 3 for CSV and 1 for TRF;
    - ``published_points``/``published_ranks``: player number -> points
      (float) and final rank the TRF itself reports (players whose field is
      blank are left out); empty for CSV.
    """

    name: str
    source_format: str
    players: tuple[PlayerEntry, ...]
    results: tuple[RecordedResult, ...]
    rounds: int | None
    best_of: int
    published_points: Mapping[str, float] = field(default_factory=_empty_mapping)
    published_ranks: Mapping[str, int] = field(default_factory=_empty_mapping)


class EventFileError(ValueError):
    """An event file that cannot be read as it is.

    ``code`` is a stable key (see below); ``file`` the file's name (no
    directories); ``line`` the 1-based line number, or ``None`` when the
    problem is the whole file; ``detail`` the Spanish (es-AR) explanation.
    ``str(error)`` reads ``"players.csv, línea 7: falta el número de
    jugador"``.

    Codes: ``unreadable``, ``encoding``, ``empty_file``, ``missing_column``,
    ``duplicate_column``, ``extra_fields``, ``missing_value``, ``bad_number``,
    ``no_players``, ``duplicate_player``, ``unknown_player``,
    ``self_pairing``, ``illegal_games``, ``bad_bye``, ``bad_outcome``,
    ``player_twice_in_round``, ``round_gap``, ``bad_csv``, ``results_with_trf``,
    ``trf_bad_line``, ``trf_bad_colour``, ``trf_bad_result_code``,
    ``trf_one_sided``, ``trf_inconsistent``, ``trf_bad_rounds``.
    """

    def __init__(self, code: str, detail: str, *, file: str | None = None, line: int | None = None) -> None:
        self.code = code
        self.detail = detail
        self.file = file
        self.line = line
        where = file or ""
        if line is not None:
            where = f"{where}, línea {line}" if where else f"línea {line}"
        super().__init__(f"{where}: {detail}" if where else detail)


def match_points_from_results(event: EventFile) -> dict[str, float]:
    """Match points each player earns from the event's recorded results.

    Returns player number -> points for every player (0.0 if no result).
    Units: win 1, draw 0.5, loss 0 (DESIGN.md glossary "Puntaje total");
    ``bye`` 1, ``half_bye`` 0.5, ``zero_bye`` 0, ``double_loss`` 0 for both.
    For a TRF file this is what the points column should say, which lets a
    replay check the file before comparing standings.
    """
    points = {player.player_number: 0.0 for player in event.players}
    for result in event.results:
        if result.player_b is None:
            points[result.player_a] += BYE_POINTS.get(result.outcome or BYE, 1.0)
            continue
        if result.outcome == DOUBLE_LOSS:
            continue
        outcome = outcome_from_games(result.games_a, result.games_b)
        if outcome == Outcome.A_WINS:
            points[result.player_a] += 1.0
        elif outcome == Outcome.B_WINS:
            points[result.player_b] += 1.0
        else:
            points[result.player_a] += 0.5
            points[result.player_b] += 0.5
    return points
