"""«Registro del evento» in the organizer's console (issue #28 point 2): newest first, in words, filtered, exported.

The day: four players, round 1 paired by hand — table 1 Milagros Núñez vs
Tomás Acosta, table 2 Lucía Fernández vs Joaquín Peña. The organizer
enters 2-0 at table 1 (Milagros wins), the judge 0-2 at table 2 (Joaquín
wins); the organizer closes the round and corrects table 1 to 0-2 (Tomás
wins) because the slip was read the wrong way round.
"""
from __future__ import annotations

import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from openpyxl import load_workbook

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.factories.day import game_seats
from tournaments import services
from tournaments.admin import eventlog as admin_eventlog
from tournaments.models import EventLogEntry, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ("Milagros Núñez", "Tomás Acosta", "Lucía Fernández", "Joaquín Peña")
REASON = "Planilla leída al revés"


@pytest.fixture
def day(venue_a, organizer_a):
    judge = UserFactory(username="jueza")
    event = EventFactory(venue=venue_a, name="Fecha Palermo", cut_size=0)
    services.registration_open(event=event)
    regs = [services.registration_create(event=event, player=PlayerFactory(display_name=n, home_venue=venue_a))
            for n in NAMES]
    services.registration_close(event=event)
    rnd = services.round_pair_manual(event=event, pairings=[(regs[0], regs[1]), (regs[2], regs[3])],
                                     by=organizer_a)
    one, two = Table.objects.get(round=rnd, table_number=1), Table.objects.get(round=rnd, table_number=2)
    services.table_result_record(table=one, seats=[{"games": 2}, {"games": 0}], entered_by=organizer_a)
    services.table_result_record(table=two, seats=[{"games": 0}, {"games": 2}], entered_by=judge)
    services.round_close(event=event, by=organizer_a)
    services.table_result_correct(table=one, seats=game_seats(one, 0, 2), reason=REASON, by=organizer_a)
    return event, rnd, regs, judge, one


def log_url(event, **query) -> str:
    return admin_eventlog.event_log_url(event, **query)


def rows(response) -> list[str]:
    """The ``data-action`` of each row of the log table, in page order."""
    html = response.content.decode()
    body = html.split('id="arena-log"')[1].split("</table>")[0]
    return [chunk.split('"')[0] for chunk in body.split('data-action="')[1:]]


def test_event_log_page_lists_newest_first_in_words(client_a, day):
    event, *_ = day
    response = client_a.get(log_url(event))
    assert response.status_code == 200
    assert rows(response) == ["match_result_correct", "round_close", "match_result_record", "match_result_record",
                              "round_pair_manual", "registration_close"] + ["registration_create"] * 4 + [
                                 "registration_open"]
    html = response.content.decode()
    first = html.split('data-action="match_result_correct"')[1].split("</tr>")[0]
    assert "Resultado corregido" in first
    assert "Ronda 1, mesa 1 · Milagros Núñez – Tomás Acosta" in first
    assert "Mesa 1: 2-0 → 0-2 (Tomás Acosta gana)" in first
    assert "org_a" in first and REASON in first
    assert "Ronda 1: 2 mesas (Milagros Núñez – Tomás Acosta, Lucía Fernández – Joaquín Peña)." in html
    assert "{" not in html.split('id="arena-log"')[1].split("</table>")[0]


def test_event_log_page_shows_times_in_local_time(client_a, day):
    event, *_ = day
    entry = EventLogEntry.objects.filter(event=event, action="match_result_correct").get()
    EventLogEntry.objects.filter(pk=entry.pk).update(at=datetime.datetime(2024, 2, 3, 17, 5, 9, tzinfo=datetime.UTC))
    html = client_a.get(log_url(event)).content.decode()
    assert "03/02/2024<br>14:05:09" in html  # 17:05 UTC is 14:05 in Buenos Aires
    detail = client_a.get(reverse("admin:tournaments_eventlogentry_change", args=[entry.pk])).content.decode()
    assert "<title>Resultado corregido — 03/02/2024 14:05 |" in detail
    assert "Mesa 1: 2-0 → 0-2 (Tomás Acosta gana)" in detail


def test_event_log_page_filters_by_round_and_table(client_a, day):
    event, rnd, *_ = day
    assert rows(client_a.get(log_url(event, ronda=1, mesa=2))) == ["match_result_record"]
    assert rows(client_a.get(log_url(event, ronda=1))) == ["match_result_correct", "round_close",
                                                            "match_result_record", "match_result_record",
                                                            "round_pair_manual"]


def test_event_log_page_filters_by_player(client_a, day):
    event, _rnd, regs, *_ = day
    assert rows(client_a.get(log_url(event, jugador=regs[3].pk))) == [
        "match_result_record", "round_pair_manual", "registration_create"]


def test_event_log_page_filters_by_who_did_it(client_a, day, organizer_a):
    event, _rnd, _regs, judge, _one = day
    assert rows(client_a.get(log_url(event, quien=judge.pk))) == ["match_result_record"]
    assert rows(client_a.get(log_url(event, quien=organizer_a.pk))) == [
        "match_result_correct", "round_close", "match_result_record", "round_pair_manual"]
    assert rows(client_a.get(log_url(event, quien="ninguno"))) == ["registration_close"] + [
        "registration_create"] * 4 + ["registration_open"]


def test_event_log_page_ignores_a_filter_value_the_log_does_not_offer(client_a, day):
    event, *_ = day
    assert len(rows(client_a.get(log_url(event, ronda=9, mesa="x")))) == 11


