"""Judges keep working when the venue's network drops (issue #29 point 1), on a 360 px phone.

The judge opens the round's tables once with the network up: the judge pages' service worker keeps
them and each table's form. With the network cut (``context.set_offline``), three results are entered
from the kept forms: each waits on the phone (IndexedDB) and the page says «3 resultados sin
enviar». When the network is back they are sent by themselves, oldest first, and each is saved
exactly once (one history entry, version 1). If the head judge re-paired a table meanwhile, its
result is not saved: it comes back as a conflict named by the table and its players.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_judge_results import seeded_game
from tests.factories import UserFactory
from tests.tournaments.views.helpers import build_event
from tournaments import services
from tournaments.models import Penalty, ResultEntry, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta", "Valentina Ruiz",
         "Santiago Gómez", "Camila Herrera"]
#: What the judge enters at tables 1, 2 and 3 (games of side A, side B).
SCORES = {1: (2, 0), 2: (2, 1), 3: (0, 2)}


def _players(table: Table) -> str:
    return f"{table.player_a.player.display_name} vs {table.player_b.player.display_name}"


def _judge_ready(settings, phone, live_server):
    """Seven players (three tables and a bye), a judge signed in on the phone with the tables kept offline."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = build_event(7, names=NAMES, game=seeded_game())
    judge = UserFactory(username="juez_mesa", password="clave-de-juez")
    event.judges.add(judge)
    tables = {t.table_number: t for t in Table.objects.filter(round__event=event, is_bye=False)}
    assert sorted(tables) == [1, 2, 3]
    tables_url = live_server.url + reverse("judge:tables", args=[event.pk])
    phone.goto(tables_url)
    phone.fill("input[name=username]", "juez_mesa")
    phone.fill("input[name=password]", "clave-de-juez")
    phone.click("button[type=submit]")
    expect(phone.locator("#tables")).to_be_visible()
    # The worker kept the list and the three tables' forms.
    expect(phone.locator("#offline-queue .cached")).to_contain_text("4 páginas de mesas disponibles sin conexión")
    assert phone.evaluate("navigator.serviceWorker.controller !== null")
    return event, judge, tables


def _enter_offline(phone, live_server, event, tables) -> None:
    """With the network cut, enter SCORES at the three tables from the kept forms."""
    phone.context.set_offline(True)
    for number, (a, b) in SCORES.items():
        phone.goto(live_server.url + reverse("judge:table", args=[event.pk, 1, number]))
        expect(phone.locator("h1")).to_have_text(f"Mesa {number} · Ronda 1")
        phone.click(f'label.pill:has(input[name="games_a"][value="{a}"])')
        phone.click(f'label.pill:has(input[name="games_b"][value="{b}"])')
        phone.click("text=Guardar resultado")
        expect(phone.locator(".kept-offline")).to_contain_text(f"el resultado de la mesa {number} quedó guardado")
        count = f"{number} resultado sin enviar" if number == 1 else f"{number} resultados sin enviar"
        expect(phone.locator("#offline-queue .pending-count")).to_have_text(count + " Enviar ahora")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    expect(phone.locator("#offline-queue .offline-now")).to_contain_text("Sin conexión")
    assert not ResultEntry.objects.filter(table__round__event=event).exists()


def test_three_results_entered_offline_are_saved_once_when_the_network_returns(
    live_server, transactional_db, settings, phone_page
):
    phone = phone_page
    event, judge, tables = _judge_ready(settings, phone, live_server)
    _enter_offline(phone, live_server, event, tables)
    phone.goto(live_server.url + reverse("judge:tables", args=[event.pk]))  # the kept copy: all pending
    expect(phone.locator("#tables .badge-pending")).to_have_count(3)

    phone.context.set_offline(False)  # the "online" event sends the queue
    expect(phone.locator("#offline-queue li.sent")).to_have_count(3)
    expect(phone.locator("#offline-queue")).not_to_contain_text("sin enviar")
    # The list is read again once they are saved: each table shows its score, none «pendiente».
    for number, (a, b) in SCORES.items():
        expect(phone.locator(f'#tables li[data-table="{number}"] .score')).to_have_text(f"{a}-{b}")
    expect(phone.locator("#tables .badge-pending")).to_have_count(0)
    sent = phone.locator("#offline-queue li.sent").all_inner_texts()
    assert [line.split(":")[1].strip() for line in sent] == ["Mesa 1", "Mesa 2", "Mesa 3"]  # oldest first

    # Every page load sends the queue again: nothing is left, nothing saved twice.
    phone.reload()
    expect(phone.locator("#offline-queue li.sent")).to_have_count(0)
    for number, (a, b) in SCORES.items():
        table = Table.objects.get(pk=tables[number].pk)
        entries = list(ResultEntry.objects.filter(table=table))
        assert len(entries) == 1, number
        assert (table.version, entries[0].version) == (1, 1)
        assert (table.games_a, table.games_b) == (a, b)
        assert entries[0].entered_by == judge
    assert phone.evaluate("""() => new Promise(done => {
        const open = indexedDB.open("arena-offline");
        open.onsuccess = () => { const all = open.result.transaction("results").objectStore("results").getAll();
                                 all.onsuccess = () => done(all.result.length); };
    })""") == 0


