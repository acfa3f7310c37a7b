"""A player's own report survives the venue's network dropping (issue #29 point 1), on 360 px phones.

A's phone loses the network with «Mi torneo» open: A taps «Gané 2-1», confirms on the phone, and the
report waits there («1 reporte sin enviar»). B reports «Perdí 1-2» online. When A's network is back
the report is sent by itself, confirmed, once: both agree, so the result is recorded exactly once
(DESIGN.md decision 21: self-reported results count when both players report the same).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.enums import ResultSource
from tournaments.models import ResultEntry, TableReport

from .test_self_report_phone import _event_and_players, _report

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_report_confirmed_offline_is_sent_once_when_the_network_returns(live_server, settings, browser):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event, match, ((ctx_a, a), (ctx_b, b)) = _event_and_players(browser, live_server)
    try:
        ctx_a.set_offline(True)
        box = a.locator("#my-report")
        box.locator("label.pill", has_text="Gané 2-1").click()
        asked = []
        a.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        box.get_by_role("button", name="Enviar reporte").click()
        expect(a.locator(".kept-offline")).to_contain_text("tu reporte quedó guardado en este teléfono")
        assert asked and asked[0].startswith("Sin conexión. ¿Confirmás este reporte?")
        expect(a.locator("#offline-queue .pending-count")).to_contain_text("1 reporte sin enviar")
        expect(a.locator("#offline-queue li.pending")).to_contain_text(
            f"Mesa 1 · {match.player_b.player.display_name}")
        assert a.evaluate("document.documentElement.scrollWidth") <= 360
        assert not TableReport.objects.filter(table=match).exists()

        _report(b, "Perdí 1-2")
        expect(b.locator("ul.messages")).to_contain_text("Tu reporte: 1-2 · esperando al rival")

        ctx_a.set_offline(False)
        expect(a.locator("#offline-queue li.sent")).to_contain_text(
            "Resultado registrado: 2-1. Ambos reportaron lo mismo.")
        expect(a.locator("#offline-queue")).not_to_contain_text("sin enviar")
        a.reload()
        expect(a.locator("#my-report")).to_contain_text("Resultado registrado")
        entry = ResultEntry.objects.get(table=match)
        assert (entry.games_a, entry.games_b, entry.source, entry.version) == (2, 1, ResultSource.PLAYERS, 1)
        assert TableReport.objects.filter(table=match, registration=match.player_a).count() == 1
    finally:
        ctx_a.close()
        ctx_b.close()
