"""A ``{# … #}`` comment ends on its own line in Django templates: one spread over lines is printed on the
page as text (English notes on a Spanish page). Longer notes use ``{% comment %}``."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def open_comments(text: str) -> list[int]:
    """Line numbers of ``{#`` with no ``#}`` after it on the same line."""
    return [number for number, line in enumerate(text.splitlines(), 1)
            if any("#}" not in line[match.end():] for match in re.finditer(r"\{#", line))]


def test_the_check_finds_a_comment_spread_over_lines():
    assert open_comments("{% load i18n %}{# a note\n   that goes on #}<p>Hola</p>") == [1]
    assert open_comments("{# one line #}<p>{# another #}</p>") == []


def test_no_template_spreads_a_short_comment_over_lines():
    templates = [p for p in ROOT.glob("**/templates/**/*.html") if ".venv" not in p.parts]
    assert len(templates) > 50
    offenders = {str(p.relative_to(ROOT)): lines for p in templates if (lines := open_comments(p.read_text()))}
    assert offenders == {}
