"""Result slips: one per table of 2–6 seats, drawn on the canvas.

One renderer for every format: a row per seat, and the columns the
format's results take (:attr:`~tournaments.pdf.data.SlipSheet.boxes`):

- *games* (a duel, three slips to an A4 page): a box per game
  (``best_of``) and for the extra turns played once time is called
  (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas": "3
  turnos completos, cada uno"), the games won, "terminó por tiempo", the
  drawn games and the signatures of both players and the judge;
- *places* (a pod, two slips to a page): the seat, a place box and a score
  box per player (when the game has a secondary score), a signature per
  player, the game's set-up for the table's size and the judge's signature.

Every slip carries the event, round and table, its players and a QR code
that opens the table's result form for the judge. Byes get no slip. A table
given extra time by a judge shows it ("Tiempo extra de la mesa: +5 min"); its
extra turns begin when that time runs out.

Geometry is in millimetres from the slip's top-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass

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
    RenderedPdf,
    draw_text,
    fit,
)
from .data import SLIP_GAMES, SlipSheet, TableSlip
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


@dataclass(frozen=True, slots=True)
class SlipColumn:
    """One column of a slip's grid: its title, width (points) and what each seat's cell holds.

    ``cell``: ``seat`` (the seat number), ``player``, ``turns`` (a square per
    extra turn), ``place`` (a square), ``score`` (a wide box) or ``blank``.
    """

    title: str
    width: float
    cell: str = "blank"


class ResultSlipsRenderer(SlipsRenderer):
    """Result slips of a round, a slip per table whatever its size; the sheet's ``boxes`` give the columns."""

    slips_per_page = 3
    # Games (a duel).
    col_player_mm = 62.0  # best of three; grows when there are fewer game boxes
    col_game_mm = 14.0
    col_extra_mm = 27.0
    col_total_mm = 17.0
    games_row_mm = 12.0
    # Places (a pod).
    col_seat_mm = 14.0
    col_pod_player_mm = 63.0  # grows by the score column when the game has none
    col_place_mm = 22.0
    col_score_mm = 26.0
    places_row_mm = 11.0
    qr_gap_mm = 5.0

    def render(self, sheet: SlipSheet) -> RenderedPdf:
        """Three slips to a page when seats write their games, two when they write places (up to six rows)."""
        self.slips_per_page = 3 if self._games(sheet) else 2
        return super().render(sheet)

    @staticmethod
    def _games(sheet: SlipSheet) -> bool:
        return sheet.boxes == SLIP_GAMES

    def _row_height(self, sheet: SlipSheet) -> float:
        return (self.games_row_mm if self._games(sheet) else self.places_row_mm) * mm

    def columns(self, sheet: SlipSheet) -> list[SlipColumn]:
        """The grid's columns: player | game 1..n | extra turns | games won (games), or
        seat | player | place | score | signature (places)."""
        if self._games(sheet):
            games = max(1, sheet.best_of)
            player_mm = self.col_player_mm + (3 - games) * self.col_game_mm if games <= 3 else self.col_player_mm
            titles = [f"Partida {n}" for n in range(1, games + 1)] if games > 1 else ["Partida"]
            return [SlipColumn("Jugador", player_mm * mm, "player"),
                    *(SlipColumn(title, self.col_game_mm * mm) for title in titles),
                    SlipColumn(f"Turnos extra ({sheet.extra_turns} c/u)", self.col_extra_mm * mm, "turns"),
                    SlipColumn("Partidas ganadas", self.col_total_mm * mm)]
        scored = bool(sheet.score_label)
        columns = [SlipColumn("Asiento", self.col_seat_mm * mm, "seat"),
                   SlipColumn("Jugador", (self.col_pod_player_mm + (0 if scored else self.col_score_mm)) * mm,
                              "player"),
                   SlipColumn("Puesto", self.col_place_mm * mm, "place")]
        if scored:
            columns.append(SlipColumn(sheet.score_label, self.col_score_mm * mm, "score"))
        grid_w = self.page_width - (self.margin_left_mm + self.margin_right_mm + self.qr_mm + self.qr_gap_mm) * mm
        return [*columns, SlipColumn("Firma", grid_w - sum(c.width for c in columns))]

    def draw_slip_static(self, canv: Canvas, sheet: SlipSheet, seats: int, top: float) -> bool:
        """What every slip of ``sheet`` with ``seats`` seats shares, its top edge at ``top``: frames,
        headings, the grid and its boxes, how to fill it in, the judge's signature."""
        games = self._games(sheet)
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        y = top - self.padding_mm * mm
        box_w, box_h = self.table_box_mm[0] * mm, self.table_box_mm[1] * mm
        draw_table_box_frame(canv, right, y, box_w, box_h)
        caption = "PLANILLA DE RESULTADO" if games else f"PLANILLA DE RESULTADO · {seats} JUGADORES"
        draw_slip_title(canv, caption, sheet.header.event_name, left, y, right - box_w - left - 4 * mm)

        columns = self.columns(sheet)
        widths = [column.width for column in columns]
        grid_w = sum(widths)
        grid_top = top - self.grid_top_mm * mm
        head_h, row_h = self.grid_head_mm * mm, self._row_height(sheet)
        draw_grid_head(canv, [column.title for column in columns], widths, left, grid_top - head_h, grid_w, head_h,
                       _head_text)
        for row in range(seats):
            middle = grid_top - head_h - row * row_h - row_h / 2
            x = left
            for column in columns:
                self._draw_box(canv, sheet, column, x, middle)
                x += column.width
        draw_grid_lines(canv, widths, left, grid_top, grid_w, head_h, row_h, seats)
        grid_bottom = grid_top - head_h - seats * row_h

        canv.setFillColor(GREY)
        canv.setFont(FONT_ITALIC, 7)
        if games:
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
            canv.line(drawn_x + label_w + 2 * mm, checks_y + 0.3 * mm, drawn_x + label_w + 16 * mm,
                      checks_y + 0.3 * mm)
            draw_signatures(canv, (None, None, "Juez (nombre y firma)"), left,
                            top - (self.slip_height / mm - 11) * mm, grid_w)
        else:
            hint = ("Escribí el puesto de cada jugador (1 el ganador; los empatados comparten el puesto y se "
                    "saltean los siguientes: 1, 2, 2, 4)")
            hint += f" y sus {sheet.score_label.lower()}." if sheet.score_label else "."
            text, hsize = fit(hint, FONT_ITALIC, 7, grid_w, min_size=5.5)
            canv.setFont(FONT_ITALIC, hsize)
            draw_text(canv, left, grid_bottom - 3.5 * mm, text)
            draw_signatures(canv, ("Juez (nombre y firma)",), left, top - self.slip_height + 11 * mm, grid_w / 2)
        draw_result_qr_caption(canv, right, grid_top - 1 * mm, self.qr_mm * mm)
        return True

    def _draw_box(self, canv: Canvas, sheet: SlipSheet, column: SlipColumn, x: float, middle: float) -> None:
        """The empty boxes of one seat's cell in ``column``, its left edge at ``x``, centred on ``middle``."""
        canv.setStrokeColor(GREY)
        canv.setLineWidth(0.6)
        if column.cell == "turns":
            square = 4.6 * mm
            gap = (column.width - sheet.extra_turns * square) / (sheet.extra_turns + 1)
            for turn in range(sheet.extra_turns):
                sx = x + gap + turn * (square + gap)
                canv.rect(sx, middle - square / 2, square, square, stroke=1, fill=0)
                canv.setFont(FONT, 5.5)
                canv.setFillColor(GREY_LIGHT)
                draw_text(canv, sx + square / 2, middle - 1 * mm, str(turn + 1), align="center")
        elif column.cell == "place":
            square = 8 * mm
            canv.rect(x + (column.width - square) / 2, middle - square / 2, square, square, stroke=1, fill=0)
        elif column.cell == "score":
            canv.rect(x + 3 * mm, middle - 4 * mm, column.width - 6 * mm, 8 * mm, stroke=1, fill=0)

    def draw_slip(self, canv: Canvas, sheet: SlipSheet, slip: TableSlip, top: float) -> None:
        """What changes from slip to slip, its top edge at ``top`` (points from the page bottom).

        Table number, round and caption, every seat's number and player, the
        table's extra time, the game's set-up, the players' signature labels
        (games) and the QR code with its URL; the rest is :meth:`draw_slip_static`.
        """
        games = self._games(sheet)
        header = sheet.header
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        y = top - self.padding_mm * mm
        box_w, box_h = self.table_box_mm[0] * mm, self.table_box_mm[1] * mm
        box_x = draw_table_number(canv, slip.table, right, y, box_w, box_h)
        round_text = header.round_label + (f" — {slip.caption}" if slip.caption else "")
        draw_slip_details(canv, (round_text, header.date_text, header.venue_text), left, y, box_x - left - 4 * mm)

        columns = self.columns(sheet)
        grid_w = sum(column.width for column in columns)
        grid_top = top - self.grid_top_mm * mm
        head_h, row_h = self.grid_head_mm * mm, self._row_height(sheet)
        for row, seat in enumerate(slip.seats):
            middle = grid_top - head_h - row * row_h - row_h / 2
            x = left
            for column in columns:
                canv.setFillColor(INK)
                if column.cell == "seat":
                    canv.setFont(FONT_BOLD, 11)
                    draw_text(canv, x + column.width / 2, middle - 1.4 * mm, str(seat.seat), align="center")
                elif column.cell == "player":
                    draw_player_cell(canv, seat.name, seat.number, x, middle, column.width)
                x += column.width
        grid_bottom = grid_top - head_h - len(slip.seats) * row_h
        notes_y = grid_bottom - 7 * mm
        if slip.setup:
            setup, ssize = fit(f"Preparación: {slip.setup}", FONT, 7, grid_w, min_size=5.5)
            canv.setFillColor(GREY)
            canv.setFont(FONT, ssize)
            draw_text(canv, left, notes_y, setup)
            notes_y -= 3.5 * mm
        if slip.extra_minutes:
            canv.setFillColor(INK)
            canv.setFont(FONT_BOLD, 8.5)
            extra = f"Tiempo extra de la mesa: +{slip.extra_minutes} min"
            if games:
                draw_text(canv, left + 100 * mm, grid_bottom - 9 * mm + 0.7 * mm, extra)
            else:
                draw_text(canv, left, notes_y, extra)
        if games:
            draw_signatures(canv, tuple(f"Firma — {seat.name}" for seat in slip.seats) + (None,),
                            left, top - (self.slip_height / mm - 11) * mm, grid_w, lines=False)
        draw_result_qr(canv, slip.result_url, right, grid_top - 1 * mm, self.qr_mm * mm, caption=False)


def _head_text(canv: Canvas, title: str, x: float, y: float, width: float, height: float) -> None:
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

