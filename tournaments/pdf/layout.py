"""Layout pieces shared by the renderers: result-slip frame, QR box, signatures, standings tables.

- :class:`SlipsRenderer` — slips stacked on A4 pages with dashed cut lines
  between them; subclasses draw one slip with :meth:`SlipsRenderer.draw_slip`
  using the pieces here (table box, heading rows, grid, signatures, QR code).
- :func:`standings_style`, :func:`standing_cells`, :func:`legend_story` and
  :func:`empty_story` — the flowing standings tables (duels and pods).

Geometry is in points unless a name ends in ``_mm``.
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import QRData
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Spacer

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
    PdfRenderer,
    RenderedPdf,
    clean,
    draw_text,
    fit,
)

#: The QR mask is fixed instead of chosen by penalty score: every mask is a
#: valid code for any reader, and scoring the eight masks costs about 25 ms a
#: slip in pure Python (most of the time of a large round's slips).
QR_MASK_PATTERN = 2

#: Error correction of the slips' codes: M (15 % of the codewords can be lost).
QR_ERROR_CORRECTION = ERROR_CORRECT_M

#: Row commands of a dropped or disqualified player: the whole row in grey.
INACTIVE_ROW = [("TEXTCOLOR", 0, -1, GREY)]

#: (mode, length) of a payload -> the smallest QR version that holds it at M.
_qr_versions: dict[tuple[int, int], int] = {}


def qr_version(segment: QRData) -> int:
    """The smallest QR version holding ``segment`` at error correction M, cached per (mode, length).

    The version depends only on the segment's mode and length, so the
    library's fit search runs once per layout (every slip URL of a round
    has the same shape), not once per slip.
    """
    key = (segment.mode, len(segment))
    version = _qr_versions.get(key)
    if version is None:
        probe = qrcode.QRCode(error_correction=QR_ERROR_CORRECTION)
        probe.add_data(segment)
        version = _qr_versions[key] = probe.best_fit()
    return version


def qr_matrix(data: str) -> list[list[bool]]:
    """The QR modules of ``data`` (error correction M, no quiet zone), row by row.

    One segment in the mode ``data`` needs (bytes for a URL), the version
    from :func:`qr_version` and the fixed :data:`QR_MASK_PATTERN`: the
    library then only encodes and places the data (about 0.6 ms), with no
    fit or mask search.
    """
    segment = QRData(data)
    code = qrcode.QRCode(version=qr_version(segment), error_correction=QR_ERROR_CORRECTION, box_size=1,
                         border=0, mask_pattern=QR_MASK_PATTERN)
    code.add_data(segment)
    code.make(fit=False)
    return code.get_matrix()


_DARK_RUN = re.compile(rb"\x01+")


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
        for run in _DARK_RUN.finditer(bytes(row)):  # bools as bytes 0/1: the runs are found in C
            ops.append(f"{run.start()} {bottom} {run.end() - run.start()} 1 re")
    canv.saveState()
    canv.translate(x, y)
    canv.scale(size / count, size / count)
    canv.setFillColorRGB(0, 0, 0)
    canv.addLiteral("\n".join(ops) + "\nf")
    canv.restoreState()


# --------------------------------------------------------------------------- slips


def draw_table_box_frame(canv: Canvas, right: float, top: float, width: float, height: float) -> None:
    """The table box without its number: the green frame and "MESA"."""
    box_x = right - width
    canv.setStrokeColor(GREEN)
    canv.setFillColor(GREEN_LIGHT)
    canv.setLineWidth(1.2)
    canv.roundRect(box_x, top - height, width, height, 2 * mm, stroke=1, fill=1)
    canv.setFillColor(GREEN)
    canv.setFont(FONT_BOLD, 7)
    draw_text(canv, box_x + width / 2, top - 4 * mm, "MESA", align="center")


def draw_table_number(canv: Canvas, table: int | str, right: float, top: float, width: float, height: float) -> float:
    """The number in the table box of :func:`draw_table_box_frame`; returns the box's left edge."""
    box_x, box_y = right - width, top - height
    number, nsize = fit(str(table), FONT_BOLD, 26, width - 4 * mm, min_size=14)
    canv.setFillColor(INK)
    canv.setFont(FONT_BOLD, nsize)
    draw_text(canv, box_x + width / 2, box_y + 3 * mm, number, align="center")
    return box_x


def draw_slip_title(canv: Canvas, caption: str, event_name: str, left: float, top: float, width: float) -> None:
    """The first two lines of a slip's heading: caption (green capitals) and event name, under ``top``."""
    canv.setFillColor(GREEN)
    canv.setFont(FONT_BOLD, 7.5)
    draw_text(canv, left, top - 2.5 * mm, caption)
    name, size = fit(event_name, FONT_BOLD, 12.5, width, min_size=9)
    canv.setFillColor(INK)
    canv.setFont(FONT_BOLD, size)
    draw_text(canv, left, top - 8 * mm, name)


