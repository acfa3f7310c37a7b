"""Hand-derived events of the round robin and single elimination formats, as plain data.

Each case: the format key, the event settings, the players in registration
order (display names), the results, the expected standings (order and
points) and the expected podium. A suite that plays every registered format
replays them through the services (``tests/tournaments/formats/
test_new_formats.py`` shows how).

Points and tiebreaks are worked out below from 000_0014b2ac83da54b4.txt
§ "¿Cómo se calculan los puntos en un torneo suizo?" (win 1, draw 0.5, loss
0; R-000-65), § "2- Número de victorias.", § "3- Buchholz.", § "4-
Enfrentamiento directo" (R-000-66), and DESIGN.md decisions 1 (bye), 6
(third place), 20 (final order) and 22 (the formats).

Scores are ``(games_a, games_b, games_drawn)`` for the pair as written.

- ``results_by_pair`` (round robin): the round a pair plays in is the
  seeded schedule's, so results are given by pair; every pair plays once.
- ``rounds`` (single elimination): per round, the tables in order as the
  bracket must seat them — ``(player_a, player_b, score)``, ``player_b``
  ``None`` for a bye (no score) — seeds by registration order.
"""
from __future__ import annotations

# --------------------------------------------------------------------------- round robin, 6 players
#
# 6 players (even): 6 - 1 = 5 rounds, 3 tables each, no bye; 15 matches, 15 points in all.
# Ana beats everyone; Bruno loses only to Ana; Carla and Diego draw; a cycle below.
#
#            W D L   points                 Buchholz (sum of opponents' points)
# Ana        5 0 0   5.0
# Bruno      4 0 1   4.0
# Carla      2 1 2   2 + 0.5 = 2.5          (beats Elena, Facundo; draws Diego)
# Diego      1 1 3   1 + 0.5 = 1.5          (beats Elena; draws Carla)
# Elena      1 0 4   1.0                    A 5 + B 4 + C 2.5 + D 1.5 + F 1 = 14.0
# Facundo    1 0 4   1.0                    A 5 + B 4 + C 2.5 + D 1.5 + E 1 = 14.0
#                  sum 15.0 = 15 matches ✓
# Elena and Facundo: same points (1.0), same wins (1), same Buchholz (14.0); head-to-head:
# Elena beat Facundo (+1 against -1), so Elena 5th, Facundo 6th.
# No top cut (cut_size 0): the podium is the table's first three — Ana, Bruno, Carla.
ROUND_ROBIN_6 = {
    "id": "round_robin_6",
    "format": "round_robin",
    "settings": {"cut_size": 0},
    "players": ["Ana", "Bruno", "Carla", "Diego", "Elena", "Facundo"],
    "planned_rounds": 5,
    "results_by_pair": {
        ("Ana", "Bruno"): (2, 1, 0),
        ("Ana", "Carla"): (2, 0, 0),
        ("Ana", "Diego"): (2, 0, 0),
        ("Ana", "Elena"): (2, 0, 0),
        ("Ana", "Facundo"): (2, 1, 0),
        ("Bruno", "Carla"): (2, 1, 0),
        ("Bruno", "Diego"): (2, 0, 0),
        ("Bruno", "Elena"): (2, 0, 0),
        ("Bruno", "Facundo"): (2, 0, 0),
        ("Carla", "Diego"): (1, 1, 0),
        ("Carla", "Elena"): (2, 0, 0),
        ("Carla", "Facundo"): (2, 1, 0),
        ("Diego", "Elena"): (2, 0, 0),
        ("Facundo", "Diego"): (2, 1, 0),
        ("Elena", "Facundo"): (2, 1, 0),
    },
    "standings": [("Ana", 5.0), ("Bruno", 4.0), ("Carla", 2.5), ("Diego", 1.5), ("Elena", 1.0), ("Facundo", 1.0)],
    "podium": ("Ana", "Bruno", "Carla"),
}

# With a top 4 after the same table (cut_size 4, DESIGN.md decision 6): semifinals 1v4 and 2v3 —
# Ana v Diego and Bruno v Carla.
ROUND_ROBIN_6_CUT_SEMIFINALS = [("Ana", "Diego"), ("Bruno", "Carla")]

