"""Readers of event files: registered players and recorded results (no Django).

An *event file* describes one tournament to run or replay (the
``run_event`` management command reads it):

- a **players CSV**: one row per registered player, with a header naming
  the columns ``name``, ``player_number``, ``venue`` and ``province``
  (Spanish aliases ``nombre``, ``numero``/``número``, ``sede``,
  ``provincia``; case, accents, spaces and hyphens in the header do not
  matter). UTF-8 with or without a BOM, else Windows-1252 (Excel's
  "CSV"); comma, semicolon or tab between fields. Other columns are ignored. ``venue`` may be blank (a player with
  no home venue); the others may not.
- an optional **results CSV**, a separate file, with the columns ``round``,
  ``player_a``, ``player_b``, ``games_a``, ``games_b`` and, optionally,
  ``games_drawn`` and ``outcome`` (aliases ``ronda``, ``jugador_a``,
  ``jugador_b``, ``partidas_a``, ``partidas_b``, ``partidas_empatadas`` or
  ``empates``, ``resultado``). Players are named by ``player_number``,
  exactly as in the players file (surrounding spaces aside). A blank
  ``player_b`` is a bye; ``outcome`` may say ``double_loss`` (both players
  absent), or ``ausente``/``absent`` with a blank ``player_b`` (one player
  sat the round out: no match, read as ``"zero_bye"``). Matches are best
  of three. ``run_event`` requires every player in every recorded round
  (:func:`check_complete_rounds`).
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

Modules: :mod:`.types` (the data read, :class:`EventFileError` and
:func:`match_points_from_results`), :mod:`.reader` (:func:`read_event_file`,
which picks the format), :mod:`.csvfiles` (the players and results CSV
readers) and :mod:`.trf` (the TRF-16 reader).
"""
from __future__ import annotations

from .csvfiles import CSV_BEST_OF
from .reader import read_event_file
from .trf import TRF_BEST_OF
from .types import (
    BYE,
    BYE_POINTS,
    DOUBLE_LOSS,
    HALF_BYE,
    OUTCOMES,
    ZERO_BYE,
    EventFile,
    EventFileError,
    PathLike,
    PlayerEntry,
    RecordedResult,
    check_complete_rounds,
    match_points_from_results,
)

__all__ = [
    "BYE",
    "BYE_POINTS",
    "CSV_BEST_OF",
    "DOUBLE_LOSS",
    "HALF_BYE",
    "OUTCOMES",
    "TRF_BEST_OF",
    "ZERO_BYE",
    "EventFile",
    "EventFileError",
    "PathLike",
    "PlayerEntry",
    "RecordedResult",
    "check_complete_rounds",
    "match_points_from_results",
    "read_event_file",
]
