"""The pure renderers: sheets in, PDF bytes out, read back with pypdf (no database).

Checks page counts, A4 pages, the embedded TrueType font and the text:
accents intact, every table and every player present (STYLE.md §7).
"""
from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.pdf import (
    BracketRenderer,
    PairingsByNameRenderer,
    PairingsByTableRenderer,
    ResultSlipsRenderer,
    StandingsRenderer,
)
from tournaments.pdf.base import FONT, clean, fit, points_text
from tournaments.pdf.data import (
    BracketBox,
    BracketSheet,
    BracketSide,
    PairingSheet,
    PostingSheet,
    SheetHeader,
    SlipSeat,
    SlipSheet,
    StandingLine,
    StandingsSheet,
    TableRow,
    TableSlip,
    games_cells,
    games_layout,
    posting_rows,
)
from tournaments.pdf.slips import qr_matrix
from tournaments.text import collation_key

from .conftest import ACCENTED, pdf_text

pytestmark = pytest.mark.unit

A4_PORTRAIT = (595, 842)
HEADER = SheetHeader(
    event_name="Super Liga — Fecha 7 · Córdoba",
    date_text="sábado 3 de febrero de 2024",
    venue_text="Sede Ñuñoa (Córdoba)",
    game_name="Weed Monsters TCG",
    round_label="Ronda 3",
    generated_text="Generado el 03/02/2024 a las 14:05",
)


def players(count: int) -> list[tuple[str, str]]:
    return [(f"{ACCENTED[i % len(ACCENTED)]} {i + 1:03d}", f"WM-{i + 1:05d}") for i in range(count)]


def tables(count: int) -> tuple[TableRow, ...]:
    """``count`` players paired in order; an odd one out gets the bye."""
    field = players(count)
    rows = [
        TableRow(match_id=500 + i, table=i // 2 + 1, player_a=field[i][0], number_a=field[i][1],
                 player_b=field[i + 1][0], number_b=field[i + 1][1], points_a=1.5, points_b=1.0)
        for i in range(0, count - 1, 2)
    ]
    if count % 2:
        rows.append(TableRow(match_id=999, table=None, player_a=field[-1][0], number_a=field[-1][1],
                             points_a=2.0, is_bye=True))
    return tuple(rows)


def layout_lines(content: bytes) -> list[str]:
    """Text lines as laid out on the page, whitespace squeezed."""
    reader = PdfReader(io.BytesIO(content))
    return [" ".join(line.split()) for page in reader.pages
            for line in page.extract_text(extraction_mode="layout").splitlines() if line.strip()]


def page_sizes(content: bytes) -> set[tuple[int, int]]:
    reader = PdfReader(io.BytesIO(content))
    return {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages}


def fonts(content: bytes) -> dict[str, bool]:
    """Every font used by the pages: base name -> has an embedded TrueType file."""
    reader = PdfReader(io.BytesIO(content))
    found = {}
    for page in reader.pages:
        for font in page["/Resources"].get_object().get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
            found[str(font["/BaseFont"])] = embedded
    return found


# --------------------------------------------------------------------------- pairings by table


def test_pairings_by_table_lists_every_table_with_both_players():
    sheet = PairingSheet(HEADER, tables(37))
    pdf = PairingsByTableRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    lines = layout_lines(pdf.content)
    assert pages == pdf.pages == 1
    assert pdf.filename == "emparejamientos-por-mesa.pdf"
    assert pdf.mimetype == "application/pdf"
    for row in sheet.tables:
        if row.is_bye:
            assert any(line.startswith("—") and row.player_a in line and "BYE" in line for line in lines)
        else:
            assert any(line.split(" ", 1)[0] == str(row.table) and row.player_a in line and row.player_b in line
                       for line in lines), row.table
    assert "Emparejamientos por mesa" in text
    assert "Córdoba" in text and "sábado 3 de febrero de 2024" in text


def test_pairings_by_table_flows_across_pages_with_numbered_footers():
    pdf = PairingsByTableRenderer().render(PairingSheet(HEADER, tables(300)))
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == 5
    assert f"Página 1 de {pages}" in text and f"Página {pages} de {pages}" in text
    assert text.count("Jugador") == pages  # the column headings repeat on every page
    assert page_sizes(pdf.content) == {A4_PORTRAIT}


