"""Every message true, read on the pages players, judges and the public see (issue #28 point 4).

Each case renders the page and reads its Spanish text: a confirmed player is
not told they join the waitlist; the final standings explain a top-cut place
by the cut (Campeón, Final, Semifinal) and only the rest by the Swiss
criterion; a result both players reported is credited to «los jugadores»;
points agree with their word; a rule is cited by rulebook name and section.
"""
from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, EventInRound, PlayerFactory, UserFactory, player_account
from tests.tournaments.api.conftest import finish_with_top_cut, open_event
from tournaments import services
from tournaments.enums import RoundPhase
from tournaments.models import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ROUNDS_RULE = "Reglamento Weed Monsters (06/09/2024) § 10.1. Desarrollo de las Rondas Suizas"
CUT_WORDS = {"Campeón", "Final", "Semifinal", "Cuartos", "Octavos"}
#: The Swiss criteria the reason column may name below the cut (tournaments/labels.py, by hand), or none.
SWISS_WORDS = {"Puntaje total", "Victorias", "Buchholz", "Handicap: vs", "Handicap: x", "Técnico", "—"}


def text_of(html: str) -> str:
    """The page's words without tags, styles or scripts, spaces collapsed."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --------------------------------------------------------------------------- pre-registration


def test_a_confirmed_player_is_not_told_to_join_the_waitlist(client):
    """Capacity 1, taken by our player: the event is full, but «te anotás en lista de espera» is
    for someone still asking; the page says «Cupo completo» above «Confirmado»."""
    event = EventFactory(preregistration_open=True, capacity=1, date=timezone.localdate() + datetime.timedelta(days=5))
    user = UserFactory(username="martina")
    player = PlayerFactory(display_name="Martina Álvarez", user=user)
    services.preregistration_create(event=event, player=player, by=user)
    client.force_login(user)
    html = client.get(reverse("prereg:event", args=[event.pk])).content.decode()
    words = text_of(html)
    assert "Confirmado" in words
    assert "te anotás en lista de espera" not in words
    assert "Cupo completo" in words
    listing = text_of(client.get(reverse("prereg:upcoming")).content.decode())
    assert "Cupo completo" in listing and "te anotás en lista de espera" not in listing
    client.logout()  # someone who could still ask for a place is told about the waitlist
    assert "Sin lugares: te anotás en lista de espera" in text_of(
        client.get(reverse("prereg:event", args=[event.pk])).content.decode())


# --------------------------------------------------------------------------- final standings


def reasons(html: str) -> dict[int, str]:
    """Registration id → the text of its «Desempate» cell, row by row."""
    rows = re.findall(r'<tr[^>]*data-registration="(\d+)".*?<td class="tiebreak[^"]*"[^>]*>(.*?)</td>', html, re.S)
    return {int(rid): re.sub(r"<[^>]+>", "", cell).strip() for rid, cell in rows}


def test_final_standings_explain_the_cut_places_by_the_cut():
    """A top 4 of 8: the champion (a semifinal winner who may have fewer Swiss points than the
    finalist) reads «Campeón», the finalist «Final», both semifinal losers «Semifinal»; Swiss places
    5 to 8 keep the Swiss criterion, never a cut word."""
    from django.test import Client

    event = finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3))
    semis = event.rounds.get(phase=RoundPhase.TOP_CUT, stage=2).tables.all()
    semifinal_losers = {m.player_b_id for m in semis}  # the higher seed (A) won each semifinal 2-0
    html = Client().get(reverse("public:standings", args=[event.pk])).content.decode()
    cells = reasons(html)
    assert len(cells) == 8
    assert cells[event.podium_first_id] == "Campeón"
    assert cells[event.podium_second_id] == "Final"
    assert {cells[rid] for rid in semifinal_losers} == {"Semifinal"}
    below = [cell for rid, cell in cells.items()
             if rid not in semifinal_losers | {event.podium_first_id, event.podium_second_id}]
    assert len(below) == 4 and set(below) <= SWISS_WORDS
    swiss = reasons(Client().get(reverse("public:standings", args=[event.pk]) + "?vista=suiza").content.decode())
    assert not set(swiss.values()) & CUT_WORDS  # the Swiss view keeps the Swiss reasons


# --------------------------------------------------------------------------- self-reported results


@pytest.fixture
def agreed():
    """Round 1 of four with self-reporting: both players of table 1 report 2-1 for A."""
    event = EventInRound(1, players=4, self_reporting=True)
    match = Table.objects.get(round__event=event, table_number=1)
    user_a = player_account(match.player_a, "jugador@arena.example", email="jugador@arena.example")
    user_b = player_account(match.player_b, "rival@arena.example", email="rival@arena.example")
    services.table_report_submit(table=match, registration=match.player_a, seats=[{"games": 2}, {"games": 1}],
                                 by=user_a)
    services.table_report_submit(table=match, registration=match.player_b, seats=[{"games": 2}, {"games": 1}],
                                 by=user_b)
    judge = UserFactory(username="juez_reportes")
    event.judges.add(judge)
    return event, match, judge


def test_judges_read_a_result_both_players_reported_as_the_players(client, agreed):
    event, match, judge = agreed
    client.force_login(judge)
    html = client.get(reverse("judge:table", args=[event.pk, 1, 1])).content.decode()
    history = text_of(html.split(">Historial</h2>", 1)[1])
    assert "1 los jugadores" in history  # version 1, who: the players, then when
    assert "arena.example" not in text_of(html)  # neither player's account is named as the author
    tables = text_of(client.get(reverse("judge:tables", args=[event.pk])).content.decode())
    assert "por los jugadores a las" in tables
    assert "rival@arena.example" not in tables


# --------------------------------------------------------------------------- words that agree with numbers


def test_a_player_with_one_point_reads_one_punto():
    """Round 1 of two players: the winner has 1 point (a win is 1, 000 § "Desempates"), the loser 0."""
    from django.test import Client

    event = open_event(2, planned_rounds=2)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.get()
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    winner, loser = match.player_a.player, match.player_b.player
    page = text_of(Client().get(reverse("public:player", args=[event.pk, winner.player_number])).content.decode())
    assert "Puesto 1 · 1 punto ·" in page and "1 puntos" not in page
    page = text_of(Client().get(reverse("public:player", args=[event.pk, loser.player_number])).content.decode())
    assert "Puesto 2 · 0 puntos ·" in page


# --------------------------------------------------------------------------- rule citations


def test_judge_table_cites_the_rulebook_by_name_and_section(client):
    event = EventInRound(1, players=4)
    judge = UserFactory(username="juez_citas")
    event.judges.add(judge)
    client.force_login(judge)
    page = text_of(client.get(reverse("judge:table", args=[event.pk, 1, 1])).content.decode())
    assert "000 §" not in page
    # «Terminó por tiempo» and the lateness rule: both name the rulebook and its section.
    assert page.count(ROUNDS_RULE) == 2
    assert f"se cargue lo que se cargue. Regla: {ROUNDS_RULE}." in page


def test_round_clock_cites_the_rulebook_by_name_and_section(client):
    event = EventInRound(1, players=4)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "000 §" not in html
    assert f"empezando por quien tiene el turno <span class=\"small\">({ROUNDS_RULE})</span>" in html
