"""Pairings, registrations and players as spreadsheets (issue #28 point 3).

A round's tables (admin round page and public pairings), an event's
registrations (event page) and the players list download as CSV in the
reader's convention («;» in Spanish, «,» in English, a BOM first) or as XLSX
that openpyxl opens with the games, places and rounds stored as numbers.
Every expected row below is written from the results the test enters.
"""
from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import EventFactory, PlayerFactory, VenueFactory, record_places
from tests.tournaments.pods_helpers import PLAYERS, ROUNDS, stoner_event
from tournaments import services
from tournaments.enums import EventKind
from tournaments.models import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PAIRINGS_HEADER = ["Mesa", "Jugador A", "Número A", "Jugador B", "Número B", "Partidas A", "Partidas B",
                   "Partidas empatadas", "Resultado", "Estado"]


def csv_rows(response, delimiter=";") -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body[1:]), delimiter=delimiter))


def xlsx_rows(response) -> list[tuple]:
    assert response["Content-Type"] == XLSX
    return list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))


@pytest.fixture
def five_player_round(venue_a):
    """Round 1 of five players (two tables and a bye): table 1 ends 2-1, table 2 has no result yet."""
    event = EventFactory(venue=venue_a, name="Fecha Planilla", best_of=3)
    services.registration_open(event=event)
    for name, number in (("Ana", "WM-1"), ("Beto", "WM-2"), ("Carla", "WM-3"), ("Darío", "WM-4"),
                         ("Eva", "WM-5")):
        player = PlayerFactory(display_name=name, player_number=number, home_venue=venue_a)
        services.registration_create(event=event, player=player)
    services.registration_close(event=event)
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=rnd.tables.get(table_number=1), seats=[{"games": 2}, {"games": 1}])
    return event, rnd


def expected_pairing_rows(rnd, *, numbers_as_text: bool) -> list[list]:
    """The rows the export must hold, written from the matches: 2-1 at table 1, table 2 pending, the bye."""
    def cell(value):
        return "" if value is None else str(value) if numbers_as_text else value

    one = rnd.tables.get(table_number=1)
    two = rnd.tables.get(table_number=2)
    bye = rnd.tables.get(is_bye=True)
    return [
        [cell(1), one.player_a.player.display_name, one.player_a.player.player_number,
         one.player_b.player.display_name, one.player_b.player.player_number,
         cell(2), cell(1), cell(0), "2-1", "Cargado"],
        [cell(2), two.player_a.player.display_name, two.player_a.player.player_number,
         two.player_b.player.display_name, two.player_b.player.player_number,
         cell(None), cell(None), cell(None), "Pendiente", "Pendiente"],
        [cell(None), bye.player_a.player.display_name, bye.player_a.player.player_number, "Bye", cell(None),
         cell(None), cell(None), cell(None), "Bye", "Confirmado"],
    ]


# --------------------------------------------------------------------------- pairings, admin round page


def test_round_page_links_both_downloads(client_a, five_player_round):
    _, rnd = five_player_round
    url = reverse("admin:tournaments_round_pairings_export", args=[rnd.pk])
    html = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk])).content.decode()
    assert (f'Descargar emparejamientos: <a href="{url}?formato=xlsx">Excel (XLSX)</a> · '
            f'<a href="{url}">CSV</a>') in html


def test_round_pairings_csv_in_spanish_uses_semicolons(client_a, five_player_round):
    _, rnd = five_player_round
    response = client_a.get(reverse("admin:tournaments_round_pairings_export", args=[rnd.pk]))
    assert response["Content-Disposition"] == (
        'attachment; filename="emparejamientos-fecha-planilla-2024-02-03-ronda-1.csv"')
    assert csv_rows(response) == [PAIRINGS_HEADER, *expected_pairing_rows(rnd, numbers_as_text=True)]


