"""Pod events (issue #9): services, pages and API.

Pairing in pods, entering places (illegal, stale, history), standings from
placements, the podium, the public and judge pages and the read-only API.
"""
from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, record_places
from tests.factories.day import registered_event
from tournaments import services
from tournaments.enums import EventState, MatchStatus
from tournaments.errors import IllegalResult, PairingRefused, StaleEdit
from tournaments.models import Event, ResultEntry, Round, Table
from tournaments.selectors import standing_rows
from tournaments.selectors.places import pods_for_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def pod_event(players: int, key: str = "stoner_points", **kwargs) -> Event:
    """A pod event of ``players`` with registration closed, no top cut (the day's shared factory)."""
    return registered_event(players, game_key=key, cut_size=0, **kwargs)


def seat_order(pod: Table) -> list[int]:
    return list(pod.seats.order_by("seat").values_list("registration_id", flat=True))


def by_seat_order(pod: Table, *, scores: bool = True) -> list[tuple[int, int, int | None]]:
    """Seat 1 wins, seat 2 is 2nd … (stoner points 20, 15, 10 …)."""
    return [(rid, place, (25 - 5 * place) if scores else None)
            for place, rid in enumerate(seat_order(pod), start=1)]


def play_round(event: Event) -> Round:
    rnd = services.round_pair_next(event=event)
    for pod in rnd.tables.all():
        record_places(pod, by_seat_order(pod))
    return rnd


# --------------------------------------------------------------------------- services


def test_pair_next_round_delegates_to_pods_for_a_pod_event():
    event = pod_event(13)
    rnd = services.round_pair_next(event=event)
    assert rnd.tables.count() == 3
    assert sorted(pod.seats.count() for pod in rnd.tables.all()) == [4, 4, 5]
    assert rnd.seed == services.derived_seed(event.seed, "round", 1)
    event.refresh_from_db()
    assert event.state == EventState.SWISS and event.planned_rounds == 4


def test_pair_next_pod_round_refused_while_results_missing_names_the_tables():
    event = pod_event(13)
    rnd = services.round_pair_next(event=event)
    first = rnd.tables.get(table_number=1)
    record_places(first, by_seat_order(first))
    with pytest.raises(PairingRefused) as err:
        services.round_pair_next(event=event)
    assert err.value.code == "results_missing"
    assert "mesas 2, 3" in err.value.message


def test_record_pod_result_refuses_illegal_places():
    event = pod_event(13)
    pod = services.round_pair_next(event=event).tables.get(table_number=2)
    ids = seat_order(pod)
    bad = [(rid, place, None) for rid, place in zip(ids, [1, 2, 2, 3])]
    with pytest.raises(IllegalResult) as err:
        record_places(pod, bad)
    assert err.value.code == "places_not_ranked"
    with pytest.raises(IllegalResult) as err:
        record_places(pod, [(rid, n, None) for n, rid in enumerate(ids[:-1], 1)])
    assert err.value.code == "missing_player"
    pod.refresh_from_db()
    assert pod.status == MatchStatus.PENDING and pod.version == 0


def test_record_pod_result_refuses_places_that_contradict_stoner_points():
    event = pod_event(13)
    pod = services.round_pair_next(event=event).tables.get(table_number=2)
    a, b, c, d = seat_order(pod)
    with pytest.raises(IllegalResult) as err:
        record_places(pod, [(a, 1, 10), (b, 2, 20), (c, 3, 5), (d, 4, 1)])
    assert err.value.code == "places_score_mismatch"
    with pytest.raises(IllegalResult) as err:
        record_places(pod, [(a, 1, 20), (b, 1, 20), (c, 3, 5), (d, 4, 1)])
    assert err.value.code == "tied_lead"


def test_record_pod_result_accepts_shared_places_and_keeps_history():
    event = pod_event(13)
    pod = services.round_pair_next(event=event).tables.get(table_number=2)
    a, b, c, d = seat_order(pod)
    judge = UserFactory(username="juez-mesas")
    record_places(pod, [(a, 1, 21), (b, 2, 9), (c, 2, 9), (d, 4, 3)], expected_version=0, entered_by=judge)
    record_places(pod, [(a, 1, 22), (b, 2, 9), (c, 2, 9), (d, 4, 3)], expected_version=1, entered_by=judge)
    pod.refresh_from_db()
    assert (pod.status, pod.version) == (MatchStatus.REPORTED, 2)
    entries = list(ResultEntry.objects.filter(table=pod).order_by("version"))
    assert [e.version for e in entries] == [1, 2]
    assert entries[0].placements == [[a, 1, 21], [b, 2, 9], [c, 2, 9], [d, 4, 3]]
    assert entries[1].entered_by == judge


