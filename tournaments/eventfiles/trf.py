"""FIDE TRF-16 files, as Swiss-Manager, JaVaFo or bbpPairings write them.

How the fixed columns and every result code are read: see
:func:`~tournaments.eventfiles.reader.read_event_file`.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from tournaments.text import control_characters, describe_control

from .types import BYE, DOUBLE_LOSS, HALF_BYE, ZERO_BYE, EventFile, EventFileError, PlayerEntry, RecordedResult

TRF_BEST_OF = 1

_TRF_PLAYER_LINE = re.compile(rb"(?m)^001 [ 0-9]{3}[0-9]")


def _looks_like_trf(data: bytes) -> bool:
    return _TRF_PLAYER_LINE.search(data.removeprefix(b"\xef\xbb\xbf")) is not None


def _decode_lenient(data: bytes) -> str:
    """TRF text: UTF-8 (BOM or not) as JaVaFo asks, else Windows-1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


#: Most rounds a TRF may declare (XXR): no Swiss day plays more.
MAX_TRF_ROUNDS = 99


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
        raise EventFileError("trf_bad_line", f"{label} no es un número (dice \"{text[:20]}\")", file=file, line=line)
    if len(text.lstrip("0")) > 6:
        raise EventFileError(
            "trf_bad_line", f"{label} es demasiado grande (dice \"{text[:20]}\")", file=file, line=line
        )
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
        found = control_characters(line.replace("\t", " "))
        if found:
            raise EventFileError(
                "control_characters",
                "la línea tiene caracteres de control no permitidos ("
                + ", ".join(describe_control(ch) for ch in found) + ")",
                file=file,
                line=number,
            )
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code == "XXR":
            value = line[4:].split()[0] if line[4:].split() else ""
            rounds = _trf_int(file, number, value, "el número de rondas (XXR)", blank_ok=False)
            assert rounds is not None
            if rounds > MAX_TRF_ROUNDS:
                raise EventFileError(
                    "trf_bad_rounds", f"XXR dice {rounds} rondas y el máximo es {MAX_TRF_ROUNDS}",
                    file=file, line=number,
                )
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
        line=number,
    )


def _trf_rounds(file: str, number: int, line: str, player: int) -> Iterator[_TrfEntry]:
    """The non-blank round blocks of one 001 line."""
    round_number = 0
    for start in range(_FIRST_ROUND_COLUMN, len(line), _ROUND_WIDTH):
        round_number += 1
        block = line[start:start + _ROUND_WIDTH].ljust(_ROUND_WIDTH)
        if not block.strip():
            continue
        if round_number > MAX_TRF_ROUNDS:
            raise EventFileError(
                "trf_bad_rounds", f"la línea tiene datos de la ronda {round_number} y el máximo es {MAX_TRF_ROUNDS}",
                file=file, line=number,
            )
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
                (round_number, 1, player, RecordedResult(round_number, str(player), None, games_a, 0, 0, outcome,
                                                         line=entry.line))
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
            result = RecordedResult(round_number, str(first.player), str(second.player), 0, 0, 0, DOUBLE_LOSS,
                                    line=entry.line)
        else:
            games_a, games_b, drawn = _TRF_GAMES[first.code]
            result = RecordedResult(round_number, str(first.player), str(second.player), games_a, games_b, drawn,
                                    line=entry.line)
        results.append((round_number, 0, first.player, result))
    results.sort(key=lambda item: item[:3])
    return tuple(result for *_, result in results)
