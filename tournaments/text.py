"""Text rules every read model shares: name order, search folding, labels.

Pages, the API, the printed documents, CSV exports, the admin and the
command line order names, match searches and name rounds through this
module only, so that they agree with each other.

Terms:

- *collation key*: what a name is sorted by, Spanish alphabetical order
  (:func:`collation_key`).
- *folded text*: lower case without accents or other marks, for "contains"
  searches (:func:`fold`). Folding is for matching, never for ordering:
  it turns "ñ" into "n".
- *stage*: a top-cut stage as stored on ``Round.stage`` and in
  :mod:`tournaments.swiss.topcut`: 1 the final, 2 the semifinals, 3 the
  quarterfinals, 4 the round of 16 (a stage plays ``2 ** stage`` players);
  0 names the third-place match, played in the final's round
  (DESIGN.md decision 6).
- *label*: Spanish text shown to people. Labels are translated with
  Django's gettext when they are asked for (the only Django import here,
  made at call time); ``translated=False`` returns the Spanish text as
  written, which is what the printed documents use whatever the reader's
  language.

- *hostile input*: control characters (:func:`control_characters`),
  spreadsheet formulas in CSV cells (:func:`csv_safe`), the encodings and
  delimiters of uploaded files (:func:`decode_text`, :func:`sniff_delimiter`).

Nothing here imports Django at import time or touches a database: the pure
renderers of :mod:`tournaments.pdf` use it too.
"""
from __future__ import annotations

import re
import unicodedata

from .swiss.topcut import FINAL_STAGE, SEMIFINAL_STAGE, THIRD_PLACE_STAGE

#: The value of ``tournaments.enums.RoundPhase.TOP_CUT`` (kept literal: no Django here).
TOP_CUT_PHASE = "top_cut"

# "ñ" sorts as "n" followed by a character above every other one: after
# any "n…" spelling, before "o". U+10FFFF is a noncharacter, never in a name.
_ENIE = "n\U0010ffff"


# --------------------------------------------------------------------------- names


def _strip_marks(text: str) -> str:
    """``text`` decomposed (NFKD) without its combining marks: "Ü" → "U"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Accent- and case-insensitive form of ``text``, for searching.

    Shapes: any string in, a string out; compatibility forms decomposed
    (NFKD), combining marks dropped, then case-folded: "Iñaki Núñez" →
    "inaki nunez", so «nunez», «Núñez» and «NUÑEZ» find each other. Spaces
    are kept as they are. Never raises.

    Matching only: "ñ" folds to "n" here, which is what a person typing
    without the key expects; ordering uses :func:`collation_key`.
    Default: criterio de Arena (no rulebook covers searching).
    """
    return _strip_marks(text).casefold()


def _primary(name: str) -> str:
    out = []
    for char in unicodedata.normalize("NFC", name).casefold():
        out.append(_ENIE if char == "ñ" else _strip_marks(char))
    return " ".join("".join(out).split())


def collation_key(name: str) -> tuple[str, str, str]:
    """The sort key of a person's (or venue's) name in Spanish order.

    Letters compare without accents, diaeresis or case (Álvarez next to
    Alvarez, "ü" like "u") and "ñ" is a letter of its own right after "n":
    Nuno < Nunzio < Nuño < Nuovo, and Núñez < Ñandú. "ch" and "ll" are two
    letters each. Outer spaces are ignored and inner runs count as one.
    Names equal on letters fall back to the case-folded spelling (accents
    count: Alvarez before Álvarez) and then to the exact text, so the order
    is total and the same everywhere; callers add the player number after
    it for namesakes.

    Shapes: a name in, an opaque tuple of strings out, to use as
    ``sorted(rows, key=lambda r: collation_key(r.name))``. Never raises.

    Rule: Real Academia Española y ASALE, *Ortografía de la lengua
    española* (2010), "El abecedario": 27 letters, "ñ" between "n" and
    "o"; "ch" and "ll" are digraphs filed as two letters (the academies'
    agreement of 1994). How accents, case and spaces compare is criterio de
    Arena (no rulebook covers collation).
    """
    return (_primary(name), unicodedata.normalize("NFC", name).casefold(), name)


def collation_initial(name: str) -> str:
    """The heading letter ``name`` files under: "Álvarez" → "A", "ñandú" → "Ñ".

    Shapes: one capital letter, "Ñ" for names starting with "ñ", or "#" for
    a name that starts with no letter (or is empty). Agrees with
    :func:`collation_key`: sorted names run through their initials in order.
    """
    primary = _primary(name)
    if not primary:
        return "#"
    if primary.startswith(_ENIE):
        return "Ñ"
    first = primary[0]
    return first.upper() if first.isalpha() else "#"


# --------------------------------------------------------------------------- labels


