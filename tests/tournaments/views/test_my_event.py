"""«Mi torneo» and self-drop (issue #17, points 3 and 5).

Events come from :func:`tests.tournaments.views.helpers.build_event` (round 1
random from the recorded seed: who meets whom is read from the match rows,
the fixture's state, never from the page) and from the hand-worked pods
event of :mod:`tests.tournaments.pods_helpers`.
"""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory, player_account
from tests.tournaments.pods_helpers import play_round, stoner_event
from tournaments import services
from tournaments.errors import NotAllowed, RegistrationError, StateError
from tournaments.models import EventLogEntry, Registration, Seat, Table
from tournaments.services.registration import registration_self_drop

from .helpers import build_event, play

pytestmark = pytest.mark.django_db



def table_one(event):
    rnd = event.rounds.order_by("-number").first()
    return Table.objects.get(round=rnd, table_number=1)


def live_part(response) -> str:
    return response.content.decode()


# --------------------------------------------------------------------------- access


def test_anonymous_users_go_to_the_login_page(client):
    event = build_event(4)
    for url in (reverse("me:home"), reverse("me:event", args=[event.pk]), reverse("me:drop", args=[event.pk])):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("accounts:login") + "?next=")
    assert client.post(reverse("me:drop", args=[event.pk])).status_code == 302
    assert not Registration.objects.filter(event=event, dropped=True).exists()


def test_a_user_without_a_player_sees_how_to_claim_a_number(client):
    event = build_event(4)
    client.force_login(UserFactory(username="sin_numero"))
    for url in (reverse("me:home"), reverse("me:event", args=[event.pk])):
        response = client.get(url)
        body = response.content.decode()
        assert response.status_code == 200
        assert "Tu cuenta todavía no está vinculada a un número de jugador." in body
        assert "código de un solo uso" in body
        assert "private" in response["Cache-Control"]
    refused = client.post(reverse("me:drop", args=[event.pk]))
    assert refused.status_code == 403 and "Sin permiso" in refused.content.decode()


def test_a_player_not_registered_in_the_event_gets_a_404_page(client):
    event = build_event(4)
    other = build_event(4)
    client.force_login(player_account(other.registrations.first(), "de_otro"))
    response = client.get(reverse("me:event", args=[event.pk]))
    assert response.status_code == 404
    assert "No tenés inscripción en este evento." in response.content.decode()


def test_the_page_is_always_the_signed_in_players_own(client):
    """Two players of the same table open the same URL: each sees their own opponent, never the other's page."""
    event = build_event(4)
    match = table_one(event)
    a, b = match.player_a, match.player_b
    url = reverse("me:event", args=[event.pk])
    client.force_login(player_account(a, "jug_a"))
    page_a = client.get(url).content.decode()
    client.force_login(player_account(b, "jug_b"))
    page_b = client.get(url).content.decode()
    assert f"Tu rival: <strong>{b.player.display_name}</strong>" in page_a
    assert f"Tu rival: <strong>{a.player.display_name}</strong>" in page_b
    assert a.player.player_number in page_a.split("<h1>")[1].split("</p>")[0]
    assert b.player.player_number in page_b.split("<h1>")[1].split("</p>")[0]


# --------------------------------------------------------------------------- content


