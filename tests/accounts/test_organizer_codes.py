"""The organizer's side of claim codes: the player's admin page, the per-player and per-event pages.

Scope: an organizer generates codes for players they may change
(``permissions.can_change_player``) and for the registrations of their
venue's events; an organizer of another venue gets the 403 page.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts import services
from accounts.models import PlayerClaimCode
from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, UserFactory, VenueFactory

pytestmark = pytest.mark.integration

CODE = re.compile(r'<span class="code-big">([A-Z0-9]{4})-([A-Z0-9]{4})</span>')


@pytest.fixture
def other_organizer(db):
    user = UserFactory(username="orga_sur", is_staff=True)
    VenueFactory(name="Sede Sur", province="Mendoza").organizers.add(user)
    return user


def test_player_code_page_generates_a_code_that_claims(client, organizer, player, account):
    client.force_login(organizer)
    url = reverse("accounts:player_code", args=[player.player_number])
    assert client.get(url).status_code == 200
    page = client.post(url)
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    code = "".join(CODE.search(page.content.decode()).groups())
    assert services.player_claim(user=account, code=code) == player


def test_organizer_of_another_venue_gets_the_403(client, other_organizer, player):
    client.force_login(other_organizer)
    url = reverse("accounts:player_code", args=[player.player_number])
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 403
        assert "Sólo los organizadores de la sede del jugador" in response.content.decode()
    assert not PlayerClaimCode.objects.exists()


def test_anonymous_goes_to_the_staff_login(client, player):
    response = client.get(reverse("accounts:player_code", args=[player.player_number]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login") + "?next=")


def test_event_page_prints_codes_for_the_players_without_an_account(client, organizer, player):
    venue = organizer.organized_venues.get()
    event = EventFactory(venue=venue)
    linked = PlayerFactory(display_name="Beto", player_number="WM-0200", user=UserFactory(username="beto"))
    visitor = PlayerFactory(display_name="Caro", player_number="WM-0300", home_venue=VenueFactory(name="Lejos"))
    for p in (player, linked, visitor):
        RegistrationFactory(event=event, player=p)
    client.force_login(organizer)
    page = client.post(reverse("accounts:event_codes", args=[event.pk]))
    assert page.status_code == 200
    assert len(CODE.findall(page.content.decode())) == 2  # Ana and Caro; Beto has an account
    assert set(PlayerClaimCode.objects.values_list("player__player_number", flat=True)) == {"WM-0123", "WM-0300"}
    assert "Cuenta vinculada" in page.content.decode()


def test_event_page_of_another_venue_is_403(client, other_organizer, organizer):
    event = EventFactory(venue=organizer.organized_venues.get())
    client.force_login(other_organizer)
    assert client.post(reverse("accounts:event_codes", args=[event.pk])).status_code == 403
    assert not PlayerClaimCode.objects.exists()


def test_player_admin_page_shows_the_status_and_the_link(client, organizer, player):
    client.force_login(organizer)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    body = client.get(url).content.decode()
    assert "Sin código." in body
    assert reverse("accounts:player_code", args=[player.player_number]) in body
    services.player_claim_code_create(player=player, by=organizer)
    assert "Código entregado; vence el" in client.get(url).content.decode()
