"""Card catalog: names, seed data, CSV import (pure core, no database)."""
from __future__ import annotations

import re
from datetime import date

import pytest

from rules.catalog import (
    BanEntry,
    BanScope,
    Card,
    CardSet,
    Catalog,
    CatalogError,
    CatalogImportError,
    Printing,
    load_catalog_dir,
    normalize_name,
    parse_catalog_csv,
    strip_super,
    suggest,
)
from rules.games import seed_catalog, vocabularies
from rules.games import weed_monsters as wm
from tests.shared_docs import SEEDS_DIR

pytestmark = pytest.mark.unit

WM = "weed_monsters"
RULING = date(2024, 9, 6)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return seed_catalog()


# -- names -------------------------------------------------------------------


def test_normalize_name_ignores_case_accents_and_spaces():
    """R-000-04: "Indica" and "Índica" are the same gem."""
    assert normalize_name("  Gema   ARCOÍRIS ") == "gema arcoiris"
    assert normalize_name("Indica") == normalize_name("Índica")
    assert normalize_name("Dealer’s Cove") == "dealer's cove"


def test_suggest_finds_typos_and_partial_names():
    known = ["Fasent", "Semilla Dorada", "Semilla Oscura", "Growshop"]
    assert suggest("Fasnet", known)[0] == "Fasent"
    assert suggest("dorada", known) == ["Semilla Dorada"]
    assert suggest("growshp", known) == ["Growshop"]
    assert suggest("zzzz", known) == []


def test_strip_super_removes_the_prefix_only():
    """R-001-03: the family of "SÚPER Magia" is "Magia"."""
    assert strip_super("SÚPER Magia") == "Magia"
    assert strip_super("super camuflar") == "camuflar"
    assert strip_super("Magia") == "Magia"


# -- seed data -----------------------------------------------------------------


def test_seed_basic_gems_are_the_five_named(catalog):
    """R-000-04: Híbrida, Índica, Sativa, Ancient, Ruderalis are basic gems."""
    basic = sorted(c.name for c in catalog.cards_of(WM) if c.subtype == "basic_gem")
    assert basic == ["Ancient", "Híbrida", "Ruderalis", "Sativa", "Índica"]
    assert {c.card_type for c in catalog.cards_of(WM) if c.subtype == "basic_gem"} == {"gem"}


def test_seed_special_gems_are_the_eight_named(catalog):
    """R-000-05 and ambiguity 21: the text says 7 but names 8; all 8 seeded."""
    special = sorted(c.name for c in catalog.cards_of(WM) if c.subtype == "special_gem")
    assert special == [
        "Gema Arcoíris",
        "Semilla Desierto",
        "Semilla Dorada",
        "Semilla Eterna",
        "Semilla Oscura",
        "Semilla Pantano",
        "Semilla Reciclaje",
        "Semilla Volcán",
    ]


def test_seed_holds_every_card_the_rulebook_names(catalog):
    """R-000-88, R-000-107 and the cards of the rules examples."""
    named = {
        "Escudo de Prensado", "Medallón de Marley", "Quemaduras", "Black Jack", "Bruma",
        "Fasosito Red", "Fasent", "Bajón Celestial", "Fertilizante", "Growshop",
        "Guano de Murciélago", "Llamalo Mono", "Plaga de Langostas", "Ramo de Flores",
        "Baco The Creator",
    }
    names = {c.name for c in catalog.cards_of(WM)}
    assert named <= names
    assert len(names) == len(named) + 13  # plus 5 basic and 8 special gems


def test_seed_sets_and_promos(catalog):
    """R-000-106/107, R-000-52, R-000-88: every set and promo named."""
    assert [s.name for s in catalog.sets_of(WM)] == [
        "Juego de Cartas 2021",
        "TCG",
        "Farmer 2022",
        "Promo San Valentin 2022",
        "Original Genetics",
        "Promo 2023",
        "W2",
        "Breeder Challenge",
    ]
    promos = {s.code for s in catalog.sets_of(WM) if s.is_promo}
    assert promos == {"FARMER22", "SV22", "PROMO23"}


def test_seed_ban_list_matches_the_rulebook(catalog):
    """R-000-106, R-000-107, R-000-01 (undated: every event, DESIGN.md decision 19)."""
    bans = [(b.scope, b.set_code, b.card_name, b.printing) for b in catalog.bans]
    assert bans == [
        (BanScope.SET, "JC2021", None, None),
        (BanScope.PRINTING, "FARMER22", "Bajón Celestial", "Hernan Panessi x Bajón Celestial"),
        (BanScope.PRINTING, "SV22", "Ramo de Flores", None),
        (BanScope.PRINTING, "PROMO23", "Baco The Creator", None),
    ]
    assert {b.effective_from for b in catalog.bans} == {date.min}
    assert {b.source for b in catalog.bans} == {'000_0014b2ac83da54b4.txt § "Lista de cartas baneadas"'}


