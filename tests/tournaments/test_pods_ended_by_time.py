"""A pod that ended by time is recorded and shown so (issue #16 point 6).

004_4a3d59c736a1e8f3.txt § "1 Objetivo": "El primer jugador que acumula 20
o más stoner points … gana la partida". A pod scoring 15/12/9 did not end
that way: the round's time ran out. It is recorded as ended by time, not as
a normal win, and its places follow the scores (RULES-TRACE.md ambiguity 38;
neither the seed nor DESIGN.md gives another order for an unfinished game),
a tied lead sharing 1st. Clauses R-004-02 (20 or more wins; a tie goes on)
and R-004-08 (places by score). Points: DESIGN.md decision 17 (3 players:
3 / 1.5 / 0), R-002-11 for La Copa del Mundo's places → points.
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, UserFactory, game, record_places
from tests.factories.day import place_seats
from tournaments import services
from tournaments.enums import MatchStatus
from tournaments.errors import IllegalResult
from tournaments.models import EventLogEntry, ResultEntry, Table
from tournaments.selectors import standing_rows
from tournaments.selectors.places import player_pod_rounds, pod_rows, pods_for_round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def pod_event(players: int, key: str = "stoner_points", **kwargs):
    event = EventFactory(game=game(key), cut_size=0, best_of=1, **kwargs)
    services.registration_open(event=event)
    regs = [services.registration_create(event=event, player=PlayerFactory()) for _ in range(players)]
    services.registration_close(event=event)
    event.refresh_from_db()
    return event, regs


def seats(pod: Table) -> list[int]:
    return list(pod.seats.order_by("seat").values_list("registration_id", flat=True))


@pytest.fixture
def three():
    """One stoner-points pod of three, seated (a, b, c in seat order)."""
    event, _regs = pod_event(3)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    return event, rnd, pod, seats(pod)


def test_pod_of_15_12_9_is_recorded_as_ended_by_time(three):
    """R-004-02: nobody reached 20 → ended by time; R-004-08: places 1, 2, 3
    by score; decision 17: 3, 1.5, 0 points."""
    event, _rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 15), (b, 2, 12), (c, 3, 9)])
    pod.refresh_from_db()
    assert pod.ended_by_time is True
    assert pod.status == MatchStatus.REPORTED
    entry = ResultEntry.objects.get(table=pod)
    assert entry.ended_by_time is True
    log = EventLogEntry.objects.filter(event=event, action="pod_result_record").get()
    assert log.after["ended_by_time"] is True
    assert dict(pod.seats.values_list("registration_id", "place")) == {a: 1, b: 2, c: 3}
    assert [(r.registration_id, r.points) for r in standing_rows(event)] == [
        (a, Decimal(3)), (b, Decimal("1.5")), (c, Decimal(0))]


def test_pod_where_someone_reached_20_is_a_normal_finish(three):
    """R-004-02: 22 is "20 o más" → a normal win, not ended by time."""
    _event, _rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 22), (b, 2, 12), (c, 3, 9)])
    pod.refresh_from_db()
    assert pod.ended_by_time is False
    assert ResultEntry.objects.get(table=pod).ended_by_time is False


def test_places_of_a_pod_ended_by_time_must_follow_the_scores(three):
    """R-004-08: 15/12/9 with the 12 placed first is refused."""
    _event, _rnd, pod, (a, b, c) = three
    with pytest.raises(IllegalResult) as err:
        record_places(pod, [(a, 2, 15), (b, 1, 12), (c, 3, 9)])
    assert err.value.code == "places_score_mismatch"
    pod.refresh_from_db()
    assert pod.status == MatchStatus.PENDING and not pod.ended_by_time


def test_tied_lead_shares_first_only_when_the_pod_ended_by_time(three):
    """R-004-02: 22/22/9 is a tie at 20 or more → play goes on (refused);
    15/15/9 ended by time → both 1st: (3 + 1.5) / 2 = 2.25 each, last 0."""
    event, _rnd, pod, (a, b, c) = three
    with pytest.raises(IllegalResult) as err:
        record_places(pod, [(a, 1, 22), (b, 1, 22), (c, 3, 9)])
    assert err.value.code == "tied_lead"
    record_places(pod, [(a, 1, 15), (b, 1, 15), (c, 3, 9)])
    pod.refresh_from_db()
    assert pod.ended_by_time is True
    points = {r.registration_id: r.points for r in standing_rows(event)}
    assert points == {a: Decimal("2.25"), b: Decimal("2.25"), c: Decimal(0)}


def test_judge_may_record_a_time_end_even_with_20_reached(three):
    """The judge's flag (the clock ended the lap early) is kept; places still by score."""
    _event, _rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 21), (b, 1, 21), (c, 3, 9)], went_to_time=True)
    pod.refresh_from_db()
    assert pod.ended_by_time is True


def test_correction_to_a_real_finish_clears_ended_by_time(three):
    """A correction from 15/12/9 to 21/12/9 (someone reached 20) turns the
    pod into a normal finish; the history keeps both entries."""
    event, _rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 15), (b, 2, 12), (c, 3, 9)])
    organizer = UserFactory(is_staff=True, is_superuser=True)
    services.table_result_correct(table=pod, seats=place_seats([(a, 1, 21), (b, 2, 12), (c, 3, 9)]),
                                  reason="Faltaba sumar una carta", by=organizer)
    pod.refresh_from_db()
    assert pod.ended_by_time is False
    assert list(ResultEntry.objects.filter(table=pod).order_by("version").values_list(
        "went_to_time", flat=True)) == [True, False]


