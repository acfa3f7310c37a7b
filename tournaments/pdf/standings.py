"""Standings with the rulebook's tiebreak columns (A4 portrait, flowing).

Columns: position, player (number in grey), venue, match points ("Puntaje
total"), wins-draws-losses, Buchholz, "Handicap: vs" (head-to-head) and
"Handicap: x" (game differential), titled as the rulebook prints them
(000_0014b2ac83da54b4.txt § "4- Enfrentamiento directo.", § "5- Resultado en
partidas."). A technical tie shares its position, printed "=3"
(§ "6- Técnico."). Dropped and disqualified players keep their row, in grey.
"""
from __future__ import annotations

from reportlab.lib.units import mm

from .base import FlowingRenderer, RenderedPdf, clean, points_text
from .data import StandingsSheet
from .layout import INACTIVE_ROW, empty_story, legend_story, standing_cells, standings_style

DEFAULT_LABELS = {
    "match_points": "Puntaje total",
    "buchholz": "Buchholz",
    "head_to_head": "Handicap: vs",
    "game_differential": "Handicap: x",
}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class StandingsRenderer(FlowingRenderer):
    """The standings table; column widths in millimetres.

    The sheet's ``title`` ("Posiciones tras la ronda 3", "Posiciones
    finales") is printed in the header band of every page.
    """

    title = "Posiciones"
    slug = "posiciones"
    col_rank_mm = 11.0
    col_player_mm = 61.0
    col_venue_mm = 30.0
    col_points_mm = 15.0
    col_record_mm = 16.0
    col_buchholz_mm = 17.0
    col_h2h_mm = 18.0
    col_diff_mm = 18.0
    row_height_mm = 6.2
    heading_height_mm = 9.0
    heading_align = ("right", "left", "left", "center", "center", "center", "center", "center")

    @property
    def heading_widths_mm(self) -> tuple[float, ...]:
        return (self.col_rank_mm, self.col_player_mm, self.col_venue_mm, self.col_points_mm,
                self.col_record_mm, self.col_buchholz_mm, self.col_h2h_mm, self.col_diff_mm)

    def render(self, sheet: StandingsSheet) -> RenderedPdf:
        header = sheet.header
        if sheet.title:
            self.title = clean(sheet.title)
        labels = {**DEFAULT_LABELS, **sheet.labels}
        self.headings = (
            "Pos.", "Jugador", "Sede", _two_lines(labels["match_points"]), "V-E-D",
            labels["buchholz"], _two_lines(labels["head_to_head"]), _two_lines(labels["game_differential"]),
        )
        height = self.row_height_mm * mm
        player_w = self.col_player_mm * mm - 4
        venue_w = self.col_venue_mm * mm - 4
        rows: list[list] = []
        row_styles: dict[int, list[tuple]] = {}
        technical = False
        for row in sheet.rows:
            technical = technical or row.technical_tie
            if row.note:
                row_styles[len(rows)] = INACTIVE_ROW
            rows.append([
                *standing_cells(row, player_w, venue_w, height),
                points_text(row.match_points),
                f"{row.wins}-{row.draws}-{row.losses}",
                points_text(row.buchholz) or "0",
                _signed(row.head_to_head),
                _signed(row.game_differential),
            ])
        legend = [
            f"Orden: {labels['match_points']}, victorias, {labels['buchholz']}, "
            f"{labels['head_to_head']} (enfrentamiento directo), {labels['game_differential']} "
            "(partidas ganadas menos perdidas). V-E-D: victorias, empates y derrotas.",
        ]
        if technical:
            legend.append("=: empate técnico, nada los separa (comparten la posición).")
        story = legend_story(self.chunked_tables(rows, [height] * len(rows), standings_style(), row_styles), legend)
        if not sheet.rows:
            story = empty_story("Sin resultados todavía.")
        content, pages = self.build(header, story)
        return self.result(header, content, pages)


def _two_lines(label: str) -> str:
    """ "Handicap: vs" → "Handicap:\\nvs" so narrow columns keep the rulebook's words."""
    head, sep, tail = label.partition(": ")
    if sep:
        return f"{head}:\n{tail}"
    words = label.split()
    if len(words) == 2:
        return "\n".join(words)
    return label
