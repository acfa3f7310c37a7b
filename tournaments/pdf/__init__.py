"""Pure PDF renderers: read models (:mod:`.data`) in, PDF bytes out.

No Django here: the sheets are built by :mod:`tournaments.documents.sheets` (or by
``benchmarks/pdf.py``) and every renderer returns a
:class:`~tournaments.pdf.base.RenderedPdf` (file name, MIME type, bytes,
pages). A4, Spanish (es-AR), an embedded TrueType font
(:func:`~tournaments.pdf.base.register_fonts`).

The renderers are imported on first use (PEP 562): reading :mod:`.data`, as
every web worker does, loads neither reportlab nor qrcode.
"""
from __future__ import annotations

import importlib
from typing import Any

_MODULES = {
    "BracketRenderer": ".bracket",
    "PairingsByNameRenderer": ".pairings",
    "PairingsByTableRenderer": ".pairings",
    "RenderedPdf": ".base",
    "ResultSlipsRenderer": ".slips",
    "StandingsRenderer": ".standings",
    "register_fonts": ".base",
}

__all__ = sorted(_MODULES)


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
