"""Readers of event files: registered players and recorded results (no Django).

An *event file* describes one tournament to run or replay (the
``run_event`` management command reads it):

- a **players CSV**: one row per registered player, with a header naming
  the columns ``name``, ``player_number``, ``venue`` and ``province``
  (Spanish aliases ``nombre``, ``numero``/``número``, ``sede``,
  ``provincia``; case, accents, spaces and hyphens in the header do not
  matter). UTF-8 with or without a BOM; comma, semicolon or tab between
  fields. Other columns are ignored. ``venue`` may be blank (a player with
  no home venue); the others may not.
- an optional **results CSV**, a separate file, with the columns ``round``,
  ``player_a``, ``player_b``, ``games_a``, ``games_b`` and, optionally,
  ``games_drawn`` and ``outcome`` (aliases ``ronda``, ``jugador_a``,
  ``jugador_b``, ``partidas_a``, ``partidas_b``, ``partidas_empatadas`` or
  ``empates``, ``resultado``). Players are named by ``player_number``,
  exactly as in the players file (surrounding spaces aside). A blank
  ``player_b`` is a bye; ``outcome`` may say ``double_loss`` (both players
  absent). Matches are best of three.
- a **FIDE TRF-16** file, as Swiss-Manager, JaVaFo or bbpPairings write it:
  a finished (or partly played) chess Swiss tournament to replay. Each chess
  game becomes a best-of-one match; see :func:`read_event_file` for how
  every TRF result code is mapped.

A *recorded result* (:class:`RecordedResult`) is one match or bye of one
round. ``outcome`` is ``None`` for an ordinary match (the games decide it)
and one of the strings in :data:`OUTCOMES` otherwise:

- ``"bye"``: a full-point bye, scored as the minimal match win (2-0 in best
  of three, DESIGN.md decision 1; 1-0 in best of one). Same value as
  ``tournaments.swiss.types.Outcome.BYE``.
- ``"double_loss"``: both players lose (both absent, or a TRF double
  forfeit). Same value as ``Outcome.DOUBLE_LOSS``.
- ``"half_bye"`` and ``"zero_bye"``: TRF only (codes ``H`` and ``Z``), a
  round the player asked to skip, worth half a point or nothing. The Swiss
  core only knows full-point byes, so the caller must decide what to do
  with them (e.g. leave the player unpaired that round and add the points
  by hand); they are kept apart so nothing is silently turned into a win.

Every problem raises :class:`EventFileError`, whose message names the file
and line for people (Spanish, es-AR) and whose ``code`` is a stable key;
nothing partial is ever returned.
"""
from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from tournaments.swiss.results import result_problems
from tournaments.swiss.types import outcome_from_games, Outcome

BYE = "bye"
HALF_BYE = "half_bye"
ZERO_BYE = "zero_bye"
DOUBLE_LOSS = "double_loss"
#: Every value :attr:`RecordedResult.outcome` may take besides ``None``.
OUTCOMES = frozenset({BYE, HALF_BYE, ZERO_BYE, DOUBLE_LOSS})

#: Match points of a bye-like outcome (DESIGN.md glossary "Puntaje total").
BYE_POINTS = MappingProxyType({BYE: 1.0, HALF_BYE: 0.5, ZERO_BYE: 0.0})

CSV_BEST_OF = 3
TRF_BEST_OF = 1

PathLike = str | os.PathLike[str]


# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------


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
    of :data:`OUTCOMES` (see the module docstring).
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


# --------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------


