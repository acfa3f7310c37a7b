"""Players from CSV/XLSX with row-by-row errors; standings as CSV (issue #4)."""
from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import PlayerFactory
from tournaments import selectors, services
from tournaments.models import Player, Venue

from .conftest import registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

IMPORT_URL = "admin:tournaments_player_import"
CSV_FORMAT, XLSX_FORMAT = "0", "1"


def upload(client, content: bytes, name: str = "jugadores.csv", fmt: str = CSV_FORMAT):
    file = SimpleUploadedFile(name, content)
    return client.post(reverse(IMPORT_URL), {"import_file": file, "format": fmt})


def confirm(client, response):
    form = response.context["confirm_form"]
    data = {name: form[name].value() for name in form.fields}
    return client.post(reverse("admin:tournaments_player_process_import"), data, follow=True)


def test_import_csv_creates_players_after_confirmation(client_a, venue_a):
    content = "nombre,número,sede,provincia\nAilén Castro,WM-0101,Sede Palermo,CABA\nLautaro Giménez,WM-0102,,\n"
    preview = upload(client_a, content.encode())
    assert preview.status_code == 200
    assert preview.context["result"].has_errors() is False
    assert not Player.objects.exists()  # the preview is a dry run
    done = confirm(client_a, preview)
    assert done.status_code == 200
    ailen = Player.objects.get(player_number="WM-0101")
    assert (ailen.display_name, ailen.home_venue, ailen.province) == ("Ailén Castro", venue_a, "CABA")
    assert Player.objects.get(player_number="WM-0102").home_venue is None


def test_import_accepts_english_headers_and_updates_by_number(client_a, venue_a):
    # Home venue A: the organizer of A may change this player (issue #15 scoping; an orphan player is the league's).
    PlayerFactory(player_number="WM-0101", display_name="Viejo Nombre", home_venue=venue_a)
    content = "name,player_number,venue,province\nAilén Castro,WM-0101,sede palermo,caba\n"
    confirm(client_a, upload(client_a, content.encode()))
    player = Player.objects.get(player_number="WM-0101")
    assert (player.display_name, player.home_venue) == ("Ailén Castro", venue_a)


def test_import_bad_rows_are_reported_row_by_row_and_nothing_is_saved(client_a, venue_a):
    content = (
        "nombre,número,sede,provincia\n"
        "Bien,WM-0201,Sede Palermo,CABA\n"
        ",WM-0202,Sede Palermo,CABA\n"
        "Sin Sede,WM-0203,Sede Inexistente,Jujuy\n"
        "Provincia Mal,WM-0204,Sede Palermo,Córdoba\n"
        "Repetido,WM-0201,,\n"
    )
    response = upload(client_a, content.encode())
    assert response.status_code == 200
    result = response.context["result"]
    assert result.has_validation_errors()
    invalid = {row.number: row.error_dict for row in result.invalid_rows}
    assert set(invalid) == {2, 3, 4, 5}
    assert invalid[2] == {"nombre": ["Falta el nombre del jugador."]}
    assert invalid[3] == {
        "sede": ["La sede «Sede Inexistente» no existe. Pedile a la administración que la cree o corregí el nombre."]
    }
    assert invalid[4] == {"provincia": ["La sede «Sede Palermo» es de CABA, no de Córdoba."]}
    assert invalid[5] == {"número": ["El número WM-0201 ya aparece en la fila 1 del archivo."]}
    html = response.content.decode()
    assert "La sede «Sede Inexistente» no existe." in html
    assert "confirm_form" not in response.context or response.context.get("confirm_form") is None
    assert not Player.objects.exists()


def test_import_missing_column_is_an_error_not_a_crash(client_a):
    response = upload(client_a, b"nombre,sede\nAna,Sede Palermo\n")
    assert response.status_code == 200
    result = response.context["result"]
    assert result.has_errors()
    assert "Faltan columnas en el archivo: número." in response.content.decode()
    assert not Player.objects.exists()


def test_import_unreadable_file_is_a_form_error(client_a):
    response = upload(client_a, b"\x00\x01\x02 esto no es una planilla", name="jugadores.xlsx", fmt=XLSX_FORMAT)
    assert response.status_code == 200
    assert response.context["form"].errors["import_file"]
    assert not Player.objects.exists()


def test_import_xlsx(client_a, venue_a):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["nombre", "número", "sede", "provincia"])
    sheet.append(["Candela Ríos", "WM-0301", "Sede Palermo", "CABA"])
    buffer = io.BytesIO()
    book.save(buffer)
    preview = upload(client_a, buffer.getvalue(), name="jugadores.xlsx", fmt=XLSX_FORMAT)
    assert preview.context["result"].has_errors() is False
    confirm(client_a, preview)
    assert Player.objects.get(player_number="WM-0301").home_venue == venue_a


