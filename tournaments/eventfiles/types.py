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
    #: 1-based line of the file that lists the player (for messages; not compared).
    line: int | None = field(default=None, compare=False)


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
    #: 1-based line of the results file (CSV) or of the first player's 001 line (TRF); not compared.
    line: int | None = field(default=None, compare=False)

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
    ``too_large``, ``control_characters``, ``too_long``, ``incomplete_round``,
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


#: Limits of the stored fields a reader checks, in characters (``max_lengths`` of ``read_event_file``).
LENGTH_LABELS = {
    "name": "el nombre",
    "player_number": "el número de jugador",
    "venue": "la sede",
    "province": "la provincia",
}


def check_lengths(file: str, players: tuple[PlayerEntry, ...], max_lengths: Mapping[str, int] | None) -> None:
    """Refuse the first player whose name, number, venue or province is longer than its limit.

    ``max_lengths`` maps keys of :data:`LENGTH_LABELS` to a length in
    characters (missing keys: no limit). Raises :class:`EventFileError`
    ``too_long`` naming the line, the length and the limit.
    """
    if not max_lengths:
        return
    for player in players:
        for key, label in LENGTH_LABELS.items():
            limit = max_lengths.get(key)
            value = getattr(player, key)
            if limit is not None and len(value) > limit:
                raise EventFileError(
                    "too_long",
                    f"{label} tiene {len(value)} caracteres y el máximo es {limit}",
                    file=file,
                    line=player.line,
                )


def check_complete_rounds(event: EventFile, *, results_file: str, players_file: str) -> None:
    """Refuse recorded rounds that leave players out (CSV results).

    Every player of ``event.players`` must have a result in every round
    ``event.results`` records: a match, a bye, a double loss or an explicit
    absence (``zero_bye``, the CSV's «ausente»). Otherwise raises
    :class:`EventFileError` ``incomplete_round`` naming the round's lines in
    ``results_file`` and the missing players with their lines in
    ``players_file``. A reader accepts partial rounds; a command that
    replays them calls this so that a missing row is never read as
    "absent".
    """
    seen: dict[int, set[str]] = {}
    lines: dict[int, list[int]] = {}
    for result in event.results:
        seen.setdefault(result.round_number, set()).update(
            number for number in (result.player_a, result.player_b) if number is not None
        )
        if result.line is not None:
            lines.setdefault(result.round_number, []).append(result.line)
    for round_number in sorted(seen):
        missing = [p for p in event.players if p.player_number not in seen[round_number]]
        if not missing:
            continue
        where = sorted(lines.get(round_number, []))
        span = f" (líneas {where[0]} a {where[-1]})" if where else ""
        shown = ", ".join(f"\"{p.player_number}\" ({players_file}, línea {p.line})" for p in missing[:10])
        more = f" y {len(missing) - 10} más" if len(missing) > 10 else ""
        raise EventFileError(
            "incomplete_round",
            f"la ronda {round_number}{span} no tiene resultado para {len(missing)} jugador(es): {shown}{more}; "
            "si no jugaron esa ronda, agregá una fila con el jugador A y resultado \"ausente\"",
            file=results_file,
            line=where[0] if where else None,
        )


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
