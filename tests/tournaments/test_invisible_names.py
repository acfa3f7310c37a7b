"""Names refuse bidirectional overrides and zero-width characters (issue #26, point 8).

One rule, :func:`tournaments.text.control_characters` for one-line values,
reached through :func:`tournaments.text.validate_one_line` on
``Player.display_name``, ``Venue.name`` and ``Event.name`` (so the admin's
forms and any DRF model serializer get it), on the account profile's name and
in the admin player import. Text areas (decklists, notes) keep them: a pasted
list may carry a BOM or a joiner. "Ana " + U+202E + "zeréP" is shown as
«Ana Pérez» (the override reverses the rest): the reason for refusing it.
"""
from __future__ import annotations

import pytest
import tablib
from django.urls import reverse
from rest_framework import serializers

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments.models import Player, Venue
from tournaments.resources import PlayerResource
from tournaments.text import control_characters

# Every code point the issue lists: U+202A-U+202E, U+2066-U+2069, U+200B-U+200F, U+2060, U+FEFF (16 in all:
# 5 + 4 + 5 + 1 + 1).
LISTED = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0x200B, 0x2010), 0x2060, 0xFEFF]
RLO_NAME = "Ana \u202ezeréP"
MESSAGE_RLO = "El texto contiene caracteres de control no permitidos (U+202E)."


def test_the_listed_code_points_are_sixteen():
    assert len(LISTED) == 16


@pytest.mark.parametrize("code", LISTED, ids=[f"U+{c:04X}" for c in LISTED])
def test_one_line_values_refuse_each_listed_character(code):
    assert control_characters(f"Ana{chr(code)}Paz") == [chr(code)]


@pytest.mark.parametrize("code", [0x202E, 0x200B, 0xFEFF])
def test_text_areas_keep_them(code):
    assert control_characters(f"4 Fasent{chr(code)}\n", multiline=True) == []


@pytest.mark.parametrize("text", ["Ñandú Pérez", "O'Brien-Núñez", "Ana\u00a0Paz", "张伟", "محمد"])
def test_ordinary_names_pass(text):
    # No-break space (U+00A0) and right-to-left letters are ordinary text, not format characters.
    assert control_characters(text) == []


# --------------------------------------------------------------------------- admin


@pytest.fixture
def superuser_client(client, db):
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    return client


@pytest.mark.django_db
def test_admin_player_form_refuses_a_right_to_left_override(superuser_client):
    response = superuser_client.post(reverse("admin:tournaments_player_add"),
                                     {"display_name": RLO_NAME, "player_number": "WM-9001"})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["display_name"] == [MESSAGE_RLO]
    assert not Player.objects.filter(player_number="WM-9001").exists()


@pytest.mark.django_db
def test_admin_venue_form_refuses_a_zero_width_space(superuser_client):
    response = superuser_client.post(reverse("admin:tournaments_venue_add"),
                                     {"name": "Sede\u200bCentro", "province": "CABA"})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "El texto contiene caracteres de control no permitidos (U+200B)."]
    assert not Venue.objects.filter(province="CABA").exists()


@pytest.mark.django_db
def test_admin_event_form_refuses_a_bidi_isolate(superuser_client):
    event = EventFactory(name="Copa de Otoño")

    response = superuser_client.post(reverse("admin:tournaments_event_change", args=[event.pk]),
                                     {"name": "Copa \u2066de Otoño"})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == [
        "El texto contiene caracteres de control no permitidos (U+2066)."]
    event.refresh_from_db()
    assert event.name == "Copa de Otoño"


@pytest.mark.django_db
def test_admin_player_import_refuses_a_name_with_a_word_joiner():
    venue = VenueFactory(name="Sede Palermo", province="CABA")
    dataset = tablib.Dataset().load(f"nombre,número,sede\nAna\u2060Paz,WM-9002,{venue.name}\n", format="csv")

    result = PlayerResource().import_data(dataset, dry_run=False)

    assert {row.number: row.error.message_dict for row in result.invalid_rows} == {
        1: {"nombre": ["Contiene caracteres de control no permitidos (U+2060)."]}}
    assert not Player.objects.filter(player_number="WM-9002").exists()


# --------------------------------------------------------------------------- API (DRF model serializers)


class PlayerInput(serializers.ModelSerializer):
    """How a DRF endpoint writing players would read them: the model's own field rules."""

    class Meta:
        model = Player
        fields = ["display_name", "player_number"]


@pytest.mark.django_db
def test_a_drf_model_serializer_refuses_a_bom_in_a_display_name():
    serializer = PlayerInput(data={"display_name": "\ufeffAna Paz", "player_number": "WM-9003"})

    assert not serializer.is_valid()
    assert serializer.errors == {"display_name": ["El texto contiene caracteres de control no permitidos (U+FEFF)."]}


# --------------------------------------------------------------------------- account profile


@pytest.mark.django_db
def test_profile_refuses_a_right_to_left_override_and_keeps_the_name(client):
    account = UserFactory(username="ana@example.com", email="ana@example.com")
    player = PlayerFactory(display_name="Ana Pérez", player_number="WM-0123", user=account)
    client.force_login(account)

    response = client.post(reverse("accounts:profile"), {"display_name": RLO_NAME, "email": "ana@example.com"})

    assert response.status_code == 200
    assert response.context["form"].errors["display_name"] == [MESSAGE_RLO]
    player.refresh_from_db()
    assert player.display_name == "Ana Pérez"

