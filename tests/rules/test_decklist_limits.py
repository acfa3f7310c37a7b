"""Decklist input limits (issue #15), pure parser: huge, zero and negative
quantities, over-long lines, too many lines and control characters are line
errors naming the line, and never reach a stored count."""
from __future__ import annotations

import pytest

from rules.decks import MAX_LINES, input_limit_errors, parse_decklist

pytestmark = pytest.mark.unit


def codes(text: str) -> list[tuple[str, int]]:
    return [(error.code, error.line_number) for error in parse_decklist(text).errors]


def test_parse_decklist_huge_quantity_is_a_line_error():
    parsed = parse_decklist("4 Fasent\n99999999999999999999999999999 Fasent\n")

    assert [(e.code, e.line_number) for e in parsed.errors] == [("quantity_too_large", 2)]
    assert parsed.errors[0].message == "Línea 2: la cantidad 999999999999… es demasiado grande (máximo 999)."
    assert [line.quantity for line in parsed.lines] == [4]


def test_parse_decklist_quantity_limit_is_inclusive():
    assert codes("999 Sativa\n1000 Sativa\nSativa x1000\n") == [("quantity_too_large", 2), ("quantity_too_large", 3)]


def test_parse_decklist_negative_quantity_is_named():
    parsed = parse_decklist("-4 Fasent\n")

    assert parsed.errors[0].code == "negative_quantity"
    assert parsed.errors[0].message == "Línea 1: la cantidad no puede ser negativa en «-4 Fasent»."


def test_parse_decklist_bullet_dash_is_not_negative():
    parsed = parse_decklist("- 4 Fasent\n")

    assert parsed.errors == ()
    assert [(line.quantity, line.name) for line in parsed.lines] == [(4, "Fasent")]


def test_parse_decklist_over_long_line_is_refused():
    parsed = parse_decklist("4 Fasent\n1 " + "A" * 199 + "\n")

    assert codes("4 Fasent\n1 " + "A" * 199 + "\n") == [("line_too_long", 2)]
    assert parsed.errors[0].message == "Línea 2: la línea tiene 201 caracteres y el máximo es 200."


def test_parse_decklist_control_character_is_refused():
    assert codes("4 Fasent\n4 Sa\x00tiva\n") == [("control_characters", 2)]
    assert parse_decklist("4 Sa\x00tiva").errors[0].message.endswith("(U+0000).")


def test_parse_decklist_tabs_are_not_control_characters_in_a_list():
    assert codes("4\tFasent\n") == []


def test_parse_decklist_too_many_lines_stops_reading():
    text = "1 Sativa\n" * (MAX_LINES + 5)

    parsed = parse_decklist(text)

    assert [(e.code, e.line_number) for e in parsed.errors] == [("too_many_lines", 1001)]
    assert len(parsed.lines) == 1000


def test_input_limit_errors_keeps_only_the_refusing_codes():
    text = "4 Fasent\nFasent\n0 Sativa\n99999 Índica\n"

    assert [(e.code, e.line_number) for e in input_limit_errors(text)] == [
        ("zero_quantity", 3), ("quantity_too_large", 4),
    ]
