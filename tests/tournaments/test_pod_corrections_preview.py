"""Impact preview of a pod correction (issue #13 item 1): the pod standings rows that move, nothing written.

The field is tests/tournaments/pods_helpers.py: five players at one pod of
five in both rounds, placement points 3 / 2.25 / 1.5 / 0.75 / 0 (DESIGN.md
decision 17), ranked by points, then opponents' points (2 × (15 − own)
here), then stoner points.

Before any correction every player has 3 points and 24 opponents' points:
1 Ana (25 stoner points), 2 Eva (24), 3 Beto (23), 4 Carla (22), 5 Darío
(21), each below Ana separated by stoner points; podium Ana, Eva, Beto.

Correction A, round 1, only Eva's stoner points 1 → 3 (still 5th, behind
Darío's 5): Eva 24 → 26 stoner points, so Eva (3, 24, 26) passes Ana
(3, 24, 25); nobody else moves. Podium Eva, Ana, Beto.

Correction B, round 1, Beto and Carla swapped (Carla 20 → 2nd, Beto 13 →
3rd): round 1 points Ana 3, Carla 2.25, Beto 1.5, Darío 0.75, Eva 0;
totals Ana 3, Beto 1.5 + 0.75 = 2.25, Carla 2.25 + 1.5 = 3.75, Darío 3,
Eva 3 (15); opponents' points Ana 24, Beto 25.5, Carla 22.5, Darío 24,
Eva 24; stoner points Ana 25, Beto 13 + 3 = 16, Carla 20 + 9 = 29, Darío
21, Eva 24. Ranking: 1 Carla (3.75), 2 Ana (3, 24, 25; points separate her
from Carla), 3 Eva (3, 24, 24), 4 Darío (3, 24, 21), 5 Beto (2.25); every
row moves. Podium Carla, Ana, Eva.
"""
from decimal import Decimal

import pytest

from tests.factories.day import place_seats
from tests.tournaments.pods_helpers import ROUNDS, played_event
from tournaments.errors import IllegalResult
from tournaments.models import EventLogEntry, ResultEntry
from tournaments.services.corrections_preview import table_correction_preview

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def placements(regs, changes: dict) -> dict[int, dict]:
    """Round 1's seats of :data:`ROUNDS` with ``changes`` (key → (place, score)) applied."""
    places = {**ROUNDS[0], **changes}
    return place_seats([(regs[key].pk, place, score) for key, (place, score) in places.items()])


def moved(preview) -> list[tuple]:
    return [(m.name, m.rank_before, m.rank_after, m.points_before, m.points_after, m.buchholz_before,
             m.buchholz_after, m.secondary_before, m.secondary_after, m.criterion_before, m.criterion_after)
            for m in preview.moved]


def test_pod_preview_score_only_moves_the_two_rows_it_separates():
    event, regs, (r1, r2) = played_event()
    preview = table_correction_preview(table=r1.tables.get(), seats=placements(regs, {"eva": (5, 3)}))
    assert moved(preview) == [
        ("Eva Sánchez", 2, 1, 3, 3, 24, 24, 24, 26, "Puntos stoner", "—"),
        ("Ana Núñez", 1, 2, 3, 3, 24, 24, 25, 25, "—", "Puntos stoner"),
    ]
    assert preview.podium_before == ("Ana Núñez", "Eva Sánchez", "Beto Gómez")
    assert preview.podium_after == ("Eva Sánchez", "Ana Núñez", "Beto Gómez")
    assert preview.subject == "Ronda 1, mesa 1"
    assert [(p.name, p.score_before, p.score_after) for p in preview.seats if p.changed] == [("Eva Sánchez", 1, 3)]


def test_pod_preview_places_swap_moves_every_row():
    event, regs, (r1, r2) = played_event()
    preview = table_correction_preview(table=r1.tables.get(),
                                     seats=placements(regs, {"beto": (3, 13), "carla": (2, 20)}))
    d = Decimal
    assert moved(preview) == [
        ("Carla Ibáñez", 4, 1, 3, d("3.75"), 24, d("22.5"), 22, 29, "Puntos stoner", "—"),
        ("Ana Núñez", 1, 2, 3, 3, 24, 24, 25, 25, "—", "Puntos por puesto"),
        ("Eva Sánchez", 2, 3, 3, 3, 24, 24, 24, 24, "Puntos stoner", "Puntos stoner"),
        ("Darío Pérez", 5, 4, 3, 3, 24, 24, 21, 21, "Puntos stoner", "Puntos stoner"),
        ("Beto Gómez", 3, 5, 3, d("2.25"), 24, d("25.5"), 23, 16, "Puntos stoner", "Puntos por puesto"),
    ]
    assert preview.podium_after == ("Carla Ibáñez", "Ana Núñez", "Eva Sánchez")
    assert [(p.name, p.place_before, p.place_after) for p in preview.seats] == [
        ("Ana Núñez", 1, 1), ("Carla Ibáñez", 3, 2), ("Beto Gómez", 2, 3), ("Darío Pérez", 4, 4),
        ("Eva Sánchez", 5, 5)]


def test_pod_preview_writes_nothing():
    event, regs, (r1, r2) = played_event()
    pod = r1.tables.get()
    counts = (ResultEntry.objects.count(), EventLogEntry.objects.count())
    table_correction_preview(table=pod, seats=placements(regs, {"beto": (3, 13), "carla": (2, 20)}))
    pod.refresh_from_db()
    assert pod.version == 1
    assert dict(pod.seats.values_list("registration_id", "place"))[regs["beto"].pk] == 2
    assert (ResultEntry.objects.count(), EventLogEntry.objects.count()) == counts


def test_pod_preview_refuses_places_the_scores_contradict():
    event, regs, (r1, r2) = played_event()
    with pytest.raises(IllegalResult) as exc:
        table_correction_preview(table=r1.tables.get(), seats=placements(regs, {"beto": (3, 20), "carla": (2, 13)}))
    assert exc.value.code == "places_score_mismatch"


def test_pod_preview_of_an_unfinished_event_has_no_podium():
    event, regs, (r1, r2) = played_event(finish=False)
    preview = table_correction_preview(table=r1.tables.get(), seats=placements(regs, {"eva": (5, 3)}))
    assert (preview.podium_before, preview.podium_after) == ((), ())
    assert [m.name for m in preview.moved] == ["Eva Sánchez", "Ana Núñez"]
