"""Tests of tournaments.eventfiles: players/results CSV and TRF-16 readers."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tournaments.eventfiles import (
    BYE,
    DOUBLE_LOSS,
    HALF_BYE,
    OUTCOMES,
    ZERO_BYE,
    EventFile,
    EventFileError,
    PlayerEntry,
    RecordedResult,
    match_points_from_results,
    read_event_file,
)
from tournaments.swiss.types import Outcome

pytestmark = pytest.mark.unit

DATA = Path(__file__).resolve().parent.parent / "data"
PLAYERS_HEADER = "name,player_number,venue,province\n"
RESULTS_HEADER = "round,player_a,player_b,games_a,games_b,games_drawn\n"
FOUR_PLAYERS = (
    PLAYERS_HEADER
    + "Ana Díaz,P1,Sede Palermo,CABA\n"
    + "Beto Ruiz,P2,Sede Palermo,CABA\n"
    + "Caro Paz,P3,Sede Rosario,Santa Fe\n"
    + "Dani Sol,P4,Sede Rosario,Santa Fe\n"
)


def write(tmp_path: Path, name: str, text: str, *, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def read_error(path: Path, **kwargs) -> EventFileError:
    with pytest.raises(EventFileError) as info:
        read_event_file(path, **kwargs)
    return info.value


def results_error(tmp_path: Path, rows: str, header: str = RESULTS_HEADER) -> EventFileError:
    players = write(tmp_path, "players.csv", FOUR_PLAYERS)
    results = write(tmp_path, "results.csv", header + rows)
    return read_error(players, results_path=results)


def trf_line(rank: int, name: str, points: str, rounds: list[tuple[int, str, str]], *, rating: int = 2000) -> str:
    """A TRF-16 001 line: rounds are (opponent, colour, code) blocks."""
    line = f"001 {rank:4d} m    {name:<33} {rating:4d} ARG {0:11d} 2000/01/01 {points:>4} {rank:4d}"
    for opponent, colour, code in rounds:
        line += f"  {opponent:04d} {colour} {code}" if opponent == 0 else f"  {opponent:4d} {colour} {code}"
    return line


def four_player_trf(tmp_path: Path, lines: list[str], header: str = "012 Test\nXXR 3\n") -> Path:
    return write(tmp_path, "event.trf", header + "\n".join(lines) + "\n")


# --------------------------------------------------------------------------
# Example files
# --------------------------------------------------------------------------


def test_read_event_file_demo_event_has_24_players():
    event = read_event_file(DATA / "demo_event.csv")

    assert event.source_format == "csv"
    assert event.name == "demo_event"
    assert len(event.players) == 24
    assert event.players[0] == PlayerEntry("Martina Álvarez", "WM-0001", "Sede Palermo", "CABA")
    assert event.results == ()
    assert event.rounds is None
    assert event.best_of == 3
    assert dict(event.published_points) == {}
    assert dict(event.published_ranks) == {}


def test_read_event_file_demo_event_numbers_unique_and_provinces_mixed():
    event = read_event_file(DATA / "demo_event.csv")

    assert len({player.player_number for player in event.players}) == 24
    provinces = Counter(player.province for player in event.players)
    assert len(provinces) >= 4
    assert provinces["CABA"] < 24


def test_read_event_file_quoted_nickname_keeps_quotes():
    event = read_event_file(DATA / "demo_event.csv")

    assert event.players[2].name == 'Tomás "Tomi" Acosta'


def test_read_event_file_small_event_with_results():
    event = read_event_file(DATA / "small_event.csv", results_path=DATA / "small_results.csv")

    assert len(event.players) == 8
    assert len(event.results) == 12
    assert event.results[0] == RecordedResult(1, "WM-0101", "WM-0105", 2, 1, 0, None)
    assert event.results[5] == RecordedResult(2, "WM-0108", "WM-0103", 1, 0, 1, None)


def test_read_event_file_small_results_form_a_valid_swiss():
    event = read_event_file(DATA / "small_event.csv", results_path=DATA / "small_results.csv")
    numbers = {player.player_number for player in event.players}

    pairs = [frozenset((result.player_a, result.player_b)) for result in event.results]
    assert len(set(pairs)) == len(pairs)  # no rematch
    for round_number in (1, 2, 3):
        seated = [
            number
            for result in event.results
            if result.round_number == round_number
            for number in (result.player_a, result.player_b)
        ]
        assert sorted(seated) == sorted(numbers)


def test_match_points_from_results_small_event():
    event = read_event_file(DATA / "small_event.csv", results_path=DATA / "small_results.csv")

    points = match_points_from_results(event)

    assert points == {
        "WM-0101": 1.5,
        "WM-0102": 3.0,
        "WM-0103": 1.5,
        "WM-0104": 1.0,
        "WM-0105": 0.0,
        "WM-0106": 1.0,
        "WM-0107": 2.0,
        "WM-0108": 2.0,
    }


# --------------------------------------------------------------------------
# CSV variants
# --------------------------------------------------------------------------


def test_read_event_file_spanish_headers_any_case_and_accents(tmp_path):
    path = write(tmp_path, "inscriptos.csv", "NOMBRE, Número ,Sede,PROVINCIA\nAna Díaz,P1,Sede Palermo,CABA\n")

    event = read_event_file(path)

    assert event.players == (PlayerEntry("Ana Díaz", "P1", "Sede Palermo", "CABA"),)


def test_read_event_file_unaccented_alias_numero(tmp_path):
    path = write(tmp_path, "p.csv", "nombre,numero,sede,provincia\nAna Díaz,P1,,CABA\n")

    event = read_event_file(path)

    assert event.players == (PlayerEntry("Ana Díaz", "P1", "", "CABA"),)


def test_read_event_file_utf8_bom(tmp_path):
    path = write(tmp_path, "p.csv", "\ufeffnombre,número,sede,provincia\nÁngel Núñez,P1,Sede Córdoba Centro,Córdoba\n")

    event = read_event_file(path)

    assert event.players[0].name == "Ángel Núñez"


def test_read_event_file_semicolon_delimiter_with_bom_and_crlf(tmp_path):
    text = (
        "\ufeffnombre;número;sede;provincia\r\n"
        "Ana Díaz;P1;Sede Palermo;CABA\r\n"
        "Beto, el Mago;P2;Sede Rosario;Santa Fe\r\n"
    )
    path = write(tmp_path, "p.csv", text)

    event = read_event_file(path)

    assert [player.name for player in event.players] == ["Ana Díaz", "Beto, el Mago"]


def test_read_event_file_extra_columns_and_blank_rows_ignored(tmp_path):
    text = "nombre,número,email,sede,provincia\n\nAna Díaz,P1,ana@example.com,Sede Palermo,CABA\n,,,,\n"
    path = write(tmp_path, "p.csv", text)

    event = read_event_file(path)

    assert event.players == (PlayerEntry("Ana Díaz", "P1", "Sede Palermo", "CABA"),)


def test_read_event_file_results_spanish_headers_and_semicolons(tmp_path):
    players = write(tmp_path, "players.csv", FOUR_PLAYERS)
    results = write(
        tmp_path, "r.csv", "Ronda;Jugador A;Jugador B;Partidas A;Partidas B;Empates\n1;P1;P2;2;1;0\n1;P3;P4;1;1;1\n"
    )

    event = read_event_file(players, results_path=results)

    assert event.results == (
        RecordedResult(1, "P1", "P2", 2, 1, 0),
        RecordedResult(1, "P3", "P4", 1, 1, 1),
    )


def test_read_event_file_results_bye_scored_two_zero_and_listed_last(tmp_path):
    players = write(tmp_path, "players.csv", FOUR_PLAYERS)
    results = write(tmp_path, "r.csv", RESULTS_HEADER + "1,P4,,,,\n1,P1,P2,2,0,\n")

    event = read_event_file(players, results_path=results)

    assert event.results == (
        RecordedResult(1, "P1", "P2", 2, 0, 0),
        RecordedResult(1, "P4", None, 2, 0, 0, BYE),
    )


def test_read_event_file_results_bye_accepts_explicit_two_zero(tmp_path):
    players = write(tmp_path, "players.csv", FOUR_PLAYERS)
    results = write(tmp_path, "r.csv", RESULTS_HEADER + "1,P4,,2,0,0\n")

    event = read_event_file(players, results_path=results)

    assert event.results == (RecordedResult(1, "P4", None, 2, 0, 0, BYE),)


def test_read_event_file_results_double_loss_outcome(tmp_path):
    players = write(tmp_path, "players.csv", FOUR_PLAYERS)
    results = write(tmp_path, "r.csv", RESULTS_HEADER.rstrip("\n") + ",outcome\n1,P1,P2,,,,doble derrota\n")

    event = read_event_file(players, results_path=results)

    assert event.results == (RecordedResult(1, "P1", "P2", 0, 0, 0, DOUBLE_LOSS),)
    assert match_points_from_results(event) == {"P1": 0.0, "P2": 0.0, "P3": 0.0, "P4": 0.0}


def test_outcome_strings_match_the_core_enum():
    assert Outcome(BYE) == Outcome.BYE
    assert Outcome(DOUBLE_LOSS) == Outcome.DOUBLE_LOSS
    assert OUTCOMES == {BYE, DOUBLE_LOSS, HALF_BYE, ZERO_BYE}


# --------------------------------------------------------------------------
# CSV errors: players
# --------------------------------------------------------------------------


def test_read_event_file_missing_player_number_names_line(tmp_path):
    text = FOUR_PLAYERS + "Eli Gómez,,Sede Palermo,CABA\n"
    path = write(tmp_path, "players.csv", text)

    error = read_error(path)

    assert str(error) == "players.csv, línea 6: falta el número de jugador"
    assert error.code == "missing_value"
    assert error.line == 6
    assert error.file == "players.csv"


def test_read_event_file_missing_name_names_line(tmp_path):
    path = write(tmp_path, "players.csv", PLAYERS_HEADER + ",P1,Sede Palermo,CABA\n")

    error = read_error(path)

    assert str(error) == "players.csv, línea 2: falta el nombre del jugador"


def test_read_event_file_missing_province_names_line(tmp_path):
    path = write(tmp_path, "players.csv", PLAYERS_HEADER + "Ana,P1,Sede Palermo,\n")

    error = read_error(path)

    assert (error.code, error.line) == ("missing_value", 2)
    assert str(error) == "players.csv, línea 2: falta la provincia"


def test_read_event_file_duplicate_player_number(tmp_path):
    path = write(tmp_path, "players.csv", FOUR_PLAYERS + "Eli Gómez,P2,Sede Palermo,CABA\n")

    error = read_error(path)

    assert error.code == "duplicate_player"
    assert str(error) == 'players.csv, línea 6: el número de jugador "P2" ya figura en la línea 3'


def test_read_event_file_missing_column(tmp_path):
    path = write(tmp_path, "players.csv", "nombre,sede,provincia\nAna,Sede Palermo,CABA\n")

    error = read_error(path)

    assert error.code == "missing_column"
    assert error.line == 1
    assert str(error) == 'players.csv, línea 1: falta la columna "número" (se acepta: número, player_number)'


def test_read_event_file_duplicate_column(tmp_path):
    path = write(tmp_path, "players.csv", "nombre,name,número,sede,provincia\nAna,Ana,P1,Sede Palermo,CABA\n")

    error = read_error(path)

    assert error.code == "duplicate_column"
    assert error.line == 1


def test_read_event_file_extra_fields_names_line(tmp_path):
    text = PLAYERS_HEADER + "Ana,P1,Sede Palermo,CABA\nPérez, Juan,P2,Sede Palermo,CABA\n"
    path = write(tmp_path, "players.csv", text)

    error = read_error(path)

    assert error.code == "extra_fields"
    assert error.line == 3


def test_read_event_file_empty_file(tmp_path):
    path = write(tmp_path, "players.csv", "\n\n")

    error = read_error(path)

    assert error.code == "empty_file"
    assert str(error) == "players.csv: el archivo está vacío"


def test_read_event_file_header_only_has_no_players(tmp_path):
    path = write(tmp_path, "players.csv", PLAYERS_HEADER)

    error = read_error(path)

    assert error.code == "no_players"


def test_read_event_file_windows_1252_is_read(tmp_path):
    """Excel in es-AR saves CSV as Windows-1252: the names arrive with their accents."""
    text = PLAYERS_HEADER + "Ana,P1,Sede Palermo,CABA\nÑoño,P2,Sede Palermo,CABA\n"
    path = write(tmp_path, "players.csv", text, encoding="cp1252")

    event = read_event_file(path)

    assert [player.name for player in event.players] == ["Ana", "Ñoño"]


def test_read_event_file_missing_file(tmp_path):
    error = read_error(tmp_path / "nada.csv")

    assert error.code == "unreadable"
    assert str(error) == "nada.csv: el archivo no existe"


# --------------------------------------------------------------------------
# CSV errors: results
# --------------------------------------------------------------------------


def test_read_event_file_results_unknown_player(tmp_path):
    error = results_error(tmp_path, "1,P1,P9,2,0,0\n")

    assert error.code == "unknown_player"
    assert str(error) == 'results.csv, línea 2: el jugador "P9" no está en la lista de jugadores (players.csv)'


def test_read_event_file_results_three_wins_is_illegal(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2,0,0\n1,P3,P4,3,0,0\n")

    assert error.code == "illegal_games"
    assert error.line == 3
    assert str(error) == (
        "results.csv, línea 3: resultado imposible al mejor de tres (3-0): nadie gana más de 2 partidas"
    )


def test_read_event_file_results_four_games_is_illegal(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2,1,1\n")

    assert error.code == "illegal_games"
    assert str(error) == (
        "results.csv, línea 2: resultado imposible al mejor de tres (2-1, 1 empatada): "
        "se juegan como máximo 3 partidas, contando las empatadas"
    )


def test_read_event_file_results_malformed_number(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,dos,0,0\n")

    assert error.code == "bad_number"
    assert str(error) == (
        'results.csv, línea 2: la cantidad de partidas ganadas por A tiene que ser un número entero (dice "dos")'
    )


def test_read_event_file_results_negative_games(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,-1,2,0\n")

    assert error.code == "bad_number"
    assert str(error) == "results.csv, línea 2: la cantidad de partidas ganadas por A tiene que ser 0 o más (dice -1)"


def test_read_event_file_results_round_zero(tmp_path):
    error = results_error(tmp_path, "0,P1,P2,2,0,0\n")

    assert error.code == "bad_number"
    assert str(error) == "results.csv, línea 2: la ronda tiene que ser 1 o más (dice 0)"


def test_read_event_file_results_missing_games(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,,0,0\n")

    assert error.code == "missing_value"
    assert str(error) == "results.csv, línea 2: falta la cantidad de partidas ganadas por A"


def test_read_event_file_results_player_twice_in_round(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2,0,0\n1,P3,P1,2,0,0\n")

    assert error.code == "player_twice_in_round"
    assert str(error) == 'results.csv, línea 3: el jugador "P1" ya tiene un resultado en la ronda 1 (línea 2)'


def test_read_event_file_results_self_pairing(tmp_path):
    error = results_error(tmp_path, "1,P1,P1,2,0,0\n")

    assert (error.code, error.line) == ("self_pairing", 2)


def test_read_event_file_results_bye_with_other_score(tmp_path):
    error = results_error(tmp_path, "1,P1,,1,0,0\n")

    assert error.code == "bad_bye"
    assert error.line == 2


def test_read_event_file_results_round_gap(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2,0,0\n3,P1,P3,2,0,0\n")

    assert error.code == "round_gap"
    assert str(error) == "results.csv, línea 3: hay resultados de la ronda 3 pero ninguno de la ronda 2"


def test_read_event_file_results_unknown_outcome(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2,0,0,ganó\n", header=RESULTS_HEADER.rstrip("\n") + ",resultado\n")

    assert (error.code, error.line) == ("bad_outcome", 2)


def test_read_event_file_results_missing_column(tmp_path):
    error = results_error(tmp_path, "1,P1,P2,2\n", header="round,player_a,player_b,games_a\n")

    assert error.code == "missing_column"
    assert str(error) == 'results.csv, línea 1: falta la columna "partidas_b" (se acepta: partidas_b, games_b)'


# --------------------------------------------------------------------------
# TRF-16: published files
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gros() -> EventFile:
    return read_event_file(DATA / "gros_2010_before_round5.trf")


@pytest.fixture(scope="module")
def capo() -> EventFile:
    return read_event_file(DATA / "capo_dorso_2012.trf")


def test_read_event_file_gros_header_and_players(gros):
    assert gros.source_format == "trf"
    assert gros.name == "XX Open Internacional de Gros"
    assert gros.rounds == 9
    assert gros.best_of == 1
    assert len(gros.players) == 52
    assert gros.players[0] == PlayerEntry("Mirzoev Azer", "1", "AZE", "", 2527, 1)
    assert gros.players[5].rating is None  # rating 0 = unrated


def test_read_event_file_gros_results_per_round(gros):
    per_round = Counter(result.round_number for result in gros.results)

    assert per_round == {1: 27, 2: 28, 3: 31, 4: 29, 5: 3}
    assert len(gros.results) == 118


def test_read_event_file_gros_byes_by_kind(gros):
    outcomes = Counter(result.outcome for result in gros.results)

    assert outcomes == {None: 93, HALF_BYE: 16, ZERO_BYE: 6, BYE: 3}
    assert [r for r in gros.results if r.round_number == 1 and r.is_bye] == [
        RecordedResult(1, "28", None, 0, 0, 0, ZERO_BYE),
        RecordedResult(1, "52", None, 1, 0, 0, BYE),
    ]


def test_read_event_file_gros_round5_only_announced_byes(gros):
    round5 = [result for result in gros.results if result.round_number == 5]

    assert round5 == [
        RecordedResult(5, "22", None, 0, 0, 0, ZERO_BYE),
        RecordedResult(5, "28", None, 0, 0, 0, ZERO_BYE),
        RecordedResult(5, "43", None, 0, 0, 0, HALF_BYE),
    ]


def test_read_event_file_gros_game_mapping(gros):
    by_pair = {(r.round_number, r.player_a, r.player_b): r for r in gros.results if not r.is_bye}

    assert by_pair[(1, "1", "26")] == RecordedResult(1, "1", "26", 1, 0, 0)  # White won
    assert by_pair[(4, "6", "3")] == RecordedResult(4, "6", "3", 0, 0, 1)  # draw, White first
    assert by_pair[(1, "13", "39")] == RecordedResult(1, "13", "39", 1, 0, 0)  # forfeit win
    assert by_pair[(4, "8", "21")] == RecordedResult(4, "8", "21", 0, 1, 0)  # forfeit, Black won


def test_read_event_file_gros_each_pairing_once(gros):
    games = [r for r in gros.results if not r.is_bye]

    keys = [(r.round_number, frozenset((r.player_a, r.player_b))) for r in games]
    assert len(keys) == len(set(keys))
    for round_number in range(1, 5):
        seated = [n for r in games if r.round_number == round_number for n in (r.player_a, r.player_b)]
        assert len(seated) == len(set(seated))


def test_read_event_file_gros_published_points_match_results(gros):
    implied = match_points_from_results(gros)

    assert dict(gros.published_points) == implied
    assert sum(gros.published_points.values()) == 104.0
    assert gros.published_points["43"] == 1.0  # includes the half-point bye of round 5


def test_read_event_file_gros_published_ranks(gros):
    assert gros.published_ranks["1"] == 1
    assert gros.published_ranks["6"] == 4
    assert sorted(gros.published_ranks.values()) == list(range(1, 53))


def test_read_event_file_capo_complete_nine_rounds_without_xxr(capo):
    assert capo.name == "4° Open Capo D' Orso 2012"
    assert capo.rounds == 9  # no XXR line: the rounds present
    assert len(capo.players) == 84
    assert len(capo.results) == 374
    assert Counter(r.outcome for r in capo.results) == {None: 363, BYE: 7, ZERO_BYE: 4}


def test_read_event_file_capo_missing_federation_is_blank_venue(capo):
    assert capo.players[41] == PlayerEntry("Barato Giuseppe", "42", "", "", 1810, 42)


def test_read_event_file_capo_withdrawn_player_has_one_result(capo):
    results = [r for r in capo.results if "25" in (r.player_a, r.player_b)]

    assert results == [RecordedResult(1, "25", "4", 0, 1, 0)]  # forfeit loss with White


def test_read_event_file_capo_published_points_match_results(capo):
    implied = match_points_from_results(capo)

    assert dict(capo.published_points) == implied
    assert sum(capo.published_points.values()) == 370.0
    assert min(capo.published_ranks, key=capo.published_ranks.__getitem__) == "1"


# --------------------------------------------------------------------------
# TRF-16: synthetic files and errors
# --------------------------------------------------------------------------


def test_read_event_file_trf_by_content_whatever_the_extension(tmp_path):
    lines = [
        trf_line(1, "Uno, Ana", "1.0", [(2, "w", "1")]),
        trf_line(2, "Dos, Beto", "0.0", [(1, "b", "0")]),
    ]
    path = write(tmp_path, "export.txt", "012 Torneo\r\n" + "\r\n".join(lines) + "\r\n")

    event = read_event_file(path)

    assert event.source_format == "trf"
    assert event.results == (RecordedResult(1, "1", "2", 1, 0, 0),)
    assert event.rounds == 1


def test_read_event_file_trf_cp1252_name(tmp_path):
    lines = [trf_line(1, "Núñez, Ángel", "0.0", [])]
    path = write(tmp_path, "event.trf", "012 Torneo Año Nuevo\n" + "\n".join(lines) + "\n", encoding="cp1252")

    event = read_event_file(path)

    assert event.name == "Torneo Año Nuevo"
    assert event.players[0].name == "Núñez, Ángel"


def test_read_event_file_trf_double_forfeit_and_short_game_codes(tmp_path):
    lines = [
        trf_line(1, "Uno", "1.0", [(2, "w", "-"), (3, "b", "W")]),
        trf_line(2, "Dos", "0.5", [(1, "b", "-"), (4, "w", "D")]),
        trf_line(3, "Tres", "1.0", [(4, "w", "+"), (1, "w", "L")]),
        trf_line(4, "Cuatro", "0.5", [(3, "b", "-"), (2, "b", "D")]),
    ]

    event = read_event_file(four_player_trf(tmp_path, lines))

    assert event.results == (
        RecordedResult(1, "1", "2", 0, 0, 0, DOUBLE_LOSS),
        RecordedResult(1, "3", "4", 1, 0, 0),
        RecordedResult(2, "2", "4", 0, 0, 1),
        RecordedResult(2, "3", "1", 0, 1, 0),
    )
    assert match_points_from_results(event) == {"1": 1.0, "2": 0.5, "3": 1.0, "4": 0.5}


def test_read_event_file_trf_bye_codes(tmp_path):
    lines = [
        trf_line(1, "Uno", "2.5", [(0, "-", "U"), (0, "-", "F"), (0, "-", "H")]),
        trf_line(2, "Dos", "1.0", [(0, "-", "+"), (0, "-", "Z"), (0, "-", "-")]),
    ]

    event = read_event_file(four_player_trf(tmp_path, lines))

    assert [(r.round_number, r.player_a, r.outcome, r.games_a) for r in event.results] == [
        (1, "1", BYE, 1),
        (1, "2", BYE, 1),
        (2, "1", BYE, 1),
        (2, "2", ZERO_BYE, 0),
        (3, "1", HALF_BYE, 0),
        (3, "2", ZERO_BYE, 0),
    ]
    assert match_points_from_results(event) == dict(event.published_points)


def test_read_event_file_trf_unplayed_pairing_is_not_a_result(tmp_path):
    lines = [
        trf_line(1, "Uno", "1.0", [(2, "w", "1"), (2, "b", " ")]),
        trf_line(2, "Dos", "0.0", [(1, "b", "0"), (1, "w", " ")]),
    ]

    event = read_event_file(four_player_trf(tmp_path, lines))

    assert event.results == (RecordedResult(1, "1", "2", 1, 0, 0),)
    assert event.rounds == 3


def test_read_event_file_trf_inconsistent_lines_named(tmp_path):
    lines = [
        trf_line(1, "Uno", "1.0", [(2, "w", "1")]),
        trf_line(2, "Dos", "1.0", [(1, "b", "1")]),
    ]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "trf_inconsistent"
    assert error.line == 3
    assert str(error) == (
        'event.trf, línea 3: ronda 1: las líneas 3 y 4 no coinciden '
        '(el 1 figura con "w 1" y el 2 con "b 1")'
    )


def test_read_event_file_trf_same_colour_is_inconsistent(tmp_path):
    lines = [
        trf_line(1, "Uno", "0.5", [(2, "w", "=")]),
        trf_line(2, "Dos", "0.5", [(1, "w", "=")]),
    ]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "trf_inconsistent"


def test_read_event_file_trf_one_sided_pairing(tmp_path):
    lines = [
        trf_line(1, "Uno", "1.0", [(2, "w", "1")]),
        trf_line(2, "Dos", "0.0", [(3, "b", "0")]),
        trf_line(3, "Tres", "1.0", [(2, "w", "1")]),
    ]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "trf_one_sided"
    assert str(error) == (
        "event.trf, línea 3: ronda 1: el jugador 1 figura contra el 2, "
        "pero la línea 4 (jugador 2) lo pone contra el 3"
    )


def test_read_event_file_trf_unknown_opponent(tmp_path):
    lines = [trf_line(1, "Uno", "1.0", [(7, "w", "1")])]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "unknown_player"
    assert str(error) == "event.trf, línea 3: ronda 1: el rival 7 no tiene línea de jugador (001)"


def test_read_event_file_trf_bad_result_code(tmp_path):
    lines = [trf_line(1, "Uno", "1.0", [(2, "w", "X")]), trf_line(2, "Dos", "0.0", [(1, "b", "0")])]

    error = read_error(four_player_trf(tmp_path, lines))

    assert (error.code, error.line) == ("trf_bad_result_code", 3)


def test_read_event_file_trf_bye_code_with_opponent(tmp_path):
    lines = [trf_line(1, "Uno", "0.5", [(2, "w", "H")]), trf_line(2, "Dos", "0.5", [(1, "b", "H")])]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "trf_bad_result_code"


def test_read_event_file_trf_duplicate_start_rank(tmp_path):
    lines = [trf_line(1, "Uno", "0.0", []), trf_line(1, "Otro", "0.0", [])]

    error = read_error(four_player_trf(tmp_path, lines))

    assert error.code == "duplicate_player"
    assert str(error) == "event.trf, línea 4: el número inicial 1 ya figura en la línea 3"


def test_read_event_file_trf_malformed_points(tmp_path):
    line = trf_line(1, "Uno", "x.5", [])

    error = read_error(four_player_trf(tmp_path, [line]))

    assert error.code == "trf_bad_line"
    assert str(error) == 'event.trf, línea 3: los puntos (columnas 81-84) no son un número (dice "x.5")'


def test_read_event_file_trf_fewer_declared_rounds_than_played(tmp_path):
    lines = [
        trf_line(1, "Uno", "2.0", [(2, "w", "1"), (2, "b", "1")]),
        trf_line(2, "Dos", "0.0", [(1, "b", "0"), (1, "w", "0")]),
    ]

    error = read_error(four_player_trf(tmp_path, lines, header="012 Test\nXXR 1\n"))

    assert error.code == "trf_bad_rounds"
    assert error.line == 2


def test_read_event_file_trf_rejects_results_file(tmp_path):
    trf = four_player_trf(tmp_path, [trf_line(1, "Uno", "0.0", [])])
    results = write(tmp_path, "r.csv", RESULTS_HEADER)

    error = read_error(trf, results_path=results)

    assert error.code == "results_with_trf"


def test_read_event_file_trf_without_players(tmp_path):
    error = read_error(write(tmp_path, "empty.trf", "012 Nada\nXXR 5\n"))

    assert error.code == "no_players"
