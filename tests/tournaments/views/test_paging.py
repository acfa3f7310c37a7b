"""Pages a phone can carry: big events paged by 100 rows, searched on the server, compressed.

The figures asked for are the issue's: at 1,024 players the first screen of
the standings and of the pairings is at most 100 KB on the wire.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Registration

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

WIRE_LIMIT = 100 * 1024  # bytes


def _ranks(html: str) -> list[int]:
    rows = re.findall(r"<tr[^>]*data-registration[^>]*>\s*<td class=\"num\">(\d+)</td>", html)
    return [int(r) for r in rows]


def test_standings_of_a_big_event_are_paged_by_100_rows(client):
    event = build_event(256, rounds=2)
    url = reverse("public:standings", args=[event.pk])
    first = client.get(url)
    second = client.get(url, {"pagina": 2})
    last = client.get(url, {"pagina": 3})
    assert len(first.context["rows"]) == 100 and len(second.context["rows"]) == 100
    assert len(last.context["rows"]) == 56
    # ranks continue across pages: page 2 starts where page 1 ended (ties share a rank)
    assert _ranks(first.content.decode())[0] == 1
    assert _ranks(second.content.decode())[0] >= _ranks(first.content.decode())[-1]
    assert "página 2 de 3" in second.content.decode()
    assert 'href="?pagina=3"' in second.content.decode() and 'href="?pagina=1"' in second.content.decode()
    # a number past the end gives the last page, junk gives the first
    assert client.get(url, {"pagina": 99}).context["rows"] == last.context["rows"]
    assert client.get(url, {"pagina": "x"}).context["rows"] == first.context["rows"]


def test_find_me_searches_every_page_ignoring_accents_and_keeps_the_place(client):
    names = [f"Jugador {i:03d}" for i in range(255)] + ["Iñaki Núñez"]
    event = build_event(256, rounds=2, names=names)
    url = reverse("public:standings", args=[event.pk])
    everyone = [row for page in (1, 2, 3) for row in client.get(url, {"pagina": page}).context["rows"]]
    mine = next(row for row in everyone if row.display_name == "Iñaki Núñez")
    found = client.get(url, {"q": "inaki nunez"})
    assert [row.display_name for row in found.context["rows"]] == ["Iñaki Núñez"]
    assert found.context["rows"][0].rank == mine.rank
    number = Registration.objects.get(event=event, player__display_name="Iñaki Núñez").player.player_number
    assert [row.player_number for row in client.get(url, {"q": number}).context["rows"]] == [number]


def test_pairings_of_a_big_event_are_paged_and_searched_on_the_server(client):
    names = [f"Jugador {i:03d}" for i in range(255)] + ["Iñaki Núñez"]
    event = build_event(256, rounds=1, names=names)
    url = reverse("public:event", args=[event.pk])
    first = client.get(url)
    assert len(first.context["by_name"]) == 100
    assert len(first.context["tables"]) == 50
    seen = {line.display_name for page in (1, 2, 3) for line in client.get(url, {"pagina": page}).context["by_name"]}
    assert seen == set(names)
    found = client.get(url, {"q": "ÑUÑEZ"})
    assert [line.display_name for line in found.context["by_name"]] == ["Iñaki Núñez"]
    table = found.context["by_name"][0].table_number
    assert [p.table_number for p, _search in found.context["tables"]] == [table]
    # the live fragment polls the same page and search
    assert "?q=%C3%91U%C3%91EZ&amp;fragmento=1" in found.content.decode()


def test_first_screens_at_1024_players_fit_in_100_kb_on_the_wire(client):
    event = build_event(1024, rounds=2)
    for name in ("public:standings", "public:event"):
        response = client.get(reverse(name, args=[event.pk]), HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
        assert len(response.content) <= WIRE_LIMIT, (name, len(response.content))
    api = client.get(reverse("tournaments_api:standing-list", args=[event.pk]), HTTP_ACCEPT_ENCODING="gzip")
    assert api["Content-Encoding"] == "gzip" and len(api.content) <= WIRE_LIMIT