# --------------------------------------------------------------------------- single elimination, 8 players
#
# Seeds by registration order: 1 Hugo, 2 Inés, 3 Juan, 4 Karen, 5 Lucas, 6 Maia, 7 Nico, 8 Olga.
# Bracket of 8 in standard order: 1v8, 4v5, 2v7, 3v6 (quarterfinals, stage 3).
# QF: Hugo beats Olga; Lucas beats Karen; Inés beats Nico; Maia beats Juan.
# SF (winners of slots 1-2 and 3-4, better seed as player A): Hugo v Lucas -> Lucas; Inés v Maia -> Inés.
# Final (Inés seed 2 as A) v Lucas -> Lucas; third-place match (the event plays it): Hugo v Maia -> Maia.
# Podium: Lucas, Inés, Maia. Final order (DESIGN.md decision 20): podium, the other semifinal loser
# (Hugo), then the quarterfinal losers by the standings (matches won: all 0; then seed): Juan 3,
# Karen 4, Nico 7, Olga 8.
# Points = matches won: Lucas 3 (QF, SF, F); Inés 2 (QF, SF); Maia 2 (QF, third place); Hugo 1 (QF).
SINGLE_ELIMINATION_8 = {
    "id": "single_elimination_8",
    "format": "single_elimination",
    "settings": {"third_place_match": True},
    "players": ["Hugo", "Inés", "Juan", "Karen", "Lucas", "Maia", "Nico", "Olga"],
    "rounds": [
        [("Hugo", "Olga", (2, 0, 0)), ("Karen", "Lucas", (1, 2, 0)), ("Inés", "Nico", (2, 1, 0)),
         ("Juan", "Maia", (0, 2, 0))],
        [("Hugo", "Lucas", (1, 2, 0)), ("Inés", "Maia", (2, 0, 0))],
        [("Inés", "Lucas", (1, 2, 0)), ("Hugo", "Maia", (1, 2, 0))],
    ],
    "standings": [("Lucas", 3.0), ("Inés", 2.0), ("Maia", 2.0), ("Hugo", 1.0), ("Juan", 0.0), ("Karen", 0.0),
                  ("Nico", 0.0), ("Olga", 0.0)],
    "podium": ("Lucas", "Inés", "Maia"),
}

# --------------------------------------------------------------------------- single elimination, 6 players
#
# Seeds: 1 Pablo, 2 Quimey, 3 Rocío, 4 Sergio, 5 Tamara, 6 Ulises. Bracket of 8: 1 v (8), 4v5, 2 v (7), 3v6:
# Pablo and Quimey have byes (a 2-0 win, DESIGN.md decision 1, so 1 match won each).
# QF: Sergio beats Tamara; Rocío beats Ulises.
# SF: Pablo v Sergio -> Sergio; Quimey v Rocío -> Quimey. Final: Quimey (seed 2) v Sergio -> Quimey.
# No third-place match: 3rd is the semifinal loser with the better seed, Pablo (1) over Rocío (3).
# Final order: Quimey, Sergio, Pablo, Rocío (other SF loser), then the QF losers by matches won (0)
# and seed: Tamara 5, Ulises 6.
# Points = matches won (the bye counts): Quimey 3 (bye, SF, F); Sergio 2 (QF, SF); Pablo 1 (bye);
# Rocío 1 (QF); Tamara 0; Ulises 0.
SINGLE_ELIMINATION_6 = {
    "id": "single_elimination_6",
    "format": "single_elimination",
    "settings": {"third_place_match": False},
    "players": ["Pablo", "Quimey", "Rocío", "Sergio", "Tamara", "Ulises"],
    "rounds": [
        [("Sergio", "Tamara", (2, 0, 0)), ("Rocío", "Ulises", (2, 1, 0)), ("Pablo", None, None),
         ("Quimey", None, None)],
        [("Pablo", "Sergio", (1, 2, 0)), ("Quimey", "Rocío", (2, 0, 0))],
        [("Quimey", "Sergio", (2, 1, 0))],
    ],
    "standings": [("Quimey", 3.0), ("Sergio", 2.0), ("Pablo", 1.0), ("Rocío", 1.0), ("Tamara", 0.0),
                  ("Ulises", 0.0)],
    "podium": ("Quimey", "Sergio", "Pablo"),
}

CASES = [ROUND_ROBIN_6, SINGLE_ELIMINATION_8, SINGLE_ELIMINATION_6]
