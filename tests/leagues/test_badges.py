"""Unit tests of leagues.badges, and the golden mini-season of issue #8.

RULES-TRACE clause ids are named in each docstring.
"""
import datetime
import random

import pytest

from leagues.badges import (
    Appearance,
    Badge,
    BadgeRules,
    CollectionConfirmation,
    EventPack,
    ManualAward,
    PromoCard,
    Referral,
    SeasonPlayer,
    SeasonRecord,
    VenueSeats,
    allocate_seats,
    la_final_qualifiers,
    nacional_direct_qualifiers,
    prize_checklist,
    resolve_seats,
    season_badges,
    six_badge_holders,
    verano_venue_final,
)
from leagues.scoring import (
    EventKind,
    EventOutcome,
    LeagueInputError,
    LedgerEntry,
    Participant,
    Scope,
    diff_entries,
    ledger_totals,
    points_for_event,
    rank_table,
    super_liga_dates,
    venue_tables,
)
from tournaments.swiss.types import BracketMatch

pytestmark = pytest.mark.unit

BA = "Buenos Aires"
CBA = "Córdoba"
SEASON = 24
DATES = tuple(super_liga_dates(2024))
ORGANIZER = 9001


def record(appearances=(), players=None, points=None, **kwargs):
    """A season record with every player of ``appearances`` at venue 1 (BA)."""
    if players is None:
        ids = sorted({a.player_id for a in appearances} | set(points or {}))
        players = tuple(SeasonPlayer(p, 1, BA) for p in ids)
    return SeasonRecord(
        season_id=SEASON,
        dates=DATES,
        players=tuple(players),
        appearances=tuple(appearances),
        season_points=points or {},
        **kwargs,
    )


def at(player, date_index, *, venue=1, province=BA, event=None):
    return Appearance(
        player_id=player,
        event_id=event if event is not None else 1000 * venue + date_index,
        date=DATES[date_index],
        venue_id=venue,
        venue_province=province,
    )


def badge_of(results, player, badge):
    return next(pb for pb in results if pb.player_id == player).get(badge)


# --- badge 1: attendance -------------------------------------------------


def test_badge_attendance_fifteen_dates_earns_it():
    """R-000-40: 15 of the 18 dates → badge 1, label "15/15 fechas"."""
    result = season_badges(record([at(1, i) for i in range(15)]))
    progress = badge_of(result, 1, Badge.ATTENDANCE)
    assert (progress.earned, progress.current, progress.target) == (True, 15, 15)
    assert progress.label == "15/15 fechas"


def test_badge_attendance_progress_label_shows_dates_played():
    """R-000-40: a player page shows "12/15 fechas"."""
    result = season_badges(record([at(1, i) for i in range(12)]))
    progress = badge_of(result, 1, Badge.ATTENDANCE)
    assert (progress.earned, progress.label) == (False, "12/15 fechas")
    assert progress.source == '000_0014b2ac83da54b4.txt § "Super Liga"'


def test_badge_attendance_same_date_two_venues_counts_once():
    """R-000-48, DESIGN 8: two venues on one date → one mark."""
    appearances = [at(1, i) for i in range(14)] + [at(1, 13, venue=2)]
    progress = badge_of(season_badges(record(appearances)), 1, Badge.ATTENDANCE)
    assert (progress.earned, progress.current) == (False, 14)


def test_badge_attendance_progress_is_capped_at_the_target():
    """R-000-40: 18 dates played show as 15/15."""
    progress = badge_of(
        season_badges(record([at(1, i) for i in range(18)])), 1, Badge.ATTENDANCE
    )
    assert (progress.current, progress.label) == (15, "15/15 fechas")


# --- badge 2: out of province --------------------------------------------


def test_badge_out_of_province_three_dates_in_another_province():
    """R-000-41: 3 distinct dates at venues of another province → badge 2."""
    appearances = [at(1, i, venue=3, province=CBA) for i in (2, 5, 9)]
    progress = badge_of(season_badges(record(appearances)), 1, Badge.OUT_OF_PROVINCE)
    assert (progress.earned, progress.label) == (True, "3/3 fechas en otra provincia")


def test_badge_out_of_province_same_date_two_away_venues_counts_once():
    """R-000-41, R-000-48, DESIGN 8: 3 away events on 2 dates → 2/3."""
    appearances = [
        at(1, 2, venue=3, province=CBA),
        at(1, 2, venue=4, province=CBA),
        at(1, 5, venue=3, province=CBA),
    ]
    progress = badge_of(season_badges(record(appearances)), 1, Badge.OUT_OF_PROVINCE)
    assert (progress.earned, progress.current) == (False, 2)


def test_badge_out_of_province_home_province_venues_do_not_count():
    """R-000-41: another venue in one's own province is not another province."""
    appearances = [at(1, i, venue=2, province=BA) for i in range(3)]
    progress = badge_of(season_badges(record(appearances)), 1, Badge.OUT_OF_PROVINCE)
    assert (progress.earned, progress.current) == (False, 0)


