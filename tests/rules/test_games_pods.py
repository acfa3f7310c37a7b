"""Pod rules and match formats of the game profiles (issue #9; R-001-11,
R-001-13, R-001-16, R-002-01, R-002-06, R-002-07, R-002-08, R-002-11,
R-003-02, R-003-08, R-004-01, R-004-02, R-004-08; RULES-TRACE ambiguities
34, 37 and 38)."""
from __future__ import annotations

import dataclasses
import random

import pytest

from rules.games import REGISTRY, blobbiemundo, get_profile, planets_war, reinas, stoner_points, weed_monsters
from rules.games.base import PLACES_BY, STARTERS, MatchFormat, PodRules, ProfileError
from tournaments.swiss.pods import pair_pods, placements_from_elimination, placements_from_scores, pod_sizes

pytestmark = pytest.mark.unit


# -- which games play in pods -----------------------------------------------------------


def test_only_the_multiplayer_games_play_in_pods():
    """R-002-07 and R-004-01: Copa del Mundo and the stoner-points game."""
    assert sorted(key for key, profile in REGISTRY.items() if profile.plays_in_pods) == [
        "copa_del_mundo", "stoner_points",
    ]


@pytest.mark.parametrize("key", list(REGISTRY))
def test_pod_sizes_stay_within_the_players_of_the_game(key):
    profile = REGISTRY[key]
    if profile.pod_rules is None:
        assert (profile.players_min, profile.players_max) == (2, 2)
        return
    rules = profile.pod_rules
    assert profile.players_min <= rules.min_size <= rules.preferred <= rules.max_size <= profile.players_max
    assert profile.source_file in rules.source


@pytest.mark.parametrize("key", [key for key, profile in REGISTRY.items() if profile.match_format is not None])
def test_match_formats_cite_their_rulebook(key):
    profile = REGISTRY[key]
    assert profile.source_file in profile.match_format.source
    assert {profile.match_format.first_starter, profile.match_format.next_starter} <= set(STARTERS) | {""}


def test_weed_monsters_keeps_no_match_format():
    """Issue #9 leaves the main game's profile as it was (ambiguity 31)."""
    assert weed_monsters.PROFILE.match_format is None and weed_monsters.PROFILE.pod_rules is None


# -- La Copa del Mundo -------------------------------------------------------------------


def test_copa_del_mundo_pods_of_2_to_4_prefer_4():
    """R-002-07, issue #9: pods of 2–4 Managers, 4 preferred."""
    pods = get_profile("copa_del_mundo").pod_rules
    assert (pods.min_size, pods.max_size, pods.preferred) == (2, 4, 4)
    assert pods.sizes == (2, 4)
    assert pod_sizes(13, *pods.sizes, pods.preferred) == [4, 3, 3, 3]
    assert pod_sizes(7, *pods.sizes, pods.preferred) == [4, 3]


def test_copa_del_mundo_setup_by_pod_size():
    """R-002-08: money and teams depend on the number of Managers."""
    pods = planets_war.COPA_PODS
    assert [pods.setup_for(size) for size in (2, 3, 4)] == [
        "$25 y 4 Equipos por Manager", "$20 y 3 Equipos por Manager", "$14 y 2 Equipos por Manager",
    ]


def test_copa_del_mundo_refuses_a_table_of_5():
    """R-002-08: a pod of 5 → refused."""
    with pytest.raises(ProfileError) as exc:
        planets_war.COPA_PODS.setup_for(5)
    assert exc.value.code == "bad_pod_size"


def test_copa_del_mundo_places_by_reverse_elimination():
    """R-002-11, ambiguity 38: the last Manager standing wins, then reverse
    order of elimination; placement points 3/2/1/0."""
    pods = planets_war.COPA_PODS
    assert pods.places_by == "elimination" and pods.secondary_score_key is None
    assert pods.points_table() == {1: 3, 2: 2, 3: 1}
    lines = placements_from_elimination(4, [[2], [1], [3]])
    assert [(line.player_id, line.place) for line in lines] == [(4, 1), (3, 2), (1, 3), (2, 4)]


def test_copa_del_mundo_one_game_per_60_minute_round():
    """R-002-07: 40–60 minutes; one game a round at the longest length."""
    profile = planets_war.COPA_DEL_MUNDO
    assert profile.match_format.game_minutes == (40, 60)
    assert (profile.default_best_of, profile.default_round_minutes) == (1, 60)
    assert profile.match_format.game_draws is False


def test_copa_del_mundo_event_of_13_is_seated_from_the_profile():
    profile = get_profile("copa_del_mundo")
    result = pair_pods(1, range(1, 14), [], rng=random.Random(2), sizes=profile.pod_rules.sizes,
                       preferred=profile.pod_rules.preferred)
    assert sorted((pod.size for pod in result.tables), reverse=True) == [4, 3, 3, 3]


# -- stoner points -----------------------------------------------------------------------


