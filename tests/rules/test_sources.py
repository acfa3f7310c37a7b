"""Rule citations shown to judges and players name the rulebook, not files."""
import pytest

from rules.sources import source_label

pytestmark = pytest.mark.unit


def test_seed_file_becomes_the_rulebook_name_and_section():
    assert source_label('Rule: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces"') == (
        "Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces"
    )


def test_internal_defaults_read_as_arena_criterion_once():
    text = ('000_0014b2ac83da54b4.txt § "10.3. Los Jueces"; Default: DESIGN.md decision 10; '
            "RULES-TRACE ambiguity 26")
    assert source_label(text) == "Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces; criterio de Arena"


def test_short_seed_numbers_and_other_rulebooks():
    assert source_label('001 § "Penalidades"') == "Reglamento Blobbiemundo v2.4 § Penalidades"
    assert source_label("") == ""