def test_round_pairings_xlsx_opens_with_games_as_numbers(client_a, five_player_round):
    _, rnd = five_player_round
    url = reverse("admin:tournaments_round_pairings_export", args=[rnd.pk])
    rows = xlsx_rows(client_a.get(url + "?formato=xlsx"))
    assert rows[0] == tuple(PAIRINGS_HEADER)
    assert [list(row) for row in rows[1:]] == [
        [None if value == "" else value for value in row] for row in expected_pairing_rows(rnd, numbers_as_text=False)
    ]
    assert all(type(value) is int for value in rows[1][5:8])  # 2, 1, 0: numbers, not text


def test_round_pairings_of_another_venue_are_not_found(client, organizer_b, five_player_round):
    _, rnd = five_player_round
    client.force_login(organizer_b)
    response = client.get(reverse("admin:tournaments_round_pairings_export", args=[rnd.pk]))
    assert response.status_code in (302, 403, 404)
    assert response.get("Content-Disposition") is None


def test_pod_round_downloads_a_row_per_seat_with_places_and_stoner_points(client_a, venue_a):
    event, regs = stoner_event(venue=venue_a, name="Fecha Stoner")
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    record_places(
        pod,
        [(regs[k].pk, place, score)
               for k, (place, score)
                                                    in ROUNDS[0].items()],
    )
    url = reverse("admin:tournaments_round_pairings_export", args=[rnd.pk])
    rows = xlsx_rows(client_a.get(url + "?formato=xlsx"))
    assert rows[0] == ("Mesa", "Asiento", "Jugador", "Número", "Puesto", "Puntos stoner", "Estado")
    assert [row[1] for row in rows[1:]] == [1, 2, 3, 4, 5]  # seat order
    # Ana 1.º with 25, Beto 2.º 20, Carla 3.º 13, Darío 4.º 5, Eva 5.º 1 (pods_helpers.ROUNDS[0]).
    by_name = {row[2]: (row[0], row[3], row[4], row[5], row[6]) for row in rows[1:]}
    assert by_name == {
        PLAYERS[key][0]: (1, PLAYERS[key][1], place, score, "Cargado") for key, (place, score) in ROUNDS[0].items()
    }


# --------------------------------------------------------------------------- pairings, public page


def test_public_pairings_page_links_the_round_spreadsheet(client, five_player_round):
    event, rnd = five_player_round
    url = reverse("public:round_spreadsheet", args=[event.pk, 1])
    html = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert f'Planilla de la ronda: <a href="{url}?formato=xlsx">Excel (XLSX)</a> · <a href="{url}">CSV</a>' in html


def test_public_pairings_csv_in_english_uses_commas(client, five_player_round):
    event, rnd = five_player_round
    client.post(reverse("set_language"), {"language": "en"})
    response = client.get(reverse("public:round_spreadsheet", args=[event.pk, 1]))
    rows = csv_rows(response, delimiter=",")
    assert rows[0] == ["Table", "Player A", "Number A", "Player B", "Number B", "Games A", "Games B",
                       "Drawn games", "Result", "State"]
    first = rnd.tables.get(table_number=1)
    assert rows[1] == ["1", first.player_a.player.display_name, first.player_a.player.player_number,
                       first.player_b.player.display_name, first.player_b.player.player_number,
                       "2", "1", "0", "2-1", "Reported"]


def test_public_spreadsheet_of_a_round_not_paired_is_not_found(client, five_player_round):
    event, _ = five_player_round
    assert client.get(reverse("public:round_spreadsheet", args=[event.pk, 2])).status_code == 404


# --------------------------------------------------------------------------- registrations, event page


@pytest.fixture
def registrations(venue_a):
    """Three registrations: Zoe present, Álvaro (not marked present) dropped after round 1, Ñandú of no venue."""
    event = EventFactory(venue=venue_a, name="Fecha Inscriptos")
    services.registration_open(event=event)
    services.registration_create(event=event, player=PlayerFactory(
        display_name="Zoe Paz", player_number="WM-30", home_venue=venue_a))
    alvaro = services.registration_create(event=event, checked_in=False, player=PlayerFactory(
        display_name="Álvaro Ríos", player_number="WM-10", home_venue=VenueFactory(name="Sede Rosario",
                                                                                   province="Santa Fe")))
    services.registration_create(event=event, checked_in=False, player=PlayerFactory(
        display_name="Ñandú Sosa", player_number="WM-20", home_venue=None))
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    services.registration_drop(registration=alvaro)
    return event


