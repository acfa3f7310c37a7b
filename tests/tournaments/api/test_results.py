"""Judges record results through the API: permissions, stale saves, illegal results."""
import base64

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ResultEntry, Table

from .conftest import first_table, play_round
from .entries import answer_games, duel_body, numbers

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def result_url(match):
    return reverse("tournaments_api:table-result", args=[match.pk])


def body(table, **overrides):
    data = {"games_a": 2, "games_b": 1, "games_drawn": 0, "expected_version": 0}
    data.update(overrides)
    return duel_body(table, **data)


@pytest.fixture
def match(round_one) -> Table:
    return first_table(round_one)


def test_judge_records_a_result(as_user, judge, match):
    response = as_user(judge).post(result_url(match), body(match, went_to_time=True), format="json")
    assert response.status_code == 200
    data = response.json()
    assert (data["table_id"], answer_games(data), data["outcome"]) == (match.pk, (2, 1), "a_wins")
    assert [seat["player_number"] for seat in data["seats"]] == numbers(match)
    assert (data["status"], data["version"]) == ("reported", 1)
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.went_to_time, match.version) == (2, 1, True, 1)
    entry = ResultEntry.objects.get(table=match)
    assert (entry.entered_by, entry.version) == (judge, 1)


@pytest.mark.parametrize("role", ["organizer", "head_judge"])
def test_organizer_and_head_judge_may_record_results(request, as_user, match, role):
    user = request.getfixturevalue(role)
    assert as_user(user).post(result_url(match), body(match), format="json").status_code == 200


def test_anonymous_cannot_record_a_result(api, match):
    response = api.post(result_url(match), body(match), format="json")
    assert response.status_code == 403
    assert response.json() == {
        "code": "not_authenticated",
        "detail": "Iniciá sesión para realizar esta acción (sesión del sitio o autenticación básica).",
    }
    match.refresh_from_db()
    assert match.version == 0


@pytest.mark.parametrize("role", ["plain_user", "other_judge"])
def test_user_who_is_not_judge_of_this_event_is_refused(request, as_user, match, role):
    response = as_user(request.getfixturevalue(role)).post(result_url(match), body(match), format="json")
    assert response.status_code == 403
    assert response.json() == {
        "code": "permission_denied",
        "detail": "No tiene permiso para esta acción en este evento.",
    }
    assert not ResultEntry.objects.exists()