def test_stoner_points_pods_of_2_to_6():
    """R-004-01: 2–6 players; the largest pod preferred (issue #9)."""
    pods = stoner_points.PODS
    assert (pods.min_size, pods.max_size, pods.preferred) == (2, 6, 6)
    assert pod_sizes(13, *pods.sizes, pods.preferred) == [5, 4, 4]
    assert pod_sizes(50, *pods.sizes, pods.preferred) == [6, 6, 6, 6, 6, 5, 5, 5, 5]
    assert pods.setup_for(6) == ""


def test_stoner_points_secondary_score_and_places():
    """R-004-02, R-004-08, ambiguities 37 and 38: places by stoner points,
    summed as the secondary score."""
    pods = stoner_points.PODS
    assert (pods.places_by, pods.secondary_score_key, pods.secondary_score_es) == (
        "score", "stoner_points", "Puntos stoner",
    )
    assert PLACES_BY[pods.places_by] == "Puestos según el puntaje secundario"
    assert [line.place for line in placements_from_scores({1: 20, 2: 14, 3: 14})] == [1, 2, 2]


def test_stoner_points_first_player_at_random_one_game_a_round():
    """004 § "3 Preparación": first player at random."""
    profile = stoner_points.PROFILE
    assert profile.match_format.first_starter == "random"
    assert profile.default_best_of == 1 and profile.match_format.game_draws is False


# -- duels: match formats ---------------------------------------------------------------------


def test_blobbiemundo_match_of_combats_loser_chooses():
    """R-001-11, R-001-13, R-001-16, ambiguity 34: best of three combats; the
    higher die starts the first, the loser of each combat chooses who starts
    the next and its environment; winner only."""
    profile = blobbiemundo.PROFILE
    match = profile.match_format
    assert profile.default_best_of == 3
    assert (match.game_noun_es, match.first_starter, match.next_starter) == ("combate", "die_roll", "loser_chooses")
    assert match.loser_also_chooses == ("environment",)
    assert match.game_draws is False
    assert profile.pod_rules is None


def test_planets_war_round_minutes_from_the_game_length():
    """R-002-01: 15–20 minutes a game; best of 3 in 3 × 20 = 60 minutes."""
    profile = planets_war.PROFILE
    assert profile.match_format.game_minutes == (15, 20)
    assert profile.default_best_of == 3
    assert profile.default_round_minutes == profile.match_format.round_minutes(3) == 60


def test_planets_war_wins_by_planet_or_ships_no_draw():
    """R-002-06: 8 damage to the planet or 12 ships destroyed; no draw."""
    match = planets_war.PW_MATCH
    assert [code for code, _ in match.win_reasons] == ["planet", "ships"]
    assert match.game_draws is False
    assert (match.first_starter, match.next_starter) == ("die_roll", "die_roll")


def test_reinas_coin_or_die_queen_defeated():
    """R-003-02, R-003-08: coin or die as the players choose; a game ends when
    a Queen is defeated (winner only)."""
    match = reinas.PROFILE.match_format
    assert (match.first_starter, match.next_starter) == ("coin_or_die", "coin_or_die")
    assert match.win_reasons == (("queen", "Reina oponente derrotada"),)
    assert match.game_draws is False
    assert match.round_minutes(3) is None


# -- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_size": 1, "max_size": 4},
        {"min_size": 4, "max_size": 3},
        {"min_size": 2, "max_size": 4, "preferred_size": 5},
        {"min_size": 2, "max_size": 4, "points_by_place": (2, 3)},
        {"min_size": 2, "max_size": 4, "points_by_place": (3, -1)},
        {"min_size": 2, "max_size": 4, "places_by": "luck"},
        {"min_size": 2, "max_size": 4, "places_by": "score"},
        {"min_size": 2, "max_size": 4, "setup_es": ((5, "x"),)},
    ],
)
def test_pod_rules_refuse_bad_settings(kwargs):
    with pytest.raises(ProfileError) as exc:
        PodRules(**kwargs)
    assert exc.value.code == "bad_pods"


def test_profile_refuses_pods_outside_its_players():
    """A Copa del Mundo table of 5 cannot be configured either (R-002-08)."""
    with pytest.raises(ProfileError) as exc:
        dataclasses.replace(planets_war.COPA_DEL_MUNDO, pod_rules=PodRules(min_size=2, max_size=5))
    assert exc.value.code == "bad_pods"


@pytest.mark.parametrize("kwargs", [{"first_starter": "rock_paper_scissors"}, {"game_minutes": (20, 15)}])
def test_match_format_refuses_bad_settings(kwargs):
    with pytest.raises(ProfileError) as exc:
        MatchFormat(**kwargs)
    assert exc.value.code == "bad_match_format"


def test_points_table_drops_zero_places():
    assert PodRules(min_size=2, max_size=6, points_by_place=(5, 3, 1, 0)).points_table() == {1: 5, 2: 3, 3: 1}


def test_profiles_with_pods_stay_hashable():
    """Profiles are frozen values; pods and match formats keep them hashable."""
    assert len({hash(profile) for profile in REGISTRY.values()}) == len(REGISTRY)
