"""The fast paths of the renderers: fixed-version QR codes, rows drawn on the canvas, the slips' static form.

Expected values come from the QR specification (ISO/IEC 18004 capacities,
format-information BCH code), from the qrcode library's own fit path and
from the page geometry in millimetres, never from the renderers' output.
"""
from __future__ import annotations

import io

import pytest
import qrcode
from pypdf import PdfReader
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.pdf import PairingsByTableRenderer, ResultSlipsRenderer
from tournaments.pdf.base import FONT
from tournaments.pdf.data import PairingSheet, SlipSeat, SlipSheet, TableRow, TableSlip
from tournaments.pdf.slips import qr_matrix

from .conftest import pdf_text
from .test_renderers import HEADER, tables

pytestmark = pytest.mark.unit


def library_matrix(data: str) -> list[list[bool]]:
    """The qrcode library's normal path: fit search on, level M, mask 2, one segment."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=2)
    code.add_data(data, optimize=0)
    code.make(fit=True)
    return code.get_matrix()


def url_of(length: int) -> str:
    """A lowercase (byte-mode) URL of exactly ``length`` characters."""
    prefix = "http://arena.test/juez/"
    return prefix + "m" * (length - len(prefix))


@pytest.mark.parametrize("data", [
    "http://127.0.0.1:8000/juez/eventos/1/rondas/5/mesas/17/",
    "https://torneos.example.org/juez/eventos/123/rondas/12/mesas/1024/?origen=planilla",
    "http://a.b/",
    "12345678901234567890",  # numeric mode
    "HTTP://ARENA/1",  # alphanumeric mode
])
def test_qr_matrix_is_the_code_the_library_fits_for_the_same_data(data):
    assert qr_matrix(data) == library_matrix(data)


@pytest.mark.parametrize(("length", "version"), [
    # Byte capacities at level M (ISO/IEC 18004, table 7): version 3 holds 42, 4 holds 62, 5 holds 84.
    (42, 3), (43, 4), (62, 4), (63, 5), (84, 5), (85, 6),
])
def test_qr_version_is_the_smallest_holding_the_url_at_level_m(length, version):
    matrix = qr_matrix(url_of(length))
    assert len(matrix) == 17 + 4 * version
    assert all(len(row) == len(matrix) for row in matrix)


def format_bits(level_bits: int, mask: int) -> str:
    """The 15-bit format information (ISO/IEC 18004 § 7.9): BCH(15,5) of level and mask, XOR 101010000010010."""
    data = (level_bits << 3) | mask
    remainder = data << 10
    generator = 0b10100110111
    for shift in range(4, -1, -1):
        if remainder & (1 << (shift + 10)):
            remainder ^= generator << shift
    return format(((data << 10) | remainder) ^ 0b101010000010010, "015b")


def test_qr_format_information_says_level_m_and_mask_2():
    matrix = qr_matrix("http://127.0.0.1:8000/juez/eventos/1/rondas/5/mesas/17/")
    expected = [bit == "1" for bit in format_bits(0b00, 2)]  # level M is 00
    # Around the top-left finder: row 8 (columns 0-5, 7, 8), then column 8 (rows 7, 5-0), most significant first.
    printed = [matrix[8][col] for col in (0, 1, 2, 3, 4, 5, 7, 8)] + [matrix[row][8] for row in (7, 5, 4, 3, 2, 1, 0)]
    assert printed == expected


def text_runs(content: bytes) -> list[tuple[int, float, float, float, str]]:
    """Every text run of a PDF: (page index, x, baseline y, font size, text)."""
    runs = []
    reader = PdfReader(io.BytesIO(content))
    for index, page in enumerate(reader.pages):
        def visit(text, cm, tm, font_dict, font_size, index=index):
            if text.strip():
                runs.append((index, tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], font_size * tm[0] * cm[0], text))
        page.extract_text(visitor_text=visit)
    return runs


def test_a_long_name_is_shortened_to_its_cell_in_the_pairings_by_table():
    name = "Maximiliano de la Santísima Trinidad Echeverría Sáenz Valiente de Güemes y Ñandú"
    rows = (TableRow(match_id=1, table=1, player_a=name, number_a="WM-00001", player_b="Ana Paz",
                     number_b="WM-00002", points_a=3, points_b=1),)
    pdf = PairingsByTableRenderer().render(PairingSheet(HEADER, rows))
    runs = text_runs(pdf.content)
    shortened = [run for run in runs if run[4].startswith("Maximiliano")]
    assert len(shortened) == 1
    _page, x, _y, size, text = shortened[0]
    assert text.endswith("…") and name.startswith(text[:-1].rstrip())
    # The player column: 12 mm margin + 16 mm table column, 71 mm wide, 2 pt padding each side.
    cell_left, cell_right = (12 + 16) * mm, (12 + 16 + 71) * mm
    assert x >= cell_left
    assert x + stringWidth(text, FONT, size) <= cell_right - 2 + 0.01
    assert "WM-00001" not in " ".join(run[4] for run in runs)  # the name took the number's room
    assert any(run[4].startswith("Ana Paz") for run in runs)


def test_the_rematch_note_moves_to_a_new_page_when_the_last_page_is_full():
    # A4 is 297 mm tall: 30 mm top (header band), 14 mm bottom and a 6.5 mm heading row leave
    # 246.5 mm, room for 33 rows of 7.4 mm. 66 tables fill two pages exactly.
    rows = list(tables(132))
    rows[-1] = TableRow(**{**{f: getattr(rows[-1], f) for f in TableRow.__slots__}, "rematch": True})
    pdf = PairingsByTableRenderer().render(PairingSheet(HEADER, tuple(rows)))
    reader = PdfReader(io.BytesIO(pdf.content))
    pages = [page.extract_text() for page in reader.pages]
    assert pdf.pages == len(pages) == 3
    assert "Revancha inevitable" in pages[2] and "Revancha inevitable" not in pages[1]
    assert "66*" in pages[1] and "34" in pages[1].split() and "33" in pages[0].split()
    assert "Página 3 de 3" in pages[2]


def test_each_slip_keeps_its_own_table_players_and_extra_time_over_the_shared_form():
    slips = tuple(
        TableSlip(n, (SlipSeat(1, f"Jugadora Ñ{n}", f"WM-{n:05d}"), SlipSeat(2, f"Rival Ü{n}", f"WM-{n + 100:05d}")),
                  f"http://arena.test/juez/mesas/{n}/", extra_minutes=5 if n == 2 else 0)
        for n in range(1, 5)
    )
    pdf = ResultSlipsRenderer().render(SlipSheet(HEADER, slips))
    pages, text = pdf_text(pdf.content)
    flat = " ".join(text.split())
    assert pages == 2
    assert flat.count("Tiempo extra de la mesa: +5 min") == 1
    assert flat.count("Juez (nombre y firma)") == flat.count("Cargar resultado (juez)") == 4
    for n in range(1, 5):
        assert f"Firma — Jugadora Ñ{n}" in flat and f"Firma — Rival Ü{n}" in flat
        assert f"/juez/mesas/{n}/" in flat
    runs = text_runs(pdf.content)
    tables_printed = [run[4] for run in runs if run[3] > 20]  # the table number is printed at 26 pt
    assert tables_printed == ["1", "2", "3", "4"]