def test_ended_by_time_is_shown_on_judge_public_and_admin_pages(client, three):
    event, rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 15), (b, 2, 12), (c, 3, 9)])
    assert [row.ended_by_time for row in pods_for_round(rnd)] == [True]
    own = player_pod_rounds(pod.seats.get(registration_id=c).registration, event=event)
    assert [(r.place, r.points, r.ended_by_time) for r in own] == [(3, Decimal(0), True)]
    public = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "terminó por tiempo" in public
    superuser = UserFactory(username="org-time", is_staff=True, is_superuser=True)
    client.force_login(superuser)
    admin_page = client.get(reverse("admin:tournaments_round_change", args=[rnd.pk])).content.decode()
    assert "terminó por tiempo" in admin_page


def test_a_normal_finish_is_not_shown_as_ended_by_time(client, three):
    event, rnd, pod, (a, b, c) = three
    record_places(pod, [(a, 1, 20), (b, 2, 12), (c, 3, 9)])
    public = client.get(reverse("public:event", args=[event.pk])).content.decode()
    assert "terminó por tiempo" not in public


def test_copa_del_mundo_five_managers_in_pods_of_three_and_two():
    """R-002-07/R-002-11 with DESIGN.md decision 17: 5 Managers sit [3, 2].

    Places in seat order. Pod of 3: 3, 1.5, 0; pod of 2: 3, 0. The last of
    the 2-player pod earns 0, not 2 as before, and no longer ranks above the
    2nd of the 3-player pod. Opponents: 3-pod winner 1.5, its 2nd 3, its
    last 4.5; 2-pod winner 0, its last 3. Ranking: 3-pod winner (3, 1.5),
    2-pod winner (3, 0), 3-pod 2nd (1.5), 3-pod last (0, 4.5), 2-pod last (0, 3).
    """
    event, _regs = pod_event(5, key="copa_del_mundo")
    rnd = services.round_pair_next(event=event)
    pods = {p.seats.count(): p for p in rnd.tables.all()}
    assert sorted(pods) == [2, 3]
    x1, x2, x3 = seats(pods[3])
    y1, y2 = seats(pods[2])
    record_places(pods[3], [(x1, 1, None), (x2, 2, None), (x3, 3, None)])
    record_places(pods[2], [(y1, 1, None), (y2, 2, None)])
    assert [(r.registration_id, r.rank, r.points, r.opponents_points) for r in standing_rows(event)] == [
        (x1, 1, Decimal(3), Decimal("1.5")),
        (y1, 2, Decimal(3), Decimal(0)),
        (x2, 3, Decimal("1.5"), Decimal(3)),
        (x3, 4, Decimal(0), Decimal("4.5")),
        (y2, 5, Decimal(0), Decimal(3)),
    ]


def test_event_may_choose_a_points_table_instead():
    """Configurable per event (decision 17): with ``pod_points_mode="table"``
    and {1: 5, 2: 3, 3: 1}, a pod of 3 in seat order pays 5, 3, 1."""
    event, _regs = pod_event(3, pod_points_mode="table", placement_points={"1": 5, "2": 3, "3": 1})
    pod = services.round_pair_next(event=event).tables.get()
    a, b, c = seats(pod)
    record_places(pod, [(a, 1, 22), (b, 2, 12), (c, 3, 9)])
    assert [r.points for r in standing_rows(event)] == [5, 3, 1]


def test_pod_rows_for_the_judge_pages_carry_ended_by_time(three):
    """The judge's list and form read :func:`pod_rows`: same seats as the round's rows, flag included."""
    _event, rnd, pod, (a, b, c) = three
    assert [row.ended_by_time for row in pod_rows([pod.pk])] == [False]
    record_places(pod, [(a, 1, 15), (b, 2, 12), (c, 3, 9)])
    assert pod_rows([pod.pk]) == pods_for_round(rnd)
    assert pod_rows([pod.pk])[0].ended_by_time is True


def test_pods_api_shows_ended_by_time_and_exact_share_points(client):
    """The public API: a pod of five ended by time (nobody reached 20,
    R-004-02) with the last two tied (R-004-08: places by score).

    Decision 17 by hand: places 1, 2, 3 beat 4, 3 and 2 of the four
    pod-mates (3, 2.25, 1.5); the two tied 4th each beat nobody and tie one
    (3 × ½ / 4 = 0.375), which the API gives exactly, not rounded.
    """
    event, _regs = pod_event(5)
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    a, b, c, d, e = seats(pod)
    record_places(pod, [(a, 1, 18), (b, 2, 14), (c, 3, 9), (d, 4, 2), (e, 4, 2)])
    body = client.get(reverse("tournaments_api:pairing-list", args=[event.pk, 1])).json()
    assert [p["ended_by_time"] for p in body["results"]] == [True]
    standings = client.get(reverse("tournaments_api:standing-list", args=[event.pk])).json()["results"]
    assert [row["points"] for row in standings] == [3.0, 2.25, 1.5, 0.375, 0.375]
