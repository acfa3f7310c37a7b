"""Game profiles of every seed rulebook (pure core, no database).

Ship, Queen, beast and material names below are test fixtures: the
rulebooks name none of them.
"""
from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from rules.catalog import Card, Catalog
from rules.decks import codes, validate
from rules.games import (
    MODULES,
    REGISTRY,
    blobbiemundo,
    get_profile,
    planets_war,
    reinas,
    seed_catalog,
    stoner_points,
    weed_monsters,
)
from rules.games.base import ProfileError, build_registry

pytestmark = pytest.mark.unit

ON = date(2024, 10, 5)


# -- registry ------------------------------------------------------------------------


def test_registry_holds_every_seed_game():
    assert list(REGISTRY) == [
        "weed_monsters", "blobbiemundo", "planets_war", "copa_del_mundo", "reinas", "stoner_points",
    ]


def test_registry_is_built_from_the_modules():
    for module in MODULES:
        assert REGISTRY[module.PROFILE.key] is module.PROFILE


def test_get_profile_unknown_game():
    with pytest.raises(ProfileError) as exc:
        get_profile("ajedrez")
    assert exc.value.code == "unknown_game"


def test_build_registry_refuses_duplicate_keys():
    with pytest.raises(ProfileError) as exc:
        build_registry([reinas, reinas])
    assert exc.value.code == "duplicate_game"


def test_profiles_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        weed_monsters.PROFILE.default_best_of = 5  # type: ignore[misc]


@pytest.mark.parametrize("key", list(REGISTRY))
def test_profile_formats_cite_their_rulebook(key):
    profile = REGISTRY[key]
    assert profile.format().key == profile.default_format
    for deck_format in profile.formats:
        assert profile.source_file in deck_format.source
    assert profile.source_file in profile.catalog_source


def test_seed_catalog_types_belong_to_each_game_vocabulary():
    """R-000-02: seeded types are choices of the game's vocabulary."""
    for card in seed_catalog().cards:
        vocabulary = REGISTRY[card.game].vocabulary
        assert card.card_type is None or card.card_type in vocabulary.card_types
        assert card.subtype is None or card.subtype in vocabulary.subtypes


# -- Weed Monsters -------------------------------------------------------------------


def test_weed_monsters_profile():
    """R-000-01, R-000-61, R-000-76: duel, best of 3, 50-minute rounds,
    ruling 2024-09-06 (ambiguity 30)."""
    profile = weed_monsters.PROFILE
    assert (profile.players_min, profile.players_max) == (2, 2)
    assert (profile.default_best_of, profile.default_round_minutes) == (3, 50)
    assert profile.rules_date == date(2024, 9, 6)
    assert [f.key for f in profile.formats] == ["constructed", "breeder_quest", "indoor"]


def test_weed_monsters_legal_deck():
    """R-000-20, R-000-21, R-000-04."""
    assert validate("4 Fasent\n4 Bruma\n52 Sativa", weed_monsters.PROFILE, seed_catalog(), on_date=ON) == []


# -- Blobbiemundo ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def blobbie_catalog() -> Catalog:
    return seed_catalog().extended(
        cards=(Card("blobbiemundo", "Rayo", card_type="cosmic"),
               Card("blobbiemundo", "SÚPER Rayo", card_type="cosmic", is_super=True))
    )


def check_blobbie(text: str, catalog: Catalog, **kwargs) -> list:
    return validate(text, blobbiemundo.PROFILE, catalog, on_date=ON, **kwargs)


def test_blobbiemundo_profile():
    """R-001-16 and ambiguity 34: version 2.4, best of three combats."""
    profile = blobbiemundo.PROFILE
    assert (profile.players_min, profile.players_max, profile.default_best_of) == (2, 2, 3)
    assert profile.rules_version == "Versión 2.4 • 14/8/2019"


def test_blobbiemundo_family_with_super_versions_legal(blobbie_catalog):
    """R-001-03: 1 Magia + 2 SÚPER Magia is legal."""
    assert check_blobbie("1 Magia\n2 SÚPER Magia\n3 Trabar", blobbie_catalog) == []


def test_blobbiemundo_family_over_3(blobbie_catalog):
    """R-001-03: 2 Magia + 2 SÚPER Magia exceeds the family limit of 3."""
    (violation,) = check_blobbie("2 Magia\n2 super magia\n3 Trabar", blobbie_catalog)
    assert (violation.code, violation.card, violation.count, violation.limit, violation.lines) == (
        "family_over_3", "Magia", 4, 3, (1, 2),
    )
    assert violation.source == '001_eff5eaaa4c47c954.txt § "Cartas SÚPER"'