def test_record_pod_result_refuses_a_stale_save():
    event = pod_event(13)
    pod = services.round_pair_next(event=event).tables.get(table_number=1)
    record_places(pod, by_seat_order(pod), expected_version=0)
    # Another judge's different result, loaded before the first save, is refused ...
    first, second, *others = by_seat_order(pod)
    swapped = [(first[0], 2, second[2]), (second[0], 1, first[2]), *others]  # seats 1 and 2 the other way
    with pytest.raises(StaleEdit) as err:
        record_places(pod, swapped, expected_version=0)
    assert err.value.code == "stale_result"
    # ... while the first save sent again (its answer was lost) is answered with the saved table.
    saved = record_places(pod, by_seat_order(pod), expected_version=0)
    assert saved.version == 1
    assert ResultEntry.objects.filter(table=pod).count() == 1


def test_resending_the_same_pod_result_is_a_no_op():
    event = pod_event(13)
    pod = services.round_pair_next(event=event).tables.get(table_number=1)
    record_places(pod, by_seat_order(pod))
    record_places(pod, by_seat_order(pod))
    pod.refresh_from_db()
    assert pod.version == 1


def test_pods_have_no_repeated_pod_mates_over_three_rounds_of_13_players():
    event = pod_event(13, key="copa_del_mundo")
    met: set[tuple[int, int]] = set()
    for _ in range(3):
        rnd = services.round_pair_next(event=event)
        for pod in rnd.tables.all():
            players = sorted(seat_order(pod))
            pairs = set(itertools.combinations(players, 2))
            assert not pairs & met
            met |= pairs
            record_places(pod, by_seat_order(pod, scores=False))
    assert sorted(pod.seats.count() for pod in rnd.tables.all()) == [3, 3, 3, 4]


def test_pod_standings_from_placements():
    """Decision 17 by hand, one pod of 4 with a tie for 2nd: the winner
    beats all three (3); each tied 2nd beats the 4th and ties one
    (3 × 1.5 / 3 = 1.5); the 4th beats nobody (0)."""
    event = pod_event(4)  # one pod of 4
    pod = services.round_pair_next(event=event).tables.get()
    a, b, c, d = seat_order(pod)
    record_places(pod, [(a, 1, 20), (b, 2, 12), (c, 2, 12), (d, 4, 0)])
    rows = standing_rows(event)
    assert [(r.registration_id, r.rank, r.points, r.opponents_points, r.secondary_score) for r in rows] == [
        (a, 1, 3, 3, 20),
        (rows[1].registration_id, 2, Decimal("1.5"), Decimal("4.5"), 12),
        (rows[2].registration_id, 2, Decimal("1.5"), Decimal("4.5"), 12),
        (d, 4, 0, 6, 0),
    ]
    assert {rows[1].registration_id, rows[2].registration_id} == {b, c}


def test_event_placement_points_setting_is_used():
    """An event that chooses a points table (decision 17: configurable per
    event) scores by it."""
    event = pod_event(4, placement_points={"1": 5, "2": 3, "3": 1}, pod_points_mode="table")
    pod = services.round_pair_next(event=event).tables.get()
    record_places(pod, by_seat_order(pod))
    assert [r.points for r in standing_rows(event)] == [5, 3, 1, 0]


def test_finish_event_podium_is_top_three_of_pod_standings_skipping_disqualified():
    event = pod_event(8)
    for _ in range(3):
        play_round(event)
    rows = standing_rows(event)
    leader = rows[0].registration_id
    event.registrations.filter(pk=leader).update(disqualified=True)
    event = services.event_finish(event=event)
    assert event.state == EventState.FINISHED
    assert [event.podium_first_id, event.podium_second_id, event.podium_third_id] == [
        r.registration_id for r in rows[1:4]
    ]
    assert not Table.objects.filter(round__event=event, status=MatchStatus.REPORTED).exists()


def test_pairing_refused_after_the_planned_rounds():
    event = pod_event(8, planned_rounds=1)
    play_round(event)
    with pytest.raises(PairingRefused) as err:
        services.round_pair_next(event=event)
    assert err.value.code == "swiss_complete"


# --------------------------------------------------------------------------- pages and API


@pytest.fixture
def live_pods():
    event = pod_event(13)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get(table_number=1)
    record_places(pod, by_seat_order(pod))
    return event, rnd


def test_public_event_page_lists_the_current_pods(client, live_pods):
    event, rnd = live_pods
    page = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert 'id="pods"' in page
    for row in pods_for_round(rnd):
        for seat in row.seats:
            assert seat.display_name in page
    assert "pendiente" in page and "puntos stoner" in page


