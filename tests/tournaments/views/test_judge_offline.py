"""The judge's result form answered in JSON, as the phone's offline queue sends it (issue #29 point 1).

The queue (``static/arena/offline_queue.js``) sends each kept result to the table's form with
``Accept: application/json``, an ``Idempotency-Key`` and the hidden fields the form was loaded with
(``expected_version``, ``table_id``, ``seated``). It must be saved exactly once however many times it
is sent, and a table changed meanwhile (saved by someone else, re-paired) must be refused with a
Spanish message naming the table and who plays there now: never overwritten, never duplicated. Also
the manifest and the service worker the judge pages install.
"""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ResultEntry, Table

from .test_judge import first_match, table_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def loaded(client, match: Table) -> dict:
    """The hidden fields of the form as the judge's page rendered it (what the queue keeps)."""
    form = client.get(table_url(match)).context["form"]
    return {name: form[name].value() for name in ("expected_version", "table_id", "seated")}


def send(client, url: str, hidden: dict, *, a=2, b=1, key="k-1", queued=True):
    data = {"games_a": a, "games_b": b, "games_drawn": 0, **hidden}
    headers = {"Accept": "application/json", "Idempotency-Key": key, "X-Arena-Queued": "1" if queued else "0"}
    return client.post(url, data, headers=headers)


def players(match: Table) -> str:
    return f"{match.player_a.player.display_name} vs {match.player_b.player.display_name}"


def test_form_carries_the_table_and_its_players(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    assert loaded(client, match) == {"expected_version": 0, "table_id": match.pk,
                                     "seated": f"{match.player_a_id},{match.player_b_id}"}


def test_a_result_sent_three_times_with_its_key_is_saved_once(client, event, judge,
                                                             django_capture_on_commit_callbacks):
    client.force_login(judge)
    match = first_match(event)
    hidden = loaded(client, match)
    answers = []
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):  # the answer is kept once the save commits
            answers.append(send(client, table_url(match), hidden))
    assert [r.status_code for r in answers] == [200, 200, 200]
    first = answers[0].json()
    assert first["status"] == "saved" and first["version"] == 1
    assert first["message"] == f"Mesa 1: resultado 2-1 guardado ({players(match)})."
    assert all(r.json() == first for r in answers[1:])  # the same answer for the repeated key
    assert ResultEntry.objects.filter(table=match).count() == 1
    match.refresh_from_db()
    assert (match.version, match.games_a, match.games_b) == (1, 2, 1)


def test_a_repeated_key_answers_what_it_saved_even_after_another_judge_changed_it(
        client, event, judge, other_judge, django_capture_on_commit_callbacks):
    client.force_login(judge)
    match = first_match(event)
    hidden = loaded(client, match)
    with django_capture_on_commit_callbacks(execute=True):
        saved = send(client, table_url(match), hidden).json()
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}], expected_version=1,
                                 entered_by=other_judge)
    again = send(client, table_url(match), hidden)
    assert (again.status_code, again.json()) == (200, saved)
    match.refresh_from_db()
    assert (match.version, match.games_a, match.games_b) == (2, 0, 2)  # the later result stands
    assert ResultEntry.objects.filter(table=match).count() == 2


def test_the_same_key_with_other_values_is_refused(client, event, judge, django_capture_on_commit_callbacks):
    client.force_login(judge)
    match = first_match(event)
    hidden = loaded(client, match)
    with django_capture_on_commit_callbacks(execute=True):
        send(client, table_url(match), hidden)
    other = send(client, table_url(match), hidden, a=0, b=2)
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency_key_reused"
    assert ResultEntry.objects.filter(table=match).count() == 1


def test_a_stale_version_is_a_conflict_with_the_result_saved_meanwhile(client, event, judge, other_judge):
    client.force_login(judge)
    match = first_match(event)
    hidden = loaded(client, match)
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}], expected_version=0,
                                 entered_by=other_judge)
    answer = send(client, table_url(match), hidden, key="k-2")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["status"], body["code"]) == ("conflict", "stale_result")
    assert body["message"].startswith("Otra persona (juez2) cargó esta mesa mientras editabas: 0-2.")
    match.refresh_from_db()
    assert (match.version, match.games_a, match.games_b) == (1, 0, 2)


