"""A five-player stoner-points event with results chosen by hand, for the pods pages, CSV and PDF tests.

Five players sit at one pod of five in both rounds (the game seats 2–6 a
table, the largest preferred: 004_4a3d59c736a1e8f3.txt § "Manual de juego"),
so every pair meets twice. Places follow the stoner points, more is better
(§ "1 Objetivo"); placement points follow DESIGN.md decision 17: 3 × the
share of the four pod-mates finished behind, so places 1 to 5 of a pod of
five earn 3, 2.25, 1.5, 0.75 and 0 (shown with one decimal, rounded half
up: 2,3 and 0,8).

Round 1: Ana 25, Beto 20, Carla 13, Darío 5, Eva 1 → places 1 to 5, points 3, 2.25, 1.5, 0.75, 0.
Round 2: Eva 23, Darío 16, Carla 9, Beto 3, Ana 0 → places 1 to 5, points 3, 2.25, 1.5, 0.75, 0.

Worked out by hand:

- placement points: every player 3 (3 + 0, 2.25 + 0.75, 1.5 + 1.5,
  0.75 + 2.25, 0 + 3), 15 in all: mirrored places in a pod of five even
  out, which is what decision 17 asks;
- opponents' points, each pod-mate's final points once per pod shared, so
  2 × (15 − own) = 24 for everyone;
- stoner points: Ana 25, Beto 23, Carla 22, Darío 21, Eva 24;
- final ranking by stoner points: 1 Ana (25), 2 Eva (24), 3 Beto (23),
  4 Carla (22), 5 Darío (21); podium Ana, Eva, Beto.

After round 1 alone: 1 Ana 3 points (opponents 2.25 + 1.5 + 0.75 + 0 = 4.5),
2 Beto 2.25 (5.25), 3 Carla 1.5 (6), 4 Darío 0.75 (6.75), 5 Eva 0 (7.5).
"""
from __future__ import annotations

from tests.factories import EventFactory, PlayerFactory, game
from tournaments import services

PLAYERS = {
    "ana": ("Ana Núñez", "PS-01"),
    "beto": ("Beto Gómez", "PS-02"),
    "carla": ("Carla Ibáñez", "PS-03"),
    "dario": ("Darío Pérez", "PS-04"),
    "eva": ("Eva Sánchez", "PS-05"),
}

ROUNDS = (
    {"ana": (1, 25), "beto": (2, 20), "carla": (3, 13), "dario": (4, 5), "eva": (5, 1)},
    {"eva": (1, 23), "dario": (2, 16), "carla": (3, 9), "beto": (4, 3), "ana": (5, 0)},
)


def stoner_event(*, venue=None, name: str = "Fecha stoner", planned_rounds: int = 2, **kwargs):
    """The five players registered in a stoner-points event (two rounds unless told); returns (event, regs by key)."""
    if venue is not None:
        kwargs["venue"] = venue
    event = EventFactory(name=name, game=game("stoner_points"), best_of=1, cut_size=0,
                         planned_rounds=planned_rounds, **kwargs)
    services.registration_open(event=event)
    regs = {}
    for key, (display_name, number) in PLAYERS.items():
        player = PlayerFactory(display_name=display_name, player_number=number, home_venue=event.venue)
        regs[key] = services.registration_create(event=event, player=player)
    services.registration_close(event=event)
    event.refresh_from_db()
    return event, regs


def play_round(event, regs, number: int, *, entered_by=None):
    """Seat round ``number`` (1 or 2) and enter :data:`ROUNDS` for it; returns the round."""
    rnd = services.round_pair_next(event=event)
    pod = rnd.tables.get()
    places = ROUNDS[number - 1]
    services.table_result_record(
        table=pod,
        seats=[{"registration": regs[key].pk, "place": place, "score": score}
               for key, (place, score) in places.items()],
        entered_by=entered_by,
    )
    return rnd


def played_event(*, venue=None, finish: bool = True, **kwargs):
    """Both rounds played (and the event finished); returns (event, registration by key, [round 1, round 2])."""
    event, regs = stoner_event(venue=venue, **kwargs)
    rounds = [play_round(event, regs, 1), play_round(event, regs, 2)]
    if finish:
        event = services.event_finish(event=event)
    return event, regs, rounds
