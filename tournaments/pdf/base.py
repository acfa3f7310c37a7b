"""Shared pieces of the PDF renderers: fonts, page furniture, text fitting.

Fonts: Bitstream Vera (regular, bold, oblique, bold oblique), the TrueType
family reportlab ships in ``reportlab/fonts``, so every installation has it.
It covers Latin-1 and more (á é í ó ú ñ ü ¿ ¡ — « » …) and is embedded
(subset) in every PDF; characters it lacks are printed without their accent
(ă → a) or as "?", never as a missing-glyph box.

Units: page geometry is given in millimetres (class attributes ``*_mm``) and
converted to points with :data:`reportlab.lib.units.mm`; font sizes are in
points.
"""
from __future__ import annotations

import functools
import io
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from .data import SheetHeader, points_text  # noqa: F401 (printed points, kept importable here)

FONT = "ArenaSans"
FONT_BOLD = "ArenaSans-Bold"
FONT_ITALIC = "ArenaSans-Oblique"
FONT_BOLD_ITALIC = "ArenaSans-BoldOblique"

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
FONT_FILES = {
    FONT: "Vera.ttf",
    FONT_BOLD: "VeraBd.ttf",
    FONT_ITALIC: "VeraIt.ttf",
    FONT_BOLD_ITALIC: "VeraBI.ttf",
}

GREEN = colors.HexColor("#1f5130")
GREEN_LIGHT = colors.HexColor("#eef3ef")
ZEBRA = colors.HexColor("#f4f4f4")
GREY = colors.HexColor("#666666")
GREY_LIGHT = colors.HexColor("#bbbbbb")
INK = colors.HexColor("#1b1b1b")

MIMETYPE = "application/pdf"


@functools.cache
def register_fonts() -> frozenset[int]:
    """Register the embedded TrueType family once; return the covered code points.

    Safe to call from every renderer and thread: the work happens on the
    first call only.
    """
    # Binary (deflated) page streams instead of ASCII85 text: smaller files, and
    # reportlab's pure-Python ASCII85 encoder is a large part of render time.
    rl_config.useA85 = 0
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD_ITALIC
    )
    return frozenset(pdfmetrics.getFont(FONT).face.charToGlyph)


def clean(text: str | None) -> str:
    """``text`` with every character the font can print.

    A character missing from the font loses its accent (NFKD without the
    combining marks); if that is still missing it becomes "?". Control
    characters become spaces.
    """
    if not text:
        return ""
    covered = register_fonts()
    if covered.issuperset(map(ord, text)):  # the common case, checked in C
        return text
    out = []
    for char in text:
        if ord(char) in covered:
            out.append(char)
        elif unicodedata.category(char).startswith("C"):
            out.append(" ")
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(base if base and all(ord(c) in covered for c in base) else "?")
    return "".join(out)


def fit(text: str, font: str, size: float, width: float, *, min_size: float | None = None) -> tuple[str, float]:
    """Fit ``text`` into ``width`` points: shrink down to ``min_size``, then cut with "…".

    Returns the text to print and the font size to print it at.
    """
    text = clean(text)
    min_size = min_size if min_size is not None else size * 0.75
    actual = stringWidth(text, font, size)
    if actual <= width:
        return text, size
    shrunk = max(min_size, size * width / actual * 0.995)
    if stringWidth(text, font, shrunk) <= width:
        return text, shrunk
    ellipsis = "…"
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if stringWidth(text[:mid].rstrip() + ellipsis, font, shrunk) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis, shrunk


def color_op(color, stroke: bool = False) -> str:
    """The PDF operator that sets ``color`` (RGB) as the fill (or stroke) colour."""
    return f"{fp_str(color.red, color.green, color.blue)} {'RG' if stroke else 'rg'}"


def text_ops(canv: Canvas, font_name: str, size: float, x: float, y: float, text: str) -> str:
    """PDF operators that print ``text`` (already :func:`clean`) with its baseline starting at (x, y).

    The same output as ``canv.drawString`` for an embedded TrueType font,
    without building a text object per string (about 4 times faster);
    ``size`` in points, the colour is the current fill colour.
    """
    font = pdfmetrics.getFont(font_name)
    doc = canv._doc
    parts = [f"BT 1 0 0 1 {fp_str(x, y)} Tm"]
    current = -1
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf")
            current = subset
        parts.append(f"({escapePDF(chunk)}) Tj")
    parts.append("ET")
    return " ".join(parts)


