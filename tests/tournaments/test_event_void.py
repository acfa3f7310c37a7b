"""Voiding a wrong event (issue #26 point 7): kept, hidden from the lists, its league points reversed, logged.

The event is an 8-player Super Liga day played through the services
(:func:`finish_with_top_cut`), so it posted participation and podium points
(000_0014b2ac83da54b4.txt § "Super Liga", DESIGN.md decision 7). After the
void every player's points of that event add up to 0: each entry is
cancelled by a reversal, nothing deleted.
"""
from __future__ import annotations

import pytest
from django.db.models import Sum
from django.urls import reverse

from leagues.models import LedgerEntry
from tournaments import selectors, services
from tournaments.errors import NotAllowed, StateError
from tournaments.models import Event, Registration, ResultEntry

from .api.conftest import finish_with_top_cut, open_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def played():
    return finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3))


@pytest.fixture
def root(django_user_model):
    return django_user_model.objects.create_superuser("raiz", password="x")


def points_by_player(event: Event) -> dict[int, int]:
    rows = LedgerEntry.objects.filter(event=event).values("player_id").annotate(total=Sum("points"))
    return {row["player_id"]: row["total"] for row in rows}


def test_a_voided_event_is_kept_hidden_and_its_points_reversed(played, root, client):
    before = points_by_player(played)
    assert sum(before.values()) > 0  # a finished Super Liga day posts points
    entries = LedgerEntry.objects.filter(event=played).count()
    kept = (Registration.objects.filter(event=played).count(),
            ResultEntry.objects.filter(table__round__event=played).count())

    services.event_void(event=played, reason="Publicada dos veces con otro uid", by=root)

    assert set(points_by_player(played).values()) == {0}
    assert LedgerEntry.objects.filter(event=played).count() == 2 * entries  # each entry and its reversal
    assert (Registration.objects.filter(event=played).count(),
            ResultEntry.objects.filter(table__round__event=played).count()) == kept
    log = played.log.get(action="event_void")
    assert (log.actor, log.reason) == (root, "Publicada dos veces con otro uid")
    assert played not in selectors.events_for_listing()
    response = client.get(reverse("tournaments_api:event-list"))
    assert response.status_code == 200
    assert played.pk not in [row["id"] for row in response.json()["results"]]


def test_only_a_superuser_voids_with_a_reason_and_only_once(played, root, django_user_model):
    organizer = django_user_model.objects.create_user("org", password="x", is_staff=True)
    played.venue.organizers.add(organizer)
    with pytest.raises(NotAllowed):
        services.event_void(event=played, reason="no", by=organizer)
    with pytest.raises(StateError) as exc:
        services.event_void(event=played, reason="  ", by=root)
    assert exc.value.code == "reason_missing"
    assert Event.objects.get(pk=played.pk).voided_at is None
    services.event_void(event=played, reason="Evento de prueba", by=root)
    with pytest.raises(StateError) as exc:
        services.event_void(event=played, reason="otra vez", by=root)
    assert exc.value.code == "already_voided"


def test_the_admin_action_is_the_superusers(played, root, client, django_user_model):
    organizer = django_user_model.objects.create_user("org", password="x", is_staff=True)
    played.venue.organizers.add(organizer)
    from django.contrib.auth.models import Group

    organizer.groups.add(Group.objects.get_or_create(name="Organizador")[0])
    url = reverse("admin:tournaments_event_changelist")
    client.force_login(organizer)
    page = client.get(url)
    assert page.status_code == 200 and "events_void_selected" not in page.content.decode()
    client.force_login(root)
    response = client.post(url, {"action": "events_void_selected", "_selected_action": [played.pk]})
    assert response.status_code == 302
    event = Event.objects.get(pk=played.pk)
    assert event.voided_at is not None and event.voided_by == root
    assert set(points_by_player(event).values()) == {0}