def test_public_standings_page_shows_pod_tiebreak_columns(client, live_pods):
    event, _rnd = live_pods
    page = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    assert "Rivales" in page and "Puntos stoner" in page and "¿Cómo se desempata?" in page
    assert "Handicap" not in page


def test_judge_page_lists_pods_and_saves_places(client, live_pods):
    event, rnd = live_pods
    judge = UserFactory(username="juez-pods")
    event.judges.add(judge)
    client.force_login(judge)
    listing = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert reverse("judge:table", args=[event.pk, rnd.number, 2]) in listing
    url = reverse("judge:table", args=[event.pk, rnd.number, 2])
    form = client.get(url).content.decode()
    assert "Puntos stoner" in form and "Guardar puestos" in form
    assert "Cargá también los puntos stoner de cada uno." in form  # the game's score name, lower case
    pod = rnd.tables.get(table_number=2)
    data = {"expected_version": 0}
    for rid, place, score in by_seat_order(pod):
        data[f"place_{rid}"] = place
        data[f"score_{rid}"] = score
    response = client.post(url, data)
    assert response.status_code == 302
    pod.refresh_from_db()
    assert pod.status == MatchStatus.REPORTED
    assert ResultEntry.objects.get(table=pod).entered_by == judge
    data[f"score_{seat_order(pod)[0]}"] = 0  # the winner with 0 stoner points: refused
    data["expected_version"] = 1
    page = client.post(url, data).content.decode()
    assert "no coinciden con los puntos stoner" in page


def test_api_lists_pods_of_a_round_and_pod_standings(live_pods):
    """The general endpoints answer in the pods' shape (issue #24: no pod-only endpoints)."""
    event, rnd = live_pods
    api = APIClient()
    assert api.get(reverse("tournaments_api:event-detail", args=[event.pk])).json()["secondary_score"] == \
        "Puntos stoner"
    body = api.get(reverse("tournaments_api:pairing-list", args=[event.pk, rnd.number])).json()
    assert [len(p["seats"]) for p in body["results"]] == [5, 4, 4]
    assert body["results"][0]["status"] == "reported" and body["results"][0]["seats"][0]["place"] == 1
    standings = api.get(reverse("tournaments_api:standing-list", args=[event.pk])).json()
    assert len(standings["results"]) == 13
    assert standings["results"][0]["points"] == 3
    assert api.post(reverse("tournaments_api:standing-list", args=[event.pk])).status_code == 405


def test_api_standings_of_a_two_player_event_keep_the_duel_shape():
    """A duel event's standings have match points and no placement points."""
    event = EventFactory()
    services.registration_open(event=event)
    for _ in range(2):
        services.registration_create(event=event, player=PlayerFactory())
    rows = APIClient().get(reverse("tournaments_api:standing-list", args=[event.pk])).json()["results"]
    assert [("match_points" in row, "points" in row) for row in rows] == [(True, False), (True, False)]


def test_pairings_pdf_by_table_lists_every_seat_of_every_pod(live_pods):
    from tournaments import documents
    from tournaments.pdf.pairings import PairingsByTableRenderer

    _event, rnd = live_pods
    sheet = documents.pairing_sheet(rnd)
    assert sheet.by_seat
    assert [(row.table, row.caption) for row in sheet.tables][:2] == [(1, "Asiento 1"), (1, "Asiento 2")]
    assert len(sheet.tables) == 13
    assert documents.kinds_for_round(rnd) == ["pairings_by_table", "pairings_by_name", "result_slips", "standings"]
    pdf = PairingsByTableRenderer().render(sheet)
    assert pdf.content.startswith(b"%PDF") and pdf.pages == 1


def test_repair_current_round_of_a_pod_event_refused_once_a_pod_has_a_result(live_pods):
    from tournaments.errors import StateError

    event, _rnd = live_pods
    with pytest.raises(StateError) as err:
        services.round_repair(event=event)
    assert err.value.code == "round_has_results"


def test_repair_current_round_of_a_pod_event_seats_it_again():
    event = pod_event(13)
    services.round_pair_next(event=event)
    rnd = services.round_repair(event=event)
    assert rnd.number == 1 and sorted(p.seats.count() for p in rnd.tables.all()) == [4, 4, 5]


def test_pod_event_has_no_top_cut():
    from tournaments.errors import StateError

    event = pod_event(8, planned_rounds=1)
    event.cut_size = 4
    event.save(update_fields=["cut_size"])
    play_round(event)
    with pytest.raises(StateError):
        services.top_cut_start(event=event)
    assert services.event_finish(event=event).state == EventState.FINISHED