def test_blobbiemundo_family_from_name_without_super(blobbie_catalog):
    """R-001-03: with no family recorded, "SÚPER Rayo" belongs to "Rayo"."""
    assert codes(check_blobbie("3 Rayo\n1 SÚPER Rayo", blobbie_catalog)) == ["family_over_3"]
    assert codes(check_blobbie("4 Trabar", blobbie_catalog)) == ["family_over_3"]


def test_blobbiemundo_unregistered_card_is_a_grave_fault(blobbie_catalog):
    """R-001-08: a card not registered for the tournament is a falta grave."""
    registered = "3 Trabar\n1 Magia\nSide:\n2 Amnesia"
    (violation,) = check_blobbie("3 Trabar\n1 Suerte", blobbie_catalog, registered=registered)
    assert (violation.code, violation.card, violation.line) == ("unregistered_card", "Suerte", 2)
    assert "falta grave" in violation.message_es
    assert violation.source == '001_eff5eaaa4c47c954.txt § "Penalidades"'


def test_blobbiemundo_side_deck_added_without_removing_cards(blobbie_catalog):
    """R-001-08: playing more cards after adding the side deck."""
    registered = "3 Trabar\n1 Magia\nSide:\n2 Amnesia"
    found = check_blobbie("3 Trabar\n1 Magia\n2 Amnesia", blobbie_catalog, registered=registered)
    assert [(v.code, v.count, v.limit) for v in found] == [("more_cards_than_registered", 6, 4)]


def test_blobbiemundo_side_swap_matches_registration(blobbie_catalog):
    registered = "3 Trabar\n1 Magia\nSide:\n2 Amnesia"
    assert check_blobbie("2 Trabar\n2 Amnesia", blobbie_catalog, registered=registered) == []


# -- Planets War and La Copa del Mundo ---------------------------------------------------


@pytest.fixture(scope="module")
def planets_catalog() -> Catalog:
    ships = tuple(Card("planets_war", f"Nave {n:02d}", card_type="ship") for n in range(1, 22))
    return seed_catalog().extended(cards=(*ships, Card("planets_war", "Sin Tipo")))


SHIPS_20 = "\n".join(f"1 Nave {n:02d}" for n in range(1, 21))
HELP_5 = "1 Reparación\n1 Agujero Negro\n1 Construcción\n1 Crítico\n1 Refuerzo"


def test_planets_war_profile():
    """R-002-01: 2 players."""
    assert (planets_war.PROFILE.players_min, planets_war.PROFILE.players_max) == (2, 2)


def test_planets_war_fixed_deck_legal(planets_catalog):
    """R-002-02: 20 ship cards and 5 help cards per player."""
    assert validate(f"{SHIPS_20}\n{HELP_5}", planets_war.PROFILE, planets_catalog, on_date=ON) == []


def test_planets_war_21_ships(planets_catalog):
    """R-002-02: 21 ships → violation."""
    found = validate(f"{SHIPS_20}\n1 Nave 21\n{HELP_5}", planets_war.PROFILE, planets_catalog, on_date=ON)
    assert [(v.code, v.count, v.limit) for v in found] == [("ship_cards_count", 21, 20)]
    assert found[0].source == '002_c95a30c488414cab.txt § "Planets War › CONTENIDO"'


def test_planets_war_missing_help_card_and_untyped_card(planets_catalog):
    text = f"{SHIPS_20}\n{HELP_5}".replace("1 Refuerzo", "1 Sin Tipo")
    found = validate(text, planets_war.PROFILE, planets_catalog, on_date=ON)
    assert [(v.code, v.count) for v in found] == [("card_type_unknown", None), ("help_cards_count", 4)]


def test_copa_del_mundo_is_2_to_4_players():
    """R-002-07: La Copa del Mundo is played by 2 to 4 Managers."""
    profile = get_profile("copa_del_mundo")
    assert (profile.players_min, profile.players_max) == (2, 4)
    assert profile is planets_war.COPA_DEL_MUNDO


