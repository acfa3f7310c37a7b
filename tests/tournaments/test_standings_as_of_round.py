"""Standings as of round N: ``format.standings(event, as_of_round=N)`` counts rounds 1 to N only.

Both formats, hand-derived. A dropped player counts as playing in the
rounds before the one they dropped after (``dropped_after_round``).

Duels, four players, pairings given by hand. Order of 000_0014b2ac83da54b4.txt
§ "¿Cómo se calculan los puntos en un torneo suizo?" (R-000-65, R-000-66):
match points (win 1, loss 0), wins (R-000-69; equal wherever points are
equal below), Buchholz — the match points of the opponents faced, as of
the same round (§ "3- Buchholz", R-000-70) —, head-to-head (R-000-71) and
game differential (§ "5- Resultado en partidas", R-000-73):

- round 1: Ana beats Beto 2-0, Carla beats Darío 2-1;
- round 2: Carla beats Ana 2-0, Beto beats Darío 2-0.

After round 1: Ana 1 (Buchholz = Beto's 0), Carla 1 (Darío's 0); never
met, so game differential: Ana +2, Carla +1 → Ana 1st, Carla 2nd. Beto 0
(Buchholz = Ana's 1), Darío 0 (Carla's 1); game differential Beto -2,
Darío -1 → Darío 3rd, Beto 4th.

After round 2: Carla 2 (Buchholz Darío 0 + Ana 1 = 1), Ana 1 (Beto 1 +
Carla 2 = 3), Beto 1 (Ana 1 + Darío 0 = 1), Darío 0 (Carla 2 + Beto 1 =
3) → Carla, Ana (Buchholz 3 beats 1), Beto, Darío.

Pods: the five-player stoner-points event of :mod:`tests.tournaments.pods_helpers`
(its docstring works both rounds out by hand).
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.tournaments.pods_helpers import played_event
from tournaments import services
from tournaments.formats import format_for
from tournaments.models import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NAMES = ("Ana", "Beto", "Carla", "Darío")


def duel_event_played():
    """The four-player duels event of the module docstring, both rounds entered; Darío dropped after round 2."""
    event = EventFactory(cut_size=0)
    services.registration_open(event=event)
    regs = {name: services.registration_create(event=event, player=PlayerFactory(display_name=name))
            for name in NAMES}
    services.registration_close(event=event)
    event.refresh_from_db()
    ana, beto, carla, dario = (regs[name] for name in NAMES)
    for pairs, scores in (
        (((ana, beto), (carla, dario)), ((2, 0), (2, 1))),
        (((carla, ana), (beto, dario)), ((2, 0), (2, 0))),
    ):
        rnd = services.round_pair_manual(event=event, pairings=pairs)
        for (a, _b), (games_a, games_b) in zip(pairs, scores, strict=True):
            services.table_result_record(
                table=Table.objects.get(round=rnd, seats__registration=a, seats__seat=1),
                seats=[{"games": games_a}, {"games": games_b}],
            )
    services.registration_drop(registration=dario)
    event.refresh_from_db()
    return event, {reg.pk: name for name, reg in regs.items()}


def duel_rows(rows, names):
    return [(row.rank, names[row.registration_id], row.match_points, row.buchholz, row.active) for row in rows]


def test_duel_standings_as_of_round_one_count_round_one_only():
    event, names = duel_event_played()
    fmt = format_for(event)
    assert duel_rows(fmt.standings(event, as_of_round=1), names) == [
        (1, "Ana", 1, 0, True),
        (2, "Carla", 1, 0, True),
        (3, "Darío", 0, 1, True),  # dropped after round 2: still playing after round 1
        (4, "Beto", 0, 1, True),
    ]


def test_duel_standings_as_of_the_last_round_are_the_standings_now():
    event, names = duel_event_played()
    fmt = format_for(event)
    expected = [
        (1, "Carla", 2, 1, True),
        (2, "Ana", 1, 3, True),
        (3, "Beto", 1, 1, True),
        (4, "Darío", 0, 3, False),
    ]
    assert duel_rows(fmt.standings(event, as_of_round=2), names) == expected
    assert duel_rows(fmt.standings(event), names) == expected


def test_duel_standings_as_of_round_zero_put_everyone_at_zero():
    event, names = duel_event_played()
    rows = format_for(event).standings(event, as_of_round=0)
    assert sorted((names[row.registration_id], row.match_points, row.buchholz, row.matches_played)
                  for row in rows) == [(name, 0, 0, 0) for name in sorted(NAMES)]


def pod_rows(rows, names):
    return [(row.rank, names[row.player_id], row.points, row.opponents_points, row.secondary_score, row.active)
            for row in rows]


def test_pod_standings_as_of_round_one_count_round_one_only():
    event, regs, _rounds = played_event(finish=False)
    services.registration_drop(registration=regs["eva"])  # after round 2
    names = {reg.pk: key for key, reg in regs.items()}
    d = Decimal  # a pod of five, decision 17: places 1-5 earn 3, 2.25, 1.5, 0.75, 0
    assert pod_rows(format_for(event).standings(event, as_of_round=1), names) == [
        (1, "ana", 3, d("4.5"), 25, True),  # opponents 2.25 + 1.5 + 0.75 + 0
        (2, "beto", d("2.25"), d("5.25"), 20, True),  # 3 + 1.5 + 0.75 + 0
        (3, "carla", d("1.5"), 6, 13, True),  # 3 + 2.25 + 0.75 + 0
        (4, "dario", d("0.75"), d("6.75"), 5, True),  # 3 + 2.25 + 1.5 + 0
        (5, "eva", 0, d("7.5"), 1, True),  # 3 + 2.25 + 1.5 + 0.75; dropped after round 2 only
    ]


def test_pod_standings_as_of_the_last_round_are_the_standings_now():
    event, regs, _rounds = played_event(finish=False)
    services.registration_drop(registration=regs["eva"])
    names = {reg.pk: key for key, reg in regs.items()}
    # every player 3 points, opponents 2 × (15 − 3) = 24; ranked by stoner points 25, 24, 23, 22, 21
    expected = [
        (1, "ana", 3, 24, 25, True),
        (2, "eva", 3, 24, 24, False),
        (3, "beto", 3, 24, 23, True),
        (4, "carla", 3, 24, 22, True),
        (5, "dario", 3, 24, 21, True),
    ]
    assert pod_rows(format_for(event).standings(event, as_of_round=2), names) == expected
    assert pod_rows(format_for(event).standings(event), names) == expected
