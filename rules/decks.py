"""Decklists: parse plain text, resolve it against the catalog, validate it.

Terms:

- **decklist**: what a player writes, one card per line (`4 Fasent`,
  `4x Fasent`, `Fasent x4`, `4 Fasent [OG]`). Blank lines, comments
  (`// Gemas`, `# …`) and section headers (`Monsters:`, `Mazo`) are
  skipped; a side-deck header (`Side:`, `Sideboard`) puts the lines after it
  in the **sideboard**. `(proxy)` marks a player's proxy, `(proxy de juez)`
  a judge's proxy (000_0014b2ac83da54b4.txt § "10.2.5.4. Cartas de
  representación o Proxys").
- **main deck**: the lines outside the sideboard; every count below is over
  the main deck, in **cards** (the sum of the quantities).
- **entry**: a line resolved against a :class:`~rules.catalog.Catalog`: its
  card and printing. A line without a printing is taken as the card's
  default printing (:meth:`~rules.catalog.Catalog.default_printing`) and
  flagged ``printing_assumed`` so the judge sees it (RULES-TRACE
  ambiguity 23).
- **format**: a :class:`DeckFormat`, an ordered tuple of deck rules; every
  game profile (:mod:`rules.games`) lists its formats.
- **violation**: a :class:`DeckViolation` with a stable ``code``, a Spanish
  (es-AR) ``message_es``, the card and line(s) involved and the rule
  ``source`` (``<seed file> § "<heading>"``).

:func:`validate` returns *every* violation, never only the first. Nothing
here imports Django.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from rules.catalog import Card, Catalog, Printing, RulesError, normalize_name

#: Cited by violations about the list's own text (not a rulebook clause).
PARSER_SOURCE = 'Arena: formato de la lista de mazo (issue #6 § "Decklist parser")'


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckViolation:
    """One broken rule.

    ``code`` is a stable key (``deck_size``, ``over_4_copies``…);
    ``message_es`` is ready to show (es-AR). ``card`` is the card's catalog
    name (or the name as written when unknown), ``line`` the first line
    involved and ``lines`` all of them (1-based); ``count`` is what was
    counted and ``limit`` what the rule allows, in cards. ``source`` cites
    the rule: ``000_0014b2ac83da54b4.txt § "Armado de Mazos"``.
    """

    code: str
    message_es: str
    source: str
    card: str | None = None
    line: int | None = None
    lines: tuple[int, ...] = ()
    count: int | None = None
    limit: int | None = None


class DecklistLineError(RulesError):
    """A line of a decklist that cannot be read.

    ``code`` is stable (``missing_quantity``, ``zero_quantity``,
    ``missing_name``, ``several_printings``, ``unclosed_bracket``,
    ``empty_bracket``, and the input limits of :data:`INPUT_LIMIT_CODES`);
    ``line_number`` is 1-based and ``text`` the line as written (cut to
    :data:`MAX_LINE_LENGTH`). The message names the line.
    """

    def __init__(self, code: str, message: str, *, line_number: int, text: str) -> None:
        super().__init__(code, f"Línea {line_number}: {message}")
        self.line_number = line_number
        self.text = text[:MAX_LINE_LENGTH]

    def as_violation(self) -> DeckViolation:
        return DeckViolation(
            code=self.code,
            message_es=self.message,
            source=PARSER_SOURCE,
            line=self.line_number,
            lines=(self.line_number,),
        )


class DecklistParseError(RulesError):
    """Raised by ``parse_decklist(strict=True)``; ``errors`` lists every bad line."""

    def __init__(self, errors: Sequence[DecklistLineError]) -> None:
        self.errors = tuple(errors)
        super().__init__("decklist_unreadable", "\n".join(e.message for e in self.errors))


class DeckFormatError(RulesError):
    """A format or option the organizer can fix (unknown format key…)."""


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecklistLine:
    """One card line: ``quantity`` copies (≥ 1) of the card ``name`` as
    written. ``printing`` is the bracket text ("OG", "Farmer 2022") or None.
    ``section`` is the last header above it; ``sideboard`` is True under a
    side-deck header.
    """

    line_number: int
    text: str
    quantity: int
    name: str
    printing: str | None = None
    proxy: bool = False
    judge_proxy: bool = False
    section: str | None = None
    sideboard: bool = False


@dataclass(frozen=True, slots=True)
class ParsedDecklist:
    """The card lines of a decklist in file order, and its unreadable lines."""

    lines: tuple[DecklistLine, ...] = ()
    errors: tuple[DecklistLineError, ...] = ()

    @property
    def main(self) -> tuple[DecklistLine, ...]:
        return tuple(line for line in self.lines if not line.sideboard)

    @property
    def side(self) -> tuple[DecklistLine, ...]:
        return tuple(line for line in self.lines if line.sideboard)

    @property
    def main_count(self) -> int:
        """Cards in the main deck."""
        return sum(line.quantity for line in self.main)


_HEADER_WORDS = frozenset(
    normalize_name(word)
    for word in (
        "mazo", "mazo principal", "deck", "main", "main deck", "maindeck", "lista", "decklist",
        "cartas", "monsters", "monstruos", "gemas", "gemas básicas", "gemas especiales",
        "artefactos", "secuencias", "objetos", "ambientales", "guardianes", "instantáneas",
        "baby", "babies", "hongos", "grow up", "reina", "reinas", "bestias", "conjuros",
        "conjuros de campo", "recursos", "naves", "cartas de nave", "ayuda", "cartas de ayuda",
        "materiales", "mazo materiales", "mazo de materiales", "mazo juego", "mazo de juego",
        "acciones", "herramientas", "fuera de turno", "cartas cósmicas", "formas", "blobbies",
        "blobbie esencia",
    )
)
_SIDE_WORDS = frozenset(
    normalize_name(word) for word in ("side", "sideboard", "side deck", "banquillo", "mazo auxiliar")
)
_PROXY_WORDS = frozenset({"proxy", "proxys", "proxies", "proxie"})
_JUDGE_PROXY_WORDS = frozenset({"proxy de juez", "proxy del juez", "proxy juez", "judge proxy"})

#: Input limits (issue #15): copies on one line, characters on one line, lines in one list.
MAX_QUANTITY = 999
MAX_LINE_LENGTH = 200
MAX_LINES = 1000
#: Line errors that mean the text is not a decklist at all: a form refuses it instead of storing
#: it with violations (huge, zero or negative quantities, over-long lines, control characters, too
#: many lines).
INPUT_LIMIT_CODES = frozenset(
    {"quantity_too_large", "zero_quantity", "negative_quantity", "line_too_long", "control_characters",
     "too_many_lines"}
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NEGATIVE = re.compile(r"[-−]\s*\d")

_BRACKET = re.compile(r"\[([^\[\]]*)\]|\(([^()]*)\)")
_LEADING = re.compile(r"(?P<qty>\d+)(?:\s*[x×](?=\s)|[x×])?\s*(?P<name>.*)", re.IGNORECASE)
_LEADING_X = re.compile(r"[x×](?P<qty>\d+)\s+(?P<name>.+)", re.IGNORECASE)
_TRAILING = re.compile(r"(?P<name>.+?)\s+[x×]\s*(?P<qty>\d+)", re.IGNORECASE)
_HEADER = re.compile(r"(?P<title>[^:\[\]]*?)\s*(?:\(\s*\d+\s*\))?\s*(?::\s*\(?\s*\d*\s*\)?)?")
_BULLET = re.compile(r"^[-*•·]\s+")


def _header_title(text: str) -> str | None:
    """The section title when ``text`` is a header line, else None.

    Headers: comments (``//``, ``#``), a title ending in ":", a known
    section word with an optional count (``Gemas (20)``, ``Monsters: 20``)
    and "Total…" lines.
    """
    if text.startswith(("//", "#")):
        return text.lstrip("/#").strip()
    match = _HEADER.fullmatch(text)
    if match is None:
        return None
    title = _BULLET.sub("", match["title"].strip())
    if not title or title[0].isdigit():
        return None
    key = normalize_name(title)
    if text.endswith(":") or key in _HEADER_WORDS or key in _SIDE_WORDS or key.startswith("total"):
        return title
    return None


def parse_decklist(text: str, *, strict: bool = False) -> ParsedDecklist:
    """Read a decklist written as players write it.

    ``text`` holds one card per line: ``4 Fasent``, ``4x Fasent``,
    ``4 x Fasent``, ``x4 Fasent``, ``Fasent x4``, with an optional printing
    in brackets (``4 Fasent [OG]``, ``1 Bajón Celestial [Farmer 2022]``)
    and optional markers ``(proxy)`` / ``(proxy de juez)``; a leading bullet
    ("- ", "* ") and a trailing `` // comment`` are ignored. Blank lines,
    comments (``//``, ``#``), "Total…" lines and section headers
    (``Monsters:``, ``Gemas (20)``, ``Mazo``) are skipped; after a side-deck
    header (``Side``, ``Sideboard``…) lines go to the sideboard, and any
    other header brings them back to the main deck.

    Returns a :class:`ParsedDecklist` with the card lines in file order and
    a :class:`DecklistLineError` for each unreadable line (a line without a
    quantity, a quantity of 0, negative or above :data:`MAX_QUANTITY`, two
    printings, a control character, a line above :data:`MAX_LINE_LENGTH`
    characters; reading stops after :data:`MAX_LINES` lines); line numbers
    are 1-based.
    Names are kept as written: matching them to cards (case and accents
    ignored) is :func:`resolve`'s job. With ``strict=True`` raises
    :class:`DecklistParseError` listing every unreadable line instead.
    """
    lines: list[DecklistLine] = []
    errors: list[DecklistLineError] = []
    section: str | None = None
    sideboard = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:
            errors.append(DecklistLineError(
                "too_many_lines", f"la lista tiene más de {MAX_LINES} líneas.", line_number=number, text=raw))
            break
        stripped = raw.strip()
        if not stripped:
            continue
        limit_error = _input_limit_error(number, raw, stripped)
        if limit_error is not None:
            errors.append(limit_error)
            continue
        title = _header_title(stripped)
        if title is not None:
            if not normalize_name(title).startswith("total"):
                section = title or None
                sideboard = normalize_name(title) in _SIDE_WORDS
            continue
        content = _BULLET.sub("", stripped)
        content = re.split(r"\s//", content, maxsplit=1)[0].strip()
        try:
            lines.append(_parse_card_line(content, number, stripped, section, sideboard))
        except DecklistLineError as exc:
            errors.append(exc)
    if strict and errors:
        raise DecklistParseError(errors)
    return ParsedDecklist(lines=tuple(lines), errors=tuple(errors))


def _input_limit_error(number: int, raw: str, stripped: str) -> DecklistLineError | None:
    """A line that breaks an input limit: control characters or more than :data:`MAX_LINE_LENGTH` characters."""
    bad = _CONTROL.search(raw)
    if bad is not None:
        return DecklistLineError(
            "control_characters",
            f"la línea tiene un carácter de control no permitido (U+{ord(bad.group()):04X}).",
            line_number=number, text=_CONTROL.sub("", stripped),
        )
    if len(stripped) > MAX_LINE_LENGTH:
        return DecklistLineError(
            "line_too_long",
            f"la línea tiene {len(stripped)} caracteres y el máximo es {MAX_LINE_LENGTH}.",
            line_number=number, text=stripped,
        )
    return None


def input_limit_errors(text: str) -> tuple[DecklistLineError, ...]:
    """The lines of ``text`` that break an input limit (:data:`INPUT_LIMIT_CODES`), in line order.

    What a form refuses before storing anything: a quantity above
    :data:`MAX_QUANTITY`, of 0 or negative, a line longer than
    :data:`MAX_LINE_LENGTH`, a control character, more than
    :data:`MAX_LINES` lines. Empty when the text may be validated.
    """
    return tuple(error for error in parse_decklist(text).errors if error.code in INPUT_LIMIT_CODES)


def _parse_card_line(content: str, number: int, raw: str, section: str | None, sideboard: bool) -> DecklistLine:
    def fail(code: str, message: str) -> DecklistLineError:
        return DecklistLineError(code, message, line_number=number, text=raw)

    printing: str | None = None
    proxy = judge_proxy = False
    for match in _BRACKET.finditer(content):
        inner = (match.group(1) if match.group(1) is not None else match.group(2)).strip()
        key = normalize_name(inner)
        if not key:
            raise fail("empty_bracket", f"corchetes vacíos en «{raw}».")
        if key in _PROXY_WORDS:
            proxy = True
        elif key in _JUDGE_PROXY_WORDS:
            judge_proxy = True
        elif printing is not None:
            raise fail("several_printings", f"la línea indica dos impresiones («{printing}» y «{inner}»).")
        else:
            printing = inner
    rest = " ".join(_BRACKET.sub(" ", content).split())
    if any(ch in rest for ch in "[]()"):
        raise fail("unclosed_bracket", f"hay un corchete o paréntesis sin cerrar en «{raw}».")
    name: str | None = None
    quantity: int | None = None
    for pattern in (_LEADING_X, _LEADING, _TRAILING):
        found = pattern.fullmatch(rest)
        if found is not None:
            digits = found["qty"].lstrip("0") or "0"
            if len(digits) > len(str(MAX_QUANTITY)) or int(digits) > MAX_QUANTITY:
                shown = digits if len(digits) <= 12 else digits[:12] + "…"
                raise fail("quantity_too_large", f"la cantidad {shown} es demasiado grande (máximo {MAX_QUANTITY}).")
            quantity, name = int(digits), found["name"].strip()
            break
    if quantity is None and _NEGATIVE.match(rest):
        raise fail("negative_quantity", f"la cantidad no puede ser negativa en «{raw}».")
    if quantity is None:
        raise fail("missing_quantity", f"falta la cantidad en «{raw}» (por ejemplo «4 {rest}»).")
    if not name:
        raise fail("missing_name", f"falta el nombre de la carta en «{raw}».")
    if quantity < 1:
        raise fail("zero_quantity", f"la cantidad de «{name}» debe ser 1 o más.")
    return DecklistLine(
        line_number=number,
        text=raw,
        quantity=quantity,
        name=name,
        printing=printing,
        proxy=proxy,
        judge_proxy=judge_proxy,
        section=section,
        sideboard=sideboard,
    )


# --------------------------------------------------------------------------
# Resolution against the catalog
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """A decklist line with its card and printing (None when unknown).

    ``printing_assumed`` is True when the line named no printing and the
    card's default printing was taken (shown to the judge, RULES-TRACE
    ambiguity 23).
    """

    line: DecklistLine
    card: Card | None
    printing: Printing | None = None
    printing_assumed: bool = False

    @property
    def quantity(self) -> int:
        return self.line.quantity


@dataclass(frozen=True, slots=True)
class CardCount:
    """All main-deck copies of one card: ``quantity`` cards over ``entries``."""

    card: Card
    quantity: int
    entries: tuple[DeckEntry, ...]

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(entry.line.line_number for entry in self.entries)


@dataclass(frozen=True, slots=True)
class ResolvedDecklist:
    """A decklist of one game matched to a catalog.

    ``entries`` follow the file order; ``problems`` holds the parse errors
    and the unknown cards and printings as violations.
    """

    game: str
    entries: tuple[DeckEntry, ...]
    problems: tuple[DeckViolation, ...] = ()

    @property
    def main(self) -> tuple[DeckEntry, ...]:
        return tuple(entry for entry in self.entries if not entry.line.sideboard)

    @property
    def side(self) -> tuple[DeckEntry, ...]:
        return tuple(entry for entry in self.entries if entry.line.sideboard)

    @property
    def main_count(self) -> int:
        """Cards in the main deck, known or not."""
        return sum(entry.quantity for entry in self.main)

    @property
    def assumed(self) -> tuple[DeckEntry, ...]:
        """Entries whose printing was assumed (the judge should see them)."""
        return tuple(entry for entry in self.entries if entry.printing_assumed)

    def counts(self, *, sideboard: bool = False) -> tuple[CardCount, ...]:
        """Copies per known card, by card name across printings (DESIGN.md
        decision 13), in order of first appearance; main deck unless
        ``sideboard``."""
        entries = self.side if sideboard else self.main
        grouped: dict[str, list[DeckEntry]] = {}
        for entry in entries:
            if entry.card is not None:
                grouped.setdefault(entry.card.key, []).append(entry)
        return tuple(
            CardCount(group[0].card, sum(e.quantity for e in group), tuple(group))  # type: ignore[arg-type]
            for group in grouped.values()
        )


def resolve(decklist: ParsedDecklist, catalog: Catalog, *, game: str, source: str = "") -> ResolvedDecklist:
    """Match each line of ``decklist`` to a card and printing of ``game``.

    Names match by name key (case, accents and spaces ignored), aliases and
    printing variants included. A bracket is looked up with
    :meth:`~rules.catalog.Catalog.find_printing`; no bracket means the
    default printing (``printing_assumed``). Unknown names give an
    ``unknown_card`` problem with up to three suggestions ("¿quisiste decir
    …?"), unknown brackets an ``unknown_printing`` problem; both cite
    ``source`` (the profile's rule that only catalog cards are legal). Parse
    errors come first among the problems. Never raises.
    """
    problems: list[DeckViolation] = [error.as_violation() for error in decklist.errors]
    entries: list[DeckEntry] = []
    for line in decklist.lines:
        match = catalog.lookup(game, line.name)
        if match is None:
            hints = catalog.suggest_cards(game, line.name)
            hint = " — ¿quisiste decir " + " o ".join(f"«{h}»" for h in hints) + "?" if hints else "."
            problems.append(
                DeckViolation(
                    code="unknown_card",
                    message_es=f"Línea {line.line_number}: «{line.name}» no está en el catálogo{hint}",
                    source=source,
                    card=line.name,
                    line=line.line_number,
                    lines=(line.line_number,),
                )
            )
            entries.append(DeckEntry(line, None))
            continue
        card = match.card
        printing = match.printing
        assumed = False
        if line.printing is not None:
            named = catalog.find_printing(game, card.name, line.printing)
            if named is None or (printing is not None and named != printing):
                problems.append(
                    DeckViolation(
                        code="unknown_printing",
                        message_es=(
                            f"Línea {line.line_number}: «{card.name}» [{line.printing}]: no se reconoce "
                            f"esa impresión ni expansión."
                        ),
                        source=source,
                        card=card.name,
                        line=line.line_number,
                        lines=(line.line_number,),
                    )
                )
            else:
                printing = named
        elif printing is None:
            printing = catalog.default_printing(game, card.name)
            assumed = printing is not None
        entries.append(DeckEntry(line, card, printing, assumed))
    return ResolvedDecklist(game=game, entries=tuple(entries), problems=tuple(problems))


# --------------------------------------------------------------------------
# Sealed pool (Torneo Indoor)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoolCard:
    """``quantity`` copies of the card ``name`` (as written or catalog name)."""

    name: str
    quantity: int = 1


@dataclass(frozen=True, slots=True)
class SealedPool:
    """A player's registered sealed pool plus recorded trades.

    ``cards`` are the cards opened (any order, repeated names add up);
    ``basic_gems`` counts basic gems of no stated kind, each usable as any
    basic gem (the Pack Indoor brings 20, 000_0014b2ac83da54b4.txt §
    "Torneo Indoor"); ``received``/``given`` are the recorded trades.
    """

    cards: tuple[PoolCard, ...] = ()
    basic_gems: int = 0
    received: tuple[PoolCard, ...] = ()
    given: tuple[PoolCard, ...] = ()

    def available(self, catalog: Catalog, game: str) -> dict[str, int]:
        """Copies available per card name key (opened + received − given)."""
        counts: dict[str, int] = {}
        for items, sign in ((self.cards, 1), (self.received, 1), (self.given, -1)):
            for item in items:
                card = catalog.card(game, item.name)
                key = card.key if card else normalize_name(item.name)
                counts[key] = counts.get(key, 0) + sign * item.quantity
        return counts


# --------------------------------------------------------------------------
# Rules and formats
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckContext:
    """Everything a deck rule may read.

    ``registered`` is the list registered before the event, given only at a
    deck check (the list being checked is ``deck``).
    """

    game: str
    fmt: DeckFormat
    catalog: Catalog
    deck: ResolvedDecklist
    on_date: date
    pool: SealedPool | None = None
    registered: ResolvedDecklist | None = None


class DeckRule(Protocol):
    """A deck rule: a stable ``key`` and a check returning its violations."""

    key: str

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]: ...


#: A game profile may replace the format rules with its own validator.
DeckValidator = Callable[[DeckContext], Iterable[DeckViolation]]


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """A deck-building format of a game: its rules, run in order.

    ``event_kinds`` lists the ``EventKind`` values that use it;
    ``notes`` records the defaults taken where the rulebook is silent.
    """

    key: str
    name_es: str
    rules: tuple[DeckRule, ...]
    source: str = ""
    event_kinds: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def exact_size(self) -> int | None:
        """The exact main-deck size the format requires (cards), ``None`` when it fixes none."""
        return next((rule.exact for rule in self.rules if isinstance(rule, DeckSize) and rule.exact), None)


def where_lines(lines: Sequence[int]) -> str:
    """Message prefix naming lines: "Línea 3: " / "Líneas 3 y 7: " / "Líneas 3, 5 y 7: " / ""."""
    unique = sorted(set(lines))
    if not unique:
        return ""
    if len(unique) == 1:
        return f"Línea {unique[0]}: "
    head = ", ".join(str(n) for n in unique[:-1])
    return f"Líneas {head} y {unique[-1]}: "


def _names(counts: Iterable[CardCount]) -> str:
    return ", ".join(f"{c.quantity} × «{c.card.name}»" for c in counts)


@dataclass(frozen=True, slots=True)
class DeckSize:
    """The main deck has ``exact`` cards, or at most ``maximum`` / at least
    ``minimum``. Codes ``deck_size`` (exact), ``deck_too_large``,
    ``deck_too_small``. Unknown cards count: they are in the deck."""

    source: str
    exact: int | None = None
    maximum: int | None = None
    minimum: int | None = None
    key: str = "deck_size"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        count = ctx.deck.main_count
        if self.exact is not None and count != self.exact:
            yield DeckViolation(
                "deck_size",
                f"El mazo tiene {count} cartas; debe tener exactamente {self.exact}.",
                self.source,
                count=count,
                limit=self.exact,
            )
        if self.maximum is not None and count > self.maximum:
            yield DeckViolation(
                "deck_too_large",
                f"El mazo tiene {count} cartas; el formato {ctx.fmt.name_es} admite hasta {self.maximum}.",
                self.source,
                count=count,
                limit=self.maximum,
            )
        if self.minimum is not None and count < self.minimum:
            yield DeckViolation(
                "deck_too_small",
                f"El mazo tiene {count} cartas; el formato {ctx.fmt.name_es} pide al menos {self.minimum}.",
                self.source,
                count=count,
                limit=self.minimum,
            )


@dataclass(frozen=True, slots=True)
class CopyLimit:
    """At most ``limit`` copies of each card name, all printings together.

    ``only_subtypes`` restricts the rule to those subtypes (None: every
    card); ``exempt_subtypes`` are left out. One violation per card over the
    limit, naming every line where it appears.
    """

    source: str
    code: str
    limit: int = 4
    only_subtypes: frozenset[str] | None = None
    exempt_subtypes: frozenset[str] = frozenset()
    what_es: str = ""
    key: str = "copy_limit"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        for counted in ctx.deck.counts():
            subtype = counted.card.subtype
            if self.only_subtypes is not None and subtype not in self.only_subtypes:
                continue
            if subtype in self.exempt_subtypes:
                continue
            if counted.quantity > self.limit:
                what = f"{self.what_es} " if self.what_es else ""
                yield DeckViolation(
                    self.code,
                    f"{where_lines(counted.lines)}hay {counted.quantity} copias de {what}«{counted.card.name}»; "
                    f"el máximo es {self.limit} (sumando todas sus impresiones).",
                    self.source,
                    card=counted.card.name,
                    line=counted.lines[0],
                    lines=counted.lines,
                    count=counted.quantity,
                    limit=self.limit,
                )


@dataclass(frozen=True, slots=True)
class CategoryCount:
    """The main deck holds ``exact`` (or at most ``maximum``, at least
    ``minimum``) cards of a category: a ``card_type`` and/or ``subtype``.

    ``noun_es`` names the category in messages ("Baby", "cartas de Nave").
    One violation (``code``) when the total is off, naming the cards found.
    """

    source: str
    code: str
    noun_es: str
    card_type: str | None = None
    subtype: str | None = None
    exact: int | None = None
    maximum: int | None = None
    minimum: int | None = None
    key: str = "category_count"

    def matches(self, card: Card) -> bool:
        return (self.card_type is None or card.card_type == self.card_type) and (
            self.subtype is None or card.subtype == self.subtype
        )

    def violation_for(self, count: int, found: Sequence[CardCount] = ()) -> DeckViolation | None:
        """The violation for ``count`` cards of the category, or None."""
        if self.exact is not None and count != self.exact:
            rule = f"debe haber exactamente {self.exact}"
            limit = self.exact
        elif self.maximum is not None and count > self.maximum:
            rule = f"el máximo es {self.maximum}"
            limit = self.maximum
        elif self.minimum is not None and count < self.minimum:
            rule = f"el mínimo es {self.minimum}"
            limit = self.minimum
        else:
            return None
        lines = tuple(n for c in found for n in c.lines)
        detail = f" ({_names(found)})" if found else ""
        return DeckViolation(
            self.code,
            f"{where_lines(lines)}hay {count} {self.noun_es}{detail}; {rule}.",
            self.source,
            card=found[0].card.name if len(found) == 1 else None,
            line=lines[0] if lines else None,
            lines=lines,
            count=count,
            limit=limit,
        )

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        found = [c for c in ctx.deck.counts() if self.matches(c.card)]
        violation = self.violation_for(sum(c.quantity for c in found), found)
        if violation is not None:
            yield violation


@dataclass(frozen=True, slots=True)
class TypedCards:
    """Every card has a type in the catalog (needed to count categories).

    Code ``card_type_unknown``, one per card.
    """

    source: str
    key: str = "typed_cards"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        for counted in ctx.deck.counts():
            if counted.card.card_type is None:
                yield DeckViolation(
                    "card_type_unknown",
                    f"{where_lines(counted.lines)}«{counted.card.name}» no tiene tipo en el catálogo; "
                    f"no se puede contar. Pedile al organizador que lo cargue.",
                    self.source,
                    card=counted.card.name,
                    line=counted.lines[0],
                    lines=counted.lines,
                )


@dataclass(frozen=True, slots=True)
class BanList:
    """No printing banned on the date: by set (``banned_set``), card
    (``banned_card``) or single printing (``banned_printing``), each with
    the ban entry's own source. A line without a printing is checked as its
    default printing, and the message says so (RULES-TRACE ambiguity 23).
    Sideboard lines are checked too."""

    key: str = "ban_list"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        for entry in ctx.deck.entries:
            if entry.card is None:
                continue
            for ban in ctx.catalog.bans_for(entry.printing, entry.card, on_date=ctx.on_date):
                where = where_lines([entry.line.line_number])
                label = f"«{entry.card.name}»"
                if entry.printing is not None:
                    label += f" [{entry.printing.label}]"
                if ban.scope == "set":
                    set_name = ctx.catalog.find_set(ctx.game, ban.set_code or "")
                    text = f"todas las cartas de {set_name.name if set_name else ban.set_code} están baneadas"
                    code = "banned_set"
                elif ban.scope == "card":
                    text = "la carta está baneada"
                    code = "banned_card"
                else:
                    text = "esa impresión está baneada"
                    code = "banned_printing"
                yield DeckViolation(
                    code,
                    f"{where}{label}: {text}{_assumed_note(entry)}.",
                    ban.source,
                    card=entry.card.name,
                    line=entry.line.line_number,
                    lines=(entry.line.line_number,),
                )


def _assumed_note(entry: DeckEntry) -> str:
    if entry.printing_assumed and entry.printing is not None:
        return f" (la línea no indica impresión: se tomó {entry.printing.label})"
    return ""


@dataclass(frozen=True, slots=True)
class ReprintLegality:
    """Cards under a reprint rule are legal only in printings from the
    rule's set onward (``illegal_printing``), unless the organizer marked the
    older printing functionally identical. Rule: 000_0014b2ac83da54b4.txt §
    "2.5.2. Cartas reimpresas" (each rule carries its source)."""

    key: str = "reprint_legality"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        for entry in ctx.deck.entries:
            if entry.card is None or entry.printing is None or entry.printing.functionally_identical:
                continue
            rule = ctx.catalog.reprint_rule(ctx.game, entry.card.name, on_date=ctx.on_date)
            if rule is None:
                continue
            first = ctx.catalog.find_set(ctx.game, rule.legal_from_set_code)
            if first is None or (entry.printing.release_order or 0) >= first.release_order:
                continue
            yield DeckViolation(
                "illegal_printing",
                f"{where_lines([entry.line.line_number])}«{entry.card.name}» [{entry.printing.label}]: solo son "
                f"legales las impresiones desde la expansión {first.name} en adelante{_assumed_note(entry)}.",
                rule.source,
                card=entry.card.name,
                line=entry.line.line_number,
                lines=(entry.line.line_number,),
            )


@dataclass(frozen=True, slots=True)
class NoProxies:
    """Player-made proxies are refused (``proxy_not_allowed``); a judge's
    proxy is always accepted (000_0014b2ac83da54b4.txt § "10.2.5.4. Cartas
    de representación o Proxys")."""

    source: str
    key: str = "no_proxies"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        for entry in ctx.deck.entries:
            if entry.line.proxy and not entry.line.judge_proxy:
                name = entry.card.name if entry.card else entry.line.name
                yield DeckViolation(
                    "proxy_not_allowed",
                    f"{where_lines([entry.line.line_number])}«{name}» está marcada como proxy; en el formato "
                    f"{ctx.fmt.name_es} los proxys se consideran cartas falsificadas.",
                    self.source,
                    card=name,
                    line=entry.line.line_number,
                    lines=(entry.line.line_number,),
                    count=entry.quantity,
                )


@dataclass(frozen=True, slots=True)
class NoSideboard:
    """The format has no side deck: lines under a side header are refused
    (``sideboard_not_allowed``, one violation naming every such line)."""

    source: str
    key: str = "no_sideboard"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        side = ctx.deck.side
        if side:
            lines = tuple(entry.line.line_number for entry in side)
            count = sum(entry.quantity for entry in side)
            yield DeckViolation(
                "sideboard_not_allowed",
                f"{where_lines(lines)}el formato {ctx.fmt.name_es} no tiene side deck; "
                f"hay {count} cartas fuera del mazo principal.",
                self.source,
                line=lines[0],
                lines=lines,
                count=count,
            )


@dataclass(frozen=True, slots=True)
class FromSealedPool:
    """Every card comes from the player's sealed pool plus recorded trades.

    Per card: more copies than available → ``not_in_pool``. Basic gems (the
    ``basic_gem_subtype``) may also use the pool's unnamed ``basic_gems``.
    No pool given → ``pool_not_registered``.
    """

    source: str
    basic_gem_subtype: str = "basic_gem"
    key: str = "sealed_pool"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        if ctx.pool is None:
            yield DeckViolation(
                "pool_not_registered",
                f"El formato {ctx.fmt.name_es} controla el mazo contra el pool sellado del jugador, "
                f"y no hay pool registrado.",
                self.source,
            )
            return
        available = ctx.pool.available(ctx.catalog, ctx.game)
        gem_excess = 0
        gem_lines: list[int] = []
        for counted in ctx.deck.counts():
            have = max(available.get(counted.card.key, 0), 0)
            if counted.quantity <= have:
                continue
            if counted.card.subtype == self.basic_gem_subtype:
                gem_excess += counted.quantity - have
                gem_lines.extend(counted.lines)
                continue
            yield DeckViolation(
                "not_in_pool",
                f"{where_lines(counted.lines)}hay {counted.quantity} copias de «{counted.card.name}», pero el pool "
                f"registrado (con los intercambios) tiene {have}.",
                self.source,
                card=counted.card.name,
                line=counted.lines[0],
                lines=counted.lines,
                count=counted.quantity,
                limit=have,
            )
        if gem_excess > ctx.pool.basic_gems:
            lines = tuple(gem_lines)
            yield DeckViolation(
                "not_in_pool",
                f"{where_lines(lines)}faltan {gem_excess - ctx.pool.basic_gems} gemas básicas: el pool registrado "
                f"trae {ctx.pool.basic_gems} gemas básicas sin tipo además de las nombradas.",
                self.source,
                line=lines[0] if lines else None,
                lines=lines,
                count=gem_excess,
                limit=ctx.pool.basic_gems,
            )


@dataclass(frozen=True, slots=True)
class MatchesRegistered:
    """At a deck check, the deck played matches the registered list.

    A card not on the registered list (main or side) →
    ``unregistered_card``; more copies of a card than registered →
    ``more_copies_than_registered``; a main deck larger than the registered
    one (side cards added without taking cards out) →
    ``more_cards_than_registered``. ``fault_es`` names the fault in the
    message ("falta grave"). Does nothing when no registered list is given.
    """

    source: str
    fault_es: str = ""
    key: str = "matches_registered"

    def check(self, ctx: DeckContext) -> Iterable[DeckViolation]:
        registered = ctx.registered
        if registered is None:
            return
        fault = f" ({self.fault_es})" if self.fault_es else ""
        allowed: dict[str, int] = {}
        for entry in registered.entries:
            key = entry.card.key if entry.card else normalize_name(entry.line.name)
            allowed[key] = allowed.get(key, 0) + entry.quantity
        played: dict[str, list[DeckEntry]] = {}
        for entry in ctx.deck.main:
            key = entry.card.key if entry.card else normalize_name(entry.line.name)
            played.setdefault(key, []).append(entry)
        for key, group in played.items():
            name = group[0].card.name if group[0].card else group[0].line.name
            lines = tuple(e.line.line_number for e in group)
            count = sum(e.quantity for e in group)
            if key not in allowed:
                yield DeckViolation(
                    "unregistered_card",
                    f"{where_lines(lines)}«{name}» no figura en la lista registrada para el torneo{fault}.",
                    self.source,
                    card=name,
                    line=lines[0],
                    lines=lines,
                    count=count,
                    limit=0,
                )
            elif count > allowed[key]:
                yield DeckViolation(
                    "more_copies_than_registered",
                    f"{where_lines(lines)}hay {count} copias de «{name}» y la lista registrada tiene "
                    f"{allowed[key]}{fault}.",
                    self.source,
                    card=name,
                    line=lines[0],
                    lines=lines,
                    count=count,
                    limit=allowed[key],
                )
        registered_main = registered.main_count
        if ctx.deck.main_count > registered_main:
            yield DeckViolation(
                "more_cards_than_registered",
                f"El mazo tiene {ctx.deck.main_count} cartas y la lista registrada {registered_main}: "
                f"se agregó side deck sin sacar cartas{fault}.",
                self.source,
                count=ctx.deck.main_count,
                limit=registered_main,
            )


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------


class DeckProfile(Protocol):
    """What :func:`validate` needs of a game profile.

    :class:`rules.games.base.GameProfile` is one; stating it here keeps this
    module free of the games package, which builds on it.
    """

    @property
    def key(self) -> str: ...

    @property
    def catalog_source(self) -> str: ...

    @property
    def deck_validator(self) -> DeckValidator | None: ...

    def format(self, key: str | None = None) -> DeckFormat: ...


def validate(
    decklist: ParsedDecklist | str,
    profile: DeckProfile,
    catalog: Catalog,
    *,
    on_date: date,
    fmt: str | None = None,
    pool: SealedPool | None = None,
    registered: ParsedDecklist | str | None = None,
) -> list[DeckViolation]:
    """Every violation of ``decklist`` under a game's format, in a stable
    order: unreadable lines, unknown cards and printings (file order), then
    each rule of the format in order (cards in order of first appearance).
    An empty list means the deck is legal.

    ``decklist`` is a :class:`ParsedDecklist` or the raw text;
    ``profile`` a :class:`~rules.games.base.GameProfile`; ``catalog`` holds
    the game's cards, printings and bans (``rules.games.seed_catalog()``
    plus the venue's additions); ``on_date`` is the event day (bans and
    reprint rules in force that day); ``fmt`` a format key of the profile
    (None: its default; Weed Monsters: ``constructed``, ``breeder_quest``,
    ``indoor``); ``pool`` the sealed pool for formats that need one;
    ``registered`` the list registered before the event, when validating
    the deck at a deck check.

    Raises :class:`DeckFormatError` when ``fmt`` is not a format of the
    profile. Rule: each violation's ``source``; formats per DESIGN.md
    decision 13.
    """
    parsed = parse_decklist(decklist) if isinstance(decklist, str) else decklist
    deck_format = profile.format(fmt)
    deck = resolve(parsed, catalog, game=profile.key, source=profile.catalog_source)
    registered_deck = None
    if registered is not None:
        registered_parsed = parse_decklist(registered) if isinstance(registered, str) else registered
        registered_deck = resolve(registered_parsed, catalog, game=profile.key, source=profile.catalog_source)
    ctx = DeckContext(
        game=profile.key,
        fmt=deck_format,
        catalog=catalog,
        deck=deck,
        on_date=on_date,
        pool=pool,
        registered=registered_deck,
    )
    violations = list(deck.problems)
    if profile.deck_validator is not None:
        violations.extend(profile.deck_validator(ctx))
    else:
        for rule in deck_format.rules:
            violations.extend(rule.check(ctx))
    return violations


def codes(violations: Iterable[DeckViolation]) -> list[str]:
    """The violation codes, in order (handy for tests and logs)."""
    return [violation.code for violation in violations]


__all__ = [
    "PARSER_SOURCE",
    "BanList",
    "CardCount",
    "CategoryCount",
    "CopyLimit",
    "DeckContext",
    "DeckEntry",
    "DeckFormat",
    "DeckFormatError",
    "DeckProfile",
    "DeckRule",
    "DeckSize",
    "DeckValidator",
    "DeckViolation",
    "DecklistLine",
    "DecklistLineError",
    "DecklistParseError",
    "FromSealedPool",
    "MatchesRegistered",
    "NoProxies",
    "NoSideboard",
    "ParsedDecklist",
    "PoolCard",
    "ReprintLegality",
    "ResolvedDecklist",
    "SealedPool",
    "TypedCards",
    "codes",
    "where_lines",
    "parse_decklist",
    "resolve",
    "validate",
]
