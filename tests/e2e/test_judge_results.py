"""A judge on a 360 px phone records a result; the public standings follow without a reload.

Playwright drives Debian's chromium (tests/e2e/conftest.py installs it when
missing). The standings page polls its fragment every second here
(``ARENA_LIVE_POLL_SECONDS``), so the new order shows up within a couple
of seconds of the save.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from rules.models import Game
from tests.factories import UserFactory
from tests.tournaments.views.helpers import build_event
from tournaments import selectors
from tournaments.models import Table

# serialized_rollback: the flush after this transactional test must not take
# the games seeded by the data migrations away from the tests that follow.
# (It does not always restore them before this test — after another
# transactional test in some orders — hence ``seeded_game`` below.)
pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta"]


def seeded_game() -> Game:
    """The game row of the data migration, re-created if an earlier flush removed it."""
    game, _created = Game.objects.get_or_create(
        key="weed_monsters",
        defaults={"name": "Weed Monsters TCG", "players_per_match": 2, "default_best_of": 3,
                  "default_round_minutes": 50},
    )
    return game


def standings_names(page) -> list[str]:
    return page.locator("#standings-table tbody td.player a").all_inner_texts()


def test_judge_on_phone_records_result_and_standings_update_without_reload(
    live_server, transactional_db, settings, phone_page, desktop_page
):
    settings.ARENA_LIVE_POLL_SECONDS = 1
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = build_event(4, names=NAMES, game=seeded_game())
    judge = UserFactory(username="juez_mesa", password="clave-de-juez")
    event.judges.add(judge)
    table_one = Table.objects.get(
        round__event=event, table_number=1
    )
    name_a, name_b = table_one.player_a.player.display_name, table_one.player_b.player.display_name

    # The public standings, open on another screen: everyone on 0 points.
    standings = desktop_page
    standings.goto(live_server.url + reverse("public:standings", args=[event.pk]))
    before = standings_names(standings)
    assert sorted(before) == sorted(NAMES)
    # The table-1 player listed lower wins 2-0 and must climb to the top.
    winner_is_a = before.index(name_a) > before.index(name_b)
    winner = name_a if winner_is_a else name_b
    assert before[0] != winner
    standings.evaluate("window.__arenaNoReload = true")

    # The judge, on a phone: sign in, open table 1, tap 2-0 for the winner, save.
    phone = phone_page
    phone.goto(live_server.url + reverse("judge:tables", args=[event.pk]))
    expect(phone.locator("h1")).to_have_text("Ingresar")
    phone.fill("input[name=username]", "juez_mesa")
    phone.fill("input[name=password]", "clave-de-juez")
    phone.click("button[type=submit]")
    expect(phone.locator("#tables")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.locator("#tables a", has_text=name_a).click()
    expect(phone.locator("h1")).to_have_text("Mesa 1 · Ronda 1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.click(f'label.pill:has(input[name="games_a"][value="{2 if winner_is_a else 0}"])')
    phone.click(f'label.pill:has(input[name="games_b"][value="{0 if winner_is_a else 2}"])')
    phone.click("text=Guardar resultado")
    expect(phone.locator(".messages .success")).to_contain_text("Mesa 1: resultado")
    # back on the pending tables: the one just saved is no longer listed, the others are
    expect(phone.locator("#tables li", has_text=name_a)).to_have_count(0)
    expect(phone.locator("#tables li").first).to_be_visible()
    phone.goto(f"{phone.url.split('?')[0]}?estado=con-resultado")
    expect(phone.locator("#tables li", has_text=name_a)).to_contain_text("cargado")

    # The standings page changes by itself: the winner is now first, no reload.
    expect(standings.locator("#standings-table tbody tr").first).to_contain_text(winner, timeout=10_000)
    assert standings.evaluate("window.__arenaNoReload") is True
    assert standings_names(standings)[0] == winner
    assert [row.display_name for row in selectors.standing_rows(event)][0] == winner
    match = Table.objects.get(pk=table_one.pk)
    assert match.entries.get().entered_by == judge
