"""Self-reported results on the pages: «Mi torneo»'s report form and the judges' queue (issue #17 point 4).

DESIGN.md decision 21: "Self-reported results count when both players …
report the same result while the round is open; any disagreement goes to the
judges, and a judge's entry always wins." Who sits at table 1 is read from
the match row (round 1 is random from the recorded seed).
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory, player_account
from tournaments import services
from tournaments.enums import MatchStatus, ResultSource
from tournaments.models import ResultEntry, Table, TableReport

from .helpers import build_event

pytestmark = pytest.mark.django_db



def table_one(event) -> Table:
    rnd = event.rounds.order_by("-number").first()
    return Table.objects.get(round=rnd, table_number=1)


def report(client, event, score: str, *, confirm: bool = True, **extra):
    data = {"score": score, **extra}
    if confirm:
        data["confirmar"] = "1"
    return client.post(reverse("me:report", args=[event.pk]), data, follow=confirm)


def test_the_form_offers_the_judges_choices_only_with_self_reporting_on(client):
    """Best of three: the judge's presets 2-0, 2-1, 1-2, 0-2, 1-1, 1-0-1, 0-1-1 (tournaments/views/judge.py
    ``_presets``), seen from the player's side; an event with self-reporting off shows no form."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert 'id="my-report"' in body
    values = [part.split('"')[0] for part in body.split('name="score" value="')[1:]]
    assert values == ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "1-1-0", "1-0-1", "0-1-1"]
    assert "Gané 2-1" in body and "Perdí 1-2" in body and "Empate 1-1" in body
    off = build_event(4)
    client.force_login(player_account(table_one(off).player_a, "jug_off"))
    assert 'id="my-report"' not in client.get(reverse("me:event", args=[off.pk])).content.decode()