def test_seed_reprint_rules_are_the_six_of_2_5_2(catalog):
    """R-000-88: six reprints legal from the TCG expansion on."""
    rules = sorted((r.card_name, r.legal_from_set_code) for r in catalog.reprint_rules)
    assert rules == [
        ("Bajón Celestial", "TCG"),
        ("Fertilizante", "TCG"),
        ("Growshop", "TCG"),
        ("Guano de Murciélago", "TCG"),
        ("Llamalo Mono", "TCG"),
        ("Plaga de Langostas", "TCG"),
    ]


def test_seed_types_follow_the_weed_monsters_vocabulary():
    """R-000-02: types, subtypes and species are exactly the rulebook's."""
    vocabulary = wm.VOCABULARY
    assert sorted(vocabulary.card_types.values()) == sorted(
        ["Gema", "Artefacto", "Monster", "Secuencia", "Objeto", "Ambiental", "Guardián", "Instantánea"]
    )
    assert set(vocabulary.subtypes.values()) == {"Gema básica", "Gema especial", "Baby", "Hongo", "Grow Up"}
    assert set(vocabulary.species.values()) == {
        "Índica", "Sativa", "Híbrida", "Ancient", "Ruderalis", "Incolora", "Multicolor",
    }


def test_seed_every_record_cites_its_seed(catalog):
    """Every seeded card, set, printing, ban and reprint names its source."""
    records = [*catalog.cards, *catalog.sets, *catalog.printings, *catalog.bans, *catalog.reprint_rules]
    assert all(re.match(r'^\d{3}_[0-9a-f]{16}\.txt § "', r.source) for r in records)


@pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason="rulebooks not available")
def test_seed_sources_name_existing_headings(catalog):
    """Each cited heading appears as a line of its rulebook."""
    records = [*catalog.cards, *catalog.sets, *catalog.printings, *catalog.bans, *catalog.reprint_rules]
    for citation in {part.strip() for r in records for part in r.source.split(";")}:
        seed, heading = re.fullmatch(r'(\S+) § "(.+)"', citation).groups()
        lines = {line.strip() for line in (SEEDS_DIR / seed).read_text(encoding="utf-8").splitlines()}
        for part in heading.split(" › "):
            assert part in lines, citation


# -- lookups -----------------------------------------------------------------------


def test_lookup_by_alias_and_variant(catalog):
    assert catalog.card(WM, "medallon").name == "Medallón de Marley"
    match = catalog.lookup(WM, "hernan panessi x bajon celestial")
    assert match.card.name == "Bajón Celestial"
    assert match.printing.set_code == "FARMER22"


def test_default_printing_is_newest_regular_printing(catalog):
    """Ambiguity 23: a line without printing is the newest; promos skipped."""
    assert [p.set_code for p in catalog.printings_of(WM, "Bajón Celestial")] == ["JC2021", "TCG", "FARMER22"]
    assert catalog.default_printing(WM, "Bajón Celestial").set_code == "TCG"
    assert catalog.default_printing(WM, "Ramo de Flores").set_code == "SV22"
    assert catalog.default_printing(WM, "Fasent") is None


def test_find_printing_by_code_name_alias_and_variant(catalog):
    assert catalog.find_printing(WM, "Growshop", "2021").set_code == "JC2021"
    assert catalog.find_printing(WM, "Growshop", "tcg").set_code == "TCG"
    assert catalog.find_printing(WM, "Bajón Celestial", "Farmer 2022").variant == "Hernan Panessi x Bajón Celestial"
    found = catalog.find_printing(WM, "Bajón Celestial", "Farmer 2022 - Hernan Panessi x Bajón Celestial")
    assert found.set_code == "FARMER22"
    assert catalog.find_printing(WM, "Fasent", "Original Genetics").set_code == "OG"
    assert catalog.find_printing(WM, "Fasent", "XYZ") is None


def test_bans_for_respects_effective_dates(catalog):
    """R-000-01, DESIGN.md decision 19: the seed bans apply on every date; a recorded start date is used as given."""
    growshop = catalog.card(WM, "Growshop")
    old = catalog.find_printing(WM, "Growshop", "2021")
    assert [b.scope for b in catalog.bans_for(old, growshop, on_date=date(2024, 3, 2))] == [BanScope.SET]
    dated = catalog.extended(bans=(BanEntry(BanScope.CARD, WM, date(2024, 10, 1), card_name="Growshop"),))
    tcg = dated.find_printing(WM, "Growshop", "TCG")
    assert dated.bans_for(tcg, growshop, on_date=date(2024, 9, 30)) == []
    assert [b.scope for b in dated.bans_for(tcg, growshop, on_date=date(2024, 10, 1))] == [BanScope.CARD]


