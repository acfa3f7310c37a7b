"""Undated bans in the database (issue #16 §2): the seed rows, data migration
0008 and deck validation through ``catalog_for``.

DESIGN.md decision 19: the ruling's "Última actualización" (R-000-01) dates
the document, not 000_0014b2ac83da54b4.txt § "Lista de cartas baneadas" or
§ "2.5.2. Cartas reimpresas"; recorded start dates are used as given.
"""
from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps

from rules import selectors
from rules.models import BanEntry, Card, Game, ReprintRule

from .conftest import LEGAL, WM

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

RULING = datetime.date(2024, 9, 6)
ALWAYS = datetime.date(1, 1, 1)
undate_migration = importlib.import_module("rules.migrations.0008_undated_seed_bans")

AUDIT_DECK = LEGAL.replace(
    "4 Escudo de Prensado\n4 Growshop [TCG]\n",
    "4 Ramo de Flores\n4 Growshop [2021]\n",
).replace("20 Sativa", "19 Sativa\n1 Bajón Celestial [Farmer 2022]")


def report_codes(on_date):
    found = selectors.deck_report(game_key=WM, text=AUDIT_DECK, on_date=on_date).violations
    return sorted((v["code"], v["card"]) for v in found)


def test_migrated_seed_bans_and_reprint_rules_start_undated():
    """R-000-106, R-000-107, R-000-88: the four bans and six reprint rules
    are in the database with no start date (``date.min``)."""
    assert sorted(BanEntry.objects.values_list("effective_from", flat=True)) == [ALWAYS] * 4
    assert sorted(ReprintRule.objects.values_list("effective_from", flat=True)) == [ALWAYS] * 6


@pytest.mark.parametrize("on_date", [datetime.date(2024, 3, 2), datetime.date(2024, 9, 21)])
def test_audit_deck_violations_from_the_database_on_both_dates(babies, on_date):
    """R-000-106, R-000-107, R-000-88 on the 2024-03-02 and 2024-09-21 Super
    Liga dates: the same four violations (derived by hand: Ramo de Flores
    and the Panessi printing banned; Growshop [2021] in the banned set and
    an old printing of a reprint)."""
    assert sum(int(line.split()[0]) for line in AUDIT_DECK.splitlines() if line[:1].isdigit()) == 60
    assert report_codes(on_date) == [
        ("banned_printing", "Bajón Celestial"),
        ("banned_printing", "Ramo de Flores"),
        ("banned_set", "Growshop"),
        ("illegal_printing", "Growshop"),
    ]


def test_migration_0008_undates_only_the_rows_that_still_look_seeded():
    game = Game.objects.get(key=WM)
    fasent = Card.objects.get(game=game, name="Fasent")
    # Back to the state 0005 left: every seed row on the ruling's date …
    BanEntry.objects.update(effective_from=RULING)
    ReprintRule.objects.update(effective_from=RULING)
    # … except one seed ban an organizer re-dated, plus an organizer's own ban on the ruling's date.
    redated = BanEntry.objects.get(scope="set")
    redated.effective_from = datetime.date(2024, 10, 1)
    redated.save()
    own = BanEntry.objects.create(game=game, scope="card", card=fasent, effective_from=RULING, reason="propio")

    undate_migration.undate(apps, None)

    dates = {b.pk: b.effective_from for b in BanEntry.objects.all()}
    assert dates.pop(redated.pk) == datetime.date(2024, 10, 1)
    assert dates.pop(own.pk) == RULING
    assert sorted(dates.values()) == [ALWAYS] * 3  # the three seed printing bans
    assert set(ReprintRule.objects.values_list("effective_from", flat=True)) == {ALWAYS}

    undate_migration.redate(apps, None)

    assert sorted(BanEntry.objects.exclude(pk__in=[redated.pk, own.pk]).values_list("effective_from", flat=True)) \
        == [RULING] * 3
    assert BanEntry.objects.get(pk=redated.pk).effective_from == datetime.date(2024, 10, 1)
    assert set(ReprintRule.objects.values_list("effective_from", flat=True)) == {RULING}


def test_an_organizer_dated_ban_in_the_database_applies_from_its_date(babies):
    """DESIGN.md decision 19: recorded dates are used as given."""
    game = Game.objects.get(key=WM)
    BanEntry.objects.create(game=game, scope="card", card=Card.objects.get(game=game, name="Fasent"),
                            effective_from=datetime.date(2024, 10, 1))
    assert ("banned_card", "Fasent") not in report_codes(datetime.date(2024, 9, 30))
    assert ("banned_card", "Fasent") in report_codes(datetime.date(2024, 10, 1))


def test_ban_list_admin_lists_the_undated_rows(admin_client):
    """The admin's ``date_hierarchy`` on ``effective_from`` copes with year 1."""
    response = admin_client.get("/admin/rules/banentry/")
    assert response.status_code == 200
    assert response.content.decode().count('class="action-select"') == 4