def _token_for(username: str, password: str) -> str:
    response = APIClient().post(reverse("tournaments_api:token"), {"username": username, "password": password},
                                format="json")
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_a_judge_records_with_a_token_obtained_once(match, judge):
    token = _token_for("jueza", "secreto-123")
    response = APIClient().post(result_url(match), body(match), format="json", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200
    entry = ResultEntry.objects.get(table=match)
    assert entry.entered_by == judge


def test_a_token_is_refused_with_a_wrong_password(judge):
    response = APIClient().post(reverse("tournaments_api:token"), {"username": "jueza", "password": "otra"},
                                format="json")
    assert response.status_code == 400
    assert not ResultEntry.objects.exists()


def test_an_unknown_token_is_refused(match, judge):
    response = APIClient().post(result_url(match), body(match), format="json", HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert response.status_code == 403
    assert response.json()["code"] == "authentication_failed"
    assert not ResultEntry.objects.exists()


def test_basic_authentication_is_not_accepted(match, judge):
    """A password sent on every request would be hashed on every request: tokens or sessions only."""
    credentials = base64.b64encode(b"jueza:secreto-123").decode()
    response = APIClient().post(result_url(match), body(match), format="json",
                                HTTP_AUTHORIZATION=f"Basic {credentials}")
    assert response.status_code == 403
    assert response.json()["code"] == "not_authenticated"
    assert not ResultEntry.objects.exists()


def test_stale_save_of_a_second_judge_is_refused_and_the_first_kept(match, judge, event):
    second_judge = UserFactory(username="segundo")
    event.judges.add(second_judge)
    first_client, second_client = APIClient(), APIClient()
    first_client.force_login(judge)
    second_client.force_login(second_judge)
    version = first_client.get(
        reverse("tournaments_api:pairing-list", args=[event.pk, 1])
    ).json()["results"][0]["version"]
    assert first_client.post(result_url(match), body(match, expected_version=version), format="json").status_code == 200
    response = second_client.post(
        result_url(match), body(match, games_a=0, games_b=2, expected_version=version), format="json"
    )
    assert response.status_code == 409
    assert response.json() == {
        "code": "stale_result",
        "detail": "Otra persona (jueza) cargó esta mesa mientras editabas: 2-1. "
        "Revisá el resultado actual antes de corregirlo.",
    }
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (2, 1, 1)
    assert list(ResultEntry.objects.values_list("entered_by__username", flat=True)) == ["jueza"]


def test_correction_with_the_current_version_is_accepted(as_user, judge, match):
    client = as_user(judge)
    client.post(result_url(match), body(match), format="json")
    response = client.post(result_url(match), body(match, games_a=1, games_b=2, expected_version=1), format="json")
    assert response.status_code == 200
    assert (response.json()["outcome"], response.json()["version"]) == ("b_wins", 2)
    assert ResultEntry.objects.filter(table=match).count() == 2


def test_illegal_result_is_400_with_a_spanish_message(as_user, judge, match):
    response = as_user(judge).post(result_url(match), body(match, games_a=3, games_b=0), format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "too_many_wins",
        "detail": "Resultado 3-0 no válido: Nadie puede ganar más de 2 partidas en este formato.",
        # issue #15: the refusal names the field
        "errors": {"seats[0].games": ["Resultado 3-0 no válido: Nadie puede ganar más de 2 partidas en este formato."]},
    }
    match.refresh_from_db()
    assert match.version == 0


def test_missing_fields_are_400_with_readable_labels(as_user, judge, match):
    a, b = numbers(match)
    response = as_user(judge).post(result_url(match), {"seats": [{"games": 2}, {"player_number": b, "games": -1}]},
                                   format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "invalid"
    assert set(data["errors"]) == {"seats[0].player_number", "seats[1].games", "expected_version"}
    assert data["detail"] == (
        "Asiento 1, número de jugador: Este campo es requerido. "
        "Asiento 2, partidas ganadas: El valor tiene que ser mayor o igual a 0. "
        "Versión esperada: Este campo es requerido."
    )


def test_more_than_ten_minutes_late_loses_the_match_two_nil(as_user, judge, match):
    response = as_user(judge).post(result_url(match), body(match, games_a=0, games_b=0, minutes_late_a=12),
                                   format="json")
    assert response.status_code == 200
    assert (answer_games(response.json()), response.json()["outcome"]) == ((0, 2), "b_wins")
    assert ResultEntry.objects.get(table=match).minutes_late_a == 12


def test_intentional_draw_is_recorded(as_user, judge, match):
    response = as_user(judge).post(
        result_url(match), body(match, games_a=0, games_b=0, intentional_draw=True), format="json"
    )
    assert response.json()["outcome"] == "draw"
    match.refresh_from_db()
    assert match.intentional_draw is True


def test_result_for_an_old_round_is_409(as_user, judge, event):
    old = first_table(play_round(event))
    services.round_pair_next(event=event)
    response = as_user(judge).post(result_url(old), body(old, expected_version=1), format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "not_current_round"


def test_bye_has_no_result(as_user, organizer, event):
    event.registrations.first().delete()
    rnd = services.round_pair_next(event=event)
    bye = rnd.tables.get(is_bye=True)
    response = as_user(organizer).post(result_url(bye), body(bye), format="json")
    assert (response.status_code, response.json()["code"]) == (409, "bye_has_no_result")


def test_unknown_table_is_404(as_user, judge, match):
    response = as_user(judge).post(reverse("tournaments_api:table-result", args=[424242]), body(match), format="json")
    assert response.status_code == 404
    assert response.json() == {"code": "table_not_found", "detail": "No existe la mesa 424242."}


def test_result_endpoint_accepts_only_post(as_user, judge, match):
    assert as_user(judge).get(result_url(match)).status_code == 405


def test_the_answer_is_the_table_as_read_again_after_the_save(as_user, judge, match):
    """The answer is built from the table the service locked and wrote, not read again: it must be what a
    fresh read of the saved rows gives (seats, games, version, status)."""
    from rest_framework.renderers import JSONRenderer

    from tournaments.api.tables import TableSerializer

    response = as_user(judge).post(result_url(match), body(match, went_to_time=True), format="json")
    assert response.status_code == 200
    fresh = TableSerializer(Table.objects.select_related("round").get(pk=match.pk)).data
    assert response.content == JSONRenderer().render(fresh)
    assert response.json()["version"] == 1 and answer_games(response.json()) == (2, 1)
