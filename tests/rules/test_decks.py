"""Decklist parser and Weed Monsters deck validation (pure core, no database).

Cards named "Baby Kush", "Baby Haze" and "Viejo Kush" are test fixtures
added to the seed catalog; the rulebook names no Baby.
"""
from __future__ import annotations

from datetime import date

import pytest

from rules.catalog import BanEntry, BanScope, Card, CardSet, Catalog, Printing
from rules.decks import (
    DeckFormatError,
    DecklistParseError,
    PoolCard,
    codes,
    parse_decklist,
    resolve,
    validate,
)
from rules.games import seed_catalog
from rules.games import weed_monsters as wm

pytestmark = pytest.mark.unit

WM = "weed_monsters"
ON = date(2024, 10, 5)
SEED = "000_0014b2ac83da54b4.txt"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return seed_catalog().extended(
        cards=(
            Card(WM, "Baby Kush", card_type="monster", subtype="baby"),
            Card(WM, "Baby Haze", card_type="monster", subtype="baby"),
        )
    )


def check(text: str, catalog: Catalog, fmt: str | None = None, **kwargs) -> list:
    return validate(text, wm.PROFILE, catalog, on_date=kwargs.pop("on_date", ON), fmt=fmt, **kwargs)


LEGAL = """\
Monsters:
4 Fasent
1 Baby Kush
// Objetos y otros
4 Escudo de Prensado
4 Growshop [TCG]
Gemas:
4 Semilla Dorada
4 Gema Arcoíris
20 Sativa
19 Índica
"""


# -- parser ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line", ["4 Fasent", "4x Fasent", "4 x Fasent", "4X Fasent", "x4 Fasent", "Fasent x4", "Fasent x 4", "Fasent ×4"]
)
def test_parse_decklist_quantity_forms(line):
    (parsed,) = parse_decklist(line).lines
    assert (parsed.quantity, parsed.name, parsed.printing) == (4, "Fasent", None)


def test_parse_decklist_printing_in_brackets():
    lines = parse_decklist("4 Fasent [OG]\nFasent x2 [W2]\n1 Bajón Celestial (Farmer 2022)").lines
    assert [(x.quantity, x.name, x.printing) for x in lines] == [
        (4, "Fasent", "OG"),
        (2, "Fasent", "W2"),
        (1, "Bajón Celestial", "Farmer 2022"),
    ]


def test_parse_decklist_ignores_blank_lines_and_headers():
    text = "Mazo\n\nMonsters:\n4 Fasent\n// Gemas\n# nota\nGemas básicas (20)\n20 Sativa\nTotal: 24\n"
    parsed = parse_decklist(text)
    assert [(x.line_number, x.name, x.section) for x in parsed.lines] == [
        (4, "Fasent", "Monsters"),
        (8, "Sativa", "Gemas básicas"),
    ]
    assert parsed.errors == ()


def test_parse_decklist_keeps_names_with_x_and_bullets():
    lines = parse_decklist("- 1 Hernan Panessi x Bajón Celestial\n* 2 Xeno // comentario").lines
    assert [(x.quantity, x.name) for x in lines] == [(1, "Hernan Panessi x Bajón Celestial"), (2, "Xeno")]


def test_parse_decklist_errors_name_the_line():
    parsed = parse_decklist("4 Fasent\nFasent\n0 Growshop\n4 Fasent [OG] [W2]\n2 Bruma [OG\n")
    assert [(e.code, e.line_number) for e in parsed.errors] == [
        ("missing_quantity", 2),
        ("zero_quantity", 3),
        ("several_printings", 4),
        ("unclosed_bracket", 5),
    ]
    assert parsed.errors[0].message.startswith("Línea 2: falta la cantidad")
    assert [x.line_number for x in parsed.lines] == [1]


def test_parse_decklist_strict_raises_with_every_error():
    with pytest.raises(DecklistParseError) as exc:
        parse_decklist("Fasent\n0 Growshop", strict=True)
    assert [e.line_number for e in exc.value.errors] == [1, 2]


