"""The holes issue #15 measured in the admin, closed one by one (the matrix covers the rest).

- An organizer of venue A listed, re-rendered and deleted venue B's PDF.
- An organizer of venue B linked a venue-A player to their own user and renamed it, with no history.
- The sealed-pool admin accepted a pool for a venue-B registration from venue A's organizer.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.enums import AWARDABLE_BADGES
from leagues.models import BadgeAward
from rules.models import SealedPool
from tournaments.models import Event, Player

from .matrix_world import ORG_A, ORG_B, SUPER, World, changed, fingerprint

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def world():
    return World()


def player_form(player: Player, **changes) -> dict:
    data = {"display_name": player.display_name, "player_number": player.player_number,
            "home_venue": player.home_venue_id or "", "referred_by": "", "user": ""}
    return {**data, **changes}


def test_documents_of_another_venue_are_not_listed_and_nobody_but_a_superuser_deletes_one(world):
    changelist = reverse("admin:tournaments_document_changelist")
    listed = set(world.clients[ORG_A].get(changelist).context["cl"].result_list)
    assert world.document["a"] in listed and world.document["b"] not in listed
    own = world.document["a"]
    delete = reverse("admin:tournaments_document_delete", args=[own.pk])
    assert world.clients[ORG_A].get(delete).status_code == 403
    before = fingerprint()
    world.clients[ORG_A].post(changelist, {"action": "delete_selected", "_selected_action": [own.pk], "post": "yes"})
    world.clients[ORG_A].post(delete, {"post": "yes"})
    assert changed(before) == []
    assert world.clients[SUPER].get(delete).status_code == 200


def test_another_venues_organizer_can_neither_rename_nor_link_a_player(world):
    player = world.players["t"]  # home venue A, played in venue B's event: B sees, only A changes
    change = reverse("admin:tournaments_player_change", args=[player.pk])
    page = world.clients[ORG_B].get(change)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    before = fingerprint()
    response = world.clients[ORG_B].post(change, player_form(player, display_name="Robada",
                                                             user=world.users[ORG_B].pk))
    assert response.status_code == 403
    assert changed(before) == []
    other = reverse("admin:tournaments_player_change", args=[world.players["a"].pk])
    assert world.clients[ORG_B].post(other, player_form(world.players["a"], display_name="Robada")).status_code == 302
    assert Player.objects.get(pk=world.players["a"].pk).display_name == "Ana Palermo"


def test_the_home_organizer_renames_with_history_but_never_links_a_user(world):
    player = world.players["a"]
    change = reverse("admin:tournaments_player_change", args=[player.pk])
    response = world.clients[ORG_A].post(change, player_form(player, display_name="Ana María Palermo",
                                                             user=world.users[ORG_A].pk))
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.display_name, player.user_id) == ("Ana María Palermo", None)
    latest, first = player.history.order_by("-history_id")[:2]
    assert (first.display_name, latest.display_name, latest.history_user) == (
        "Ana Palermo", "Ana María Palermo", world.users[ORG_A])
    history = world.clients[ORG_A].get(reverse("admin:tournaments_player_history", args=[player.pk]))
    assert "Ana María Palermo" in history.content.decode()


def test_the_home_venue_offered_is_one_of_the_organizers_own(world):
    change = reverse("admin:tournaments_player_change", args=[world.players["a"].pk])
    response = world.clients[ORG_A].post(change, player_form(world.players["a"], home_venue=world.venue["b"].pk))
    assert response.status_code == 200  # the form again, with the error
    assert "home_venue" in response.context["adminform"].form.errors
    assert Player.objects.get(pk=world.players["a"].pk).home_venue == world.venue["a"]


def test_a_superuser_links_a_player_to_a_user(world):
    player = world.players["a"]
    change = reverse("admin:tournaments_player_change", args=[player.pk])
    world.clients[SUPER].post(change, player_form(player, user=world.users[ORG_A].pk))
    assert Player.objects.get(pk=player.pk).user == world.users[ORG_A]


def test_a_sealed_pool_is_recorded_only_for_a_registration_of_ones_own_events(world):
    add = reverse("admin:rules_sealedpool_add")
    form = {"cards_text": "3 Fasent", "received_text": "", "given_text": "", "basic_gems": "20"}
    count = SealedPool.objects.count()
    response = world.clients[ORG_A].post(add, {**form, "registration": world.reg["b"][2].pk})
    assert response.status_code == 200 and "registration" in response.context["adminform"].form.errors
    assert SealedPool.objects.count() == count
    world.clients[ORG_A].post(add, {**form, "registration": world.reg["a"][2].pk})
    pool = SealedPool.objects.get(registration=world.reg["a"][2])
    assert pool.recorded_by == world.users[ORG_A]


def test_an_event_is_created_only_at_ones_own_venue(world):
    add = reverse("admin:tournaments_event_add")
    event = world.event["a"]
    form = {"name": "Fecha robada", "game": event.game_id, "kind": event.kind, "date": "2024-05-04",
            "best_of": 3, "round_minutes": 50, "min_rounds": 3, "bye_game_wins": 2, "cut_size": 4, "seed": 7,
            "head_judge": "", "planned_rounds": ""}
    response = world.clients[ORG_A].post(add, {**form, "venue": world.venue["b"].pk})
    assert response.status_code == 200 and "venue" in response.context["adminform"].form.errors
    assert not Event.objects.filter(name="Fecha robada").exists()
    world.clients[ORG_A].post(add, {**form, "venue": world.venue["a"].pk})
    assert Event.objects.get(name="Fecha robada").venue == world.venue["a"]


def test_a_badge_award_names_only_ones_own_event(world):
    add = reverse("admin:leagues_badgeaward_add")
    form = {"season": world.season["b"].pk, "player": world.players["a"].pk, "badge": AWARDABLE_BADGES[0][0],
            "reason": "Elegida"}
    response = world.clients[ORG_A].post(add, {**form, "event": world.event["b"].pk})
    assert response.status_code == 200 and "event" in response.context["adminform"].form.errors
    assert not BadgeAward.objects.filter(season=world.season["b"]).exists()


def test_registration_autocomplete_finds_players_of_every_venue(world):
    """Players are national: venue A registers a player whose home is venue B."""
    response = world.clients[ORG_A].get(reverse("admin:autocomplete"), {
        "app_label": "tournaments", "model_name": "registration", "field_name": "player", "term": "Beto"})
    assert response.status_code == 200
    assert [r["id"] for r in response.json()["results"]] == [str(world.players["b"].pk)]


def test_the_quick_player_form_offers_only_ones_own_venues(world):
    url = reverse("admin:tournaments_event_quick_player", args=[world.event["a"].pk])
    count = Player.objects.count()
    world.clients[ORG_A].post(url, {"quick-display_name": "Otra Sede", "quick-player_number": "RO-9",
                                    "quick-home_venue": world.venue["b"].pk})
    assert Player.objects.count() == count
    assert not Player.objects.filter(player_number="RO-9").exists()


def test_the_player_import_changes_only_players_of_ones_own_venue(world):
    """Importing a known number updates that player: only within the organizer's scope, else nothing at all."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = "nombre,número,sede\nAna Robada,PA-1,\nNuevo Rosario,RO-50,Sede Rosario\n".encode()
    upload = SimpleUploadedFile("jugadores.csv", content, content_type="text/csv")
    before = fingerprint()
    response = world.clients[ORG_B].post(reverse("admin:tournaments_player_import"),
                                         {"import_file": upload, "format": "0"})
    html = response.content.decode()
    assert "El jugador PA-1 es de otra sede: sólo su sede lo modifica." in html
    assert changed(before) == []
    upload = SimpleUploadedFile("jugadores.csv", content, content_type="text/csv")
    response = world.clients[ORG_A].post(reverse("admin:tournaments_player_import"),
                                         {"import_file": upload, "format": "0"})
    html = response.content.decode()
    assert "La sede «Sede Rosario» no es una de las que organizás." in html
    assert "PA-1 es de otra sede" not in html