def draw_text(canv: Canvas, x: float, y: float, text: str, *, align: str = "left") -> None:
    """``canv.drawString`` (or its centred / right form) in the canvas's current TrueType font, faster.

    ``align`` is "left", "center" (``x`` is the middle) or "right" (``x`` is the right end).
    """
    font, size = canv._fontname, canv._fontsize
    if align != "left":
        width = stringWidth(text, font, size)
        x -= width / 2 if align == "center" else width
    canv._code.append(text_ops(canv, font, size, x, y, text))


def fit_line(text: str, width: float, height: float, *, font: str = FONT, size: float = 9,
             secondary: str = "", align: str = "left") -> list[tuple[str, float, float, float, str, bool]]:
    """Lay out one fitted line in a ``width`` × ``height`` cell (points): shrink, then "…".

    Returns the pieces to print, ``(font, size, x, baseline, text, is_secondary)``
    relative to the cell's bottom-left corner: the main text, then
    ``secondary`` (smaller, grey, after it) when there is room for it.
    """
    secondary = clean(secondary)
    second_size = size * 0.78
    second_w = stringWidth(" " + secondary, FONT, second_size) if secondary else 0
    main_room = width - second_w
    if secondary and stringWidth(clean(text), font, size) > main_room:
        second_w, main_room = 0, width  # the name matters more than the number
    text, size = fit(text, font, size, main_room)
    baseline = (height - size * 0.72) / 2
    text_w = stringWidth(text, font, size)
    x = 0.0
    if align == "center":
        x = (width - text_w - second_w) / 2
    elif align == "right":
        x = width - text_w - second_w
    pieces = [(font, size, x, baseline, text, False)]
    if second_w:
        pieces.append((FONT, second_size, x + text_w + stringWidth(" ", FONT, second_size), baseline,
                       secondary, True))
    return pieces


@dataclass(frozen=True, slots=True)
class RenderedPdf:
    """A rendered document: suggested file name, MIME type, bytes, page count."""

    filename: str
    mimetype: str
    content: bytes
    pages: int

    @property
    def size_bytes(self) -> int:
        return len(self.content)


class NumberedCanvas(Canvas):
    """A canvas that knows the page count when it draws each footer.

    Pages are kept until :meth:`save`, then each gets its footer
    ("Página 3 de 12") through ``footer(canvas, page, total)``.
    """

    def __init__(self, *args, footer=None, **kwargs):
        register_fonts()
        if not kwargs.get("initialFontName"):  # not Helvetica: every font used is embedded
            kwargs["initialFontName"] = FONT
        super().__init__(*args, **kwargs)
        self._footer = footer
        self._pages: list[dict] = []

    def showPage(self):  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            if self._footer is not None:
                self._footer(self, number, total)
            super().showPage()
        super().save()

    @property
    def page_count(self) -> int:
        return len(self._pages)


class FitText(Flowable):
    """One line of text fitted to its cell: shrinks, then ends in "…".

    ``secondary`` is printed after the main text in a smaller grey type
    (a player number next to the name) when there is room for it.
    """

    def __init__(self, text: str, width: float, *, font: str = FONT, size: float = 9,
                 color=INK, secondary: str = "", align: str = "left", height: float | None = None):
        super().__init__()
        self.text, self.font, self.size = text, font, size
        self.color, self.secondary, self.align = color, clean(secondary), align
        self.width = width
        self.height = height if height is not None else size * 1.2

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canv = self.canv
        for font, size, x, baseline, text, is_secondary in fit_line(
                self.text, self.width, self.height, font=self.font, size=self.size,
                secondary=self.secondary, align=self.align):
            canv.setFillColor(GREY if is_secondary else self.color)
            canv.setFont(font, size)
            canv.drawString(x, baseline, text)


class RowLayers:
    """The PDF operators of a page of rows, kept in three layers.

    Backgrounds go under the text and the rules over both, as in a
    platypus Table, whatever the row order.
    """

    __slots__ = ("back", "text", "lines")

    def __init__(self) -> None:
        self.back: list[str] = []
        self.text: list[str] = []
        self.lines: list[str] = []

    def flush(self, canv: Canvas) -> None:
        """Write the three layers to ``canv`` inside q/Q, so the canvas's own state is untouched."""
        if self.back or self.text or self.lines:
            canv.addLiteral("\n".join(["q", *self.back, *self.text, *self.lines, "Q"]))
        self.back, self.text, self.lines = [], [], []


