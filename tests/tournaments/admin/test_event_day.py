"""The event page as the day's console: lifecycle buttons, registrations, settings (issue #4).

Every button is a POST through the test client; refusals come back as
messages (the service's Spanish text) and change nothing; clicking the same
form twice never pairs twice.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.enums import EventState, MatchStatus, RoundState
from tournaments.models import Event, Player, Registration, Round

from .conftest import (
    action_url,
    change_form_data,
    change_url,
    message_texts,
    press,
    registered_event,
    shown_buttons,
    token_of,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def enter_all_results(rnd, score=(2, 0, 0)):
    for match in rnd.tables.filter(is_bye=False, status=MatchStatus.PENDING):
        services.table_result_record(
            table=match,
            seats=[{"games": score[0]}, {"games": score[1]}],
            games_drawn=score[2],
        )


# --------------------------------------------------------------------------- buttons shown


def test_event_page_draft_offers_only_open_registration(client_a, event_a):
    response = client_a.get(change_url(event_a))
    assert response.status_code == 200
    assert shown_buttons(response) == ["Abrir inscripción"]
    assert "Día del torneo" in response.content.decode()


def test_event_page_registration_offers_only_close_registration(client_a, event_a):
    services.registration_open(event=event_a)
    response = client_a.get(change_url(event_a))
    assert shown_buttons(response) == ["Cerrar inscripción"]


def test_event_page_closed_offers_reopen_and_pair(client_a, venue_a):
    event = registered_event(venue_a)
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Abrir inscripción", "Emparejar ronda siguiente"]


def test_event_page_round_without_results_offers_repair_and_close(client_a, venue_a):
    event = registered_event(venue_a)
    services.round_pair_next(event=event)
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Rehacer ronda actual", "Cerrar ronda y confirmar resultados"]
    assert "Faltan 4 resultados: mesas 1, 2, 3, 4." in response.content.decode()


def test_event_page_repair_hidden_once_a_result_is_recorded(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=rnd.tables.first(), seats=[{"games": 2}, {"games": 0}])
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Cerrar ronda y confirmar resultados"]


def test_event_page_complete_round_offers_close_and_pair(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Cerrar ronda y confirmar resultados", "Emparejar ronda siguiente"]


def test_event_page_last_swiss_round_offers_top_cut(client_a, venue_a):
    event = registered_event(venue_a)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Cerrar ronda y confirmar resultados", "Iniciar reducido"]


def test_event_page_without_cut_offers_finish_after_swiss(client_a, venue_a):
    event = registered_event(venue_a, cut_size=0)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    response = client_a.get(change_url(event))
    assert shown_buttons(response) == ["Cerrar ronda y confirmar resultados", "Finalizar evento"]


def test_event_page_finished_offers_no_button_and_shows_podium(client_a, venue_a):
    event = registered_event(venue_a, cut_size=0)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    services.event_finish(event=event)
    response = client_a.get(change_url(event))
    html = response.content.decode()
    assert shown_buttons(response) == []
    event.refresh_from_db()
    assert f"<strong>1º</strong> {event.podium_first.player.display_name}" in html


# --------------------------------------------------------------------------- each button


def test_open_registration_button_opens_it(client_a, event_a):
    response = press(client_a, event_a, "abrir-inscripcion")
    event_a.refresh_from_db()
    assert event_a.state == EventState.REGISTRATION
    assert message_texts(response) == ["Inscripción abierta: ya podés inscribir jugadores."]


def test_open_registration_double_click_is_refused_clearly(client_a, event_a):
    token = token_of(event_a)
    press(client_a, event_a, "abrir-inscripcion", token=token)
    response = press(client_a, event_a, "abrir-inscripcion", token=token)
    texts = message_texts(response)
    assert len(texts) == 1
    assert texts[0].startswith("«Abrir inscripción» no se hizo: la página estaba desactualizada")
    assert "Inscripción abierta" in texts[0]
    event_a.refresh_from_db()
    assert event_a.state == EventState.REGISTRATION


def test_close_registration_button_closes_it(client_a, event_a):
    services.registration_open(event=event_a)
    response = press(client_a, event_a, "cerrar-inscripcion")
    event_a.refresh_from_db()
    assert event_a.state == EventState.CLOSED
    assert message_texts(response) == ["Inscripción cerrada: ya podés emparejar la ronda 1."]


def test_close_registration_refused_shows_service_message(client_a, event_a):
    response = press(client_a, event_a, "cerrar-inscripcion")  # draft: the button is not shown, the service refuses
    assert message_texts(response) == ["La inscripción no está abierta."]
    event_a.refresh_from_db()
    assert event_a.state == EventState.DRAFT


def test_pair_button_pairs_round_one_and_lands_on_round_page(client_a, venue_a):
    event = registered_event(venue_a)
    response = press(client_a, event, "emparejar")
    rnd = Round.objects.get(event=event)
    assert response.redirect_chain[-1][0] == reverse("admin:tournaments_round_change", args=[rnd.pk])
    assert message_texts(response) == ["Ronda 1 emparejada: 4 mesas. Cargá los resultados en esta página."]
    assert rnd.tables.count() == 4


def test_pair_button_double_click_never_pairs_twice(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    enter_all_results(rnd)
    token = token_of(event)
    press(client_a, event, "emparejar", token=token)
    response = press(client_a, event, "emparejar", token=token)
    assert Round.objects.filter(event=event).count() == 2
    assert "«Emparejar ronda siguiente» no se hizo" in message_texts(response)[0]


def test_pair_button_with_missing_results_shows_service_message(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    for match in rnd.tables.exclude(table_number__in=[2, 3]):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    response = press(client_a, event, "emparejar")
    assert message_texts(response) == [
        "Faltan resultados en las mesas 2, 3; cargalos antes de emparejar la ronda siguiente."
    ]
    assert Round.objects.filter(event=event).count() == 1


def test_repair_button_pairs_the_round_again(client_a, venue_a):
    event = registered_event(venue_a)
    first = services.round_pair_next(event=event)
    response = press(client_a, event, "rehacer")
    rnd = Round.objects.get(event=event)
    assert rnd.pk != first.pk
    assert rnd.number == 1
    assert message_texts(response) == ["Ronda 1 emparejada de nuevo: 4 mesas. Cargá los resultados en esta página."]


def test_repair_button_double_click_is_refused(client_a, venue_a):
    event = registered_event(venue_a)
    services.round_pair_next(event=event)
    token = token_of(event)
    press(client_a, event, "rehacer", token=token)
    response = press(client_a, event, "rehacer", token=token)
    assert "«Rehacer ronda actual» no se hizo" in message_texts(response)[0]
    assert Round.objects.filter(event=event).count() == 1


def test_repair_button_after_a_result_shows_service_message(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=rnd.tables.first(), seats=[{"games": 2}, {"games": 0}])
    response = press(client_a, event, "rehacer")
    assert message_texts(response) == ["La ronda 1 ya tiene resultados cargados; no se puede rehacer."]
    assert Round.objects.get(event=event).pk == rnd.pk


def test_close_round_button_confirms_results(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    enter_all_results(rnd)
    response = press(client_a, event, "cerrar-ronda")
    rnd.refresh_from_db()
    assert rnd.state == RoundState.CLOSED
    assert set(rnd.tables.values_list("status", flat=True)) == {MatchStatus.CONFIRMED}
    assert message_texts(response) == ["Ronda 1 cerrada: resultados confirmados."]


def test_close_round_button_with_missing_results_names_the_tables(client_a, venue_a):
    event = registered_event(venue_a)
    rnd = services.round_pair_next(event=event)
    services.table_result_record(table=rnd.tables.get(table_number=1), seats=[{"games": 2}, {"games": 0}])
    response = press(client_a, event, "cerrar-ronda")
    assert message_texts(response) == ["Faltan resultados en las mesas 2, 3, 4; cargalos antes de cerrar la ronda 1."]
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PAIRED


def test_close_round_double_click_is_refused(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    token = token_of(event)
    press(client_a, event, "cerrar-ronda", token=token)
    response = press(client_a, event, "cerrar-ronda", token=token)
    assert "«Cerrar ronda y confirmar resultados» no se hizo" in message_texts(response)[0]


def test_top_cut_button_pairs_the_semifinals(client_a, venue_a):
    event = registered_event(venue_a)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    token = token_of(event)
    response = press(client_a, event, "iniciar-reducido", token=token)
    event.refresh_from_db()
    assert event.state == EventState.TOP_CUT
    assert message_texts(response) == [
        "Ronda 4 — Semifinales emparejada: 2 mesas. Cargá los resultados en esta página."
    ]
    again = press(client_a, event, "iniciar-reducido", token=token)
    assert "«Iniciar reducido» no se hizo" in message_texts(again)[0]
    assert Round.objects.filter(event=event).count() == 4


def test_top_cut_button_before_swiss_is_done_shows_service_message(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    response = press(client_a, event, "iniciar-reducido")
    assert message_texts(response) == ["Faltan rondas suizas: se jugaron 1 de 3."]


def test_finish_button_fixes_the_podium_and_shows_it(client_a, venue_a):
    event = registered_event(venue_a)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    enter_all_results(services.top_cut_start(event=event))
    enter_all_results(services.round_pair_next(event=event))
    token = token_of(event)
    response = press(client_a, event, "finalizar", token=token)
    event.refresh_from_db()
    assert event.state == EventState.FINISHED
    first = event.podium_first.player.display_name
    assert message_texts(response)[0].startswith(f"Evento finalizado. Podio: 1º {first}, 2º ")
    assert f"<strong>1º</strong> {first}" in response.content.decode()
    again = press(client_a, event, "finalizar", token=token)
    assert "«Finalizar evento» no se hizo" in message_texts(again)[0]


def test_finish_button_refused_while_top_cut_pending(client_a, venue_a):
    event = registered_event(venue_a)
    for _ in range(3):
        enter_all_results(services.round_pair_next(event=event))
    services.top_cut_start(event=event)
    response = press(client_a, event, "finalizar")
    assert message_texts(response) == ["El reducido todavía no terminó."]


def test_lifecycle_action_requires_post(client_a, event_a):
    response = client_a.get(action_url(event_a, "abrir-inscripcion"))
    assert response.status_code == 405
    event_a.refresh_from_db()
    assert event_a.state == EventState.DRAFT


def test_lifecycle_action_requires_csrf(organizer_a, event_a):
    from django.test import Client

    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(organizer_a)
    response = csrf_client.post(action_url(event_a, "abrir-inscripcion"), {"token": token_of(event_a)})
    assert response.status_code == 403
    event_a.refresh_from_db()
    assert event_a.state == EventState.DRAFT


def test_unknown_lifecycle_action_is_404(client_a, event_a):
    response = client_a.post(action_url(event_a, "borrar-todo"), {"token": token_of(event_a)})
    assert response.status_code == 404


# --------------------------------------------------------------------------- registrations


def registration_url(event, registration, action):
    return reverse("admin:tournaments_event_registration_action", args=[event.pk, registration.pk, action])


def test_drop_and_undo_drop_buttons_go_through_services(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    registration = event.registrations.first()
    response = client_a.post(registration_url(event, registration, "abandono"), follow=True)
    registration.refresh_from_db()
    assert registration.dropped is True
    assert registration.dropped_after_round == 1
    assert message_texts(response) == [
        f"{registration.player.display_name} abandonó el evento: no se empareja más (sus resultados cuentan)."
    ]
    response = client_a.post(registration_url(event, registration, "deshacer-abandono"), follow=True)
    registration.refresh_from_db()
    assert registration.dropped is False
    assert message_texts(response) == [f"{registration.player.display_name} vuelve al evento desde la próxima ronda."]


def test_drop_button_twice_shows_service_refusal(client_a, venue_a):
    event = registered_event(venue_a)
    registration = event.registrations.first()
    client_a.post(registration_url(event, registration, "abandono"), follow=True)
    response = client_a.post(registration_url(event, registration, "abandono"), follow=True)
    assert message_texts(response) == [f"{registration.player.display_name} ya abandonó el evento."]


def test_check_in_buttons_toggle_presence(client_a, venue_a):
    event = registered_event(venue_a)
    registration = event.registrations.first()
    client_a.post(registration_url(event, registration, "ausente"))
    registration.refresh_from_db()
    assert registration.checked_in is False
    client_a.post(registration_url(event, registration, "presente"))
    client_a.post(registration_url(event, registration, "presente"))  # a double click changes nothing more
    registration.refresh_from_db()
    assert registration.checked_in is True


def test_registration_rows_show_their_buttons(client_a, venue_a):
    event = registered_event(venue_a)
    registration = event.registrations.first()
    services.registration_drop(registration=registration)
    html = client_a.get(change_url(event)).content.decode()
    assert registration_url(event, registration, "deshacer-abandono") in html
    other = event.registrations.exclude(pk=registration.pk).first()
    assert registration_url(event, other, "abandono") in html
    assert 'form="arena-registration-actions"' in html
    assert 'id="arena-registration-actions"' in html


def test_quick_player_creates_and_registers(client_a, event_a, venue_a):
    services.registration_open(event=event_a)
    url = reverse("admin:tournaments_event_quick_player", args=[event_a.pk])
    data = {"quick-display_name": "Ana Díaz", "quick-player_number": "WM-9001", "quick-home_venue": venue_a.pk}
    response = client_a.post(url, data, follow=True)
    player = Player.objects.get(player_number="WM-9001")
    assert Registration.objects.filter(event=event_a, player=player, checked_in=True).exists()
    assert message_texts(response) == ["Ana Díaz (WM-9001): alta e inscripción hechas."]


def test_quick_player_in_swiss_is_a_late_entry(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    url = reverse("admin:tournaments_event_quick_player", args=[event.pk])
    response = client_a.post(url, {"quick-display_name": "Tardío", "quick-player_number": "WM-9002"}, follow=True)
    registration = Registration.objects.get(event=event, player__player_number="WM-9002")
    assert (registration.late_entry, registration.joined_round) == (True, 2)
    assert message_texts(response) == [
        "Tardío (WM-9002): alta e inscripción hechas (inscripción tardía: juega desde la ronda 2)."
    ]


def test_quick_player_refused_by_service_creates_nothing(client_a, event_a):
    url = reverse("admin:tournaments_event_quick_player", args=[event_a.pk])  # draft: no entries
    response = client_a.post(url, {"quick-display_name": "Nadie", "quick-player_number": "WM-9003"}, follow=True)
    assert not Player.objects.filter(player_number="WM-9003").exists()
    assert message_texts(response) == ["El evento «Fecha Palermo» no admite inscripciones en estado «Borrador»."]


def test_quick_player_duplicate_number_is_a_form_error(client_a, event_a):
    services.registration_open(event=event_a)
    PlayerFactory(player_number="WM-9004", display_name="Breeder")
    url = reverse("admin:tournaments_event_quick_player", args=[event_a.pk])
    response = client_a.post(url, {"quick-display_name": "Otro", "quick-player_number": "WM-9004"}, follow=True)
    assert message_texts(response) == [
        "Número: Ya existe la ficha de Breeder con ese número (WM-9004): inscribila con «Agregar otro/a Inscripción»."
    ]
    assert Player.objects.filter(player_number="WM-9004").count() == 1


def test_inline_new_row_registers_through_the_service(client_a, venue_a):
    event = registered_event(venue_a)
    enter_all_results(services.round_pair_next(event=event))
    newcomer = PlayerFactory(display_name="Recién Llegado")
    page = client_a.get(change_url(event))
    data = change_form_data(page)
    total = int(data["registrations-TOTAL_FORMS"])
    data["registrations-TOTAL_FORMS"] = str(total + 1)
    data[f"registrations-{total}-player"] = str(newcomer.pk)
    data[f"registrations-{total}-event"] = str(event.pk)
    response = client_a.post(change_url(event), data, follow=True)
    assert response.status_code == 200
    registration = Registration.objects.get(event=event, player=newcomer)
    assert (registration.late_entry, registration.joined_round) == (True, 2)
    assert registration.draw_order > 0
    assert "Recién Llegado" in " ".join(message_texts(response))


def test_inline_offers_no_new_row_in_draft(client_a, event_a):
    response = client_a.get(change_url(event_a))
    inline = response.context["inline_admin_formsets"][0]
    assert inline.formset.prefix == "registrations"
    assert inline.has_add_permission is False


# --------------------------------------------------------------------------- settings


def test_add_form_prefills_game_defaults_and_a_fresh_seed(client_a):
    first = client_a.get(reverse("admin:tournaments_event_add"))
    second = client_a.get(reverse("admin:tournaments_event_add"))
    form = first.context["adminform"].form
    assert form.initial["best_of"] == 3
    assert form.initial["round_minutes"] == 50
    defaults = {name: form[name].value() for name in ("min_rounds", "bye_game_wins", "cut_size", "third_place_match")}
    assert defaults == {"min_rounds": 3, "bye_game_wins": 2, "cut_size": 4, "third_place_match": False}
    assert form["planned_rounds"].value() is None
    assert isinstance(form.initial["seed"], int)
    assert form.initial["seed"] != second.context["adminform"].form.initial["seed"]
    html = first.content.decode()
    for legend in ("Jueces", "Rondas", "Reducido", "Sorteo"):
        assert f">{legend}<" in html
    assert "Predeterminado: 2 (victoria 2-0)" in html
    assert 'id="arena-game-defaults"' in html


def test_add_form_for_a_bo1_game_prefills_its_defaults(client_a):
    from rules.models import Game

    game = Game.objects.get(key="stoner_points")
    form = client_a.get(reverse("admin:tournaments_event_add") + f"?game={game.pk}").context["adminform"].form
    assert form.initial["best_of"] == 1


def test_add_event_saves_a_seed_when_left_empty_and_lands_on_event_page(client_a, venue_a):
    from rules.models import Game

    data = {
        "name": "Fecha nueva", "game": Game.objects.get(key="weed_monsters").pk, "kind": "super_liga",
        "venue": venue_a.pk, "date": "2024-05-04", "best_of": "3", "round_minutes": "50", "min_rounds": "3",
        "bye_game_wins": "2", "cut_size": "4", "seed": "",
        "registrations-TOTAL_FORMS": "0", "registrations-INITIAL_FORMS": "0",
        "documents-TOTAL_FORMS": "0", "documents-INITIAL_FORMS": "0",
    }
    response = client_a.post(reverse("admin:tournaments_event_add"), data, follow=True)
    event = Event.objects.get(name="Fecha nueva")
    assert event.seed is not None
    assert response.redirect_chain[-1][0] == change_url(event)
    assert event.state == EventState.DRAFT


def test_settings_lock_once_round_one_is_paired(client_a, venue_a):
    event = registered_event(venue_a)
    services.round_pair_next(event=event)
    readonly = client_a.get(change_url(event)).context["adminform"].readonly_fields
    assert {"seed", "best_of", "bye_game_wins", "game", "state"} <= set(readonly)
    assert "cut_size" not in readonly


def test_player_autocomplete_finds_by_name_or_number(client_a):
    PlayerFactory(display_name="Ailén Castro", player_number="WM-0101")
    PlayerFactory(display_name="Lautaro Giménez", player_number="WM-0102")
    url = reverse("admin:autocomplete")
    params = {"app_label": "tournaments", "model_name": "registration", "field_name": "player"}
    by_name = client_a.get(url, {**params, "term": "ailén"}).json()["results"]
    by_number = client_a.get(url, {**params, "term": "WM-0102"}).json()["results"]
    assert [r["text"] for r in by_name] == ["Ailén Castro (WM-0101)"]
    assert [r["text"] for r in by_number] == ["Lautaro Giménez (WM-0102)"]


def test_superuser_can_delete_a_draft_event_from_the_list(client, superuser, event_a):
    client.force_login(superuser)
    response = client.post(
        reverse("admin:tournaments_event_changelist"),
        {"action": "delete_selected", "_selected_action": [str(event_a.pk)], "post": "yes"},
        follow=True,
    )
    assert response.status_code == 200
    assert not Event.objects.filter(pk=event_a.pk).exists()


def test_organizer_cannot_delete_an_event_once_paired(client_a, venue_a):
    event = registered_event(venue_a)
    services.round_pair_next(event=event)
    response = client_a.get(reverse("admin:tournaments_event_delete", args=[event.pk]))
    assert response.status_code == 403


def test_event_page_query_count_does_not_grow_with_players(client_a, venue_a):
    small, large = registered_event(venue_a, players=4), registered_event(venue_a, players=12)
    services.round_pair_next(event=small)
    services.round_pair_next(event=large)
    client_a.get(change_url(small))  # warm caches (content types, permissions)

    with CaptureQueriesContext(connection) as few:
        client_a.get(change_url(small))
    with CaptureQueriesContext(connection) as many:
        client_a.get(change_url(large))
    assert len(many) == len(few)


def test_event_list_query_count_does_not_grow_with_events(client_a, venue_a):
    registered_event(venue_a, players=2)
    url = reverse("admin:tournaments_event_changelist")
    client_a.get(url)
    with CaptureQueriesContext(connection) as one:
        client_a.get(url)
    registered_event(venue_a, players=2)
    registered_event(venue_a, players=2)
    with CaptureQueriesContext(connection) as three:
        client_a.get(url)
    assert len(three) == len(one)


def test_irreversible_steps_ask_first_and_change_nothing_until_confirmed(client_a, event_a):
    """Pairing, closing, the top cut and finishing say what they will do before doing it (issue #13 item 6)."""
    services.registration_open(event=event_a)
    for _ in range(6):
        services.registration_create(event=event_a, player=PlayerFactory())
    services.registration_close(event=event_a)
    response = press(client_a, event_a, "emparejar", confirm=False)
    page = response.content.decode()
    assert "Se emparejará la ronda 1 al azar (con la semilla registrada del evento) entre 6 jugadores" in page
    assert "Confirmar: Emparejar ronda siguiente" in page
    event_a.refresh_from_db()
    assert not event_a.rounds.exists()
    press(client_a, event_a, "emparejar")
    assert event_a.rounds.count() == 1
