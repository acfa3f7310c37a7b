"""Printed documents of events played in pods (issue #12): pod slips and pod standings.

A pods round prints the pairings by table and by name, one result slip per
pod (a place box and a stoner-points box per seat, the QR code of the judge
form) and the pod standings after the previous round; a finished event
prints the final pod standings. Pods have no bracket. Hand-worked results:
:mod:`tests.tournaments.pods_helpers`.
"""
from __future__ import annotations

import pytest

from tests.factories import registered_event
from tests.tournaments.pods_helpers import PLAYERS, play_round, played_event, stoner_event
from tournaments import document_requests, documents, services
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import Document
from tournaments.pdf import PairingsByTableRenderer, ResultSlipsRenderer, StandingsRenderer
from tournaments.pdf.data import SheetHeader, StandingLine, StandingsSheet, places_cells, places_layout

from .conftest import accented, download, download_all, pdf_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

POD_KINDS = [DocumentKind.PAIRINGS_BY_TABLE, DocumentKind.PAIRINGS_BY_NAME, DocumentKind.RESULT_SLIPS,
             DocumentKind.STANDINGS]


def thirteen_players(**kwargs):
    """13 players (accented names) in a stoner-points event, registration closed: pods of 5, 4 and 4."""
    return registered_event(accented(13), format="pods", game_key="stoner_points", **kwargs)


def lines(sheet) -> list[tuple]:
    """(rank, name, points, opponents' points, stoner points, places, technical tie) as printed."""
    return [(r.rank, r.name, *r.cells, r.technical_tie) for r in sheet.rows]


def test_pods_round_prints_every_document_but_the_bracket(django_capture_on_commit_callbacks, client):
    event = thirteen_players(cut_size=4)  # a cut size set by habit: pods still have no top cut
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(event=event)
    assert documents.kinds_for_round(rnd) == [str(kind) for kind in POD_KINDS]
    download_all(client, rnd)
    docs = {doc.kind: doc for doc in Document.objects.filter(round=rnd)}
    assert set(docs) == set(POD_KINDS)
    assert {doc.state for doc in docs.values()} == {DocumentState.READY}, [doc.error for doc in docs.values()]
    names = list(rnd.tables.values_list("seats__registration__player__display_name", flat=True))
    assert len(names) == 13
    for doc in docs.values():
        _pages, text = pdf_text(doc.file.read())
        assert all(name in text for name in names), doc.kind


def test_pod_slips_one_per_table_with_every_seat_and_the_judge_form(settings):
    settings.ARENA_PUBLIC_URL = "https://arena.example.com.ar/"
    event = thirteen_players(cut_size=0)
    rnd = services.round_pair_next(event=event)
    sheet = documents.slip_sheet(rnd)
    assert sheet.score_label == "Puntos stoner"
    assert [slip.table for slip in sheet.slips] == [1, 2, 3]
    assert [len(slip.seats) for slip in sheet.slips] == [5, 4, 4]
    for slip in sheet.slips:
        pod = rnd.tables.get(table_number=slip.table)
        assert [(s.seat, s.name) for s in slip.seats] == list(
            pod.seats.order_by("seat").values_list("seat", "registration__player__display_name"))
        assert slip.result_url == f"https://arena.example.com.ar/juez/eventos/{event.pk}/rondas/1/mesas/{slip.table}/"
    pdf = ResultSlipsRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    assert (pdf.pages, pages) == (2, 2)  # two slips to a page
    assert text.count("PLANILLA DE RESULTADO") == 3
    assert text.count("5 JUGADORES") == 1 and text.count("4 JUGADORES") == 2
    assert text.count("Puntos stoner") >= 3 and text.count("Puesto") >= 3
    assert text.count("Cargar resultado (juez)") == 3
    assert all(seat.name in text for slip in sheet.slips for seat in slip.seats)
    for slip in sheet.slips:
        assert f"/juez/eventos/{event.pk}/rondas/1/mesas/{slip.table}/" in text