def test_event_log_page_pages_older_entries(client_a, day, monkeypatch):
    event, *_ = day
    monkeypatch.setattr(admin_eventlog, "PER_PAGE", 4)
    assert rows(client_a.get(log_url(event, p=3))) == ["registration_create", "registration_create",
                                                      "registration_open"]


def test_event_log_page_query_count_does_not_grow_with_entries(client_a, day):
    event, _rnd, regs, *_ = day
    with CaptureQueriesContext(connection) as few:
        client_a.get(log_url(event))
    for reg in regs:
        services.registration_check_in(registration=reg, present=False)
        services.registration_fixed_table_set(registration=reg.pk, table=5)
    with CaptureQueriesContext(connection) as many:
        assert len(rows(client_a.get(log_url(event)))) == 19
    assert len(many.captured_queries) == len(few.captured_queries)


def test_event_log_export_csv_uses_semicolons_in_spanish(client_a, day):
    event, *_ = day
    entry = EventLogEntry.objects.get(event=event, action="match_result_correct")
    with translation.override("es-ar"):
        response = client_a.get(reverse("admin:tournaments_eventlogentry_event_export", args=[event.pk])
                                + "?ronda=1&mesa=1")
    assert response["Content-Disposition"] == 'attachment; filename="registro-fecha-palermo-2024-02-03.csv"'
    lines = response.content.decode("utf-8").splitlines()
    when = f"{timezone.localtime(entry.at):%d/%m/%Y %H:%M:%S}"
    assert lines[0] == "\ufeffCuándo;Quién;Acción;Ronda;Mesas;Sobre;Antes → después;Motivo"
    assert lines[1] == (f"{when};org_a;Resultado corregido;1;1;Ronda 1, mesa 1 · Milagros Núñez – Tomás Acosta;"
                        f"Mesa 1: 2-0 → 0-2 (Tomás Acosta gana);{REASON}")
    assert len(lines) == 3  # the correction and the first entry of table 1


def test_event_log_export_xlsx_keeps_the_round_a_number(client_a, day):
    event, *_ = day
    response = client_a.get(reverse("admin:tournaments_eventlogentry_event_export", args=[event.pk])
                            + "?ronda=1&mesa=2&formato=xlsx")
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Registro"]
    got = list(book.active.iter_rows(values_only=True))
    assert got[0] == ("Cuándo", "Quién", "Acción", "Ronda", "Mesas", "Sobre", "Antes → después", "Motivo")
    assert got[1][1:] == ("jueza", "Resultado cargado", 1, "2", "Ronda 1, mesa 2 · Lucía Fernández – Joaquín Peña",
                          "Mesa 2: 0-2 (Joaquín Peña gana)", None)
    assert len(got) == 2


def test_event_log_is_linked_from_the_day_panel_round_page_and_table_history(client_a, day):
    event, rnd, _regs, _judge, one = day
    page = client_a.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert f'href="{log_url(event)}" id="arena-event-log-link"' in page
    round_page = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk])).content.decode()
    assert f'href="{log_url(event)}?ronda=1" id="arena-round-log-link"' in round_page
    history = client_a.get(reverse("admin:tournaments_table_history", args=[one.pk])).content.decode()
    assert f'href="{log_url(event)}?ronda=1&amp;mesa=1" id="arena-table-log-link"' in history


def test_event_log_page_is_for_the_venue_s_organizers(client, day, organizer_b, venue_a):
    event, *_ = day
    client.force_login(organizer_b)
    assert client.get(log_url(event)).status_code == 404
    assert client.get(reverse("admin:tournaments_eventlogentry_event_export", args=[event.pk])).status_code == 404
    staff = UserFactory(username="sin_permisos", is_staff=True)
    venue_a.organizers.add(staff)
    client.force_login(staff)
    assert client.get(log_url(event)).status_code == 403
    client.logout()
    assert client.get(log_url(event)).status_code == 302  # to the login page


def test_event_log_list_of_every_event_reads_in_words_newest_first(client_a, day):
    event, *_ = day
    html = client_a.get(reverse("admin:tournaments_eventlogentry_changelist")).content.decode()
    body = html.split("<tbody>")[1]
    assert body.index("Resultado corregido") < body.index("Ronda cerrada") < body.index("Inscripción abierta")
    assert '<td class="field-change_text">Mesa 1: 2-0 → 0-2 (Tomás Acosta gana)</td>' in body
    assert f'<a href="{log_url(event)}">' in body


def test_event_log_list_query_count_does_not_grow_with_rows(client_a, day, venue_a):
    url = reverse("admin:tournaments_eventlogentry_changelist")
    with CaptureQueriesContext(connection) as few:
        client_a.get(url)
    other = EventFactory(venue=venue_a, name="Otra fecha")
    services.registration_open(event=other)
    for name in ("Ana", "Beto", "Carla"):
        services.registration_create(event=other, player=PlayerFactory(display_name=name, home_venue=venue_a))
    with CaptureQueriesContext(connection) as many:
        client_a.get(url)
    assert len(many.captured_queries) == len(few.captured_queries)


def test_event_log_page_in_english(client_a, day):
    event, *_ = day
    client_a.cookies["django_language"] = "en"  # what the language switch stores
    html = client_a.get(log_url(event)).content.decode()
    assert "Table 1: 2-0 → 0-2 (Tomás Acosta wins)" in html
