"""A player's public page in an event played in pods (issue #12): standing, pods, pod-mates, places, points.

Expected values come from the hand-worked event of :mod:`tests.tournaments.pods_helpers`.
"""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import record_places
from tests.tournaments.pods_helpers import play_round, played_event, stoner_event
from tournaments import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def text(html: str) -> str:
    """The visible text of an HTML fragment, tags dropped and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def round_rows(html: str) -> list[str]:
    body = html.split('<table id="player-pods">')[1].split("</tbody>")[0].split("<tbody>")[1]
    return [text(row) for row in body.split("</tr>") if "<td" in row]


def player_url(event, number: str) -> str:
    return reverse("public:player", args=[event.pk, number])


def test_pods_player_page_shows_standing_and_every_pod_with_pod_mates(client):
    """Beto is 3rd (3 points, 24 opponents', 23 stoner points; Eva's 24 put
    her ahead); his rows show 2.25 and 0.75 points with one decimal."""
    event, _regs, _rounds = played_event()
    html = client.get(player_url(event, "PS-02")).content.decode()
    assert "Beto Gómez" in html
    standing = text(html.split('<p id="player-standing">')[1].split("</p>")[0])
    assert standing == "Puesto 3 · 3 puntos por puesto · Rivales 24 · Puntos stoner 23 · Puestos 2-4"
    assert round_rows(html) == [
        "1 1 Ana Núñez PS-01 · 1.º · 25 Carla Ibáñez PS-03 · 3.º · 13 Darío Pérez PS-04 · 4.º · 5 "
        "Eva Sánchez PS-05 · 5.º · 1 2.º 20 2,3",
        "2 1 Eva Sánchez PS-05 · 1.º · 23 Darío Pérez PS-04 · 2.º · 16 Carla Ibáñez PS-03 · 3.º · 9 "
        "Ana Núñez PS-01 · 5.º · 0 4.º 3 0,8",
    ]
    for number in ("PS-01", "PS-03", "PS-04", "PS-05"):
        assert f'href="{player_url(event, number)}"' in html
    assert "<th class=\"num\">Puntos stoner</th>" in html and "Rivales de mesa" in html


def test_pods_player_page_of_the_winner(client):
    event, _regs, _rounds = played_event()
    html = client.get(player_url(event, "PS-01")).content.decode()
    standing = text(html.split('<p id="player-standing">')[1].split("</p>")[0])
    assert standing == "Puesto 1 · 3 puntos por puesto · Rivales 24 · Puntos stoner 25 · Puestos 1-5"
    assert round_rows(html) == [
        "1 1 Beto Gómez PS-02 · 2.º · 20 Carla Ibáñez PS-03 · 3.º · 13 Darío Pérez PS-04 · 4.º · 5 "
        "Eva Sánchez PS-05 · 5.º · 1 1.º 25 3",
        "2 1 Eva Sánchez PS-05 · 1.º · 23 Darío Pérez PS-04 · 2.º · 16 Carla Ibáñez PS-03 · 3.º · 9 "
        "Beto Gómez PS-02 · 4.º · 3 5.º 0 0",
    ]


def test_pods_player_page_shows_a_pod_still_playing(client):
    event, regs = stoner_event()
    play_round(event, regs, 1)
    services.round_pair_next(event=event)
    response = client.get(player_url(event, "PS-03"))
    rows = round_rows(response.content.decode())
    assert rows[0].endswith("3.º 13 1,5")
    assert rows[1].startswith("2 1 ") and rows[1].endswith("pendiente — —")
    assert "·" not in rows[1]  # no place or score of the pod-mates yet
    assert [r.points for r in response.context["rounds"]] == [Decimal("1.5"), None]


def test_pods_player_page_polled_fragment_follows_the_results(client):
    event, regs = stoner_event()
    services.round_pair_next(event=event)
    url = player_url(event, "PS-04")
    first = client.get(url, {"fragmento": 1})
    assert first.status_code == 200
    assert '<table id="player-pods">' in first.content.decode()
    assert "<html" not in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 304
    pod = event.rounds.get().tables.get()
    record_places(pod, [(regs[k].pk, n, 30 - n) for n, k in enumerate(regs, 1)])
    again = client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert round_rows(again.content.decode())[0].endswith("4.º 26 0,8")


def test_pods_player_page_marks_a_dropped_player(client):
    event, regs = stoner_event(planned_rounds=3)
    play_round(event, regs, 1)
    services.registration_drop(registration=regs["eva"])
    html = client.get(player_url(event, "PS-05")).content.decode()
    assert "Abandonó el evento." in html
    assert round_rows(html)[0].endswith("5.º 1 0")
