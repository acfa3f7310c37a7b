"""The Pack Indoor on the event page and the registrations list (issue #16 point 4, R-000-52).

000_0014b2ac83da54b4.txt § "Torneo Indoor": "Participas unicamente con la
compra del Pack Indoor". The organizer ticks «Pack Indoor comprado» on the
registration row; a new row without it is refused with the service's
message, an existing row unticked before round 1 figures absent.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.enums import EventKind
from tournaments.models import Player, Registration

from .conftest import change_form_data, change_url, message_texts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def add_row(data: dict, event, player, *, pack: bool) -> dict:
    total = int(data["registrations-TOTAL_FORMS"])
    data["registrations-TOTAL_FORMS"] = str(total + 1)
    data[f"registrations-{total}-player"] = str(player.pk)
    data[f"registrations-{total}-event"] = str(event.pk)
    if pack:
        data[f"registrations-{total}-pack_indoor"] = "on"
    return data


@pytest.fixture
def indoor(venue_a):
    event = EventFactory(venue=venue_a, kind=EventKind.INDOOR, name="Indoor Palermo")
    services.registration_open(event=event)
    return event


def registration_fields(response) -> list[str]:
    return list(response.context["inline_admin_formsets"][0].formset.form.base_fields)


def test_indoor_event_page_shows_the_pack_column_and_other_kinds_do_not(client_a, indoor, venue_a):
    """R-000-52: the column exists where the pack is required, and only there."""
    page = client_a.get(change_url(indoor))
    assert "pack_indoor" in registration_fields(page)
    assert "Pack Indoor comprado" in page.content.decode()
    liga = EventFactory(venue=venue_a, kind=EventKind.SUPER_LIGA)
    services.registration_open(event=liga)
    other = client_a.get(change_url(liga))
    assert "pack_indoor" not in registration_fields(other)
    assert "Pack Indoor comprado" not in other.content.decode()


def test_new_row_without_the_pack_is_refused_with_the_service_message(client_a, indoor):
    """R-000-52: no entry without the Pack Indoor."""
    ana = PlayerFactory(display_name="Ana Indoor")
    data = add_row(change_form_data(client_a.get(change_url(indoor))), indoor, ana, pack=False)
    response = client_a.post(change_url(indoor), data, follow=True)
    assert not Registration.objects.filter(event=indoor, player=ana).exists()
    assert ("En el Torneo Indoor sólo se participa con la compra del Pack Indoor: para inscribir a Ana Indoor, "
            "registrá que lo compró («Pack Indoor comprado»).") in message_texts(response)


def test_new_row_with_the_pack_registers_it(client_a, indoor):
    beto = PlayerFactory(display_name="Beto Indoor")
    data = add_row(change_form_data(client_a.get(change_url(indoor))), indoor, beto, pack=True)
    client_a.post(change_url(indoor), data, follow=True)
    registration = Registration.objects.get(event=indoor, player=beto)
    assert (registration.pack_indoor, registration.checked_in) == (True, True)


def test_unticking_the_pack_marks_the_player_absent_and_the_present_button_is_refused(client_a, indoor):
    """R-000-52: without the pack the player does not take part."""
    carla = services.registration_create(event=indoor, player=PlayerFactory(display_name="Carla"), pack_indoor=True)
    other = services.registration_create(event=indoor, player=PlayerFactory(display_name="Dani"), pack_indoor=True)
    data = change_form_data(client_a.get(change_url(indoor)))
    row = next(k for k, v in data.items() if k.endswith("-id") and v == str(carla.pk)).removesuffix("-id")
    assert data.pop(f"{row}-pack_indoor") == "on"
    response = client_a.post(change_url(indoor), data, follow=True)
    assert "Carla: sin Pack Indoor (figura ausente)." in message_texts(response)
    carla.refresh_from_db()
    assert (carla.pack_indoor, carla.checked_in) == (False, False)
    assert Registration.objects.get(pk=other.pk).pack_indoor is True  # the untouched row keeps its pack

    url = reverse("admin:tournaments_event_registration_action", args=[indoor.pk, carla.pk, "presente"])
    refused = client_a.post(url, follow=True)
    assert ("Carla no tiene el Pack Indoor registrado: en el Torneo Indoor sólo se participa con su compra. "
            "Registrá que lo compró («Pack Indoor comprado») para marcar su presencia.") in message_texts(refused)
    assert Registration.objects.get(pk=carla.pk).checked_in is False


def test_registrations_list_shows_the_pack(client_a, indoor):
    services.registration_create(event=indoor, player=PlayerFactory(display_name="Eli"), pack_indoor=True)
    response = client_a.get(reverse("admin:tournaments_registration_changelist"))
    html = response.content.decode()
    assert "Pack Indoor comprado" in html
    assert "field-pack_indoor" in html


def test_day_panel_clock_shows_the_build(client_a, indoor):
    """R-000-52: round 1 opens with the build; the organizer's day panel says
    so and when the round's own clock starts (60 minutes after pairing)."""
    for name in ("Ana", "Beto", "Carla", "Dani"):
        services.registration_create(event=indoor, player=PlayerFactory(display_name=name), pack_indoor=True)
    services.registration_close(event=indoor)
    rnd = services.round_pair_next(event=indoor)
    html = client_a.get(change_url(indoor)).content.decode()
    ends = timezone.localtime(rnd.clock_started_at).strftime("%H:%M")
    assert 'id="arena-clock" data-state="building"' in html
    assert "(armado de mazos)" in html
    assert f"el armado termina a las {ends}; después empieza el reloj de la ronda" in html


def test_quick_player_in_an_indoor_event_needs_the_pack(client_a, indoor, venue_a):
    """«Alta rápida» in a Torneo Indoor: the pack box is there; unticked, the
    service refuses and neither the player nor the entry is saved (R-000-52)."""
    page = client_a.get(change_url(indoor)).content.decode()
    assert 'name="quick-pack_indoor"' in page and "Compró el Pack Indoor" in page
    url = reverse("admin:tournaments_event_quick_player", args=[indoor.pk])
    data = {"quick-display_name": "Eli Indoor", "quick-player_number": "IN-77", "quick-home_venue": venue_a.pk}
    response = client_a.post(url, data, follow=True)
    assert ("En el Torneo Indoor sólo se participa con la compra del Pack Indoor: para inscribir a Eli Indoor, "
            "registrá que lo compró («Pack Indoor comprado»).") in message_texts(response)
    assert not Registration.objects.filter(event=indoor).exists()
    assert not Player.objects.filter(player_number="IN-77").exists()

    client_a.post(url, {**data, "quick-pack_indoor": "on"})
    registration = Registration.objects.get(event=indoor, player__player_number="IN-77")
    assert registration.pack_indoor is True


def test_quick_player_elsewhere_has_no_pack_box(client_a, venue_a):
    liga = EventFactory(venue=venue_a, kind=EventKind.SUPER_LIGA)
    services.registration_open(event=liga)
    assert 'name="quick-pack_indoor"' not in client_a.get(change_url(liga)).content.decode()