def test_pod_standings_sheet_after_the_previous_round():
    event, regs = stoner_event()
    first = play_round(event, regs, 1)
    second = play_round(event, regs, 2)
    before = documents.standings_sheet(first)
    assert before.title == "Inscriptos: posiciones antes de la ronda 1"
    assert {(r.rank, *r.cells[:3], r.technical_tie) for r in before.rows} == {(1, "0", "0", "0", True)}
    sheet = documents.standings_sheet(second)  # printed with round 2: after round 1, by hand
    # decision 17 in a pod of five: 3, 2.25, 1.5, 0.75, 0; printed as the pages print them (one decimal,
    # half up, decimal comma): 2.25 → "2,3", 5.25 → "5,3", 0.75 → "0,8", 6.75 → "6,8"
    assert sheet.title == "Posiciones tras la ronda 1"
    assert "Puntos\nstoner" in [column.heading for column in sheet.layout.columns]
    assert "(3 × la parte de los rivales de la mesa que terminaron detrás (un empatado cuenta la mitad);" in (
        sheet.layout.legend[0])
    assert lines(sheet) == [
        (1, "Ana Núñez", "3", "4,5", "25", "1", False),  # opponents 2.25 + 1.5 + 0.75 + 0 = 4.5
        (2, "Beto Gómez", "2,3", "5,3", "20", "2", False),  # 2.25; 3 + 1.5 + 0.75 + 0 = 5.25
        (3, "Carla Ibáñez", "1,5", "6", "13", "3", False),  # 3 + 2.25 + 0.75 + 0 = 6
        (4, "Darío Pérez", "0,8", "6,8", "5", "4", False),  # 0.75; 3 + 2.25 + 1.5 + 0 = 6.75
        (5, "Eva Sánchez", "0", "7,5", "1", "5", False),  # 3 + 2.25 + 1.5 + 0.75 = 7.5
    ]


def test_pod_pairings_print_the_points_before_the_round_as_the_pages_do():
    event, regs = stoner_event()
    play_round(event, regs, 1)
    second = play_round(event, regs, 2)
    sheet = documents.pairing_sheet(second)  # the points after round 1, one pod of five (decision 17)
    # 3, 2.25, 1.5, 0.75, 0 printed with one decimal, half up, decimal comma: 2.25 → "2,3", 0.75 → "0,8"
    assert sorted((row.player_a, row.points_a) for row in sheet.tables) == [
        ("Ana Núñez", "3"), ("Beto Gómez", "2,3"), ("Carla Ibáñez", "1,5"), ("Darío Pérez", "0,8"),
        ("Eva Sánchez", "0")]
    _pages, text = pdf_text(PairingsByTableRenderer().render(sheet).content)
    assert "2,3" in text and "0,8" in text and "2.25" not in text and "2,2" not in text


def test_finishing_a_pods_event_prints_the_final_pod_standings(django_capture_on_commit_callbacks, client):
    event, _regs, rounds = played_event()
    assert documents.standings_sheet(rounds[1]).title == "Posiciones finales"
    assert lines(documents.standings_sheet(rounds[1])) == [
        (1, "Ana Núñez", "3", "24", "25", "1-5", False),
        (2, "Eva Sánchez", "3", "24", "24", "5-1", False),
        (3, "Beto Gómez", "3", "24", "23", "2-4", False),
        (4, "Carla Ibáñez", "3", "24", "22", "3-3", False),
        (5, "Darío Pérez", "3", "24", "21", "4-2", False),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        ids = document_requests.request_event_documents(event)
    doc = Document.objects.get(pk__in=ids)
    assert doc.state == DocumentState.QUEUED
    download(client, rounds[1], DocumentKind.STANDINGS)
    doc.refresh_from_db()
    assert (doc.kind, doc.round_id, doc.state) == (DocumentKind.STANDINGS, rounds[1].pk, DocumentState.READY)
    _pages, text = pdf_text(doc.file.read())
    assert "Posiciones finales" in text and "Puntos\nstoner" in text
    assert "puntos stoner (suma de todas las mesas)" in " ".join(text.split())
    order = [text.index(PLAYERS[key][0]) for key in ("ana", "eva", "beto", "carla", "dario")]
    assert order == sorted(order)


def test_pod_standings_renderer_without_a_secondary_score_marks_ties_and_drops():
    header = SheetHeader(event_name="Copa de prueba", date_text="sábado 3 de febrero de 2024",
                         venue_text="Sede Palermo (CABA)", game_name="La Copa del Mundo", round_label="Ronda 2")
    rows = (
        StandingLine(1, "Ñandú Pérez", "CM-01", "Sede Palermo", places_cells(points="3", opponents_points="2",
                                                                            places="1"), technical_tie=True),
        StandingLine(1, "José Núñez", "CM-02", "Sede Palermo", places_cells(points="3", opponents_points="2",
                                                                           places="1"), technical_tie=True),
        StandingLine(3, "María Ibáñez", "CM-03", "", places_cells(points="0", opponents_points="6", places="4"),
                     note="abandonó"),
    )
    sheet = StandingsSheet(header=header, title="Posiciones tras la ronda 1", rows=rows,
                           layout=places_layout(points_text="1.º 3, 2.º 2, 3.º 1"))
    pdf = StandingsRenderer().render(sheet)
    pages, text = pdf_text(pdf.content)
    assert pages == 1
    assert "Posiciones tras la ronda 1" in text and "=1" in text and "María Ibáñez (abandonó)" in text
    assert "Puntos stoner" not in text and "empate técnico" in text
