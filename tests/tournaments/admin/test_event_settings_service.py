"""The event settings form goes through a locked service and writes only what changed (issue #26 point 5).

The audit: the change form saved every field of the event it had read, so saving a new round time
while round 1 was being paired left the event "closed" with round 1 open and its planned rounds
forgotten. Here the form is opened, the event moves on (round 1 paired through the service), and
the form opened before is posted.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from tournaments import services
from tournaments.enums import EventState, RoundState
from tournaments.models import Event, EventLogEntry

from .conftest import change_form_data, change_url, message_texts, registered_event

pytestmark = [pytest.mark.integration]


def opened_form(client, event) -> dict:
    response = client.get(change_url(event))
    assert response.status_code == 200
    return change_form_data(response)


@pytest.mark.django_db
def test_a_form_opened_before_round_1_saves_the_new_round_time_and_undoes_nothing(client_a, venue_a):
    event = registered_event(venue_a, players=8, round_minutes=50)
    data = opened_form(client_a, event)
    services.round_pair_next(event=event)  # meanwhile, at the desk
    data["round_minutes"] = "45"
    response = client_a.post(change_url(event), data, follow=True)
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.round_minutes == 45
    assert event.state == EventState.SWISS
    assert event.planned_rounds == 3  # ceil(log2 8) = 3, fixed when round 1 was paired (DESIGN decision 5)
    assert event.rounds.get(number=1).state == RoundState.PAIRED
    entry = EventLogEntry.objects.filter(event=event, action="event_settings_update").get()
    assert (entry.before, entry.after) == ({"round_minutes": "50"}, {"round_minutes": "45"})
    assert entry.actor.username == "org_a"


@pytest.mark.django_db
def test_a_setting_the_new_state_no_longer_allows_is_refused_naming_it(client_a, venue_a):
    event = registered_event(venue_a, players=8)
    data = opened_form(client_a, event)
    services.round_pair_next(event=event)
    data["best_of"] = "1"
    response = client_a.post(change_url(event), data, follow=True)
    assert "No se puede cambiar «mejor de»: el evento ya está en «Rondas suizas»." in message_texts(response)
    event.refresh_from_db()
    assert event.best_of == 3 and event.state == EventState.SWISS
    assert not EventLogEntry.objects.filter(event=event, action="event_settings_update").exists()


@pytest.mark.django_db
def test_a_setting_another_organizer_changed_meanwhile_is_refused_with_its_current_value(client_a, venue_a,
                                                                                         superuser):
    event = registered_event(venue_a, players=8, round_minutes=50)
    mine = opened_form(client_a, event)
    other = Client()
    other.force_login(superuser)
    theirs = opened_form(other, event)
    theirs["round_minutes"] = "40"
    other.post(change_url(event), theirs)
    mine["round_minutes"] = "60"
    response = client_a.post(change_url(event), mine, follow=True)
    assert ("«minutos por ronda» cambió mientras editabas (ahora: 40). Volvé a abrir el evento y revisalo."
            in message_texts(response))
    event.refresh_from_db()
    assert event.round_minutes == 40


@pytest.mark.django_db
def test_an_unchanged_save_writes_nothing_and_logs_nothing(client_a, venue_a):
    event = registered_event(venue_a, players=8)
    revision = Event.objects.get(pk=event.pk).revision
    client_a.post(change_url(event), opened_form(client_a, event))
    assert not EventLogEntry.objects.filter(event=event, action="event_settings_update").exists()
    # The lock touched the stamp once (every service does), nothing else was written.
    assert Event.objects.get(pk=event.pk).revision == revision + 1


def race_once(client, event, data) -> list:
    """Post the settings form and pair round 1 at the same moment, each on its own connection."""
    barrier = threading.Barrier(2)
    errors = []

    def run(step):
        barrier.wait()
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - reported by the caller
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(lambda: client.post(change_url(event), data),)),
               threading.Thread(target=run, args=(lambda: services.round_pair_next(event=event.pk),))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return errors


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs real row locks: run with DATABASE_URL=postgres://…")
def test_the_settings_form_racing_the_pairing_never_undoes_it(venue_a, organizer_a):
    """20 tries: one thread posts the settings form opened before round 1, another pairs round 1."""
    for attempt in range(20):
        event = registered_event(venue_a, players=8, round_minutes=50, name=f"Carrera {attempt}")
        client = Client()
        client.force_login(organizer_a)
        data = opened_form(client, event)
        data["round_minutes"] = str(30 + attempt)
        assert race_once(client, event, data) == []
        event.refresh_from_db()
        assert event.state == EventState.SWISS, attempt
        assert event.planned_rounds == 3, attempt
        assert event.round_minutes == 30 + attempt, attempt
        assert event.rounds.get(number=1).state == RoundState.PAIRED
