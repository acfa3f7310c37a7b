"""Organizer actions through the API: pairing, drops, top cut and finish."""
import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tournaments import services
from tournaments.enums import EventState, RoundPhase
from tournaments.models import Registration, Round

from .conftest import first_table, open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def url(name, event, *args):
    return reverse(f"tournaments_api:{name}", args=[event.pk, *args])


def a_player(event) -> Registration:
    return event.registrations.select_related("player").order_by("pk").first()


def test_organizer_pairs_the_next_round(as_user, organizer, event):
    response = as_user(organizer).post(url("pair-next-round", event))
    assert response.status_code == 201
    data = response.json()
    assert (data["round"]["number"], data["round"]["state"], data["round"]["results_pending"]) == (1, "paired", 4)
    assert [p["table_number"] for p in data["pairings"]] == [1, 2, 3, 4]
    assert Round.objects.filter(event=event).count() == 1


def test_superuser_may_act_as_organizer(as_user, event):
    admin = UserFactory(username="admin", is_superuser=True, is_staff=True)
    assert as_user(admin).post(url("pair-next-round", event)).status_code == 201


@pytest.mark.parametrize("role", ["judge", "head_judge", "other_judge", "plain_user"])
def test_only_organizers_pair_rounds(request, as_user, event, role):
    response = as_user(request.getfixturevalue(role)).post(url("pair-next-round", event))
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert not Round.objects.filter(event=event).exists()


def test_anonymous_cannot_pair(api, event):
    response = api.post(url("pair-next-round", event))
    assert (response.status_code, response.json()["code"]) == (403, "not_authenticated")


def test_organizer_of_another_venue_is_refused(as_user, event):
    stranger = UserFactory(username="otra-sede")
    open_event(players=2).venue.organizers.add(stranger)
    assert as_user(stranger).post(url("pair-next-round", event)).status_code == 403


def test_pairing_with_results_missing_is_409_naming_the_tables(as_user, organizer, event):
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=first_table(rnd), seats=[{"games": 2}, {"games": 0}])
    response = as_user(organizer).post(url("pair-next-round", event))
    assert response.status_code == 409
    assert response.json() == {
        "code": "results_missing",
        "detail": "Faltan resultados en las mesas 2, 3, 4; cargalos antes de emparejar la ronda siguiente.",
    }


def test_pairing_an_unknown_event_is_404(as_user, organizer):
    response = as_user(organizer).post(reverse("tournaments_api:pair-next-round", args=[90909]))
    assert (response.status_code, response.json()["code"]) == (404, "event_not_found")


def test_organizer_repairs_the_current_round(as_user, organizer, event):
    first = services.round_pair_next(event=event)
    response = as_user(organizer).post(url("repair-current-round", event))
    assert response.status_code == 201
    assert response.json()["round"]["number"] == 1
    assert not Round.objects.filter(pk=first.pk).exists()


def test_repair_after_a_result_is_409(as_user, organizer, event):
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=first_table(rnd), seats=[{"games": 2}, {"games": 0}])
    response = as_user(organizer).post(url("repair-current-round", event))
    assert (response.status_code, response.json()["code"]) == (409, "round_has_results")


def test_organizer_drops_and_reinstates_a_player(as_user, organizer, event):
    play_round(event)
    reg = a_player(event)
    client = as_user(organizer)
    response = client.post(url("drop", event, reg.player.player_number))
    assert response.status_code == 200
    assert response.json() == {
        "event_id": event.pk,
        "player": {
            "player_number": reg.player.player_number,
            "display_name": reg.player.display_name,
            "home_venue": {"id": reg.player.home_venue_id, "name": reg.player.home_venue.name,
                           "province": reg.player.home_venue.province},
        },
        "dropped": True,
        "dropped_after_round": 1,
        "disqualified": False,
    }
    reg.refresh_from_db()
    assert reg.dropped is True
    response = client.post(url("undo-drop", event, reg.player.player_number))
    body = response.json()
    assert (response.status_code, body["dropped"], body["dropped_after_round"]) == (200, False, None)