# --- badge 3: referral ---------------------------------------------------


def test_badge_referral_new_player_with_six_dates_earns_it_for_the_referrer():
    """R-000-42, DESIGN 14: the referee's 6th date gives the referrer badge 3."""
    appearances = [at(2, i) for i in range(6)]
    players = (SeasonPlayer(1, 1, BA), SeasonPlayer(2, 1, BA))
    result = season_badges(
        record(appearances, players, referrals=(Referral(2, 1, SEASON),))
    )
    progress = badge_of(result, 1, Badge.REFERRAL)
    assert (progress.earned, progress.label) == (True, "6/6 fechas de tu jugador nuevo")
    assert badge_of(result, 2, Badge.REFERRAL).earned is False


def test_badge_referral_five_dates_is_not_enough():
    """R-000-42: "al menos 6 fechas"; two venues on one date count once."""
    appearances = [at(2, i) for i in range(5)] + [at(2, 4, venue=2)]
    players = (SeasonPlayer(1, 1, BA), SeasonPlayer(2, 1, BA))
    result = season_badges(
        record(appearances, players, referrals=(Referral(2, 1, SEASON),))
    )
    progress = badge_of(result, 1, Badge.REFERRAL)
    assert (progress.earned, progress.current) == (False, 5)


def test_badge_referral_player_registered_in_an_earlier_season_is_not_new():
    """R-000-42, ambiguity 17: a referee first registered in season 23 is
    not a new player in season 24."""
    appearances = [at(2, i) for i in range(10)]
    players = (SeasonPlayer(1, 1, BA), SeasonPlayer(2, 1, BA))
    result = season_badges(
        record(appearances, players, referrals=(Referral(2, 1, SEASON - 1),))
    )
    progress = badge_of(result, 1, Badge.REFERRAL)
    assert (progress.earned, progress.label) == (False, "Sin jugador nuevo referido")


def test_badge_referral_best_referee_counts():
    """R-000-42: with two referees, the one with more dates shows."""
    appearances = [at(2, i) for i in range(2)] + [at(3, i) for i in range(4)]
    players = tuple(SeasonPlayer(p, 1, BA) for p in (1, 2, 3))
    referrals = (Referral(2, 1, SEASON), Referral(3, 1, SEASON))
    progress = badge_of(
        season_badges(record(appearances, players, referrals=referrals)),
        1,
        Badge.REFERRAL,
    )
    assert progress.label == "4/6 fechas de tu jugador nuevo"


@pytest.mark.parametrize(
    ("referrals", "code"),
    [
        ((Referral(1, 1, SEASON),), "self_referral"),
        ((Referral(2, 1, SEASON), Referral(2, 3, SEASON)), "duplicate_referral"),
        ((Referral(2, 99, SEASON),), "unknown_player"),
    ],
)
def test_badge_referral_bad_referrals_raise(referrals, code):
    """R-000-42: one referrer, named at the first registration."""
    players = tuple(SeasonPlayer(p, 1, BA) for p in (1, 2, 3))
    with pytest.raises(LeagueInputError) as caught:
        season_badges(record((), players, referrals=referrals))
    assert caught.value.code == code


# --- badge 4: collection -------------------------------------------------


def test_badge_collection_needs_an_organizer_confirmation():
    """R-000-43, R-000-46: confirmed by a venue organizer, who and when."""
    confirmation = CollectionConfirmation(1, ORGANIZER, datetime.date(2024, 5, 4))
    result = season_badges(
        record([at(1, 0), at(2, 0)], collections=(confirmation,))
    )
    progress = badge_of(result, 1, Badge.COLLECTION)
    assert (progress.earned, progress.label) == (True, "Colección confirmada")
    assert progress.confirmation == confirmation
    other = badge_of(result, 2, Badge.COLLECTION)
    assert (other.earned, other.label) == (False, "Colección sin confirmar")


# --- badge 5: top 5 of the home venue ------------------------------------


def test_badge_home_venue_top_five_ties_at_the_cut_all_earn_it():
    """R-000-44, ambiguity 15: ranks 1,2,3,4,5,5,7 → the two 5ths earn it."""
    points = {1: 20, 2: 18, 3: 15, 4: 12, 5: 10, 6: 10, 7: 9}
    result = season_badges(record(points=points, season_closed=True))
    earned = {pb.player_id for pb in result if pb.get(Badge.HOME_VENUE_TOP).earned}
    assert earned == {1, 2, 3, 4, 5, 6}
    assert badge_of(result, 6, Badge.HOME_VENUE_TOP).label == "Puesto 5 en tu sede (empate)"
    assert badge_of(result, 7, Badge.HOME_VENUE_TOP).label == "Puesto 7 en tu sede"


