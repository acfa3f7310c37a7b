"""Admin imports answer a bad file with a Spanish message naming the row and column (issue #26, point 8).

Each test builds the bad file (CSV text, or an XLSX workbook with openpyxl),
uploads it through the admin's import page and checks the message shown, that
no Python traceback reaches the page and that nothing was written. Rows are
numbered as django-import-export numbers them: 1 is the first row after the
header.
"""
from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from rules.models import BanEntry, Card
from tournaments.models import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

CSV_FORMAT, XLSX_FORMAT = "0", "1"
CARDS_HEADER = ["game", "name", "card_type", "subtype", "species", "family", "is_super", "aliases", "source", "note"]
BANS_HEADER = ["game", "scope", "set_code", "card_name", "printing", "effective_from", "effective_until", "reason",
               "source"]


def xlsx(rows: list[list]) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def csv_text(rows: list[list]) -> bytes:
    return "".join(",".join(str(cell) for cell in row) + "\n" for row in rows).encode()


def upload(client, url_name: str, rows: list[list], fmt: str):
    content, name = (csv_text(rows), "archivo.csv") if fmt == CSV_FORMAT else (xlsx(rows), "archivo.xlsx")
    response = client.post(reverse(url_name), {"import_file": SimpleUploadedFile(name, content), "format": fmt})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Traceback" not in html and 'File "' not in html  # no Python traceback on the page
    return response, html


def invalid_rows(response) -> dict[int, dict[str, list[str]]]:
    return {row.number: row.error_dict for row in response.context["result"].invalid_rows}


# --------------------------------------------------------------------------- players


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_player_file_missing_a_column_names_it_without_a_traceback(client_a, fmt):
    response, html = upload(client_a, "admin:tournaments_player_import", [["nombre", "sede"], ["Ana", "Sede Palermo"]],
                            fmt)

    result = response.context["result"]
    assert [str(error.error) for error in result.base_errors] == [
        "Faltan columnas en el archivo: número. Columnas esperadas: nombre, número, sede, provincia."]
    assert [error.traceback for error in result.base_errors] == [""]
    assert "Faltan columnas en el archivo: número." in html
    assert not Player.objects.exists()


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_player_file_with_an_overlong_name_names_row_column_and_limit(client_a, venue_a, fmt):
    rows = [["nombre", "número", "sede", "provincia"],
            ["Ana Paz", "WM-1", "Sede Palermo", "CABA"],
            ["B" * 121, "WM-2", "Sede Palermo", "CABA"]]  # Player.display_name: max_length 120

    response, html = upload(client_a, "admin:tournaments_player_import", rows, fmt)

    assert invalid_rows(response) == {2: {"nombre": ["Tiene 121 caracteres y el máximo es 120."]}}
    assert "Tiene 121 caracteres y el máximo es 120." in html
    assert not Player.objects.exists()


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_player_file_with_a_bad_value_names_row_and_column(client_a, venue_a, fmt):
    rows = [["nombre", "número", "sede", "provincia"],
            ["Ana Paz", "WM-1", "Sede Palermo", "Córdoba"]]  # venue_a is in CABA

    response, html = upload(client_a, "admin:tournaments_player_import", rows, fmt)

    assert invalid_rows(response) == {1: {"provincia": ["La sede «Sede Palermo» es de CABA, no de Córdoba."]}}
    assert not Player.objects.exists()


def test_a_row_failing_in_an_unforeseen_way_is_named_in_spanish_without_a_traceback(client_a, venue_a, monkeypatch):
    from tournaments.resources import PlayerResource

    def broken(self, instance, row, **kwargs):
        raise TypeError("unsupported operand type(s)")

    monkeypatch.setattr(PlayerResource, "import_instance", broken)
    rows = [["nombre", "número", "sede", "provincia"], ["Ana Paz", "WM-1", "Sede Palermo", "CABA"]]

    response, html = upload(client_a, "admin:tournaments_player_import", rows, CSV_FORMAT)

    errors = [(number, [str(e.error) for e in errs]) for number, errs in response.context["result"].row_errors()]
    assert errors == [(1, ["Fila 1: no se pudo leer (TypeError); revisá sus valores."])]
    assert "unsupported operand" not in html
    assert not Player.objects.exists()


# --------------------------------------------------------------------------- catalog and ban list


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_card_file_missing_columns_names_them(client, superuser, fmt):
    client.force_login(superuser)

    response, html = upload(client, "admin:rules_card_import", [["game", "name"], ["weed_monsters", "Kush"]], fmt)

    assert [str(error.error) for error in response.context["result"].base_errors] == [
        "Faltan columnas en el archivo: card_type, subtype, species, family, is_super, aliases, source, note. "
        "Columnas esperadas: " + ", ".join(CARDS_HEADER) + "."]
    assert not Card.objects.filter(name="Kush").exists()


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_card_file_with_an_overlong_name_names_row_column_and_limit(client, superuser, fmt):
    client.force_login(superuser)
    rows = [CARDS_HEADER, ["weed_monsters", "K" * 161, "monster", "", "", "", "0", "", "Sede", ""]]  # Card.name: 160

    response, html = upload(client, "admin:rules_card_import", rows, fmt)

    assert invalid_rows(response) == {1: {"name": ["Tiene 161 caracteres y el máximo es 160."]}}
    assert not Card.objects.filter(name__startswith="KKK").exists()


@pytest.mark.parametrize("fmt", [CSV_FORMAT, XLSX_FORMAT])
def test_ban_file_with_bad_values_names_row_and_columns(client, superuser, fmt):
    client.force_login(superuser)
    rows = [BANS_HEADER, ["weed_monsters", "bogus", "", "", "", "2020-13-01", "", "", "Anuncio"]]
    before = BanEntry.objects.count()

    response, html = upload(client, "admin:rules_banentry_import", rows, fmt)

    assert invalid_rows(response) == {1: {
        "scope": ["alcance «bogus» desconocido; valores: set, card, printing"],
        "effective_from": ["«2020-13-01» no es una fecha AAAA-MM-DD"],
    }}
    assert BanEntry.objects.count() == before
