"""Every general endpoint answers through the event's format (issue #24).

A stoner-points event is played in pods: its standings, a round's tables, a
player's rounds and the round list come from the pods format, not from the
duels' matches (before, a finished five-player pods event listed everyone
at 0 points and no tables). The event is
:func:`tests.tournaments.pods_helpers.played_event`; its values are worked
out by hand there from DESIGN.md decision 17 (3 × the share of the
pod-mates finished behind; ties share) and 004_4a3d59c736a1e8f3.txt §
"1 Objetivo" and § "5 Fin de partida" (places by stoner points, more is
better: R-004-02, R-004-08):

- round 1: Ana 25, Beto 20, Carla 13, Darío 5, Eva 1 → places 1…5,
  points 3 × 4/4, 3/4, 2/4, 1/4, 0/4 = 3, 2.25, 1.5, 0.75, 0;
- round 2: Eva 23, Darío 16, Carla 9, Beto 3, Ana 0 → the same points
  in that order, so everyone ends with 3, opponents' points 2 × (15 − 3)
  = 24, and the stoner points (25, 24, 23, 22, 21 for Ana, Eva, Beto,
  Carla, Darío) decide: podium Ana, Eva, Beto.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import record_places
from tests.tournaments.pods_helpers import play_round, played_event, stoner_event
from tournaments import services

from .conftest import open_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def url(name: str, *args) -> str:
    return reverse(f"tournaments_api:{name}", args=args)


def test_finished_pods_event_standings_give_the_placement_points(api):
    """Final order Ana, Eva, Beto, Carla, Darío (podium, then the standings); 3 points each, not 0."""
    event, _regs, _rounds = played_event()
    rows = api.get(url("standing-list", event.pk)).json()["results"]
    assert [(r["rank"], r["display_name"], r["points"], r["opponents_points"], r["secondary_score"], r["places"])
            for r in rows] == [
        (1, "Ana Núñez", 3.0, 24.0, 25, [1, 5]),
        (2, "Eva Sánchez", 3.0, 24.0, 24, [5, 1]),
        (3, "Beto Gómez", 3.0, 24.0, 23, [2, 4]),
        (4, "Carla Ibáñez", 3.0, 24.0, 22, [3, 3]),
        (5, "Darío Pérez", 3.0, 24.0, 21, [4, 2]),
    ]
    assert [r["separated_by"] for r in rows] == [None, "secondary_score", "secondary_score", "secondary_score",
                                                 "secondary_score"]


def test_pods_standings_after_round_one_share_three_points_by_place(api):
    """After round 1 alone: 3, 2.25, 1.5, 0.75, 0; opponents' points 15 − own − … by hand:
    Ana 2.25 + 1.5 + 0.75 + 0 = 4.5, Beto 5.25, Carla 6, Darío 6.75, Eva 7.5."""
    event, regs = stoner_event()
    play_round(event, regs, 1)
    rows = api.get(url("standing-list", event.pk)).json()["results"]
    assert [(r["rank"], r["player_number"], r["points"], r["opponents_points"]) for r in rows] == [
        (1, "PS-01", 3.0, 4.5), (2, "PS-02", 2.25, 5.25), (3, "PS-03", 1.5, 6.0), (4, "PS-04", 0.75, 6.75),
        (5, "PS-05", 0.0, 7.5),
    ]
    assert api.get(url("standing-list", event.pk), {"search": "carla"}).json()["results"][0]["rank"] == 3


def test_pods_round_pairings_list_the_pod_with_every_seat(api):
    """Round 1 seats all five at one pod; the places and stoner points as entered."""
    event, _regs, _rounds = played_event()
    body = api.get(url("pairing-list", event.pk, 1)).json()
    assert body["count"] == 1
    pod = body["results"][0]
    assert (pod["table_number"], pod["status"], pod["ended_by_time"]) == (1, "confirmed", False)
    assert sorted((s["place"], s["display_name"], s["score"]) for s in pod["seats"]) == [
        (1, "Ana Núñez", 25), (2, "Beto Gómez", 20), (3, "Carla Ibáñez", 13), (4, "Darío Pérez", 5),
        (5, "Eva Sánchez", 1),
    ]
    assert sorted(s["seat"] for s in pod["seats"]) == [1, 2, 3, 4, 5]
    assert api.get(url("pairing-list", event.pk, 1), {"search": "PS-05"}).json()["count"] == 1
    assert api.get(url("pairing-list", event.pk, 1), {"search": "nadie"}).json()["count"] == 0


def test_pods_player_results_list_each_pod_from_the_player_side(api):
    """Beto: 2nd in round 1 (20 stoner points, 2.25), 4th in round 2 (3, 0.75); rank 3 on stoner points."""
    event, _regs, _rounds = played_event()
    body = api.get(url("player-results", event.pk, "PS-02")).json()
    assert body["shape"] == "pod"
    assert [(r["round_number"], r["table_number"], r["pod_size"], r["place"], r["score"], r["points"])
            for r in body["rounds"]] == [(1, 1, 5, 2, 20, 2.25), (2, 1, 5, 4, 3, 0.75)]
    assert [(m["display_name"], m["place"]) for m in body["rounds"][0]["mates"]] == [
        ("Ana Núñez", 1), ("Carla Ibáñez", 3), ("Darío Pérez", 4), ("Eva Sánchez", 5),
    ]
    standing = body["standing"]
    assert (standing["rank"], standing["points"], standing["secondary_score"]) == (3, 3.0, 23)


def test_pods_round_list_counts_the_pods(api):
    """One pod a round: 1 table, pending until its places are entered."""
    event, regs = stoner_event()
    services.round_pair_next(event=event)
    rounds = api.get(url("round-list", event.pk)).json()["results"]
    assert [(r["number"], r["tables"], r["results_pending"]) for r in rounds] == [(1, 1, 1)]
    pod = event.rounds.get().tables.get()
    record_places(
        pod,
        [(regs[k].pk, p, s)
               for k, (p, s) in {
        "ana": (1, 25), "beto": (2, 20), "carla": (3, 13), "dario": (4, 5), "eva": (5, 1)}.items()],
    )
    detail = api.get(url("round-detail", event.pk, 1)).json()
    assert (detail["tables"], detail["results_pending"]) == (1, 0)


def test_pairing_the_next_pods_round_answers_its_pods(as_user, organizer, venue):
    """The organizer's «pair next round» on a pods event answers the pods it seated, not an empty list."""
    event, _regs = stoner_event(venue=venue)
    response = as_user(organizer).post(url("pair-next-round", event.pk))
    assert response.status_code == 201
    body = response.json()
    assert (body["round"]["number"], body["round"]["tables"]) == (1, 1)
    assert [len(p["seats"]) for p in body["pairings"]] == [5]


