"""The event log: every state change through the services is one entry; read-only in the API and admin."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tournaments import services
from tournaments.models import EventLogEntry

from .conftest import first_table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def log_url(event):
    return reverse("tournaments_api:event-log", args=[event.pk])


def test_each_state_change_is_logged_with_who_before_and_after(event, organizer, judge):
    rnd = services.round_pair_next(event=event, by=organizer)
    match = first_table(rnd)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}], entered_by=judge)
    services.table_result_record(
        table=match,
        seats=[{"games": 0}, {"games": 2}],
        entered_by=judge,
        expected_version=1,
        note="Cargado al revés",
    )
    for other in rnd.tables.filter(is_bye=False).exclude(pk=match.pk):
        services.table_result_record(table=other, seats=[{"games": 2}, {"games": 0}], entered_by=judge)
    services.round_close(event=event, by=organizer)
    rows = list(EventLogEntry.objects.filter(event=event).exclude(
        action__in=["registration_open", "registration_create", "registration_close"]).order_by("pk"))
    assert [r.action for r in rows] == ["round_pair_next"] + ["match_result_record"] * 5 + ["round_close"]
    paired, first, corrected, closed = rows[0], rows[1], rows[2], rows[-1]
    assert paired.actor == organizer and paired.after["round"] == 1 and paired.after["tables"] == 4  # 8 players
    assert first.before == {} and first.after["games"] == [2, 1, 0]
    assert corrected.before["games"] == [2, 1, 0] and corrected.after["games"] == [0, 2, 0]
    assert (corrected.actor, corrected.reason) == (judge, "Cargado al revés")
    assert corrected.subject == f"Ronda 1, mesa {match.table_number}"
    assert (closed.before, closed.after) == ({"state": "paired"}, {"state": "closed"})


def test_a_refused_change_leaves_no_entry(event, organizer):
    services.round_pair_next(event=event, by=organizer)
    before = EventLogEntry.objects.count()
    with pytest.raises(Exception):  # noqa: B017 — results missing: refused
        services.round_pair_next(event=event, by=organizer)
    assert EventLogEntry.objects.count() == before


def test_the_api_log_is_for_the_head_judge_and_organizers_only(as_user, api, event, organizer, judge):
    services.round_pair_next(event=event, by=organizer)
    assert api.get(log_url(event)).status_code in (401, 403)
    assert as_user(judge).get(log_url(event)).status_code == 403
    body = as_user(organizer).get(log_url(event)).json()
    actions = [row["action"] for row in body["results"]]
    assert actions[0] == "registration_open" and actions[-1] == "round_pair_next"
    last = body["results"][-1]
    assert (last["action_label"], last["actor"], last["subject"]) == ("Ronda emparejada", organizer.username,
                                                                      "Ronda 1")
    assert as_user(organizer).post(log_url(event), {}, format="json").status_code == 405


def test_the_admin_lists_the_log_read_only(client, event, organizer):
    # an organizer of the console: staff, in the Organizador group (read access granted by migration 0008)
    organizer.is_staff = True
    organizer.save(update_fields=["is_staff"])
    organizer.groups.add(Group.objects.get(name="Organizador"))
    services.round_pair_next(event=event, by=organizer)
    client.force_login(organizer)
    page = client.get(reverse("admin:tournaments_eventlogentry_changelist") + f"?event__id__exact={event.pk}")
    assert page.status_code == 200
    text = page.content.decode()
    assert '<td class="field-action_label">Ronda emparejada</td>' in text  # the label, not the service's name
    entry = EventLogEntry.objects.filter(event=event).first()
    assert client.post(reverse("admin:tournaments_eventlogentry_delete", args=[entry.pk]), {"post": "yes"}
                       ).status_code == 403
    assert EventLogEntry.objects.filter(pk=entry.pk).exists()


def test_the_api_log_reads_each_change_in_words(as_user, event, organizer, judge):
    rnd = services.round_pair_next(event=event, by=organizer)
    match = first_table(rnd)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}], entered_by=judge)
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}], entered_by=judge, expected_version=1)
    body = as_user(organizer).get(log_url(event), HTTP_ACCEPT_LANGUAGE="es").json()
    changed = body["results"][-1]
    winner = match.player_b.player.display_name
    assert (changed["title"], changed["text"]) == (
        "Resultado cambiado", f"Mesa {match.table_number}: 2-1 → 0-2 ({winner} gana)")
    assert body["results"][-3]["text"] == "Ronda 1: 4 mesas."