def test_parse_decklist_proxy_markers():
    """R-000-90, R-000-91: player proxy and judge proxy markers."""
    player, judge = parse_decklist("4 Fasent [OG] (proxy)\n1 Bruma (proxy de juez)").lines
    assert (player.printing, player.proxy, player.judge_proxy) == ("OG", True, False)
    assert (judge.printing, judge.proxy, judge.judge_proxy) == (None, False, True)


def test_parse_decklist_side_deck_section():
    parsed = parse_decklist("4 Fasent\nSideboard:\n2 Bruma\nGemas:\n20 Sativa")
    assert [(x.name, x.sideboard) for x in parsed.lines] == [("Fasent", False), ("Bruma", True), ("Sativa", False)]
    assert parsed.main_count == 24


# -- matching names --------------------------------------------------------------------


def test_resolve_ignores_case_and_accents(catalog):
    """R-000-04: "Indica" = "Índica"; accents and case never matter."""
    deck = resolve(parse_decklist("20 Indica\n2 ÍNDICA\n4 semilla volcan\n1 BRUMA"), catalog, game=WM)
    assert [e.card.name for e in deck.entries] == ["Índica", "Índica", "Semilla Volcán", "Bruma"]
    assert deck.problems == ()
    assert [(c.card.name, c.quantity) for c in deck.counts()][0] == ("Índica", 22)


def test_resolve_unknown_card_suggests_the_closest(catalog):
    deck = resolve(parse_decklist("4 Fasent\n3 Fasnet"), catalog, game=WM, source="src")
    (problem,) = deck.problems
    assert (problem.code, problem.line, problem.card) == ("unknown_card", 2, "Fasnet")
    assert problem.message_es.startswith("Línea 2: «Fasnet» no está en el catálogo — ¿quisiste decir «Fasent»")


def test_resolve_unknown_card_without_suggestion(catalog):
    (problem,) = resolve(parse_decklist("1 Qwxyz"), catalog, game=WM).problems
    assert problem.message_es == "Línea 1: «Qwxyz» no está en el catálogo."


def test_resolve_unknown_printing(catalog):
    (problem,) = resolve(parse_decklist("4 Fasent [Zeta]"), catalog, game=WM).problems
    assert (problem.code, problem.line) == ("unknown_printing", 1)


def test_resolve_line_without_printing_takes_newest_regular_printing(catalog):
    """Ambiguity 23: no printing → newest printing (promos skipped), flagged."""
    deck = resolve(parse_decklist("2 Bajón Celestial\n1 Fasent"), catalog, game=WM)
    bajon, fasent = deck.entries
    assert (bajon.printing.set_code, bajon.printing_assumed) == ("TCG", True)
    assert (fasent.printing, fasent.printing_assumed) == (None, False)
    assert deck.assumed == (bajon,)


def test_resolve_variant_name_counts_as_its_card(catalog):
    deck = resolve(parse_decklist("3 Bajón Celestial [TCG]\n2 Hernan Panessi x Bajón Celestial"), catalog, game=WM)
    ((counted),) = deck.counts()
    assert (counted.card.name, counted.quantity, counted.lines) == ("Bajón Celestial", 5, (1, 2))


# -- Weed Monsters constructed -------------------------------------------------------


def test_validate_legal_constructed_deck(catalog):
    assert check(LEGAL, catalog) == []


def test_validate_accepts_parsed_decklists(catalog):
    assert validate(parse_decklist(LEGAL), wm.PROFILE, catalog, on_date=ON) == []


def test_validate_61_cards(catalog):
    """R-000-20: a deck of exactly 60 cards; 61 → deck_size naming the count."""
    (violation,) = check(LEGAL + "1 Sativa\n", catalog)
    assert (violation.code, violation.count, violation.limit) == ("deck_size", 61, 60)
    assert violation.message_es == "El mazo tiene 61 cartas; debe tener exactamente 60."
    assert violation.source == f'{SEED} § "Armado de Mazos"'


def test_validate_59_cards(catalog):
    """R-000-20."""
    assert [(v.code, v.count) for v in check(LEGAL.replace("19 Índica", "18 Índica"), catalog)] == [("deck_size", 59)]