def test_badge_home_venue_top_ranks_only_players_of_the_same_home_venue():
    """R-000-44, ambiguity 15 (a): a venue table holds its home players."""
    players = [SeasonPlayer(p, 1, BA) for p in range(1, 7)] + [SeasonPlayer(7, 2, BA)]
    points = {1: 20, 2: 18, 3: 15, 4: 12, 5: 10, 6: 9, 7: 1}
    result = season_badges(record(players=players, points=points, season_closed=True))
    assert badge_of(result, 6, Badge.HOME_VENUE_TOP).earned is False
    assert badge_of(result, 7, Badge.HOME_VENUE_TOP).current == 1
    assert badge_of(result, 7, Badge.HOME_VENUE_TOP).earned is True


def test_badge_home_venue_top_is_only_provisional_before_the_season_ends():
    """R-000-44: "al final del torneo" → not earned while the season runs."""
    result = season_badges(record(points={1: 5}, season_closed=False))
    progress = badge_of(result, 1, Badge.HOME_VENUE_TOP)
    assert (progress.earned, progress.label) == (False, "Puesto 1 en tu sede · parcial")


def test_badge_home_venue_top_player_without_points_is_unranked():
    """R-000-44: a player with no season points has no home-venue rank."""
    result = season_badges(record([at(1, 0)], points={2: 3}, season_closed=True))
    progress = badge_of(result, 1, Badge.HOME_VENUE_TOP)
    assert (progress.earned, progress.current, progress.label) == (
        False,
        0,
        "Sin puntos en la temporada",
    )


# --- sixth badge and manual awards ---------------------------------------


def test_badge_sixth_needs_all_five():
    """R-000-45: all five badges → the sixth (direct, free El Nacional)."""
    rules = BadgeRules(attendance_target=3)
    appearances = [at(1, i, venue=3, province=CBA) for i in range(3)] + [
        at(2, i) for i in range(6)
    ]
    players = (SeasonPlayer(1, 1, BA), SeasonPlayer(2, 1, BA))
    data = record(
        appearances,
        players,
        points={1: 9, 2: 6},
        referrals=(Referral(2, 1, SEASON),),
        collections=(CollectionConfirmation(1, ORGANIZER, DATES[5]),),
        season_closed=True,
        rules=rules,
    )
    result = season_badges(data)
    sixth = badge_of(result, 1, Badge.NACIONAL_PASS)
    assert (sixth.earned, sixth.label) == (True, "5/5 insignias")
    assert six_badge_holders(result) == frozenset({1})
    assert badge_of(result, 2, Badge.NACIONAL_PASS).label == "2/5 insignias"


def test_badge_manual_award_from_breeder_quest_counts_toward_the_sixth():
    """R-000-51, ambiguity 18: a Breeder Quest winner's chosen badge is held
    and counts toward the sixth."""
    award = ManualAward(
        1, Badge.REFERRAL, "Breeder Quest 2024-03-09, 1.er puesto", ORGANIZER, DATES[3], 77
    )
    rules = BadgeRules(attendance_target=3)
    appearances = [at(1, i, venue=3, province=CBA) for i in range(3)]
    data = record(
        appearances,
        points={1: 9},
        collections=(CollectionConfirmation(1, ORGANIZER, DATES[5]),),
        manual_awards=(award,),
        season_closed=True,
        rules=rules,
    )
    result = season_badges(data)
    referral = badge_of(result, 1, Badge.REFERRAL)
    assert referral.earned is True
    assert referral.manual_award == award
    assert referral.label == (
        "Sin jugador nuevo referido · otorgada: Breeder Quest 2024-03-09, 1.er puesto"
    )
    assert "Breeder Quest" in referral.source
    assert badge_of(result, 1, Badge.NACIONAL_PASS).earned is True


@pytest.mark.parametrize(
    ("award", "code"),
    [
        (ManualAward(1, Badge.NACIONAL_PASS, "BQ", ORGANIZER, DATES[0]), "manual_sixth_badge"),
        (ManualAward(1, Badge.COLLECTION, "  ", ORGANIZER, DATES[0]), "manual_award_reason_missing"),
        (ManualAward(5, Badge.COLLECTION, "BQ", ORGANIZER, DATES[0]), "unknown_player"),
    ],
)
def test_badge_manual_award_bad_input_raises(award, code):
    """R-000-51: one of the five badges, to a player, with a reason."""
    with pytest.raises(LeagueInputError) as caught:
        season_badges(record([at(1, 0)], manual_awards=(award,)))
    assert caught.value.code == code


def test_badge_manual_award_twice_the_same_badge_raises():
    """R-000-51: a badge is held once."""
    award = ManualAward(1, Badge.COLLECTION, "BQ", ORGANIZER, DATES[0])
    with pytest.raises(LeagueInputError) as caught:
        season_badges(record([at(1, 0)], manual_awards=(award, award)))
    assert caught.value.code == "duplicate_manual_award"


def test_season_badges_appearance_off_the_season_dates_raises():
    """R-000-34: each Super Liga event belongs to a season date."""
    stray = Appearance(1, 5, datetime.date(2024, 2, 10), 1, BA)
    with pytest.raises(LeagueInputError) as caught:
        season_badges(record([stray]))
    assert caught.value.code == "date_not_in_season"