def test_event_page_links_the_registrations_downloads(client_a, registrations):
    url = reverse("admin:tournaments_event_registrations_export", args=[registrations.pk])
    html = client_a.get(reverse("admin:tournaments_event_change", args=[registrations.pk])).content.decode()
    assert (f'Descargar inscripciones: <a href="{url}?formato=xlsx">Excel (XLSX)</a> · '
            f'<a href="{url}">CSV</a>') in html


def test_registrations_csv_lists_players_in_spanish_order(client_a, registrations):
    response = client_a.get(reverse("admin:tournaments_event_registrations_export", args=[registrations.pk]))
    assert response["Content-Disposition"] == (
        'attachment; filename="inscripciones-fecha-inscriptos-2024-02-03.csv"')
    # Spanish order: Á as A, Ñ after N: Álvaro, Ñandú, Zoe. Álvaro dropped after round 1, which he played.
    assert csv_rows(response) == [
        ["Jugador", "Número", "Sede", "Provincia", "Presente", "Desde la ronda", "Estado", "Abandonó tras la ronda"],
        ["Álvaro Ríos", "WM-10", "Sede Rosario", "Santa Fe", "No", "1", "Abandonó", "1"],
        ["Ñandú Sosa", "WM-20", "", "", "No", "1", "Activo", ""],
        ["Zoe Paz", "WM-30", "Sede Palermo", "CABA", "Sí", "1", "Activo", ""],
    ]


def test_registrations_xlsx_keeps_rounds_as_numbers(client_a, registrations):
    url = reverse("admin:tournaments_event_registrations_export", args=[registrations.pk])
    rows = xlsx_rows(client_a.get(url + "?formato=xlsx"))
    assert rows[1] == ("Álvaro Ríos", "WM-10", "Sede Rosario", "Santa Fe", "No", 1, "Abandonó", 1)
    assert rows[2][7] is None


def test_indoor_registrations_say_who_bought_the_pack(client_a, venue_a):
    event = EventFactory(venue=venue_a, name="Indoor", kind=EventKind.INDOOR)
    services.registration_open(event=event)
    services.registration_create(event=event, player=PlayerFactory(display_name="Ana", player_number="WM-1",
                                                                   home_venue=venue_a), pack_indoor=True)
    response = client_a.get(reverse("admin:tournaments_event_registrations_export", args=[event.pk]))
    rows = csv_rows(response)
    assert rows[0][-1] == "Pack Indoor"
    assert rows[1][-1] == "Sí"


# --------------------------------------------------------------------------- players list (django-import-export)


def export_players(client, fmt: str):
    return client.post(
        reverse("admin:tournaments_player_export"),
        {"format": fmt, "resource": "0", "playerresource_display_name": "on", "playerresource_player_number": "on",
         "playerresource_home_venue": "on", "playerresource_province": "on"},
    )


def test_players_list_csv_follows_the_spanish_convention(client_a, venue_a):
    PlayerFactory(display_name="Ana; la del punto y coma", player_number="WM-1", home_venue=venue_a)
    response = export_players(client_a, "0")
    assert csv_rows(response) == [["nombre", "número", "sede", "provincia"],
                                  ["Ana; la del punto y coma", "WM-1", "Sede Palermo", "CABA"]]


def test_players_list_csv_in_english_uses_commas(client_a, venue_a):
    PlayerFactory(display_name="Ana", player_number="WM-1", home_venue=venue_a)
    client_a.post(reverse("set_language"), {"language": "en"})
    response = export_players(client_a, "0")
    assert csv_rows(response, delimiter=",")[1] == ["Ana", "WM-1", "Sede Palermo", "CABA"]


def test_players_list_xlsx_opens_with_openpyxl(client_a, venue_a):
    PlayerFactory(display_name="Ana", player_number="WM-1", home_venue=venue_a)
    rows = xlsx_rows(export_players(client_a, "1"))
    assert rows == [("nombre", "número", "sede", "provincia"), ("Ana", "WM-1", "Sede Palermo", "CABA")]
    assert Player.objects.count() == 1
