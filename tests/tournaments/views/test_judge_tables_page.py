"""The judge's tables page under a crowd: pending first, server-side search, paging, cheap queries.

A 1,024-player event has 512 tables: the page shows one page of them
(:data:`tournaments.selectors.JUDGE_PAGE_SIZE`), filtered and sliced in the
database, and a saved result lands on the pending ones.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, game
from tournaments import selectors, services
from tournaments.enums import MatchStatus
from tournaments.models import Table

from .helpers import build_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ["Martina Álvarez", "Joaquín Peña", "Lucía Fernández", "Tomás Acosta",
         "Iñaki Núñez", "Sofía Gómez", "Bruno Díaz", "Camila Ruiz"]


def tables_url(event, query: str = "") -> str:
    return reverse("judge:tables", args=[event.pk]) + query


def table_url(event, number: int, table: int) -> str:
    return reverse("judge:table", args=[event.pk, number, table])


def listed(response) -> list[int | None]:
    return [t.pairing.table_number for t in response.context["tables"]]


def match_at(event, table: int) -> Table:
    return Table.objects.get(round__event=event, table_number=table)


def record(event, table: int, judge=None) -> None:
    services.table_result_record(table=match_at(event, table), seats=[{"games": 2}, {"games": 0}], entered_by=judge)


# --------------------------------------------------------------------------- pending first, filters


def test_pending_tables_come_first_and_each_filter_keeps_its_own(client, event, judge):
    record(event, 1, judge)
    record(event, 3, judge)
    client.force_login(judge)
    everything = client.get(tables_url(event))
    assert listed(everything) == [2, 4, 1, 3]
    html = everything.content.decode()
    assert "2 de 4 mesas sin resultado" in html
    assert "Pendientes (2)" in html and "Con resultado (2)" in html and "Todas (4)" in html
    assert listed(client.get(tables_url(event, "?estado=pendientes"))) == [2, 4]
    assert listed(client.get(tables_url(event, "?estado=con-resultado"))) == [1, 3]
    assert listed(client.get(tables_url(event, "?estado=otra-cosa"))) == [2, 4, 1, 3]


def test_pending_view_says_when_no_table_is_left(client, event, judge):
    for table in (1, 2, 3, 4):
        record(event, table)
    client.force_login(judge)
    response = client.get(tables_url(event, "?estado=pendientes"))
    assert listed(response) == []
    assert "No queda ninguna mesa sin resultado en esta ronda." in response.content.decode()


# --------------------------------------------------------------------------- search


def test_search_by_table_number_opens_that_table(client, event, judge):
    client.force_login(judge)
    response = client.get(tables_url(event), {"q": " 3 "})
    assert response.status_code == 302
    assert response["Location"] == table_url(event, 1, 3)


def test_search_by_player_name_ignores_accents_and_case(client, db, judge):
    event = build_event(8, names=NAMES)
    event.judges.add(judge)
    client.force_login(judge)
    match = Table.objects.get(round__event=event, seats__registration__player__display_name="Joaquín Peña")
    for query in ("joaquin pena", "PEÑA", "Joaquín"):
        response = client.get(tables_url(event), {"q": query})
        assert response.status_code == 200
        assert listed(response) == [match.table_number], query
    assert "1 mesa con «joaquin pena»" not in response.content.decode()  # the last query was «Joaquín»
    assert "1 mesa con «Joaquín»" in response.content.decode()


def test_a_number_with_a_leading_zero_searches_player_numbers(client, event, judge):
    # Player numbers end in -0000 … -0007 (helpers.build_event); table 3 exists, but "0003" is a player's number.
    client.force_login(judge)
    player = event.registrations.get(player__player_number__endswith="-0003").player
    match = Table.objects.get(round__event=event, seats__registration__player=player)
    response = client.get(tables_url(event), {"q": "0003"})
    assert response.status_code == 200
    assert listed(response) == [match.table_number]


def test_search_with_nothing_found_says_so(client, event, judge):
    client.force_login(judge)
    response = client.get(tables_url(event), {"q": "nadie se llama así"})
    assert listed(response) == []
    assert "Ninguna mesa coincide con la búsqueda." in response.content.decode()


# --------------------------------------------------------------------------- paging


def test_pages_of_fifty_tables_with_next_and_previous(client, db, judge):
    event = build_event(120)  # 60 tables, all pending, no bye
    event.judges.add(judge)
    client.force_login(judge)
    assert selectors.JUDGE_PAGE_SIZE == 50
    first = client.get(tables_url(event))
    assert listed(first) == list(range(1, 51))
    assert first.context["next_url"] == tables_url(event, "?pagina=2")
    assert first.context["previous_url"] is None
    assert "1–50 de 60" in first.content.decode()
    second = client.get(first.context["next_url"])
    assert listed(second) == list(range(51, 61))
    assert second.context["next_url"] is None
    assert second.context["previous_url"] == tables_url(event)
    assert "51–60 de 60" in second.content.decode()
    pending_second = client.get(tables_url(event, "?estado=pendientes&pagina=2"))
    assert listed(pending_second) == list(range(51, 61))


# --------------------------------------------------------------------------- after a save


def test_saving_a_result_lands_on_the_pending_tables_without_that_one(client, event, judge):
    client.force_login(judge)
    match = match_at(event, 1)
    response = client.post(table_url(event, 1, 1), {"games_a": 2, "games_b": 1, "games_drawn": 0,
                                                    "expected_version": match.version})
    assert response.status_code == 302
    assert response["Location"] == tables_url(event, "?estado=pendientes")
    landing = client.get(response["Location"])
    assert listed(landing) == [2, 3, 4]
    html = landing.content.decode()
    assert "Mesa 1: resultado 2-1 guardado" in html
    assert "3 de 4 mesas sin resultado" in html
    assert table_url(event, 1, 1) not in html


# --------------------------------------------------------------------------- queries


def _query_counts(client, event) -> dict[str, int]:
    """Queries of each judge request on ``event`` (its round 1 tables 1 and 2 pending)."""
    rnd = event.rounds.get(number=1)
    name = match_at(event, 2).player_a.player.display_name
    requests = {
        "tables": lambda: client.get(tables_url(event)),
        "pending": lambda: client.get(tables_url(event, "?estado=pendientes")),
        "search": lambda: client.get(tables_url(event), {"q": name}),
        "form": lambda: client.get(table_url(event, rnd.number, 1)),
        "save": lambda: client.post(table_url(event, rnd.number, 1),
                                    {"games_a": 2, "games_b": 0, "games_drawn": 0, "expected_version": 0}),
    }
    counts = {}
    for key, send in requests.items():
        with CaptureQueriesContext(connection) as ctx:
            response = send()
        assert response.status_code == (302 if key == "save" else 200), key
        counts[key] = len(ctx.captured_queries)
    return counts


def test_query_counts_do_not_grow_with_the_number_of_tables(client, event, judge):
    big = build_event(64)  # 32 tables against the fixture's 4
    big.judges.add(judge)
    client.force_login(judge)
    client.get(tables_url(event))  # the session and caches warm up once
    small = _query_counts(client, event)
    assert _query_counts(client, big) == small


def test_only_one_page_of_matches_is_read_with_its_players(client, db, judge):
    event = build_event(120)
    event.judges.add(judge)
    client.force_login(judge)
    for url in (tables_url(event), tables_url(event, "?estado=pendientes"), table_url(event, 1, 7)):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        matches_with_players = [q["sql"] for q in ctx.captured_queries
                                if ('FROM "tournaments_table"' in q["sql"] or 'FROM "tournaments_seat"' in q["sql"])
                                and '"tournaments_player"."display_name"' in q["sql"]]
        assert matches_with_players, url
        for sql in matches_with_players:  # sliced or limited to the page's ids, never the whole round
            assert " LIMIT " in sql or " IN (" in sql, (url, sql)


# --------------------------------------------------------------------------- pods


def _pod_event(players: int):
    event = EventFactory(game=game("stoner_points"), cut_size=0, best_of=1)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    event.refresh_from_db()
    return event


def _places(pod: Table) -> dict[str, int]:
    data = {"expected_version": pod.version}
    for place, rid in enumerate(pod.seats.order_by("seat").values_list("registration_id", flat=True), start=1):
        data[f"place_{rid}"] = place
        data[f"score_{rid}"] = 25 - 5 * place
    return data


def test_pods_list_pending_first_search_and_land_on_pending_after_a_save(client, db, judge):
    event = _pod_event(13)  # 3 pods: 5, 4 and 4 players
    event.judges.add(judge)
    client.force_login(judge)
    pod_one = Table.objects.get(round__event=event, table_number=1)
    response = client.post(table_url(event, 1, 1), _places(pod_one))
    assert response["Location"] == tables_url(event, "?estado=pendientes")
    assert [p.table_number for p in client.get(response["Location"]).context["tables"]] == [2, 3]
    assert [p.table_number for p in client.get(tables_url(event)).context["tables"]] == [2, 3, 1]
    assert [p.table_number for p in client.get(tables_url(event, "?estado=con-resultado")).context["tables"]] == [1]
    assert client.get(tables_url(event), {"q": "2"})["Location"] == table_url(event, 1, 2)
    seat = Table.objects.get(round__event=event, table_number=3).seats.select_related("registration__player")[0]
    found = client.get(tables_url(event), {"q": seat.registration.player.display_name.upper()})
    assert [p.table_number for p in found.context["tables"]] == [3]
    form = client.get(table_url(event, 1, 2))
    assert form.context["pod"].table_number == 2
    assert len(form.context["pod"].seats) == 4


def test_pod_list_query_count_does_not_grow_with_the_number_of_pods(client, db, judge):
    small, big = _pod_event(13), _pod_event(41)
    for event in (small, big):
        event.judges.add(judge)
    client.force_login(judge)
    client.get(tables_url(small))
    counts = []
    for event in (small, big):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(tables_url(event, "?estado=pendientes")).status_code == 200
        with CaptureQueriesContext(connection) as form:
            assert client.get(table_url(event, 1, 1)).status_code == 200
        counts.append((len(ctx.captured_queries), len(form.captured_queries)))
    assert counts[0] == counts[1]
    assert Table.objects.filter(round__event=big, status=MatchStatus.PENDING).count() > \
        Table.objects.filter(round__event=small).count()
