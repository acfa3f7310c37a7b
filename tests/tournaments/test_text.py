"""Name order, search folding and round labels (tournaments.text).

Expected orders are written out by hand from the rule (Spanish alphabet of
the Real Academia Española: "ñ" is a letter between "n" and "o"; accents,
diaeresis and case do not change the order; "ch" and "ll" are two letters),
never taken from the code's own output.
"""
from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import translation

from tournaments.enums import RoundPhase
from tournaments.text import (
    TOP_CUT_PHASE,
    collation_initial,
    collation_key,
    fold,
    match_name,
    round_label,
    stage_name,
)

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]


def by_name(names):
    return sorted(names, key=collation_key)


# --------------------------------------------------------------------------- collation


def test_collation_key_orders_the_issue_names_by_the_spanish_alphabet():
    names = ["Nuno", "Nuño", "Nunzio", "Ñandú", "Núñez", "Álvarez", "Alvarado"]
    # alvarAdo < alvarEz; nuN… < nuÑ…; within nuN…: nunO < nunZ; within
    # nuÑ…: nuñE(z) < nuñO; a word starting with Ñ comes after every N word.
    assert by_name(names) == ["Alvarado", "Álvarez", "Nuno", "Nunzio", "Núñez", "Nuño", "Ñandú"]


def test_collation_key_puts_enie_after_n_and_before_o():
    assert by_name(["Nuovo", "Nuño", "Nunzio", "Nuno"]) == ["Nuno", "Nunzio", "Nuño", "Nuovo"]
    assert by_name(["Oca", "Ñandú", "Nzz"]) == ["Nzz", "Ñandú", "Oca"]
    assert by_name(["Peña", "Penna", "Pena", "Peon"]) == ["Pena", "Penna", "Peña", "Peon"]


def test_collation_key_ignores_accents_and_case():
    assert by_name(["Alvear", "Álvarez", "alvarado"]) == ["alvarado", "Álvarez", "Alvear"]
    assert by_name(["carla", "Bruno", "ana", "Óscar", "zoë"]) == ["ana", "Bruno", "carla", "Óscar", "zoë"]


def test_collation_key_sorts_u_with_diaeresis_as_u():
    assert by_name(["Guerra", "Güemes", "Gutiérrez"]) == ["Güemes", "Guerra", "Gutiérrez"]
    assert by_name(["Murillo", "Muñoz", "Müller"]) == ["Müller", "Muñoz", "Murillo"]


def test_collation_key_files_ch_and_ll_as_two_letters():
    assert by_name(["Cintia", "Chávez", "César"]) == ["César", "Chávez", "Cintia"]
    assert by_name(["López", "Llanos", "Lima"]) == ["Lima", "Llanos", "López"]


def test_collation_key_is_a_total_order_whatever_the_input_order():
    names = ["Álvarez", "alvarez", "Alvarez", "ÁLVAREZ"]
    assert by_name(names) == by_name(list(reversed(names)))
    assert len({collation_key(n) for n in names}) == 4
    # Equal letters: the unaccented spelling first.
    assert by_name(["Álvarez", "Alvarez"]) == ["Alvarez", "Álvarez"]


def test_collation_key_reads_decomposed_text_and_extra_spaces_as_the_plain_name():
    decomposed = unicodedata.normalize("NFD", "Nuño Núñez")
    assert collation_key(decomposed)[0] == collation_key("Nuño Núñez")[0]
    assert by_name([decomposed, "Nunzio"]) == ["Nunzio", decomposed]
    assert collation_key("  Ana   María ")[0] == collation_key("Ana María")[0]


def test_collation_initial_is_the_unaccented_capital_and_keeps_enie():
    assert [collation_initial(n) for n in ["Álvarez", "ñandú", "Núñez", "úrsula", "", "3er Breeder"]] == [
        "A", "Ñ", "N", "U", "#", "#"]


# --------------------------------------------------------------------------- search


def test_fold_drops_accents_and_case_for_searching():
    assert fold("Iñaki NÚÑEZ") == "inaki nunez"
    assert fold("Müller") == "muller"
    assert "nunez" in fold("Martina Núñez T-0001")


def test_fold_matches_enie_with_n_unlike_the_order():
    assert fold("Ñandú") == fold("nandu")
    assert collation_key("Ñandú")[0] != collation_key("Nandu")[0]


# --------------------------------------------------------------------------- labels


def test_stage_name_in_spanish_for_every_stage_of_the_cut():
    assert [stage_name(s, translated=False) for s in (4, 3, 2, 1, 0)] == [
        "Octavos de final", "Cuartos de final", "Semifinales", "Final", "Tercer puesto"]
    assert stage_name(None, translated=False) == "Reducido"


def test_stage_name_follows_the_active_language():
    with translation.override("es-ar"):
        assert stage_name(2) == "Semifinales"
    with translation.override("en"):
        assert stage_name(2) == "Semifinals"


def test_match_name_names_each_top_cut_match():
    assert [match_name(stage, slot, translated=False) for stage, slot in ((1, 1), (2, 2), (3, 3), (4, 8), (0, 1))] == [
        "Final", "Semifinal 2", "Cuartos 3", "Octavos 8", "Tercer puesto"]
    assert match_name(1, 0, translated=False) == "Tercer puesto"  # bracket slot 0 sits in the final's round


def test_round_label_for_swiss_and_top_cut_rounds():
    swiss = SimpleNamespace(number=3, phase="swiss", stage=None)
    semis = SimpleNamespace(number=4, phase="top_cut", stage=2)
    final = SimpleNamespace(number=5, phase="top_cut", stage=1)
    assert round_label(swiss, translated=False) == "Ronda 3"
    assert round_label(semis, translated=False) == "Reducido — Semifinales"
    assert round_label(final, translated=False) == "Reducido — Final"
    assert round_label(semis, numbered=True, translated=False) == "Ronda 4 — Semifinales"
    assert round_label(swiss, numbered=True, translated=False) == "Ronda 3"


def test_round_label_follows_the_active_language():
    swiss = SimpleNamespace(number=3, phase="swiss", stage=None)
    semis = SimpleNamespace(number=4, phase="top_cut", stage=2)
    with translation.override("es-ar"):
        assert (round_label(swiss), round_label(semis, numbered=True)) == ("Ronda 3", "Ronda 4 — Semifinales")
    with translation.override("en"):
        assert (round_label(swiss), round_label(semis, numbered=True)) == ("Round 3", "Round 4 — Semifinals")


def test_top_cut_phase_is_the_round_phase_value():
    assert TOP_CUT_PHASE == RoundPhase.TOP_CUT


def test_text_module_imports_no_django():
    code = "import sys, tournaments.text; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
