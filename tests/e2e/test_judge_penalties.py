"""A judge on a 360 px phone looks up a ruling, records penalties at a table, and a
third warning disqualifies the player — visible on the public standings.

Playwright drives Debian's chromium (tests/e2e/conftest.py). Transactional:
the flush removes the migration-seeded rows, so the game row, the users
and the event are created here (``tests.factories.game``). Set
``ARENA_SCREENSHOTS=<dir>`` to keep screenshots of the phone pages.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import UserFactory, game
from tests.tournaments.views.helpers import build_event
from tournaments import penalties
from tournaments.models import MatchRuling, Penalty, Registration, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]
THIRD = ("Tercera advertencia del día: pierde la partida en curso y queda descalificado "
         "(Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces)")


def fits_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def shot(page, name: str) -> None:
    folder = os.environ.get("ARENA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def record(phone, player: str, infraction: str) -> None:
    """Fill the penalty form, ask for the decision (nothing is recorded yet)."""
    phone.locator("#penalty-form .choices label", has_text=player).click()
    phone.select_option("#id_infraction", infraction)
    phone.click("button[name=action][value=preview]")
    expect(phone.locator("#decision")).to_be_visible()


def test_judge_on_phone_looks_up_a_ruling_and_a_third_warning_disqualifies(
    live_server, transactional_db, settings, phone_page, desktop_page
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = build_event(4, names=NAMES, game=game())
    judge = UserFactory(username="juez_mesa", password="clave-de-juez")
    event.judges.add(judge)
    table = Table.objects.get(
        round__event=event, table_number=1)
    offender = table.player_a
    name = offender.player.display_name
    table_url = live_server.url + reverse("judge:table", args=[event.pk, 1, 1])

    # Sign in on the phone and open table 1.
    phone = phone_page
    phone.goto(table_url)
    expect(phone.locator("h1")).to_have_text("Ingresar")
    phone.fill("input[name=username]", "juez_mesa")
    phone.fill("input[name=password]", "clave-de-juez")
    phone.click("button[type=submit]")
    expect(phone.locator("h1")).to_have_text("Mesa 1 · Ronda 1")

    # Look up a ruling without accents and attach it to the table.
    phone.get_by_role("link", name="Resolución", exact=True).click()
    expect(phone.locator("h1")).to_have_text("Resolución · Mesa 1 · Ronda 1")
    phone.fill("input[name=q]", "orden de ejecucion")
    phone.press("input[name=q]", "Enter")
    ruling = phone.locator('[data-ruling="wm.priority.resolution_order"]')
    expect(ruling).to_contain_text("Black Jack anula Quemaduras")
    expect(ruling).to_contain_text(
        "Reglamento Weed Monsters (06/09/2024) § ¿En qué orden ocurre la ejecución de las cartas?"
    )
    assert fits_phone(phone)
    shot(phone, "rulings-360")
    ruling.locator("input[name=note]").fill("Cadena de 3 cartas")
    ruling.locator("button", has_text="Adjuntar a la mesa").click()
    expect(phone.locator("h1")).to_have_text("Mesa 1 · Ronda 1")
    expect(phone.locator("#table-rulings")).to_contain_text("¿En qué orden se ejecutan las cartas jugadas")
    expect(phone.locator("#table-rulings")).to_contain_text("Cadena de 3 cartas")
    assert MatchRuling.objects.get().given_by == judge

    # A first warning at the table: preview, then confirm.
    phone.get_by_role("link", name="Penalidad", exact=True).click()
    expect(phone.locator("h1")).to_have_text("Penalidad · Mesa 1 · Ronda 1")
    assert fits_phone(phone)
    shot(phone, "penalty-form-360")
    record(phone, name, "procedural_no_draw")
    expect(phone.locator("#decision .headline")).to_have_text("Warning")
    phone.click("text=Confirmar penalidad")
    expect(phone.locator(".messages .success")).to_contain_text(f"Penalidad registrada — {name}: Warning.")
    assert Penalty.objects.get().issued_by == judge

    # Another judge gave a second warning meanwhile.
    penalties.penalty_issue(registration=Registration.objects.get(pk=offender.pk), infraction_code="play_area")

    # The third warning: the page shows the escalation before confirming.
    phone.goto(table_url)
    expect(phone.locator("h1")).to_have_text("Mesa 1 · Ronda 1")
    phone.get_by_role("link", name="Penalidad", exact=True).click()
    expect(phone.locator("h1")).to_have_text("Penalidad · Mesa 1 · Ronda 1")  # the form, loaded, before filling it
    record(phone, name, "procedural_no_shuffle")
    expect(phone.locator("#decision .headline")).to_have_text(THIRD)
    expect(phone.locator("#decision")).to_contain_text("Warnings en la fecha: 2 antes, 3 con esta")
    assert fits_phone(phone)
    shot(phone, "penalty-third-warning-360")
    assert not Registration.objects.get(pk=offender.pk).disqualified  # nothing recorded before confirming
    phone.click("text=Confirmar penalidad")
    expect(phone.locator(".messages .success")).to_contain_text(THIRD)
    expect(phone.locator("#decision")).to_contain_text("Esta inscripción tiene una descalificación de la fecha.")
    assert Registration.objects.get(pk=offender.pk).disqualified
    assert fits_phone(phone)
    shot(phone, "penalty-detail-360")

    # The public standings mark the player.
    desktop_page.goto(live_server.url + reverse("public:standings", args=[event.pk]))
    row = desktop_page.locator(f'#standings-table tr[data-registration="{offender.pk}"]')
    expect(row).to_contain_text(name)
    expect(row).to_contain_text("descalificación")
    table.refresh_from_db()
    assert (table.games_a, table.games_b) == (0, 2)