def gettext_noop(message: str) -> str:
    """Mark ``message`` for ``makemessages``; it is translated when the label is asked for."""
    return message


def _label(message: str, translated: bool) -> str:
    if not translated:
        return message
    from django.utils.translation import gettext  # the edge's active language

    return gettext(message)


STAGE_NAMES: dict[int, str] = {
    THIRD_PLACE_STAGE: gettext_noop("Tercer puesto"),
    FINAL_STAGE: gettext_noop("Final"),
    SEMIFINAL_STAGE: gettext_noop("Semifinales"),
    3: gettext_noop("Cuartos de final"),
    4: gettext_noop("Octavos de final"),
}
#: One match of a stage, printed with its bracket slot ("Semifinal 1").
STAGE_MATCH_NAMES: dict[int, str] = {
    SEMIFINAL_STAGE: gettext_noop("Semifinal"),
    3: gettext_noop("Cuartos"),
    4: gettext_noop("Octavos"),
}
TOP_CUT = gettext_noop("Reducido")
ROUND = gettext_noop("Ronda %(n)s")
TOP_CUT_ROUND = gettext_noop("Reducido — %(stage)s")


def stage_name(stage: int | None, *, translated: bool = True) -> str:
    """The name of a top-cut stage: "Final", "Semifinales", "Cuartos de final",
    "Octavos de final", or "Tercer puesto" for stage 0.

    Shapes: a stage number (see the module docstring) or ``None``; a stage
    the cut sizes never produce (cut of 4, 8 or 16, DESIGN.md decision 6)
    or ``None`` gives "Reducido". Translated unless ``translated=False``.
    """
    message = STAGE_NAMES.get(stage, TOP_CUT) if stage is not None else TOP_CUT
    return _label(message, translated)


def match_name(stage: int | None, slot: int | None, *, translated: bool = True) -> str:
    """The name of one top-cut match: "Final", "Semifinal 1", "Cuartos 3",
    "Octavos 8", or "Tercer puesto".

    Shapes: ``stage`` as in :func:`stage_name` (0 or a bracket ``slot`` of
    0 is the third-place match), ``slot`` the 1-based bracket slot within
    the stage. An unknown stage gives "Reducido" and the slot.
    """
    if stage == THIRD_PLACE_STAGE or slot == 0:
        return _label(STAGE_NAMES[THIRD_PLACE_STAGE], translated)
    if stage == FINAL_STAGE:
        return _label(STAGE_NAMES[FINAL_STAGE], translated)
    short = _label(STAGE_MATCH_NAMES.get(stage, TOP_CUT) if stage is not None else TOP_CUT, translated)
    return f"{short} {slot}" if slot else short


def round_label(rnd, *, numbered: bool = False, translated: bool = True) -> str:
    """The name of a round: "Ronda 3", or "Reducido — Semifinales" in the top cut.

    Shapes: ``rnd`` is anything with ``number`` (1-based), ``phase``
    (``"swiss"`` or ``"top_cut"``, as ``Round.phase``) and ``stage`` (see
    the module docstring) — a ``Round`` row or a plain record.
    ``numbered=True`` keeps the round number in the top cut, "Ronda 4 —
    Semifinales", for the organizer's console, where rounds are listed by
    number. Translated unless ``translated=False``.
    """
    plain = _label(ROUND, translated) % {"n": rnd.number}
    if rnd.phase != TOP_CUT_PHASE:
        return plain
    stage = stage_name(rnd.stage, translated=translated)
    if numbered:
        return f"{plain} — {stage}"
    return _label(TOP_CUT_ROUND, translated) % {"stage": stage}


def score_text(games_a: int, games_b: int, games_drawn: int = 0) -> str:
    """A table's result as every page writes it: ``2-0``, ``2-1``, with the drawn games third only when
    there are some (``1-1-1``). Shapes: game counts, each side's from its own seat."""
    return f"{games_a}-{games_b}" + (f"-{games_drawn}" if games_drawn else "")


#: Where a top-cut player's run ended, as the final standings explain the place (keys of
#: ``FinalRow.cut``): the champion, the final's loser, then the stage a player lost in.
CUT_REASONS: dict[str, str] = {
    "champion": gettext_noop("Campeón"),
    "final": gettext_noop("Final"),
    "semifinal": gettext_noop("Semifinal"),
    "quarterfinal": gettext_noop("Cuartos"),
    "round_of_16": gettext_noop("Octavos"),
}
#: A top-cut stage (see the module docstring) → the key of :data:`CUT_REASONS` of the players who lost in it.
CUT_REASON_OF_STAGE = {FINAL_STAGE: "final", SEMIFINAL_STAGE: "semifinal", 3: "quarterfinal", 4: "round_of_16"}