class PdfRenderer:
    """Base class: A4 page, header band on every page, numbered footer.

    Subclasses set ``title`` (the document's name, printed in the header)
    and ``slug`` (the file name stem) and implement :meth:`render`.
    Geometry is in millimetres.
    """

    title = ""
    slug = "documento"
    page_size = A4
    margin_left_mm = 12.0
    margin_right_mm = 12.0
    margin_top_mm = 30.0  # includes the header band
    margin_bottom_mm = 14.0
    header_height_mm = 20.0

    def __init__(self) -> None:
        register_fonts()

    # -- geometry (points)
    @property
    def page_width(self) -> float:
        return self.page_size[0]

    @property
    def page_height(self) -> float:
        return self.page_size[1]

    @property
    def content_width(self) -> float:
        return self.page_width - (self.margin_left_mm + self.margin_right_mm) * mm

    @property
    def content_height(self) -> float:
        return self.page_height - (self.margin_top_mm + self.margin_bottom_mm) * mm

    def filename(self, header: SheetHeader) -> str:
        return f"{self.slug}.pdf"

    def result(self, header: SheetHeader, content: bytes, pages: int) -> RenderedPdf:
        return RenderedPdf(self.filename(header), MIMETYPE, content, pages)

    # -- page furniture
    def draw_header(self, canv: Canvas, header: SheetHeader) -> None:
        """Event, date, venue and game on the left; round and document on the right."""
        left = self.margin_left_mm * mm
        right = self.page_width - self.margin_right_mm * mm
        top = self.page_height - 10 * mm
        right_block = 72 * mm
        canv.saveState()
        name, size = fit(header.event_name, FONT_BOLD, 15, right - left - right_block - 4 * mm, min_size=10)
        canv.setFillColor(INK)
        canv.setFont(FONT_BOLD, size)
        canv.drawString(left, top - 5 * mm, name)
        details = " · ".join(part for part in (header.date_text, header.venue_text, header.game_name) if part)
        text, dsize = fit(details, FONT, 9, right - left - right_block - 4 * mm, min_size=7)
        canv.setFont(FONT, dsize)
        canv.setFillColor(GREY)
        canv.drawString(left, top - 11 * mm, text)
        round_text, rsize = fit(header.round_label, FONT_BOLD, 16, right_block, min_size=10)
        canv.setFillColor(GREEN)
        canv.setFont(FONT_BOLD, rsize)
        canv.drawRightString(right, top - 5 * mm, round_text)
        title, tsize = fit(self.title, FONT, 10, right_block, min_size=7)
        canv.setFillColor(INK)
        canv.setFont(FONT, tsize)
        canv.drawRightString(right, top - 11 * mm, title)
        canv.setStrokeColor(GREEN)
        canv.setLineWidth(1.2)
        canv.line(left, top - 14 * mm, right, top - 14 * mm)
        canv.restoreState()

    def footer_callback(self, header: SheetHeader):
        """A ``footer(canvas, page, total)`` for :class:`NumberedCanvas`."""

        def footer(canv: Canvas, page: int, total: int) -> None:
            left = self.margin_left_mm * mm
            right = self.page_width - self.margin_right_mm * mm
            y = 7 * mm
            canv.saveState()
            canv.setStrokeColor(GREY_LIGHT)
            canv.setLineWidth(0.5)
            canv.line(left, y + 4 * mm, right, y + 4 * mm)
            canv.setFont(FONT, 7.5)
            canv.setFillColor(GREY)
            text, _size = fit(f"Arena · {header.event_name} · {header.round_label} · {self.title}",
                              FONT, 7.5, (right - left) * 0.62)
            canv.drawString(left, y, text)
            if header.generated_text:
                canv.drawCentredString(left + (right - left) * 0.75, y, clean(header.generated_text))
            canv.drawRightString(right, y, f"Página {page} de {total}")
            canv.restoreState()

        return footer

    def new_canvas(self, buffer: io.BytesIO, header: SheetHeader) -> NumberedCanvas:
        canv = NumberedCanvas(buffer, pagesize=self.page_size, footer=self.footer_callback(header))
        canv.setTitle(f"{header.event_name} — {header.round_label} — {self.title}")
        canv.setAuthor("Arena")
        canv.setSubject(self.title)
        canv.setCreator("Arena (reportlab)")
        return canv