def test_validate_copies_counted_by_name_across_printings(catalog):
    """R-000-21: 3 [OG] + 2 [W2] of one card are 5 copies."""
    text = LEGAL.replace("4 Fasent", "3 Fasent [OG]\n2 Fasent [W2]").replace("20 Sativa", "19 Sativa")
    (violation,) = check(text, catalog)
    assert (violation.code, violation.card, violation.count, violation.lines) == ("over_4_copies", "Fasent", 5, (2, 3))
    assert violation.message_es.startswith("Líneas 2 y 3: hay 5 copias de «Fasent»; el máximo es 4")


def test_validate_basic_gems_unlimited(catalog):
    """R-000-04: 30 Sativa is no copy violation."""
    assert check("4 Fasent\n30 Sativa\n26 Indica", catalog) == []


def test_validate_special_gem_over_4(catalog):
    """R-000-05: 5 × Semilla Dorada → special_gem_over_4 (not over_4_copies)."""
    text = LEGAL.replace("4 Semilla Dorada", "5 Semilla Dorada").replace("20 Sativa", "19 Sativa")
    (violation,) = check(text, catalog)
    assert (violation.code, violation.card, violation.count, violation.limit) == (
        "special_gem_over_4", "Semilla Dorada", 5, 4,
    )
    assert violation.source == f'{SEED} § "Gemas"'


def test_validate_two_babies(catalog):
    """R-000-11: two Baby cards of different names → more_than_one_baby."""
    text = LEGAL.replace("1 Baby Kush", "1 Baby Kush\n1 Baby Haze").replace("20 Sativa", "19 Sativa")
    (violation,) = check(text, catalog)
    assert (violation.code, violation.count, violation.limit, violation.lines) == ("more_than_one_baby", 2, 1, (3, 4))
    assert violation.source == f'{SEED} § "Baby"'


def test_validate_two_copies_of_one_baby(catalog):
    """R-000-11, ambiguity 22: one Baby in total, not one per name."""
    text = LEGAL.replace("1 Baby Kush", "2 Baby Kush").replace("20 Sativa", "19 Sativa")
    assert codes(check(text, catalog)) == ["more_than_one_baby"]


def test_validate_banned_set(catalog):
    """R-000-106: every printing of Juego de Cartas 2021 is banned."""
    text = LEGAL.replace("4 Fasent", "4 Fasent [Juego de Cartas 2021]")
    (violation,) = check(text, catalog)
    assert (violation.code, violation.card, violation.line) == ("banned_set", "Fasent", 2)
    assert violation.source == f'{SEED} § "Lista de cartas baneadas"'


def test_validate_banned_set_and_reprint_rule_together(catalog):
    """R-000-106 and R-000-88: Growshop [2021] breaks both rules."""
    text = LEGAL.replace("4 Growshop [TCG]", "4 Growshop [2021]")
    assert codes(check(text, catalog)) == ["banned_set", "illegal_printing"]


def test_validate_banned_printing_hernan_panessi(catalog):
    """R-000-107: "Hernan Panessi x Bajón Celestial - Farmer 2022" is banned."""
    text = LEGAL.replace("4 Growshop [TCG]", "2 Bajón Celestial [Farmer 2022]\n2 Hernan Panessi x Bajón Celestial")
    found = check(text, catalog)
    assert [(v.code, v.line) for v in found] == [("banned_printing", 6), ("banned_printing", 7)]


def test_validate_bajon_celestial_tcg_stays_legal(catalog):
    """R-000-107 with R-000-88: only the Farmer 2022 printing is banned."""
    text = LEGAL.replace("4 Growshop [TCG]", "2 Bajón Celestial [TCG]\n2 Bajon Celestial")
    assert check(text, catalog) == []


def test_validate_promo_printings_banned(catalog):
    """R-000-107: Ramo de Flores (San Valentín 2022), Baco The Creator (2023)."""
    text = LEGAL.replace("4 Growshop [TCG]", "2 Ramo de Flores\n2 Baco The Creator [Promo 2023]")
    ramo, baco = check(text, catalog)
    assert (ramo.code, ramo.card, baco.code, baco.card) == (
        "banned_printing", "Ramo de Flores", "banned_printing", "Baco The Creator",
    )
    assert "la línea no indica impresión: se tomó Promo San Valentin 2022" in ramo.message_es


