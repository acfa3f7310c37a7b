"""The profile page: name, e-mail, home venue and its province, player number (issue #17, point 1)."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory, VenueFactory

pytestmark = pytest.mark.integration


def test_profile_without_a_player_offers_the_claim(client, account):
    client.force_login(account)
    page = client.get(reverse("accounts:profile"))
    assert page.status_code == 200
    assert reverse("accounts:claim") in page.content.decode()
    assert "display_name" not in page.context["form"].fields


def test_profile_shows_number_and_province_of_the_home_venue(client, player, account):
    """The player's province is their home venue's (DESIGN ambiguity 15: Player has no province field)."""
    player.user = account
    player.save()
    client.force_login(account)
    body = client.get(reverse("accounts:profile")).content.decode()
    assert "WM-0123" in body and "Córdoba" in body and "Ana Pérez" in body


def test_profile_edit_is_kept_in_the_players_history(client, player, account):
    player.user = account
    player.save()
    sur = VenueFactory(name="Sede Sur", province="Mendoza")
    client.force_login(account)
    response = client.post(reverse("accounts:profile"), {
        "display_name": "Ana P.", "email": "ana.perez@example.com", "home_venue": sur.pk})
    assert response.status_code == 302
    player.refresh_from_db()
    account.refresh_from_db()
    assert (player.display_name, player.home_venue, player.province) == ("Ana P.", sur, "Mendoza")
    assert account.email == "ana.perez@example.com"
    latest = player.history.latest()
    assert latest.history_user == account
    assert (latest.prev_record.display_name, latest.prev_record.home_venue.name) == ("Ana Pérez", "Sede Norte")
    assert "Mendoza" in client.get(reverse("accounts:profile")).content.decode()


def test_profile_refuses_an_email_of_another_account(client, account):
    UserFactory(username="beto", email="beto@example.com")
    client.force_login(account)
    response = client.post(reverse("accounts:profile"), {"email": "BETO@example.com"})
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == ["Ya hay otra cuenta con ese e-mail."]
    account.refresh_from_db()
    assert account.email == "ana@example.com"
