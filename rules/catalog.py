"""Card catalog, sets, printings, ban list and reprint rules (pure core).

Terms used throughout :mod:`rules`:

- **game**: the key of a game profile in :data:`rules.games.REGISTRY`
  (``"weed_monsters"``, ``"blobbiemundo"`` …).
- **card**: one card *name* of a game (:class:`Card`). Copies in a deck are
  counted by card name across printings (DESIGN.md decision 13).
- **set**: an expansion, starter or promo release (:class:`CardSet`), with a
  ``release_order`` that ranks sets from oldest to newest.
- **printing**: one card printed in one set (:class:`Printing`), optionally
  a named variant ("Hernan Panessi x Bajón Celestial" is a printing of
  "Bajón Celestial" in "Farmer 2022").
- **ban entry**: a set, a card or a single printing banned from a date on
  (:class:`BanEntry`); bans are read *by printing* (RULES-TRACE
  ambiguity 23). A ban or reprint rule without a recorded start date
  starts on :data:`UNDATED`, i.e. applies to every event (DESIGN.md
  decision 19).
- **reprint rule**: a card legal only in printings from a set onward
  (:class:`ReprintRule`, 000_0014b2ac83da54b4.txt § "2.5.2. Cartas
  reimpresas").
- **name key**: :func:`normalize_name` of a name — case, accents and runs
  of spaces do not matter ("Indica" = "Índica").

Everything here is plain, frozen data: no Django, no database. The Django
models and the admin's CSV import adapt to these dataclasses; the seed data
lives in ``rules/data/*.csv`` and is read with :func:`load_catalog_dir`.

Errors: :class:`CatalogError` (organizer-fixable data problems: a printing of
an unknown set, a duplicated name) and :class:`CatalogImportError` (every bad
row of a CSV import, each a :class:`CatalogRowError` naming its line).
"""
from __future__ import annotations

import csv
import difflib
import enum
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from types import MappingProxyType

from tournaments.text import fold

#: Date of the Weed Monsters ruling, "Última actualización del Ruling:
#: 06/09/2024" read day/month (RULES-TRACE ambiguity 30, R-000-01).
WEED_MONSTERS_RULING_DATE = date(2024, 9, 6)

#: Start date of a ban or reprint rule nobody dated: in force on every event
#: date (DESIGN.md decision 19 — the ruling's "Última actualización" dates the
#: document, not its bans). The seed CSVs write it ``0001-01-01`` and an
#: empty ``effective_from`` cell reads as it; the database stores it as is.
UNDATED = date.min

#: Directory of the seed CSV files.
DATA_DIR = Path(__file__).resolve().parent / "data"


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class RulesError(Exception):
    """Base class of every error raised by the pure :mod:`rules` core.

    ``code`` is a stable machine key; ``message`` is Spanish (es-AR) and can
    be shown to organizers as is.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class CatalogError(RulesError):
    """Catalog data an organizer can fix (unknown set, duplicated name…)."""


class CatalogRowError(CatalogError):
    """One bad row of a CSV import; ``line`` is the 1-based file line."""

    def __init__(self, code: str, message: str, *, line: int, file: str = "") -> None:
        where = f"{file}, línea {line}" if file else f"Línea {line}"
        super().__init__(code, f"{where}: {message}")
        self.line = line
        self.file = file


class CatalogImportError(CatalogError):
    """A CSV import refused as a whole; ``errors`` lists every bad row."""

    def __init__(self, errors: Iterable[CatalogRowError]) -> None:
        self.errors = tuple(errors)
        super().__init__(
            "catalog_import",
            "La importación tiene errores:\n" + "\n".join(e.message for e in self.errors),
        )


class RulesInvariantError(RulesError):
    """The rules core received or produced something impossible (a bug)."""


# --------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------

_QUOTES = str.maketrans({"’": "'", "‘": "'", "´": "'", "`": "'", "“": '"', "”": '"'})


def normalize_name(text: str) -> str:
    """The name key of ``text``: casefolded, accents stripped, spaces collapsed.

    "  Gema  ARCOÍRIS " → "gema arcoiris"; "Índica" and "Indica" give the
    same key. Typographic quotes become ASCII ones ("Dealer’s" →
    "dealer's"). Never raises.
    """
    return " ".join(fold(text.translate(_QUOTES)).split())


def suggest(name: str, known_names: Iterable[str], *, limit: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to ``limit`` names of ``known_names`` close to ``name``, best first.

    Compares name keys (:func:`normalize_name`), so case and accents never
    matter. Names that contain the query as whole words come first
    ("Dorada" → "Semilla Dorada"), then :func:`difflib.get_close_matches`
    with ``cutoff`` (a similarity in [0, 1]). Returns the known names as
    given (the first spelling of each key), without duplicates; an empty
    list when nothing is close.
    """
    by_key: dict[str, str] = {}
    for known in known_names:
        by_key.setdefault(normalize_name(known), known)
    query = normalize_name(name)
    if not query or not by_key:
        return []
    padded = f" {query} "
    contained = sorted(
        (key for key in by_key if key != query and padded in f" {key} "),
        key=lambda key: (len(key), key),
    )
    close = difflib.get_close_matches(query, list(by_key), n=limit, cutoff=cutoff)
    result: list[str] = []
    for key in [*contained, *close]:
        if by_key[key] not in result:
            result.append(by_key[key])
    return result[:limit]


