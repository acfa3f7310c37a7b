"""A player's report kept on the phone while offline and sent later (issue #29 point 1).

The queue (``static/arena/offline_queue.js``) sends it confirmed (``confirmar=1``) with ``Accept:
application/json``, an ``Idempotency-Key`` and the table it was meant for (``table_id``, ``opponents``
from the form). Sent twice it counts once; for a table re-paired meanwhile it is refused naming the
player's table now, and never lands on another opponent (DESIGN.md decision 21: reports count when the
players of the table agree).
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import player_account
from tournaments import services
from tournaments.models import ResultEntry, Table, TableReport

from .helpers import build_event
from .test_reports_pages import table_one

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def kept(match: Table, me) -> dict:
    """What the form on «Mi torneo» carried when the player tapped «Gané 2-1»."""
    others = [seat.registration.player.player_number for seat in match.seat_list if seat.registration_id != me.pk]
    return {"score": "2-1-0", "confirmar": "1", "table_id": str(match.pk), "opponents": ",".join(others)}


def send(client, event, data: dict, key: str = "r-1"):
    return client.post(reverse("me:report", args=[event.pk]), data,
                       headers={"Accept": "application/json", "Idempotency-Key": key})


def test_a_report_sent_twice_counts_once(client, django_capture_on_commit_callbacks):
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    data = kept(match, match.player_a)
    with django_capture_on_commit_callbacks(execute=True):  # the answer is kept once the report commits
        first = send(client, event, data)
    second = send(client, event, data)
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() == {"status": "saved",
                                             "message": "Tu reporte: 2-1 · esperando al rival."}
    assert TableReport.objects.filter(table=match).count() == 1


def test_the_second_report_records_the_result_and_its_repeat_answers_the_same(client,
                                                                              django_capture_on_commit_callbacks):
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    user_b = player_account(match.player_b, "jug_b")
    services.table_report_submit(table=match, registration=match.player_b, by=user_b,
                                 seats=[{"registration": match.player_a_id, "games": 2},
                                        {"registration": match.player_b_id, "games": 1}])
    client.force_login(player_account(match.player_a, "jug_a"))
    data = kept(match, match.player_a)
    answers = []
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            answers.append(send(client, event, data).json())
    assert answers[0] == answers[1] == {"status": "saved",
                                        "message": "Resultado registrado: 2-1. Ambos reportaron lo mismo."}
    assert ResultEntry.objects.filter(table=match).count() == 1


def test_a_report_for_a_table_re_paired_meanwhile_is_refused_by_name(client):
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    other = Table.objects.get(round=match.round, table_number=2)
    client.force_login(player_account(match.player_a, "jug_a"))
    data = kept(match, match.player_a)
    services.pairing_swap(event=event, registration_a=match.player_b_id, registration_b=other.player_b_id,
                          confirm_warnings=True)
    now = other.player_b.player.display_name  # A's opponent now
    answer = send(client, event, data)
    assert answer.status_code == 409
    assert answer.json() == {"status": "conflict", "code": "table_changed", "message":
                             f"Tu mesa cambió mientras tanto: ahora es la mesa 1, con {now}. Tu reporte no se "
                             "envió; revisalo y volvé a reportar."}
    assert not TableReport.objects.filter(table__round=match.round).exists()


def test_a_report_after_the_judge_entered_the_result_is_a_conflict(client):
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}])
    client.force_login(player_account(match.player_a, "jug_a"))
    answer = send(client, event, kept(match, match.player_a))
    assert answer.status_code == 409
    assert answer.json()["code"] == "result_recorded"
    assert not TableReport.objects.filter(table=match).exists()


def test_the_online_form_still_asks_for_confirmation_first(client):
    """Without the JSON header (the page online), the first POST is the confirmation page, as before."""
    event = build_event(4, self_reporting=True)
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    data = {**kept(match, match.player_a)}
    del data["confirmar"]
    page = client.post(reverse("me:report", args=[event.pk]), data)
    assert page.status_code == 200 and "Confirmá tu reporte" in page.content.decode()
    assert not TableReport.objects.filter(table=match).exists()
