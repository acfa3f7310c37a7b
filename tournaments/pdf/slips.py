"""Result slips: one per table, three to an A4 page, drawn on the canvas.

Each slip carries the event, round and table, both players, a box per game
(``best_of``) and for the extra turns played once time is called
(000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas": "3
turnos completos, cada uno"), the games won, "terminó por tiempo", the
signatures of both players and the judge, and a QR code that opens the
table's result form for the judge. Byes get no slip.

Geometry is in millimetres from the slip's top-left corner.
"""
from __future__ import annotations

import io
from urllib.parse import urlsplit

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .base import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
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
from .data import Slip, SlipSheet


#: The QR mask is fixed instead of chosen by penalty score: every mask is a
#: valid code for any reader, and scoring the eight masks costs about 25 ms a
#: slip in pure Python (most of the time of a large round's slips).
QR_MASK_PATTERN = 2


def qr_matrix(data: str) -> list[list[bool]]:
    """The QR modules of ``data`` (error correction M, no quiet zone), row by row."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=1, border=0, mask_pattern=QR_MASK_PATTERN)
    code.add_data(data)
    code.make(fit=True)
    return code.get_matrix()


def draw_qr(canv: Canvas, matrix: list[list[bool]], x: float, y: float, size: float) -> None:
    """Draw ``matrix`` as a ``size``-point square with its bottom-left at (x, y).

    Runs of dark modules in a row become one rectangle, written in module
    units under a scaling transform: vector output, sharp at any zoom, and
    one short PDF operator per run.
    """
    count = len(matrix)
    ops = []
    for row_index, row in enumerate(matrix):
        bottom = count - row_index - 1
        start = None
        for col, dark in enumerate([*row, False]):
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                ops.append(f"{start} {bottom} {col - start} 1 re")
                start = None
    canv.saveState()
    canv.translate(x, y)
    canv.scale(size / count, size / count)
    canv.setFillColorRGB(0, 0, 0)
    canv.addLiteral("\n".join(ops) + "\nf")
    canv.restoreState()


class ResultSlipsRenderer(PdfRenderer):
    """Result slips, ``slips_per_page`` to an A4 portrait page."""

    title = "Planillas de resultado"
    slug = "planillas-de-resultado"
    slips_per_page = 3
    margin_left_mm = 10.0
    margin_right_mm = 10.0
    margin_top_mm = 6.0
    margin_bottom_mm = 12.0  # the footer
    padding_mm = 5.0
    col_player_mm = 62.0  # best of three; grows when there are fewer game boxes
    col_game_mm = 14.0
    col_extra_mm = 27.0
    col_total_mm = 17.0
    grid_top_mm = 27.0
    grid_head_mm = 8.0
    grid_row_mm = 12.0
    qr_mm = 30.0
    table_box_mm = (32.0, 18.0)

    @property
    def slip_height(self) -> float:
        return self.content_height / self.slips_per_page

    def render(self, sheet: SlipSheet) -> RenderedPdf:
        header = sheet.header
        buffer = io.BytesIO()
        canv = self.new_canvas(buffer, header)
        if not sheet.slips:
            canv.setFont(FONT, 11)
            canv.drawString(self.margin_left_mm * mm, self.page_height - 20 * mm,
                            "Sin mesas: esta ronda no tiene planillas.")
            canv.showPage()
        for index, slip in enumerate(sheet.slips):
            position = index % self.slips_per_page
            if index and position == 0:
                canv.showPage()
            top = self.page_height - self.margin_top_mm * mm - position * self.slip_height
            self.draw_slip(canv, sheet, slip, top)
            if position < self.slips_per_page - 1 and index < len(sheet.slips) - 1:
                self.draw_cut_line(canv, top - self.slip_height)
        if sheet.slips:
            canv.showPage()
        pages = canv.page_count
        canv.save()
        return self.result(header, buffer.getvalue(), pages)

    # ------------------------------------------------------------------ pieces

    def draw_cut_line(self, canv: Canvas, y: float) -> None:
        canv.saveState()
        canv.setStrokeColor(GREY_LIGHT)
        canv.setLineWidth(0.5)
        canv.setDash(3, 3)
        canv.line(4 * mm, y, self.page_width - 4 * mm, y)
        canv.restoreState()

    def draw_slip(self, canv: Canvas, sheet: SlipSheet, slip: Slip, top: float) -> None:
        """One slip whose top edge is at ``top`` (points from the page bottom)."""
        header = sheet.header
        left = (self.margin_left_mm + 0) * mm
        right = self.page_width - self.margin_right_mm * mm
        pad = self.padding_mm * mm
        y = top - pad

        def at(offset_mm: float) -> float:
            return top - offset_mm * mm

        # Table number box (top right).
        box_w, box_h = self.table_box_mm[0] * mm, self.table_box_mm[1] * mm
        box_x, box_y = right - box_w, y - box_h
        canv.setStrokeColor(GREEN)
        canv.setFillColor(GREEN_LIGHT)
        canv.setLineWidth(1.2)
        canv.roundRect(box_x, box_y, box_w, box_h, 2 * mm, stroke=1, fill=1)
        canv.setFillColor(GREEN)
        canv.setFont(FONT_BOLD, 7)
        canv.drawCentredString(box_x + box_w / 2, y - 4 * mm, "MESA")
        number, nsize = fit(str(slip.table), FONT_BOLD, 26, box_w - 4 * mm, min_size=14)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, nsize)
        canv.drawCentredString(box_x + box_w / 2, box_y + 3 * mm, number)

        # Event, round, caption (top left).
        text_w = box_x - left - 4 * mm
        canv.setFillColor(GREEN)
        canv.setFont(FONT_BOLD, 7.5)
        canv.drawString(left, y - 2.5 * mm, "PLANILLA DE RESULTADO")
        name, size = fit(header.event_name, FONT_BOLD, 12.5, text_w, min_size=9)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, size)
        canv.drawString(left, y - 8 * mm, name)
        round_text = header.round_label + (f" — {slip.caption}" if slip.caption else "")
        detail, dsize = fit(" · ".join(p for p in (round_text, header.date_text, header.venue_text) if p),
                            FONT, 9, text_w, min_size=7)
        canv.setFont(FONT, dsize)
        canv.setFillColor(GREY)
        canv.drawString(left, y - 13 * mm, detail)

        # Grid: player | game 1..n | extra turns | games won.
        games = max(1, sheet.best_of)
        player_w = (self.col_player_mm + (3 - games) * self.col_game_mm) * mm if games <= 3 else self.col_player_mm * mm
        widths = [player_w] + [self.col_game_mm * mm] * games + [self.col_extra_mm * mm, self.col_total_mm * mm]
        titles = ["Jugador"] + ([f"Partida {n}" for n in range(1, games + 1)] if games > 1 else ["Partida"]) + [
            f"Turnos extra ({sheet.extra_turns} c/u)", "Partidas ganadas"]
        grid_top = at(self.grid_top_mm)
        head_h, row_h = self.grid_head_mm * mm, self.grid_row_mm * mm
        grid_w = sum(widths)
        canv.setFillColor(GREEN)
        canv.rect(left, grid_top - head_h, grid_w, head_h, stroke=0, fill=1)
        x = left
        canv.setFillColorRGB(1, 1, 1)
        for width, title in zip(widths, titles):
            self._head_text(canv, title, x, grid_top - head_h, width, head_h)
            x += width
        players = ((slip.player_a, slip.number_a), (slip.player_b, slip.number_b))
        for row, (player, number) in enumerate(players):
            row_top = grid_top - head_h - row * row_h
            canv.setFillColor(INK)
            pname, psize = fit(player, FONT_BOLD, 11, player_w - 3 * mm, min_size=7.5)
            canv.setFont(FONT_BOLD, psize)
            canv.drawString(left + 1.5 * mm, row_top - row_h / 2 + 0.6 * mm, pname)
            canv.setFont(FONT, 7.5)
            canv.setFillColor(GREY)
            canv.drawString(left + 1.5 * mm, row_top - row_h / 2 - 3.4 * mm, clean(number))
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
                canv.drawCentredString(sx + square / 2, row_top - row_h / 2 - 1 * mm, str(turn + 1))
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.8)
        canv.rect(left, grid_top - head_h - 2 * row_h, grid_w, head_h + 2 * row_h, stroke=1, fill=0)
        canv.setLineWidth(0.5)
        canv.line(left, grid_top - head_h - row_h, left + grid_w, grid_top - head_h - row_h)
        x = left
        for width in widths[:-1]:
            x += width
            canv.line(x, grid_top - head_h - 2 * row_h, x, grid_top - head_h)
        grid_bottom = grid_top - head_h - 2 * row_h

        # How to fill it in, time, drawn games.
        canv.setFillColor(GREY)
        canv.setFont(FONT_ITALIC, 7)
        canv.drawString(left, grid_bottom - 3.5 * mm,
                        "En cada partida jugada escribí G (ganó), P (perdió) o E (empate). "
                        "Marcá los turnos extra jugados al terminar el tiempo.")
        checks_y = grid_bottom - 9 * mm
        canv.setStrokeColor(INK)
        canv.setLineWidth(0.6)
        canv.rect(left, checks_y, 3.5 * mm, 3.5 * mm, stroke=1, fill=0)
        canv.setFillColor(INK)
        canv.setFont(FONT, 8.5)
        canv.drawString(left + 5 * mm, checks_y + 0.7 * mm, "Terminó por tiempo")
        drawn_x = left + 45 * mm
        canv.drawString(drawn_x, checks_y + 0.7 * mm, "Partidas empatadas:")
        label_w = stringWidth("Partidas empatadas:", FONT, 8.5)
        canv.line(drawn_x + label_w + 2 * mm, checks_y + 0.3 * mm, drawn_x + label_w + 16 * mm, checks_y + 0.3 * mm)

        # Signatures.
        sign_y = at(self.slip_height / mm - 11)
        sign_w = (grid_w - 8 * mm) / 3
        labels = (f"Firma — {slip.player_a}", f"Firma — {slip.player_b}", "Juez (nombre y firma)")
        canv.setLineWidth(0.6)
        for index, label in enumerate(labels):
            sx = left + index * (sign_w + 4 * mm)
            canv.setStrokeColor(INK)
            canv.line(sx, sign_y, sx + sign_w, sign_y)
            text, tsize = fit(label, FONT, 7, sign_w, min_size=5.5)
            canv.setFont(FONT, tsize)
            canv.setFillColor(GREY)
            canv.drawString(sx, sign_y - 3 * mm, text)

        # QR code to the table's result form.
        qr_size = self.qr_mm * mm
        qr_x = right - qr_size
        qr_top = grid_top - 1 * mm
        draw_qr(canv, qr_matrix(slip.result_url), qr_x, qr_top - qr_size, qr_size)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, 7)
        canv.drawCentredString(qr_x + qr_size / 2, qr_top - qr_size - 3.5 * mm, "Cargar resultado (juez)")
        parts = urlsplit(slip.result_url)
        lines = [f"{parts.scheme}://{parts.netloc}", parts.path] if parts.netloc else [slip.result_url]
        canv.setFillColor(GREY)
        for index, line in enumerate(lines):
            text, usize = fit(line, FONT, 5.5, qr_size + 8 * mm, min_size=4)
            canv.setFont(FONT, usize)
            canv.drawCentredString(qr_x + qr_size / 2, qr_top - qr_size - (6.5 + 2.6 * index) * mm, text)

    def _head_text(self, canv: Canvas, title: str, x: float, y: float, width: float, height: float) -> None:
        """A grid heading, on one line or split in two, centred in its cell."""
        size = 7.5
        canv.setFont(FONT_BOLD, size)
        if stringWidth(title, FONT_BOLD, size) <= width - 2 * mm:
            canv.drawCentredString(x + width / 2, y + (height - size * 0.72) / 2, title)
            return
        words = title.split()
        half = max(1, len(words) // 2)
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        for index, line in enumerate(lines):
            text, tsize = fit(line, FONT_BOLD, size, width - 1.5 * mm, min_size=5.5)
            canv.setFont(FONT_BOLD, tsize)
            canv.drawCentredString(x + width / 2, y + height / 2 + (0.6 if index == 0 else -2.9) * mm, text)