def strip_super(name: str) -> str:
    """``name`` without a leading "SÚPER" (any case, with or without accent).

    The family of a Blobbiemundo card is its name without the SÚPER prefix:
    "SÚPER Magia" → "Magia" (001_eff5eaaa4c47c954.txt § "Cartas SÚPER").
    """
    words = name.split()
    if words and normalize_name(words[0]) == "super":
        return " ".join(words[1:])
    return name


# --------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------


class BanScope(enum.StrEnum):
    """What a :class:`BanEntry` names (DESIGN.md decision 13)."""

    SET = "set"
    CARD = "card"
    PRINTING = "printing"


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in some game, not yet looked up in a catalog."""

    game: str
    name: str

    @property
    def key(self) -> str:
        """The name key (:func:`normalize_name`)."""
        return normalize_name(self.name)


@dataclass(frozen=True, slots=True)
class Card:
    """One card name of a game.

    ``card_type``, ``subtype`` and ``species`` are vocabulary keys of the
    game's :class:`CardVocabulary` (English keys, Spanish labels), or
    ``None`` where the rulebook does not say (``note`` explains). ``family``
    groups normal and SÚPER versions (Blobbiemundo); when ``None`` the
    family is the name without its "SÚPER" prefix. ``aliases`` are other
    spellings players write ("Medallón" for "Medallón de Marley").
    ``source`` cites where the card is named: ``<seed file> § "<heading>"``.
    """

    game: str
    name: str
    card_type: str | None = None
    subtype: str | None = None
    species: str | None = None
    family: str | None = None
    is_super: bool = False
    aliases: tuple[str, ...] = ()
    source: str = ""
    note: str = ""

    @property
    def key(self) -> str:
        """The name key (:func:`normalize_name`)."""
        return normalize_name(self.name)

    @property
    def ref(self) -> CardRef:
        return CardRef(self.game, self.name)

    @property
    def family_key(self) -> str:
        """Key of the card's family: explicit ``family`` or the name sans "SÚPER"."""
        return normalize_name(self.family or strip_super(self.name))


@dataclass(frozen=True, slots=True)
class CardSet:
    """An expansion, starter or promo release of a game.

    ``release_order`` ranks the sets of one game from oldest (small) to
    newest (large); the reprint rule and the default printing use it.
    ``aliases`` are what players write in brackets ("OG", "2021").
    """

    game: str
    code: str
    name: str
    release_order: int
    is_promo: bool = False
    year: int | None = None
    aliases: tuple[str, ...] = ()
    source: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Printing:
    """One card printed in one set.

    ``set_name`` and ``release_order`` repeat the set's (a :class:`Catalog`
    fills them when left ``None`` and refuses a mismatch). ``variant`` names
    a special printing ("Hernan Panessi x Bajón Celestial"); players may
    write it instead of the card name. ``is_promo`` marks promo and
    collaboration printings, never taken as the default printing of a line
    (see :meth:`Catalog.default_printing`). ``functionally_identical`` is
    the organizer's call that an older printing reads like the new one, so
    the reprint rule does not make it illegal (RULES-TRACE ambiguity 24).
    """

    game: str
    card_name: str
    set_code: str
    set_name: str | None = None
    release_order: int | None = None
    is_promo: bool = False
    variant: str | None = None
    functionally_identical: bool = False
    source: str = ""

    @property
    def card_key(self) -> str:
        return normalize_name(self.card_name)

    @property
    def label(self) -> str:
        """How a message names it: "Farmer 2022 — Hernan Panessi x …"."""
        base = self.set_name or self.set_code
        return f"{base} — {self.variant}" if self.variant else base


