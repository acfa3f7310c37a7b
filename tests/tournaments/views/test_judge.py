"""Judge pages: who may enter results, stale saves, illegal scores, history."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.enums import MatchStatus
from tournaments.models import ResultEntry, Seat, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def first_match(event) -> Table:
    return Table.objects.filter(round__event=event, is_bye=False).order_by("table_number").first()


def tables_url(event) -> str:
    return reverse("judge:tables", args=[event.pk])


def table_url(match: Table) -> str:
    return reverse("judge:table", args=[match.round.event_id, match.round.number, match.table_number])


def post_result(client, match, *, version=None, a=2, b=1, d=0, **extra):
    data = {
        "games_a": a,
        "games_b": b,
        "games_drawn": d,
        "expected_version": match.version if version is None else version,
        **extra,
    }
    return client.post(table_url(match), data)


# --------------------------------------------------------------------------- permission matrix


@pytest.mark.parametrize("page", ["tables", "table"])
def test_judge_pages_anonymous_goes_to_login(client, event, page):
    url = tables_url(event) if page == "tables" else table_url(first_match(event))
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("page", ["tables", "table"])
@pytest.mark.parametrize("who", ["plain_user", "foreign_judge"])
def test_judge_pages_without_role_are_forbidden(client, event, page, who, request):
    client.force_login(request.getfixturevalue(who))
    url = tables_url(event) if page == "tables" else table_url(first_match(event))
    response = client.get(url)
    assert response.status_code == 403
    assert "Sólo los jueces y organizadores de este evento pueden cargar resultados." in response.content.decode()


@pytest.mark.parametrize("page", ["tables", "table"])
@pytest.mark.parametrize("who", ["judge", "organizer"])
def test_judge_pages_judge_and_organizer_may_enter(client, event, page, who, request):
    client.force_login(request.getfixturevalue(who))
    url = tables_url(event) if page == "tables" else table_url(first_match(event))
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("who", ["plain_user", "foreign_judge"])
def test_judge_post_without_role_is_forbidden_and_saves_nothing(client, event, who, request):
    client.force_login(request.getfixturevalue(who))
    match = first_match(event)
    assert post_result(client, match).status_code == 403
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING
    assert ResultEntry.objects.count() == 0


def test_judge_post_anonymous_goes_to_login_and_saves_nothing(client, event):
    match = first_match(event)
    response = post_result(client, match)
    assert response.status_code == 302
    assert ResultEntry.objects.count() == 0


# --------------------------------------------------------------------------- tables list


def test_tables_list_shows_each_state_in_spanish(client, event, judge):
    matches = list(Table.objects.filter(round__event=event, is_bye=False).order_by("table_number"))
    services.table_result_record(table=matches[0], seats=[{"games": 2}, {"games": 0}], entered_by=judge)
    Table.objects.filter(pk=matches[1].pk).update(status=MatchStatus.CONFIRMED, outcome="a_wins")
    Seat.objects.filter(table=matches[1], seat=1).update(games=2)
    client.force_login(judge)
    html = client.get(tables_url(event)).content.decode()
    assert "Ronda 1" in html
    assert "pendiente" in html
    assert "cargado" in html
    assert "confirmado" in html
    assert "por juez1 a las" in html
    assert "2 de 4 mesas sin resultado" in html


def test_tables_filter_by_table_number_and_by_player_name(client, event, judge):
    client.force_login(judge)
    matches = list(Table.objects.filter(round__event=event, is_bye=False).order_by("table_number"))
    by_number = client.get(tables_url(event), {"q": "3"})
    assert by_number.status_code == 302
    assert by_number["Location"] == table_url(matches[2])
    name = matches[1].player_b.player.display_name
    by_name = client.get(tables_url(event), {"q": name.upper()})
    assert [t.pairing.table_number for t in by_name.context["tables"]] == [2]


# --------------------------------------------------------------------------- result form


def test_save_records_who_and_redirects_to_pending_tables_with_message(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    response = post_result(client, match, a=2, b=1)
    assert response.status_code == 302
    assert response["Location"] == tables_url(event) + "?estado=pendientes"
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status, match.version) == (2, 1, MatchStatus.REPORTED, 1)
    entry = match.entries.get()
    assert entry.entered_by == judge
    assert entry.entered_at is not None
    page = client.get(response["Location"]).content.decode()
    assert "Mesa 1: resultado 2-1 guardado" in page


def test_pending_table_has_no_preselected_winner_and_requires_the_games(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    form = client.get(table_url(match)).context["form"]
    assert form["games_a"].value() is None and form["games_b"].value() is None
    response = client.post(table_url(match), {"games_drawn": 0, "expected_version": 0})
    assert response.status_code == 200
    assert "Este campo es requerido." in response.content.decode()
    assert not match.entries.exists()


def test_stale_save_is_refused_with_the_current_result_and_keeps_the_first_save(client, event, judge, other_judge):
    match = first_match(event)
    client.force_login(judge)
    loaded_version = client.get(table_url(match)).context["form"].initial["expected_version"]
    services.table_result_record(
        table=match,
        seats=[{"games": 2}, {"games": 0}],
        expected_version=loaded_version,
        entered_by=other_judge,
    )
    response = post_result(client, match, version=loaded_version, a=0, b=2)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Otra persona (juez2) cargó esta mesa mientras editabas: 2-0." in html
    assert "Resultado guardado ahora" in html
    assert "Cargado por Ana Paz (juez2)" in html
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (2, 0, 1)
    assert list(match.entries.values_list("entered_by__username", flat=True)) == ["juez2"]
    # The form now carries the saved version: a deliberate second save is a visible correction.
    assert response.context["form"]["expected_version"].value() == "1"


def test_illegal_result_shows_spanish_error_and_saves_nothing(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    response = post_result(client, match, a=2, b=2)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Resultado 2-2 no válido" in html
    assert "ambos no pueden llegar a 2" in html
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING
    assert not match.entries.exists()


def test_three_games_with_a_draw_past_the_limit_is_refused(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    html = post_result(client, match, a=2, b=1, d=1).content.decode()
    assert "no se juegan más de 3 partidas" in html


def test_more_than_ten_minutes_late_loses_the_match_two_nil(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    response = post_result(client, match, a=0, b=0, minutes_late_a=11)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.outcome) == (0, 2, "b_wins")
    assert match.entries.get().minutes_late_a == 11


def test_late_more_than_five_needs_game_one_for_the_opponent(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    html = post_result(client, match, a=0, b=2, minutes_late_b=6).content.decode()
    assert "la primera partida es para el rival" in html
    assert not match.entries.exists()


def test_intentional_draw_needs_level_games(client, event, judge):
    client.force_login(judge)
    match = first_match(event)
    html = post_result(client, match, a=1, b=0, intentional_draw="on").content.decode()
    assert "Un empate intencional deja a ambos jugadores con las mismas partidas ganadas." in html
    response = post_result(client, match, a=0, b=0, intentional_draw="on", went_to_time="")
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.outcome, match.intentional_draw) == ("draw", True)


def test_history_shows_who_when_and_before_after(client, event, judge, other_judge):
    match = first_match(event)
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], entered_by=other_judge)
    client.force_login(judge)
    match.refresh_from_db()
    assert post_result(client, match, a=2, b=1).status_code == 302
    response = client.get(table_url(match))
    history = response.context["history"]
    assert [(h.version, h.before and (h.before.games_a, h.before.games_b), (h.after.games_a, h.after.games_b))
            for h in history] == [(2, (2, 0), (2, 1)), (1, None, (2, 0))]
    html = response.content.decode()
    assert "Historial" in html
    assert "Ana Paz (juez2)" in html
    assert "juez1" in html
    assert "pendiente</span> → <strong>2-0</strong>" in html
    assert "2-0 → <strong>2-1</strong>" in html


def test_table_form_explains_tardiness_and_extra_turns(client, event, judge):
    client.force_login(judge)
    html = client.get(table_url(first_match(event))).content.decode()
    assert "Más de 5 minutos tarde: pierde la partida 1" in html
    assert "Más de 10 minutos: pierde el match 0-2" in html
    assert "3 turnos extra" in html


def test_table_of_a_closed_round_is_read_only(client, event, judge):
    old = first_match(event)
    for match in Table.objects.filter(round__event=event, is_bye=False):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    services.round_pair_next(event=event)
    client.force_login(judge)
    response = client.get(table_url(old))
    assert response.context["editable"] is False
    old.refresh_from_db()
    html = post_result(client, old, a=0, b=2).content.decode()
    assert "no es la ronda en curso" in html
    old.refresh_from_db()
    assert (old.games_a, old.games_b) == (2, 0)


def test_judge_home_lists_events_and_opens_the_single_live_one(client, event, judge):
    client.force_login(judge)
    response = client.get(reverse("judge:home"))
    assert response.status_code == 302
    assert response["Location"] == tables_url(event)
    listing = client.get(reverse("judge:home"), {"todos": 1})
    assert event.name in listing.content.decode()


def test_login_page_is_spanish_and_signs_a_judge_in(client, event, judge):
    page = client.get(reverse("login"))
    assert "Contraseña" in page.content.decode()
    response = client.post(reverse("login"), {"username": "juez1", "password": "secreto-123",
                                              "next": tables_url(event)})
    assert response.status_code == 302
    assert response["Location"] == tables_url(event)
