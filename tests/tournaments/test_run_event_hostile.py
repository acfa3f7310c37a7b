"""``run_event`` with hostile files (issue #15): a clear ``CommandError`` and nothing written.

Every failure is checked against the row counts before the run: no event,
no player, no venue, no registration, no round, no match left behind.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from tournaments.enums import EventState
from tournaments.models import Event, Player, Registration, Round, Table, Venue

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DATA = Path(__file__).resolve().parent.parent / "data"
HEADER = "nombre,número,sede,provincia\n"
FOUR = HEADER + "Ana,P1,Sede Uno,CABA\nBeto,P2,Sede Uno,CABA\nCaro,P3,Sede Uno,CABA\nDani,P4,Sede Uno,CABA\n"
RESULTS_HEADER = "ronda,jugador_a,jugador_b,partidas_a,partidas_b\n"


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command("run_event", *args, stdout=out, **kwargs)
    return out.getvalue()


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Event, Player, Venue, Registration, Round, Table))


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


def refused(*args, **kwargs) -> str:
    """Run, expect a CommandError, check that nothing was written; return the message."""
    before = counts()
    with pytest.raises(CommandError) as err:
        run(*args, **kwargs)
    assert counts() == before
    return str(err.value)


def test_run_event_one_player_leaves_no_event(tmp_path):
    path = write(tmp_path, "uno.csv", HEADER + "Ana,P1,Sede Uno,CABA\n")

    refused(path, cut=0)

    assert not Event.objects.filter(name="uno").exists()


def test_run_event_file_over_the_size_limit_is_refused_before_reading(tmp_path):
    path = write(tmp_path, "grande.csv", FOUR)
    size = Path(path).stat().st_size  # header 30 bytes ("número": ú is 2) + rows 21 + 22 + 22 + 22

    with override_settings(ARENA_IMPORT_MAX_BYTES=100):
        message = refused(path, cut=0)

    assert size == 117
    assert message == "grande.csv: el archivo pesa 117 bytes y el máximo es 100 bytes (ARENA_IMPORT_MAX_BYTES)"


def test_run_event_results_file_over_the_size_limit_is_refused(tmp_path):
    players = write(tmp_path, "p.csv", FOUR)
    results = write(tmp_path, "r.csv", RESULTS_HEADER + "1,P1,P2,2,0\n1,P3,P4,2,1\n" * 3)  # 48 + 6 * 12 bytes

    with override_settings(ARENA_IMPORT_MAX_BYTES=119):  # the players file (117 bytes) fits
        message = refused(players, results=results, cut=0)

    assert message == "r.csv: el archivo pesa 120 bytes y el máximo es 119 bytes (ARENA_IMPORT_MAX_BYTES)"


def test_run_event_empty_file_is_refused(tmp_path):
    path = write(tmp_path, "vacio.csv", "\ufeff  \n\n")

    assert refused(path) == "vacio.csv: el archivo está vacío"


def test_run_event_latin1_semicolon_csv_is_read(tmp_path):
    text = "nombre;número;sede;provincia\nÑoño Pérez;P1;Sede Uno;CABA\nBeto;P2;Sede Uno;CABA\n" \
           "Caro;P3;Sede Uno;CABA\nDani;P4;Sede Uno;CABA\n"
    path = write(tmp_path, "excel.csv", text, encoding="cp1252")

    run(path, cut=0, name="Excel", quiet_rounds=True)

    assert Player.objects.get(player_number="P1").display_name == "Ñoño Pérez"
    assert Event.objects.get(name="Excel").state == EventState.FINISHED


def test_run_event_utf8_bom_semicolon_csv_is_read(tmp_path):
    path = write(tmp_path, "bom.csv", "\ufeff" + FOUR.replace(",", ";").replace("Ana", "Ana Núñez"))

    run(path, cut=0, name="Bom", quiet_rounds=True)

    assert Player.objects.get(player_number="P1").display_name == "Ana Núñez"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("N" * 121 + ",P5,Sede Uno,CABA", "el nombre tiene 121 caracteres y el máximo es 120"),
        ("Eva," + "9" * 41 + ",Sede Uno,CABA", "el número de jugador tiene 41 caracteres y el máximo es 40"),
        ("Eva,P5," + "S" * 121 + ",CABA", "la sede tiene 121 caracteres y el máximo es 120"),
        ("Eva,P5,Sede Uno," + "C" * 81, "la provincia tiene 81 caracteres y el máximo es 80"),
    ],
)
def test_run_event_over_long_value_names_line_and_limit(tmp_path, row, message):
    path = write(tmp_path, "largo.csv", FOUR + row + "\n")

    assert refused(path, cut=0) == f"largo.csv, línea 6: {message}"


def test_run_event_nul_in_a_name_is_refused_with_its_line(tmp_path):
    path = write(tmp_path, "nul.csv", FOUR.replace("Caro", "Ca\x00ro"))

    assert refused(path, cut=0) == "nul.csv, línea 4: la fila tiene caracteres de control no permitidos (U+0000)"


def test_run_event_huge_number_in_results_is_refused(tmp_path):
    players = write(tmp_path, "p.csv", FOUR)
    results = write(tmp_path, "r.csv", RESULTS_HEADER + "1,P1,P2,99999999999999999999,0\n1,P3,P4,2,0\n")

    message = refused(players, results=results, cut=0)

    assert message == ('r.csv, línea 2: la cantidad de partidas ganadas por A es demasiado grande '
                       '(dice "99999999999999999999")')


def test_run_event_results_missing_pairs_of_a_round_is_an_error_naming_lines(tmp_path):
    players = write(tmp_path, "p.csv", FOUR)
    results = write(tmp_path, "r.csv", RESULTS_HEADER + "1,P1,P2,2,0\n1,P3,P4,2,1\n2,P1,P3,2,0\n")

    message = refused(players, results=results, cut=0)

    assert message == (
        'r.csv, línea 4: la ronda 2 (líneas 4 a 4) no tiene resultado para 2 jugador(es): '
        '"P2" (p.csv, línea 3), "P4" (p.csv, línea 5); si no jugaron esa ronda, agregá una fila '
        'con el jugador A y resultado "ausente"'
    )


def test_run_event_explicit_absence_still_works(tmp_path):
    players = write(tmp_path, "p.csv", FOUR + "Eva,P5,Sede Uno,CABA\n")
    results = write(
        tmp_path, "r.csv",
        "ronda,jugador_a,jugador_b,partidas_a,partidas_b,resultado\n1,P1,P2,2,0,\n1,P3,P4,2,1,\n1,P5,,,,ausente\n",
    )

    run(players, results=results, cut=0, rounds=2, name="Ausente", quiet_rounds=True)

    first = Round.objects.get(event__name="Ausente", number=1)
    assert first.tables.count() == 2  # P1-P2 and P3-P4; P5 sat out: no match, no bye
    assert not first.tables.filter(seats__registration__player__player_number="P5").exists()  # in neither seat
    assert Round.objects.get(event__name="Ausente", number=2).tables.count() == 3  # 5 players: 2 tables + bye


def test_run_event_failure_with_replace_keeps_the_old_event(tmp_path):
    run(str(DATA / "small_event.csv"), name="Chica", cut=0, quiet_rounds=True)
    old = Event.objects.get(name="Chica")
    bad = write(tmp_path, "bad.csv", HEADER + "Ana,P1,Sede Uno,CABA\n")

    refused(bad, name="Chica", replace=True, cut=0)

    assert Event.objects.get(name="Chica").pk == old.pk


def test_run_event_trf_with_absurd_round_count_is_refused(tmp_path):
    line = "001    1      Ana Uno                           2000 ARG                   0.0    1"
    path = write(tmp_path, "t.trf", "012 Torneo\nXXR 100000\n" + line + "\n")

    assert refused(path) == "t.trf, línea 2: XXR dice 100000 rondas y el máximo es 99"


def test_run_event_over_long_event_name_is_refused(tmp_path):
    path = write(tmp_path, "p.csv", FOUR)

    assert refused(path, name="E" * 161) == "El nombre del evento tiene 161 caracteres y el máximo es 160."


def test_run_event_right_to_left_override_in_a_player_name_is_refused_with_its_line(tmp_path):
    # issue #26, point 8: names refuse bidi overrides and zero-width characters like control characters
    path = write(tmp_path, "bidi.csv", FOUR.replace("Caro", "Ca\u202eor"))

    assert refused(path, cut=0) == "bidi.csv, línea 4: la fila tiene caracteres de control no permitidos (U+202E)"


def test_run_event_zero_width_space_in_the_event_name_is_refused(tmp_path):
    path = write(tmp_path, "p.csv", FOUR)

    assert refused(path, name="Copa\u200b Otoño") == (
        "El nombre del evento contiene caracteres de control no permitidos (U+200B).")
