"""The clock on the judge pages and the admin day panel; a table's extra time (issue #13 item 5).

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas" —
R-000-76 (50 minutes), R-000-79 (then 3 extra turns each).
"""
from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import UserFactory
from tests.tournaments.pods_helpers import stoner_event
from tournaments import documents, services
from tournaments.models import EventLogEntry, Table
from tournaments.pdf import ResultSlipsRenderer

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

TIME_UP = "Tiempo cumplido: turnos adicionales (3)"


def table_one(event) -> Table:
    return Table.objects.get(round__event=event, round__number=1, table_number=1)


def table_url(event, name: str = "judge:table") -> str:
    return reverse(name, args=[event.pk, 1, 1])


def hhmm(when: datetime.datetime) -> str:
    return timezone.localtime(when).strftime("%H:%M")


def start_clock_minutes_ago(event, ago: int):
    rnd = event.rounds.get()
    rnd.clock_started_at = timezone.now() - datetime.timedelta(minutes=ago)
    rnd.save(update_fields=["clock_started_at"])
    return rnd


def test_judge_tables_page_offers_to_start_the_clock(client, event, judge):
    client.force_login(judge)
    html = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert "Iniciar reloj" in html
    assert "50:00" in html and "sin iniciar" in html


def test_judge_starts_pauses_and_resumes_from_the_tables_page(client, event, judge):
    client.force_login(judge)
    tables = reverse("judge:tables", args=[event.pk])
    for action, button_after in (("iniciar", "Pausar reloj"), ("pausar", "Reanudar reloj"),
                                 ("reanudar", "Pausar reloj")):
        response = client.post(reverse("clock:control", args=[event.pk, action]), {"next": tables}, follow=True)
        assert response.redirect_chain[-1][0] == tables
        assert button_after in response.content.decode()
    actions = list(EventLogEntry.objects.filter(event=event, actor=judge).values_list("action", flat=True))
    assert actions == ["round_clock_start", "round_clock_pause", "round_clock_resume"]


def test_judge_tables_page_shows_the_round_end_fifty_minutes_after_the_start(client, event, judge):
    rnd = start_clock_minutes_ago(event, 10)
    client.force_login(judge)
    html = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert f"La ronda termina a las {hhmm(rnd.clock_started_at + datetime.timedelta(minutes=50))}" in html


def test_judge_adds_five_minutes_and_the_table_ends_five_minutes_after_the_round(client, event, judge):
    rnd = start_clock_minutes_ago(event, 10)
    client.force_login(judge)
    response = client.post(table_url(event, "judge:table_time"), {"minutes": "5", "reason": "Revisión de mazo"},
                           follow=True)
    round_end = rnd.clock_started_at + datetime.timedelta(minutes=50)
    table_end = round_end + datetime.timedelta(minutes=5)
    html = response.content.decode()
    assert f"Mesa 1: 5 minutos más (tiempo extra total: 5 min). Termina a las {hhmm(table_end)}." in html
    assert f"termina a las {hhmm(table_end)}" in html
    assert f"la ronda, a las {hhmm(round_end)}" in html
    tables = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert "+5 min" in tables and f"termina a las {hhmm(table_end)}" in tables
    assert table_one(event).extra_minutes == 5


def test_judge_table_page_refuses_minutes_out_of_range_with_the_reason(client, event, judge):
    client.force_login(judge)
    response = client.post(table_url(event, "judge:table_time"), {"minutes": "45", "reason": "Consulta"},
                           follow=True)
    assert "El tiempo extra va de 1 a 30 minutos enteros." in response.content.decode()
    assert table_one(event).extra_minutes == 0


def test_table_time_is_refused_to_a_user_who_does_not_judge_the_event(client, event, plain_user):
    client.force_login(plain_user)
    response = client.post(table_url(event, "judge:table_time"), {"minutes": "5", "reason": "Consulta"})
    assert response.status_code == 403
    assert table_one(event).extra_minutes == 0