def test_validate_ban_applies_before_the_ruling_date(catalog):
    """R-000-01 (DESIGN.md decision 19): the ruling's date dates the document, not the bans."""
    text = LEGAL.replace("4 Growshop [TCG]", "4 Bajón Celestial [Farmer 2022]")
    assert codes(check(text, catalog, on_date=date(2024, 3, 2))) == ["banned_printing"]
    assert codes(check(text, catalog, on_date=date(2024, 9, 6))) == ["banned_printing"]


def test_validate_banned_card_scope(catalog):
    """DESIGN.md decision 13: a ban may name a whole card."""
    banned = catalog.extended(bans=(BanEntry(BanScope.CARD, WM, date(2024, 1, 1), card_name="Fasent", source="x"),))
    (violation,) = check(LEGAL, banned)
    assert (violation.code, violation.card, violation.source) == ("banned_card", "Fasent", "x")


@pytest.mark.parametrize(
    "card", ["Bajón Celestial", "Fertilizante", "Growshop", "Guano de Murciélago", "Llamalo Mono", "Plaga de Langostas"]
)
def test_validate_reprint_rule(catalog, card):
    """R-000-88: the six reprints are legal only from the TCG expansion on."""
    legal = LEGAL.replace("4 Growshop [TCG]", f"2 {card} [TCG]\n2 {card} [OG]")
    assert check(legal, catalog) == []
    old = LEGAL.replace("4 Growshop [TCG]", f"4 {card} [2021]")
    illegal = [v for v in check(old, catalog) if v.code == "illegal_printing"]
    assert [(v.card, v.line) for v in illegal] == [(card, 6)]
    assert illegal[0].source == f'{SEED} § "2.5.2. Cartas reimpresas"'


def test_validate_reprint_functionally_identical_older_printing(catalog):
    """R-000-87, ambiguity 24: organizers may mark an older printing legal."""
    older = catalog.extended(
        sets=(CardSet(WM, "PRE", "Preventa", 5),),
        printings=(Printing(WM, "Fertilizante", "PRE", variant="Viejo Fertilizante", functionally_identical=True),
                   Printing(WM, "Growshop", "PRE")),
    )
    text = LEGAL.replace("4 Growshop [TCG]", "2 Fertilizante [Viejo Fertilizante]\n2 Growshop [PRE]")
    assert [(v.code, v.card) for v in check(text, older)] == [("illegal_printing", "Growshop")]


def test_validate_proxies_refused_in_constructed(catalog):
    """R-000-90: player proxies are counterfeits."""
    (violation,) = check(LEGAL.replace("4 Fasent", "4 Fasent (proxy)"), catalog)
    assert (violation.code, violation.line, violation.card) == ("proxy_not_allowed", 2, "Fasent")
    assert violation.source == f'{SEED} § "10.2.5.4. Cartas de representación o Proxys"'


def test_validate_judge_proxy_accepted(catalog):
    """R-000-91: a judge's proxy stands in for a damaged card."""
    assert check(LEGAL.replace("4 Fasent", "3 Fasent\n1 Fasent (proxy de juez)"), catalog) == []


def test_validate_side_deck_refused(catalog):
    assert codes(check(LEGAL + "Side:\n2 Bruma\n", catalog)) == ["sideboard_not_allowed"]


def test_validate_several_violations_reported_together(catalog):
    """R-000-20, 21, 11, 107, 90 and an unknown card, all in one answer."""
    text = """\
5 Fasent
1 Baby Kush
1 Baby Haze
2 Bajón Celestial [Farmer 2022]
4 Escudo de Prensado (proxy)
2 Fasnet
26 Sativa
20 Índica
"""
    found = check(text, catalog)
    assert codes(found) == [
        "unknown_card",
        "deck_size",
        "over_4_copies",
        "more_than_one_baby",
        "banned_printing",
        "proxy_not_allowed",
    ]
    assert [v.line for v in found] == [6, None, 1, 2, 4, 5]
    assert found[1].count == 61
    assert all(v.source and v.message_es for v in found)


def test_validate_unreadable_lines_are_violations(catalog):
    found = check("Fasent\n" + LEGAL, catalog)
    assert [(v.code, v.line) for v in found] == [("missing_quantity", 1)]