def test_superuser_import_creates_a_missing_venue_with_its_province(client, superuser):
    client.force_login(superuser)
    content = "nombre,número,sede,provincia\nAilén Castro,WM-0401,Sede Mendoza,Mendoza\n"
    confirm(client, upload(client, content.encode()))
    assert Venue.objects.get(name="Sede Mendoza").province == "Mendoza"
    assert Player.objects.get(player_number="WM-0401").province == "Mendoza"


def test_import_demo_file_as_superuser_has_no_errors(client, superuser):
    client.force_login(superuser)
    with open("tests/data/demo_event.csv", "rb") as fh:
        preview = upload(client, fh.read())
    result = preview.context["result"]
    assert not result.has_errors() and not result.has_validation_errors()
    assert result.totals["new"] == 24


def test_player_export_has_spanish_columns(client_a, venue_a):
    PlayerFactory(display_name="Ana", player_number="WM-1", home_venue=venue_a)
    response = client_a.post(
        reverse("admin:tournaments_player_export"),
        {"format": "0", "resource": "0", "playerresource_display_name": "on", "playerresource_player_number": "on",
         "playerresource_home_venue": "on", "playerresource_province": "on"},
    )
    assert response.status_code == 200
    # The reader's convention: «;» between cells in Spanish (issue #28 point 3).
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["nombre", "número", "sede", "provincia"]
    assert rows[1] == ["Ana", "WM-1", "Sede Palermo", "CABA"]


# --------------------------------------------------------------------------- standings CSV


def test_standings_csv_has_every_tiebreaker_in_rank_order(client_a, venue_a):
    event = registered_event(venue_a, cut_size=0, name="Fecha CSV")
    for _ in range(3):
        rnd = services.round_pair_next(event=event)
        for match in rnd.tables.filter(is_bye=False):
            services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    services.registration_drop(registration=event.registrations.order_by("pk").last())
    services.event_finish(event=event)
    response = client_a.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="posiciones-fecha-csv-2024-02-03.csv"'
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))
    assert rows[0] == [
        "Puesto", "Jugador", "Número", "Sede", "Puntaje total", "Victorias", "Empates", "Derrotas", "Byes",
        "Buchholz", "Handicap: vs", "Handicap: x", "Partidas ganadas", "Partidas perdidas", "Partidas empatadas",
        "Matches jugados", "Técnico", "Desempate decisivo", "Estado", "Podio", "Puesto suizo",
    ]
    swiss = selectors.standing_rows(event)
    # A finished event without a cut lists its podium (the first three active players of the Swiss
    # standings) first, then everyone else in Swiss order (DESIGN.md decision 20); "Puesto suizo" keeps the rank.
    podium = [row for row in swiss if row.active][:3]
    expected = podium + [row for row in swiss if row not in podium]
    assert len(rows) == 1 + len(expected) == 9
    for place, (line, row) in enumerate(zip(rows[1:], expected, strict=True), start=1):
        assert (line[0], line[-1]) == (str(place), str(row.rank))
        assert line[1:4] == [row.display_name, row.player_number, row.venue]
        assert float(line[4]) == row.match_points
        assert float(line[9]) == row.buchholz
        assert int(line[10]) == row.head_to_head
        assert int(line[11]) == row.game_differential
    event.refresh_from_db()
    first = next(line for line in rows[1:] if line[1] == event.podium_first.player.display_name)
    assert first[-2] == "1º"
    assert sum(1 for line in rows[1:] if line[18] == "Abandonó") == 1


def test_import_excel_semicolon_windows_1252_through_the_admin(client_a, venue_a):
    """Excel in es-AR saves «CSV (delimitado por punto y coma)» in Windows-1252."""
    content = "nombre;número;sede;provincia\r\nAilén Castro;WM-0101;Sede Palermo;CABA\r\n".encode("cp1252")
    preview = upload(client_a, content)
    assert preview.context["result"].has_errors() is False
    confirm(client_a, preview)
    ailen = Player.objects.get(player_number="WM-0101")
    assert (ailen.display_name, ailen.home_venue) == ("Ailén Castro", venue_a)


def test_import_too_big_or_empty_file_is_a_spanish_form_error(client_a, venue_a, settings):
    settings.ARENA_IMPORT_MAX_BYTES = 100
    content = ("nombre,número,sede,provincia\n" + "Ana,WM-0001,Sede Palermo,CABA\n" * 5).encode()  # 30 + 5 × 30
    response = upload(client_a, content)
    assert response.context["form"].errors["import_file"] == [
        "El archivo pesa 180 bytes y el máximo es 100 bytes; dividilo en partes más chicas."
    ]
    response = upload(client_a, b"\n\n")
    assert response.context["form"].errors["import_file"] == ["El archivo está vacío."]
    assert not Player.objects.exists()