def test_season_badges_every_player_gets_six_badges_in_order():
    """R-000-40..45: the player page lists the six badges in leaflet order."""
    (player,) = season_badges(record([at(1, 0)]))
    assert [b.badge.number for b in player.badges] == [1, 2, 3, 4, 5, 6]
    assert player.earned == ()


# --- qualification -------------------------------------------------------


def test_la_final_qualifiers_top_player_of_each_venue():
    """R-000-47: the Top 1 of each venue's table goes to La Final."""
    tables = venue_tables({1: 9, 2: 5, 3: 7}, {1: 10, 2: 10, 3: 20})
    assert la_final_qualifiers(tables) == (
        VenueSeats(10, 1, (1,)),
        VenueSeats(20, 1, (3,)),
    )


def test_la_final_qualifiers_tie_for_first_is_flagged_for_the_organizer():
    """R-000-47, ambiguity 15: a tie for a single seat → organizer decides."""
    tables = {10: rank_table({1: 9, 2: 9, 3: 4})}
    (seats,) = la_final_qualifiers(tables)
    assert seats == VenueSeats(10, 1, (), (1, 2), 1)
    assert seats.needs_organizer is True
    decided = resolve_seats(seats, [2])
    assert decided == VenueSeats(10, 1, (2,), (), 0, (2,))
    assert decided.needs_organizer is False


def test_resolve_seats_choice_outside_the_tie_raises():
    """Ambiguity 15: the organizer chooses among the tied players only."""
    seats = allocate_seats(10, rank_table({1: 9, 2: 9, 3: 4}), 1)
    with pytest.raises(LeagueInputError) as caught:
        resolve_seats(seats, [3])
    assert caught.value.code == "bad_choice"


def test_allocate_seats_whole_tie_inside_the_quota_all_qualify():
    """R-000-59: a tie that fits in the quota needs no decision."""
    seats = allocate_seats(10, rank_table({1: 9, 2: 7, 3: 7, 4: 1}), 3)
    assert seats == VenueSeats(10, 3, (1, 2, 3))


def test_allocate_seats_zero_quota_is_empty_and_negative_raises():
    """R-000-59: the quota is "a confirmar" and may be 0."""
    assert allocate_seats(10, rank_table({1: 9}), 0) == VenueSeats(10, 0, ())
    with pytest.raises(LeagueInputError):
        allocate_seats(10, [], -1)


def test_nacional_direct_qualifiers_top_n_plus_six_badge_holders():
    """R-000-59, R-000-45: top N per venue, plus every six-badge holder."""
    tables = venue_tables({1: 9, 2: 5, 3: 4, 4: 7}, {1: 10, 2: 10, 3: 10, 4: 20})
    result = nacional_direct_qualifiers(tables, 2, [3, 4])
    assert result.by_venue == (VenueSeats(10, 2, (1, 2)), VenueSeats(20, 2, (4,)))
    assert result.by_badges == (3, 4)
    assert result.direct == (1, 2, 3, 4)
    assert result.needs_organizer is False


# --- Torneo de verano ----------------------------------------------------


def test_verano_venue_final_four_distinct_qualifiers_seeded_by_placing_then_points():
    """R-000-57, DESIGN 6, ambiguity 20: 1sts before 2nds, then points; 1v4, 2v3."""
    final = verano_venue_final((1, 2), (3, 4), {1: 4, 2: 3, 3: 6, 4: 5})
    assert [(q.seed, q.player_id) for q in final.qualifiers] == [(1, 3), (2, 1), (3, 4), (4, 2)]
    assert final.matches == (
        BracketMatch(2, 1, 3, 2, 1, 4),
        BracketMatch(2, 2, 1, 4, 2, 3),
    )
    assert final.representative is None
    assert final.unresolved_ties is False


def test_verano_venue_final_repeated_qualifier_gives_top_seed_a_bye():
    """R-000-57, ambiguity 20: 3 distinct qualifiers → seed 1 gets a bye."""
    final = verano_venue_final((1, 2), (1, 3), {1: 8, 2: 3, 3: 3})
    assert [q.player_id for q in final.qualifiers] == [1, 2, 3]
    assert final.qualifiers[0].best_placing == 1
    assert final.matches == (
        BracketMatch(2, 1, 1, None, 1, None),
        BracketMatch(2, 2, 2, 3, 2, 3),
    )
    assert final.unresolved_ties is True  # 2 and 3: both 2nd, 3 points


def test_verano_venue_final_two_qualifiers_play_one_final():
    """R-000-57, ambiguity 20: the same two players top both dates."""
    final = verano_venue_final((1, 2), (2, 1), {1: 8, 2: 9})
    assert final.matches == (BracketMatch(1, 1, 2, 1, 1, 2),)


def test_verano_venue_final_single_qualifier_is_the_representative():
    """R-000-57: a lone qualifier represents the venue without a match."""
    final = verano_venue_final((1, None), (1, None), {1: 8})
    assert (final.matches, final.representative) == ((), 1)