def test_duel_page_shows_round_table_opponent_and_clock_with_extension(client):
    """R-000-76: the table's countdown is the round's 50 minutes (000_0014b2ac83da54b4.txt § "10.1.
    Desarrollo de las Rondas Suizas": "cuenta regresiva de 50 minutos") plus the 5 minutes a judge gave
    this table, so it ends 55 minutes after the clock started."""
    event = build_event(4)
    match = table_one(event)
    rnd = match.round
    services.round_clock_start(round=rnd)
    services.match_time_extend(match=match, minutes=5, reason="Chequeo de mazo")
    rnd.refresh_from_db()
    client.force_login(player_account(match.player_a, "jug_a"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert "Ronda 1" in body
    assert "Tu mesa: <strong>1</strong>" in body
    assert f"Tu rival: <strong>{match.player_b.player.display_name}</strong>" in body
    assert match.player_b.player.player_number in body
    assert 'data-extra-minutes="5"' in body and "incluye 5 min extra" in body
    ends = rnd.clock_started_at + datetime.timedelta(minutes=55)
    assert f'data-ends-at="{timezone.localtime(ends).isoformat()}"' in body
    assert 'data-state="running"' in body
    assert "Abandonar el torneo" in body


def test_duel_page_past_rounds_and_standing_position(client):
    """After round 1 the table-1 player A won 2-1 (helpers.play) and the table-2 player B 2-0.

    R-000-68, R-000-73: both winners have 1 point (000_0014b2ac83da54b4.txt § "1- Puntaje total": a
    win is 1), equal on wins and Buchholz (each beat a 0-point player) and no head-to-head; game
    results +1 against +2 put the 2-0 winner first, so table 1's A is «Puesto 2 · 1 punto».
    """
    event = build_event(4, rounds=1, pending_last=False)
    match = table_one(event)
    services.round_close(event=event)
    client.force_login(player_account(match.player_a, "jug_a"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert "Puesto 2 · 1 punto</p>" in body
    rounds = body.split('<table id="my-rounds">')[1]
    assert match.player_b.player.display_name in rounds and "G 2-1" in rounds
    assert "Esperando el emparejamiento de la próxima ronda." in body


def test_pod_page_shows_table_seat_and_pod_mates(client):
    """Five players at one pod (004_4a3d59c736a1e8f3.txt § "Manual de juego": 2–6 a table): Carla sees
    her table, her seat and the four others with their seats; round 1 played shows her 3.º place
    (pods_helpers: Carla 13 stoner points, third) and 1,5 placement points (DESIGN decision 17)."""
    event, regs = stoner_event()
    play_round(event, regs, 1)
    services.round_close(event=event)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    seats = {s.registration_id: s.seat for s in Seat.objects.filter(table=pod)}
    client.force_login(player_account(regs["carla"], "carla"))
    body = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert f"Tu mesa: <strong>{pod.table_number}</strong>" in body
    assert f"tu asiento: <strong>{seats[regs['carla'].pk]}</strong>" in body
    mates = body.split('<ul id="my-opponents">')[1].split("</ul>")[0]
    for key in ("ana", "beto", "dario", "eva"):
        assert regs[key].player.display_name in mates
        assert f"{regs[key].player.player_number} · asiento {seats[regs[key].pk]}" in mates
    assert "Carla Ibáñez" not in mates
    past = body.split('<table id="my-rounds">')[1]
    assert "<strong>3.º</strong>" in past and "1,5" in past


# --------------------------------------------------------------------------- live fragment


def test_fragment_is_private_with_an_etag_and_304_until_something_changes(client):
    event = build_event(4)
    match = table_one(event)
    client.force_login(player_account(match.player_a, "jug_a"))
    url = reverse("me:event", args=[event.pk])
    first = client.get(url, {"fragmento": 1})
    assert first.status_code == 200 and "<html" not in first.content.decode()
    assert "private" in first["Cache-Control"] and "public" not in first["Cache-Control"]
    etag = first["ETag"]
    assert f"-r{match.player_a.pk}-" in etag
    assert client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], games_drawn=0)
    again = client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and "resultado cargado" in again.content.decode()
    # The other player of the table polls the same URL: their own fragment and ETag, never A's body.
    client.force_login(player_account(match.player_b, "jug_b"))
    theirs = client.get(url, {"fragmento": 1}, HTTP_IF_NONE_MATCH=again["ETag"])
    assert theirs.status_code == 200
    assert f"Tu rival: <strong>{match.player_a.player.display_name}</strong>" in theirs.content.decode()


# --------------------------------------------------------------------------- self-drop


def test_self_drop_asks_for_confirmation_then_drops_and_logs_it(client):
    event = build_event(4)
    reg = table_one(event).player_a
    user = player_account(reg, "jug_a")
    client.force_login(user)
    url = reverse("me:drop", args=[event.pk])
    confirm = client.get(url)
    body = confirm.content.decode()
    assert confirm.status_code == 200 and "Sí, abandonar el torneo" in body
    assert "Tu partida de la ronda 1 (mesa 1) sigue pendiente" in body
    reg.refresh_from_db()
    assert not reg.dropped  # the GET only asks
    done = client.post(url, follow=True)
    reg.refresh_from_db()
    assert reg.dropped and reg.dropped_after_round == 1
    assert "Abandonaste" in done.content.decode()
    entry = EventLogEntry.objects.filter(event=event, action="registration_drop").latest("pk")
    assert entry.actor == user and entry.after["self_drop"] is True
    assert entry.reason == "El jugador abandonó el torneo por su cuenta."
    again = client.post(url, follow=True)
    assert "Ya abandonaste este torneo." in again.content.decode()


def test_a_dropped_player_is_not_paired_in_the_next_round(client):
    """DESIGN decision 2: a drop takes effect from the next pairing; results kept."""
    event = build_event(4)
    match = table_one(event)
    reg = match.player_a
    client.force_login(player_account(reg, "jug_a"))
    client.post(reverse("me:drop", args=[event.pk]))
    play(match.round)
    services.round_close(event=event)
    rnd2 = services.round_pair_next(event=event)
    seated = set(Seat.objects.filter(round=rnd2).values_list("registration_id", flat=True))
    assert reg.pk not in seated
    assert len(seated) == 3  # the other three: one pair and a bye
    assert Table.objects.filter(round=match.round, seats__registration=reg, seats__seat=1).exists()  # round 1 kept


def test_a_player_cannot_drop_another(client):
    event = build_event(4)
    match = table_one(event)
    intruder = player_account(match.player_b, "jug_b")
    with pytest.raises(NotAllowed):
        registration_self_drop(registration=match.player_a, by=intruder)
    match.player_a.refresh_from_db()
    assert not match.player_a.dropped
    # Through the page, B's POST can only ever drop B.
    client.force_login(intruder)
    client.post(reverse("me:drop", args=[event.pk]))
    assert list(Registration.objects.filter(event=event, dropped=True)) == [match.player_b]


def test_self_drop_refused_in_top_cut_and_finished_events():
    event = build_event(4)
    reg = event.registrations.first()
    user = player_account(reg, "jug")
    event.state = "top_cut"
    event.save(update_fields=["state"])
    with pytest.raises(StateError) as exc:
        registration_self_drop(registration=reg, by=user)
    assert exc.value.code == "swiss_over"
    event.state = "finished"
    event.save(update_fields=["state"])
    with pytest.raises(StateError) as exc:
        registration_self_drop(registration=reg, by=user)
    assert exc.value.code == "event_finished"


def test_self_drop_before_round_one_is_allowed():
    event = build_event(4, rounds=0)
    reg = event.registrations.first()
    registration_self_drop(registration=reg, by=player_account(reg, "jug"))
    reg.refresh_from_db()
    assert reg.dropped and reg.dropped_after_round == 0


def test_a_player_cannot_undo_their_drop(client):
    """Undone only by the organizer: the player's page offers no undo and a second drop is refused;
    the undo lives in the organizer's admin only."""
    event = build_event(4)
    reg = event.registrations.first()
    user = player_account(reg, "jug")
    registration_self_drop(registration=reg, by=user)
    with pytest.raises(RegistrationError):
        registration_self_drop(registration=reg, by=user)
    client.force_login(user)
    page = client.get(reverse("me:drop", args=[event.pk])).content.decode()
    assert "Ya abandonaste este torneo." in page and 'id="drop-form"' not in page
    assert "Abandonar el torneo" not in client.get(reverse("me:event", args=[event.pk])).content.decode().split(
        "Rondas jugadas")[1]
    # The admin's undo action refuses a user who is not staff.
    admin_page = client.get(reverse("admin:tournaments_registration_changelist"))
    assert admin_page.status_code == 302
    reg.refresh_from_db()
    assert reg.dropped


def test_home_lists_current_events(client):
    event = build_event(4)
    reg = event.registrations.first()
    client.force_login(player_account(reg, "jug"))
    body = client.get(reverse("me:home")).content.decode()
    assert event.name in body and reverse("me:event", args=[event.pk]) in body


def test_the_recorded_result_is_shown_from_the_players_side_while_the_round_is_open(client):
    """Once a judge enters table 1 as 2-1 for A, A's page says «Tu resultado: 2-1» and B's «1-2»."""
    event = build_event(4)
    match = table_one(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    client.force_login(player_account(match.player_a, "jug_res_a"))
    body_a = client.get(reverse("me:event", args=[event.pk])).content.decode()
    client.force_login(player_account(match.player_b, "jug_res_b"))
    body_b = client.get(reverse("me:event", args=[event.pk])).content.decode()
    assert "Tu resultado: 2-1" in body_a and "Tu resultado: 1-2" in body_b