@dataclass(frozen=True, slots=True)
class BanEntry:
    """A ban from ``effective_from`` on (until ``effective_until``, excluded).

    ``scope`` says what is banned: every printing of the set ``set_code``;
    every printing of the card ``card_name``; or the single printing of
    ``card_name`` in ``set_code`` (``printing`` narrows it to one variant).
    Raises :class:`CatalogError` when the fields the scope needs are missing.
    """

    scope: BanScope
    game: str
    effective_from: date
    set_code: str | None = None
    card_name: str | None = None
    printing: str | None = None
    reason: str = ""
    source: str = ""
    effective_until: date | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "scope", BanScope(self.scope))
        needs = {
            BanScope.SET: ("set_code",),
            BanScope.CARD: ("card_name",),
            BanScope.PRINTING: ("card_name", "set_code"),
        }[self.scope]
        missing = [name for name in needs if not getattr(self, name)]
        if missing:
            raise CatalogError(
                "ban_incomplete",
                f"Un baneo de alcance «{self.scope}» necesita: {', '.join(missing)}.",
            )

    def in_force(self, on_date: date) -> bool:
        """True when the ban applies on ``on_date``."""
        if on_date < self.effective_from:
            return False
        return self.effective_until is None or on_date < self.effective_until


@dataclass(frozen=True, slots=True)
class ReprintRule:
    """``card_name`` is legal only in printings from ``legal_from_set_code`` on.

    Rule: 000_0014b2ac83da54b4.txt § "2.5.2. Cartas reimpresas".
    """

    game: str
    card_name: str
    legal_from_set_code: str
    effective_from: date
    source: str = ""

    @property
    def card_key(self) -> str:
        return normalize_name(self.card_name)

    def in_force(self, on_date: date) -> bool:
        return on_date >= self.effective_from


