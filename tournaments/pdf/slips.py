"""Result slips: one per table, three to an A4 page, drawn on the canvas.

Each slip carries the event, round and table, both players, a box per game
(``best_of``) and for the extra turns played once time is called
(000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas": "3
turnos completos, cada uno"), the games won, "terminó por tiempo", the
signatures of both players and the judge, and a QR code that opens the
table's result form for the judge. Byes get no slip. A table given extra
time by a judge shows it ("Tiempo extra de la mesa: +5 min"); its 3 extra
turns begin when that time runs out.

Geometry is in millimetres from the slip's top-left corner.
"""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .base import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    GREY,
    GREY_LIGHT,
    INK,
    draw_text,
    fit,
)
from .data import Slip, SlipSheet
from .layout import (
    SlipsRenderer,
    draw_grid_head,
    draw_grid_lines,
    draw_player_cell,
    draw_result_qr,
    draw_result_qr_caption,
    draw_signatures,
    draw_slip_details,
    draw_slip_title,
    draw_table_box_frame,
    draw_table_number,
)
from .layout import qr_matrix as qr_matrix


class ResultSlipsRenderer(SlipsRenderer):
    """Result slips, ``slips_per_page`` to an A4 portrait page."""

    slips_per_page = 3
    col_player_mm = 62.0  # best of three; grows when there are fewer game boxes
    col_game_mm = 14.0
    col_extra_mm = 27.0
    col_total_mm = 17.0
    grid_row_mm = 12.0

    def grid(self, sheet: SlipSheet) -> tuple[list[float], list[str]]:
        """Column widths (points) and titles of the grid: player | game 1..n | extra turns | games won."""
        games = max(1, sheet.best_of)
        player_w = (self.col_player_mm + (3 - games) * self.col_game_mm) * mm if games <= 3 else self.col_player_mm * mm
        widths = [player_w] + [self.col_game_mm * mm] * games + [self.col_extra_mm * mm, self.col_total_mm * mm]
        titles = ["Jugador"] + ([f"Partida {n}" for n in range(1, games + 1)] if games > 1 else ["Partida"]) + [
            f"Turnos extra ({sheet.extra_turns} c/u)", "Partidas ganadas"]
        return widths, titles

    def draw_slip_static(self, canv: Canvas, sheet: SlipSheet, top: float) -> bool:
        """What every slip of ``sheet`` shares, its top edge at ``top``: frames, headings, boxes, labels."""
        header = sheet.header
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        y = top - self.padding_mm * mm
        box_w, box_h = self.table_box_mm[0] * mm, self.table_box_mm[1] * mm
        draw_table_box_frame(canv, right, y, box_w, box_h)
        box_x = right - box_w
        draw_slip_title(canv, "PLANILLA DE RESULTADO", header.event_name, left, y, box_x - left - 4 * mm)

        widths, titles = self.grid(sheet)
        games = len(widths) - 3
        grid_top = top - self.grid_top_mm * mm
        head_h, row_h = self.grid_head_mm * mm, self.grid_row_mm * mm
        grid_w = sum(widths)
        draw_grid_head(canv, titles, widths, left, grid_top - head_h, grid_w, head_h, self._head_text)
        for row in range(2):
            row_top = grid_top - head_h - row * row_h
            extra_x = left + sum(widths[: 1 + games])
            square = 4.6 * mm
            gap = (widths[1 + games] - sheet.extra_turns * square) / (sheet.extra_turns + 1)
            canv.setStrokeColor(GREY)
            canv.setLineWidth(0.6)
            for turn in range(sheet.extra_turns):
                sx = extra_x + gap + turn * (square + gap)
                canv.rect(sx, row_top - row_h / 2 - square / 2, square, square, stroke=1, fill=0)
                canv.setFont(FONT, 5.5)
                canv.setFillColor(GREY_LIGHT)
                draw_text(canv, sx + square / 2, row_top - row_h / 2 - 1 * mm, str(turn + 1), align="center")
        draw_grid_lines(canv, widths, left, grid_top, grid_w, head_h, row_h, 2)
        grid_bottom = grid_top - head_h - 2 * row_h

        # How to fill it in, time, drawn games.
        canv.setFillColor(GREY)
        canv.setFont(FONT_ITALIC, 7)
        draw_text(canv, left, grid_bottom - 3.5 * mm,
                  "En cada partida jugada escribí G (ganó), P (perdió) o E (empate). "
                  "Marcá los turnos extra jugados al terminar el tiempo.")
        checks_y = grid_bottom - 9 * mm
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.6)
        canv.rect(left, checks_y, 3.5 * mm, 3.5 * mm, stroke=1, fill=0)
        canv.setFillColor(INK)
        canv.setFont(FONT, 8.5)
        draw_text(canv, left + 5 * mm, checks_y + 0.7 * mm, "Terminó por tiempo")
        drawn_x = left + 45 * mm
        draw_text(canv, drawn_x, checks_y + 0.7 * mm, "Partidas empatadas:")
        label_w = stringWidth("Partidas empatadas:", FONT, 8.5)
        canv.line(drawn_x + label_w + 2 * mm, checks_y + 0.3 * mm, drawn_x + label_w + 16 * mm, checks_y + 0.3 * mm)

        draw_signatures(canv, (None, None, "Juez (nombre y firma)"), left, top - (self.slip_height / mm - 11) * mm,
                        grid_w)
        draw_result_qr_caption(canv, right, grid_top - 1 * mm, self.qr_mm * mm)
        return True

    def draw_slip(self, canv: Canvas, sheet: SlipSheet, slip: Slip, top: float) -> None:
        """What changes from slip to slip, its top edge at ``top`` (points from the page bottom).

        Table number, round and caption, both players, the table's extra
        time, the players' signature labels and the QR code with its URL;
        the rest is :meth:`draw_slip_static`.
        """
        header = sheet.header
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        y = top - self.padding_mm * mm
        box_w, box_h = self.table_box_mm[0] * mm, self.table_box_mm[1] * mm
        box_x = draw_table_number(canv, slip.table, right, y, box_w, box_h)
        round_text = header.round_label + (f" — {slip.caption}" if slip.caption else "")
        draw_slip_details(canv, (round_text, header.date_text, header.venue_text), left, y, box_x - left - 4 * mm)

        widths, _titles = self.grid(sheet)
        grid_top = top - self.grid_top_mm * mm
        head_h, row_h = self.grid_head_mm * mm, self.grid_row_mm * mm
        players = ((slip.player_a, slip.number_a), (slip.player_b, slip.number_b))
        for row, (player, number) in enumerate(players):
            row_top = grid_top - head_h - row * row_h
            canv.setFillColor(INK)
            draw_player_cell(canv, player, number, left, row_top - row_h / 2, widths[0])
        if slip.extra_minutes:
            checks_y = grid_top - head_h - 2 * row_h - 9 * mm
            canv.setFillColor(INK)
            canv.setFont(FONT_BOLD, 8.5)
            draw_text(canv, left + 100 * mm, checks_y + 0.7 * mm, f"Tiempo extra de la mesa: +{slip.extra_minutes} min")

        draw_signatures(canv, (f"Firma — {slip.player_a}", f"Firma — {slip.player_b}", None),
                        left, top - (self.slip_height / mm - 11) * mm, sum(widths), lines=False)
        draw_result_qr(canv, slip.result_url, right, grid_top - 1 * mm, self.qr_mm * mm, caption=False)

    def _head_text(self, canv: Canvas, title: str, x: float, y: float, width: float, height: float) -> None:
        """A grid heading, on one line or split in two, centred in its cell."""
        size = 7.5
        canv.setFont(FONT_BOLD, size)
        if stringWidth(title, FONT_BOLD, size) <= width - 2 * mm:
            draw_text(canv, x + width / 2, y + (height - size * 0.72) / 2, title, align="center")
            return
        words = title.split()
        half = max(1, len(words) // 2)
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        for index, line in enumerate(lines):
            text, tsize = fit(line, FONT_BOLD, size, width - 1.5 * mm, min_size=5.5)
            canv.setFont(FONT_BOLD, tsize)
            draw_text(canv, x + width / 2, y + height / 2 + (0.6 if index == 0 else -2.9) * mm, text, align="center")