def test_pairings_by_table_marks_an_unavoidable_rematch():
    rows = list(tables(4))
    rows[1] = TableRow(**{**{f: getattr(rows[1], f) for f in TableRow.__slots__}, "rematch": True})
    _pages, text = pdf_text(PairingsByTableRenderer().render(PairingSheet(HEADER, tuple(rows))).content)
    assert "2*" in text
    assert "Revancha inevitable" in text


def test_pairings_by_table_prints_seeds_in_a_top_cut():
    rows = (TableRow(match_id=1, table=1, player_a="Ñandú Pérez", number_a="A", player_b="José Núñez",
                     number_b="B", seed_a=1, seed_b=4, caption="Semifinal 1"),)
    _pages, text = pdf_text(PairingsByTableRenderer().render(PairingSheet(HEADER, rows)).content)
    assert "Pos." in text and "Semifinal 1" in text


def test_pairings_by_table_of_an_empty_round_is_one_page():
    pdf = PairingsByTableRenderer().render(PairingSheet(HEADER, ()))
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == 1
    assert "Sin emparejamientos." in text


# --------------------------------------------------------------------------- posting sheet


def test_posting_rows_list_both_players_of_every_table_and_the_bye():
    rows = posting_rows(tables(5))
    assert [row.name for row in rows] == sorted((name for name, _n in players(5)), key=collation_key)
    by_name = {row.name: row for row in rows}
    assert by_name[players(5)[0][0]].table == 1
    assert by_name[players(5)[0][0]].opponent == players(5)[1][0]
    assert by_name[players(5)[4][0]].table is None  # the bye


def test_posting_sheet_prints_everyone_alphabetically_in_two_columns():
    sheet = PostingSheet(HEADER, posting_rows(tables(75)))
    pdf = PairingsByNameRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == 2
    names = {row.name for row in sheet.rows}
    printed = [line for line in text.splitlines() if line in names]
    assert printed == [row.name for row in sheet.rows]  # everyone, once, in alphabetical flow order
    assert "Ñ" in text.split("\n")  # the letter band of Ñandú
    assert text.count("Mesa") == 2 * pages  # the headings of both columns on every page


# --------------------------------------------------------------------------- result slips


def slips(count: int, best_of: int = 3) -> SlipSheet:
    rows = [row for row in tables(count) if not row.is_bye]
    return SlipSheet(HEADER, tuple(
        TableSlip(row.table, (SlipSeat(1, row.player_a, row.number_a), SlipSeat(2, row.player_b, row.number_b)),
                  f"http://arena.test/juez/mesas/{row.match_id}/")
        for row in rows), best_of=best_of)


def test_result_slips_one_per_table_three_to_a_page():
    sheet = slips(15)  # 7 tables and a bye
    pdf = ResultSlipsRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == math.ceil(7 / 3)
    assert text.count("PLANILLA DE RESULTADO") == 7
    for slip in sheet.slips:
        assert slip.seats[0].name in text and slip.seats[1].name in text
        assert slip.result_url.removeprefix("http://arena.test") in text
    for heading in ("Partida 1", "Partida 3", "Turnos extra", "Terminó por tiempo", "Juez (nombre y firma)",
                    "Cargar resultado (juez)"):
        assert " ".join(text.split()).count(heading) == 7, heading
    assert page_sizes(pdf.content) == {A4_PORTRAIT}


def test_result_slips_in_best_of_one_have_a_single_game_box():
    _pages, text = pdf_text(ResultSlipsRenderer().render(slips(4, best_of=1)).content)
    assert "Partida 1" not in " ".join(text.split())
    assert text.count("Partida\n") + text.count("Partida ") >= 2


def test_qr_matrix_is_a_square_code_for_the_url():
    matrix = qr_matrix("http://arena.test/juez/mesas/123/")
    assert len(matrix) == len(matrix[0]) >= 21
    assert matrix[0][:7] == [True] * 7  # the top-left finder pattern, no quiet zone


# --------------------------------------------------------------------------- standings


def standings(count: int) -> StandingsSheet:
    rows = tuple(
        StandingLine(rank=i if i != 3 else 2, name=name, number=number, venue="La Cueva del Dragón",
                     cells=games_cells(match_points=4.5 - i * 0.5 if i < 9 else 0, wins=2, draws=1, losses=0,
                                       buchholz=7.5, head_to_head=1 if i == 2 else 0, game_differential=3 - i),
                     technical_tie=i in (2, 3), note="abandonó" if i == 5 else "")
        for i, (name, number) in enumerate(players(count), start=1)
    )
    return StandingsSheet(HEADER, "Posiciones tras la ronda 2", rows, games_layout())


