"""Player search that folds accents and case everywhere (issue #28 point 1).

«gimenez» must find Camila Giménez in the admin's Jugadores list, the registration autocomplete and
the registrations list, and in the API's ``search`` — on PostgreSQL and SQLite alike (the suite runs
on both). «Alta rápida» asks «¿ya existe?» before creating a second Camila Giménez.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Player, Registration

from .conftest import change_url, message_texts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def players(venue_a):
    return {
        "camila": PlayerFactory(display_name="Camila Giménez", player_number="WM-0101", home_venue=venue_a),
        "matias": PlayerFactory(display_name="Matías Benítez", player_number="WM-0102", home_venue=venue_a),
        "martina": PlayerFactory(display_name="MARTINA ÁLVAREZ", player_number="WM-0103", home_venue=venue_a),
        "other": PlayerFactory(display_name="Juan Gimeno", player_number="WM-0104", home_venue=venue_a),
    }


@pytest.mark.parametrize(("typed", "expected"), [
    ("gimenez", ["Camila Giménez"]),
    ("GIMÉNEZ", ["Camila Giménez"]),
    ("camila gimenez", ["Camila Giménez"]),
    ("benitez", ["Matías Benítez"]),
    ("alvarez", ["MARTINA ÁLVAREZ"]),
    ("gim", ["Camila Giménez", "Juan Gimeno"]),
    ("wm-0102", ["Matías Benítez"]),
    ("gimenez juan", []),  # every word must match
])
def test_the_players_list_folds_accents_and_case(client_a, players, typed, expected):
    response = client_a.get(reverse("admin:tournaments_player_changelist"), {"q": typed})
    assert response.status_code == 200
    assert sorted(p.display_name for p in response.context["cl"].result_list) == expected


def test_the_registration_autocomplete_finds_gimenez(client_a, event_a, players):
    response = client_a.get(reverse("admin:autocomplete"), {
        "term": "gimenez", "app_label": "tournaments", "model_name": "registration", "field_name": "player"})
    assert response.status_code == 200
    assert [r["text"] for r in response.json()["results"]] == ["Camila Giménez (WM-0101)"]


def test_the_registrations_list_folds_and_still_finds_the_event_name(client_a, event_a, players):
    services.registration_open(event=event_a)
    services.registration_create(event=event_a, player=players["camila"])
    changelist = reverse("admin:tournaments_registration_changelist")
    assert [str(r.player) for r in client_a.get(changelist, {"q": "gimenez"}).context["cl"].result_list] == [
        "Camila Giménez (WM-0101)"]
    assert client_a.get(changelist, {"q": "palermo"}).context["cl"].result_count == 1  # «Fecha Palermo»


def test_the_api_search_folds_accents(players):
    response = APIClient().get(reverse("tournaments_api:player-list"), {"search": "gimenez"})
    assert response.status_code == 200
    assert [p["display_name"] for p in response.json()["results"]] == ["Camila Giménez"]


def test_renaming_a_player_keeps_the_search_current(client_a, players):
    camila = players["camila"]
    camila.display_name = "Camila Giménez Ruiz"
    camila.save(update_fields=["display_name"])
    assert Player.objects.get(pk=camila.pk).search_name == "camila gimenez ruiz wm-0101"


def test_quick_registration_asks_ya_existe_before_a_duplicate_and_creates_it_when_told(client_a, event_a,
                                                                                      players, venue_a):
    services.registration_open(event=event_a)
    url = reverse("admin:tournaments_event_quick_player", args=[event_a.pk])
    data = {"quick-display_name": "camila gimenez", "quick-player_number": "WM-0999",
            "quick-home_venue": str(venue_a.pk)}
    response = client_a.post(url, data, follow=True)
    assert any("¿Ya existe? Hay jugadores con ese nombre: Camila Giménez (WM-0101)." in m
               for m in message_texts(response)), message_texts(response)
    assert not Player.objects.filter(player_number="WM-0999").exists()
    # What was typed comes back in the form (the page the refusal lands on), once.
    page = response.content.decode()
    assert 'value="camila gimenez"' in page and 'value="WM-0999"' in page
    assert 'value="WM-0999"' not in client_a.get(change_url(event_a)).content.decode()
    # Another person with the same name: the organizer says so.
    response = client_a.post(url, {**data, "quick-confirm_new": "on"}, follow=True)
    assert "camila gimenez (WM-0999): alta e inscripción hechas." in message_texts(response)
    assert Registration.objects.filter(event=event_a, player__player_number="WM-0999").exists()


def test_the_judge_pickers_offer_judges_and_staff_never_players_accounts(client_a, event_a, organizer_a):
    """Issue #28 point 6: «Juez principal» and «Jueces» list the judge groups' users and the staff."""
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    judge = UserFactory(username="jueza")
    judge.groups.add(Group.objects.get(name="Juez"))
    head = UserFactory(username="juez-principal")
    head.groups.add(Group.objects.get(name="Juez principal"))
    UserFactory(username="camila.gimenez@correo.example", email="camila.gimenez@correo.example")  # a player
    UserFactory(username="jueza-de-baja", is_active=False).groups.add(Group.objects.get(name="Juez"))
    form = client_a.get(change_url(event_a)).context["adminform"].form
    expected = ["juez-principal", "jueza", "org_a"]  # org_a: the organizer is staff
    assert [u.username for u in form.fields["head_judge"].queryset] == expected
    assert [u.username for u in form.fields["judges"].queryset] == expected
