"""One set of table endpoints for every format (issue #24 point 2): a pod and a duel through the same URLs.

The pod is the five-player stoner-points event of :mod:`tests.tournaments.pods_helpers` (players PS-01
Ana … PS-05 Eva, one pod of five). Worked out by hand from 004_4a3d59c736a1e8f3.txt § "1 Objetivo"
(more stoner points, better place) and DESIGN.md decision 17 (3 × the share of the four pod-mates
finished behind: places 1 to 5 earn 3, 2.25, 1.5, 0.75 and 0; opponents' points = the other four's
points, 7.5 in all minus one's own):

- round 1 as entered: Ana 25 (1st, 3 points, opponents 4.5), Beto 20 (2nd, 2.25, 5.25), Carla 13
  (3rd, 1.5, 6), Darío 5 (4th, 0.75, 6.75), Eva 1 (5th, 0, 7.5);
- corrected to Beto 25 and Ana 20 (the sheet had their names swapped): Beto 1st, 3 points, opponents
  4.5; Ana 2nd, 2.25, 5.25; Carla, Darío and Eva keep their ranks and points, so only Ana (1 → 2) and
  Beto (2 → 1) move.

The duel is the API fixtures' eight-player event (best of three, 000_0014b2ac83da54b4.txt § "10.1.
Desarrollo de las Rondas Suizas"): two game wins end the match.
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.pods_helpers import ROUNDS, stoner_event
from tournaments import services
from tournaments.enums import MatchStatus
from tournaments.models import EventLogEntry, ResultEntry, Table, TableReport

from .conftest import first_table
from .entries import answer_games, duel_body, numbers, pod_body

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NUMBERS = {"ana": "PS-01", "beto": "PS-02", "carla": "PS-03", "dario": "PS-04", "eva": "PS-05"}
ROUND_ONE = {NUMBERS[key]: values for key, values in ROUNDS[0].items()}
SWAPPED = {**ROUND_ONE, "PS-01": (2, 20), "PS-02": (1, 25)}


def result_url(table) -> str:
    return reverse("tournaments_api:table-result", args=[table.pk])


def correction_url(table) -> str:
    return reverse("tournaments_api:table-correction", args=[table.pk])


def preview_url(table) -> str:
    return reverse("tournaments_api:table-correction-preview", args=[table.pk])


@pytest.fixture
def pod_event(venue, organizer, judge):
    event, regs = stoner_event(venue=venue, self_reporting=True)
    event.judges.add(judge)
    return event, regs, services.round_pair_next(event=event).tables.get()


@pytest.fixture
def duel(round_one) -> Table:
    return first_table(round_one)


def _places(answer: dict) -> dict[str, tuple[int | None, int | None]]:
    return {seat["player_number"]: (seat["place"], seat["score"]) for seat in answer["seats"]}


# --------------------------------------------------------------------------- a pod


def test_a_judge_records_a_pod_through_the_table_endpoint(as_user, judge, pod_event):
    event, regs, pod = pod_event
    response = as_user(judge).post(result_url(pod), pod_body(pod, ROUND_ONE, expected_version=0), format="json")
    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["table_id"], data["round_number"], data["table_number"]) == (pod.pk, 1, 1)
    assert (data["status"], data["version"], data["went_to_time"], data["outcome"]) == ("reported", 1, False, "")
    assert _places(data) == ROUND_ONE
    assert ResultEntry.objects.get(table=pod).entered_by == judge
    standings = as_user(judge).get(reverse("tournaments_api:standing-list", args=[event.pk])).json()["results"]
    assert [(row["player_number"], row["rank"], Decimal(str(row["points"])), Decimal(str(row["opponents_points"])))
            for row in standings] == [
        ("PS-01", 1, Decimal("3"), Decimal("4.5")),
        ("PS-02", 2, Decimal("2.25"), Decimal("5.25")),
        ("PS-03", 3, Decimal("1.5"), Decimal("6")),
        ("PS-04", 4, Decimal("0.75"), Decimal("6.75")),
        ("PS-05", 5, Decimal("0"), Decimal("7.5")),
    ]


WRONG_FIELD = [  # (table, seat index, field of the other kind of table, value, how the detail names it, message)
    ("pod", 1, "games", 2, "Asiento 2, partidas ganadas",
     "Esta mesa se carga por puestos: indicá «place» y «score» de cada asiento, no «games»."),
    ("duel", 0, "place", 1, "Asiento 1, puesto",
     "Esta mesa se carga por partidas ganadas: indicá «games» de cada asiento, no «place»."),
]


@pytest.mark.parametrize(("kind", "index", "field", "value", "label", "message"), WRONG_FIELD)
def test_a_field_of_the_other_kind_of_table_is_400_naming_the_seat(request, as_user, judge, kind, index, field,
                                                                   value, label, message):
    if kind == "pod":
        table = request.getfixturevalue("pod_event")[2]
        body = pod_body(table, ROUND_ONE, expected_version=0)
    else:
        table = request.getfixturevalue("duel")
        body = duel_body(table, games_a=2, games_b=0, expected_version=0)
    body["seats"][index][field] = value
    response = as_user(judge).post(result_url(table), body, format="json")
    assert response.status_code == 400
    assert response.json() == {"code": "invalid", "detail": f"{label}: {message}",
                               "errors": {f"seats[{index}].{field}": [message]}}
    table.refresh_from_db()
    assert table.version == 0 and not ResultEntry.objects.exists()


def test_a_duels_drawn_games_at_a_pod_are_400(as_user, judge, pod_event):
    event, regs, pod = pod_event
    response = as_user(judge).post(result_url(pod), pod_body(pod, ROUND_ONE, expected_version=0, games_drawn=1),
                                   format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "games_drawn": ["Una mesa multijugador no lleva «games_drawn»: se carga por puestos."]}


def test_places_against_the_stoner_points_are_refused_by_the_format(as_user, judge, pod_event):
    """004 § "1 Objetivo": more stoner points is the better place; Ana 25 cannot finish behind Beto 20."""
    event, regs, pod = pod_event
    wrong = {**ROUND_ONE, "PS-01": (2, 25), "PS-02": (1, 20)}
    response = as_user(judge).post(result_url(pod), pod_body(pod, wrong, expected_version=0), format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "places_score_mismatch"
    assert response.json()["detail"] == ("Mesa 1: los puestos no coinciden con los puntos stoner (más puntos, "
                                         "mejor puesto).")
    assert list(response.json()["errors"]) == ["seats"]
    assert not ResultEntry.objects.exists()


def test_a_player_of_another_table_or_a_missing_seat_is_400(as_user, judge, pod_event, event):
    _event, regs, pod = pod_event
    stranger = event.registrations.select_related("player").first().player.player_number
    body = pod_body(pod, {**ROUND_ONE, stranger: (5, 0)}, expected_version=0)
    del body["seats"][4]  # Eva's seat, replaced by a player of another event
    response = as_user(judge).post(result_url(pod), body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "seats[4].player_number": [f"El jugador {stranger} no está sentado en la mesa 1."]}
    short = pod_body(pod, {k: v for k, v in ROUND_ONE.items() if k != "PS-05"}, expected_version=0)
    missing = as_user(judge).post(result_url(pod), short, format="json")
    assert (missing.status_code, missing.json()["errors"]) == (400, {"seats": ["Faltan asientos de la mesa 1: PS-05."]})


def test_a_stale_version_at_a_pod_is_409_and_the_first_result_stays(as_user, judge, pod_event):
    event, regs, pod = pod_event
    client = as_user(judge)
    assert client.post(result_url(pod), pod_body(pod, ROUND_ONE, expected_version=0), format="json").status_code == 200
    stale = client.post(result_url(pod), pod_body(pod, SWAPPED, expected_version=0), format="json")
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_result"
    pod.refresh_from_db()
    assert pod.version == 1
    assert {seat.registration.player.player_number: (seat.place, seat.score) for seat in pod.seat_list} == ROUND_ONE


def test_every_seat_reports_the_pod_through_the_table_endpoint(pod_event):
    from .test_reports_api import player_client

    event, regs, pod = pod_event
    url = reverse("tournaments_api:table-report", args=[event.pk, pod.pk])
    body = pod_body(pod, ROUND_ONE)
    clients = {key: player_client(reg, f"jugador-{key}") for key, reg in regs.items()}
    wrong = clients["ana"].post(url, {"seats": [{**seat, "games": 1} for seat in body["seats"]]}, format="json")
    assert wrong.status_code == 400 and set(wrong.json()["errors"]) == {f"seats[{i}].games" for i in range(5)}
    states = [clients[key].post(url, body, format="json").json() for key in ("ana", "beto", "carla", "dario", "eva")]
    assert [s["state"] for s in states] == ["waiting"] * 4 + ["recorded"]
    assert states[-1] == {"state": "recorded", "table_number": 1, "version": 1}
    pod.refresh_from_db()
    assert pod.status == MatchStatus.REPORTED
    assert {seat.registration.player.player_number: (seat.place, seat.score) for seat in pod.seat_list} == ROUND_ONE
    assert TableReport.objects.filter(table=pod, locked=True).count() == 5


def test_a_pod_is_previewed_and_corrected_through_the_table_endpoints(as_user, organizer, pod_event):
    event, regs, pod = pod_event
    services.table_result_record(table=pod, seats=[{"registration": regs[k].pk, "place": p, "score": s}
                                                   for k, (p, s) in ROUNDS[0].items()])
    client = as_user(organizer)
    preview = client.post(preview_url(pod), pod_body(pod, SWAPPED), format="json")
    assert preview.status_code == 200, preview.content
    data = preview.json()
    assert (data["table_id"], data["by_places"], data["unchanged"], data["score_before"]) == (pod.pk, True, False, [])
    changed = {s["name"]: (s["place_before"], s["place_after"], s["score_before"], s["score_after"])
               for s in data["seats"] if s["changed"]}
    assert changed == {"Ana Núñez": (1, 2, 25, 20), "Beto Gómez": (2, 1, 20, 25)}
    assert sorted((m["name"], m["rank_before"], m["rank_after"], m["points_before"], m["points_after"],
                   m["buchholz_before"], m["buchholz_after"]) for m in data["moved"]) == [
        ("Ana Núñez", 1, 2, 3.0, 2.25, 4.5, 5.25),
        ("Beto Gómez", 2, 1, 2.25, 3.0, 5.25, 4.5),
    ]
    assert pod.entries.count() == 1  # the preview wrote nothing
    corrected = client.post(correction_url(pod), pod_body(pod, SWAPPED, reason="Nombres cruzados en la planilla",
                                                          expected_version=1), format="json")
    assert corrected.status_code == 200, corrected.content
    assert (corrected.json()["version"], _places(corrected.json())) == (2, SWAPPED)
    log = EventLogEntry.objects.filter(event=event).order_by("-pk").first()
    assert (log.reason, log.actor) == ("Nombres cruzados en la planilla", organizer)
    stale = client.post(correction_url(pod), pod_body(pod, ROUND_ONE, reason="Otra lectura", expected_version=1),
                        format="json")
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_result")


def test_rulings_attach_to_a_pod_table_too(as_user, judge, pod_event):
    event, regs, pod = pod_event
    url = reverse("tournaments_api:table-rulings", args=[pod.pk])
    created = as_user(judge).post(url, {"ruling_id": "wm.mulligan"}, format="json")
    assert created.status_code == 201 and created.json()["table_id"] == pod.pk
    assert [r["table_id"] for r in as_user(judge).get(url).json()["results"]] == [pod.pk]


# --------------------------------------------------------------------------- a duel, the same endpoints


def test_a_duels_seats_may_come_in_any_order(as_user, judge, duel):
    a, b = numbers(duel)
    body = {"seats": [{"player_number": b, "games": 2}, {"player_number": a, "games": 1}], "expected_version": 0}
    response = as_user(judge).post(result_url(duel), body, format="json")
    assert response.status_code == 200
    assert (answer_games(response.json()), response.json()["outcome"]) == ((1, 2), "b_wins")
    assert [seat["player_number"] for seat in response.json()["seats"]] == [a, b]  # seat order, A first


def test_a_refused_score_names_the_seat_as_sent(as_user, judge, duel):
    """B sent first with 3 wins in a best of three: the error is about seats[0], B's entry."""
    a, b = numbers(duel)
    body = {"seats": [{"player_number": b, "games": 3}, {"player_number": a, "games": 0}], "expected_version": 0}
    response = as_user(judge).post(result_url(duel), body, format="json")
    assert response.status_code == 400
    assert (response.json()["code"], list(response.json()["errors"])) == ("too_many_wins", ["seats[0].games"])