def test_dropping_twice_is_400_in_spanish(as_user, organizer, event):
    reg = a_player(event)
    services.registration_drop(registration=reg)
    response = as_user(organizer).post(url("drop", event, reg.player.player_number))
    assert response.status_code == 400
    assert response.json() == {
        "code": "already_dropped",
        "detail": f"{reg.player.display_name} ya abandonó el evento.",
    }


def test_undo_drop_of_a_player_who_did_not_drop_is_400(as_user, organizer, event):
    reg = a_player(event)
    response = as_user(organizer).post(url("undo-drop", event, reg.player.player_number))
    assert (response.status_code, response.json()["code"]) == (400, "not_dropped")


@pytest.mark.parametrize("action", ["drop", "undo-drop"])
def test_judges_cannot_drop_players(as_user, judge, event, action):
    reg = a_player(event)
    response = as_user(judge).post(url(action, event, reg.player.player_number))
    assert response.status_code == 403
    reg.refresh_from_db()
    assert reg.dropped is False


def test_drop_of_a_player_not_registered_is_404(as_user, organizer, event):
    response = as_user(organizer).post(url("drop", event, "WM-NO-ESTA"))
    assert response.status_code == 404
    assert response.json()["detail"] == "El número WM-NO-ESTA no tiene inscripción en «Fecha 3 Super Liga»."


def test_organizer_starts_the_top_cut(as_user, organizer, event):
    for _ in range(3):
        play_round(event)
    response = as_user(organizer).post(url("start-top-cut", event))
    assert response.status_code == 201
    data = response.json()
    round_ = data["round"]
    assert (round_["phase"], round_["stage"], round_["stage_label"]) == ("top_cut", 2, "Semifinales")
    assert len(data["pairings"]) == 2
    event.refresh_from_db()
    assert event.state == EventState.TOP_CUT


def test_top_cut_before_the_swiss_ends_is_409(as_user, organizer, event):
    play_round(event)
    response = as_user(organizer).post(url("start-top-cut", event))
    assert response.status_code == 409
    assert response.json() == {"code": "swiss_not_complete", "detail": "Faltan rondas suizas: se jugaron 1 de 3."}


def test_pair_next_round_during_the_top_cut_pairs_the_final(as_user, organizer, event):
    for _ in range(3):
        play_round(event)
    semis = services.top_cut_start(event=event)
    for match in semis.tables.all():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    data = as_user(organizer).post(url("pair-next-round", event)).json()
    assert (data["round"]["phase"], data["round"]["stage_label"], len(data["pairings"])) == (
        RoundPhase.TOP_CUT, "Final", 1)


def test_organizer_finishes_the_event(as_user, organizer):
    event = open_event(players=4, cut_size=0)
    event.venue.organizers.add(organizer)
    for _ in range(3):
        play_round(event)
    response = as_user(organizer).post(url("finish", event))
    assert response.status_code == 200
    data = response.json()
    assert data["state"] == "finished"
    assert data["podium"]["first"]["player_number"]
    finished = as_user(organizer).post(url("finish", event))
    assert finished.status_code == 409
    assert finished.json() == {"code": "already_finished", "detail": "El evento ya está finalizado."}


def test_finish_before_the_top_cut_is_409(as_user, organizer, event):
    for _ in range(3):
        play_round(event)
    response = as_user(organizer).post(url("finish", event))
    assert (response.status_code, response.json()["detail"]) == (409, "Falta jugar el reducido.")


@pytest.mark.parametrize("name", ["pair-next-round", "repair-current-round", "start-top-cut", "finish"])
def test_organizer_actions_accept_only_post(as_user, organizer, event, name):
    assert as_user(organizer).get(url(name, event)).status_code == 405
