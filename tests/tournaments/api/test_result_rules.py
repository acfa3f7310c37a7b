"""The API refuses every result the judge form refuses, with 400 naming the field (issue #15, item 2)."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ResultEntry, Table
from tournaments.views.forms import ResultForm

from .conftest import first_table, open_event
from .entries import duel_body

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NOT_LEVEL = "Un empate intencional deja a ambos jugadores con las mismas partidas ganadas."
DOUBLE_LOSS_GAMES = "Una doble derrota (ambos ausentes) no lleva partidas: dejá las partidas en 0."


@pytest.fixture
def match(round_one) -> Table:
    return first_table(round_one)


def _post(client, match, **fields):
    data = {"games_a": 2, "games_b": 1, "games_drawn": 0, "expected_version": 0}
    data.update(fields)
    url = reverse("tournaments_api:table-result", args=[match.pk])
    return client.post(url, duel_body(match, **data), format="json")


# (body overrides, field named, code) — each by hand from 000 § 10.1 and the judge form (best of three);
# side A is the table's first seat (seats[0] of the body), B its second (seats[1]).
REFUSED = [
    ({"intentional_draw": True}, "intentional_draw", "intentional_draw_not_level"),  # 2-1 is decided
    ({"games_a": 2, "games_b": 0, "intentional_draw": True}, "intentional_draw", "intentional_draw_not_level"),
    ({"games_a": 3, "games_b": 0}, "seats[0].games", "too_many_wins"),
    ({"games_a": 0, "games_b": 3}, "seats[1].games", "too_many_wins"),
    ({"games_a": 1, "games_b": 1, "games_drawn": 2}, "games_drawn", "too_many_games"),  # 4 games in a best of 3
    ({"games_a": 2, "games_b": 2}, "seats[1].games", "too_many_games"),  # 4 games; "played_after_win" in the text too
    ({"games_a": -1, "games_b": 2}, "seats[0].games", "min_value"),
    ({"games_a": 2, "games_b": -1}, "seats[1].games", "min_value"),
    ({"games_drawn": -1}, "games_drawn", "min_value"),
    ({"minutes_late_a": -5}, "seats[0].minutes_late", "min_value"),
    ({"minutes_late_b": 601}, "seats[1].minutes_late", "max_value"),  # the form's limit: 600 minutes
    ({"double_loss": True}, "double_loss", "double_loss_with_games"),  # both absent but games entered
    ({"games_a": 0, "games_b": 0, "double_loss": True, "intentional_draw": True}, "intentional_draw",
     "double_loss_with_draw"),
    ({"games_a": 0, "games_b": 0, "double_loss": True, "went_to_time": True}, "went_to_time",
     "double_loss_with_time"),
    ({"games_a": 2, "games_b": 0, "minutes_late_b": 7}, None, None),  # accepted: B lost game 1, A has it
    ({"games_a": 2, "games_b": 1, "minutes_late_a": 7}, None, None),  # accepted: A late, B won a game
    ({"games_a": 2, "games_b": 0, "minutes_late_a": 7}, "seats[0].minutes_late", "late_game_one_not_counted"),
]


@pytest.mark.parametrize(("fields", "field", "code"), REFUSED)
def test_api_refuses_what_the_rules_refuse_naming_the_field(as_user, judge, match, fields, field, code):
    response = _post(as_user(judge), match, **fields)
    match.refresh_from_db()
    if field is None:
        assert response.status_code == 200, response.content
        assert match.version == 1
        return
    assert response.status_code == 400, response.content
    body = response.json()
    assert field in body["errors"], body
    if code == "min_value":
        assert body["code"] == "invalid"
        assert body["errors"][field] == ["El valor tiene que ser mayor o igual a 0."]
    elif code == "max_value":
        assert body["code"] == "invalid"
        assert body["errors"][field] == ["El valor tiene que ser menor o igual a 600."]
    else:
        assert body["code"] == code
    assert match.version == 0 and not ResultEntry.objects.exists()


def test_intentional_draw_message_is_the_forms(as_user, judge, match):
    body = _post(as_user(judge), match, intentional_draw=True).json()
    assert body == {"code": "intentional_draw_not_level", "detail": NOT_LEVEL,
                    "errors": {"intentional_draw": [NOT_LEVEL]}}


def test_double_loss_with_games_message(as_user, judge, match):
    body = _post(as_user(judge), match, games_a=1, games_b=0, double_loss=True).json()
    assert (body["detail"], body["errors"]) == (DOUBLE_LOSS_GAMES, {"double_loss": [DOUBLE_LOSS_GAMES]})


def test_a_level_intentional_draw_and_a_clean_double_loss_are_accepted(as_user, judge, event, round_one):
    tables = list(round_one.tables.filter(is_bye=False).order_by("table_number"))
    client = as_user(judge)
    draw = _post(client, tables[0], games_a=1, games_b=1, intentional_draw=True)
    assert draw.status_code == 200 and draw.json()["outcome"] == "draw"
    double = _post(client, tables[1], games_a=0, games_b=0, double_loss=True)
    assert double.status_code == 200 and double.json()["outcome"] == "double_loss"


def test_the_judge_form_refuses_the_same_intentional_draw():
    form = ResultForm({"games_a": 2, "games_b": 1, "games_drawn": 0, "intentional_draw": "on", "expected_version": 0},
                      best_of=3, name_a="A", name_b="B")
    assert not form.is_valid()
    assert form.non_field_errors() == [NOT_LEVEL]


def test_a_draw_in_the_top_cut_is_refused_naming_side_a_games(as_user, organizer, venue):
    event = open_event(players=4, venue=venue, cut_size=4, planned_rounds=2)
    for _ in range(2):
        rnd = services.round_pair_next(event=event)
        for m in rnd.tables.filter(is_bye=False):
            services.table_result_record(table=m, seats=[{"games": 2}, {"games": 0}])
    semi = services.top_cut_start(event=event).tables.order_by("table_number").first()
    response = _post(as_user(organizer), semi, games_a=1, games_b=1, intentional_draw=True)
    assert response.status_code == 400
    assert (response.json()["code"], list(response.json()["errors"])) == ("draw_in_top_cut", ["seats[0].games"])


def test_best_of_one_refuses_two_games(as_user, organizer, venue):
    event = open_event(players=4, venue=venue, best_of=1)
    match = first_table(services.round_pair_next(event=event))
    response = _post(as_user(organizer), match, games_a=2, games_b=0)
    assert response.status_code == 400
    assert (response.json()["code"], list(response.json()["errors"])) == ("too_many_wins", ["seats[0].games"])
    match.refresh_from_db()
    assert match.version == 0
