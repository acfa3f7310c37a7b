"""The standings CSV of an event played in pods lists the pod standings (issue #12).

Expected rows come from the hand-worked event of :mod:`tests.tournaments.pods_helpers`.
"""
from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.tournaments.pods_helpers import played_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

HEADERS = ["Puesto", "Jugador", "Número", "Sede", "Puntos por puesto", "Puntos de los rivales", "Puntos stoner",
           "Puestos", "Mesas jugadas", "Técnico", "Desempate decisivo", "Estado", "Podio"]


def csv_rows(client, event) -> list[list[str]]:
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))


def test_pods_standings_csv_lists_placement_points_opponents_and_stoner_points(client_a, venue_a):
    event, _regs, _rounds = played_event(venue=venue_a, name="Fecha Stoner CSV")
    rows = csv_rows(client_a, event)
    assert rows[0] == HEADERS
    assert rows[1:] == [
        ["1", "Ana Núñez", "PS-01", "Sede Palermo", "3", "24", "25", "1-5", "2", "No", "", "Activo", "1º"],
        ["2", "Eva Sánchez", "PS-05", "Sede Palermo", "3", "24", "24", "5-1", "2", "No", "Puntos stoner", "Activo",
         "2º"],
        ["3", "Beto Gómez", "PS-02", "Sede Palermo", "3", "24", "23", "2-4", "2", "No", "Puntos stoner",
         "Activo", "3º"],
        ["4", "Carla Ibáñez", "PS-03", "Sede Palermo", "3", "24", "22", "3-3", "2", "No", "Puntos stoner", "Activo",
         ""],
        ["5", "Darío Pérez", "PS-04", "Sede Palermo", "3", "24", "21", "4-2", "2", "No", "Puntos stoner", "Activo",
         ""],
    ]


def test_pods_standings_csv_during_the_event_marks_a_dropped_player(client_a, venue_a):
    from tournaments import services

    event, regs, _rounds = played_event(venue=venue_a, finish=False, planned_rounds=3)
    services.registration_drop(registration=regs["dario"])
    rows = csv_rows(client_a, event)
    assert [row[1] for row in rows[1:]] == ["Ana Núñez", "Eva Sánchez", "Beto Gómez", "Carla Ibáñez", "Darío Pérez"]
    assert [row[-2:] for row in rows[1:]] == [["Activo", ""]] * 4 + [["Abandonó", ""]]


def test_duels_standings_csv_keeps_the_swiss_columns(client_a, venue_a):
    from .conftest import registered_event

    event = registered_event(venue_a, cut_size=0)
    rows = csv_rows(client_a, event)
    assert rows[0][:5] == ["Puesto", "Jugador", "Número", "Sede", "Puntaje total"]
    assert "Puntos por puesto" not in rows[0]
