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
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

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
    fit,
    points_text,
)
from .data import PairingSheet, PostingSheet
from .layout import empty_story


class StackedText(Flowable):
    """A bold main text with an optional small caption under it, centred."""

    def __init__(self, main: str, caption: str, width: float, height: float, *, size: float = 11):
        super().__init__()
        self.main, self.caption, self.size = main, caption, size
        self.width, self.height = width, height

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canv = self.canv
        canv.setFillColor(INK)
        if not self.caption:
            canv.setFont(FONT_BOLD, self.size)
            canv.drawCentredString(self.width / 2, (self.height - self.size * 0.72) / 2, self.main)
            return
        canv.setFont(FONT_BOLD, self.size * 0.9)
        canv.drawCentredString(self.width / 2, self.height * 0.45, self.main)
        text, size = fit(self.caption, FONT, 6.5, self.width - 1, min_size=5)
        canv.setFont(FONT, size)
        canv.setFillColor(GREY)
        canv.drawCentredString(self.width / 2, self.height * 0.12, text)


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
        if sheet.pods:
            self.headings = ("Mesa", "Jugador", score_title, "", "", "")
        height = self.row_height_mm * mm
        player_w = self.col_player_mm * mm - 4  # cell padding
        rows = []
        rematch = False
        for row in sheet.tables:
            table = "—" if row.table is None else str(row.table)
            if row.rematch:
                table += "*"
                rematch = True
            if seeded:
                score_a, score_b = _seed(row.seed_a), _seed(row.seed_b)
            else:
                score_a, score_b = points_text(row.points_a), points_text(row.points_b)
            player_a = FitText(row.player_a, player_w, size=self.name_size, secondary=row.number_a, height=height)
            if row.is_bye or row.player_b is None:
                player_b = FitText(sheet.bye_text, player_w, font=FONT_ITALIC, size=self.name_size,
                                   color=GREY, height=height)
                score_b = ""
            else:
                player_b = FitText(row.player_b, player_w, size=self.name_size,
                                   secondary=row.number_b or "", height=height)
            rows.append([
                StackedText(table, row.caption, self.col_table_mm * mm - 2, height),
                player_a, score_a, "" if row.is_bye else "vs", player_b, score_b,
            ])
        style = [
            ("FONT", (0, 0), (-1, -1), FONT, 10),
            ("FONT", (2, 0), (2, -1), FONT_BOLD, 10),
            ("FONT", (5, 0), (5, -1), FONT_BOLD, 10),
            ("TEXTCOLOR", (3, 0), (3, -1), GREY),
            ("FONT", (3, 0), (3, -1), FONT_ITALIC, 8),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
            ("ALIGN", (2, 0), (3, -1), "CENTER"),
            ("ALIGN", (5, 0), (5, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ("ROWBACKGROUNDS", (0, 0), (-1, -1), [colors.white, ZEBRA]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, GREY_LIGHT),
            ("LINEAFTER", (0, 0), (0, -1), 0.5, GREY_LIGHT),
        ]
        story: list = self.chunked_tables(rows, [height] * len(rows), style)
        if rematch:
            story += [Spacer(0, 3 * mm), Paragraph(
                "* Revancha inevitable: no había otro emparejamiento posible.",
                ParagraphStyle("note", fontName=FONT_ITALIC, fontSize=8, textColor=GREY),
            )]
        if not sheet.tables:
            story = empty_story("Sin emparejamientos.")
        content, pages = self.build(header, story)
        return self.result(header, content, pages)


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