def test_table_page_shows_extra_turns_once_the_tables_own_time_is_over(client, event, judge):
    # 53 minutes ago: the round's 50 minutes are over, table 1's 50 + 5 are not.
    start_clock_minutes_ago(event, 53)
    services.match_time_extend(match=table_one(event), minutes=5, reason="Consulta de reglas", by=judge)
    client.force_login(judge)
    assert TIME_UP not in client.get(table_url(event)).content.decode()
    other = client.get(reverse("judge:table", args=[event.pk, 1, 2])).content.decode()
    assert TIME_UP in other
    # 56 minutes after the start, table 1's time is over too.
    start_clock_minutes_ago(event, 56)
    assert TIME_UP in client.get(table_url(event)).content.decode()


def test_admin_day_panel_shows_the_clock_and_links_to_the_projector(client, event):
    admin_user = UserFactory(username="admin_reloj", is_staff=True, is_superuser=True)
    rnd = start_clock_minutes_ago(event, 10)
    client.force_login(admin_user)
    html = client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert 'id="arena-clock" data-state="running"' in html
    assert "en marcha" in html
    assert f"termina a las {hhmm(rnd.clock_started_at + datetime.timedelta(minutes=50))}" in html
    assert f'href="{reverse("clock:page", args=[event.pk])}"' in html
    assert "Abrir el reloj (proyector)" in html


def test_admin_event_form_offers_clock_on_pairing(client, event):
    admin_user = UserFactory(username="admin_reloj2", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    html = client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert 'name="clock_starts_on_pairing"' in html
    assert "Iniciar el reloj al emparejar" in html


def test_result_slip_shows_the_tables_extra_minutes(event, judge):
    services.match_time_extend(match=table_one(event), minutes=5, reason="Revisión de mazo", by=judge)
    sheet = documents.slip_sheet(event.rounds.get())
    assert [slip.extra_minutes for slip in sheet.slips] == [5, 0, 0, 0]
    pages = PdfReader(io.BytesIO(ResultSlipsRenderer().render(sheet).content)).pages
    text = pages[0].extract_text()
    assert text.count("Tiempo extra de la mesa: +5 min") == 1


def test_pods_judge_page_has_the_clock_buttons_too(client, judge):
    pods_event, _regs = stoner_event()
    pods_event.judges.add(judge)
    services.round_pair_next(event=pods_event)
    client.force_login(judge)
    tables = reverse("judge:tables", args=[pods_event.pk])
    assert "Iniciar reloj" in client.get(tables).content.decode()
    response = client.post(reverse("clock:control", args=[pods_event.pk, "iniciar"]), {"next": tables}, follow=True)
    assert "Pausar reloj" in response.content.decode()


def test_a_pod_table_takes_extra_time_and_ends_by_time_without_the_duels_extra_turns(client, judge):
    """A judge gives a pod table extra minutes as any table (issue #13 item 5: a judge's ruling, at most 30 at a
    time). When its time is up the page says the table ends by time, not the 3 extra turns of
    000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas", which 004's pods do not have."""
    pods_event, _regs = stoner_event()
    pods_event.judges.add(judge)
    rnd = services.round_pair_next(event=pods_event)
    pod = rnd.tables.get(table_number=1)
    client.force_login(judge)
    page = reverse("judge:table", args=[pods_event.pk, 1, 1])
    assert "Agregar tiempo a esta mesa" in client.get(page).content.decode()
    response = client.post(reverse("judge:table_time", args=[pods_event.pk, 1, 1]),
                           {"minutes": "5", "reason": "Revisión de mazo"}, follow=True)
    assert "Mesa 1: 5 minutos más (tiempo extra total: 5 min)." in response.content.decode()
    pod.refresh_from_db()
    assert pod.extra_minutes == 5
    # The round's minutes and the table's 5 more are over.
    rnd.clock_started_at = timezone.now() - datetime.timedelta(minutes=pods_event.round_minutes + 6)
    rnd.save(update_fields=["clock_started_at"])
    html = client.get(page).content.decode()
    assert "Tiempo cumplido: la mesa termina por tiempo." in html
    assert TIME_UP not in html