@dataclass(frozen=True, slots=True)
class CardVocabulary:
    """The card types, subtypes and species a game allows.

    Each is a mapping from a stable English key to its Spanish label.
    ``subtype_types`` maps a subtype to the card type it belongs to.
    """

    card_types: Mapping[str, str]
    subtypes: Mapping[str, str] = field(default_factory=dict)
    species: Mapping[str, str] = field(default_factory=dict)
    subtype_types: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("card_types", "subtypes", "species", "subtype_types"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def __hash__(self) -> int:
        return hash((tuple(self.card_types), tuple(self.subtypes), tuple(self.species)))

    @staticmethod
    def _resolve(choices: Mapping[str, str], text: str) -> str | None:
        wanted = normalize_name(text.replace("_", " "))
        for key, label in choices.items():
            if wanted in (normalize_name(key.replace("_", " ")), normalize_name(label)):
                return key
        return None

    def card_type(self, text: str) -> str | None:
        """The type key for a key or a label ("Gema" → "gem"), else None."""
        return self._resolve(self.card_types, text)

    def subtype(self, text: str) -> str | None:
        return self._resolve(self.subtypes, text)

    def specie(self, text: str) -> str | None:
        return self._resolve(self.species, text)


# --------------------------------------------------------------------------
# Catalog
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardMatch:
    """A name found in a catalog: the card, and the printing when the name
    was a printing's variant ("Hernan Panessi x Bajón Celestial")."""

    card: Card
    printing: Printing | None = None


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card, set, printing, ban and reprint rule known, for any games.

    Build it from tuples (any order); it checks and indexes them once.
    Printings whose ``set_name``/``release_order`` are ``None`` are filled
    from their set. Raises :class:`CatalogError` when two cards (or a card
    and an alias) of one game share a name key, when a printing, ban or
    reprint rule names an unknown card or set, or when a printing disagrees
    with its set.
    """

    cards: tuple[Card, ...] = ()
    sets: tuple[CardSet, ...] = ()
    printings: tuple[Printing, ...] = ()
    bans: tuple[BanEntry, ...] = ()
    reprint_rules: tuple[ReprintRule, ...] = ()
    _names: Mapping[tuple[str, str], CardMatch] = field(init=False, repr=False, compare=False)
    _sets: Mapping[tuple[str, str], CardSet] = field(init=False, repr=False, compare=False)
    _printings: Mapping[tuple[str, str], tuple[Printing, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for name in ("cards", "sets", "printings", "bans", "reprint_rules"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        names: dict[tuple[str, str], CardMatch] = {}
        for card in self.cards:
            for spelling in (card.name, *card.aliases):
                slot = (card.game, normalize_name(spelling))
                if slot in names and names[slot].card != card:
                    raise CatalogError(
                        "duplicate_card",
                        f"«{spelling}» ({card.game}) ya nombra a «{names[slot].card.name}».",
                    )
                names[slot] = CardMatch(card)
        sets: dict[tuple[str, str], CardSet] = {}
        for card_set in self.sets:
            for spelling in (card_set.code, card_set.name, *card_set.aliases):
                slot = (card_set.game, normalize_name(spelling))
                if slot in sets and sets[slot] != card_set:
                    raise CatalogError(
                        "duplicate_set",
                        f"«{spelling}» ({card_set.game}) ya nombra a la expansión "
                        f"«{sets[slot].name}».",
                    )
                sets[slot] = card_set
        by_code = {(s.game, normalize_name(s.code)): s for s in self.sets}
        filled: list[Printing] = []
        printings: dict[tuple[str, str], list[Printing]] = {}
        for printing in self.printings:
            card_set = by_code.get((printing.game, normalize_name(printing.set_code)))
            if card_set is None:
                raise CatalogError(
                    "unknown_set",
                    f"La impresión de «{printing.card_name}» nombra la expansión desconocida "
                    f"«{printing.set_code}».",
                )
            match = names.get((printing.game, printing.card_key))
            if match is None or match.printing is not None:
                raise CatalogError(
                    "unknown_card",
                    f"La impresión en «{card_set.name}» nombra la carta desconocida "
                    f"«{printing.card_name}».",
                )
            if printing.set_name not in (None, card_set.name) or printing.release_order not in (
                None,
                card_set.release_order,
            ):
                raise CatalogError(
                    "printing_set_mismatch",
                    f"La impresión de «{printing.card_name}» no coincide con la expansión "
                    f"«{card_set.name}».",
                )
            printing = replace(
                printing,
                card_name=match.card.name,
                set_code=card_set.code,
                set_name=card_set.name,
                release_order=card_set.release_order,
                is_promo=printing.is_promo or card_set.is_promo,
            )
            filled.append(printing)
            printings.setdefault((printing.game, match.card.key), []).append(printing)
            if printing.variant:
                slot = (printing.game, normalize_name(printing.variant))
                if slot in names and names[slot].card != match.card:
                    raise CatalogError(
                        "duplicate_card",
                        f"La variante «{printing.variant}» ya nombra a «{names[slot].card.name}».",
                    )
                names[slot] = CardMatch(match.card, printing)
        for ban in self.bans:
            if ban.set_code and (ban.game, normalize_name(ban.set_code)) not in sets:
                raise CatalogError("unknown_set", f"El baneo nombra la expansión desconocida «{ban.set_code}».")
            if ban.card_name and (ban.game, normalize_name(ban.card_name)) not in names:
                raise CatalogError("unknown_card", f"El baneo nombra la carta desconocida «{ban.card_name}».")
        for rule in self.reprint_rules:
            if (rule.game, rule.card_key) not in names:
                raise CatalogError(
                    "unknown_card", f"La regla de reimpresión nombra la carta desconocida «{rule.card_name}»."
                )
            if (rule.game, normalize_name(rule.legal_from_set_code)) not in sets:
                raise CatalogError(
                    "unknown_set",
                    f"La regla de reimpresión nombra la expansión desconocida «{rule.legal_from_set_code}».",
                )
        object.__setattr__(self, "printings", tuple(filled))
        object.__setattr__(self, "_names", MappingProxyType(names))
        object.__setattr__(self, "_sets", MappingProxyType(sets))
        object.__setattr__(
            self,
            "_printings",
            MappingProxyType(
                {slot: tuple(sorted(items, key=_printing_order)) for slot, items in printings.items()}
            ),
        )

    # -- lookups -----------------------------------------------------------

    def lookup(self, game: str, name: str) -> CardMatch | None:
        """The card (and variant printing) ``name`` means in ``game``, or None.

        Matches the card name, its aliases and printing variants by name key.
        """
        return self._names.get((game, normalize_name(name)))

    def card(self, game: str, name: str) -> Card | None:
        """The card ``name`` means in ``game`` (name, alias or variant), or None."""
        match = self.lookup(game, name)
        return match.card if match else None

    def cards_of(self, game: str) -> tuple[Card, ...]:
        """The cards of ``game`` in catalog order."""
        return tuple(card for card in self.cards if card.game == game)

    def suggest_cards(self, game: str, name: str, *, limit: int = 3) -> list[str]:
        """Canonical names of ``game`` close to ``name`` (see :func:`suggest`).

        Aliases and variants count for matching; the card's own name is
        returned.
        """
        spellings = {key: match.card.name for (g, key), match in self._names.items() if g == game}
        hits = suggest(name, spellings, limit=limit * 2)
        result: list[str] = []
        for hit in hits:
            canonical = spellings[normalize_name(hit)]
            if canonical not in result:
                result.append(canonical)
        return result[:limit]

    def find_set(self, game: str, text: str) -> CardSet | None:
        """The set of ``game`` whose code, name or alias is ``text``, or None."""
        return self._sets.get((game, normalize_name(text)))

    def sets_of(self, game: str) -> tuple[CardSet, ...]:
        """The sets of ``game``, oldest first."""
        return tuple(sorted((s for s in self.sets if s.game == game), key=lambda s: (s.release_order, s.code)))

    def printings_of(self, game: str, card_name: str) -> tuple[Printing, ...]:
        """The printings of a card, oldest first (empty when none is known)."""
        card = self.card(game, card_name)
        if card is None:
            return ()
        return self._printings.get((game, card.key), ())

    def default_printing(self, game: str, card_name: str) -> Printing | None:
        """The printing a decklist line without one is taken as.

        The newest printing that is not a promo; if every printing is a
        promo, the newest printing; None when no printing is known.
        Default: RULES-TRACE ambiguity 23 says "the newest printing"; promo
        and collaboration printings are skipped so that a plain
        "Bajón Celestial" is not read as the banned Farmer 2022 variant.
        """
        printings = self.printings_of(game, card_name)
        if not printings:
            return None
        regular = [p for p in printings if not p.is_promo]
        return (regular or list(printings))[-1]

    def find_printing(self, game: str, card_name: str, text: str) -> Printing | None:
        """The printing of a card that a bracket ``text`` names, or None.

        ``text`` may be a set (code, name or alias: "OG", "Farmer 2022"), a
        variant name ("Hernan Panessi x Bajón Celestial"), or both joined by
        " - " in either order. A set the catalog knows but where this card
        has no recorded printing gives a printing built from the set (the
        seed catalog does not list every printing; a venue adds them).
        """
        card = self.card(game, card_name)
        if card is None:
            return None
        printings = self.printings_of(game, card.name)
        wanted = normalize_name(text)
        for printing in printings:
            if printing.variant and normalize_name(printing.variant) == wanted:
                return printing
        parts = [part for part in (p.strip() for p in text.split(" - ")) if part]
        card_set: CardSet | None = None
        variant: str | None = None
        for part in parts if len(parts) > 1 else [text]:
            found = self.find_set(game, part)
            if found is not None and card_set is None:
                card_set = found
            else:
                variant = part
        if card_set is None:
            return None
        in_set = [p for p in printings if p.set_code == card_set.code]
        if variant is not None:
            for printing in in_set:
                if printing.variant and normalize_name(printing.variant) == normalize_name(variant):
                    return printing
            if normalize_name(variant) != card.key:
                return None
        if in_set:
            plain = [p for p in in_set if not p.variant]
            return (plain or in_set)[0]
        return Printing(
            game=game,
            card_name=card.name,
            set_code=card_set.code,
            set_name=card_set.name,
            release_order=card_set.release_order,
            is_promo=card_set.is_promo,
            source="(impresión no registrada en el catálogo)",
        )

    def bans_for(self, printing: Printing | None, card: Card, *, on_date: date) -> list[BanEntry]:
        """Bans in force on ``on_date`` that hit ``card`` in ``printing``.

        Set bans hit printings of the set; card bans hit every printing (and
        a line with no known printing); printing bans hit that printing (and
        variant, when the ban names one). Catalog order.
        """
        hits: list[BanEntry] = []
        for ban in self.bans:
            if ban.game != card.game or not ban.in_force(on_date):
                continue
            if ban.scope is BanScope.CARD:
                if self.card(card.game, ban.card_name or "") == card:
                    hits.append(ban)
            elif printing is None:
                continue
            elif ban.scope is BanScope.SET:
                if self._set_code(card.game, ban.set_code) == printing.set_code:
                    hits.append(ban)
            elif (
                self.card(card.game, ban.card_name or "") == card
                and self._set_code(card.game, ban.set_code) == printing.set_code
                and (ban.printing is None or normalize_name(ban.printing) == normalize_name(printing.variant or ""))
            ):
                hits.append(ban)
        return hits

    def reprint_rule(self, game: str, card_name: str, *, on_date: date) -> ReprintRule | None:
        """The reprint rule in force for a card on ``on_date``, or None."""
        card = self.card(game, card_name)
        if card is None:
            return None
        for rule in self.reprint_rules:
            if rule.game == game and rule.card_key == card.key and rule.in_force(on_date):
                return rule
        return None

    def _set_code(self, game: str, text: str | None) -> str | None:
        found = self.find_set(game, text or "")
        return found.code if found else None

    # -- building ------------------------------------------------------------

    def extended(
        self,
        *,
        cards: Iterable[Card] = (),
        sets: Iterable[CardSet] = (),
        printings: Iterable[Printing] = (),
        bans: Iterable[BanEntry] = (),
        reprint_rules: Iterable[ReprintRule] = (),
    ) -> Catalog:
        """A new catalog with these records added (a venue's CSV additions).

        Raises :class:`CatalogError` like the constructor.
        """
        return Catalog(
            cards=(*self.cards, *cards),
            sets=(*self.sets, *sets),
            printings=(*self.printings, *printings),
            bans=(*self.bans, *bans),
            reprint_rules=(*self.reprint_rules, *reprint_rules),
        )

    def for_game(self, game: str) -> Catalog:
        """The records of one game only."""
        return Catalog(
            cards=tuple(c for c in self.cards if c.game == game),
            sets=tuple(s for s in self.sets if s.game == game),
            printings=tuple(p for p in self.printings if p.game == game),
            bans=tuple(b for b in self.bans if b.game == game),
            reprint_rules=tuple(r for r in self.reprint_rules if r.game == game),
        )


def _printing_order(printing: Printing) -> tuple[int, str, str]:
    return (printing.release_order or 0, printing.set_code, printing.variant or "")


# --------------------------------------------------------------------------
# CSV import (seed data and venues' additions)
# --------------------------------------------------------------------------

#: Columns of each CSV kind; the first row of a file must name them (any
#: order; extra columns are refused so that typos do not pass silently).
CSV_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "cards": ("game", "name", "card_type", "subtype", "species", "family", "is_super", "aliases", "source", "note"),
        "sets": ("game", "code", "name", "release_order", "is_promo", "year", "aliases", "source", "note"),
        "printings": ("game", "card_name", "set_code", "variant", "is_promo", "functionally_identical", "source"),
        "bans": (
            "game", "scope", "set_code", "card_name", "printing",
            "effective_from", "effective_until", "reason", "source",
        ),
        "reprints": ("game", "card_name", "legal_from_set_code", "effective_from", "source"),
    }
)

_TRUE = {"1", "true", "si", "yes", "x", "verdadero"}
_FALSE = {"", "0", "false", "no", "falso"}


def _as_bool(text: str) -> bool:
    value = normalize_name(text)
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f"«{text}» no es sí/no")


def _as_date(text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"«{text}» no es una fecha AAAA-MM-DD") from None


def _start_date(text: str) -> date:
    """A ban's or reprint rule's start: the date given, else :data:`UNDATED`."""
    return _as_date(text) if text.strip() else UNDATED


def _aliases(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split("|") if part.strip())


def _optional(text: str) -> str | None:
    return text.strip() or None


def parse_catalog_csv(
    kind: str,
    text: str,
    *,
    vocabularies: Mapping[str, CardVocabulary] | None = None,
    file: str = "",
) -> tuple:
    """Records of one CSV file of kind ``cards``, ``sets``, ``printings``,
    ``bans`` or ``reprints`` (columns: :data:`CSV_COLUMNS`).

    ``text`` is the whole file (UTF-8 decoded). Lists inside a cell
    (``aliases``) are separated by "|"; booleans are 1/0, sí/no, true/false;
    dates are ISO (AAAA-MM-DD); an empty ``effective_from`` of a ban or
    reprint rule is :data:`UNDATED` (every event). For ``cards``,
    ``vocabularies`` maps each game key to its :class:`CardVocabulary`: a game not in it, or a type,
    subtype or species outside it (e.g. "Criatura", R-000-02) is a row
    error; types may be given by key ("gem") or Spanish label ("Gema").

    Returns a tuple of :class:`Card`, :class:`CardSet`, :class:`Printing`,
    :class:`BanEntry` or :class:`ReprintRule`. Raises
    :class:`CatalogImportError` listing every bad row (nothing is returned
    then), or :class:`CatalogError` for an unknown ``kind`` or header.
    """
    if kind not in CSV_COLUMNS:
        raise CatalogError("unknown_csv_kind", f"Tipo de archivo desconocido: «{kind}».")
    reader = csv.DictReader(io.StringIO(text))
    header = tuple(reader.fieldnames or ())
    expected = CSV_COLUMNS[kind]
    unknown = [name for name in header if name not in expected]
    missing = [name for name in expected if name not in header]
    if unknown or missing:
        raise CatalogError(
            "bad_csv_header",
            f"Encabezado inválido en {file or kind}: faltan {missing or '—'}, sobran {unknown or '—'}.",
        )
    records: list = []
    errors: list[CatalogRowError] = []
    for row in reader:
        line = reader.line_num
        cells = {name: (row.get(name) or "").strip() for name in expected}
        if not any(cells.values()):
            continue
        try:
            records.append(_row_record(kind, cells, vocabularies))
        except (ValueError, CatalogError) as exc:
            message = exc.message if isinstance(exc, CatalogError) else str(exc)
            errors.append(CatalogRowError("bad_row", message, line=line, file=file))
    if errors:
        raise CatalogImportError(errors)
    return tuple(records)


def _row_record(kind: str, cells: Mapping[str, str], vocabularies: Mapping[str, CardVocabulary] | None):
    game = cells["game"]
    if not game:
        raise ValueError("falta el juego (columna game)")
    if kind == "cards":
        if not cells["name"]:
            raise ValueError("falta el nombre de la carta")
        card_type = subtype = species = None
        if vocabularies is not None:
            vocabulary = vocabularies.get(game)
            if vocabulary is None:
                raise ValueError(f"juego desconocido «{game}»")
            if cells["card_type"]:
                card_type = vocabulary.card_type(cells["card_type"])
                if card_type is None:
                    raise ValueError(
                        f"tipo de carta «{cells['card_type']}» desconocido; valores: "
                        + ", ".join(vocabulary.card_types.values())
                    )
            if cells["subtype"]:
                subtype = vocabulary.subtype(cells["subtype"])
                if subtype is None:
                    raise ValueError(
                        f"subtipo «{cells['subtype']}» desconocido; valores: "
                        + ", ".join(vocabulary.subtypes.values())
                    )
                parent = vocabulary.subtype_types.get(subtype)
                if parent is not None and card_type != parent:
                    raise ValueError(
                        f"el subtipo «{vocabulary.subtypes[subtype]}» es de las cartas de tipo "
                        f"«{vocabulary.card_types[parent]}»"
                    )
            if cells["species"]:
                species = vocabulary.specie(cells["species"])
                if species is None:
                    raise ValueError(
                        f"especie «{cells['species']}» desconocida; valores: " + ", ".join(vocabulary.species.values())
                    )
        else:
            card_type = _optional(cells["card_type"])
            subtype = _optional(cells["subtype"])
            species = _optional(cells["species"])
        return Card(
            game=game,
            name=cells["name"],
            card_type=card_type,
            subtype=subtype,
            species=species,
            family=_optional(cells["family"]),
            is_super=_as_bool(cells["is_super"]),
            aliases=_aliases(cells["aliases"]),
            source=cells["source"],
            note=cells["note"],
        )
    if kind == "sets":
        try:
            order = int(cells["release_order"])
        except ValueError:
            raise ValueError(f"release_order «{cells['release_order']}» no es un entero") from None
        year = None
        if cells["year"]:
            try:
                year = int(cells["year"])
            except ValueError:
                raise ValueError(f"year «{cells['year']}» no es un entero") from None
        if not cells["code"] or not cells["name"]:
            raise ValueError("faltan el código o el nombre de la expansión")
        return CardSet(
            game=game,
            code=cells["code"],
            name=cells["name"],
            release_order=order,
            is_promo=_as_bool(cells["is_promo"]),
            year=year,
            aliases=_aliases(cells["aliases"]),
            source=cells["source"],
            note=cells["note"],
        )
    if kind == "printings":
        if not cells["card_name"] or not cells["set_code"]:
            raise ValueError("faltan la carta o la expansión de la impresión")
        return Printing(
            game=game,
            card_name=cells["card_name"],
            set_code=cells["set_code"],
            variant=_optional(cells["variant"]),
            is_promo=_as_bool(cells["is_promo"]),
            functionally_identical=_as_bool(cells["functionally_identical"]),
            source=cells["source"],
        )
    if kind == "bans":
        try:
            scope = BanScope(normalize_name(cells["scope"]))
        except ValueError:
            raise ValueError(f"alcance «{cells['scope']}» desconocido; valores: set, card, printing") from None
        return BanEntry(
            scope=scope,
            game=game,
            set_code=_optional(cells["set_code"]),
            card_name=_optional(cells["card_name"]),
            printing=_optional(cells["printing"]),
            effective_from=_start_date(cells["effective_from"]),
            effective_until=_as_date(cells["effective_until"]) if cells["effective_until"] else None,
            reason=cells["reason"],
            source=cells["source"],
        )
    return ReprintRule(
        game=game,
        card_name=cells["card_name"],
        legal_from_set_code=cells["legal_from_set_code"],
        effective_from=_start_date(cells["effective_from"]),
        source=cells["source"],
    )


def load_catalog_dir(
    directory: Path | str = DATA_DIR,
    *,
    vocabularies: Mapping[str, CardVocabulary] | None = None,
) -> Catalog:
    """The catalog stored as ``sets.csv``, ``cards.csv``, ``printings.csv``,
    ``bans.csv`` and ``reprints.csv`` in ``directory`` (a missing file is
    empty). Reads UTF-8. Raises :class:`CatalogImportError` or
    :class:`CatalogError` as :func:`parse_catalog_csv` and :class:`Catalog`.
    """
    directory = Path(directory)
    parts: dict[str, tuple] = {}
    for kind in CSV_COLUMNS:
        path = directory / f"{kind}.csv"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        parts[kind] = (
            parse_catalog_csv(kind, text, vocabularies=vocabularies, file=path.name) if text.strip() else ()
        )
    return Catalog(
        cards=parts["cards"],
        sets=parts["sets"],
        printings=parts["printings"],
        bans=parts["bans"],
        reprint_rules=parts["reprints"],
    )
