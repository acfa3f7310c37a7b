"""Ban list and reprint rule dates (issue #16 §2) and the sale rule (§7),
pure core, no database.

DESIGN.md decision 19: the ruling's "Última actualización" (2024-09-06,
R-000-01) dates the document, not the bans — every entry of the ban list
(000_0014b2ac83da54b4.txt § "Lista de cartas baneadas") and of the reprint
rule (000_0014b2ac83da54b4.txt § "2.5.2. Cartas reimpresas") applies to
every event unless the organizer records a start date for that entry.
"""
from __future__ import annotations

from datetime import date

import pytest

from rules.catalog import UNDATED, BanEntry, BanScope, Card, Catalog, parse_catalog_csv
from rules.decks import validate
from rules.games import seed_catalog
from rules.games import weed_monsters as wm
from rules.rulings import sale_is_legal

pytestmark = pytest.mark.unit

WM = "weed_monsters"
BANS = '000_0014b2ac83da54b4.txt § "Lista de cartas baneadas"'
REPRINTS = '000_0014b2ac83da54b4.txt § "2.5.2. Cartas reimpresas"'

#: Super Liga 2024 dates on either side of the ruling's 2024-09-06.
BEFORE_RULING = date(2024, 3, 2)
AFTER_RULING = date(2024, 9, 21)

#: The audit's deck: 60 cards, one Baby, with 4 Ramo de Flores (its only
#: printing is the banned San Valentín 2022 promo), 4 Growshop of the banned
#: 2021 set (also an old printing of a reprint legal only from TCG on) and the
#: banned Panessi variant of Bajón Celestial (Farmer 2022, released after TCG,
#: so the reprint rule allows it).
AUDIT_DECK = """\
Monsters:
4 Fasent
1 Baby Kush
// Objetos y otros
4 Ramo de Flores
4 Growshop [2021]
1 Bajón Celestial [Farmer 2022]
Gemas:
4 Semilla Dorada
4 Gema Arcoíris
19 Sativa
19 Índica
"""

#: Derived by hand from the seed lists: Ramo → banned printing; Growshop
#: [2021] → banned set and illegal printing; Panessi → banned printing.
AUDIT_VIOLATIONS = [
    ("banned_printing", "Ramo de Flores", BANS),
    ("banned_set", "Growshop", BANS),
    ("banned_printing", "Bajón Celestial", BANS),
    ("illegal_printing", "Growshop", REPRINTS),
]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return seed_catalog().extended(cards=(Card(WM, "Baby Kush", card_type="monster", subtype="baby"),))


def violations(catalog: Catalog, on_date: date, text: str = AUDIT_DECK) -> list[tuple[str, str, str]]:
    return [(v.code, v.card, v.source) for v in validate(text, wm.PROFILE, catalog, on_date=on_date)]


def test_seed_bans_and_reprint_rules_have_no_start_date(catalog):
    """R-000-01, R-000-106, R-000-107, R-000-88 (DESIGN.md decision 19): no
    seed entry carries the ruling's date; all start on ``UNDATED``."""
    assert len(catalog.bans) == 4 and len(catalog.reprint_rules) == 6
    assert {b.effective_from for b in catalog.bans} == {date.min}
    assert {b.effective_until for b in catalog.bans} == {None}
    assert {r.effective_from for r in catalog.reprint_rules} == {date.min}
    assert UNDATED == date(1, 1, 1)


@pytest.mark.parametrize("on_date", [BEFORE_RULING, AFTER_RULING, date(2024, 9, 5), date(2022, 1, 1)])
def test_audit_deck_gets_the_same_four_violations_before_and_after_the_ruling(catalog, on_date):
    """R-000-106, R-000-107, R-000-87, R-000-88 on every event date: the deck
    of issue #16 §2 had none on 2024-03-02 when the bans started on the
    ruling's date; the decision gives it the same four on both dates."""
    assert violations(catalog, on_date) == AUDIT_VIOLATIONS


