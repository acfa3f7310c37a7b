"""Venue scoping: an organizer of venue A never sees nor changes venue B's day (issue #4).

Objects outside the scope behave as Django's admin does for a missing
object: the change page redirects (302) to the admin index, and the
console's own POST URLs answer 404. Superusers see everything.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tournaments import services
from tournaments.enums import EventState
from tournaments.models import Event, Registration

from .conftest import action_url, change_url, registered_event, token_of

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def day_b(venue_b):
    event = registered_event(venue_b, name="Fecha Rosario")
    rnd = services.round_pair_next(event=event)
    return event, rnd


def test_event_list_shows_only_own_venue(client_a, event_a, event_b):
    response = client_a.get(reverse("admin:tournaments_event_changelist"))
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [event_a]
    assert "Fecha Rosario" not in response.content.decode()


def test_event_change_page_of_other_venue_redirects_as_missing(client_a, event_b):
    response = client_a.get(change_url(event_b))
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")


def test_event_change_post_of_other_venue_changes_nothing(client_a, event_b):
    response = client_a.post(change_url(event_b), {"name": "Robada"})
    assert response.status_code == 302
    event_b.refresh_from_db()
    assert event_b.name == "Fecha Rosario"


def test_lifecycle_button_of_other_venue_is_404(client_a, event_b):
    response = client_a.post(action_url(event_b, "abrir-inscripcion"), {"token": token_of(event_b)})
    assert response.status_code == 404
    event_b.refresh_from_db()
    assert event_b.state == EventState.DRAFT


def test_registration_button_of_other_venue_is_404(client_a, day_b):
    event, _ = day_b
    registration = event.registrations.first()
    url = reverse("admin:tournaments_event_registration_action", args=[event.pk, registration.pk, "abandono"])
    assert client_a.post(url).status_code == 404
    registration.refresh_from_db()
    assert registration.dropped is False


def test_registration_of_other_event_via_own_event_url_is_404(client_a, event_a, day_b):
    event, _ = day_b
    registration = event.registrations.first()
    url = reverse("admin:tournaments_event_registration_action", args=[event_a.pk, registration.pk, "abandono"])
    assert client_a.post(url).status_code == 404


def test_quick_player_and_csv_of_other_venue_are_404(client_a, event_b):
    quick = reverse("admin:tournaments_event_quick_player", args=[event_b.pk])
    assert client_a.post(quick, {"quick-display_name": "X", "quick-player_number": "X-1"}).status_code == 404
    csv = reverse("admin:tournaments_event_standings_csv", args=[event_b.pk])
    assert client_a.get(csv).status_code == 404


def test_round_page_of_other_venue_redirects_as_missing(client_a, day_b):
    _, rnd = day_b
    response = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")


def test_result_entry_on_other_venue_is_404(client_a, day_b):
    _, rnd = day_b
    match = rnd.tables.first()
    url = reverse("admin:tournaments_round_result", args=[rnd.pk, match.pk])
    assert client_a.post(url, {"score": "2-0-0", "expected_version": "0"}).status_code == 404
    match.refresh_from_db()
    assert match.version == 0


def test_match_history_of_other_venue_redirects_as_missing(client_a, day_b):
    _, rnd = day_b
    match = rnd.tables.first()
    response = client_a.get(reverse("admin:tournaments_table_history", args=[match.pk]))
    assert response.status_code == 302


def test_registration_round_match_lists_are_scoped(client_a, venue_a, day_b):
    own = registered_event(venue_a, name="Fecha Palermo")
    services.round_pair_next(event=own)
    for name in ("registration", "round", "table"):
        response = client_a.get(reverse(f"admin:tournaments_{name}_changelist"))
        assert response.status_code == 200, name
        events = {getattr(obj, "event", None) or obj.round.event for obj in response.context["cl"].result_list}
        assert events == {own}, name


def test_result_entry_list_is_scoped(client_a, organizer_b, day_b):
    _, rnd = day_b
    services.table_result_record(table=rnd.tables.first(), seats=[{"games": 2}, {"games": 0}], entered_by=organizer_b)
    response = client_a.get(reverse("admin:tournaments_resultentry_changelist"))
    assert list(response.context["cl"].result_list) == []


def test_registration_change_page_of_other_venue_redirects(client_a, day_b):
    event, _ = day_b
    registration = event.registrations.first()
    response = client_a.get(reverse("admin:tournaments_registration_change", args=[registration.pk]))
    assert response.status_code == 302


def test_add_form_offers_only_own_venues(client_a, venue_a, venue_b):
    form = client_a.get(reverse("admin:tournaments_event_add")).context["adminform"].form
    assert list(form.fields["venue"].queryset) == [venue_a]
    assert form.fields["venue"].required is True
    assert form.initial["venue"] == venue_a.pk


def test_organizer_cannot_create_an_event_at_another_venue(client_a, venue_b):
    from rules.models import Game

    data = {
        "name": "Intrusa", "game": Game.objects.get(key="weed_monsters").pk, "kind": "super_liga",
        "venue": venue_b.pk, "date": "2024-05-04", "best_of": "3", "round_minutes": "50", "min_rounds": "3",
        "bye_game_wins": "2", "cut_size": "4", "seed": "1",
    }
    response = client_a.post(reverse("admin:tournaments_event_add"), data)
    assert response.status_code == 200
    assert "venue" in response.context["adminform"].form.errors
    assert not Event.objects.filter(name="Intrusa").exists()


def test_organizer_of_both_venues_sees_both(client, organizer_a, venue_b, event_a, event_b):
    venue_b.organizers.add(organizer_a)
    client.force_login(organizer_a)
    response = client.get(reverse("admin:tournaments_event_changelist"))
    assert set(response.context["cl"].result_list) == {event_a, event_b}


def test_superuser_sees_every_venue(client, superuser, event_a, event_b):
    client.force_login(superuser)
    response = client.get(reverse("admin:tournaments_event_changelist"))
    assert set(response.context["cl"].result_list) == {event_a, event_b}
    assert client.get(change_url(event_b)).status_code == 200


def test_staff_outside_the_organizer_group_gets_403(client, venue_a, event_a):
    user = UserFactory(username="mirón", is_staff=True)
    venue_a.organizers.add(user)  # listed, but without the group's model permissions
    client.force_login(user)
    assert client.get(reverse("admin:tournaments_event_changelist")).status_code == 403
    assert client.post(action_url(event_a, "abrir-inscripcion"), {"token": token_of(event_a)}).status_code == 403


def test_organizer_group_member_of_no_venue_sees_no_event(client, event_a):
    from tests.factories import VenueFactory

    from .conftest import make_organizer

    lonely = make_organizer("sin_sede", VenueFactory(name="Sede Vacía"))
    client.force_login(lonely)
    response = client.get(reverse("admin:tournaments_event_changelist"))
    assert list(response.context["cl"].result_list) == []


def test_anonymous_user_is_sent_to_login(client, event_a):
    response = client.post(action_url(event_a, "abrir-inscripcion"), {"token": token_of(event_a)})
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]
    event_a.refresh_from_db()
    assert event_a.state == EventState.DRAFT


def test_registrations_of_other_venue_cannot_be_bulk_dropped(client_a, day_b):
    event, _ = day_b
    ids = list(event.registrations.values_list("pk", flat=True))
    client_a.post(
        reverse("admin:tournaments_registration_changelist"),
        {"action": "drop_selected", "_selected_action": [str(i) for i in ids]},
    )
    assert not Registration.objects.filter(pk__in=ids, dropped=True).exists()