def test_standings_print_every_player_with_the_rulebook_tiebreak_columns():
    sheet = standings(24)
    pdf = StandingsRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    flat = " ".join(text.split())
    assert pages == pdf.pages == 1
    for row in sheet.rows:
        assert row.name in text
    assert "Handicap: vs" in flat and "Handicap: x" in flat and "Buchholz" in flat
    assert "Posiciones tras la ronda 2" in text
    assert "=2" in text and "empate técnico" in text
    assert "(abandonó)" in text
    assert "3,5" in text  # decimal comma


def test_standings_of_a_large_field_repeat_headings_on_every_page():
    pdf = StandingsRenderer().render(standings(200))
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == 6
    assert " ".join(text.split()).count("Handicap: vs") >= pages


# --------------------------------------------------------------------------- bracket


def test_bracket_draws_every_stage_with_seeds_results_and_champion():
    side = BracketSide
    boxes = (
        BracketBox(2, 1, side("Ñandú Pérez", 1, 2, True), side("Renée Güemes", 4, 1), table=1),
        BracketBox(2, 2, side("José Núñez", 2, 0), side("Íñigo Muñoz", 3, 2, True), table=2),
        BracketBox(1, 1, side("Ñandú Pérez", 1, 2, True), side("Íñigo Muñoz", 3, 1), table=1),
        BracketBox(0, 1, side("José Núñez", 2, 2, True), side("Renée Güemes", 4, 0), table=2),
    )
    sheet = BracketSheet(HEADER, 4, boxes, third_place_match=True, champion="Ñandú Pérez",
                         podium=("Ñandú Pérez", "Íñigo Muñoz", "José Núñez"))
    pdf = BracketRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    assert pages == pdf.pages == 1
    assert page_sizes(pdf.content) == {(842, 595)}  # landscape
    for heading in ("Semifinales", "Final", "Tercer puesto", "Campeón", "Podio"):
        assert heading in text
    for name in ("Ñandú Pérez", "Renée Güemes", "José Núñez", "Íñigo Muñoz"):
        assert name in text
    assert "1º Ñandú Pérez" in " ".join(text.split())


def test_bracket_of_eight_without_results_prints_empty_later_stages():
    side = BracketSide
    boxes = tuple(BracketBox(3, slot, side(f"Jugador {slot}", slot), side(f"Rival {slot}", 9 - slot))
                  for slot in range(1, 5))
    _pages, text = pdf_text(BracketRenderer().render(BracketSheet(HEADER, 8, boxes)).content)
    assert "Cuartos de final" in text and "Semifinales" in text and "Final" in text
    assert "Jugador 4" in text and "Rival 4" in text


# --------------------------------------------------------------------------- fonts and text


@pytest.mark.parametrize("render", [
    lambda: PairingsByTableRenderer().render(PairingSheet(HEADER, tables(9))),
    lambda: PairingsByNameRenderer().render(PostingSheet(HEADER, posting_rows(tables(9)))),
    lambda: ResultSlipsRenderer().render(slips(9)),
    lambda: StandingsRenderer().render(standings(9)),
    lambda: BracketRenderer().render(BracketSheet(HEADER, 4, ())),
], ids=["by-table", "by-name", "slips", "standings", "bracket"])
def test_every_document_embeds_its_truetype_fonts_only(render):
    used = fonts(render().content)
    assert used
    assert all(embedded for embedded in used.values()), used
    assert all("Vera" in name or "Arena" in name for name in used), used


def test_clean_keeps_spanish_and_drops_only_missing_glyphs():
    assert clean("¿Qué pasó, Ñandú? ¡Ganó Güemes! — «sí»") == "¿Qué pasó, Ñandú? ¡Ganó Güemes! — «sí»"
    assert clean("Ștefan Ăvram ☃") == "Stefan Avram ?"
    assert clean(None) == ""


def test_fit_shrinks_then_shortens_a_long_name_to_its_width():
    name = "Maximiliano de la Santísima Trinidad Echeverría Sáenz Valiente"
    text, size = fit(name, FONT, 10, 100)
    assert text.endswith("…") and size == 7.5
    assert stringWidth(text, FONT, size) <= 100
    assert fit("Ana", FONT, 10, 100) == ("Ana", 10)


def test_points_use_a_decimal_comma():
    assert [points_text(p) for p in (3.0, 2.5, 0, None)] == ["3", "2,5", "0", ""]
