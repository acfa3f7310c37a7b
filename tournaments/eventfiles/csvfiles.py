"""The players CSV and the results CSV of an event file.

Columns, aliases and checks: see :mod:`tournaments.eventfiles` and
:func:`~tournaments.eventfiles.reader.read_event_file`.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tournaments.swiss.results import result_problems
from tournaments.text import control_characters, decode_text, describe_control, fold, sniff_delimiter

from .types import BYE, DOUBLE_LOSS, ZERO_BYE, EventFileError, PlayerEntry, RecordedResult

CSV_BEST_OF = 3


def _decode_utf8(file: str, data: bytes) -> str:
    """The text of a CSV: UTF-8 (BOM or not), else Windows-1252/Latin-1 (Excel's "CSV" in es-AR)."""
    return decode_text(data)


#: Longest number accepted in a count column (round, games), in digits.
_MAX_DIGITS = 4


def _normalize_label(text: str) -> str:
    """Header cell -> comparable key: casefolded, no accents, ``_`` for gaps."""
    return re.sub(r"[\s\-.]+", "_", fold(text.strip())).strip("_")


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
    # A player who sat the round out (no match, no points): explicit, so a missing row is an error.
    "absent": ZERO_BYE,
    "ausente": ZERO_BYE,
}


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    cells: Mapping[str, str]  # canonical column -> stripped value ("" if absent)


def _delimiter(text: str) -> str:
    return sniff_delimiter(text)


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
            found = control_characters("".join(raw))
            if found:
                raise EventFileError(
                    "control_characters",
                    "la fila tiene caracteres de control no permitidos ("
                    + ", ".join(describe_control(ch) for ch in found) + ")",
                    file=file,
                    line=line,
                )
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
        players.append(
            PlayerEntry(name=name, player_number=number, venue=row.cells["venue"], province=province, line=row.line)
        )
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
            "bad_number", f"{label} tiene que ser un número entero (dice \"{value[:20]}\")", file=file, line=line
        )
    if len(value.lstrip("+-").lstrip("0")) > _MAX_DIGITS:
        raise EventFileError(
            "bad_number", f"{label} es demasiado grande (dice \"{value[:20]}\")", file=file, line=line
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
        if outcome == ZERO_BYE:
            result = _absent_row(file, line, round_number, player_a, cells)
        elif player_b is None:
            result = _bye_row(file, line, round_number, player_a, cells)
        else:
            games_default = 0 if outcome == DOUBLE_LOSS else None
            games_a = _parse_count(file, line, cells["games_a"], _GAMES_A, default=games_default)
            games_b = _parse_count(file, line, cells["games_b"], _GAMES_B, default=games_default)
            drawn = _parse_count(file, line, cells.get("games_drawn", ""), _GAMES_DRAWN, default=0)
            _check_best_of_three(file, line, games_a, games_b, drawn)
            result = RecordedResult(round_number, player_a, player_b, games_a, games_b, drawn, outcome, line=line)
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


def _absent_row(file: str, line: int, round_number: int, player: str, cells: Mapping[str, str]) -> RecordedResult:
    """A player who sat the round out: no match, no points (``zero_bye``)."""
    if any((cells["games_a"], cells["games_b"], cells.get("games_drawn", ""))):
        raise EventFileError("bad_outcome", "un jugador ausente no lleva partidas", file=file, line=line)
    return RecordedResult(round_number, player, None, 0, 0, 0, ZERO_BYE, line=line)


def _parse_outcome(file: str, line: int, value: str, *, is_bye: bool) -> str | None:
    if value == "":
        return None
    outcome = _OUTCOME_ALIASES.get(_normalize_label(value))
    if outcome is None:
        raise EventFileError(
            "bad_outcome",
            f"resultado especial desconocido \"{value[:40]}\" "
            "(se acepta: double_loss, doble derrota, bye, ausente)",
            file=file,
            line=line,
        )
    if outcome == BYE and not is_bye:
        raise EventFileError("bad_outcome", "un bye no lleva jugador B", file=file, line=line)
    if outcome == DOUBLE_LOSS and is_bye:
        raise EventFileError("bad_outcome", "una doble derrota necesita dos jugadores", file=file, line=line)
    if outcome == ZERO_BYE and not is_bye:
        raise EventFileError("bad_outcome", "un jugador ausente no lleva jugador B", file=file, line=line)
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
    return RecordedResult(round_number, player, None, 2, 0, 0, BYE, line=line)


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
