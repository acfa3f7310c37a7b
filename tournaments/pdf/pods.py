"""Result slips of events played in pods (3–6 a table).

:class:`PodSlipsRenderer` — one result slip per table, two to an A4 page,
drawn on the canvas: the seats, a place box and a score box per player, a
signature per player and the judge's, and a QR code that opens the table's
result form for the judge. The pods' standings print through the one
standings renderer (:class:`~.standings.StandingsRenderer`, columns from
:class:`~.data.PodStandingsSheet`).

Same file name as the duels' slips (``planillas-de-resultado``), so a
round's URLs do not depend on the game. Widths are in millimetres.
"""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .base import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    GREY,
    INK,
    fit,
)
from .data import PodSlip, PodSlipSheet
from .layout import (
    SlipsRenderer,
    draw_grid_head,
    draw_grid_lines,
    draw_player_cell,
    draw_result_qr,
    draw_signatures,
    draw_slip_heading,
)


class PodSlipsRenderer(SlipsRenderer):
    """Pod result slips, ``slips_per_page`` to an A4 portrait page."""

    slips_per_page = 2
    col_seat_mm = 14.0
    col_player_mm = 63.0  # grows by the score column when the game has none
    col_place_mm = 22.0
    col_score_mm = 26.0
    grid_row_mm = 11.0
    qr_gap_mm = 5.0

    def draw_slip(self, canv: Canvas, sheet: PodSlipSheet, slip: PodSlip, top: float) -> None:
        """One slip whose top edge is at ``top`` (points from the page bottom)."""
        header = sheet.header
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        y = top - self.padding_mm * mm

        # Table number box (top right); event, round, date and venue (top left).
        box_x = self.draw_table_box(canv, slip.table, right, y)
        draw_slip_heading(canv, f"PLANILLA DE RESULTADO · {len(slip.seats)} JUGADORES", header.event_name,
                          (header.round_label, header.date_text, header.venue_text), left, y, box_x - left - 4 * mm)

        # Grid: seat | player | place | score | signature, left of the QR code.
        scored = bool(sheet.score_label)
        grid_w = right - left - (self.qr_mm + self.qr_gap_mm) * mm
        player_w = (self.col_player_mm + (0 if scored else self.col_score_mm)) * mm
        widths = [self.col_seat_mm * mm, player_w, self.col_place_mm * mm]
        titles = ["Asiento", "Jugador", "Puesto"]
        if scored:
            widths.append(self.col_score_mm * mm)
            titles.append(sheet.score_label)
        widths.append(grid_w - sum(widths))
        titles.append("Firma")
        grid_top = top - self.grid_top_mm * mm
        head_h, row_h = self.grid_head_mm * mm, self.grid_row_mm * mm
        draw_grid_head(canv, titles, widths, left, grid_top - head_h, grid_w, head_h, _head_text)
        rows = len(slip.seats)
        square = 8 * mm
        for index, seat in enumerate(slip.seats):
            row_top = grid_top - head_h - index * row_h
            middle = row_top - row_h / 2
            canv.setFillColor(INK)
            canv.setFont(FONT_BOLD, 11)
            canv.drawCentredString(left + widths[0] / 2, middle - 1.4 * mm, str(seat.seat))
            draw_player_cell(canv, seat.name, seat.number, left + widths[0], middle, player_w)
            canv.setStrokeColor(GREY)
            canv.setLineWidth(0.6)
            place_x = left + widths[0] + widths[1]
            canv.rect(place_x + (widths[2] - square) / 2, middle - square / 2, square, square, stroke=1, fill=0)
            if scored:
                score_x = place_x + widths[2]
                canv.rect(score_x + 3 * mm, middle - square / 2, widths[3] - 6 * mm, square, stroke=1, fill=0)
        draw_grid_lines(canv, widths, left, grid_top, grid_w, head_h, row_h, rows)
        grid_bottom = grid_top - head_h - rows * row_h

        # How to fill it in, the set-up, the judge's signature.
        canv.setFillColor(GREY)
        canv.setFont(FONT_ITALIC, 7)
        hint = ("Escribí el puesto de cada jugador (1 el ganador; los empatados comparten el puesto y se saltean "
                "los siguientes: 1, 2, 2, 4)")
        hint += f" y sus {sheet.score_label.lower()}." if scored else "."
        text, hsize = fit(hint, FONT_ITALIC, 7, grid_w, min_size=5.5)
        canv.setFont(FONT_ITALIC, hsize)
        canv.drawString(left, grid_bottom - 3.5 * mm, text)
        if slip.setup:
            setup, ssize = fit(f"Preparación: {slip.setup}", FONT, 7, grid_w, min_size=5.5)
            canv.setFont(FONT, ssize)
            canv.drawString(left, grid_bottom - 7 * mm, setup)
        draw_signatures(canv, ("Juez (nombre y firma)",), left, top - self.slip_height + 11 * mm, grid_w / 2)

        # QR code to the table's result form.
        draw_result_qr(canv, slip.result_url, right, grid_top - 1 * mm, self.qr_mm * mm)


def _head_text(canv: Canvas, title: str, x: float, y: float, width: float, height: float) -> None:
    """A grid heading on one line, fitted and centred in its cell."""
    text, tsize = fit(title, FONT_BOLD, 7.5, width - 2 * mm, min_size=5.5)
    canv.setFont(FONT_BOLD, tsize)
    canv.drawCentredString(x + width / 2, y + (height - tsize * 0.72) / 2, text)