def test_the_ruling_date_no_longer_splits_the_old_ban_test(catalog):
    """R-000-01: 4 Bajón Celestial [Farmer 2022] is banned the day before the
    ruling's date too (the old reading let it pass on 2024-09-05)."""
    text = AUDIT_DECK.replace("4 Ramo de Flores\n4 Growshop [2021]\n1 Bajón Celestial [Farmer 2022]\n",
                              "4 Growshop [TCG]\n4 Bajón Celestial [Farmer 2022]\n1 Sativa\n")
    expected = [("banned_printing", "Bajón Celestial", BANS)]
    assert violations(catalog, date(2024, 9, 5), text) == expected
    assert violations(catalog, date(2024, 9, 6), text) == expected


def test_an_organizer_recorded_start_date_is_used_as_given(catalog):
    """DESIGN.md decision 19: "recorded dates are used as given" — a ban the
    organizer dates 2024-10-01 does not apply on 2024-09-30 and does on
    2024-10-01; the undated seed bans apply on both."""
    dated = catalog.extended(bans=(BanEntry(BanScope.CARD, WM, date(2024, 10, 1), card_name="Fasent", source="x"),))
    before = violations(dated, date(2024, 9, 30))
    on_day = violations(dated, date(2024, 10, 1))
    assert before == AUDIT_VIOLATIONS
    assert ("banned_card", "Fasent", "x") in on_day
    assert sorted(on_day) == sorted([*AUDIT_VIOLATIONS, ("banned_card", "Fasent", "x")])


def test_csv_empty_start_date_is_undated_and_a_given_one_is_kept():
    bans = parse_catalog_csv(
        "bans",
        "game,scope,set_code,card_name,printing,effective_from,effective_until,reason,source\n"
        "weed_monsters,card,,Fasent,,,,sin fecha,s\n"
        "weed_monsters,card,,Fasent,,2024-10-01,2025-01-01,con fecha,s\n",
    )
    assert [(b.effective_from, b.effective_until) for b in bans] == [
        (date(1, 1, 1), None), (date(2024, 10, 1), date(2025, 1, 1)),
    ]
    assert bans[0].in_force(date(1990, 5, 5)) and not bans[1].in_force(date(2024, 9, 30))
    reprints = parse_catalog_csv(
        "reprints",
        "game,card_name,legal_from_set_code,effective_from,source\n"
        "weed_monsters,Growshop,TCG,,s\n"
        "weed_monsters,Growshop,TCG,2025-02-03,s\n",
    )
    assert [r.effective_from for r in reprints] == [date(1, 1, 1), date(2025, 2, 3)]


# --- selling (000_0014b2ac83da54b4.txt § "6.3. Fase Principal") ---


@pytest.mark.parametrize(
    ("values", "legal", "code", "total"),
    [
        ((1, 3, 4), True, "ok", 8),  # 1, 4, then 8: 5 is reached by the last card named
        ((4, 1), True, "ok", 5),
        ((3, 3), True, "ok", 6),
        ((5,), True, "ok", 5),
        ((0, 5), True, "ok", 5),  # a card without Valor before the sum reaches 5
        ((2, 2, 2), True, "ok", 6),
        ((4, 3, 1), False, "card_not_needed", 8),  # 4, 7: complete; the 1 comes after
        ((3, 4, 1), False, "card_not_needed", 8),
        ((3, 2, 1), False, "card_not_needed", 6),
        ((5, 0), False, "card_not_needed", 5),
        ((1, 1, 1, 1), False, "below_5", 4),
        ((), False, "below_5", 0),
    ],
)
def test_sale_adds_cards_in_the_order_named(values, legal, code, total):
    """R-000-26 (DESIGN.md decision 18): cards join the sale in the order the
    player names them; once the sum reaches 5 no card may be added. {1, 3, 4}
    is legal in that order although dropping the 1 still covers 5."""
    check = sale_is_legal(values)
    assert (check.legal, check.code, check.total_value) == (legal, code, total)
    assert check.source == 'Rule: 000_0014b2ac83da54b4.txt § "6.3. Fase Principal"'
