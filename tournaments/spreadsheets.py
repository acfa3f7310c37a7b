"""Tables as spreadsheet downloads: CSV in the reader's locale convention, or XLSX (issue #28 point 3).

An Argentine Excel splits a comma-separated file with dot decimals wrong: with es-AR settings it
expects ``;`` between cells and a decimal comma. :func:`spreadsheet_response` writes

- ``csv``: UTF-8 with a BOM (accents kept), ``;`` and ``17,5`` in Spanish, ``,`` and ``17.5`` in
  English (the active language decides);
- ``xlsx`` (openpyxl): numbers stored as numbers, text as text;

every text cell through :func:`tournaments.text.csv_safe`, so ``=HYPERLINK(…)`` in a name is never a
live formula. Used by the event's standings and registrations (admin), a round's pairings (admin and
public pages), the players list (admin, through :class:`tournaments.resources.LocaleCSV`) and the
league tables (leagues).
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from django.http import HttpResponse
from django.utils.translation import get_language

from .text import csv_safe

KINDS = ("csv", "xlsx")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def kind_of(request) -> str:
    """The download the page asked for: ``?formato=xlsx`` or CSV (anything else)."""
    return "xlsx" if request.GET.get("formato") == "xlsx" else "csv"


def _spanish() -> bool:
    return (get_language() or "es").startswith("es")


def _number(value) -> int | float:
    """A Python number as a spreadsheet number (a whole value as an int)."""
    if isinstance(value, bool):
        return int(value)
    number = float(value)
    return int(number) if number.is_integer() else number


def csv_cell(value, *, spanish: bool) -> str:
    """One CSV cell: numbers with the locale's decimal mark, text made formula-safe."""
    if value is None:
        return ""
    if isinstance(value, (int, float, Decimal, Fraction)) and not isinstance(value, bool):
        text = str(_number(value))
        return text.replace(".", ",") if spanish else text
    return str(csv_safe(str(value)))


def csv_text(header: Sequence[str], rows: Iterable[Sequence]) -> str:
    """``header`` and ``rows`` as CSV text in the active language's convention, with a BOM first
    (``;`` and ``17,5`` in Spanish, ``,`` and ``17.5`` in English; see :func:`csv_cell`)."""
    spanish = _spanish()
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if spanish else ",")
    writer.writerow([csv_cell(cell, spanish=spanish) for cell in header])
    writer.writerows([csv_cell(cell, spanish=spanish) for cell in row] for row in rows)
    return "\ufeff" + out.getvalue()


def spreadsheet_response(stem: str, header: Sequence[str], rows: Iterable[Sequence], *, kind: str,
                         sheet: str = "Hoja 1") -> HttpResponse:
    """A download named ``<stem>.csv`` or ``<stem>.xlsx`` of ``header`` and ``rows`` (plain Python
    values: numbers stay numbers). Raises :class:`ValueError` for another ``kind``."""
    if kind not in KINDS:
        raise ValueError(kind)
    if kind == "csv":
        response = HttpResponse(csv_text(header, rows), content_type="text/csv; charset=utf-8")
    else:
        from openpyxl import Workbook

        book = Workbook(write_only=False)
        ws = book.active
        ws.title = sheet[:31]
        ws.append([str(cell) for cell in header])
        for row in rows:
            cells = []
            for value in row:
                if value is None:
                    cells.append(None)
                elif isinstance(value, (int, float, Decimal, Fraction)) and not isinstance(value, bool):
                    cells.append(_number(value))
                else:
                    cells.append(str(value))
            ws.append(cells)
            for cell in ws[ws.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # text, never a formula
        data = io.BytesIO()
        book.save(data)
        response = HttpResponse(data.getvalue(), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{stem}.{kind}"'
    return response
