"""Spreadsheet downloads in the reader's convention (issue #28 point 3; :mod:`tournaments.spreadsheets`).

An es-AR Excel expects «;» between cells and a decimal comma; an English one «,» and a point. XLSX
keeps numbers as numbers and a formula-looking name as text.
"""
from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from tournaments.spreadsheets import spreadsheet_response

pytestmark = pytest.mark.unit

HEADER = ["Jugador", "Puntos", "Buchholz"]
ROWS = [["Ana Muñoz", 17.5, 3], ['=HYPERLINK("http://x.example")', 2, 0.25]]


def test_spanish_csv_uses_semicolons_and_the_decimal_comma():
    with translation.override("es-ar"):
        body = spreadsheet_response("t", HEADER, ROWS, kind="csv").content.decode("utf-8")
    assert body.splitlines() == ["\ufeffJugador;Puntos;Buchholz", "Ana Muñoz;17,5;3",
                                 '"\'=HYPERLINK(""http://x.example"")";2;0,25']


def test_english_csv_uses_commas_and_the_decimal_point():
    with translation.override("en"):
        body = spreadsheet_response("t", HEADER, ROWS, kind="csv").content.decode("utf-8")
    assert body.splitlines()[1] == "Ana Muñoz,17.5,3"


def test_xlsx_keeps_numbers_as_numbers_and_formulas_as_text():
    response = spreadsheet_response("t", HEADER, ROWS, kind="xlsx", sheet="Posiciones")
    assert response["Content-Disposition"] == 'attachment; filename="t.xlsx"'
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Posiciones"]
    rows = list(book.active.iter_rows(values_only=True))
    assert rows == [("Jugador", "Puntos", "Buchholz"), ("Ana Muñoz", 17.5, 3),
                    ('=HYPERLINK("http://x.example")', 2, 0.25)]
    assert book.active["A3"].data_type == "s"  # text: a spreadsheet never runs it


def test_another_kind_is_refused():
    with pytest.raises(ValueError):
        spreadsheet_response("t", HEADER, ROWS, kind="ods")
