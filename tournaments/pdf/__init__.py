"""Pure PDF renderers: read models (:mod:`.data`) in, PDF bytes out.

No Django here: the sheets are built by :mod:`tournaments.documents.sheets` (or by
``benchmarks/pdf.py``) and every renderer returns a
:class:`~tournaments.pdf.base.RenderedPdf` (file name, MIME type, bytes,
pages). A4, Spanish (es-AR), an embedded TrueType font
(:func:`~tournaments.pdf.base.register_fonts`).
"""
from .base import RenderedPdf, register_fonts
from .bracket import BracketRenderer
from .pairings import PairingsByNameRenderer, PairingsByTableRenderer
from .slips import ResultSlipsRenderer
from .standings import StandingsRenderer

__all__ = [
    "BracketRenderer",
    "PairingsByNameRenderer",
    "PairingsByTableRenderer",
    "RenderedPdf",
    "ResultSlipsRenderer",
    "StandingsRenderer",
    "register_fonts",
]
