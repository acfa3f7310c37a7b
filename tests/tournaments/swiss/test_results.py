"""The tardiness rule's steps (pure): 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"."""
from __future__ import annotations

import pytest

from tournaments.swiss.results import tardiness_step

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("minutes", "step"), [
    (None, "on_time"), (0, "on_time"), (5, "on_time"), (5.5, "game_one"), (6, "game_one"), (10, "game_one"),
    (10.5, "match"), (11, "match"), (45, "match"),
])
def test_tardiness_steps_follow_10_1_exactly_five_is_on_time(minutes, step):
    # R-000-77: "más de 5 minutos" loses game 1, "más de 10" the match; DESIGN decision 9: 5 is on time
    assert tardiness_step(minutes) == step
