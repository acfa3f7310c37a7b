"""«¿Me alcanza con empatar?» on «Mi torneo» and the judges' cut page (issue #29 point 3).

An eight-player event, cut 4 (R-000-39, DESIGN.md decision 6), two Swiss rounds, paired by hand
(``services.round_pair_manual``): round 1 tables 1v2, 3v4, 5v6, 7v8, won by 1, 3, 5 and 7 (1.0 each,
R-000-65); round 2, the last: table 1 = 1 v 3, table 2 = 5 v 7, table 3 = 2 v 4, table 4 = 6 v 8, pending.

Derived by hand for player 1: a win (2.0) leaves only the winner of table 2 able to reach 2.0; a draw (1.5)
leaves at most 3 and both of table 2 level (3 < 4): «seguro con empate». A loss (1.0): 3 at 2.0 and one
of table 2 at least above (2 < 4), up to 3, both of table 2 and the winners of tables 3 and 4 level or
above (5 >= 4): possible, depending on tables 2, 3 and 4. Player 2 (0.0): a win (1.0) is possible
(tables 1, 2 and 4), a draw or a loss leaves the four players of tables 1 and 2 above: «no alcanza».
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory, player_account
from tests.factories.day import registered_event
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_round():
    event = registered_event(8, cut_size=4, planned_rounds=2, format="duels")
    regs = list(event.registrations.order_by("pk"))
    p = {i + 1: reg for i, reg in enumerate(regs)}
    rnd = services.round_pair_manual(event=event, pairings=[(p[1], p[2]), (p[3], p[4]), (p[5], p[6]), (p[7], p[8])])
    for table in Table.objects.filter(round=rnd).order_by("table_number"):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 0}])
    services.round_close(event=event)
    services.round_pair_manual(event=event, pairings=[(p[1], p[3]), (p[5], p[7]), (p[2], p[4]), (p[6], p[8])])
    event.refresh_from_db()
    return event, p


def test_my_event_shows_the_players_cut_line(client, last_round):
    event, p = last_round
    client.force_login(player_account(p[1], "jug1"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert "¿Entrás al top 4?" in body
    assert "Seguro con empate" in body
    assert "Con victoria: seguro" in body
    assert "Con empate: seguro" in body
    assert "Con derrota: posible: depende de las mesas 2, 3 y 4" in body
    assert "Es la última ronda suiza." in body

    client.force_login(player_account(p[2], "jug2"))
    body = client.get(reverse("me:event", args=[event.pk]) + "?fragmento=1").content.decode()
    assert "Posible: depende de las mesas 1, 2 y 4" in body
    assert "Con empate: no alcanza" in body


def test_the_judges_cut_page_lists_every_player(client, last_round):
    event, p = last_round
    judge = UserFactory(username="juez_corte")
    event.judges.add(judge)
    client.force_login(judge)
    tables_page = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert reverse("judge:cutline", args=[event.pk]) in tables_page
    response = client.get(reverse("judge:cutline", args=[event.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count('data-registration="') == 8
    assert "Ronda 2, la última suiza." in body
    row = body.split(f'data-registration="{p[1].pk}"')[1].split("</tr>")[0]
    assert row.count(">seguro<") == 2 and "m. 2, 3, 4" in row
    row = body.split(f'data-registration="{p[2].pk}"')[1].split("</tr>")[0]
    assert row.count(">no<") == 2 and "m. 1, 2, 4" in row


def test_the_cut_page_is_for_judges_only(client, last_round):
    event, _p = last_round
    client.force_login(UserFactory(username="curioso"))
    assert client.get(reverse("judge:cutline", args=[event.pk])).status_code == 403


def test_no_cut_line_without_a_top_cut(client):
    event = registered_event(8, cut_size=0, planned_rounds=2, format="duels")
    services.round_pair_next(event=event)
    client.force_login(player_account(event.registrations.first(), "sin_corte"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert "my-cutline" not in body


def test_the_cut_line_costs_the_same_queries_at_8_and_32_players():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.selectors import cut_line_for_event

    counts = []
    for players in (8, 32):
        event = registered_event(players, cut_size=8, format="duels")
        services.round_pair_next(event=event)
        event.refresh_from_db()
        with CaptureQueriesContext(connection) as queries:
            line = cut_line_for_event(event)
        assert len(line.rows) == players
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 5, counts
