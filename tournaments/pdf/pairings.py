"""Pairings of a round: the list by table and the posting sheet by name.

- :class:`PairingsByTableRenderer` — one row per table in table order, the
  bye last, with each player's match points before the round (seeds in a
  top-cut round). For the organizer and the judges.
- :class:`PairingsByNameRenderer` — the posting sheet for the wall: every
  player in alphabetical order with their table in large type, in two
  columns, a heading row per initial letter.

Both take read models of :mod:`tournaments.pdf.data` and return
:class:`~tournaments.pdf.base.RenderedPdf`. Widths are in millimetres.
"""
from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..text import collation_initial
from .base import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    GREEN,
    GREEN_LIGHT,
    GREY,
    GREY_LIGHT,
    INK,
    ZEBRA,
    FitText,
    FlowingRenderer,
    RenderedPdf,
    TwoLineText,
    color_op,
    fit,
    fit_line,
    points_text,
    text_ops,
)
from .data import PairingSheet, PostingSheet
from .layout import empty_story


class PairingsByTableRenderer(FlowingRenderer):
    """Pairings in table order (A4 portrait, one column)."""

    title = "Emparejamientos por mesa"
    slug = "emparejamientos-por-mesa"
    col_table_mm = 16.0
    col_player_mm = 71.0
    col_points_mm = 11.0
    col_vs_mm = 6.0
    row_height_mm = 7.4
    heading_height_mm = 6.5
    name_size = 10.0
    heading_align = ("center", "left", "center", "center", "left", "center")

    @property
    def heading_widths_mm(self) -> tuple[float, ...]:
        return (self.col_table_mm, self.col_player_mm, self.col_points_mm,
                self.col_vs_mm, self.col_player_mm, self.col_points_mm)

    def render(self, sheet: PairingSheet) -> RenderedPdf:
        header = sheet.header
        seeded = any(row.seed_a is not None for row in sheet.tables)
        score_title = "Pos." if seeded else "Pts"
        self.headings = ("Mesa", "Jugador", score_title, "", "Rival", score_title)
        if sheet.by_seat:
            self.headings = ("Mesa", "Jugador", score_title, "", "", "")
        if not sheet.tables:
            content, pages = self.build(header, empty_story("Sin emparejamientos."))
            return self.result(header, content, pages)
        height = self.row_height_mm * mm
        rematch = any(row.rematch for row in sheet.tables)
        draw_row = self._row_drawer(sheet, seeded, height)
        note = "* Revancha inevitable: no había otro emparejamiento posible." if rematch else ""
        content, pages = self.build_rows(header, [height] * len(sheet.tables), draw_row, note=note)
        return self.result(header, content, pages)

    def _row_drawer(self, sheet: PairingSheet, seeded: bool, height: float):
        """A ``draw_row`` for :meth:`build_rows`: one table per row, straight on the canvas.

        Same cells as the platypus table it replaces (2 pt side padding,
        middle-aligned): table number (with its caption), player, score,
        "vs", rival (or the bye), score; zebra rows, a rule under each row
        and one after the table column.
        """
        widths = [w * mm for w in self.heading_widths_mm]
        starts = [sum(widths[:i]) for i in range(len(widths))]
        total_w = sum(widths)
        player_w = self.col_player_mm * mm - 4  # cell padding
        table_w = self.col_table_mm * mm - 2
        size = self.name_size
        ink, grey, black = color_op(INK), color_op(GREY), color_op(colors.black)
        zebra = f"{color_op(ZEBRA)} "
        rules = f"{fp_str(0.25)} w {color_op(GREY_LIGHT, stroke=True)}"
        column_rule = f"{fp_str(0.5)} w {color_op(GREY_LIGHT, stroke=True)}"
        # A plain string in a middle-aligned platypus cell: baseline at (height + leading) / 2 - size.
        score_base = (height + 10 * 1.2) / 2 - 10
        vs_base = (height + 8 * 1.2) / 2 - 8
        vs_w = stringWidth("vs", FONT_ITALIC, 8)
        tables = sheet.tables

        def centred(canv, layers, font, font_size, middle, baseline, text) -> None:
            layers.text.append(text_ops(canv, font, font_size, middle - stringWidth(text, font, font_size) / 2,
                                        baseline, text))

        def player(canv, layers, x, bottom, name, number, *, font=FONT, color=ink) -> None:
            for pfont, psize, px, pbase, text, is_secondary in fit_line(
                    name, player_w, height, font=font, size=size, secondary=number):
                layers.text.append(grey if is_secondary else color)
                layers.text.append(text_ops(canv, pfont, psize, x + px, bottom + pbase, text))

        def draw_row(canv, layers, index, x, bottom, _width) -> None:
            row = tables[index]
            top = bottom + height
            if index % 2:
                layers.back.append(f"{zebra}{fp_str(x, bottom, total_w, height)} re f")
            layers.lines.append(f"{rules} {fp_str(x, bottom)} m {fp_str(x + total_w, bottom)} l S")
            layers.lines.append(f"{column_rule} {fp_str(x + widths[0], bottom)} m {fp_str(x + widths[0], top)} l S")
            # Table number, centred; with a caption the number goes up and the caption under it.
            table = "—" if row.table is None else str(row.table)
            if row.rematch:
                table += "*"
            middle = x + 1 + table_w / 2
            layers.text.append(ink)
            if row.caption:
                centred(canv, layers, FONT_BOLD, 11 * 0.9, middle, bottom + height * 0.45, table)
                caption, csize = fit(row.caption, FONT, 6.5, table_w - 1, min_size=5)
                layers.text.append(grey)
                centred(canv, layers, FONT, csize, middle, bottom + height * 0.12, caption)
            else:
                centred(canv, layers, FONT_BOLD, 11, middle, bottom + (height - 11 * 0.72) / 2, table)
            if seeded:
                score_a, score_b = _seed(row.seed_a), _seed(row.seed_b)
            else:
                score_a, score_b = points_text(row.points_a), points_text(row.points_b)
            player(canv, layers, x + starts[1] + 2, bottom, row.player_a, row.number_a)
            if row.is_bye or row.player_b is None:
                player(canv, layers, x + starts[4] + 2, bottom, sheet.bye_text, "", font=FONT_ITALIC, color=grey)
                score_b = ""
            else:
                player(canv, layers, x + starts[4] + 2, bottom, row.player_b, row.number_b or "")
            layers.text.append(black)
            for column, score in ((2, score_a), (5, score_b)):
                if score:
                    centred(canv, layers, FONT_BOLD, 10, x + starts[column] + widths[column] / 2,
                            bottom + score_base, score)
            if not row.is_bye:
                layers.text.append(grey)
                layers.text.append(text_ops(canv, FONT_ITALIC, 8, x + starts[3] + (widths[3] - vs_w) / 2,
                                            bottom + vs_base, "vs"))

        return draw_row