def test_validate_unknown_format(catalog):
    with pytest.raises(DeckFormatError) as exc:
        check(LEGAL, catalog, fmt="vintage")
    assert exc.value.code == "unknown_format"


# -- Breeder Quest -----------------------------------------------------------------------


def test_breeder_quest_accepts_proxies_and_smaller_decks(catalog):
    """R-000-50: proxies allowed, up to 60 cards (ambiguity 18 reading (a))."""
    assert check("4 Fasent (proxy)\n1 Baby Kush\n35 Sativa", catalog, fmt="breeder_quest") == []


def test_breeder_quest_over_60(catalog):
    """R-000-50: "hasta 60 cartas"."""
    (violation,) = check(LEGAL + "1 Sativa", catalog, fmt="breeder_quest")
    assert (violation.code, violation.count, violation.limit) == ("deck_too_large", 61, 60)
    assert violation.source == f'{SEED} § "Breeder Quest"'


def test_breeder_quest_keeps_other_limits(catalog):
    """DESIGN.md decision 13: other limits apply in Breeder Quest."""
    text = "5 Fasent (proxy)\n1 Baby Kush\n1 Baby Haze\n1 Ramo de Flores\n20 Sativa"
    assert codes(check(text, catalog, fmt="breeder_quest")) == [
        "over_4_copies", "more_than_one_baby", "banned_printing",
    ]


# -- Torneo Indoor -----------------------------------------------------------------------

POOL = wm.indoor_pool(
    [PoolCard("Fasent", 2), PoolCard("Escudo de Prensado"), PoolCard("Baby Kush"), PoolCard("Sativa", 3)],
    received=[PoolCard("Bruma", 1), PoolCard("Fasent", 1)],
    given=[PoolCard("Escudo de Prensado", 1)],
)


def test_indoor_deck_from_pool_has_no_size(catalog):
    """R-000-52, ambiguity 19: no deck size; pool plus recorded trades."""
    text = "3 Fasent\n1 Baby Kush\n1 Bruma\n23 Sativa"
    assert check(text, catalog, fmt="indoor", pool=POOL) == []


def test_indoor_card_not_in_pool(catalog):
    """R-000-52: a card given away in a trade is no longer in the pool."""
    (violation,) = check("1 Escudo de Prensado\n4 Fasent\n10 Sativa", catalog, fmt="indoor", pool=POOL)[:1]
    assert (violation.code, violation.card, violation.count, violation.limit) == (
        "not_in_pool", "Escudo de Prensado", 1, 0,
    )
    assert violation.source == f'{SEED} § "Torneo Indoor"'


def test_indoor_basic_gems_limited_to_the_pack(catalog):
    """R-000-52: 20 basic gems of the Pack Indoor plus the named ones."""
    (violation,) = check("23 Sativa\n1 Indica", catalog, fmt="indoor", pool=POOL)
    assert (violation.code, violation.count, violation.limit) == ("not_in_pool", 21, 20)


def test_indoor_keeps_baby_and_copy_limits(catalog):
    """Ambiguity 19: the Baby and 4-copy limits still apply in Indoor."""
    pool = wm.indoor_pool([PoolCard("Fasent", 6), PoolCard("Baby Kush"), PoolCard("Baby Haze")])
    text = "5 Fasent\n1 Baby Kush\n1 Baby Haze\n(proxy) 1 Fasent"
    assert codes(check(text, catalog, fmt="indoor", pool=pool)) == [
        "over_4_copies", "more_than_one_baby", "proxy_not_allowed",
    ]


def test_indoor_without_registered_pool(catalog):
    assert codes(check("4 Fasent", catalog, fmt="indoor")) == ["pool_not_registered"]


# -- formats per event kind ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "fmt"),
    [("super_liga", "constructed"), ("nacional", "constructed"), ("breeder_quest", "breeder_quest"),
     ("indoor", "indoor")],
)
def test_format_for_event_kind(kind, fmt):
    """R-000-33, R-000-82: each competitive format validates with its rules."""
    assert wm.PROFILE.format_for_event_kind(kind).key == fmt