class FlowingRenderer(PdfRenderer):
    """A renderer of lists that flow across pages (platypus).

    ``columns`` frames side by side, ``column_gap_mm`` apart. Column
    headings (``headings`` with widths ``heading_widths_mm``) are drawn at
    the top of every frame that received rows, so the tables themselves
    carry no heading row and can be cut into chunks of ``chunk_rows`` rows:
    reportlab splits a table by copying the rest of it, so one table of
    8,000 rows costs quadratic time, while chunks keep it linear.
    """

    columns = 1
    column_gap_mm = 6.0
    heading_height_mm = 0.0
    chunk_rows = 40  # even, so zebra stripes continue across chunks

    headings: tuple[str, ...] = ()
    heading_widths_mm: tuple[float, ...] = ()
    heading_align: tuple[str, ...] = ()

    @property
    def frame_width(self) -> float:
        gaps = (self.columns - 1) * self.column_gap_mm * mm
        return (self.content_width - gaps) / self.columns

    def frame_x(self, index: int) -> float:
        return self.margin_left_mm * mm + index * (self.frame_width + self.column_gap_mm * mm)

    def draw_headings(self, canv: Canvas, x: float, top: float) -> None:
        """The column headings of one frame: white on green, ``heading_height_mm`` tall."""
        if not self.headings:
            return
        height = self.heading_height_mm * mm
        canv.saveState()
        canv.setFillColor(GREEN)
        canv.rect(x, top - height, sum(self.heading_widths_mm) * mm, height, stroke=0, fill=1)
        canv.setFillColor(colors.white)
        cell_x = x
        for index, (title, width_mm) in enumerate(zip(self.headings, self.heading_widths_mm)):
            width = width_mm * mm
            align = self.heading_align[index] if index < len(self.heading_align) else "left"
            lines = title.split("\n")
            size = 7.5 if len(lines) > 1 else 8.5
            leading = size * 1.1
            first = top - height / 2 + (len(lines) - 1) * leading / 2 - size * 0.36
            for number, line in enumerate(lines):
                text, tsize = fit(line, FONT_BOLD, size, width - 3, min_size=5.5)
                canv.setFont(FONT_BOLD, tsize)
                y = first - number * leading
                if align == "center":
                    canv.drawCentredString(cell_x + width / 2, y, text)
                elif align == "right":
                    canv.drawRightString(cell_x + width - 2, y, text)
                else:
                    canv.drawString(cell_x + 2, y, text)
            cell_x += width
        canv.restoreState()

    def chunked_tables(self, rows: list[list], heights: list[float], style: list,
                       row_styles: dict[int, list[tuple]] | None = None) -> list:
        """``rows`` as consecutive tables of ``chunk_rows`` rows sharing ``style``.

        ``row_styles`` maps a row index (in ``rows``) to commands for that
        row only, written ``(op, first_col, last_col, *args)``.
        """
        from reportlab.platypus import Table, TableStyle

        widths = [w * mm for w in self.heading_widths_mm]
        tables = []
        row_styles = row_styles or {}
        for start in range(0, len(rows), self.chunk_rows):
            part = rows[start:start + self.chunk_rows]
            commands = list(style)
            for index in range(start, start + len(part)):
                for op, first, last, *args in row_styles.get(index, ()):
                    commands.append((op, (first, index - start), (last, index - start), *args))
            table = Table(part, colWidths=widths, rowHeights=heights[start:start + len(part)])
            table.setStyle(TableStyle(commands))
            tables.append(table)
        return tables

    def build_rows(self, header: SheetHeader, heights: list[float], draw_row, *,
                   note: str = "", note_font: str = FONT_ITALIC, note_size: float = 8,
                   note_color=GREY) -> tuple[bytes, int]:
        """Lay rows out straight on the canvas, frame after frame; return (bytes, pages).

        The pages are the ones :meth:`build` makes of one table per chunk
        (same frames, header band, headings and footers) without platypus.
        ``heights[i]`` is row ``i``'s height in points;
        ``draw_row(canv, layers, i, x, bottom, width)`` appends the PDF
        operators of row ``i`` to ``layers`` (a :class:`RowLayers`), its
        frame's left edge at ``x`` and its bottom edge at ``bottom``.
        ``note``, if given, is printed 3 mm under the last row (on a new page
        if it does not fit there).
        """
        buffer = io.BytesIO()
        canv = self.new_canvas(buffer, header)
        top = self.page_height - self.margin_top_mm * mm
        frame_top = top - self.heading_height_mm * mm
        floor = self.margin_bottom_mm * mm
        state = {"frame": 0, "y": frame_top, "layers": RowLayers(), "started": False}

        def start_page() -> None:
            self.draw_header(canv, header)
            state.update(frame=0, y=frame_top, layers=RowLayers(), started=True)

        def end_page() -> None:
            state["layers"].flush(canv)
            for index in range(state["frame"] + 1):
                self.draw_headings(canv, self.frame_x(index), top)
            canv.showPage()
            state["started"] = False

        start_page()
        for index, height in enumerate(heights):
            if state["y"] - height < floor - 1e-6:  # the row does not fit: next frame or page
                if state["frame"] + 1 < self.columns:
                    state["frame"] += 1
                    state["y"] = frame_top
                else:
                    end_page()
                    start_page()
            state["y"] -= height
            draw_row(canv, state["layers"], index, self.frame_x(state["frame"]), state["y"], self.frame_width)
        if note:
            note_top = state["y"] - 3 * mm
            if note_top - note_size * 1.2 < floor - 1e-6:
                if state["frame"] + 1 < self.columns:
                    state["frame"] += 1
                else:
                    end_page()
                    start_page()
                note_top = frame_top
            layers = state["layers"]
            text, size = fit(note, note_font, note_size, self.frame_width)
            layers.text.append(color_op(note_color))
            x = self.frame_x(state["frame"])
            layers.text.append(text_ops(canv, note_font, size, x, note_top - note_size, text))
        end_page()
        pages = canv.page_count
        canv.save()
        return buffer.getvalue(), pages

    def build(self, header: SheetHeader, story: list) -> tuple[bytes, int]:
        """Lay ``story`` out on A4 pages with the header band; return (bytes, pages)."""
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

        buffer = io.BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.page_size,
            leftMargin=self.margin_left_mm * mm,
            rightMargin=self.margin_right_mm * mm,
            topMargin=self.margin_top_mm * mm,
            bottomMargin=self.margin_bottom_mm * mm,
            title=f"{header.event_name} — {header.round_label} — {self.title}",
            author="Arena",
            subject=self.title,
            creator="Arena (reportlab)",
            initialFontName=FONT,
        )
        heading = self.heading_height_mm * mm
        frames = [
            Frame(
                self.frame_x(index), doc.bottomMargin, self.frame_width, doc.height - heading,
                leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=f"column{index}",
            )
            for index in range(self.columns)
        ]
        top = self.page_height - doc.topMargin

        def page_end(canv, doc_) -> None:
            used = frames.index(doc_.frame) + 1 if doc_.frame in frames else self.columns
            for index in range(used):
                self.draw_headings(canv, self.frame_x(index), top)

        doc.addPageTemplates([PageTemplate(
            id="sheet", frames=frames,
            onPage=lambda canv, _doc: self.draw_header(canv, header), onPageEnd=page_end,
        )])
        doc.build(story, canvasmaker=functools.partial(NumberedCanvas, footer=self.footer_callback(header)))
        return buffer.getvalue(), doc.page


class TwoLineText(Flowable):
    """A fitted main line with a smaller grey line under it (name over details)."""

    def __init__(self, text: str, detail: str, width: float, height: float, *,
                 font: str = FONT, size: float = 12, detail_size: float = 7.5):
        super().__init__()
        self.text, self.detail, self.font = text, detail, font
        self.size, self.detail_size = size, detail_size
        self.width, self.height = width, height

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canv = self.canv
        text, size = fit(self.text, self.font, self.size, self.width)
        detail, dsize = fit(self.detail, FONT, self.detail_size, self.width, min_size=self.detail_size * 0.85)
        gap = 1.8 * mm
        block = size * 0.72 + (gap + dsize * 0.72 if detail else 0)
        bottom = (self.height - block) / 2
        canv.setFillColor(INK)
        canv.setFont(self.font, size)
        canv.drawString(0, bottom + (dsize * 0.72 + gap if detail else 0), text)
        if detail:
            canv.setFillColor(GREY)
            canv.setFont(FONT, dsize)
            canv.drawString(0, bottom, detail)