def test_a_table_whose_players_changed_is_refused_by_name(client, event, judge):
    """The head judge swaps a player of table 1 with one of table 2 (R-000-64 pairing edits): same table row,
    same version 0, other players — the result the judge entered for the old pair must not land on them."""
    client.force_login(judge)
    one = first_match(event)
    two = Table.objects.get(round=one.round, table_number=2)
    hidden = loaded(client, one)
    services.pairing_swap(event=event, registration_a=one.player_b_id, registration_b=two.player_b_id,
                          confirm_warnings=True)
    one.refresh_from_db()
    answer = send(client, table_url(one), hidden)
    assert answer.status_code == 409
    assert answer.json()["code"] == "table_changed"
    assert answer.json()["message"] == (f"La mesa 1 se volvió a emparejar mientras tanto: ahora juegan "
                                        f"{players(one)}. Este resultado no se cargó; revisá la mesa.")
    assert not ResultEntry.objects.filter(table__round=one.round).exists()


def test_a_round_paired_again_refuses_the_old_tables_result(client, event, judge, organizer):
    """A re-pair (services.round_repair) replaces every table: table 1 exists again, but it is another row."""
    client.force_login(judge)
    old = first_match(event)
    hidden = loaded(client, old)
    services.round_repair(event=event, by=organizer)
    new = first_match(event)
    assert new.pk != old.pk
    answer = send(client, table_url(new), hidden)
    assert answer.status_code == 409
    assert answer.json()["code"] == "table_changed"
    assert answer.json()["message"].startswith(f"La mesa 1 se volvió a emparejar mientras tanto: ahora juegan "
                                               f"{players(new)}.")
    assert not ResultEntry.objects.filter(table__round__event=event).exists()


def test_a_table_number_gone_after_a_re_pair_is_a_404_conflict(client, event, judge, organizer):
    client.force_login(judge)
    match = first_match(event)
    hidden = loaded(client, match)
    gone = reverse("judge:table", args=[event.pk, 1, 99])
    answer = send(client, gone, hidden)
    assert answer.status_code == 404
    assert answer.json() == {"status": "refused", "code": "table_gone", "message":
                             "La mesa 99 de la ronda 1 ya no existe: la ronda se volvió a emparejar. "
                             "Este resultado no se cargó."}


def test_an_invalid_result_is_refused_with_the_form_error(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    answer = send(client, table_url(match), loaded(client, match), a=2, b=2)
    assert answer.status_code == 400
    assert answer.json()["status"] == "refused"
    assert not ResultEntry.objects.filter(table=match).exists()


def test_a_live_save_leaves_the_message_for_the_next_page_and_a_queued_one_does_not(client, event, judge):
    client.force_login(judge)
    one = first_match(event)
    two = Table.objects.get(round=one.round, table_number=2)
    hidden_one, hidden_two = loaded(client, one), loaded(client, two)  # (a page shows and uses up the messages)
    live = send(client, table_url(one), hidden_one, key="live", queued=False).json()
    send(client, table_url(two), hidden_two, key="queued", queued=True)
    page = client.get(live["next"]).content.decode()
    assert "Mesa 1: resultado 2-1 guardado" in page
    assert "Mesa 2: resultado" not in page


def test_manifest_and_service_worker(client):
    manifest = client.get(reverse("judge:manifest"))
    assert manifest["Content-Type"] == "application/manifest+json"
    data = json.loads(manifest.content)
    assert (data["name"], data["scope"], data["start_url"]) == ("Arena — jueces", "/juez/", "/juez/")
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200
    worker = client.get(reverse("judge:service_worker"))
    assert worker["Content-Type"].startswith("application/javascript")
    assert worker["Service-Worker-Allowed"] == "/juez/"
    assert "no-cache" in worker["Cache-Control"]
    body = worker.content.decode()
    assert "/static/arena/offline_queue.js" in body and '"/jsi18n/"' in body
    assert "{%" not in body and "{{" not in body