# -- catalog invariants ------------------------------------------------------------


def test_catalog_rejects_duplicate_names():
    with pytest.raises(CatalogError) as exc:
        Catalog(cards=(Card(WM, "Fasent"), Card(WM, "FASENT")))
    assert exc.value.code == "duplicate_card"


def test_catalog_rejects_printing_of_unknown_set():
    with pytest.raises(CatalogError) as exc:
        Catalog(cards=(Card(WM, "Fasent"),), printings=(Printing(WM, "Fasent", "NOPE"),))
    assert exc.value.code == "unknown_set"


def test_catalog_rejects_ban_of_unknown_set():
    with pytest.raises(CatalogError) as exc:
        Catalog(bans=(BanEntry(BanScope.SET, WM, RULING, set_code="NOPE"),))
    assert exc.value.code == "unknown_set"


def test_ban_entry_needs_the_fields_of_its_scope():
    with pytest.raises(CatalogError) as exc:
        BanEntry(BanScope.PRINTING, WM, RULING, card_name="Fasent")
    assert exc.value.code == "ban_incomplete"


def test_catalog_fills_printing_set_fields():
    catalog = Catalog(
        cards=(Card(WM, "Fasent"),),
        sets=(CardSet(WM, "OG", "Original Genetics", 50),),
        printings=(Printing(WM, "fasent", "og"),),
    )
    (printing,) = catalog.printings
    assert (printing.card_name, printing.set_code, printing.set_name, printing.release_order) == (
        "Fasent", "OG", "Original Genetics", 50,
    )


# -- CSV import ----------------------------------------------------------------------

CARDS_HEADER = "game,name,card_type,subtype,species,family,is_super,aliases,source,note\n"


def test_csv_import_refuses_unknown_card_type():
    """R-000-02: a card of type "Criatura" is a row error naming the line."""
    text = CARDS_HEADER + "weed_monsters,Fasent,Monster,,,,0,,,\nweed_monsters,Dragón,Criatura,,,,0,,,\n"
    with pytest.raises(CatalogImportError) as exc:
        parse_catalog_csv("cards", text, vocabularies=vocabularies(), file="cards.csv")
    (error,) = exc.value.errors
    assert error.line == 3
    assert "Criatura" in error.message
    assert error.message.startswith("cards.csv, línea 3:")


def test_csv_import_accepts_spanish_labels():
    text = CARDS_HEADER + "weed_monsters,Baby Kush,Monster,Baby,Índica,,no,Kush Baby,,\n"
    (card,) = parse_catalog_csv("cards", text, vocabularies=vocabularies())
    assert (card.card_type, card.subtype, card.species, card.aliases) == ("monster", "baby", "indica", ("Kush Baby",))


def test_csv_import_reports_every_bad_row():
    text = (
        CARDS_HEADER
        + "weed_monsters,Gema Rara,Gema,Baby,,,0,,,\n"
        + "ajedrez,Alfil,,,,,0,,,\n"
        + "weed_monsters,Otra,Monster,,,,quizás,,,\n"
    )
    with pytest.raises(CatalogImportError) as exc:
        parse_catalog_csv("cards", text, vocabularies=vocabularies())
    assert [e.line for e in exc.value.errors] == [2, 3, 4]


def test_csv_import_refuses_a_bad_header():
    with pytest.raises(CatalogError) as exc:
        parse_catalog_csv("cards", "game,nombre\nweed_monsters,Fasent\n")
    assert exc.value.code == "bad_csv_header"


def test_load_catalog_dir_reads_a_venue_directory(tmp_path):
    (tmp_path / "sets.csv").write_text(
        "game,code,name,release_order,is_promo,year,aliases,source,note\nweed_monsters,OG,Original Genetics,50,0,,,,\n",
        encoding="utf-8",
    )
    (tmp_path / "cards.csv").write_text(CARDS_HEADER + "weed_monsters,Fasent,,,,,0,,,\n", encoding="utf-8")
    (tmp_path / "printings.csv").write_text(
        "game,card_name,set_code,variant,is_promo,functionally_identical,source\nweed_monsters,Fasent,OG,,0,0,\n",
        encoding="utf-8",
    )
    catalog = load_catalog_dir(tmp_path, vocabularies=vocabularies())
    assert [p.label for p in catalog.printings_of(WM, "fasent")] == ["Original Genetics"]
    assert catalog.bans == ()