def cut_reason(key: str | None, *, translated: bool = True) -> str:
    """What decided a final place in the top cut: "Campeón", "Final", "Semifinal", "Cuartos",
    "Octavos"; ``""`` for a key that is not one of :data:`CUT_REASONS` (a place the Swiss rounds gave)."""
    message = CUT_REASONS.get(key or "")
    return _label(message, translated) if message else ""


# --------------------------------------------------------------------------- hostile input

#: C0 control characters and DEL, except tab, line feed and carriage return.
_CONTROL_EXCEPT_WHITESPACE = frozenset(chr(c) for c in (*range(0, 9), 11, 12, *range(14, 32), 127))
#: Invisible format characters that reorder or hide text: the bidirectional embeddings and overrides
#: (U+202A-U+202E), the bidirectional isolates (U+2066-U+2069), the zero-width space, joiners and direction
#: marks (U+200B-U+200F), the word joiner (U+2060) and the zero-width no-break space / BOM (U+FEFF).
#: A name holding one can show as another name ("Ana" + U+202E + "zeréP" reads «Ana Pérez»).
INVISIBLE_FORMAT = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A),
                                              *range(0x200B, 0x2010), 0x2060, 0xFEFF))
#: Every C0 control character and DEL, and the invisible format characters above (one-line values:
#: names, numbers, paths).
_CONTROL_ALL = frozenset(chr(c) for c in (*range(0, 32), 127)) | INVISIBLE_FORMAT

#: First characters a spreadsheet reads as the start of a formula (OWASP "CSV injection").
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def control_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The forbidden control characters found in ``text``, in order, no repeats.

    One-line values (``multiline=False``: names of players, venues and
    events, numbers, paths) refuse every C0 control character, DEL and the
    bidirectional and zero-width characters of :data:`INVISIBLE_FORMAT`;
    text areas (``multiline=True``) refuse the C0 characters and DEL but keep
    tab, line feed and carriage return (and the invisible characters, which
    pasted lists carry). Returns ``[]`` for clean text. Never raises.
    """
    forbidden = _CONTROL_EXCEPT_WHITESPACE if multiline else _CONTROL_ALL
    return list(dict.fromkeys(ch for ch in text if ch in forbidden))


def describe_control(ch: str) -> str:
    """``"\\x00"`` -> ``"U+0000"``: how a message names an invisible character."""
    return f"U+{ord(ch):04X}"


def looks_like_formula(text: str) -> bool:
    """True when a spreadsheet would run ``text`` (it begins with ``=``, ``+``, ``-``, ``@``, tab or CR)."""
    return text.startswith(FORMULA_PREFIXES)


_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def csv_safe(value):
    """``value`` ready for a CSV cell: text a spreadsheet would read as a formula gets a leading ``'``.

    Shapes: any value in; a ``str`` beginning with ``=``, ``+``, ``-``,
    ``@``, tab or CR comes back prefixed with an apostrophe (what
    django-import-export's ``IMPORT_EXPORT_ESCAPE_FORMULAE_ON_EXPORT`` does
    too); numbers, ``None`` and other text come back unchanged, so ``-3``
    (an int) stays a number. Never raises.
    """
    if isinstance(value, str) and looks_like_formula(value) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def decode_text(data: bytes) -> str:
    """The text of an uploaded file: UTF-8 (with or without a BOM), else Windows-1252, else Latin-1.

    Excel in es-AR saves "CSV" as Windows-1252 and "CSV UTF-8" with a BOM;
    both come back as the same ``str``. Latin-1 decodes any byte, so this
    never raises.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def sniff_delimiter(text: str) -> str:
    """``;``, ``,`` or tab: the one the first non-blank line (the header) uses most; ``,`` if none."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {delimiter: first.count(delimiter) for delimiter in (";", ",", "\t")}
    best = max(counts, key=lambda delimiter: counts[delimiter])
    return best if counts[best] else ","


def _refuse_controls(value, *, multiline: bool) -> None:
    found = control_characters(str(value or ""), multiline=multiline)
    if found:
        from django.core.exceptions import ValidationError
        from django.utils.translation import gettext

        raise ValidationError(
            gettext("El texto contiene caracteres de control no permitidos (%(chars)s).")
            % {"chars": ", ".join(describe_control(ch) for ch in found)},
            code="control_characters",
        )


def validate_one_line(value) -> None:
    """Form, serializer and model-field validator: no C0 control character, DEL, bidi override
    or zero-width character (:func:`control_characters`; names, numbers, searches).

    Raises Django's ``ValidationError`` (code ``control_characters``); Django
    is imported only when it does, like the labels above.
    """
    _refuse_controls(value, multiline=False)


def validate_text_area(value) -> None:
    """Like :func:`validate_one_line`, but tab, line feed and carriage return are allowed (text areas)."""
    _refuse_controls(value, multiline=True)
