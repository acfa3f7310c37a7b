"""The entry point: read an event file, choosing CSV or TRF-16 by its content."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .csvfiles import CSV_BEST_OF, _decode_utf8, _read_players_csv, _read_results_csv
from .trf import _decode_lenient, _looks_like_trf, _read_trf
from .types import EventFile, EventFileError, PathLike, RecordedResult, check_lengths


def read_event_file(
    path: PathLike,
    *,
    results_path: PathLike | None = None,
    max_bytes: int | None = None,
    max_lengths: Mapping[str, int] | None = None,
) -> EventFile:
    """Read a players CSV (plus an optional results CSV) or a TRF-16 file.

    The format is chosen by content: a file with a TRF player line (``001``
    followed by a starting rank) is TRF, whatever its extension; otherwise a
    ``.trf``/``.trfx`` extension means TRF and anything else CSV.
    ``results_path`` is only for CSV (a TRF file carries its own results).

    CSV: see :mod:`tournaments.eventfiles` for the columns. Checks:
    required columns and values present, player numbers unique, results
    name known players, no player twice in one round, no player against
    himself, rounds numbered from 1 without gaps, scores legal in best of
    three (at most 2 wins each, at most 3 games including drawn ones;
    ``tournaments.swiss.results``). A bye row leaves the games blank or says
    2-0.

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

    Limits (issue #15): ``max_bytes`` is the largest size of each file,
    checked before reading it (``too_large``); an empty or blank file is
    ``empty_file``; a line with NUL or another control character is
    ``control_characters``; ``max_lengths`` maps ``name``,
    ``player_number``, ``venue`` and ``province`` to their longest length in
    characters (``too_long``, naming the line); counts longer than a few
    digits are ``bad_number``. A results CSV may say ``resultado``
    «ausente» (blank ``player_b``) for a player who sat a round out; whether
    every player has a row in every round is
    :func:`~tournaments.eventfiles.types.check_complete_rounds`'s check.

    Raises :class:`EventFileError` for any problem (file unreadable or too
    large, missing column or value, malformed number, duplicate or unknown
    player, illegal score, inconsistent TRF lines...).
    """
    path = Path(path)
    data = _read_bytes(path, max_bytes)
    if _looks_like_trf(data) or (path.suffix.lower() in {".trf", ".trfx"}):
        if results_path is not None:
            raise EventFileError(
                "results_with_trf",
                "un archivo TRF ya trae sus resultados; no se le puede agregar un archivo de resultados",
                file=path.name,
            )
        event = _read_trf(path.name, _decode_lenient(data))
        check_lengths(path.name, event.players, max_lengths)
        return event
    players = _read_players_csv(path.name, _decode_utf8(path.name, data))
    check_lengths(path.name, players, max_lengths)
    results: tuple[RecordedResult, ...] = ()
    if results_path is not None:
        results_path = Path(results_path)
        results_text = _decode_utf8(results_path.name, _read_bytes(results_path, max_bytes))
        results = _read_results_csv(results_path.name, results_text, players, players_file=path.name)
    return EventFile(
        name=path.stem,
        source_format="csv",
        players=players,
        results=results,
        rounds=None,
        best_of=CSV_BEST_OF,
    )


def _read_bytes(path: Path, max_bytes: int | None = None) -> bytes:
    try:
        if max_bytes is not None and path.stat().st_size > max_bytes:
            raise EventFileError(
                "too_large",
                f"el archivo pesa {_bytes(path.stat().st_size)} y el máximo es {_bytes(max_bytes)} "
                "(ARENA_IMPORT_MAX_BYTES)",
                file=path.name,
            )
        data = path.read_bytes()
        if not data.removeprefix(b"\xef\xbb\xbf").strip():
            raise EventFileError("empty_file", "el archivo está vacío", file=path.name)
        return data
    except FileNotFoundError:
        raise EventFileError("unreadable", "el archivo no existe", file=path.name) from None
    except OSError as exc:
        raise EventFileError("unreadable", f"no se pudo leer el archivo ({exc.strerror})", file=path.name) from None


def _bytes(size: int) -> str:
    """``5242880`` -> ``"5.242.880 bytes"`` (es-AR thousands separator)."""
    return f"{size:,} bytes".replace(",", ".")
