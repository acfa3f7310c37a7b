"""Read once per change: cached pages, fragments and API bodies follow every change at once.

Each test first renders a page (so it is cached), changes the event the way
a judge, organizer or the admin would, and asserts the very next request
shows the change. Expected values are read off the change made in the test
(the score entered, the name typed), never off the page's earlier output.
"""
from __future__ import annotations

import gzip
import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.day import game_seats
from tournaments import services
from tournaments.errors import IllegalResult
from tournaments.models import Event, Player, Registration, Table

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _row_of(html: str, number: str) -> str:
    """The standings row (``<tr>…</tr>``) of player ``number``."""
    rows = re.findall(r"<tr[^>]*data-registration[^>]*>.*?</tr>", html, flags=re.S)
    return next(row for row in rows if number in row)


def _points(row: str) -> str:
    return re.search(r"<strong>([\d.,]+)</strong>", row).group(1)


def _first_pending(event) -> Table:
    return Table.objects.filter(round__event=event, is_bye=False, status="pending").order_by("table_number").first()


def test_a_recorded_result_shows_on_the_next_standings_request(client):
    event = build_event(8, rounds=2)
    url = reverse("public:standings", args=[event.pk])
    match = _first_pending(event)
    winner = match.player_a.player.player_number
    before = client.get(url).content.decode()
    points_before = _points(_row_of(before, winner))
    assert client.get(url).content.decode() == before  # cached: same body at the same stamp

    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])

    after = client.get(url).content.decode()
    assert float(_points(_row_of(after, winner)).replace(",", ".")) == float(points_before.replace(",", ".")) + 1


def test_a_polled_fragment_with_the_old_etag_gets_the_new_result(client):
    event = build_event(8, rounds=1)
    url = reverse("public:event", args=[event.pk])
    first = client.get(url, {"fragmento": 1})
    etag = first["ETag"]
    assert client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 304
    match = _first_pending(event)

    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])

    polled = client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag)
    assert polled.status_code == 200
    assert polled["ETag"] != etag
    assert "4 mesas sin resultado" in first.content.decode()
    assert "3 mesas sin resultado" in polled.content.decode()


def test_a_corrected_result_after_the_next_pairing_shows_on_the_next_request(client, api_client):
    organizer = UserFactory(username="organiza", is_superuser=True, is_staff=True)
    event = build_event(8, rounds=2)  # round 1 played 2-1 / 0-2 / 2-0 / 1-2, round 2 pending
    match = Table.objects.get(round__event=event, round__number=1, table_number=1)  # 2-1 for A
    loser = match.player_b.player.player_number
    page = reverse("public:standings", args=[event.pk])
    api = reverse("tournaments_api:standing-list", args=[event.pk])
    html_before = client.get(page).content.decode()
    api_before = {row["player_number"]: row for row in api_client.get(api).json()["results"]}
    assert api_before[loser]["match_points"] == 0

    services.table_result_correct(table=match, seats=game_seats(match, 1, 2), reason="Planilla mal cargada",
                                  by=organizer)

    api_after = {row["player_number"]: row for row in api_client.get(api).json()["results"]}
    assert api_after[loser]["match_points"] == 1
    html_after = client.get(page).content.decode()
    assert html_after != html_before
    assert float(_points(_row_of(html_after, loser)).replace(",", ".")) == 1


def test_a_rename_in_the_admin_shows_on_the_next_pairings_request(client):
    event = build_event(8, rounds=1)
    url = reverse("public:event", args=[event.pk])
    player = Registration.objects.filter(event=event).first().player
    assert "Iñaki Ñúñez" not in client.get(url).content.decode()

    player.display_name = "Iñaki Ñúñez"
    player.save()  # as the player admin does

    assert "Iñaki Ñúñez" in client.get(url).content.decode()


def test_a_drop_shows_on_the_next_standings_request(client):
    event = build_event(8, rounds=2)
    url = reverse("public:standings", args=[event.pk])
    reg = Registration.objects.filter(event=event).order_by("pk").first()
    assert "abandonó" not in _row_of(client.get(url).content.decode(), reg.player.player_number)

    services.registration_drop(registration=reg)

    assert "abandonó" in _row_of(client.get(url).content.decode(), reg.player.player_number)


def test_a_refused_change_leaves_the_stamp_and_the_cache_as_they_were(client):
    event = build_event(8, rounds=1)
    url = reverse("public:event", args=[event.pk])
    etag = client.get(url)["ETag"]
    match = _first_pending(event)
    with pytest.raises(IllegalResult):
        services.table_result_record(table=match, seats=[{"games": 3}, {"games": 3}])  # not a best-of-three score
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_a_stale_instance_saved_late_never_brings_an_old_stamp_back(client):
    event = build_event(4, rounds=1)
    stale = Event.objects.get(pk=event.pk)  # read before the result below
    services.table_result_record(table=_first_pending(event), seats=[{"games": 2}, {"games": 0}])
    grown = Event.objects.get(pk=event.pk).revision
    stale.name = "Fecha renombrada"
    stale.save()  # writes every field but the stamp, then grows it
    assert Event.objects.get(pk=event.pk).revision == grown + 1
    assert Event.objects.get(pk=event.pk).name == "Fecha renombrada"


def test_spanish_and_english_bodies_are_cached_apart(client):
    event = build_event(4, rounds=1)
    url = reverse("public:standings", args=[event.pk])
    spanish = client.get(url).content.decode()
    client.get(reverse("set_language"), {"language": "en", "next": url})
    english = client.get(url).content.decode()
    assert "Posiciones" in spanish and "Posiciones" not in english
    assert "Standings" in english


def test_the_language_switch_accepts_only_paths_of_this_site(client):
    response = client.get(reverse("set_language"), {"language": "en", "next": "https://example.com/"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.cookies["django_language"].value == "en"


def test_pages_arrive_compressed_and_decompress_to_the_same_page(client):
    event = build_event(64, rounds=1)
    url = reverse("public:standings", args=[event.pk])
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 3
    assert "Accept-Encoding" in packed["Vary"]


def test_the_api_answers_304_for_an_unchanged_body_and_200_after_a_result(api_client):
    event = build_event(8, rounds=1)
    url = reverse("tournaments_api:pairing-list", args=[event.pk, 1])
    first = api_client.get(url)
    assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    match = _first_pending(event)
    services.table_result_record(table=match, seats=[{"games": 0}, {"games": 2}])
    again = api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    row = next(r for r in again.json()["results"] if r["match_id"] == match.pk)
    assert (row["games_a"], row["games_b"]) == (0, 2)


def test_a_player_page_follows_a_new_result(client):
    event = build_event(8, rounds=1)
    match = _first_pending(event)
    number = match.player_b.player.player_number
    url = reverse("public:player", args=[event.pk, number])
    before = client.get(url).content.decode()
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 2}])
    after = client.get(url).content.decode()
    assert "Puesto" in before and "1 victoria" not in before
    assert "1 victoria" in after  # player B won 2-1


def test_an_unknown_event_is_a_404_not_a_cached_page(client):
    assert client.get(reverse("public:standings", args=[987654])).status_code == 404
    assert client.get(reverse("public:event", args=[987654]), {"fragmento": 1}).status_code == 404


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


def test_player_rename_touches_only_the_events_of_that_player(client):
    mine = build_event(4, rounds=1)
    other = build_event(4, rounds=1)
    before = Event.objects.get(pk=other.pk).revision
    Player.objects.filter(registrations__event=mine).first().save()
    assert Event.objects.get(pk=other.pk).revision == before