def test_a_duel_is_corrected_through_the_same_endpoint_as_a_pod(as_user, organizer, duel, event):
    for table in duel.round.tables.filter(is_bye=False):
        services.table_result_record(table=table, seats=[{"games": 2}, {"games": 0}])
    services.round_pair_next(event=event)
    client = as_user(organizer)
    response = client.post(correction_url(duel), duel_body(duel, games_a=0, games_b=2, reason="Planilla al revés",
                                                           expected_version=1), format="json")
    assert response.status_code == 200, response.content
    assert (answer_games(response.json()), response.json()["outcome"], response.json()["version"]) == (
        (0, 2), "b_wins", 2)
    stale = client.post(correction_url(duel), duel_body(duel, games_a=2, games_b=1, reason="Otra",
                                                        expected_version=1), format="json")
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_result")


def test_the_old_match_and_pod_addresses_are_gone(as_user, judge, duel, pod_event):
    event, regs, pod = pod_event
    client = as_user(judge)
    for path in (f"/api/matches/{duel.pk}/result/", f"/api/matches/{duel.pk}/correction/",
                 f"/api/matches/{duel.pk}/rulings/", f"/api/events/{event.pk}/pods/{pod.pk}/report/",
                 f"/api/events/{event.pk}/matches/{duel.pk}/report/"):
        response = client.post(path, {}, format="json")
        assert (response.status_code, response.json()["code"]) == (404, "not_found"), path


