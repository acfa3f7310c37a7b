"""Catalog models, the seed data migration and ``catalog_for`` (issue #6 §1–2).

Rules: 000_0014b2ac83da54b4.txt § "Gemas", § "Lista de cartas baneadas",
§ "2.5.2. Cartas reimpresas"; DESIGN.md decision 13.
"""
from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from rules import selectors
from rules.decks import codes
from rules.errors import CatalogUnavailable
from rules.games import seed_catalog
from rules.models import BanEntry, Card, CardSet, Game, Printing, ReprintRule

from .conftest import EVENT_DATE, LEGAL, WM

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SEED = "000_0014b2ac83da54b4.txt"
seed_migration = importlib.import_module("rules.migrations.0005_seed_catalog")


def report(text: str, on_date=EVENT_DATE, fmt=None):
    return selectors.deck_report(game_key=WM, text=text, fmt=fmt, on_date=on_date)


def test_seed_migration_loads_the_five_basic_gems():
    gems = Card.objects.filter(game__key=WM, subtype="basic_gem")
    assert sorted(gems.values_list("name", flat=True)) == ["Ancient", "Híbrida", "Ruderalis", "Sativa", "Índica"]
    assert Card.objects.get(game__key=WM, name="Índica").species == "indica"
    assert Card.objects.filter(game__key=WM, subtype="special_gem").count() == 8


def test_seed_migration_loads_the_ban_list_and_reprint_rules():
    bans = {
        (b.scope, b.target_label)
        for b in BanEntry.objects.select_related("card_set", "printing__card", "printing__card_set")
    }
    assert bans == {
        ("set", "Juego de Cartas 2021 (JC2021)"),
        ("printing", "Bajón Celestial [Farmer 2022] — Hernan Panessi x Bajón Celestial"),
        ("printing", "Ramo de Flores [Promo San Valentin 2022]"),
        ("printing", "Baco The Creator [Promo 2023]"),
    }
    assert all(b.effective_from == datetime.date.min for b in BanEntry.objects.all())
    assert sorted(ReprintRule.objects.values_list("card__name", flat=True)) == [
        "Bajón Celestial", "Fertilizante", "Growshop", "Guano de Murciélago", "Llamalo Mono", "Plaga de Langostas",
    ]
    assert set(ReprintRule.objects.values_list("legal_from_set__code", flat=True)) == {"TCG"}


def test_seed_migration_matches_the_pure_seed_catalog():
    for game in ("weed_monsters", "blobbiemundo", "planets_war", "stoner_points"):
        built = selectors.catalog_for(game)
        seed = seed_catalog().for_game(game)
        assert built.cards == seed.cards
        assert built.sets == seed.sets
        assert sorted(map(repr, built.printings)) == sorted(map(repr, seed.printings))
        assert set(built.bans) == set(seed.bans)
        assert set(built.reprint_rules) == set(seed.reprint_rules)


def test_seed_migration_is_reversible_and_keeps_organizer_rows():
    game = Game.objects.get(key=WM)
    own = Card.objects.create(game=game, name="Carta de la sede")
    seed_migration.unseed(apps, None)
    assert list(Card.objects.filter(game=game)) == [own]
    assert not CardSet.objects.exists() and not BanEntry.objects.exists() and not ReprintRule.objects.exists()
    seed_migration.seed(apps, None)
    assert Card.objects.filter(game=game).count() == 28 + 1
    assert BanEntry.objects.count() == 4
    seed_migration.seed(apps, None)  # idempotent
    assert BanEntry.objects.count() == 4


def test_catalog_for_uses_five_queries(django_assert_num_queries):
    with django_assert_num_queries(5):
        catalog = selectors.catalog_for(WM, EVENT_DATE)
    assert catalog.card(WM, "indica").name == "Índica"


