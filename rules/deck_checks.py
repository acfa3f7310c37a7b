"""Deck-check outcomes of Weed Monsters (pure: no Django).

Terms:

- **finding**: one item of the judge's checklist that failed, named by a
  stable code (:data:`FINDINGS`): a marked card, a counterfeit, an
  autographed or pen-marked card, an alternate back, or a sleeve problem.
  Each code carries the rulebook section it comes from and what must happen
  next (:data:`ACTIONS`). The penalty, if any, is the judge's (issue #7).
- **amendment**: a production-damaged card judged marked is replaced for the
  rest of the event, by a judge's proxy of the same card or by a basic gem
  of the player's choice (:func:`amend_text`); the deck keeps its size.

Rule: 000_0014b2ac83da54b4.txt § "10.2.5. Cartas", § "10.2.5.3. Cartas
falsificadas", § "10.2.5.4. Cartas de representación o Proxys", §
"10.2.5.5. Cartas autografiadas", § "10.2.5.6. Cartas con un reverso
alternativo", § "10.2.5.7. Fundas para cartas".
"""
from __future__ import annotations

from dataclasses import dataclass

from .catalog import RulesError, normalize_name
from .decks import parse_decklist
from .games.weed_monsters import source

CARTAS = source("10.2.5. Cartas")
FALSIFICADAS = source("10.2.5.3. Cartas falsificadas")
PROXYS = source("10.2.5.4. Cartas de representación o Proxys")
AUTOGRAFIADAS = source("10.2.5.5. Cartas autografiadas")
REVERSO = source("10.2.5.6. Cartas con un reverso alternativo")
FUNDAS = source("10.2.5.7. Fundas para cartas")

#: What must happen after a finding, by code.
REPLACE_BEFORE_ROUND_1 = "replace_before_round_1"
REPLACE_BEFORE_CONTINUING = "replace_before_continuing"
REMOVE_OR_REPLACE = "remove_or_replace"
CHANGE_SLEEVES = "change_sleeves"
HEAD_JUDGE_DECIDES = "head_judge_decides"
ACTIONS = (REPLACE_BEFORE_ROUND_1, REPLACE_BEFORE_CONTINUING, REMOVE_OR_REPLACE, CHANGE_SLEEVES,
           HEAD_JUDGE_DECIDES)


@dataclass(frozen=True, slots=True)
class Finding:
    """A checklist item: ``code``; ``source`` the rule; ``action`` what follows;
    ``needs_card`` whether the judge names the card concerned."""

    code: str
    source: str
    action: str
    needs_card: bool