def test_the_schema_shows_a_duel_and_a_pod_example(api):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path in ("/api/tables/{table_id}/result/", "/api/tables/{table_id}/correction/",
                 "/api/events/{event_id}/tables/{table_id}/report/"):
        examples = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
        shapes = [set(example["value"]["seats"][0]) for example in examples.values()]
        assert shapes == [{"player_number", "games"}, {"player_number", "place", "score"}], path


def test_a_user_who_does_not_judge_the_event_cannot_record_a_pod(as_user, pod_event):
    event, regs, pod = pod_event
    response = as_user(UserFactory(username="juez-ajeno")).post(
        result_url(pod), pod_body(pod, ROUND_ONE, expected_version=0), format="json")
    assert (response.status_code, response.json()["code"]) == (403, "permission_denied")


def test_the_pairings_name_the_table_id_in_both_shapes(api, pod_event, duel, event):
    pod_event_, regs, pod = pod_event
    pods = api.get(reverse("tournaments_api:pairing-list", args=[pod_event_.pk, 1])).json()["results"]
    assert [row["table_id"] for row in pods] == [pod.pk]
    duels = api.get(reverse("tournaments_api:pairing-list", args=[event.pk, 1])).json()["results"]
    tables = list(duel.round.tables.filter(is_bye=False).order_by("table_number").values_list("pk", flat=True))
    assert [row["table_id"] for row in duels] == tables