def test_a_table_re_paired_meanwhile_comes_back_as_a_conflict_by_name(
    live_server, transactional_db, settings, phone_page
):
    phone = phone_page
    event, _judge, tables = _judge_ready(settings, phone, live_server)
    seen = _players(tables[3])
    _enter_offline(phone, live_server, event, tables)

    # Meanwhile the head judge re-pairs table 3: its side A takes the bye, the bye's player sits there.
    head = UserFactory(username="juez_principal")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    services.pairing_bye_give(event=event, registration=tables[3].player_a_id, by=head, confirm_warnings=True)
    now = Table.objects.get(pk=tables[3].pk)
    assert _players(now) != seen

    phone.context.set_offline(False)
    expect(phone.locator("#offline-queue li.sent")).to_have_count(2)
    conflict = phone.locator("#offline-queue li.conflict")
    expect(conflict).to_have_count(1)
    expect(conflict).to_contain_text(f"Mesa 3 · {seen}")
    expect(conflict).to_contain_text(f"La mesa 3 se volvió a emparejar mientras tanto: ahora juegan {_players(now)}")
    expect(phone.locator("#offline-queue")).not_to_contain_text("sin enviar")

    for number in (1, 2):
        table = Table.objects.get(pk=tables[number].pk)
        assert ResultEntry.objects.filter(table=table).count() == 1
        assert (table.version, table.games_a, table.games_b) == (1, *SCORES[number])
    now.refresh_from_db()
    assert (now.version, now.status) == (0, "pending")
    assert not ResultEntry.objects.filter(table=now).exists()

    # The conflict is never sent again by itself; the judge dismisses it after looking at the table.
    phone.reload()
    expect(phone.locator("#offline-queue li.conflict")).to_have_count(1)
    phone.locator("#offline-queue li.conflict button", has_text="Descartar").click()
    expect(phone.locator("#offline-queue li.conflict")).to_have_count(0)
    assert not ResultEntry.objects.filter(table=now).exists()


def test_a_penalty_without_network_stays_a_draft_and_is_issued_only_online(
    live_server, transactional_db, settings, phone_page
):
    """The ladder needs the server's record (R-000-97), so a penalty is never issued from the phone alone."""
    phone = phone_page
    event, judge, tables = _judge_ready(settings, phone, live_server)
    offender = tables[1].player_a.player.display_name
    penalty_url = live_server.url + reverse("judge:penalty_new", args=[event.pk, 1, 1])
    phone.goto(penalty_url)
    expect(phone.locator("h1")).to_have_text("Penalidad · Mesa 1 · Ronda 1")

    phone.context.set_offline(True)
    phone.locator("#penalty-form .choices label", has_text=offender).click()
    phone.select_option("#id_infraction", "procedural_no_draw")
    phone.fill("#id_notes", "No robó al empezar el turno")
    phone.click("button[name=action][value=preview]")
    expect(phone.locator(".kept-offline")).to_contain_text("la penalidad de la mesa 1 quedó como borrador")
    expect(phone.locator("#offline-queue li.draft")).to_contain_text(f"Penalidad · Mesa 1 · {_players(tables[1])}")

    phone.context.set_offline(False)
    phone.goto(live_server.url + reverse("judge:tables", args=[event.pk]))
    expect(phone.locator("#offline-queue li.draft")).to_have_count(1)  # a draft is never sent by itself
    assert not Penalty.objects.exists()

    phone.locator("#offline-queue li.draft a", has_text="Abrir el borrador").click()
    expect(phone.locator("#id_notes")).to_have_value("No robó al empezar el turno")
    expect(phone.locator("#id_infraction")).to_have_value("procedural_no_draw")
    phone.click("button[name=action][value=preview]")
    expect(phone.locator("#decision .headline")).to_have_text("Warning")
    phone.click("text=Confirmar penalidad")
    expect(phone.locator(".messages .success")).to_contain_text(f"Penalidad registrada — {offender}: Warning.")
    penalty = Penalty.objects.get()
    assert (penalty.issued_by, penalty.registration_id) == (judge, tables[1].player_a_id)
    expect(phone.locator("#offline-queue li.draft")).to_have_count(0)
