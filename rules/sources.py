"""Rule citations as people read them.

Code cites the seeds by file (``Rule: 000_0014b2ac83da54b4.txt § "10.3. Los
Jueces"``) and Arena's own defaults by design decision (``Default: DESIGN.md
decision 10``, ``RULES-TRACE ambiguity 26``). Judges and players see the
rulebook's name and section, and "criterio de Arena" where the rulebook is
silent. Pure: no Django.
"""
from __future__ import annotations

import re

#: Seed number → the rulebook's name as venues know it.
RULEBOOKS = {
    "000": "Reglamento Weed Monsters (06/09/2024)",
    "001": "Reglamento Blobbiemundo v2.4",
    "002": "Reglamento Planets War / La Copa del Mundo",
    "003": "Reglamento Reinas",
    "004": "Reglamento Puntos Stoner",
}

_SEED_FILE = re.compile(r"(?:Rule:\s*)?(\d{3})_[0-9a-f]{8,}\.txt")
_SEED_SHORT = re.compile(r"\b(\d{3}) (?=§)")
_SECTION = re.compile(r'§\s*"([^"]*)"')
_INTERNAL = re.compile(
    r"(?:Default:\s*)?(?:DESIGN\.md[^;,.]*|RULES-TRACE(?:\.md)?[^;,.]*|issue #\d+[^;,.]*)", re.IGNORECASE
)


def source_label(source: str, *, arena_default: str = "criterio de Arena") -> str:
    """``Rule: 000_….txt § "10.3. Los Jueces"; Default: DESIGN.md decision 10`` →
    ``Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces; criterio de Arena``.

    Repeated parts are dropped; an empty or unknown source comes back as is.
    """
    if not source:
        return source
    text = _SEED_FILE.sub(lambda m: RULEBOOKS.get(m.group(1), m.group(0)), source)
    text = _SEED_SHORT.sub(lambda m: RULEBOOKS.get(m.group(1), m.group(1)) + " ", text)
    text = _SECTION.sub(r"§ \1", text)
    text = _INTERNAL.sub(arena_default, text)
    parts = [p.strip(" ,") for p in re.split(r";", text)]
    return "; ".join(dict.fromkeys(p for p in parts if p))


def rule_citation(seed: str, section: str) -> str:
    """A heading of a rulebook as pages cite it: ``rule_citation("000", "10.1. Desarrollo de las Rondas
    Suizas")`` → ``Reglamento Weed Monsters (06/09/2024) § 10.1. Desarrollo de las Rondas Suizas``.

    ``seed`` is the seed's number (a key of :data:`RULEBOOKS`), ``section`` the heading as the seed
    writes it. The one spelling every page uses (issue #28 point 4); see :func:`source_label`.
    """
    return source_label(f'{seed} § "{section}"')