def test_duel_event_answers_in_the_duel_shape(api):
    """Two players, one match 2-1 for A: A 1 match point, B 0 (win 1, loss 0: 000 § "Desempates")."""
    event = open_event(players=2, cut_size=0)
    rnd = services.round_pair_next(event=event)
    match = rnd.tables.get()
    services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    winner, loser = match.player_a.player, match.player_b.player
    rows = api.get(url("standing-list", event.pk)).json()["results"]
    assert [(r["player_number"], r["match_points"]) for r in rows] == [
        (winner.player_number, 1.0), (loser.player_number, 0.0)]
    pairing = api.get(url("pairing-list", event.pk, 1)).json()["results"]
    assert [(p["player_a"]["player_number"], p["games_a"], p["games_b"]) for p in pairing] == [
        (winner.player_number, 2, 1)]
    body = api.get(url("player-results", event.pk, loser.player_number)).json()
    assert body["shape"] == "duel"
    assert [(r["result"], r["games_won"], r["games_lost"], r["match_points"]) for r in body["rounds"]] == [
        ("loss", 1, 2, 0.0)]


# --------------------------------------------------------------------------- the answers match the schema


def _json_schema(node):
    """An OpenAPI 3.0 schema node as JSON Schema: ``nullable: true`` becomes a ``null`` alternative."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items() if key not in ("nullable", "discriminator")}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def _response_schema(schema, path: str, method: str, code: str) -> dict:
    content = schema["paths"][path][method]["responses"][code]["content"]["application/json"]["schema"]
    components = {name: _json_schema(body) for name, body in schema["components"]["schemas"].items()}
    return {**_json_schema(content), "components": {"schemas": components}}


@pytest.fixture(scope="module")
def openapi():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


@pytest.mark.parametrize("pods", [True, False], ids=["pods", "duels"])
def test_format_answers_match_the_documented_schema(api, openapi, pods):
    """What schemathesis checks (response_schema_conformance): each answer is exactly one documented shape."""
    import jsonschema

    if pods:
        event, _regs, _rounds = played_event()
        number = "PS-02"
    else:
        event = open_event(players=3, cut_size=0)
        rnd = services.round_pair_next(event=event)
        match = rnd.tables.filter(is_bye=False).get()
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
        number = match.player_a.player.player_number
    answers = [
        ("/api/events/{event_id}/rounds/{number}/pairings/", url("pairing-list", event.pk, 1)),
        ("/api/events/{event_id}/standings/", url("standing-list", event.pk)),
        ("/api/events/{event_id}/players/{player_number}/results/", url("player-results", event.pk, number)),
        ("/api/events/{event_id}/rounds/", url("round-list", event.pk)),
        ("/api/events/{event_id}/", url("event-detail", event.pk)),
    ]
    for path, address in answers:
        body = api.get(address).json()
        # OpenAPI 3.0 keeps draft 4's boolean exclusiveMinimum/Maximum
        jsonschema.Draft4Validator(_response_schema(openapi, path, "get", "200")).validate(body)
        if "results" in body:
            assert body["results"], path  # a shape was really checked, not an empty list


def _pods_in_round(players: int):
    """A stoner-points event of ``players`` with round 1 seated (5 → one pod; 13 → pods of 5, 4 and 4)."""
    from tests.factories import EventFactory, PlayerFactory, game

    event = EventFactory(game=game("stoner_points"), cut_size=0, best_of=1)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    return event


@pytest.mark.parametrize(("players", "pods"), [(5, 1), (13, 3)])
def test_pods_lists_run_a_constant_number_of_queries(api, django_assert_num_queries, players, pods):
    """One pod or three: the same queries (STYLE.md §7: constant for 1 and 3 items)."""
    event = _pods_in_round(players)
    with django_assert_num_queries(4):  # the state stamp, event, round with its counts, the seats
        body = api.get(url("pairing-list", event.pk, 1)).json()
    assert len(body["results"]) == pods
    with django_assert_num_queries(4):  # the state stamp, event, registrations, the seats
        body = api.get(url("standing-list", event.pk)).json()
    assert len(body["results"]) == players
