"""The day panel's pre-registration list and check-in (issue #17 point 2): by name, number, or the QR's code.

Issue #17: "the organizer's day panel shows who pre-registered and checks
them in (by name, number, or a QR on the player's phone); late entries as
today". Confirmed first, then the waitlist in arrival order with its
position; a search keeps the matching names or numbers; «Presente» and the
scanned code register the player checked in.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.enums import EventKind, PreRegistrationState
from tournaments.models import PreRegistration, Registration
from tournaments.services.preregistration import preregistration_token

from .conftest import change_url, message_texts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def prereg_event(venue, capacity=2, **kwargs):
    """Capacity 2; Ana and Bruno confirmed, Ciro 1st and Dora 2nd on the waitlist; registration open."""
    event = EventFactory(venue=venue, preregistration_open=True, capacity=capacity, **kwargs)
    pre = {}
    for name, number in (("Ana Ávila", "PA-001"), ("Bruno Núñez", "PA-002"), ("Ciro Paz", "PA-003"),
                         ("Dora Ruiz", "PA-004")):
        pre[name] = services.preregistration_create(
            event=event, player=PlayerFactory(display_name=name, player_number=number))
    services.registration_open(event=event)
    return event, pre


def listed(html: str) -> list[str]:
    block = re.search(r'id="prereg-list">(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r'<li id="prereg-\d+">(.*?)</li>', block, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<form.*?</form>", "", i, flags=re.S)).split()) for i in items]


def test_day_panel_lists_confirmed_then_waitlist_in_order(client_a, venue_a):
    event, _pre = prereg_event(venue_a)
    html = client_a.get(change_url(event)).content.decode()
    assert listed(html) == [
        "Ana Ávila PA-001 confirmado", "Bruno Núñez PA-002 confirmado",
        "Ciro Paz PA-003 lista de espera, puesto 1", "Dora Ruiz PA-004 lista de espera, puesto 2",
    ]
    assert html.count(">Presente</button>") == 4
    assert 'name="token"' in html and "Código QR del jugador" in html


def test_day_panel_search_by_name_ignores_accents_and_by_number(client_a, venue_a):
    event, _pre = prereg_event(venue_a)
    by_name = client_a.get(change_url(event), {"prereg_q": "nunez"}).content.decode()
    assert listed(by_name) == ["Bruno Núñez PA-002 confirmado"]
    by_number = client_a.get(change_url(event), {"prereg_q": "pa-004"}).content.decode()
    assert listed(by_number) == ["Dora Ruiz PA-004 lista de espera, puesto 2"]


def test_day_panel_presente_button_checks_in(client_a, venue_a):
    event, pre = prereg_event(venue_a)
    url = reverse("admin:tournaments_event_prereg_check_in", args=[event.pk, pre["Bruno Núñez"].pk])
    response = client_a.post(url, {"next": change_url(event)}, follow=True)
    assert "Bruno Núñez está presente." in message_texts(response)
    reg = Registration.objects.get(event=event)
    assert (reg.player.display_name, reg.checked_in) == ("Bruno Núñez", True)
    assert PreRegistration.objects.get(pk=pre["Bruno Núñez"].pk).state == PreRegistrationState.CHECKED_IN
    assert "Bruno Núñez" not in " ".join(listed(response.content.decode()))


def test_day_panel_scanned_code_checks_in_and_bad_code_is_refused(client_a, venue_a):
    event, pre = prereg_event(venue_a)
    url = reverse("admin:tournaments_event_prereg_token", args=[event.pk])
    bad = client_a.post(url, {"token": "no-es-un-codigo"}, follow=True)
    assert "El código leído no es una preinscripción de este evento." in message_texts(bad)
    assert not Registration.objects.filter(event=event).exists()
    token = preregistration_token(pre["Ciro Paz"])  # a waitlisted player, let in at the desk
    ok = client_a.post(url, {"token": token + "\r\n"}, follow=True)
    assert "Ciro Paz está presente." in message_texts(ok)
    assert Registration.objects.get(event=event).player.display_name == "Ciro Paz"


def test_day_panel_other_venue_organizer_gets_404(client, venue_a, venue_b, organizer_b):
    event, pre = prereg_event(venue_a)
    client.force_login(organizer_b)
    url = reverse("admin:tournaments_event_prereg_check_in", args=[event.pk, pre["Ana Ávila"].pk])
    assert client.post(url).status_code == 404
    assert not Registration.objects.filter(event=event).exists()


def test_day_panel_indoor_check_in_asks_for_the_pack(client_a, venue_a):
    """R-000-52: 000_0014b2ac83da54b4.txt § "Torneo Indoor" — "Participas unicamente con la compra del
    Pack Indoor": «Presente» without the pack box is refused; with it the registration records the pack."""
    event, pre = prereg_event(venue_a, kind=EventKind.INDOOR)
    html = client_a.get(change_url(event)).content.decode()
    assert html.count('name="pack_indoor" value="1"') == 5  # the code form and each of the 4 rows
    url = reverse("admin:tournaments_event_prereg_check_in", args=[event.pk, pre["Ana Ávila"].pk])
    refused = client_a.post(url, follow=True)
    assert any(m.startswith("En el Torneo Indoor sólo se participa con la compra del Pack Indoor: para inscribir a "
                            "Ana Ávila") for m in message_texts(refused))
    assert not Registration.objects.filter(event=event).exists()
    client_a.post(url, {"pack_indoor": "1"})
    reg = Registration.objects.get(event=event)
    assert (reg.pack_indoor, reg.checked_in) == (True, True)


def test_day_panel_check_in_during_swiss_is_late_entry(client_a, venue_a):
    event, pre = prereg_event(venue_a, capacity=None)
    for _ in range(4):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    url = reverse("admin:tournaments_event_prereg_check_in", args=[event.pk, pre["Dora Ruiz"].pk])
    response = client_a.post(url, follow=True)
    assert "Dora Ruiz está presente (inscripción tardía: juega desde la ronda 2)." in message_texts(response)
