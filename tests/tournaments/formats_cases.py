"""Hand-derived events, one per registered format, for the format contract suite.

Plain data. :data:`CASES` maps a format key of
:data:`tournaments.formats.FORMATS` to its :class:`FormatCase`;
``tests/tournaments/test_format_contract.py`` plays each case through the
services and fails for a registered format without one.

Shape of a case:

- ``format``: the format key; ``game``: the game key; ``settings``: other
  :class:`~tournaments.models.Event` fields (``planned_rounds``,
  ``cut_size`` …);
- ``players``: display names in registration order;
- ``rounds``: the results of each round, in order (top-cut stages
  included). Each round maps a table's players (a tuple of names, any seat
  order) to their result in the order named: for a two-player table the
  games each won, ``(games_first, games_second)``; for a pod one
  ``(place, score)`` per player. A round may list more tables than are
  played (a Swiss round 1 is drawn at random, so a case can name every
  pair); a played table missing from its round fails the suite;
- ``drop``, ``drop_after_round``: the player dropped once that round's
  results are in (before the next round, the cut or the finish);
- ``podium_before_correction``: the podium when the event finishes;
- ``correction``: a result of a closed round corrected after the finish
  (:class:`Correction`);
- ``standings``: the final order after the correction,
  ``(name, points, shown)`` with points as a decimal string (match points for
  duels, placement points for pods); ``shown`` the points as the Spanish
  pages print them (one decimal at most, decimal comma);
- ``podium``: the podium after the correction.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Correction:
    """A closed round's result corrected: the table (its players' names) and its new result, shaped as in ``rounds``."""

    round: int
    table: tuple[str, ...]
    result: tuple
    reason: str


@dataclass(frozen=True)
class FormatCase:
    """One hand-derived event of a format (module docstring)."""

    format: str
    game: str
    players: tuple[str, ...]
    rounds: tuple[Mapping[tuple[str, ...], tuple], ...]
    drop: str
    drop_after_round: int
    podium_before_correction: tuple[str, str, str]
    correction: Correction
    standings: tuple[tuple[str, str, str], ...]
    podium: tuple[str, str, str]
    settings: Mapping[str, object] = field(default_factory=dict)


# =============================================================================== duels and pods
#
# Duels: four Weed Monsters players, three Swiss rounds and a top 4.
#
# The stronger player (earlier in ``players``) wins every match, so the
# case needs no knowledge of the random round 1: four players over three
# rounds without an avoidable rematch (000_0014b2ac83da54b4.txt § "10.1.
# Desarrollo de las Rondas Suizas", R-000-78) meet everyone once, whatever
# the draw — the three rounds are the three ways of splitting four players
# into two tables.
#
#   Swiss match points (win 1, loss 0; DESIGN.md glossary): Ana 3, Beto 2,
#   Carla 1, Darío 0 — all different, no tiebreaker needed.
#   Top 4 seeded 1v4 and 2v3 (DESIGN.md decision 6): semifinals (round 4)
#   Ana–Darío 2-0, Beto–Carla 2-1. Darío drops after round 4 (he is out).
#   Final (round 5) Ana–Beto 2-1: champion Ana, finalist Beto; third the
#   semifinal loser with the better Swiss rank, Carla (1 point) over Darío
#   (0): podium Ana, Beto, Carla.
#   Correction: the final was Beto 2-1 Ana. The podium is worked out again
#   (DESIGN.md decision 16): Beto, Ana, Carla. Final order (decision 20):
#   champion Beto (2 points), finalist Ana (3), then the semifinal losers by
#   Swiss rank, Carla (1) and Darío (0).

_DUELS_HEAD_TO_HEAD: Mapping[tuple[str, ...], tuple] = {
    ("Ana Núñez", "Beto Gómez"): (2, 1),
    ("Ana Núñez", "Carla Ibáñez"): (2, 0),
    ("Ana Núñez", "Darío Pérez"): (2, 0),
    ("Beto Gómez", "Carla Ibáñez"): (2, 1),
    ("Beto Gómez", "Darío Pérez"): (2, 0),
    ("Carla Ibáñez", "Darío Pérez"): (2, 1),
}

DUELS_CASE = FormatCase(
    format="duels",
    game="weed_monsters",
    settings={"planned_rounds": 3, "cut_size": 4, "best_of": 3},
    players=("Ana Núñez", "Beto Gómez", "Carla Ibáñez", "Darío Pérez"),
    rounds=(_DUELS_HEAD_TO_HEAD,) * 5,  # rounds 1–3 Swiss, 4 the semifinals, 5 the final
    drop="Darío Pérez",
    drop_after_round=4,
    podium_before_correction=("Ana Núñez", "Beto Gómez", "Carla Ibáñez"),
    correction=Correction(round=5, table=("Beto Gómez", "Ana Núñez"), result=(2, 1),
                          reason="La planilla de la final estaba invertida."),
    standings=(("Beto Gómez", "2", "2"), ("Ana Núñez", "3", "3"), ("Carla Ibáñez", "1", "1"),
               ("Darío Pérez", "0", "0")),
    podium=("Beto Gómez", "Ana Núñez", "Carla Ibáñez"),
)

# Pods: five stoner-points players at one pod of five in both rounds (the
# game seats 2–6 a table, the largest preferred: 004_4a3d59c736a1e8f3.txt
# § "Manual de juego"), places by stoner points, more is better (§ "1
# Objetivo"; every winner reaches 20). Placement points (DESIGN.md decision
# 17): 3 × the share of the four pod-mates finished behind — places 1 to 5
# earn 3, 2.25, 1.5, 0.75, 0.
#
#   Round 1: Ana 1st (24), Beto 2nd (18), Carla 3rd (12), Darío 4th (6), Eva 5th (2).
#   Round 2: Ana 1st (22), Carla 2nd (15), Beto 3rd (11), Eva 4th (8), Darío 5th (3).
#   Darío drops after round 2.
#   Points: Ana 3 + 3 = 6; Beto 2.25 + 1.5 = 3.75; Carla 1.5 + 2.25 = 3.75;
#   Darío 0.75 + 0 = 0.75; Eva 0 + 0.75 = 0.75 (15 in all).
#   Ties: opponents' points are each pod-mate's points once per pod shared,
#   2 × (15 − own) — equal within each tie; the secondary score separates
#   them: Beto 18 + 11 = 29 over Carla 12 + 15 = 27, Eva 2 + 8 = 10 over
#   Darío 6 + 3 = 9. Podium, the first three active rows: Ana, Beto, Carla.
#   Correction of round 1: Carla 2nd (18), Beto 3rd (12), the rest as
#   played. Points: Ana 6, Carla 2.25 + 2.25 = 4.5, Beto 1.5 + 1.5 = 3,
#   Eva 0.75 (secondary 10), Darío 0.75 (secondary 9): podium Ana, Carla,
#   Beto; then Eva and Darío. Shown with one decimal, half up: 4,5 and 0,8.

_PODS_NAMES = ("Ana Núñez", "Beto Gómez", "Carla Ibáñez", "Darío Pérez", "Eva Sánchez")

PODS_CASE = FormatCase(
    format="pods",
    game="stoner_points",
    settings={"planned_rounds": 2, "best_of": 1, "cut_size": 0},
    players=_PODS_NAMES,
    rounds=(
        {_PODS_NAMES: ((1, 24), (2, 18), (3, 12), (4, 6), (5, 2))},
        {_PODS_NAMES: ((1, 22), (3, 11), (2, 15), (5, 3), (4, 8))},
    ),
    drop="Darío Pérez",
    drop_after_round=2,
    podium_before_correction=("Ana Núñez", "Beto Gómez", "Carla Ibáñez"),
    correction=Correction(round=1, table=_PODS_NAMES, result=((1, 24), (3, 12), (2, 18), (4, 6), (5, 2)),
                          reason="Se anotaron invertidos el segundo y el tercer puesto."),
    standings=(("Ana Núñez", "6", "6"), ("Carla Ibáñez", "4.5", "4,5"), ("Beto Gómez", "3", "3"),
               ("Eva Sánchez", "0.75", "0,8"), ("Darío Pérez", "0.75", "0,8")),
    podium=("Ana Núñez", "Carla Ibáñez", "Beto Gómez"),
)

# Round robin: six Weed Monsters players, every pair once (5 rounds, 3
# tables each, no bye: DESIGN.md decision 22), then a top 4 (cut_size 4).
#
# Every pair's result is given (the schedule's draw decides only the round
# a pair plays in), so nothing depends on the draw. The same head-to-head
# results serve the cut: a pair that meets again there plays as it did in
# the round robin.
#
#   Match points (win 1, draw 0.5, loss 0; 000_0014b2ac83da54b4.txt § "¿Cómo
#   se calculan los puntos en un torneo suizo?", R-000-65):
#                W D L   points
#     Ana        5 0 0   5
#     Bruno      4 0 1   4      (loses only to Ana)
#     Carla      2 1 2   2.5    (beats Elena, Facundo; draws Diego 1-1)
#     Diego      1 1 3   1.5    (beats Elena; draws Carla; loses to Facundo)
#     Elena      1 0 4   1      (beats Facundo)
#     Facundo    1 0 4   1      (beats Diego)
#     sum 15 = 15 matches × 1 point.
#   Elena and Facundo tie on points (1) and wins (1); Buchholz, the sum of
#   the opponents' points, is everyone's but their own in a round robin:
#   Elena 5 + 4 + 2.5 + 1.5 + 1 = 14, Facundo 5 + 4 + 2.5 + 1.5 + 1 = 14,
#   level; head-to-head (§ "4- Enfrentamiento directo", R-000-66): Elena beat
#   Facundo, Elena 5th, Facundo 6th.
#   Top 4 seeded 1v4 and 2v3 (DESIGN.md decision 6): semifinals (round 6)
#   Ana–Diego 2-0, Bruno–Carla 2-1. Diego drops after round 6 (he is out).
#   Final (round 7) Ana–Bruno 2-1: champion Ana, finalist Bruno; third the
#   semifinal loser with the better round-robin rank, Carla (2.5) over Diego
#   (1.5): podium Ana, Bruno, Carla.
#   Correction: the final was Bruno 2-1 Ana (decision 16): podium Bruno,
#   Ana, Carla. Final order (decision 20): Bruno (4), Ana (5), the semifinal
#   losers by rank, Carla (2.5) and Diego (1.5), then Elena (1) and Facundo
#   (1) by rank. Shown: "2,5" and "1,5" (decimal comma).

_RR_NAMES = ("Ana Núñez", "Bruno Díaz", "Carla Ibáñez", "Diego Ríos", "Elena Sosa", "Facundo Paz")
_ANA, _BRUNO, _CARLA, _DIEGO, _ELENA, _FACUNDO = _RR_NAMES

_ROUND_ROBIN_HEAD_TO_HEAD: Mapping[tuple[str, ...], tuple] = {
    (_ANA, _BRUNO): (2, 1),
    (_ANA, _CARLA): (2, 0),
    (_ANA, _DIEGO): (2, 0),
    (_ANA, _ELENA): (2, 0),
    (_ANA, _FACUNDO): (2, 1),
    (_BRUNO, _CARLA): (2, 1),
    (_BRUNO, _DIEGO): (2, 0),
    (_BRUNO, _ELENA): (2, 0),
    (_BRUNO, _FACUNDO): (2, 0),
    (_CARLA, _DIEGO): (1, 1),
    (_CARLA, _ELENA): (2, 0),
    (_CARLA, _FACUNDO): (2, 1),
    (_DIEGO, _ELENA): (2, 0),
    (_FACUNDO, _DIEGO): (2, 1),
    (_ELENA, _FACUNDO): (2, 1),
}

ROUND_ROBIN_CASE = FormatCase(
    format="round_robin",
    game="weed_monsters",
    settings={"cut_size": 4, "best_of": 3},
    players=_RR_NAMES,
    rounds=(_ROUND_ROBIN_HEAD_TO_HEAD,) * 7,  # rounds 1–5 every pair once, 6 the semifinals, 7 the final
    drop=_DIEGO,
    drop_after_round=6,
    podium_before_correction=(_ANA, _BRUNO, _CARLA),
    correction=Correction(round=7, table=(_BRUNO, _ANA), result=(2, 1),
                          reason="La planilla de la final estaba invertida."),
    standings=((_BRUNO, "4", "4"), (_ANA, "5", "5"), (_CARLA, "2.5", "2,5"), (_DIEGO, "1.5", "1,5"),
               (_ELENA, "1", "1"), (_FACUNDO, "1", "1")),
    podium=(_BRUNO, _ANA, _CARLA),
)

# Single elimination: eight Weed Monsters players, a bracket from round 1
# with the third-place match (DESIGN.md decision 22; 000_0014b2ac83da54b4.txt
# § "¿Cómo funciona un torneo suizo?", "Reducido de Eliminación Directa",
# R-000-63). Eight players fill the bracket: no bye, no draw needed.
#
#   Seeds by registration order: 1 Hugo, 2 Inés, 3 Juan, 4 Karen, 5 Lucas,
#   6 Maia, 7 Nico, 8 Olga. Standard order of 8: 1v8, 4v5, 2v7, 3v6.
#   Quarterfinals (round 1): Hugo 2-0 Olga, Lucas 2-1 Karen, Inés 2-1 Nico,
#   Maia 2-0 Juan. Olga drops after round 1 (she is out).
#   Semifinals (round 2): Lucas 2-1 Hugo, Inés 2-0 Maia.
#   Round 3: final Lucas 2-1 Inés; third-place match Maia 2-1 Hugo.
#   Podium Lucas, Inés, Maia.
#   Correction: the third-place match was Hugo 2-1 Maia (decision 16):
#   podium Lucas, Inés, Hugo. Final order (decision 20): champion Lucas,
#   finalist Inés, the semifinal losers as the third-place match ranks them,
#   Hugo then Maia, then the quarterfinal losers by the standings — matches
#   won (all 0), then seed: Juan 3, Karen 4, Nico 7, Olga 8.
#   Points = matches won in the bracket (win 1): Lucas 3 (QF, SF, F); Inés 2
#   (QF, SF); Hugo 2 (QF, third place); Maia 1 (QF); the rest 0.

_SE_NAMES = ("Hugo Ortiz", "Inés Romero", "Juan Acosta", "Karen Vidal", "Lucas Benítez", "Maia Funes",
             "Nico Herrera", "Olga Medina")
_HUGO, _INES, _JUAN, _KAREN, _LUCAS, _MAIA, _NICO, _OLGA = _SE_NAMES

SINGLE_ELIMINATION_CASE = FormatCase(
    format="single_elimination",
    game="weed_monsters",
    settings={"third_place_match": True, "best_of": 3},
    players=_SE_NAMES,
    rounds=(
        {(_HUGO, _OLGA): (2, 0), (_LUCAS, _KAREN): (2, 1), (_INES, _NICO): (2, 1), (_MAIA, _JUAN): (2, 0)},
        {(_LUCAS, _HUGO): (2, 1), (_INES, _MAIA): (2, 0)},
        {(_LUCAS, _INES): (2, 1), (_MAIA, _HUGO): (2, 1)},
    ),
    drop=_OLGA,
    drop_after_round=1,
    podium_before_correction=(_LUCAS, _INES, _MAIA),
    correction=Correction(round=3, table=(_HUGO, _MAIA), result=(2, 1),
                          reason="El tercer puesto lo ganó Hugo; se anotó al revés."),
    standings=((_LUCAS, "3", "3"), (_INES, "2", "2"), (_HUGO, "2", "2"), (_MAIA, "1", "1"),
               (_JUAN, "0", "0"), (_KAREN, "0", "0"), (_NICO, "0", "0"), (_OLGA, "0", "0")),
    podium=(_LUCAS, _INES, _HUGO),
)

#: Hand-derived cases by format key.
CASES: dict[str, FormatCase] = {
    case.format: case for case in (DUELS_CASE, PODS_CASE, ROUND_ROBIN_CASE, SINGLE_ELIMINATION_CASE)}

# =============================================================================== end of the cases by format


# =============================================================================== round robin and single elimination
#
# Hand-derived events of the round robin and single elimination formats, as plain data.
#
# Each case: the format key, the event settings, the players in registration
# order (display names), the results, the expected standings (order and
# points) and the expected podium. A suite that plays every registered format
# replays them through the services (``tests/tournaments/formats/
# test_new_formats.py`` shows how).
#
# Points and tiebreaks are worked out below from 000_0014b2ac83da54b4.txt
# § "¿Cómo se calculan los puntos en un torneo suizo?" (win 1, draw 0.5, loss
# 0; R-000-65), § "2- Número de victorias.", § "3- Buchholz.", § "4-
# Enfrentamiento directo" (R-000-66), and DESIGN.md decisions 1 (bye), 6
# (third place), 20 (final order) and 22 (the formats).
#
# Scores are ``(games_a, games_b, games_drawn)`` for the pair as written.
#
# - ``results_by_pair`` (round robin): the round a pair plays in is the
#   seeded schedule's, so results are given by pair; every pair plays once.
# - ``rounds`` (single elimination): per round, the tables in order as the
#   bracket must seat them — ``(player_a, player_b, score)``, ``player_b``
#   ``None`` for a bye (no score) — seeds by registration order.

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

#: The round robin and single elimination events above, as played end to end by
#: ``tests/tournaments/formats/test_new_formats.py``.
PLAYED_CASES = [ROUND_ROBIN_6, SINGLE_ELIMINATION_8, SINGLE_ELIMINATION_6]
