"""Public events endpoints: list with filters, search and pagination; detail."""
import datetime

import pytest
from django.urls import reverse

from tests.factories import EventFactory, VenueFactory
from tournaments.enums import EventKind, EventState

from .conftest import finish_with_top_cut, open_event, play_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

EVENTS = reverse("tournaments_api:event-list")


def names(response) -> list[str]:
    return [row["name"] for row in response.json()["results"]]


def test_event_list_is_public_and_newest_first(api):
    EventFactory(name="Vieja", date=datetime.date(2024, 1, 6))
    EventFactory(name="Nueva", date=datetime.date(2024, 3, 2))
    response = api.get(EVENTS)
    assert response.status_code == 200
    assert response.json()["count"] == 2
    assert names(response) == ["Nueva", "Vieja"]


def test_event_list_row_has_venue_game_and_labels(api):
    venue = VenueFactory(name="Dragón Dorado", province="Córdoba")
    event = EventFactory(name="Fecha 1", venue=venue, kind=EventKind.SUPER_LIGA)
    row = api.get(EVENTS).json()["results"][0]
    assert row["id"] == event.pk
    assert row["venue"] == {"id": venue.pk, "name": "Dragón Dorado", "province": "Córdoba"}
    assert row["game"]["key"] == "weed_monsters"
    assert (row["kind"], row["kind_label"]) == ("super_liga", "Super Liga")
    assert (row["state"], row["state_label"]) == ("draft", "Borrador")
    assert row["current_round"] is None
    assert row["podium"] is None


def test_event_list_filters_by_venue(api):
    venue = VenueFactory()
    EventFactory(name="Aquí", venue=venue)
    EventFactory(name="Allá")
    assert names(api.get(EVENTS, {"venue": venue.pk})) == ["Aquí"]


def test_event_list_filters_by_province_ignoring_case(api):
    EventFactory(name="Córdoba", venue=VenueFactory(province="Córdoba"))
    EventFactory(name="Porteña", venue=VenueFactory(province="Buenos Aires"))
    assert names(api.get(EVENTS, {"province": "córdoba"})) == ["Córdoba"]


def test_event_list_filters_by_date_range_inclusive(api):
    for day in (1, 10, 20):
        EventFactory(name=f"Día {day}", date=datetime.date(2024, 2, day))
    response = api.get(EVENTS, {"date_after": "2024-02-10", "date_before": "2024-02-20"})
    assert names(response) == ["Día 20", "Día 10"]


def test_event_list_filters_by_kind_state_and_game(api):
    EventFactory(name="Quest", kind=EventKind.BREEDER_QUEST, state=EventState.REGISTRATION)
    EventFactory(name="Liga", kind=EventKind.SUPER_LIGA, state=EventState.REGISTRATION)
    EventFactory(name="Liga cerrada", kind=EventKind.SUPER_LIGA, state=EventState.FINISHED)
    assert names(api.get(EVENTS, {"kind": "breeder_quest"})) == ["Quest"]
    assert names(api.get(EVENTS, {"kind": "super_liga", "state": "registration"})) == ["Liga"]
    assert len(names(api.get(EVENTS, {"game": "weed_monsters"}))) == 3
    assert names(api.get(EVENTS, {"game": "otro_juego"})) == []


def test_event_list_searches_by_name_ignoring_case(api):
    EventFactory(name="Super Liga — Fecha 3")
    EventFactory(name="Torneo de Verano")
    assert names(api.get(EVENTS, {"search": "fecha"})) == ["Super Liga — Fecha 3"]


def test_event_list_invalid_filter_is_400_with_readable_spanish_detail(api):
    response = api.get(EVENTS, {"kind": "mundial", "date_after": "ayer"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert set(body["errors"]) == {"kind", "date"}
    assert body["detail"] == (
        "kind: Elegí una opción válida: mundial no es una de las disponibles. "
        "date: Ingresá una fecha válida."
    )


def test_event_list_paginates_with_page_size(api):
    for day in range(1, 6):
        EventFactory(name=f"Fecha {day}", date=datetime.date(2024, 4, day))
    first = api.get(EVENTS, {"page_size": 2}).json()
    assert first["count"] == 5
    assert [r["name"] for r in first["results"]] == ["Fecha 5", "Fecha 4"]
    assert first["previous"] is None and "page=2" in first["next"]
    last = api.get(EVENTS, {"page_size": 2, "page": 3}).json()
    assert [r["name"] for r in last["results"]] == ["Fecha 1"]
    assert last["next"] is None


def test_event_list_page_out_of_range_is_400_naming_page(api):
    EventFactory()  # one event: page 1 of 1 (issue #15: 400 naming the parameter, not 404)
    response = api.get(EVENTS, {"page": 9})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and list(body["errors"]) == ["page"]
    assert body["detail"] == "page: No existe la página 9."


@pytest.mark.parametrize("count", [1, 3])
def test_event_list_runs_a_constant_number_of_queries(api, django_assert_num_queries, count):
    for _ in range(count):
        finish_with_top_cut(open_event(players=4))
    with django_assert_num_queries(2):  # count + page (venue, game and podium joined)
        response = api.get(EVENTS)
    assert len(response.json()["results"]) == count


def test_event_detail_shows_current_round_and_podium(api):
    event = open_event(players=4, name="Fecha final")
    event = finish_with_top_cut(event)
    body = api.get(reverse("tournaments_api:event-detail", args=[event.pk])).json()
    assert body["state"] == "finished"
    assert body["current_round"] == event.rounds.count()
    podium = body["podium"]
    assert podium["first"]["player_number"] == event.podium_first.player.player_number
    assert podium["second"]["player_number"] == event.podium_second.player.player_number
    assert podium["third"]["player_number"] == event.podium_third.player.player_number
    assert set(podium["first"]) == {"player_number", "display_name", "home_venue"}
    assert body["finished_at"] is not None


def test_event_detail_during_swiss_has_no_podium(api, event):
    play_round(event)
    body = api.get(reverse("tournaments_api:event-detail", args=[event.pk])).json()
    assert (body["state"], body["current_round"], body["podium"]) == ("swiss", 1, None)


def test_event_detail_unknown_is_404_in_spanish(api):
    response = api.get(reverse("tournaments_api:event-detail", args=[999]))
    assert response.status_code == 404
    assert response.json() == {"code": "event_not_found", "detail": "No existe el evento 999."}


def test_event_endpoints_are_read_only(api, as_user, organizer, event):
    response = as_user(organizer).post(EVENTS, {"name": "x"})
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