def draw_slip_details(canv: Canvas, details: Sequence[str], left: float, top: float, width: float) -> None:
    """The grey third line of a slip's heading: ``details`` joined by " · "."""
    detail, dsize = fit(" · ".join(p for p in details if p), FONT, 9, width, min_size=7)
    canv.setFont(FONT, dsize)
    canv.setFillColor(GREY)
    draw_text(canv, left, top - 13 * mm, detail)


def draw_grid_head(canv: Canvas, titles: Sequence[str], widths: Sequence[float], left: float, bottom: float,
                   width: float, height: float,
                   cell: Callable[[Canvas, str, float, float, float, float], None]) -> None:
    """The green heading band of a slip grid; ``cell(canv, title, x, bottom, width, height)`` writes each title."""
    canv.setFillColor(GREEN)
    canv.rect(left, bottom, width, height, stroke=0, fill=1)
    canv.setFillColorRGB(1, 1, 1)
    x = left
    for cell_width, title in zip(widths, titles):
        cell(canv, title, x, bottom, cell_width, height)
        x += cell_width


def draw_player_cell(canv: Canvas, name: str, number: str, x: float, middle: float, width: float) -> None:
    """A player's name in bold (in the current fill colour) over their number in grey."""
    pname, psize = fit(name, FONT_BOLD, 11, width - 3 * mm, min_size=7.5)
    canv.setFont(FONT_BOLD, psize)
    draw_text(canv, x + 1.5 * mm, middle + 0.6 * mm, pname)
    canv.setFont(FONT, 7.5)
    canv.setFillColor(GREY)
    draw_text(canv, x + 1.5 * mm, middle - 3.4 * mm, clean(number))


def draw_grid_lines(canv: Canvas, widths: Sequence[float], left: float, top: float, width: float,
                    head_height: float, row_height: float, rows: int) -> None:
    """Outer frame, row and column rules of a slip grid whose top edge is at ``top``."""
    bottom = top - head_height - rows * row_height
    canv.setStrokeColor(INK)
    canv.setLineWidth(0.8)
    canv.rect(left, bottom, width, head_height + rows * row_height, stroke=1, fill=0)
    canv.setLineWidth(0.5)
    for index in range(1, rows):
        line_y = top - head_height - index * row_height
        canv.line(left, line_y, left + width, line_y)
    x = left
    for cell_width in widths[:-1]:
        x += cell_width
        canv.line(x, bottom, x, top - head_height)


def draw_signatures(canv: Canvas, labels: Sequence[str | None], left: float, y: float, width: float,
                    gap: float = 4 * mm, *, lines: bool = True) -> None:
    """A signature line per label, side by side across ``width``, the label in grey under it.

    ``lines=False`` draws the labels only; a label of None is left out
    (its line is still drawn).
    """
    sign_w = (width - gap * (len(labels) - 1)) / len(labels)
    canv.setLineWidth(0.6)
    for index, label in enumerate(labels):
        sx = left + index * (sign_w + gap)
        if lines:
            canv.setStrokeColor(INK)
            canv.line(sx, y, sx + sign_w, y)
        if label is None:
            continue
        text, tsize = fit(label, FONT, 7, sign_w, min_size=5.5)
        canv.setFont(FONT, tsize)
        canv.setFillColor(GREY)
        draw_text(canv, sx, y - 3 * mm, text)


def draw_result_qr(canv: Canvas, url: str, right: float, top: float, size: float, *, caption: bool = True) -> None:
    """The QR code to a table's result form, top-right corner at (right, top), captioned with the URL.

    ``caption=False`` leaves out the line "Cargar resultado (juez)" (see :func:`draw_result_qr_caption`).
    """
    qr_x = right - size
    draw_qr(canv, qr_matrix(url), qr_x, top - size, size)
    if caption:
        draw_result_qr_caption(canv, right, top, size)
    parts = urlsplit(url)
    lines = [f"{parts.scheme}://{parts.netloc}", parts.path] if parts.netloc else [url]
    canv.setFillColor(GREY)
    for index, line in enumerate(lines):
        text, usize = fit(line, FONT, 5.5, size + 8 * mm, min_size=4)
        canv.setFont(FONT, usize)
        draw_text(canv, qr_x + size / 2, top - size - (6.5 + 2.6 * index) * mm, text, align="center")


def draw_result_qr_caption(canv: Canvas, right: float, top: float, size: float) -> None:
    """"Cargar resultado (juez)" under the QR code of :func:`draw_result_qr`."""
    canv.setFillColor(INK)
    canv.setFont(FONT_BOLD, 7)
    draw_text(canv, right - size / 2, top - size - 3.5 * mm, "Cargar resultado (juez)", align="center")


