"""The entry point: read an event file, choosing CSV or TRF-16 by its content."""
from __future__ import annotations

from pathlib import Path

from .csvfiles import CSV_BEST_OF, _decode_utf8, _read_players_csv, _read_results_csv
from .trf import _decode_lenient, _looks_like_trf, _read_trf
from .types import EventFile, EventFileError, PathLike, RecordedResult


def read_event_file(path: PathLike, *, results_path: PathLike | None = None) -> EventFile:
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


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise EventFileError("unreadable", "el archivo no existe", file=path.name) from None
    except OSError as exc:
        raise EventFileError("unreadable", f"no se pudo leer el archivo ({exc.strerror})", file=path.name) from None