FINDINGS: dict[str, Finding] = {f.code: f for f in (
    # "identificarla sin ver su cara … arañazos, rasgones, decoloraciones, dobleces";
    # "El juez principal es la autoridad final".
    Finding("marked", CARTAS, HEAD_JUDGE_DECIDES, True),
    # "Cualquier carta falsificada … se debe sacar de los mazos … antes del comienzo del torneo";
    # player-made proxies "se consideran cartas falsificadas".
    Finding("counterfeit", FALSIFICADAS, REPLACE_BEFORE_ROUND_1, True),
    Finding("player_proxy", PROXYS, REPLACE_BEFORE_ROUND_1, True),
    # "marcadas con … un bolígrafo o un rotulador no están permitidas … Esto incluye las autografiadas".
    Finding("pen_marked", AUTOGRAFIADAS, REMOVE_OR_REPLACE, True),
    Finding("autographed", AUTOGRAFIADAS, REMOVE_OR_REPLACE, True),
    # "solo … el reverso de Weed Monsters TCG. Todas las cartas del mazo deben tener el mismo reverso".
    Finding("alternate_back", REVERSO, REMOVE_OR_REPLACE, True),
    Finding("mixed_backs", REVERSO, REMOVE_OR_REPLACE, True),
    # 10.2.5.7, item by item.
    Finding("sleeves_missing", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_not_uniform", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_front_not_clear", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_not_covering", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_mirror", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_several_cards", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_patterned_back", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_marked", CARTAS, CHANGE_SLEEVES, False),
    Finding("sleeves_too_thick", FUNDAS, CHANGE_SLEEVES, False),
    Finding("sleeves_inappropriate", FUNDAS, HEAD_JUDGE_DECIDES, False),
)}
"""Every checklist item, by stable code (the form offers them in this order)."""

_REPLACE_FIRST = frozenset({"counterfeit", "player_proxy"})

#: The basic gems a damaged card may be replaced with (000 § "Gemas"), as the catalog names them.
BASIC_GEMS = ("Híbrida", "Índica", "Sativa", "Ancient", "Ruderalis")

JUDGE_PROXY = "judge_proxy"
BASIC_GEM = "basic_gem"


class DeckCheckError(RulesError):
    """A deck-check input the judge can fix (unknown code, card not in the list…)."""


def finding_action(code: str, *, round_one_paired: bool) -> str:
    """What must follow a finding ``code``.

    A counterfeit (or a player's proxy) found before round 1 is paired must
    leave the deck before round 1; found later, before play continues
    (RULES-TRACE R-000-89: "replaced before round 1"; later the text's
    "antes del comienzo del torneo" can no longer be met, so Arena asks for
    it before the player goes on). Raises :class:`DeckCheckError`
    ``unknown_finding``.
    """
    finding = FINDINGS.get(code)
    if finding is None:
        raise DeckCheckError("unknown_finding", f"ítem de chequeo desconocido: «{code}».")
    if code in _REPLACE_FIRST:
        return REPLACE_BEFORE_CONTINUING if round_one_paired else REPLACE_BEFORE_ROUND_1
    return finding.action


def basic_gem(name: str) -> str:
    """The catalog name of the basic gem ``name`` ("indica" → "Índica").

    Raises :class:`DeckCheckError` ``not_a_basic_gem``.
    """
    key = normalize_name(name)
    for gem in BASIC_GEMS:
        if normalize_name(gem) == key:
            return gem
    raise DeckCheckError("not_a_basic_gem", f"«{name}» no es una gema básica ({', '.join(BASIC_GEMS)}).")


def amend_text(text: str, *, card: str, kind: str, gem: str = "") -> str:
    """The decklist ``text`` with one copy of ``card`` replaced for the rest
    of the event (000 § "10.2.5.4. Cartas de representación o Proxys").

    ``kind`` :data:`BASIC_GEM` puts one ``gem`` (a basic gem, see
    :func:`basic_gem`) in its place; :data:`JUDGE_PROXY` a judge's proxy of
    the same card ("[proxy de juez]"), which acts as the damaged card. The
    main deck keeps its size; lines are rewritten as "<qty> <name>
    [<printing>]", side-deck lines last under "Side deck:".

    Raises :class:`DeckCheckError` ``card_not_in_deck`` when no main-deck
    line names ``card`` (names compared without accents or case),
    ``not_a_basic_gem``, ``unknown_amendment``.
    """
    if kind not in (BASIC_GEM, JUDGE_PROXY):
        raise DeckCheckError("unknown_amendment", f"reemplazo desconocido: «{kind}».")
    gem_name = basic_gem(gem) if kind == BASIC_GEM else ""
    parsed = parse_decklist(text)
    key = normalize_name(card)
    main: list[tuple[int, str, str | None, bool]] = [
        (line.quantity, line.name, line.printing, line.judge_proxy) for line in parsed.main
    ]
    for i, (qty, name, printing, judge_proxy) in enumerate(main):
        if normalize_name(name) == key and not judge_proxy:
            main[i] = (qty - 1, name, printing, judge_proxy)
            if kind == BASIC_GEM:
                main.append((1, gem_name, None, False))
            else:
                main.append((1, name, printing, True))
            break
    else:
        raise DeckCheckError("card_not_in_deck", f"«{card}» no está en el mazo principal de la lista.")

    def render(qty: int, name: str, printing: str | None, judge_proxy: bool) -> str:
        extra = (f" [{printing}]" if printing else "") + (" [proxy de juez]" if judge_proxy else "")
        return f"{qty} {name}{extra}"

    lines = [render(*row) for row in main if row[0] > 0]
    side = [render(line.quantity, line.name, line.printing, line.judge_proxy) for line in parsed.side]
    if side:
        lines += ["Side deck:", *side]
    return "\n".join(lines) + "\n"