def test_verano_venue_final_draw_breaks_level_seeds_reproducibly():
    """DESIGN 11, ambiguity 20: a recorded draw orders players still level."""
    points = {1: 4, 2: 4, 3: 4, 4: 4}
    first = verano_venue_final((1, 2), (3, 4), points, rng=random.Random(7))
    again = verano_venue_final((1, 2), (3, 4), points, rng=random.Random(7))
    assert first == again
    assert first.unresolved_ties is False
    assert {q.player_id for q in first.qualifiers[:2]} == {1, 3}


@pytest.mark.parametrize(
    ("date1", "date2", "points", "code"),
    [
        ((1, 1), (2, 3), {1: 1, 2: 1, 3: 1}, "verano_shape"),
        ((None, 1), (2, 3), {1: 1, 2: 1, 3: 1}, "verano_shape"),
        ((1, 2), (3, 4), {1: 1, 2: 1, 3: 1}, "verano_points_missing"),
    ],
)
def test_verano_venue_final_bad_input_raises(date1, date2, points, code):
    """R-000-57: the 1st and 2nd of each date, with their Verano points."""
    with pytest.raises(LeagueInputError) as caught:
        verano_venue_final(date1, date2, points)
    assert caught.value.code == code


# --- prizes checklist ----------------------------------------------------


def test_prize_checklist_promo_for_both_dates_of_a_month_at_any_venue():
    """R-000-35, R-000-48: both February dates (at two venues) → promo;
    one pack per registration, two on a date played at two venues."""
    appearances = [at(1, 0), at(1, 1, venue=2), at(1, 1, venue=3), at(1, 2), at(2, 0)]
    checklist = prize_checklist(DATES, appearances)
    assert checklist.promos == (PromoCard(1, 2024, 2, (DATES[0], DATES[1])),)
    assert checklist.packs == (
        EventPack(1, 1000),
        EventPack(1, 1002),
        EventPack(1, 2001),
        EventPack(1, 3001),
        EventPack(2, 1000),
    )


def test_prize_checklist_month_with_one_date_gives_no_promo():
    """R-000-35: "ambas fechas del mes" needs a month with two dates."""
    dates = (DATES[0], DATES[2], DATES[3])
    appearances = [
        Appearance(1, 1, DATES[0], 1, BA),
        Appearance(1, 2, DATES[2], 1, BA),
        Appearance(1, 3, DATES[3], 1, BA),
    ]
    assert prize_checklist(dates, appearances).promos == (
        PromoCard(1, 2024, 3, (DATES[2], DATES[3])),
    )


