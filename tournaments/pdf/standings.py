"""Standings of any format (A4 portrait, flowing): one renderer, the columns are the sheet's.

Every standings sheet prints position (a technical tie shares it, printed
"=3"; 000_0014b2ac83da54b4.txt § "6- Técnico."), player (number in grey)
and venue, then the columns of the sheet's layout (:class:`~.data.StandingsLayout`):

- tables that give game wins (:func:`~.data.games_layout`): match points
  ("Puntaje total"), wins-draws-losses, Buchholz, "Handicap: vs"
  (head-to-head) and "Handicap: x" (game differential), titled as the
  rulebook prints them (§ "4- Enfrentamiento directo.", § "5- Resultado en
  partidas.");
- tables that give places (:func:`~.data.places_layout`): placement points, opponents'
  points, the game's secondary score (stoner points) and the place of each
  round.

Dropped and disqualified players keep their row, in grey. Widths are in
millimetres.
"""
from __future__ import annotations

from reportlab.lib.units import mm

from .base import FlowingRenderer, RenderedPdf, clean
from .data import StandingsSheet
from .layout import INACTIVE_ROW, empty_story, legend_story, standing_cells, standings_style


class StandingsRenderer(FlowingRenderer):
    """The standings table of a sheet; the sheet's ``title`` ("Posiciones tras la ronda 3",
    "Posiciones finales") is printed in the header band of every page."""

    title = "Posiciones"
    slug = "posiciones"
    col_rank_mm = 11.0
    row_height_mm = 6.2
    heading_height_mm = 9.0

    def render(self, sheet: StandingsSheet) -> RenderedPdf:
        header = sheet.header
        if sheet.title:
            self.title = clean(sheet.title)
        layout = sheet.layout
        columns = layout.columns
        self.heading_widths_mm = (self.col_rank_mm, layout.player_mm, layout.venue_mm,
                                  *(column.width_mm for column in columns))
        self.headings = ("Pos.", "Jugador", "Sede", *(column.heading for column in columns))
        self.heading_align = ("right", "left", "left", *(column.align for column in columns))
        height = self.row_height_mm * mm
        player_w = layout.player_mm * mm - 4
        venue_w = layout.venue_mm * mm - 4
        rows: list[list] = []
        row_styles: dict[int, list[tuple]] = {}
        technical = False
        for row in sheet.rows:
            technical = technical or row.technical_tie
            if row.note:
                row_styles[len(rows)] = INACTIVE_ROW
            rows.append([*standing_cells(row, player_w, venue_w, height), *map(clean, row.cells)])
        legend = list(layout.legend)
        if technical:
            legend.append("=: empate técnico, nada los separa (comparten la posición).")
        story = legend_story(self.chunked_tables(rows, [height] * len(rows), standings_style(), row_styles), legend)
        if not sheet.rows:
            story = empty_story("Sin resultados todavía.")
        content, pages = self.build(header, story)
        return self.result(header, content, pages)
