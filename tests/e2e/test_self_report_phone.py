"""Two players on 360 px phones report their match (issue #17 points 4 and 8; DESIGN.md decision 21).

1. Both report the same 2-1: the result is recorded and the public standings show it.
2. They report different results: the judge's «Reportes en conflicto» shows the table, the judge resolves it.

Each player has their own browser context (two phones). Playwright drives Debian's chromium
(tests/e2e/conftest.py).
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import UserFactory, player_account
from tests.tournaments.views.helpers import build_event
from tournaments.enums import ResultSource
from tournaments.models import ResultEntry, Table

from .conftest import PHONE
from .test_judge_results import seeded_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]
PASSWORD = "clave-de-jugador"


def _phone(browser):
    context = browser.new_context(viewport=PHONE, locale="es-AR", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _link(registration, username: str):
    return player_account(registration, username, email=f"{username}@example.com", password=PASSWORD)


def _sign_in(page, live_server, event, username: str) -> None:
    page.goto(live_server.url + reverse("me:event", args=[event.pk]))
    page.fill("input[name=username]", f"{username}@example.com")  # the player login takes the e-mail
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("#my-report")).to_be_visible()


def _report(page, label: str) -> None:
    """Tap a score, send, and confirm on the confirmation page."""
    box = page.locator("#my-report")
    details = box.locator("details")
    if details.count() and not details.get_attribute("open"):
        details.locator("summary").click()
    box.locator("label.pill", has_text=label).click()
    box.get_by_role("button", name="Enviar reporte").click()
    expect(page.locator("h1")).to_have_text("Confirmá tu reporte")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Sí, enviar mi reporte").click()


def _event_and_players(browser, live_server):
    event = build_event(4, names=NAMES, game=seeded_game(), self_reporting=True)
    match = Table.objects.get(
        round__event=event, table_number=1)
    _link(match.player_a, "jugador_a")
    _link(match.player_b, "jugador_b")
    phones = [_phone(browser), _phone(browser)]
    _sign_in(phones[0][1], live_server, event, "jugador_a")
    _sign_in(phones[1][1], live_server, event, "jugador_b")
    return event, match, phones


def test_two_phones_report_the_same_2_1_and_the_standings_show_it(live_server, settings, browser):
    """A taps «Gané 2-1», B taps «Perdí 1-2»: «Tu reporte: 2-1 · esperando al rival», then «Resultado
    registrado». The public standings (000_0014b2ac83da54b4.txt § "1- Puntaje total": a win is 1 point,
    a loss 0; § "5- Resultado en partidas": games won minus lost) show A with 1 point, 1 win, +1, and
    B with 0 points, 1 loss, −1; A is first (table 2 is still pending, so nobody else has a point)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event, match, ((ctx_a, a), (ctx_b, b)) = _event_and_players(browser, live_server)
    try:
        assert a.evaluate("document.documentElement.scrollWidth") <= 360
        _report(a, "Gané 2-1")
        expect(a.locator("#my-report")).to_contain_text("Tu reporte: 2-1 · esperando al rival")
        _report(b, "Perdí 1-2")
        expect(b.locator("ul.messages")).to_contain_text("Resultado registrado")
        assert b.evaluate("document.documentElement.scrollWidth") <= 360
        entry = ResultEntry.objects.get(table=match)
        assert (entry.games_a, entry.games_b, entry.source) == (2, 1, ResultSource.PLAYERS)

        a.goto(live_server.url + reverse("public:standings", args=[event.pk]))
        row_a = a.locator(f'#standings-table tr[data-registration="{match.player_a_id}"] td')
        row_b = a.locator(f'#standings-table tr[data-registration="{match.player_b_id}"] td')
        expect(row_a.nth(0)).to_have_text("1")
        expect(row_a.nth(3)).to_have_text("1")
        expect(row_a.nth(4)).to_have_text("1")
        expect(row_a.nth(9)).to_have_text("1")
        expect(row_b.nth(3)).to_have_text("0")
        expect(row_b.nth(6)).to_have_text("1")
        expect(row_b.nth(9)).to_have_text("-1")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_different_reports_reach_the_judges_queue_and_the_judge_resolves_it(live_server, settings, browser):
    """A taps «Gané 2-1», B taps «Gané 2-0»: both see «Los reportes no coinciden: un juez lo va a resolver»;
    the judge's «Reportes en conflicto» lists table 1 with both reports (A-B: 2-1 and 0-2); the judge opens
    it, saves 2-1, and A's phone then shows «Resultado registrado»."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event, match, ((ctx_a, a), (ctx_b, b)) = _event_and_players(browser, live_server)
    judge_user = UserFactory(username="jueza", password=PASSWORD)
    event.judges.add(judge_user)
    ctx_j, judge = _phone(browser)
    try:
        _report(a, "Gané 2-1")
        _report(b, "Gané 2-0")
        expect(b.locator("ul.messages")).to_contain_text("Los reportes no coinciden: un juez lo va a resolver")

        judge.goto(live_server.url + reverse("judge:tables", args=[event.pk]))
        judge.fill("input[name=username]", "jueza")
        judge.fill("input[name=password]", PASSWORD)
        judge.click("button[type=submit]")
        judge.get_by_role("link", name="Reportes en conflicto (1)").click()
        card = judge.locator('#report-queue li[data-table="1"]')
        expect(card).to_contain_text("no coinciden")
        name_a, name_b = match.player_a.player.display_name, match.player_b.player.display_name
        expect(card).to_contain_text(f"Reporte de {name_a}: {name_a} 2 – 1 {name_b}")
        expect(card).to_contain_text(f"Reporte de {name_b}: {name_a} 0 – 2 {name_b}")
        assert judge.evaluate("document.documentElement.scrollWidth") <= 360
        card.locator("a").click()
        expect(judge.locator("#player-reports")).to_be_visible()
        judge.get_by_role("button", name="Guardar resultado").click()
        expect(judge.locator("ul.messages")).to_contain_text("Mesa 1: resultado 2-1 guardado")
        entry = ResultEntry.objects.get(table=match)
        assert (entry.games_a, entry.games_b, entry.source) == (2, 1, ResultSource.JUDGE)

        a.reload()
        expect(a.locator("#my-report")).to_contain_text("Resultado registrado")
        expect(a.locator("#my-report")).to_contain_text("lo cargó un juez")
    finally:
        ctx_a.close()
        ctx_b.close()
        ctx_j.close()