class PairingsByNameRenderer(FlowingRenderer):
    """The posting sheet: players A–Z, table in large type, two columns.

    Each row prints the name in large type with the player number and the
    opponent under it, and the table number at the right; a band with the
    initial letter opens each letter.
    """

    title = "Emparejamientos por nombre"
    slug = "emparejamientos-por-nombre"
    columns = 2
    column_gap_mm = 6.0
    col_table_mm = 18.0  # the name column takes the rest of the frame
    row_height_mm = 10.0
    letter_height_mm = 6.0
    heading_height_mm = 6.0
    name_size = 12.5
    table_size = 19.0
    headings = ("Jugador", "Mesa")
    heading_align = ("left", "center")

    @property
    def heading_widths_mm(self) -> tuple[float, ...]:
        return (self.frame_width / mm - self.col_table_mm, self.col_table_mm)

    def render(self, sheet: PostingSheet) -> RenderedPdf:
        header = sheet.header
        name_mm = self.heading_widths_mm[0]
        height = self.row_height_mm * mm
        name_w = name_mm * mm - 4
        table_w = self.col_table_mm * mm - 3
        rows: list[list] = []
        heights: list[float] = []
        row_styles: dict[int, list[tuple]] = {}
        style = [
            ("FONT", (0, 0), (-1, -1), FONT, 10),
            ("ALIGN", (1, 0), (1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, GREY_LIGHT),
            ("LINEBEFORE", (1, 0), (1, -1), 0.25, GREY_LIGHT),
        ]
        letter = None
        for row in sheet.rows:
            initial = collation_initial(row.name)
            if initial != letter:
                letter = initial
                row_styles[len(rows)] = [
                    ("SPAN", 0, -1),
                    ("BACKGROUND", 0, -1, GREEN_LIGHT),
                    ("FONT", 0, -1, FONT_BOLD, 10),
                    ("TEXTCOLOR", 0, -1, GREEN),
                    ("ALIGN", 0, -1, "LEFT"),
                ]
                rows.append([initial, ""])
                heights.append(self.letter_height_mm * mm)
            if row.table is None:
                table_cell = FitText("bye", table_w, font=FONT_BOLD, size=11, color=GREY,
                                     align="center", height=height)
                detail = f"{row.number} · bye"
            else:
                table_cell = FitText(str(row.table), table_w, font=FONT_BOLD, size=self.table_size,
                                     align="center", height=height)
                detail = f"{row.number} · vs {row.opponent}" if row.opponent else row.number
            rows.append([TwoLineText(row.name, detail, name_w, height, size=self.name_size), table_cell])
            heights.append(height)
        story: list = self.chunked_tables(rows, heights, style, row_styles)
        if not sheet.rows:
            story = empty_story("Sin emparejamientos.")
        content, pages = self.build(header, story)
        return self.result(header, content, pages)


def _seed(seed: int | None) -> str:
    return "" if seed is None else str(seed)
