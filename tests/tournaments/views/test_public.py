"""Public pages: events, pairings by name and by table, standings, player, bracket."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, VenueFactory
from tournaments import services
from tournaments.models import Registration, Table

from .helpers import build_event, play

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ["Zoe Díaz", "Álvaro Peña", "Bruno Sosa", "Ema Ruiz", "Ñata Gómez"]


def test_event_list_by_date_and_venue_filter(client):
    palermo, rosario = VenueFactory(name="Sede Palermo"), VenueFactory(name="Sede Rosario")
    EventFactory(name="Fecha de Palermo", venue=palermo)
    EventFactory(name="Fecha de Rosario", venue=rosario)
    html = client.get(reverse("public:event_list")).content.decode()
    assert "Fecha de Palermo" in html and "Fecha de Rosario" in html
    only = client.get(reverse("public:event_list"), {"sede": rosario.pk}).content.decode()
    assert "Fecha de Rosario" in only
    assert "Fecha de Palermo" not in only
    assert "Todas las sedes" in only


def test_event_page_lists_players_alphabetically_with_table_opponent_and_bye(client):
    event = build_event(5, names=NAMES)
    response = client.get(reverse("public:event", args=[event.pk]))
    assert response.status_code == 200
    lines = response.context["by_name"]
    assert [line.display_name for line in lines] == ["Álvaro Peña", "Bruno Sosa", "Ema Ruiz", "Ñata Gómez", "Zoe Díaz"]
    byes = [line for line in lines if line.is_bye]
    assert len(byes) == 1 and byes[0].opponent is None
    for line in lines:
        if not line.is_bye:
            partner = next(other for other in lines if other.display_name == line.opponent)
            assert (partner.table_number, partner.opponent) == (line.table_number, line.display_name)
    html = response.content.decode()
    assert "Por nombre" in html and "Por mesa" in html
    assert "Bye" in html
    assert f'data-live="/eventos/{event.pk}/?fragmento=1"' in html


def test_event_page_search_by_name_ignores_accents_and_case(client):
    event = build_event(5, names=NAMES)
    response = client.get(reverse("public:event", args=[event.pk]), {"q": "ALVARO"})
    assert [line.display_name for line in response.context["by_name"]] == ["Álvaro Peña"]
    assert all("alvaro" in search for _, search in response.context["tables"])


def test_earlier_round_stays_readable(client):
    event = build_event(8, rounds=2)
    response = client.get(reverse("public:round", args=[event.pk, 1]))
    assert response.status_code == 200
    assert response.context["round"].number == 1
    assert "Ronda 1" in response.content.decode()
    assert client.get(reverse("public:round", args=[event.pk, 9])).status_code == 404


def test_standings_show_every_tiebreak_column_and_the_separating_criterion(client):
    event = build_event(8, rounds=1, pending_last=False)
    response = client.get(reverse("public:standings", args=[event.pk]))
    html = response.content.decode()
    for header in ("Posiciones", "Puntaje total", "Buchholz", "Handicap: vs", "Handicap: x", "Desempate"):
        assert header in html
    rows = re.findall(r'<tr data-registration="\d+">(.*?)</tr>', html, re.S)
    assert len(rows) == 8
    tiebreak = [re.search(r'<td class="tiebreak[^"]*"[^>]*>(.*?)</td>', row, re.S).group(1) for row in rows]
    # Four winners (1 point) then four losers: the fifth row is separated by match points.
    assert tiebreak[4] == "Puntaje total"
    known = {"—", "Puntaje total", "Victorias", "Buchholz", "Handicap: vs", "Handicap: x", "Técnico"}
    assert set(tiebreak) <= known


def test_player_page_shows_round_by_round_results(client):
    event = build_event(8, rounds=2)
    match = Table.objects.filter(round__event=event, round__number=1).order_by("table_number").first()
    number = match.player_a.player.player_number
    response = client.get(reverse("public:player", args=[event.pk, number]))
    assert response.status_code == 200
    rounds = response.context["rounds"]
    assert [r.round_number for r in rounds] == [1, 2]
    assert (rounds[0].opponent, rounds[0].games_for, rounds[0].games_against, rounds[0].result) == (
        match.player_b.player.display_name, 2, 1, "win")
    assert rounds[1].result == "pending"
    html = response.content.decode()
    assert "G 2-1" in html
    assert "pendiente" in html
    assert client.get(reverse("public:player", args=[event.pk, "NO-EXISTE"])).status_code == 404


def test_bracket_page_shows_stages_and_podium(client):
    event = build_event(8, rounds=3, pending_last=False)
    play(services.top_cut_start(event=event))
    play(services.round_pair_next(event=event))
    services.event_finish(event=event)
    response = client.get(reverse("public:bracket", args=[event.pk]))
    html = response.content.decode()
    assert [stage.stage for _, stage in response.context["stages"]] == [2, 1]
    assert "Semifinales" in html and "Final" in html and "Podio" in html
    event.refresh_from_db()
    assert event.podium_first.player.display_name in html


def test_bracket_page_before_the_top_cut(client):
    event = build_event(8)
    html = client.get(reverse("public:bracket", args=[event.pk])).content.decode()
    assert "El reducido (top 4) empieza al terminar las rondas suizas." in html


def test_public_pages_show_no_personal_data_beyond_name_number_and_venue(client):
    event = build_event(4)
    reg = Registration.objects.filter(event=event).select_related("player__home_venue").first()
    reg.player.user = UserFactory(username="cuenta-privada", email="privado@example.com", first_name="Nombre Real")
    reg.player.save()
    for url in (reverse("public:player", args=[event.pk, reg.player.player_number]),
                reverse("public:standings", args=[event.pk]), reverse("public:event", args=[event.pk])):
        html = client.get(url).content.decode()
        assert reg.player.display_name in html and reg.player.player_number in html
        assert "privado@example.com" not in html
        assert "cuenta-privada" not in html
        assert "Nombre Real" not in html


def test_fragment_is_a_304_until_a_result_comes_in(client):
    event = build_event(4)
    url = reverse("public:standings", args=[event.pk])
    first = client.get(url, {"fragmento": 1})
    assert first.status_code == 200
    assert "<html" not in first.content.decode()
    etag = first["ETag"]
    assert "public" in first["Cache-Control"]
    assert client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 304
    match = Table.objects.filter(round__event=event, is_bye=False).first()
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    again = client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again["ETag"] != etag


def test_full_pages_are_cacheable(client):
    event = build_event(4)
    for name in ("public:event", "public:standings", "public:bracket"):
        response = client.get(reverse(name, args=[event.pk]))
        assert "max-age=5" in response["Cache-Control"]