# =========================================================================
# Golden mini-season (issue #8 item 8)
# =========================================================================
#
# Venues: V1 Palermo (Buenos Aires), V2 La Plata (Buenos Aires),
#         V3 Córdoba Centro (Córdoba) → 3 venues in 2 provinces.
# Players and home venue:
#   V1: 101 102 103 104 105 106 107     V2: 108 109     V3: 110 111 112
# Referrals: 107 names 101, 112 names 110 (both first registered in season
# 24, so both are new players: DESIGN 14).
# Dates: the first 6 generated dates of 2024, an edited 6-date season:
#   D1 03-Feb  D2 17-Feb  D3 02-Mar  D4 16-Mar  D5 06-Apr  D6 20-Apr
# Badge 1's target is scaled to 5 of the 6 dates; other targets as printed.
#
# Super Liga events (participants; podium 1st/2nd/3rd; * = disqualified):
#   e1  D1 V1  101 102 103 107           101 102 103
#   e2  D1 V3  110 111 112               110 111 112
#   e3  D2 V1  101 102 104 107 110       110 101 104
#   e4  D2 V2  108 109 110               110 108 109   (110: two venues, D2)
#   e5  D3 V1  103* 104 105 107          104 105 107
#   e6  D3 V3  101 111 112               111 101 112
#   e7  D4 V1  102 105 106 107 110       102 106 110
#   e8  D4 V2  108 109                   109 108 -
#   e9  D5 V1  103 104 106 107           103 107 104
#   e10 D5 V3  101 111 112               101 112 111
#   e11 D6 V1  102 103 105 107           105 102 107
#   e12 D6 V2  108 109                   108 109 -    (first posted 109 108,
#                                                      then corrected)
#   e13 D6 V3  101 110 111 112           111 110 101
# Other events:
#   e20 Virtual, Wed 06-Mar, 101 106 108 110 111, podium 106 111 101
#   e21 Breeder Quest, Sat 09-Mar at V3, 103 111 112, podium 111 103 112;
#       111 chooses badge 2 (manual award).
#
# Season points (participation +1, away +2, podium 3/2/1):
#   101 (BA):  e1 1+3, e3 1+2, e6 1+2+2, e10 1+2+3, e13 1+2+1  = 4+3+5+6+4 = 22
#   102:       e1 1+2, e3 1, e7 1+3, e11 1+2                   = 3+1+4+3   = 11
#   103:       e1 1+1, e5 1 (DQ: no podium), e9 1+3, e11 1     = 2+1+4+1   =  8
#   104:       e3 1+1, e5 1+3, e9 1+1                          = 2+4+2     =  8
#   105:       e5 1+2, e7 1, e11 1+3                           = 3+1+4     =  8
#   106:       e7 1+2, e9 1                                    = 3+1       =  4
#   107:       e1 1, e3 1, e5 1+1, e7 1, e9 1+2, e11 1+1       = 1+1+2+1+3+2 = 10
#   108 (BA):  e4 1+2, e8 1+2, e12 1+3                         = 3+3+4     = 10
#   109:       e4 1+1, e8 1+3, e12 1+2                         = 2+4+3     =  9
#   110 (CBA): e2 1+3, e3 1+2+3, e4 1+2+3, e7 1+2+1, e13 1+2   = 4+6+6+4+3 = 23
#   111:       e2 1+2, e6 1+3, e10 1+1, e13 1+3                = 3+4+2+4   = 13
#   112:       e2 1+1, e6 1+1, e10 1+2, e13 1                  = 2+2+3+1   =  8
#   Check by event: 10+9+13+11+10+11+13+7+10+11+10+7+12 = 134 = the sum above.
#
# National season table: 1 110 (23); 2 101 (22); 3 111 (13); 4 102 (11);
#   5= 107, 108 (10); 7 109 (9); 8= 103 104 105 112 (8); 12 106 (4).
# Venue tables: V1 1 101, 2 102, 3 107, 4= 103 104 105 (8), 7 106;
#   V2 1 108, 2 109; V3 1 110, 2 111, 3 112.
#
# All-time = season + virtual e20 (101 1+1, 106 1+3, 108 1, 110 1, 111 1+2;
#   no +2 for virtual) + nothing from the Breeder Quest:
#   110 24, 101 24, 111 16, 102 11, 108 11, 107 10, 109 9,
#   103 104 105 106 112 8 → ranks 1= 101 110; 3 111; 4= 102 108; 6 107;
#   7 109; 8= 103 104 105 106 112. Total 145 = 134 + 11.
#
# Badges (season closed):
#   1 (5 of 6 dates): 101 (D1 D2 D3 D5 D6), 107 (all 6, shown 5/5).
#     110 plays D1, D2 twice, D4, D6 → 4/5.
#   2 (3 away dates): 101 (D3 D5 D6 in Córdoba). 110 has 3 away events on
#     2 dates (D2 ×2, D4) → 2/3. 111 by manual award (Breeder Quest).
#   3: 101 (107 played 6 dates). 110: 112 played 4 → 4/6.
#   4: 101 and 110 confirmed by organizer 9001.
#   5 (top 5 of home venue): V1 101 102 107 103 104 105 (tie at 4th takes
#     three players through the cut), not 106; all of V2 and V3.
#   6: only 101 holds all five.
# La Final: V1 101, V2 108, V3 110.
# El Nacional, N=2: 101 102 | 108 109 | 110 111, + 101 by badges.
# El Nacional, N=4: V1 101 102 107 + one of 103/104/105 (tie for one seat).
# Promo cards (every date of a month): 101 Feb Apr; 102 Feb; 103 Apr;
#   105 Mar; 107 Feb Mar Apr; 110 Feb; 111 Apr; 112 Apr.

V1, V2, V3 = 1, 2, 3
VENUE_PROVINCE = {V1: BA, V2: BA, V3: CBA}
HOME = {
    **{p: V1 for p in range(101, 108)},
    108: V2,
    109: V2,
    110: V3,
    111: V3,
    112: V3,
}
D = DATES[:6]
SUPER_LIGA_EVENTS = [
    # (event id, date index, venue, participants, disqualified, podium)
    (1, 0, V1, (101, 102, 103, 107), (), (101, 102, 103)),
    (2, 0, V3, (110, 111, 112), (), (110, 111, 112)),
    (3, 1, V1, (101, 102, 104, 107, 110), (), (110, 101, 104)),
    (4, 1, V2, (108, 109, 110), (), (110, 108, 109)),
    (5, 2, V1, (103, 104, 105, 107), (103,), (104, 105, 107)),
    (6, 2, V3, (101, 111, 112), (), (111, 101, 112)),
    (7, 3, V1, (102, 105, 106, 107, 110), (), (102, 106, 110)),
    (8, 3, V2, (108, 109), (), (109, 108, None)),
    (9, 4, V1, (103, 104, 106, 107), (), (103, 107, 104)),
    (10, 4, V3, (101, 111, 112), (), (101, 112, 111)),
    (11, 5, V1, (102, 103, 105, 107), (), (105, 102, 107)),
    (12, 5, V2, (108, 109), (), (108, 109, None)),
    (13, 5, V3, (101, 110, 111, 112), (), (111, 110, 101)),
]


def province(player):
    return VENUE_PROVINCE[HOME[player]]