def test_catalog_for_leaves_out_bans_not_yet_in_force():
    """DESIGN.md decision 19: the seed bans (undated) apply on every date; a recorded date is used as given."""
    game = Game.objects.get(key=WM)
    BanEntry.objects.create(game=game, scope="card", card=Card.objects.get(game=game, name="Fasent"),
                            effective_from=datetime.date(2024, 10, 1))
    assert len(selectors.catalog_for(WM, datetime.date(2024, 1, 1)).bans) == 4
    assert len(selectors.catalog_for(WM, datetime.date(2024, 10, 1)).bans) == 5


def test_organizer_ban_on_a_card_makes_a_legal_list_illegal(babies):
    assert report(LEGAL).violations == []
    game = Game.objects.get(key=WM)
    fasent = Card.objects.get(game=game, name="Fasent")
    BanEntry.objects.create(
        game=game, scope="card", card=fasent, effective_from=datetime.date(2024, 10, 1),
        reason="Baneo de la sede", source="Anuncio de la organización 2024-10-01",
    )
    (violation,) = report(LEGAL).violations
    assert (violation["code"], violation["card"], violation["line"]) == ("banned_card", "Fasent", 2)
    assert violation["source"] == "Anuncio de la organización 2024-10-01"
    assert report(LEGAL, on_date=datetime.date(2024, 9, 30)).violations == []


def test_organizer_lifting_a_set_ban_with_an_end_date_legalizes_the_set(babies):
    text = LEGAL.replace("4 Growshop [TCG]", "4 Escudo de Prensado [Juego de Cartas 2021]").replace(
        "4 Escudo de Prensado\n", "4 Fertilizante [TCG]\n"
    )
    assert codes(_violations(text)) == ["banned_set"]
    ban = BanEntry.objects.get(scope="set")
    ban.effective_until = datetime.date(2024, 10, 1)
    ban.save()
    assert _violations(text) == []
    assert ban.history.count() == 1  # the seed row had no history; the edit has one


def _violations(text):
    from rules.decks import DeckViolation

    return [DeckViolation(v["code"], v["message"], v["source"]) for v in report(text).violations]


def test_functionally_identical_printing_escapes_the_reprint_rule(babies):
    text = LEGAL.replace("4 Growshop [TCG]", "4 Growshop [Juego de Cartas 2021]")
    found = report(text, on_date=datetime.date(2024, 9, 6)).violations
    assert sorted(v["code"] for v in found) == ["banned_set", "illegal_printing"]
    Printing.objects.filter(card__name="Growshop", card_set__code="JC2021").update(functionally_identical=True)
    assert [v["code"] for v in report(text, on_date=datetime.date(2024, 9, 6)).violations] == ["banned_set"]


def test_card_clean_refuses_a_name_that_differs_only_by_accents():
    game = Game.objects.get(key=WM)
    with pytest.raises(ValidationError) as exc:
        Card(game=game, name="INDICA").full_clean()
    assert "Índica" in str(exc.value)


def test_card_clean_refuses_a_type_outside_the_vocabulary():
    game = Game.objects.get(key=WM)
    with pytest.raises(ValidationError) as exc:
        Card(game=game, name="Kush Nueva", card_type="creature", subtype="baby").full_clean()
    assert set(exc.value.message_dict) == {"card_type"}
    with pytest.raises(ValidationError) as exc:
        Card(game=game, name="Kush Nueva", card_type="gem", subtype="baby").full_clean()
    assert "Baby" in exc.value.message_dict["subtype"][0]


def test_ban_clean_requires_the_target_of_its_scope():
    game = Game.objects.get(key=WM)
    ban = BanEntry(game=game, scope="printing", card=Card.objects.get(name="Fasent"),
                   effective_from=datetime.date(2024, 1, 1))
    with pytest.raises(ValidationError) as exc:
        ban.full_clean()
    assert set(exc.value.message_dict) == {"card", "printing"}


def test_inconsistent_catalog_is_reported_as_a_domain_error():
    game = Game.objects.get(key=WM)
    Card.objects.create(game=game, name="Fasent Dorado", aliases="Fasent")  # bypasses clean()
    with pytest.raises(CatalogUnavailable) as exc:
        selectors.catalog_for(WM)
    assert "Fasent" in exc.value.message