def read_event_file(path: PathLike, *, results_path: PathLike | None = None) -> EventFile:
    """Read a players CSV (plus an optional results CSV) or a TRF-16 file.

    The format is chosen by content: a file with a TRF player line (``001``
    followed by a starting rank) is TRF, whatever its extension; otherwise a
    ``.trf``/``.trfx`` extension means TRF and anything else CSV.
    ``results_path`` is only for CSV (a TRF file carries its own results).

    CSV: see the module docstring for the columns. Checks: required columns
    and values present, player numbers unique, results name known players,
    no player twice in one round, no player against himself, rounds numbered
    from 1 without gaps, scores legal in best of three (at most 2 wins each,
    at most 3 games including drawn ones; ``tournaments.swiss.results``). A
    bye row leaves the games blank or says 2-0.

    TRF-16: fixed columns of the 001 lines (starting rank 5-8, name 15-47,
    rating 49-52, federation 54-56, points 81-84, rank 86-89, then one
    10-character block per round from column 92: opponent, colour, result).
    The 012 line gives the name, ``XXR`` the number of rounds; every other
    line (dates 042/052, 132, ``XXA``...) is ignored. Encoding: UTF-8, else
    Windows-1252. Result codes, one match (best of one) per pairing, seen
    from the player listed first (White when colours are known, else the
    lower starting rank):

    - ``1``/``0`` and ``W``/``L`` (game too short to rate): 1-0;
    - ``=`` and ``D``: a drawn game, 0-0 with ``games_drawn=1``;
    - ``+``/``-`` (forfeit): 1-0, an ordinary win (the core has no forfeit);
    - ``-``/``-`` (double forfeit): 0-0, outcome ``"double_loss"``;
    - blank with an opponent: paired but not played yet, no result;
    - no opponent (``0000``) with ``U``, ``F`` or ``+``: a bye, 1-0 outcome
      ``"bye"``; with ``H``: 0-0 ``"half_bye"``; with ``Z`` or ``-``: 0-0
      ``"zero_bye"``; blank: nothing that round.

    Each pairing is listed once although both lines show it; the two lines
    must agree (complementary codes, different colours) or the error names
    both line numbers.

    Raises :class:`EventFileError` for any problem (file unreadable, bad
    encoding, missing column or value, malformed number, duplicate or
    unknown player, illegal score, inconsistent TRF lines...).
    """
    path = Path(path)
    data = _read_bytes(path)
    if _looks_like_trf(data) or (path.suffix.lower() in {".trf", ".trfx"}):
        if results_path is not None:
            raise EventFileError(
                "results_with_trf",
                "un archivo TRF ya trae sus resultados; no se le puede agregar un archivo de resultados",
                file=path.name,
            )
        return _read_trf(path.name, _decode_lenient(data))
    players = _read_players_csv(path.name, _decode_utf8(path.name, data))
    results: tuple[RecordedResult, ...] = ()
    if results_path is not None:
        results_path = Path(results_path)
        results_text = _decode_utf8(results_path.name, _read_bytes(results_path))
        results = _read_results_csv(results_path.name, results_text, players, players_file=path.name)
    return EventFile(
        name=path.stem,
        source_format="csv",
        players=players,
        results=results,
        rounds=None,
        best_of=CSV_BEST_OF,
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


# --------------------------------------------------------------------------
# Bytes and text
# --------------------------------------------------------------------------

_TRF_PLAYER_LINE = re.compile(rb"(?m)^001 [ 0-9]{3}[0-9]")


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise EventFileError("unreadable", "el archivo no existe", file=path.name) from None
    except OSError as exc:
        raise EventFileError("unreadable", f"no se pudo leer el archivo ({exc.strerror})", file=path.name) from None


def _looks_like_trf(data: bytes) -> bool:
    return _TRF_PLAYER_LINE.search(data.removeprefix(b"\xef\xbb\xbf")) is not None


def _decode_utf8(file: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise EventFileError(
            "encoding",
            "el archivo no está en UTF-8; si lo exportaste desde Excel, guardalo como \"CSV UTF-8\"",
            file=file,
            line=line,
        ) from None


def _decode_lenient(data: bytes) -> str:
    """TRF text: UTF-8 (BOM or not) as JaVaFo asks, else Windows-1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _normalize_label(text: str) -> str:
    """Header cell -> comparable key: casefolded, no accents, ``_`` for gaps."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return re.sub(r"[\s\-.]+", "_", plain).strip("_")


# --------------------------------------------------------------------------
# CSV
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Column:
    label: str  # what people read in a message
    aliases: tuple[str, ...]  # normalized header spellings
    required: bool = True


_PLAYER_COLUMNS = {
    "name": _Column("nombre", ("name", "nombre")),
    "player_number": _Column("número", ("player_number", "numero", "nro", "numero_de_jugador")),
    "venue": _Column("sede", ("venue", "sede")),
    "province": _Column("provincia", ("province", "provincia")),
}

_RESULT_COLUMNS = {
    "round": _Column("ronda", ("round", "ronda")),
    "player_a": _Column("jugador_a", ("player_a", "jugador_a")),
    "player_b": _Column("jugador_b", ("player_b", "jugador_b")),
    "games_a": _Column("partidas_a", ("games_a", "partidas_a")),
    "games_b": _Column("partidas_b", ("games_b", "partidas_b")),
    "games_drawn": _Column("partidas_empatadas", ("games_drawn", "partidas_empatadas", "empates"), required=False),
    "outcome": _Column("resultado", ("outcome", "resultado"), required=False),
}

_GAMES_A = "la cantidad de partidas ganadas por A"
_GAMES_B = "la cantidad de partidas ganadas por B"
_GAMES_DRAWN = "la cantidad de partidas empatadas"

_OUTCOME_ALIASES = {
    "double_loss": DOUBLE_LOSS,
    "doble_derrota": DOUBLE_LOSS,
    "bye": BYE,
}


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    cells: Mapping[str, str]  # canonical column -> stripped value ("" if absent)


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {delimiter: first.count(delimiter) for delimiter in (";", ",", "\t")}
    best = max(counts, key=lambda delimiter: counts[delimiter])
    return best if counts[best] else ","


def _csv_rows(file: str, text: str, columns: Mapping[str, _Column]) -> Iterator[_Row]:
    """Yield the data rows of a CSV text, mapped onto canonical columns.

    Blank rows are skipped. Raises for an empty file, a missing or repeated
    column, and a row with more non-blank fields than the header.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    header: list[str] | None = None
    index: dict[str, int] = {}
    try:
        for raw in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in raw):
                continue
            if header is None:
                header = raw
                index = _map_header(file, line, header, columns)
                continue
            extra = [cell for cell in raw[len(header):] if cell.strip()]
            if extra:
                raise EventFileError(
                    "extra_fields",
                    f"la fila tiene {len(raw)} campos y el encabezado {len(header)} "
                    "(¿una coma o un punto y coma de más, o un nombre sin comillas?)",
                    file=file,
                    line=line,
                )
            cells = {
                key: (raw[position].strip() if position < len(raw) else "")
                for key, position in index.items()
            }
            yield _Row(line, MappingProxyType(cells))
    except csv.Error as exc:
        raise EventFileError("bad_csv", f"el CSV está mal formado ({exc})", file=file, line=reader.line_num) from None
    if header is None:
        raise EventFileError("empty_file", "el archivo está vacío", file=file)


def _map_header(file: str, line: int, header: Sequence[str], columns: Mapping[str, _Column]) -> dict[str, int]:
    by_alias = {alias: key for key, column in columns.items() for alias in column.aliases}
    index: dict[str, int] = {}
    for position, cell in enumerate(header):
        key = by_alias.get(_normalize_label(cell))
        if key is None:
            continue
        if key in index:
            raise EventFileError(
                "duplicate_column",
                f"las columnas \"{header[index[key]].strip()}\" y \"{cell.strip()}\" "
                f"son la misma ({columns[key].label})",
                file=file,
                line=line,
            )
        index[key] = position
    for key, column in columns.items():
        if column.required and key not in index:
            accepted = ", ".join(dict.fromkeys((column.label, key)))
            raise EventFileError(
                "missing_column",
                f"falta la columna \"{column.label}\" (se acepta: {accepted})",
                file=file,
                line=line,
            )
    return index


def _read_players_csv(file: str, text: str) -> tuple[PlayerEntry, ...]:
    players: list[PlayerEntry] = []
    seen: dict[str, int] = {}
    for row in _csv_rows(file, text, _PLAYER_COLUMNS):
        name = row.cells["name"]
        number = row.cells["player_number"]
        province = row.cells["province"]
        if not name:
            raise EventFileError("missing_value", "falta el nombre del jugador", file=file, line=row.line)
        if not number:
            raise EventFileError("missing_value", "falta el número de jugador", file=file, line=row.line)
        if not province:
            raise EventFileError("missing_value", "falta la provincia", file=file, line=row.line)
        if number in seen:
            raise EventFileError(
                "duplicate_player",
                f"el número de jugador \"{number}\" ya figura en la línea {seen[number]}",
                file=file,
                line=row.line,
            )
        seen[number] = row.line
        players.append(PlayerEntry(name=name, player_number=number, venue=row.cells["venue"], province=province))
    if not players:
        raise EventFileError("no_players", "no hay ningún jugador anotado", file=file)
    return tuple(players)


def _parse_count(file: str, line: int, value: str, label: str, *, default: int | None = None, minimum: int = 0) -> int:
    if value == "":
        if default is not None:
            return default
        raise EventFileError("missing_value", f"falta {label}", file=file, line=line)
    if not re.fullmatch(r"[+-]?[0-9]+", value):
        raise EventFileError(
            "bad_number", f"{label} tiene que ser un número entero (dice \"{value}\")", file=file, line=line
        )
    number = int(value)
    if number < minimum:
        raise EventFileError(
            "bad_number", f"{label} tiene que ser {minimum} o más (dice {number})", file=file, line=line
        )
    return number


def _read_results_csv(
    file: str, text: str, players: Sequence[PlayerEntry], *, players_file: str
) -> tuple[RecordedResult, ...]:
    known = {player.player_number for player in players}
    results: list[tuple[int, int, RecordedResult]] = []  # (round, bye?, result), file order kept
    played: dict[tuple[int, str], int] = {}  # (round, player) -> line
    first_line_of_round: dict[int, int] = {}
    for row in _csv_rows(file, text, _RESULT_COLUMNS):
        cells, line = row.cells, row.line
        round_number = _parse_count(file, line, cells["round"], "la ronda", minimum=1)
        player_a = cells["player_a"]
        player_b = cells["player_b"] or None
        if not player_a:
            raise EventFileError("missing_value", "falta el jugador A", file=file, line=line)
        for number in (player_a, player_b):
            if number is not None and number not in known:
                raise EventFileError(
                    "unknown_player",
                    f"el jugador \"{number}\" no está en la lista de jugadores ({players_file})",
                    file=file,
                    line=line,
                )
        if player_a == player_b:
            raise EventFileError(
                "self_pairing", f"el jugador \"{player_a}\" figura contra sí mismo", file=file, line=line
            )
        for number in (player_a, player_b):
            if number is None:
                continue
            if (round_number, number) in played:
                raise EventFileError(
                    "player_twice_in_round",
                    f"el jugador \"{number}\" ya tiene un resultado en la ronda {round_number} "
                    f"(línea {played[(round_number, number)]})",
                    file=file,
                    line=line,
                )
            played[(round_number, number)] = line
        first_line_of_round.setdefault(round_number, line)
        outcome = _parse_outcome(file, line, cells.get("outcome", ""), is_bye=player_b is None)
        if player_b is None:
            result = _bye_row(file, line, round_number, player_a, cells)
        else:
            games_default = 0 if outcome == DOUBLE_LOSS else None
            games_a = _parse_count(file, line, cells["games_a"], _GAMES_A, default=games_default)
            games_b = _parse_count(file, line, cells["games_b"], _GAMES_B, default=games_default)
            drawn = _parse_count(file, line, cells.get("games_drawn", ""), _GAMES_DRAWN, default=0)
            _check_best_of_three(file, line, games_a, games_b, drawn)
            result = RecordedResult(round_number, player_a, player_b, games_a, games_b, drawn, outcome)
        results.append((round_number, int(player_b is None), result))
    rounds = sorted(first_line_of_round)
    for expected, actual in enumerate(rounds, start=1):
        if actual != expected:
            raise EventFileError(
                "round_gap",
                f"hay resultados de la ronda {actual} pero ninguno de la ronda {expected}",
                file=file,
                line=first_line_of_round[actual],
            )
    results.sort(key=lambda item: (item[0], item[1]))  # stable: file order within a round
    return tuple(result for _, _, result in results)


def _parse_outcome(file: str, line: int, value: str, *, is_bye: bool) -> str | None:
    if value == "":
        return None
    outcome = _OUTCOME_ALIASES.get(_normalize_label(value))
    if outcome is None:
        raise EventFileError(
            "bad_outcome",
            f"resultado especial desconocido \"{value}\" (se acepta: double_loss, doble derrota, bye)",
            file=file,
            line=line,
        )
    if outcome == BYE and not is_bye:
        raise EventFileError("bad_outcome", "un bye no lleva jugador B", file=file, line=line)
    if outcome == DOUBLE_LOSS and is_bye:
        raise EventFileError("bad_outcome", "una doble derrota necesita dos jugadores", file=file, line=line)
    return outcome


def _bye_row(file: str, line: int, round_number: int, player: str, cells: Mapping[str, str]) -> RecordedResult:
    """A bye: games blank or exactly 2-0 (DESIGN.md decision 1)."""
    games = (cells["games_a"], cells["games_b"], cells.get("games_drawn", ""))
    if any(games):
        values = (
            _parse_count(file, line, games[0], _GAMES_A, default=0),
            _parse_count(file, line, games[1], _GAMES_B, default=0),
            _parse_count(file, line, games[2], _GAMES_DRAWN, default=0),
        )
        if values != (2, 0, 0):
            raise EventFileError(
                "bad_bye",
                f"un bye cuenta como victoria 2-0; dejá las partidas vacías o poné 2-0 "
                f"(dice {values[0]}-{values[1]})",
                file=file,
                line=line,
            )
    return RecordedResult(round_number, player, None, 2, 0, 0, BYE)


_PROBLEM_TEXT = {
    "too_many_wins": "nadie gana más de 2 partidas",
    "too_many_games": "se juegan como máximo 3 partidas, contando las empatadas",
    "played_after_win": "el match termina cuando alguien gana 2 partidas",
    "negative_games": "las partidas no pueden ser negativas",
}


def _check_best_of_three(file: str, line: int, games_a: int, games_b: int, drawn: int) -> None:
    problems = result_problems(CSV_BEST_OF, games_a, games_b, drawn)
    if problems:
        reasons = "; ".join(_PROBLEM_TEXT.get(problem.code, problem.code) for problem in problems)
        score = f"{games_a}-{games_b}"
        if drawn:
            score += f", {drawn} empatada" + ("s" if drawn > 1 else "")
        raise EventFileError(
            "illegal_games",
            f"resultado imposible al mejor de tres ({score}): {reasons}",
            file=file,
            line=line,
        )


# --------------------------------------------------------------------------
# TRF-16
# --------------------------------------------------------------------------

_TRF_CODES = frozenset("10=+-HFUZWDL ")
_TRF_BYE_CODES = {"U": BYE, "F": BYE, "+": BYE, "H": HALF_BYE, "Z": ZERO_BYE, "-": ZERO_BYE}
#: Codes of the two players of one pairing that agree (first, second).
_TRF_AGREEING = frozenset(
    {("1", "0"), ("0", "1"), ("W", "L"), ("L", "W"), ("=", "="), ("D", "D"),
     ("+", "-"), ("-", "+"), ("-", "-"), (" ", " ")}
)
_TRF_GAMES = {  # code of the first player -> (games_a, games_b, drawn)
    "1": (1, 0, 0), "W": (1, 0, 0), "+": (1, 0, 0),
    "0": (0, 1, 0), "L": (0, 1, 0), "-": (0, 1, 0),
    "=": (0, 0, 1), "D": (0, 0, 1),
}
_FIRST_ROUND_COLUMN = 91  # 0-based index of column 92
_ROUND_WIDTH = 10


@dataclass(frozen=True, slots=True)
class _TrfEntry:
    line: int
    player: int
    round_number: int
    opponent: int  # 0 = none
    colour: str  # "w", "b" or "" (unknown / not played)
    code: str  # one of _TRF_CODES


def _trf_int(file: str, line: int, text: str, label: str, *, blank_ok: bool) -> int | None:
    text = text.strip()
    if not text:
        if blank_ok:
            return None
        raise EventFileError("trf_bad_line", f"falta {label}", file=file, line=line)
    if not re.fullmatch(r"[0-9]+", text):
        raise EventFileError("trf_bad_line", f"{label} no es un número (dice \"{text}\")", file=file, line=line)
    return int(text)


def _read_trf(file: str, text: str) -> EventFile:
    name = ""
    declared_rounds: tuple[int, int] | None = None  # (rounds, line)
    players: dict[int, PlayerEntry] = {}
    player_line: dict[int, int] = {}
    points: dict[str, float] = {}
    ranks: dict[str, int] = {}
    entries: dict[tuple[int, int], _TrfEntry] = {}  # (player, round) -> entry
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code == "XXR":
            value = line[4:].split()[0] if line[4:].split() else ""
            rounds = _trf_int(file, number, value, "el número de rondas (XXR)", blank_ok=False)
            declared_rounds = (rounds, number)
        elif code == "001":
            player = _trf_player(file, number, line, player_line, points, ranks)
            players[int(player.player_number)] = player
            player_line[int(player.player_number)] = number
            for entry in _trf_rounds(file, number, line, int(player.player_number)):
                entries[(entry.player, entry.round_number)] = entry
    if not players:
        raise EventFileError("no_players", "no hay ninguna línea de jugador (001)", file=file)
    results = _trf_results(file, players, player_line, entries)
    played_rounds = max((round_number for _, round_number in entries), default=0)
    rounds: int | None = played_rounds or None
    if declared_rounds is not None:
        declared, line = declared_rounds
        if declared < played_rounds:
            raise EventFileError(
                "trf_bad_rounds",
                f"XXR dice {declared} rondas pero hay datos de la ronda {played_rounds}",
                file=file,
                line=line,
            )
        rounds = declared
    return EventFile(
        name=name or Path(file).stem,
        source_format="trf",
        players=tuple(players[rank] for rank in sorted(players)),
        results=results,
        rounds=rounds,
        best_of=TRF_BEST_OF,
        published_points=MappingProxyType(points),
        published_ranks=MappingProxyType(ranks),
    )


def _trf_player(
    file: str,
    number: int,
    line: str,
    player_line: Mapping[int, int],
    points: dict[str, float],
    ranks: dict[str, int],
) -> PlayerEntry:
    start_rank = _trf_int(file, number, line[4:8], "el número inicial (columnas 5-8)", blank_ok=False)
    assert start_rank is not None
    if start_rank == 0:
        raise EventFileError("trf_bad_line", "el número inicial no puede ser 0", file=file, line=number)
    if start_rank in player_line:
        raise EventFileError(
            "duplicate_player",
            f"el número inicial {start_rank} ya figura en la línea {player_line[start_rank]}",
            file=file,
            line=number,
        )
    name = line[14:47].strip()
    if not name:
        raise EventFileError("missing_value", "falta el nombre del jugador (columnas 15-47)", file=file, line=number)
    rating = _trf_int(file, number, line[48:52], "el rating (columnas 49-52)", blank_ok=True)
    points_text = line[80:84].strip()
    if points_text:
        try:
            points[str(start_rank)] = float(points_text)
        except ValueError:
            raise EventFileError(
                "trf_bad_line",
                f"los puntos (columnas 81-84) no son un número (dice \"{points_text}\")",
                file=file,
                line=number,
            ) from None
    rank = _trf_int(file, number, line[85:89], "la posición final (columnas 86-89)", blank_ok=True)
    if rank is not None:
        ranks[str(start_rank)] = rank
    return PlayerEntry(
        name=name,
        player_number=str(start_rank),
        venue=line[53:56].strip(),
        province="",
        rating=rating or None,
        start_rank=start_rank,
    )


def _trf_rounds(file: str, number: int, line: str, player: int) -> Iterator[_TrfEntry]:
    """The non-blank round blocks of one 001 line."""
    round_number = 0
    for start in range(_FIRST_ROUND_COLUMN, len(line), _ROUND_WIDTH):
        round_number += 1
        block = line[start:start + _ROUND_WIDTH].ljust(_ROUND_WIDTH)
        if not block.strip():
            continue
        column = start + 1
        opponent_text = block[0:4].strip()
        if opponent_text and not re.fullmatch(r"[0-9]+", opponent_text):
            raise EventFileError(
                "trf_bad_line",
                f"ronda {round_number}: el rival (columnas {column}-{column + 3}) no es un número "
                f"(dice \"{opponent_text}\")",
                file=file,
                line=number,
            )
        colour = block[5].lower()
        if colour not in {"w", "b", "-", " "}:
            raise EventFileError(
                "trf_bad_colour",
                f"ronda {round_number}: color \"{block[5]}\" desconocido (se espera w, b o -)",
                file=file,
                line=number,
            )
        code = block[7].upper()
        if code not in _TRF_CODES:
            raise EventFileError(
                "trf_bad_result_code",
                f"ronda {round_number}: código de resultado \"{block[7]}\" desconocido",
                file=file,
                line=number,
            )
        yield _TrfEntry(
            line=number,
            player=player,
            round_number=round_number,
            opponent=int(opponent_text or 0),
            colour=colour if colour in {"w", "b"} else "",
            code=code,
        )


def _trf_results(
    file: str,
    players: Mapping[int, PlayerEntry],
    player_line: Mapping[int, int],
    entries: Mapping[tuple[int, int], _TrfEntry],
) -> tuple[RecordedResult, ...]:
    results: list[tuple[int, int, int, RecordedResult]] = []
    for (player, round_number), entry in sorted(entries.items(), key=lambda item: (item[0][1], item[0][0])):
        if entry.opponent == 0:
            if entry.code == " ":
                continue
            outcome = _TRF_BYE_CODES.get(entry.code)
            if outcome is None:
                raise EventFileError(
                    "trf_bad_result_code",
                    f"ronda {round_number}: el código \"{entry.code}\" necesita un rival",
                    file=file,
                    line=entry.line,
                )
            games_a = 1 if outcome == BYE else 0
            results.append(
                (round_number, 1, player, RecordedResult(round_number, str(player), None, games_a, 0, 0, outcome))
            )
            continue
        opponent = entry.opponent
        if opponent == player:
            raise EventFileError(
                "self_pairing", f"ronda {round_number}: el jugador {player} figura contra sí mismo",
                file=file, line=entry.line,
            )
        if opponent not in players:
            raise EventFileError(
                "unknown_player",
                f"ronda {round_number}: el rival {opponent} no tiene línea de jugador (001)",
                file=file,
                line=entry.line,
            )
        if entry.code in _TRF_BYE_CODES and entry.code not in "+-":
            raise EventFileError(
                "trf_bad_result_code",
                f"ronda {round_number}: el código \"{entry.code}\" es de un bye y no puede tener rival",
                file=file,
                line=entry.line,
            )
        other = entries.get((opponent, round_number))
        if other is None or other.opponent != player:
            what = "no tiene rival en esa ronda" if other is None or other.opponent == 0 else (
                f"lo pone contra el {other.opponent}"
            )
            raise EventFileError(
                "trf_one_sided",
                f"ronda {round_number}: el jugador {player} figura contra el {opponent}, pero la línea "
                f"{player_line[opponent]} (jugador {opponent}) {what}",
                file=file,
                line=entry.line,
            )
        if player > opponent:
            continue  # the pair was handled from the lower starting rank
        if (entry.code, other.code) not in _TRF_AGREEING or (entry.colour and entry.colour == other.colour):
            raise EventFileError(
                "trf_inconsistent",
                f"ronda {round_number}: las líneas {entry.line} y {other.line} no coinciden "
                f"(el {player} figura con \"{entry.colour or '-'} {entry.code}\" "
                f"y el {opponent} con \"{other.colour or '-'} {other.code}\")",
                file=file,
                line=entry.line,
            )
        if entry.code == " ":
            continue  # paired, not played yet
        first, second = (other, entry) if other.colour == "w" else (entry, other)
        if first.code == "-" and second.code == "-":
            result = RecordedResult(round_number, str(first.player), str(second.player), 0, 0, 0, DOUBLE_LOSS)
        else:
            games_a, games_b, drawn = _TRF_GAMES[first.code]
            result = RecordedResult(round_number, str(first.player), str(second.player), games_a, games_b, drawn)
        results.append((round_number, 0, first.player, result))
    results.sort(key=lambda item: item[:3])
    return tuple(result for *_, result in results)
