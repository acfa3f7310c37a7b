"""The organizer's round page: tables, results, who entered them, corrections, history (issue #4)."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.enums import MatchStatus
from tournaments.models import ResultEntry, Table

from .conftest import message_texts, registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def round_url(rnd) -> str:
    return reverse("admin:tournaments_round_change", args=[rnd.pk])


def result_url(rnd, match) -> str:
    return reverse("admin:tournaments_round_result", args=[rnd.pk, match.pk])


@pytest.fixture
def paired(venue_a):
    event = registered_event(venue_a)
    return event, services.round_pair_next(event=event)


def test_round_page_lists_tables_and_highlights_missing_results(client_a, paired, organizer_a):
    event, rnd = paired
    first = rnd.tables.get(table_number=1)
    services.table_result_record(table=first, seats=[{"games": 2}, {"games": 1}], entered_by=organizer_a)
    response = client_a.get(round_url(rnd))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="arena-row-missing"') == 3
    assert "faltan 3 resultados" in html
    row_one = html.split('id="mesa-1"')[1].split("</tr>")[0]
    assert "2-1" in row_one
    assert "org_a" in row_one
    assert reverse("admin:tournaments_table_history", args=[first.pk]) in row_one
    assert 'value="2-0-0"' in html and 'value="1-2-0"' in html


def test_round_page_quick_score_records_through_the_service(client_a, paired, organizer_a):
    _, rnd = paired
    match = rnd.tables.get(table_number=2)
    response = client_a.post(result_url(rnd, match), {"score": "2-0-0", "expected_version": "0"}, follow=True)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status, match.version) == (2, 0, MatchStatus.REPORTED, 1)
    entry = ResultEntry.objects.get(table=match)
    assert entry.entered_by == organizer_a
    a, b = match.player_a.player.display_name, match.player_b.player.display_name
    assert message_texts(response) == [f"Mesa 2: {a} 2-0 {b} — cargado (versión 1)."]
    assert response.redirect_chain[-1][0] == round_url(rnd) + "#mesa-2"


def test_round_page_double_click_on_a_result_changes_nothing(client_a, paired):
    _, rnd = paired
    match = rnd.tables.get(table_number=1)
    client_a.post(result_url(rnd, match), {"score": "2-1-0", "expected_version": "0"}, follow=True)
    response = client_a.post(result_url(rnd, match), {"score": "2-1-0", "expected_version": "0"}, follow=True)
    assert message_texts(response) == ["Mesa 1: ese resultado ya estaba cargado; no se cambió nada."]
    assert ResultEntry.objects.filter(table=match).count() == 1


def test_round_page_stale_form_with_another_result_is_refused(client_a, paired, organizer_b):
    _, rnd = paired
    match = rnd.tables.get(table_number=1)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=organizer_b)
    response = client_a.post(result_url(rnd, match), {"score": "0-2-0", "expected_version": "0"}, follow=True)
    assert message_texts(response) == [  # named by its table, as every refusal of the round page
        "Mesa 1: Otra persona (org_b) cargó esta mesa mientras editabas: 2-0. "
        "Revisá el resultado actual antes de corregirlo."
    ]
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (2, 0)


def test_round_page_correction_keeps_history(client_a, paired, organizer_a, organizer_b):
    _, rnd = paired
    match = rnd.tables.get(table_number=3)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=organizer_b)
    response = client_a.post(
        result_url(rnd, match),
        {"games_a": "1", "games_b": "2", "games_drawn": "0", "expected_version": "1", "note": "Error de planilla"},
        follow=True,
    )
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (1, 2, 2)
    assert "corregido (versión 2)" in message_texts(response)[0]
    history = client_a.get(reverse("admin:tournaments_table_history", args=[match.pk]))
    html = history.content.decode()
    assert history.status_code == 200
    newest = html.split("<td>v2</td>")[1].split("</tr>")[0]
    assert "org_a" in newest
    assert "2-0 (Gana A)" in newest  # before: one way to write a result (issue #28 point 4)
    assert "<strong>1-2</strong> (Gana B)" in newest  # after
    assert "Error de planilla" in newest
    oldest = html.split("<td>v1</td>")[1].split("</tr>")[0]
    assert "org_b" in oldest and "—" in oldest


def test_round_page_illegal_result_shows_service_message(client_a, paired):
    _, rnd = paired
    match = rnd.tables.get(table_number=1)
    response = client_a.post(result_url(rnd, match), {"games_a": "3", "games_b": "0", "expected_version": "0"},
                             follow=True)
    text = message_texts(response)[0]
    assert text.startswith("Mesa 1: Resultado 3-0 no válido:")
    assert Table.objects.get(pk=match.pk).status == MatchStatus.PENDING


def test_round_page_bad_numbers_are_refused_politely(client_a, paired):
    _, rnd = paired
    match = rnd.tables.get(table_number=1)
    response = client_a.post(result_url(rnd, match), {"games_a": "dos", "expected_version": "0"}, follow=True)
    assert message_texts(response) == ["Mesa 1: ingresá cantidades de partidas válidas (números enteros, 0 o más)."]


def test_round_page_double_loss_is_recorded(client_a, paired):
    _, rnd = paired
    match = rnd.tables.get(table_number=4)
    client_a.post(result_url(rnd, match), {"double_loss": "on", "expected_version": "0"})
    match.refresh_from_db()
    assert match.outcome == "double_loss"


def test_closed_round_page_has_no_result_forms(client_a, paired):
    event, rnd = paired
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    services.round_close(event=event)
    html = client_a.get(round_url(rnd)).content.decode()
    assert 'class="arena-result-form"' not in html
    # Issue #13: a closed round's results are corrected with a reason, after an impact preview.
    assert "Ronda cerrada: sus resultados están confirmados. Para corregir uno, usá «Corregir»" in html
    assert html.count('class="arena-correct-form"') == rnd.tables.filter(is_bye=False).count()


def test_result_on_closed_round_shows_service_message(client_a, paired):
    event, rnd = paired
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    services.round_pair_next(event=event)
    match = rnd.tables.get(table_number=1)
    response = client_a.post(result_url(rnd, match), {"score": "0-2-0", "expected_version": "1"}, follow=True)
    assert message_texts(response) == ["Mesa 1: La mesa 1 es de la ronda 1, que no es la ronda en curso (2)."]


def test_round_page_shows_lifecycle_buttons_of_the_current_round(client_a, paired):
    _, rnd = paired
    html = client_a.get(round_url(rnd)).content.decode()
    assert ">Rehacer ronda actual</button>" in html
    assert ">Cerrar ronda y confirmar resultados</button>" in html


def test_result_entry_requires_post(client_a, paired):
    _, rnd = paired
    match = rnd.tables.first()
    assert client_a.get(result_url(rnd, match)).status_code == 405


def test_match_change_link_leads_to_the_round_page(client_a, paired):
    _, rnd = paired
    match = rnd.tables.get(table_number=2)
    response = client_a.get(reverse("admin:tournaments_table_change", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"] == round_url(rnd) + "#mesa-2"


def test_round_page_query_count_does_not_grow_with_tables(client_a, venue_a, organizer_a):
    rounds = []
    for players in (4, 12):
        event = registered_event(venue_a, players=players)
        rnd = services.round_pair_next(event=event)
        for match in rnd.tables.filter(is_bye=False):
            services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=organizer_a)
        rounds.append(rnd)
    client_a.get(round_url(rounds[0]))  # warm caches
    counts = []
    for rnd in rounds:
        with CaptureQueriesContext(connection) as queries:
            assert client_a.get(round_url(rnd)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