def super_liga_outcome(event_id, date_index, venue, players, dq, podium):
    return EventOutcome(
        event_id=event_id,
        kind=EventKind.SUPER_LIGA,
        season_id=SEASON,
        date=D[date_index],
        venue_province=VENUE_PROVINCE[venue],
        participants=tuple(Participant(p, province(p), p in dq) for p in players),
        podium=podium,
    )


VIRTUAL = EventOutcome(
    event_id=20,
    kind=EventKind.VIRTUAL,
    season_id=None,
    date=datetime.date(2024, 3, 6),
    venue_province=None,
    participants=tuple(Participant(p, province(p)) for p in (101, 106, 108, 110, 111)),
    podium=(106, 111, 101),
)
BREEDER_QUEST = EventOutcome(
    event_id=21,
    kind=EventKind.BREEDER_QUEST,
    season_id=SEASON,
    date=datetime.date(2024, 3, 9),
    venue_province=CBA,
    participants=tuple(Participant(p, province(p)) for p in (103, 111, 112)),
    podium=(111, 103, 112),
)
BQ_AWARD = ManualAward(
    111, Badge.OUT_OF_PROVINCE, "Breeder Quest 2024-03-09, 1.er puesto", ORGANIZER,
    datetime.date(2024, 3, 9), 21,
)


@pytest.fixture(scope="module")
def golden():
    """Post the whole mini-season through the ledger, correction included."""
    ledger: tuple[LedgerEntry, ...] = ()
    correction = ()
    for event in SUPER_LIGA_EVENTS:
        event_id = event[0]
        wanted = points_for_event(super_liga_outcome(*event))
        if event_id == 12:
            wrong = points_for_event(
                super_liga_outcome(*event[:5], (109, 108, None))
            )
            ledger += diff_entries(ledger, wrong, event_id=event_id)
            correction = diff_entries(ledger, wanted, event_id=event_id)
            ledger += correction
        else:
            ledger += diff_entries(ledger, wanted, event_id=event_id)
        # Re-finishing posts nothing.
        assert diff_entries(ledger, wanted, event_id=event_id) == ()
    ledger += diff_entries(ledger, points_for_event(VIRTUAL), event_id=20)
    ledger += diff_entries(ledger, points_for_event(BREEDER_QUEST), event_id=21)

    appearances = tuple(
        Appearance(p, event_id, D[date_index], venue, VENUE_PROVINCE[venue])
        for event_id, date_index, venue, players, _dq, _podium in SUPER_LIGA_EVENTS
        for p in players
    )
    season_points = ledger_totals(ledger, scope=Scope.SEASON, season_id=SEASON)
    data = SeasonRecord(
        season_id=SEASON,
        dates=D,
        players=tuple(SeasonPlayer(p, HOME[p], province(p)) for p in sorted(HOME)),
        appearances=appearances,
        season_points=season_points,
        referrals=(Referral(107, 101, SEASON), Referral(112, 110, SEASON)),
        collections=(
            CollectionConfirmation(101, ORGANIZER, datetime.date(2024, 4, 20)),
            CollectionConfirmation(110, ORGANIZER, datetime.date(2024, 4, 20)),
        ),
        manual_awards=(BQ_AWARD,),
        season_closed=True,
        rules=BadgeRules(attendance_target=5),
    )
    return {
        "ledger": ledger,
        "correction": correction,
        "appearances": appearances,
        "season_points": season_points,
        "badges": season_badges(data),
    }


def test_golden_season_table(golden):
    """R-000-36, R-000-37, R-000-38, R-000-48, DESIGN 7, 8, 10: the national
    season table worked out by hand above."""
    rows = rank_table(golden["season_points"])
    assert [(r.rank, r.player_id, r.points, r.tied) for r in rows] == [
        (1, 110, 23, False),
        (2, 101, 22, False),
        (3, 111, 13, False),
        (4, 102, 11, False),
        (5, 107, 10, True),
        (5, 108, 10, True),
        (7, 109, 9, False),
        (8, 103, 8, True),
        (8, 104, 8, True),
        (8, 105, 8, True),
        (8, 112, 8, True),
        (12, 106, 4, False),
    ]
    assert sum(golden["season_points"].values()) == 134


def test_golden_venue_tables(golden):
    """R-000-44, R-000-47, ambiguity 15 (a): players ranked in their home venue."""
    tables = venue_tables(golden["season_points"], HOME)
    assert {v: [(r.rank, r.player_id, r.points) for r in rows] for v, rows in tables.items()} == {
        V1: [(1, 101, 22), (2, 102, 11), (3, 107, 10), (4, 103, 8), (4, 104, 8), (4, 105, 8), (7, 106, 4)],
        V2: [(1, 108, 10), (2, 109, 9)],
        V3: [(1, 110, 23), (2, 111, 13), (3, 112, 8)],
    }