class SlipsRenderer(PdfRenderer):
    """Result slips, ``slips_per_page`` to an A4 portrait page, cut lines between them.

    Subclasses implement :meth:`draw_slip`; the sheet has ``header`` and ``slips``
    (each with its ``seats``). A subclass whose slips share a fixed part
    (frames, headings, labels) draws it in :meth:`draw_slip_static`: it is
    written once per document and table size as a PDF form and placed under
    every slip of that size, and :meth:`draw_slip` draws only what changes
    from slip to slip.
    """

    title = "Planillas de resultado"
    slug = "planillas-de-resultado"
    slips_per_page = 3
    margin_left_mm = 10.0
    margin_right_mm = 10.0
    margin_top_mm = 6.0
    margin_bottom_mm = 12.0  # the footer
    padding_mm = 5.0
    grid_top_mm = 27.0
    grid_head_mm = 8.0
    qr_mm = 30.0
    table_box_mm = (32.0, 18.0)

    @property
    def slip_height(self) -> float:
        return self.content_height / self.slips_per_page

    def render(self, sheet) -> RenderedPdf:
        header = sheet.header
        buffer = io.BytesIO()
        canv = self.new_canvas(buffer, header)
        first_top = self.page_height - self.margin_top_mm * mm
        statics: dict[int, str] = {}
        if type(self).draw_slip_static is not SlipsRenderer.draw_slip_static:
            for seats in dict.fromkeys(len(slip.seats) for slip in sheet.slips):
                name = f"slip-static-{seats}"
                canv.beginForm(name)
                if self.draw_slip_static(canv, sheet, seats, first_top):
                    statics[seats] = name
                canv.endForm()
        if not sheet.slips:
            canv.setFont(FONT, 11)
            draw_text(canv, self.margin_left_mm * mm, self.page_height - 20 * mm,
                      "Sin mesas: esta ronda no tiene planillas.")
            canv.showPage()
        for index, slip in enumerate(sheet.slips):
            position = index % self.slips_per_page
            if index and position == 0:
                canv.showPage()
            top = first_top - position * self.slip_height
            static = statics.get(len(slip.seats))
            if static:
                canv.saveState()
                canv.translate(0, top - first_top)
                canv.doForm(static)
                canv.restoreState()
            self.draw_slip(canv, sheet, slip, top)
            if position < self.slips_per_page - 1 and index < len(sheet.slips) - 1:
                self.draw_cut_line(canv, top - self.slip_height)
        if sheet.slips:
            canv.showPage()
        pages = canv.page_count
        canv.save()
        return self.result(header, buffer.getvalue(), pages)

    def draw_slip_static(self, canv: Canvas, sheet, seats: int, top: float) -> bool:
        """The part every slip of ``sheet`` with ``seats`` seats shares, its top edge at ``top``; False if none."""
        return False

    def draw_slip(self, canv: Canvas, sheet, slip, top: float) -> None:
        """One slip whose top edge is at ``top`` (points from the page bottom), less its static part."""
        raise NotImplementedError

    def draw_cut_line(self, canv: Canvas, y: float) -> None:
        canv.saveState()
        canv.setStrokeColor(GREY_LIGHT)
        canv.setLineWidth(0.5)
        canv.setDash(3, 3)
        canv.line(4 * mm, y, self.page_width - 4 * mm, y)
        canv.restoreState()


# --------------------------------------------------------------------------- standings


def standings_style() -> list[tuple]:
    """Table commands of a standings list: rank right, numbers from the fourth column centred, zebra rows."""
    return [
        ("FONT", (0, 0), (-1, -1), FONT, 9),
        ("FONT", (3, 0), (3, -1), FONT_BOLD, 9),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (3, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("ROWBACKGROUNDS", (0, 0), (-1, -1), [colors.white, ZEBRA]),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, GREY_LIGHT),
    ]


def standing_cells(row, player_width: float, venue_width: float, height: float) -> list:
    """Position ("=3" in a technical tie), player (note and number) and venue cells of a standings row.

    ``row`` has ``rank``, ``technical_tie``, ``name``, ``note``, ``number`` and
    ``venue``; a row with a note (dropped, disqualified) is printed in grey italics.
    """
    inactive = bool(row.note)
    name = f"{row.name} ({row.note})" if row.note else row.name
    return [
        f"={row.rank}" if row.technical_tie else str(row.rank),
        FitText(name, player_width, size=9, secondary=row.number, height=height,
                color=GREY if inactive else INK, font=FONT_ITALIC if inactive else FONT),
        FitText(row.venue, venue_width, size=8, height=height, color=GREY),
    ]


def legend_story(story: list, legend: Sequence[str]) -> list:
    """``story`` followed by the legend lines in small grey italics."""
    note = ParagraphStyle("note", fontName=FONT_ITALIC, fontSize=7.5, textColor=GREY, leading=9.5)
    story.append(Spacer(0, 3 * mm))
    story += [Paragraph(clean(text), note) for text in legend]
    return story


def empty_story(text: str) -> list:
    """The whole story of a document with nothing to list: one line of text."""
    return [Spacer(0, 3 * mm), Paragraph(text, ParagraphStyle("empty", fontName=FONT, fontSize=11))]
