"""The top-cut bracket ("Reducido"), drawn on the canvas (A4 landscape).

One column per stage from the first (round of 16, quarterfinals or
semifinals) to the final, then the champion. Slot ``k`` of a stage is fed by
slots ``2k - 1`` and ``2k`` of the stage before (see
:mod:`tournaments.swiss.topcut`), so each box sits midway between its two
feeders. Every box shows both players with their seed and games won; the
winner in bold. Matches not paired yet print as empty boxes. The optional
third-place match (stage 0) sits under the final.
"""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..text import stage_name
from .base import (
    FONT,
    FONT_BOLD,
    GREEN,
    GREEN_LIGHT,
    GREY,
    GREY_LIGHT,
    INK,
    PdfRenderer,
    RenderedPdf,
    clean,
    fit,
)
from .data import BracketBox, BracketSheet, BracketSide


class BracketRenderer(PdfRenderer):
    """Single-elimination bracket of 4, 8 or 16 players on one landscape page."""

    title = "Llave del reducido"
    slug = "llave-del-reducido"
    page_size = landscape(A4)
    margin_left_mm = 12.0
    margin_right_mm = 12.0
    margin_top_mm = 30.0
    margin_bottom_mm = 14.0
    box_width_mm = 58.0
    line_height_mm = 6.5  # one player line; a box holds two
    stage_title_mm = 8.0

    def render(self, sheet: BracketSheet) -> RenderedPdf:
        header = sheet.header
        buffer = io.BytesIO()
        canv = self.new_canvas(buffer, header)
        self.draw_header(canv, header)
        if sheet.note:
            canv.setFont(FONT, 9.5)
            canv.setFillColor(INK)
            canv.drawString(self.margin_left_mm * mm, self.page_height - self.margin_top_mm * mm + 1 * mm, sheet.note)
        self.draw_bracket(canv, sheet)
        canv.showPage()
        pages = canv.page_count
        canv.save()
        return self.result(header, buffer.getvalue(), pages)

    def draw_bracket(self, canv: Canvas, sheet: BracketSheet) -> None:
        first_stage = max(1, sheet.size.bit_length() - 1)
        stages = list(range(first_stage, 0, -1))  # e.g. 3, 2, 1
        boxes = {(box.stage, box.slot): box for box in sheet.boxes}
        columns = len(stages) + 1  # + champion
        left = self.margin_left_mm * mm
        width = self.content_width
        box_w = min(self.box_width_mm * mm, (width - (columns - 1) * 8 * mm) / columns)
        gap = (width - columns * box_w) / max(1, columns - 1)
        line_h = self.line_height_mm * mm
        box_h = 2 * line_h
        top = self.page_height - self.margin_top_mm * mm - self.stage_title_mm * mm
        bottom = self.margin_bottom_mm * mm + (22 * mm if sheet.third_place_match else 6 * mm)
        first_count = 2 ** (first_stage - 1)
        slot_h = (top - bottom) / first_count

        centres: dict[tuple[int, int], float] = {}
        for column, stage in enumerate(stages):
            x = left + column * (box_w + gap)
            canv.setFillColor(GREEN)
            canv.setFont(FONT_BOLD, 10)
            canv.drawCentredString(x + box_w / 2, top + 3 * mm, stage_name(stage, translated=False))
            for slot in range(1, 2 ** (stage - 1) + 1):
                if column == 0:
                    centre = top - (slot - 0.5) * slot_h
                else:
                    centre = (centres[(stage + 1, 2 * slot - 1)] + centres[(stage + 1, 2 * slot)]) / 2
                centres[(stage, slot)] = centre
                box = boxes.get((stage, slot), BracketBox(stage=stage, slot=slot))
                self.draw_box(canv, box, x, centre - box_h / 2, box_w, line_h)
                if column > 0:
                    prev_x = left + (column - 1) * (box_w + gap) + box_w
                    self.draw_connector(canv, prev_x, centres[(stage + 1, 2 * slot - 1)],
                                        centres[(stage + 1, 2 * slot)], x, centre)

        # Champion.
        final_centre = centres[(1, 1)]
        x = left + len(stages) * (box_w + gap)
        canv.setFillColor(GREEN)
        canv.setFont(FONT_BOLD, 10)
        canv.drawCentredString(x + box_w / 2, top + 3 * mm, "Campeón")
        canv.setStrokeColor(GREY)
        canv.setLineWidth(0.8)
        canv.line(x - gap, final_centre, x, final_centre)
        canv.setFillColor(GREEN_LIGHT)
        canv.setStrokeColor(GREEN)
        canv.setLineWidth(1.4)
        canv.roundRect(x, final_centre - line_h, box_w, 2 * line_h, 2 * mm, stroke=1, fill=1)
        name, size = fit(sheet.champion or "", FONT_BOLD, 13, box_w - 6 * mm, min_size=8)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, size)
        canv.drawCentredString(x + box_w / 2, final_centre - size * 0.36, name)

        if sheet.podium:
            canv.setFont(FONT_BOLD, 10)
            canv.setFillColor(GREEN)
            canv.drawString(x, final_centre - 2 * line_h - 4 * mm, "Podio")
            for place, person in enumerate(sheet.podium, start=1):
                text, psize = fit(f"{place}º  {person or '—'}", FONT, 9.5, box_w, min_size=7)
                canv.setFillColor(INK)
                canv.setFont(FONT, psize)
                canv.drawString(x, final_centre - 2 * line_h - (4 + 5.5 * place) * mm, text)

        if sheet.third_place_match:
            column = len(stages) - 1
            x = left + column * (box_w + gap)
            y = self.margin_bottom_mm * mm + 4 * mm
            canv.setFillColor(GREEN)
            canv.setFont(FONT_BOLD, 10)
            canv.drawCentredString(x + box_w / 2, y + box_h + 2.5 * mm, stage_name(0, translated=False))
            box = boxes.get((0, 1), BracketBox(stage=0, slot=1))
            self.draw_box(canv, box, x, y, box_w, line_h)

    def draw_box(self, canv: Canvas, box: BracketBox, x: float, y: float, width: float, line_h: float) -> None:
        """Two player lines, side A on top; ``(x, y)`` is the bottom-left corner."""
        canv.setFillColorRGB(1, 1, 1)
        canv.rect(x, y, width, 2 * line_h, stroke=0, fill=1)
        self.draw_side(canv, box.side_a, x, y + line_h, width, line_h)
        self.draw_side(canv, box.side_b, x, y, width, line_h)
        canv.setStrokeColor(GREY_LIGHT)
        canv.setLineWidth(0.4)
        canv.line(x, y + line_h, x + width, y + line_h)
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.8)
        canv.rect(x, y, width, 2 * line_h, stroke=1, fill=0)
        if box.table is not None:
            canv.setFont(FONT, 6)
            canv.setFillColor(GREY)
            canv.drawRightString(x + width, y + 2 * line_h + 1 * mm, f"Mesa {box.table}")

    def draw_side(self, canv: Canvas, side: BracketSide, x: float, y: float, width: float, line_h: float) -> None:
        seed_w = 7 * mm
        games_w = 7 * mm
        baseline = y + (line_h - 9 * 0.72) / 2
        if side.seed is not None:
            canv.setFont(FONT, 7.5)
            canv.setFillColor(GREY)
            canv.drawRightString(x + seed_w - 1.5 * mm, baseline + 0.4, str(side.seed))
        font = FONT_BOLD if side.won else FONT
        name, size = fit(clean(side.name), font, 9, width - seed_w - games_w - 1 * mm, min_size=6.5)
        canv.setFont(font, size)
        canv.setFillColor(INK if side.name else GREY)
        canv.drawString(x + seed_w, baseline, name)
        if side.games is not None:
            canv.setFillColor(GREEN_LIGHT if side.won else colors.white)
            canv.rect(x + width - games_w, y, games_w, line_h, stroke=0, fill=1)
            canv.setFont(FONT_BOLD if side.won else FONT, 9)
            canv.setFillColor(INK)
            canv.drawCentredString(x + width - games_w / 2, baseline, str(side.games))

    def draw_connector(self, canv: Canvas, x0: float, y_a: float, y_b: float, x1: float, y: float) -> None:
        """Lines from two feeder boxes (right edges at ``x0``) into the next box at ``x1``."""
        middle = (x0 + x1) / 2
        canv.setStrokeColor(GREY)
        canv.setLineWidth(0.8)
        path = canv.beginPath()
        path.moveTo(x0, y_a)
        path.lineTo(middle, y_a)
        path.lineTo(middle, y_b)
        path.lineTo(x0, y_b)
        path.moveTo(middle, y)
        path.lineTo(x1, y)
        canv.drawPath(path, stroke=1, fill=0)