def test_best_of_one_offers_its_own_choices(client):
    """Best of one: win 1-0, loss 0-1, or a drawn game 0-0-1."""
    event = build_event(4, self_reporting=True, best_of=1)
    client.force_login(player_account(table_one(event).player_a, "jug_a"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    values = [part.split('"')[0] for part in body.split('name="score" value="')[1:]]
    assert values == ["1-0-0", "0-1-0", "0-0-1"]


def test_confirmation_then_waiting_then_recorded(client):
    """A «Gané 2-1»: first a confirmation page (nothing saved), then «Tu reporte: 2-1 · esperando al rival»;
    B «Perdí 1-2» → «Resultado registrado», the match 2-1 for A with source «players»."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    user_a, user_b = player_account(match.player_a, "jug_a"), player_account(match.player_b, "jug_b")
    client.force_login(user_a)
    confirm = report(client, event, "2-1-0", confirm=False)
    assert confirm.status_code == 200
    page = confirm.content.decode()
    assert f"Ganaste 2-1 contra {match.player_b.player.display_name}." in page
    assert "Sí, enviar mi reporte" in page
    assert not TableReport.objects.exists()
    body = report(client, event, "2-1-0").content.decode()
    assert "Tu reporte: 2-1 · esperando al rival" in body
    client.force_login(user_b)
    body = report(client, event, "1-2-0").content.decode()
    assert "Resultado registrado" in body
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status) == (2, 1, MatchStatus.REPORTED)
    assert ResultEntry.objects.get(table=match).source == ResultSource.PLAYERS
    assert 'name="score"' not in client.get(reverse("me:event", args=[event.pk])).content.decode()


def test_disagreement_reaches_the_judges_queue_and_the_judge_resolves_it(client):
    """A says «Gané 2-1», B says «Gané 2-0» (0-2 for A): «Los reportes no coinciden: un juez lo va a
    resolver»; the judge's «Reportes en conflicto» lists table 1 with both reports (A-B: 2-1 and 0-2), the
    form comes prefilled with a report, and the judge's 2-1 is recorded with source «judge»."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    user_a, user_b = player_account(match.player_a, "jug_a"), player_account(match.player_b, "jug_b")
    client.force_login(user_a)
    report(client, event, "2-1-0")
    client.force_login(user_b)
    body = report(client, event, "2-0-0").content.decode()
    assert "Los reportes no coinciden: un juez lo va a resolver" in body
    judge = UserFactory(username="juez")
    event.judges.add(judge)
    client.force_login(judge)
    tables = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert "Reportes en conflicto (1)" in tables
    queue = client.get(reverse("judge:tables", args=[event.pk]) + "?estado=reportes").content.decode()
    card = queue.split('id="report-queue"')[1].split("</ul>")[0]
    assert 'data-table="1"' in card and "no coinciden" in card
    row = tables.split('data-table="1"')[1].split("</li>")[0]
    assert "reportes distintos" in row  # the judges' main list marks it too
    a, b = match.player_a.player.display_name, match.player_b.player.display_name
    # Both lines name both players with their games: B's 0-2 reads as B's own win, not as A's.
    assert f"Reporte de {a}: <strong>{a} 2 – 1 {b}</strong>" in card
    assert f"Reporte de {b}: <strong>{a} 0 – 2 {b}</strong>" in card
    url = reverse("judge:table", args=[event.pk, 1, 1])
    form = client.get(url).content.decode()
    assert 'id="player-reports"' in form
    # Prefilled with player A's report (2-1): the radios 2 and 1 are the checked ones.
    assert re.search(r'<input[^>]*name="games_a" value="2"[^>]*checked', form)
    assert re.search(r'<input[^>]*name="games_b" value="1"[^>]*checked', form)
    saved = client.post(url, {"games_a": 2, "games_b": 1, "games_drawn": 0, "expected_version": 0})
    assert saved.status_code == 302
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (2, 1)
    assert ResultEntry.objects.get(table=match).source == ResultSource.JUDGE
    after = client.get(reverse("judge:tables", args=[event.pk]) + "?estado=reportes").content.decode()
    assert "No hay reportes en conflicto." in after
    client.force_login(user_b)
    refused = report(client, event, "1-2-0").content.decode()
    assert "ya tiene un resultado cargado" in refused


def test_reporting_for_a_closed_round_or_without_a_player_is_refused(client):
    """Anonymous → the login page; a user without a player number → 403; after the round closed → the
    service's Spanish refusal and nothing saved."""
    event = build_event(4, rounds=1, pending_last=False, self_reporting=True)
    url = reverse("me:report", args=[event.pk])
    anonymous = client.post(url, {"score": "2-1-0", "confirmar": "1"})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("accounts:login"))
    client.force_login(UserFactory(username="sin_numero"))
    assert client.post(url, {"score": "2-1-0", "confirmar": "1"}).status_code == 403
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    services.round_close(event=event)
    body = report(client, event, "2-1-0").content.decode()
    assert "La ronda ya está cerrada: no se pueden reportar resultados." in body
    assert not TableReport.objects.exists()


def test_reports_are_throttled_per_user(client, settings):
    """Issue #17 point 7: report endpoints throttled. At 2/min, the third POST within the minute is refused
    with ``Retry-After`` and nothing more is saved."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "report": "2/min"}}
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    url = reverse("me:report", args=[event.pk])
    for score in ("2-0-0", "2-1-0"):
        assert client.post(url, {"score": score, "confirmar": "1"}).status_code == 302
    third = client.post(url, {"score": "0-2-0", "confirmar": "1"})
    assert third.status_code == 302 and "Retry-After" in third
    report_row = TableReport.objects.get(table=match)
    assert (report_row.games_a, report_row.games_b) == (2, 1)


def test_pod_players_report_places_and_a_differing_seat_reaches_the_judges(client):
    """Pods (decision 21 "every seat"): the form asks each seat's place and stoner points; four seats report
    Ana 1st … Darío 4th, Eva reports herself 4th and Darío 5th → «Los reportes no coinciden», and the
    judges' «Reportes en conflicto» lists the pod with Eva's report."""
    from tests.tournaments.pods_helpers import stoner_event

    event, regs = stoner_event(self_reporting=True)
    services.round_pair_next(event=event)
    order = {"ana": (1, 25), "beto": (2, 20), "carla": (3, 13), "dario": (4, 5), "eva": (5, 1)}
    swapped = dict(order, dario=(5, 1), eva=(4, 5))
    users = {key: player_account(reg, f"pod_{key}") for key, reg in regs.items()}
    client.force_login(users["ana"])
    page = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert all(f'name="place_{reg.pk}"' in page and f'name="score_{reg.pk}"' in page for reg in regs.values())
    url = reverse("me:report", args=[event.pk])
    for key in ("ana", "beto", "eva"):
        client.force_login(users[key])
        places = swapped if key == "eva" else order
        data = {"confirmar": "1"}
        for other, (place, score) in places.items():
            data[f"place_{regs[other].pk}"] = place
            data[f"score_{regs[other].pk}"] = score
        body = client.post(url, data, follow=True).content.decode()
    assert "Los reportes no coinciden: un juez lo va a resolver" in body
    judge = UserFactory(username="juez_pods")
    event.judges.add(judge)
    client.force_login(judge)
    queue = client.get(reverse("judge:tables", args=[event.pk]) + "?estado=reportes").content.decode()
    card = queue.split('id="report-queue"')[1].split("</ul>")[0]
    assert 'data-table="1"' in card
    assert "Reporte de Eva Sánchez: 1.º Ana Núñez (25), 2.º Beto Gómez (20), 3.º Carla Ibáñez (13), " \
           "4.º Eva Sánchez (5), 5.º Darío Pérez (1)" in card


def test_the_judges_list_marks_a_table_with_one_report(client):
    """A pending table one player has reported shows «1 reporte: falta el del rival» on the judges' list;
    once both agree it is recorded and the mark is gone."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    judge = UserFactory(username="juez_lista")
    event.judges.add(judge)
    client.force_login(player_account(match.player_a, "jug_lista_a"))
    report(client, event, "2-1-0")
    client.force_login(judge)
    tables = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    rows = {row.split('data-table="')[1].split('"')[0]: row for row in tables.split("<li")[1:] if 'data-table="' in row}
    assert "1 reporte: falta el del rival" in rows["1"]
    assert all("1 reporte" not in row for number, row in rows.items() if number != "1")
    client.force_login(player_account(match.player_b, "jug_lista_b"))
    report(client, event, "1-2-0")
    client.force_login(judge)
    assert "1 reporte" not in client.get(reverse("judge:tables", args=[event.pk])).content.decode()