def test_golden_all_time_ranking(golden):
    """R-000-38, R-000-49, R-000-55: season + virtual (no +2), nothing from
    the Breeder Quest."""
    rows = rank_table(ledger_totals(golden["ledger"], scope=Scope.ALL_TIME))
    assert [(r.rank, r.player_id, r.points) for r in rows] == [
        (1, 101, 24),
        (1, 110, 24),
        (3, 111, 16),
        (4, 102, 11),
        (4, 108, 11),
        (6, 107, 10),
        (7, 109, 9),
        (8, 103, 8),
        (8, 104, 8),
        (8, 105, 8),
        (8, 106, 8),
        (8, 112, 8),
    ]
    assert all(e.event_id != 21 for e in golden["ledger"])


def test_golden_correction_posts_reversals_not_edits(golden):
    """Issue #8 item 2: e12's swapped podium → 4 reversals and 4 new entries,
    each in both scopes."""
    correction = golden["correction"]
    assert len(correction) == 8
    assert [(e.player_id, e.reason, e.points) for e in correction if e.scope == Scope.SEASON] == [
        (108, "reversal", -2),
        (109, "reversal", -3),
        (108, "podium_1", 3),
        (109, "podium_2", 2),
    ]


def test_golden_badges(golden):
    """R-000-40..46, R-000-48, R-000-51; DESIGN 8, 14; ambiguities 15, 17,
    18: every badge of every player, worked out by hand above."""
    earned = {pb.player_id: {b.number for b in pb.earned} for pb in golden["badges"]}
    assert earned == {
        101: {1, 2, 3, 4, 5, 6},
        102: {5},
        103: {5},
        104: {5},
        105: {5},
        106: set(),
        107: {1, 5},
        108: {5},
        109: {5},
        110: {4, 5},
        111: {2, 5},
        112: {5},
    }
    labels = {
        pb.player_id: [b.label for b in pb.badges]
        for pb in golden["badges"]
        if pb.player_id in (101, 106, 107, 110, 111)
    }
    assert labels == {
        101: [
            "5/5 fechas",
            "3/3 fechas en otra provincia",
            "6/6 fechas de tu jugador nuevo",
            "Colección confirmada",
            "Puesto 1 en tu sede",
            "5/5 insignias",
        ],
        106: [
            "2/5 fechas",
            "0/3 fechas en otra provincia",
            "Sin jugador nuevo referido",
            "Colección sin confirmar",
            "Puesto 7 en tu sede",
            "0/5 insignias",
        ],
        107: [
            "5/5 fechas",
            "0/3 fechas en otra provincia",
            "Sin jugador nuevo referido",
            "Colección sin confirmar",
            "Puesto 3 en tu sede",
            "2/5 insignias",
        ],
        110: [
            "4/5 fechas",
            "2/3 fechas en otra provincia",
            "4/6 fechas de tu jugador nuevo",
            "Colección confirmada",
            "Puesto 1 en tu sede",
            "2/5 insignias",
        ],
        111: [
            "4/5 fechas",
            "0/3 fechas en otra provincia · otorgada: Breeder Quest 2024-03-09, 1.er puesto",
            "Sin jugador nuevo referido",
            "Colección sin confirmar",
            "Puesto 2 en tu sede",
            "2/5 insignias",
        ],
    }
    assert [b.label for b in golden["badges"][2].badges][4] == "Puesto 4 en tu sede (empate)"
    assert six_badge_holders(golden["badges"]) == frozenset({101})


def test_golden_qualification_lists(golden):
    """R-000-47, R-000-59, R-000-45, ambiguity 15: La Final and El Nacional."""
    tables = venue_tables(golden["season_points"], HOME)
    assert la_final_qualifiers(tables) == (
        VenueSeats(V1, 1, (101,)),
        VenueSeats(V2, 1, (108,)),
        VenueSeats(V3, 1, (110,)),
    )
    holders = six_badge_holders(golden["badges"])
    two = nacional_direct_qualifiers(tables, 2, holders)
    assert two.direct == (101, 102, 108, 109, 110, 111)
    assert two.by_badges == (101,)
    four = nacional_direct_qualifiers(tables, 4, holders)
    assert four.by_venue[0] == VenueSeats(V1, 4, (101, 102, 107), (103, 104, 105), 1)
    assert four.needs_organizer is True
    assert four.direct == (101, 102, 107, 108, 109, 110, 111, 112)
    assert resolve_seats(four.by_venue[0], [104]).qualified == (101, 102, 107, 104)


def test_golden_prize_checklist(golden):
    """R-000-35, R-000-48: promo cards for every date of a month; a pack
    per registration (110 gets two on D2)."""
    checklist = prize_checklist(D, golden["appearances"])
    assert [(p.player_id, p.month) for p in checklist.promos] == [
        (101, 2),
        (101, 4),
        (102, 2),
        (103, 4),
        (105, 3),
        (107, 2),
        (107, 3),
        (107, 4),
        (110, 2),
        (111, 4),
        (112, 4),
    ]
    assert len(checklist.packs) == 46
    assert [p.event_id for p in checklist.packs if p.player_id == 110] == [2, 3, 4, 7, 13]
