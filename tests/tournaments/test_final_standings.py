"""Final standings of a finished event: the champion first (DESIGN.md decision 20, R-000-80).

An 8-player event with a top 4 is played through the services: the higher
seed wins each semifinal 2-0 and the final's B side (the seed-2 winner)
wins 0-2, so the champion is the semifinal winner of the 2v3 match — not
Swiss #1. Expected final order, by hand: champion, finalist, the semifinal
loser with the better Swiss rank (decision 6), the other semifinal loser,
then Swiss ranks 5 to 8.
"""
from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments import selectors
from tournaments.documents import standings_sheet
from tournaments.enums import RoundPhase
from tournaments.models import Registration

from .api.conftest import finish_with_top_cut, open_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def expected_order(event) -> list[str]:
    swiss = [row.player_number for row in selectors.standing_rows(event)]  # the Swiss order, rank by rank
    final = event.rounds.get(phase=RoundPhase.TOP_CUT, stage=1).tables.get()
    champion, finalist = final.player_b.player.player_number, final.player_a.player.player_number
    semis = event.rounds.get(phase=RoundPhase.TOP_CUT, stage=2).tables.all()
    losers = [m.player_b.player.player_number for m in semis]  # the higher seed (A) won 2-0
    losers.sort(key=swiss.index)
    rest = [n for n in swiss if n not in {champion, finalist, *losers}]
    return [champion, finalist, *losers, *rest]


@pytest.fixture
def finished():
    event = open_event(8, cut_size=4, planned_rounds=3)
    return finish_with_top_cut(event)


def test_public_standings_of_a_finished_event_list_the_champion_first(client, finished):
    expected = expected_order(finished)
    champion = Registration.objects.get(pk=finished.podium_first_id).player.player_number
    assert expected[0] == champion and expected[0] != selectors.standing_rows(finished)[0].player_number
    page = client.get(reverse("public:standings", args=[finished.pk])).content.decode()
    assert "Posiciones finales" in page and "Posiciones tras la ronda 5" not in page
    numbers = [n for n in expected if n in page]
    assert sorted(numbers, key=page.index) == expected
    swiss = client.get(reverse("public:standings", args=[finished.pk]) + "?vista=suiza").content.decode()
    assert "Posiciones tras las rondas suizas (ronda 3)" in swiss
    swiss_order = [row.player_number for row in selectors.standing_rows(finished)]
    assert sorted(swiss_order, key=swiss.index) == swiss_order


def test_api_and_printed_standings_follow_the_final_order(finished):
    expected = expected_order(finished)
    body = APIClient().get(reverse("tournaments_api:standing-list", args=[finished.pk])).json()
    assert [row["player_number"] for row in body["results"]] == expected
    assert [row["rank"] for row in body["results"]] == list(range(1, 9))
    last = finished.rounds.order_by("-number").first()
    sheet = standings_sheet(last)
    assert sheet.title == "Posiciones finales"
    assert [line.number for line in sheet.rows] == expected


def test_admin_csv_of_a_finished_event_lists_the_champion_first(client, finished):
    from tests.tournaments.admin.conftest import make_organizer

    client.force_login(make_organizer("org_final", finished.venue))
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[finished.pk]))
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert [row["Número"] for row in rows] == expected_order(finished)
    assert rows[0]["Puesto"] == "1" and rows[0]["Puesto suizo"] != "1"
