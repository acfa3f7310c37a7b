"""One result slip for a table of any size: a duel round and a pods round through the same renderer.

The slips are built from the stored round (:func:`tournaments.documents.slip_sheet`), rendered by
:class:`~tournaments.pdf.ResultSlipsRenderer` and read back with pypdf: every slip holds its table's
number, each seated player's name and number, and the boxes its format writes — a box per game, the
extra turns and the games won for a duel; the seat, a place box and the game's score for a pod.
"""
from __future__ import annotations

import pytest

from tests.factories import registered_event
from tournaments import documents, services
from tournaments.models import Seat
from tournaments.pdf import ResultSlipsRenderer

from .conftest import accented, pdf_text
from .test_fast_rendering import text_runs

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

MM = 72 / 25.4


def slip_texts(content: bytes) -> dict[str, list[str]]:
    """The text runs of each slip, less its table number, by that number (the runs printed at 26 pt).

    A slip's band starts 25 mm over its table number (the number sits in the box at the slip's
    top right) and ends where the next slip's band starts on that page.
    """
    runs = text_runs(content)
    numbers = [(page, y, text) for page, _x, y, size, text in runs if size > 20]
    bands = {}
    for page, y, text in numbers:
        below = [other_y for other_page, other_y, _t in numbers if other_page == page and other_y < y]
        bottom = max(below) + 25 * MM if below else 0
        bands[text] = [run[4] for run in runs if run[0] == page and bottom <= run[2] < y + 25 * MM and run[3] <= 20]
    return bands


def seated(rnd) -> dict[str, list[tuple[int, str, str]]]:
    """Each table of ``rnd`` that takes a result, by number: its (seat, name, player number), in seat order."""
    tables: dict[str, list[tuple[int, str, str]]] = {}
    rows = Seat.objects.filter(table__round=rnd, table__is_bye=False).order_by("table__table_number", "seat")
    for number, seat, name, player in rows.values_list("table__table_number", "seat",
                                                       "registration__player__display_name",
                                                       "registration__player__player_number"):
        tables.setdefault(str(number), []).append((seat, name, player))
    return tables


def test_a_duel_round_prints_a_slip_per_table_with_both_players_and_a_box_per_game():
    event = registered_event(accented(9), cut_size=0, best_of=3)  # 4 tables and a bye
    rnd = services.round_pair_next(event=event)
    tables = seated(rnd)
    assert sorted(tables) == ["1", "2", "3", "4"] and all(len(seats) == 2 for seats in tables.values())
    bye = Seat.objects.get(table__round=rnd, table__is_bye=True).registration.player.display_name

    pdf = ResultSlipsRenderer().render(documents.slip_sheet(rnd))
    pages, text = pdf_text(pdf.content)
    assert pages == 2  # three slips to a page
    assert bye not in text  # a bye gets no slip
    slips = slip_texts(pdf.content)
    assert sorted(slips) == ["1", "2", "3", "4"]
    for number, seats in tables.items():
        printed = slips[number]
        for _seat, name, player in seats:
            assert name in printed and player in printed, (number, name)
            assert f"Firma — {name}" in printed
        assert f"/juez/eventos/{event.pk}/rondas/1/mesas/{number}/" in printed
    # The boxes are the part every slip shares (drawn once, placed under each slip): once per table.
    flat = " ".join(text.split())  # a narrow column's heading is printed on two lines ("Partida" over "1")
    for box in ("PLANILLA DE RESULTADO", "Jugador", "Partida 1", "Partida 2", "Partida 3", "Turnos extra (3 c/u)",
                "Partidas ganadas", "Terminó por tiempo", "Partidas empatadas:", "Juez (nombre y firma)",
                "Cargar resultado (juez)"):
        assert flat.count(box) == 4, box
    assert "Partida 4" not in flat
    assert "Puesto" not in flat and "Asiento" not in flat and "JUGADORES" not in flat


def test_a_pods_round_prints_a_slip_per_table_with_every_seat_a_place_box_and_the_score():
    event = registered_event(accented(13), format="pods", game_key="stoner_points", cut_size=0)  # 5, 4 and 4
    rnd = services.round_pair_next(event=event)
    tables = seated(rnd)
    assert sorted(len(seats) for seats in tables.values()) == [4, 4, 5]

    pdf = ResultSlipsRenderer().render(documents.slip_sheet(rnd))
    pages, text = pdf_text(pdf.content)
    assert pages == 2  # two slips to a page
    slips = slip_texts(pdf.content)
    assert sorted(slips) == ["1", "2", "3"]
    for number, seats in tables.items():
        printed = slips[number]
        for _seat, name, player in seats:
            assert name in printed and player in printed, (number, name)
        assert [run for run in printed if run.isdigit()] == [str(seat) for seat, _n, _p in seats]
        assert f"/juez/eventos/{event.pk}/rondas/1/mesas/{number}/" in printed
    flat = " ".join(text.split())
    assert flat.count("PLANILLA DE RESULTADO · 5 JUGADORES") == 1
    assert flat.count("PLANILLA DE RESULTADO · 4 JUGADORES") == 2
    for box in ("Asiento", "Jugador", "Puntos stoner", "Juez (nombre y firma)", "Cargar resultado (juez)"):
        assert flat.count(box) == 3, box
    assert flat.count("Puesto") == 3 and flat.count("Escribí el puesto de cada jugador") == 3
    assert "Partida" not in flat and "Turnos extra" not in flat and "Firma —" not in flat
