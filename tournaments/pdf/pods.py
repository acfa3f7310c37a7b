"""Printed documents of events played in pods (3–6 a table): standings and result slips.

- :class:`PodStandingsRenderer` — the pod standings (A4 portrait, flowing):
  position, player (number in grey), venue, placement points, opponents'
  points, the game's secondary score (stoner points) and the place of
  each round. A technical tie shares its position, printed "=3"; dropped
  and disqualified players keep their row, in grey.
- :class:`PodSlipsRenderer` — one result slip per table, two to an A4 page,
  drawn on the canvas: the seats, a place box and a score box per player,
  a signature per player and the judge's, and a QR code that opens the
  table's result form for the judge.

Same file names as the duels' documents (``posiciones``,
``planillas-de-resultado``), so a round's URLs do not depend on the game.
Widths are in millimetres.
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
    FlowingRenderer,
    RenderedPdf,
    clean,
    fit,
)
from .data import PodSlip, PodSlipSheet, PodStandingsSheet
from .layout import (
    INACTIVE_ROW,
    SlipsRenderer,
    draw_grid_head,
    draw_grid_lines,
    draw_player_cell,
    draw_result_qr,
    draw_signatures,
    draw_slip_heading,
    empty_story,
    legend_story,
    standing_cells,
    standings_style,
)


class PodStandingsRenderer(FlowingRenderer):
    """The pod standings table; the sheet's ``title`` goes in the header band of every page."""

    title = "Posiciones"
    slug = "posiciones"
    col_rank_mm = 11.0
    col_player_mm = 66.0  # grows by the score column when the game has none
    col_venue_mm = 32.0
    col_points_mm = 16.0
    col_opponents_mm = 16.0
    col_score_mm = 20.0
    col_places_mm = 25.0
    row_height_mm = 6.2
    heading_height_mm = 9.0

    def render(self, sheet: PodStandingsSheet) -> RenderedPdf:
        header = sheet.header
        if sheet.title:
            self.title = clean(sheet.title)
        scored = bool(sheet.score_label)
        player_mm = self.col_player_mm + (0 if scored else self.col_score_mm)
        widths = [self.col_rank_mm, player_mm, self.col_venue_mm, self.col_points_mm, self.col_opponents_mm]
        headings = ["Pos.", "Jugador", "Sede", "Puntos\npor puesto", "Puntos de\nlos rivales"]
        align = ["right", "left", "left", "center", "center"]
        if scored:
            widths.append(self.col_score_mm)
            headings.append(_two_words(sheet.score_label))
            align.append("center")
        widths.append(self.col_places_mm)
        headings.append("Puestos")
        align.append("center")
        self.heading_widths_mm = tuple(widths)
        self.headings = tuple(headings)
        self.heading_align = tuple(align)

        height = self.row_height_mm * mm
        player_w = player_mm * mm - 4
        venue_w = self.col_venue_mm * mm - 4
        rows: list[list] = []
        row_styles: dict[int, list[tuple]] = {}
        technical = False
        for row in sheet.rows:
            technical = technical or row.technical_tie
            if row.note:
                row_styles[len(rows)] = INACTIVE_ROW
            cells = [*standing_cells(row, player_w, venue_w, height), row.points, row.opponents_points]
            if scored:
                cells.append("" if row.secondary_score is None else str(row.secondary_score))
            cells.append(clean(row.places) or "—")
            rows.append(cells)
        order = [f"puntos por puesto ({sheet.points_text}; los demás puestos, 0)" if sheet.points_text
                 else "puntos por puesto",
                 "puntos de los rivales (suma de los puntos de quienes compartieron mesa con el jugador)"]
        if scored:
            order.append(f"{sheet.score_label.lower()} (suma de todas las mesas)")
        legend = ["Orden: " + ", ".join(order) + ". Puestos: el de cada ronda, en orden."]
        if technical:
            legend.append("=: empate técnico, nada los separa (comparten la posición).")
        story = legend_story(self.chunked_tables(rows, [height] * len(rows), standings_style(), row_styles), legend)
        if not sheet.rows:
            story = empty_story("Sin resultados todavía.")
        content, pages = self.build(header, story)
        return self.result(header, content, pages)


def _two_words(label: str) -> str:
    """ "Puntos stoner" → "Puntos\\nstoner" for a narrow column."""
    words = label.split()
    return "\n".join(words) if len(words) == 2 else label


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