def test_copa_del_mundo_table_kit():
    """002 § "La Copa del Mundo › CONTENIDO": 12 / 8 / 32 / 12 cards."""
    kinds = {"team": 12, "basic_player": 8, "advanced_player": 32, "shot": 12}
    catalog = Catalog(cards=tuple(Card("copa_del_mundo", k, card_type=k) for k in kinds))
    text = "\n".join(f"{n} {k}" for k, n in kinds.items())
    assert validate(text, planets_war.COPA_DEL_MUNDO, catalog, on_date=ON) == []
    short = text.replace("32 advanced_player", "31 advanced_player")
    assert codes(validate(short, planets_war.COPA_DEL_MUNDO, catalog, on_date=ON)) == ["kit_advanced_players_count"]


# -- Reinas --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reinas_catalog() -> Catalog:
    return Catalog(
        cards=(
            Card("reinas", "Reina Roja", card_type="queen"),
            Card("reinas", "Reina Blanca", card_type="queen"),
            Card("reinas", "Lobo Gris", card_type="beast"),
        )
    )


def test_reinas_one_queen(reinas_catalog):
    """R-003-01: exactly one Queen commands the deck."""
    assert validate("1 Reina Roja\n3 Lobo Gris", reinas.PROFILE, reinas_catalog, on_date=ON) == []


def test_reinas_no_queen(reinas_catalog):
    """R-003-01."""
    found = validate("3 Lobo Gris", reinas.PROFILE, reinas_catalog, on_date=ON)
    assert [(v.code, v.count, v.limit) for v in found] == [("queen_count", 0, 1)]
    assert found[0].source == '003_d9cdb044881e36ac.txt § "Inicio de Juego"'


def test_reinas_two_queens(reinas_catalog):
    """R-003-01, ambiguity 35: a single registered Queen."""
    found = validate("1 Reina Roja\n1 Reina Blanca\n3 Lobo Gris", reinas.PROFILE, reinas_catalog, on_date=ON)
    assert [(v.code, v.count, v.lines) for v in found] == [("queen_count", 2, (1, 2))]


# -- stoner points ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stoner_catalog() -> Catalog:
    return seed_catalog().extended(
        cards=(
            Card("stoner_points", "Material genérico", card_type="material"),
            Card("stoner_points", "Acción genérica", card_type="action"),
            Card("stoner_points", "Papel", card_type="tool", subtype="paper"),
        )
    )


KIT = """\
Mazo materiales:
60 Material genérico
Mazo juego:
24 Acción genérica
1 Policía
1 Scavenger
26 Papel
2 Short Memory
2 Nice Tool!
2 Pass It!
2 Drug Test!
"""


def test_stoner_points_profile():
    """R-004-01: 2 to 6 players."""
    assert (stoner_points.PROFILE.players_min, stoner_points.PROFILE.players_max) == (2, 6)


def test_stoner_points_table_kit_complete(stoner_catalog):
    """R-004-03: 60 materials; 60 game cards = 26 actions + 26 tools + 8 out-of-turn."""
    assert validate(KIT, stoner_points.PROFILE, stoner_catalog, on_date=ON) == []


def test_stoner_points_table_kit_short_of_actions(stoner_catalog):
    """R-004-03."""
    found = validate(KIT.replace("24 Acción", "23 Acción"), stoner_points.PROFILE, stoner_catalog, on_date=ON)
    assert [(v.code, v.count, v.limit) for v in found] == [("kit_actions_count", 25, 26)]
    assert found[0].source == '004_4a3d59c736a1e8f3.txt § "3 Preparación"'


def test_stoner_points_kit_from_counts():
    """R-004-03: a kit recorded by counts only."""
    assert stoner_points.kit_violations(materials=60, actions=26, tools=26, out_of_turn=8) == []
    found = stoner_points.kit_violations(materials=59, actions=26, tools=27, out_of_turn=8)
    assert [(v.code, v.count) for v in found] == [("kit_materials_count", 59), ("kit_tools_count", 27)]


def test_profile_deck_validator_hook_replaces_format_rules():
    """A game whose check fits no format rule plugs in its own validator."""
    from rules.decks import DeckViolation

    def only_even_decks(ctx):
        if ctx.deck.main_count % 2:
            yield DeckViolation("odd_deck", "Mazo impar.", "test", count=ctx.deck.main_count)

    profile = dataclasses.replace(reinas.PROFILE, deck_validator=only_even_decks)
    catalog = Catalog(cards=(Card("reinas", "Lobo Gris", card_type="beast"),))
    assert codes(validate("3 Lobo Gris", profile, catalog, on_date=ON)) == ["odd_deck"]
    assert validate("2 Lobo Gris", profile, catalog, on_date=ON) == []
