"""CSV import of the catalog (django-import-export): the seed files import as
they are, a bad row is reported with its column and nothing is imported."""
from __future__ import annotations

import datetime

import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile

from rules.catalog import DATA_DIR
from rules.models import BanEntry, Card, CardSet, Printing
from rules.resources import RESOURCES, BanEntryResource, CardResource, PrintingResource

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def dataset(text: str) -> tablib.Dataset:
    return tablib.Dataset().load(text, format="csv")


def row_errors(result) -> dict[int, dict[str, list[str]]]:
    """{row number: {field: [messages]}} of the rows refused by validation."""
    return {row.number: row.error.message_dict for row in result.invalid_rows}


CARDS_HEADER = "game,name,card_type,subtype,species,family,is_super,aliases,source,note\n"


def test_import_cards_with_a_bad_row_reports_it_and_imports_nothing():
    text = CARDS_HEADER + (
        "weed_monsters,Baby Kush,Monster,Baby,Índica,,0,,Sede,\n"
        "weed_monsters,Kush Alado,Criatura,,,,0,,Sede,\n"
        "weed_monsters,Kush Gigante,monster,,,,quizás,,Sede,\n"
        "juego_x,Otra,,,,,0,,,\n"
    )
    result = CardResource().import_data(dataset(text), dry_run=False, raise_errors=False)
    assert result.has_validation_errors()
    errors = row_errors(result)
    assert sorted(errors) == [2, 3, 4]
    assert "tipo de carta «Criatura» desconocido" in errors[2]["card_type"][0]
    assert "«quizás» no es sí/no" in errors[3]["is_super"][0]
    assert "juego desconocido «juego_x»" in errors[4]["game"][0]
    assert not Card.objects.filter(name__in=["Baby Kush", "Kush Alado"]).exists()


def test_import_cards_by_label_and_update_existing_by_name_without_accents():
    text = CARDS_HEADER + (
        "weed_monsters,Baby Kush,Monster,Baby,Índica,,0,Kushito,Sede,\n"
        "weed_monsters,FASENT,Monster,,Sativa,,0,,Sede,Tipo cargado por la sede\n"
    )
    result = CardResource().import_data(dataset(text), dry_run=False)
    assert not result.has_errors() and not result.has_validation_errors()
    baby = Card.objects.get(name="Baby Kush")
    assert (baby.card_type, baby.subtype, baby.species, baby.aliases) == ("monster", "baby", "indica", "Kushito")
    fasent = Card.objects.get(name_key="fasent")
    assert (fasent.name, fasent.card_type, fasent.species) == ("FASENT", "monster", "sativa")
    assert Card.objects.filter(name_key="fasent").count() == 1


def test_import_printing_and_ban_need_known_cards_and_sets():
    printings = "game,card_name,set_code,variant,is_promo,functionally_identical,source\n" + (
        "weed_monsters,Fasent,OG,,0,0,Sede\n"
        "weed_monsters,Fasent,Ediciòn Fantasma,,0,0,Sede\n"
    )
    result = PrintingResource().import_data(dataset(printings), dry_run=False)
    assert row_errors(result) == {
        2: {"card_set": [
            "expansión desconocida «Ediciòn Fantasma» en Weed Monsters TCG; cargala primero en Expansiones"
        ]}
    }
    assert not Printing.objects.filter(card__name="Fasent").exists()
    bans = "game,scope,set_code,card_name,printing,effective_from,effective_until,reason,source\n" + (
        "weed_monsters,card,,Fasnet,,2024-10-01,,,Sede\n"
        "weed_monsters,printing,OG,Fasent,,2024-10-01,,,Sede\n"
        "weed_monsters,todo,,,,01/10/2024,,,Sede\n"
    )
    errors = row_errors(BanEntryResource().import_data(dataset(bans), dry_run=False))
    assert errors[1] == {"card": ["carta desconocida «Fasnet» en Weed Monsters TCG; cargala primero en Cartas"]}
    assert "no hay impresión de «Fasent» en Original Genetics" in errors[2]["printing"][0]
    assert set(errors[3]) == {"scope", "effective_from"}
    assert BanEntry.objects.count() == 4


def test_import_a_valid_ban_list_adds_and_reimport_updates():
    bans = "game,scope,set_code,card_name,printing,effective_from,effective_until,reason,source\n" + (
        "weed_monsters,card,,fasent,,2024-10-01,,Baneo de la sede,Anuncio\n"
    )
    BanEntryResource().import_data(dataset(bans), dry_run=False)
    BanEntryResource().import_data(dataset(bans.replace("Anuncio", "Anuncio corregido")), dry_run=False)
    ban = BanEntry.objects.get(scope="card")
    assert (ban.card.name, ban.effective_from, ban.source) == (
        "Fasent", datetime.date(2024, 10, 1), "Anuncio corregido"
    )


@pytest.mark.parametrize("kind", ["sets", "cards", "printings", "bans", "reprints"])
def test_reimporting_the_seed_files_changes_nothing(kind):
    text = (DATA_DIR / f"{kind}.csv").read_text(encoding="utf-8")
    model = RESOURCES[kind]._meta.model
    before = model.objects.count()
    result = RESOURCES[kind]().import_data(dataset(text), dry_run=False)
    assert not result.has_errors() and not result.has_validation_errors()
    assert model.objects.count() == before
    assert {row.import_type for row in result.rows} == {"skip"}


def test_export_round_trips_the_seed_columns():
    exported = BanEntryResource().export()
    assert exported.headers == ["game", "scope", "set_code", "card_name", "printing", "effective_from",
                                "effective_until", "reason", "source"]
    rows = {(r[1], r[2], r[3], r[4]) for r in exported}
    assert ("printing", "FARMER22", "Bajón Celestial", "Hernan Panessi x Bajón Celestial") in rows
    assert ("set", "JC2021", "", "") in rows


def test_admin_import_page_shows_the_row_errors(client, django_user_model):
    admin = django_user_model.objects.create_superuser("admin", "a@example.com", "secreto-123")
    client.force_login(admin)
    upload = SimpleUploadedFile(
        "cartas.csv", (CARDS_HEADER + "weed_monsters,Kush Alado,Criatura,,,,0,,Sede,\n").encode(), "text/csv"
    )
    response = client.post(
        "/admin/rules/card/import/", {"resource": "0", "format": "0", "import_file": upload}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "tipo de carta «Criatura» desconocido en Weed Monsters TCG" in page
    assert 'name="import_file_name"' not in page  # no confirm form while rows are invalid
    assert not Card.objects.filter(name="Kush Alado").exists()
    assert CardSet.objects.count() == 8
