"""Impact preview of a pod correction (issue #13 item 1): the pod standings rows that move, nothing written.

The field is tests/tournaments/pods_helpers.py: five players at one pod of
five in both rounds, placement points 3/2/1/0/0, ranked by points, then
opponents' points (2 × (12 − own) here), then stoner points.

Before any correction: 1 Ana (3, 18, 25), 2 Eva (3, 18, 24; stoner
points), 3 Beto (2, 20, 24; points), 4 Carla (2, 20, 22; stoner points),
5 Darío (2, 20, 21; stoner points); podium Ana, Eva, Beto.

Correction A, round 1, only Eva's stoner points 1 → 3 (still 5th, behind
Darío's 5): Eva 24 → 26 stoner points, so Eva (3, 18, 26) passes Ana
(3, 18, 25); nobody else moves. Podium Eva, Ana, Beto.

Correction B, round 1, Beto and Carla swapped (Carla 20 → 2nd, Beto 13 →
3rd): round 1 points Ana 3, Carla 2, Beto 1, Darío 0, Eva 0; totals Ana 3,
Beto 1, Carla 3, Darío 2, Eva 3 (12); opponents' points Ana 18, Beto 22,
Carla 18, Darío 20, Eva 18; stoner points Ana 25, Beto 13 + 4 = 17, Carla
20 + 9 = 29, Darío 21, Eva 24. Ranking: 1 Carla (3, 18, 29), 2 Ana (3, 18,
25), 3 Eva (3, 18, 24), 4 Darío (2, 20, 21), 5 Beto (1, 22, 17); every row
moves. Podium Carla, Ana, Eva.
"""
import pytest

from tests.tournaments.pods_helpers import ROUNDS, played_event
from tournaments.corrections_preview import pod_correction_preview
from tournaments.errors import IllegalResult
from tournaments.models import EventLogEntry, PodResultEntry

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def placements(regs, changes: dict) -> list[tuple[int, int, int]]:
    """Round 1's placements of :data:`ROUNDS` with ``changes`` (key → (place, score)) applied."""
    places = {**ROUNDS[0], **changes}
    return [(regs[key].pk, place, score) for key, (place, score) in places.items()]


def moved(preview) -> list[tuple]:
    return [(m.name, m.rank_before, m.rank_after, m.points_before, m.points_after, m.opponents_points_before,
             m.opponents_points_after, m.secondary_before, m.secondary_after, m.criterion_before, m.criterion_after)
            for m in preview.moved]


def test_pod_preview_score_only_moves_the_two_rows_it_separates():
    event, regs, (r1, r2) = played_event()
    preview = pod_correction_preview(pod=r1.pods.get(), placements=placements(regs, {"eva": (5, 3)}))
    assert moved(preview) == [
        ("Eva Sánchez", 2, 1, 3, 3, 18, 18, 24, 26, "Puntos stoner", "—"),
        ("Ana Núñez", 1, 2, 3, 3, 18, 18, 25, 25, "—", "Puntos stoner"),
    ]
    assert preview.podium_before == ("Ana Núñez", "Eva Sánchez", "Beto Gómez")
    assert preview.podium_after == ("Eva Sánchez", "Ana Núñez", "Beto Gómez")
    assert preview.subject == "Ronda 1, mesa 1"
    assert [(p.name, p.score_before, p.score_after) for p in preview.places if p.changed] == [("Eva Sánchez", 1, 3)]


def test_pod_preview_places_swap_moves_every_row():
    event, regs, (r1, r2) = played_event()
    preview = pod_correction_preview(pod=r1.pods.get(),
                                     placements=placements(regs, {"beto": (3, 13), "carla": (2, 20)}))
    assert moved(preview) == [
        ("Carla Ibáñez", 4, 1, 2, 3, 20, 18, 22, 29, "Puntos stoner", "—"),
        ("Ana Núñez", 1, 2, 3, 3, 18, 18, 25, 25, "—", "Puntos stoner"),
        ("Eva Sánchez", 2, 3, 3, 3, 18, 18, 24, 24, "Puntos stoner", "Puntos stoner"),
        ("Darío Pérez", 5, 4, 2, 2, 20, 20, 21, 21, "Puntos stoner", "Puntos por puesto"),
        ("Beto Gómez", 3, 5, 2, 1, 20, 22, 24, 17, "Puntos por puesto", "Puntos por puesto"),
    ]
    assert preview.podium_after == ("Carla Ibáñez", "Ana Núñez", "Eva Sánchez")
    assert [(p.name, p.place_before, p.place_after) for p in preview.places] == [
        ("Ana Núñez", 1, 1), ("Carla Ibáñez", 3, 2), ("Beto Gómez", 2, 3), ("Darío Pérez", 4, 4),
        ("Eva Sánchez", 5, 5)]


def test_pod_preview_writes_nothing():
    event, regs, (r1, r2) = played_event()
    pod = r1.pods.get()
    counts = (PodResultEntry.objects.count(), EventLogEntry.objects.count())
    pod_correction_preview(pod=pod, placements=placements(regs, {"beto": (3, 13), "carla": (2, 20)}))
    pod.refresh_from_db()
    assert pod.version == 1
    assert dict(pod.seats.values_list("registration_id", "place"))[regs["beto"].pk] == 2
    assert (PodResultEntry.objects.count(), EventLogEntry.objects.count()) == counts


def test_pod_preview_refuses_places_the_scores_contradict():
    event, regs, (r1, r2) = played_event()
    with pytest.raises(IllegalResult) as exc:
        pod_correction_preview(pod=r1.pods.get(), placements=placements(regs, {"beto": (3, 20), "carla": (2, 13)}))
    assert exc.value.code == "places_score_mismatch"


def test_pod_preview_of_an_unfinished_event_has_no_podium():
    event, regs, (r1, r2) = played_event(finish=False)
    preview = pod_correction_preview(pod=r1.pods.get(), placements=placements(regs, {"eva": (5, 3)}))
    assert (preview.podium_before, preview.podium_after) == ((), ())
    assert [m.name for m in preview.moved] == ["Eva Sánchez", "Ana Núñez"]
