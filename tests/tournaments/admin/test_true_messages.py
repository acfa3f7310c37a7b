"""Every message true on the organizer's console (issue #28 point 4).

Each case renders the console page (or follows the button to its message)
and reads the Spanish text: «Emparejar» does not promise to close a round
already closed; «Cerrar ronda» says results are missing before the click;
publishing the top decklists counts the lists that exist; a registration's
message fits a woman as well as a man; a result is written one way (2-0);
the round page credits a self-reported result to «los jugadores».
"""
from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from rules.models import Decklist
from tests.factories import EventFactory, player_account
from tests.tournaments.api.conftest import finish_with_top_cut, open_event
from tournaments import services
from tournaments.errors import RegistrationError
from tournaments.models import Event

from .conftest import change_url, make_organizer, message_texts, press, registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def text_of(html: str) -> str:
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def enter_all(rnd) -> None:
    for match in rnd.tables.filter(is_bye=False):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])


# --------------------------------------------------------------------------- the day's buttons


def test_pairing_after_closing_the_round_does_not_promise_to_close_it(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all(services.round_pair_next(event=event))
    press(client_a, event, "cerrar-ronda")
    page = text_of(press(client_a, event, "emparejar", confirm=False).content.decode())
    assert "Se cerrará Ronda 1" not in page
    assert ("Ronda 1 ya está cerrada: sus resultados están confirmados. Ahora se empareja la ronda siguiente "
            "con las posiciones actuales y se imprimen sus documentos.") in page


def test_pairing_an_open_round_still_says_it_closes_it(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all(services.round_pair_next(event=event))
    page = text_of(press(client_a, event, "emparejar", confirm=False).content.decode())
    assert "Se cerrará Ronda 1: sus resultados quedan confirmados" in page


def test_close_round_says_results_are_missing_before_the_click(client_a, venue_a):
    """Tables 2 and 3 of 4 still pending: the button is disabled and says why; pressing it anyway
    answers the same reason without asking to confirm."""
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.exclude(table_number__in=[2, 3]):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    html = client_a.get(change_url(event)).content.decode()
    reason = "Faltan resultados en las mesas 2, 3; cargalos antes de cerrar la ronda 1."
    assert re.search(r'<button type="submit" class="button" disabled title="' + re.escape(reason)
                     + r'"[^>]*>Cerrar ronda y confirmar resultados</button>', html)
    assert "«Cerrar ronda y confirmar resultados» se habilita cuando estén cargados todos los resultados" in html
    response = press(client_a, event, "cerrar-ronda", confirm=False)
    assert message_texts(response) == [reason]
    assert "Confirmar: Cerrar ronda" not in response.content.decode()


def test_one_table_missing_is_said_in_the_singular(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.exclude(table_number=4):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    html = client_a.get(change_url(event)).content.decode()
    assert 'title="Falta el resultado de la mesa 4; cargalo antes de cerrar la ronda 1."' in html


def test_close_round_button_is_enabled_with_every_result(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all(services.round_pair_next(event=event))
    html = client_a.get(change_url(event)).content.decode()
    assert re.search(r'<button type="submit" class="button">Cerrar ronda y confirmar resultados</button>', html)
    assert 'id="arena-close-blocked"' not in html


# --------------------------------------------------------------------------- publishing decklists


@pytest.fixture
def finished(venue_a):
    return finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3, venue=venue_a))


def publish(client, event: Event):
    return client.post(reverse("admin:tournaments_event_changelist"),
                       {"action": "decklists_publish_selected", "_selected_action": [event.pk]}, follow=True)


def test_publishing_without_any_list_says_none_was_published(client_a, finished):
    assert message_texts(publish(client_a, finished)) == [
        f"«{finished.name}»: ninguno de los 4 jugadores del top cargó su lista; no se publicó ninguna."]


def test_publishing_counts_the_lists_the_top_loaded(client_a, finished):
    Decklist.objects.create(registration_id=finished.podium_first_id, text="4 Fasent")
    assert message_texts(publish(client_a, finished)) == [
        f"«{finished.name}»: se publicó 1 lista de los 4 jugadores del top; los demás no cargaron la suya."]
    for rid in (finished.podium_second_id, finished.podium_third_id):
        Decklist.objects.create(registration_id=rid, text="4 Fasent")
    fourth = next(row["registration"] for row in Event.objects.get(pk=finished.pk).decklists_published
                  if row["place"] == 4)
    Decklist.objects.create(registration_id=fourth, text="4 Fasent")
    assert message_texts(publish(client_a, finished)) == [
        f"«{finished.name}»: se publicaron las listas de los 4 jugadores del top."]


# --------------------------------------------------------------------------- final standings CSV


def test_final_standings_csv_gives_the_cut_stage_as_the_deciding_criterion(client, finished):
    client.force_login(make_organizer("org_csv_final", finished.venue))
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[finished.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert [row["Desempate decisivo"] for row in rows[:4]] == ["Campeón", "Final", "Semifinal", "Semifinal"]
    assert not {row["Desempate decisivo"] for row in rows[4:]} & {"Campeón", "Final", "Semifinal", "Cuartos"}


# --------------------------------------------------------------------------- gender-neutral messages


def test_registering_a_woman_reads_right(client_a, venue_a):
    """«Alta rápida» of Ana: the message names her and the registration, no «creado e inscripto»."""
    event = EventFactory(venue=venue_a)
    services.registration_open(event=event)
    response = client_a.post(reverse("admin:tournaments_event_quick_player", args=[event.pk]),
                             {"quick-display_name": "Ana Díaz", "quick-player_number": "WM-7001",
                              "quick-home_venue": venue_a.pk}, follow=True)
    assert message_texts(response) == ["Ana Díaz (WM-7001): alta e inscripción hechas."]
    with pytest.raises(RegistrationError) as refused:  # the same player twice: the refusal names the registration
        services.registration_create(event=event, player=event.registrations.get().player)
    assert refused.value.message == f"Ana Díaz (WM-7001) ya tiene inscripción en «{event.name}»."


# --------------------------------------------------------------------------- one way to write a result


def test_match_history_writes_results_as_the_round_page_does(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.get(table_number=1)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=match, seats=[{"games": 1}, {"games": 1}], games_drawn=1, expected_version=1)
    round_page = text_of(client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk])).content.decode())
    history = text_of(client_a.get(reverse("admin:tournaments_table_history", args=[match.pk])).content.decode())
    assert "1-1-1" in round_page and "Resultado actual: 1-1-1 (Empate)" in history
    assert "2-0 (Gana A)" in history and "2-0-0" not in history


# --------------------------------------------------------------------------- self-reported results


def test_round_page_credits_an_agreed_self_report_to_the_players(client_a, venue_a):
    event = registered_event(venue_a, players=4, self_reporting=True)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.get(table_number=1)
    user_a = player_account(match.player_a, "jugador@arena.example")
    user_b = player_account(match.player_b, "rival@arena.example")
    for registration, user in ((match.player_a, user_a), (match.player_b, user_b)):
        services.table_report_submit(table=match, registration=registration, seats=[{"games": 2}, {"games": 1}],
                                     by=user)
    html = client_a.get(reverse("admin:tournaments_round_change", args=[rnd.pk])).content.decode()
    row = html.split('id="mesa-1"', 1)[1].split("</tr>", 1)[0]
    assert "los jugadores" in text_of(row)
    assert "arena.example" not in row
