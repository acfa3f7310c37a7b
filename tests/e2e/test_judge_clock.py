"""A judge on a 360 px phone starts the round clock and gives one table 5 more minutes.

The round lasts 50 minutes (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de
las Rondas Suizas", R-000-76), so table 1 must end 55 minutes after the
clock started, 5 minutes after the round; its 3 extra turns each (R-000-79)
begin only then. Playwright drives Debian's chromium (tests/e2e/conftest.py).
"""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.tournaments.views.helpers import build_event
from tournaments.models import EventLogEntry, Round, Table

from .test_judge_results import seeded_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]


def hhmm(when: datetime.datetime) -> str:
    return timezone.localtime(when).strftime("%H:%M")


def test_judge_on_phone_starts_the_clock_and_adds_five_minutes_to_a_table(live_server, settings, phone_page):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = build_event(4, names=NAMES, game=seeded_game())
    judge = UserFactory(username="juez_reloj", password="clave-de-juez")
    event.judges.add(judge)
    table_one = Table.objects.get(round__event=event, table_number=1)

    phone = phone_page
    phone.goto(live_server.url + reverse("judge:tables", args=[event.pk]))
    phone.fill("input[name=username]", "juez_reloj")
    phone.fill("input[name=password]", "clave-de-juez")
    phone.click("button[type=submit]")
    expect(phone.locator("#round-clock")).to_contain_text("sin iniciar")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    # Start the clock from the tables page.
    phone.click("text=Iniciar reloj")
    expect(phone.locator("#round-clock")).to_have_attribute("data-state", "running")
    expect(phone.locator("#round-clock")).to_contain_text("Pausar reloj")
    rnd = Round.objects.get(event=event)
    assert rnd.clock_started_at is not None
    round_end = rnd.clock_started_at + datetime.timedelta(minutes=50)
    table_end = round_end + datetime.timedelta(minutes=5)
    expect(phone.locator("#round-ends")).to_have_text(f"La ronda termina a las {hhmm(round_end)}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    # Open table 1 and give it 5 minutes.
    phone.locator("#tables a", has_text=table_one.player_a.player.display_name).click()
    expect(phone.locator("h1")).to_have_text("Mesa 1 · Ronda 1")
    phone.click("text=Agregar tiempo a esta mesa")
    phone.fill("input[name=minutes]", "5")
    phone.fill("input[name=reason]", "Revisión de mazo")
    phone.click("button:has-text('Agregar tiempo')")
    expect(phone.locator(".messages .success")).to_contain_text(
        f"Mesa 1: 5 minutos más (tiempo extra total: 5 min). Termina a las {hhmm(table_end)}."
    )
    expect(phone.locator("#table-ends")).to_have_text(f"termina a las {hhmm(table_end)}")
    expect(phone.locator("#table-clock")).to_contain_text(f"la ronda, a las {hhmm(round_end)}")
    expect(phone.locator("#table-clock")).not_to_contain_text("Tiempo cumplido")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    # Back on the tables page: table 1 shows its own end time, 5 minutes after the round's.
    phone.click("text=Todas las mesas")
    row = phone.locator("#tables li[data-table='1']")
    expect(row).to_contain_text("+5 min")
    expect(row.locator("[data-table-ends]")).to_have_text(f"termina a las {hhmm(table_end)}")
    expect(phone.locator("#round-ends")).to_have_text(f"La ronda termina a las {hhmm(round_end)}")

    assert Table.objects.get(pk=table_one.pk).extra_minutes == 5
    grant = EventLogEntry.objects.get(event=event, action="match_time_extend")
    assert (grant.actor, grant.reason, grant.after) == (judge, "Revisión de mazo", {"extra_minutes": 5, "added": 5})
