"""League services on a real database: posting, re-finishing, corrections.

Every event is played through :mod:`tournaments.services` (register, pair,
record results, finish); ``event_finish`` posts the points through
``tournaments.signals.event_finished`` (``leagues.receivers``). Clauses: R-000-36, R-000-37,
R-000-38, R-000-49, R-000-55; DESIGN.md decisions 7, 8 and 10.
"""
import datetime

import pytest

from leagues import selectors, services
from leagues.enums import LedgerReason, LedgerScope
from leagues.errors import LeagueRefused
from leagues.models import BadgeAward, EventLeagueDate, LedgerEntry, Season, SeasonDate
from rules.models import Game
from tests.factories import PlayerFactory, UserFactory, VenueFactory
from tournaments import services as tournament_services
from tournaments.enums import EventKind, EventState
from tournaments.models import Event, Registration, Table

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

BA, CBA = "Buenos Aires", "Córdoba"
D1 = datetime.date(2024, 2, 3)


@pytest.fixture
def venues():
    return {
        "palermo": VenueFactory(name="Sede Palermo", province=BA),
        "cordoba": VenueFactory(name="Sede Córdoba Centro", province=CBA),
    }


@pytest.fixture
def four(venues):
    """Four players: 1st from Córdoba (travels), three from Buenos Aires."""
    return [
        PlayerFactory(display_name="Ana", home_venue=venues["cordoba"]),
        PlayerFactory(display_name="Beto", home_venue=venues["palermo"]),
        PlayerFactory(display_name="Caro", home_venue=venues["palermo"]),
        PlayerFactory(display_name="Dani", home_venue=venues["palermo"]),
    ]


def ledger(event, scope=LedgerScope.SEASON):
    """``{(player name, reason): points}`` of one event and scope, live sums."""
    result = {}
    for e in LedgerEntry.objects.filter(event=event, scope=scope).select_related("player", "reverses"):
        reason = e.reverses.reason if e.reverses_id else e.reason
        key = (e.player.display_name, reason)
        result[key] = result.get(key, 0) + e.points
    return {k: v for k, v in result.items() if v}


def totals(rows):
    return [(r.rank, r.display_name, r.points, r.tied) for r in rows]


def test_finish_event_posts_participation_out_of_province_and_podium(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)

    expected = {
        ("Ana", "participation"): 1,
        ("Ana", "out_of_province"): 2,
        ("Ana", "podium_1"): 3,
        ("Beto", "participation"): 1,
        ("Beto", "podium_2"): 2,
        ("Caro", "participation"): 1,
        ("Caro", "podium_3"): 1,
        ("Dani", "participation"): 1,
    }
    assert ledger(event, LedgerScope.SEASON) == expected
    assert ledger(event, LedgerScope.ALL_TIME) == expected
    assert LedgerEntry.objects.filter(event=event).count() == 16


def test_finish_event_links_the_event_to_its_league_date_and_creates_the_season(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)

    season = Season.objects.get(year=2024, game__key="weed_monsters")
    assert season.dates.count() == 18
    assert event.league_date.season_date == SeasonDate.objects.get(season=season, number=1, date=D1)
    assert set(LedgerEntry.objects.filter(event=event, scope=LedgerScope.SEASON).values_list("season", flat=True)) == {
        season.pk
    }


def test_event_points_post_twice_posts_nothing_the_second_time(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)

    assert services.event_points_post(event=event) == 0
    assert LedgerEntry.objects.filter(event=event).count() == 16


def test_refinishing_an_event_never_posts_twice(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    Event.objects.filter(pk=event.pk).update(state=EventState.SWISS)

    tournament_services.event_finish(event=event)

    assert LedgerEntry.objects.filter(event=event).count() == 16
    assert not LedgerEntry.objects.filter(reason=LedgerReason.REVERSAL).exists()


def test_correction_posts_reversing_entries_and_never_edits(venues, four):
    organizer = UserFactory(username="organizadora")
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    before = list(LedgerEntry.objects.filter(event=event).values_list("pk", "player", "reason", "points"))
    # The organizer corrects the final: Beto won it.
    Event.objects.filter(pk=event.pk).update(
        podium_first=event.podium_second_id, podium_second=event.podium_first_id
    )

    posted = services.event_points_post(event=event, by=organizer)

    assert posted == 8  # two reversals and two new entries, in both scopes
    assert list(LedgerEntry.objects.filter(pk__in=[b[0] for b in before]).values_list(
        "pk", "player", "reason", "points")) == before
    reversals = LedgerEntry.objects.filter(event=event, reason=LedgerReason.REVERSAL).select_related("reverses")
    assert sorted((r.reverses.reason, r.points, r.created_by_id) for r in reversals) == [
        ("podium_1", -3, organizer.pk),
        ("podium_1", -3, organizer.pk),
        ("podium_2", -2, organizer.pk),
        ("podium_2", -2, organizer.pk),
    ]
    assert all(r.reverses.player_id == r.player_id for r in reversals)
    assert ledger(event)[("Ana", "podium_2")] == 2
    assert ledger(event)[("Beto", "podium_1")] == 3
    assert ("Ana", "podium_1") not in ledger(event)
    assert services.event_points_post(event=event) == 0


def test_correction_back_to_the_original_reposts_it(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    first, second = event.podium_first_id, event.podium_second_id
    Event.objects.filter(pk=event.pk).update(podium_first=second, podium_second=first)
    services.event_points_post(event=event)
    Event.objects.filter(pk=event.pk).update(podium_first=first, podium_second=second)

    assert services.event_points_post(event=event) == 8
    assert ledger(event)[("Ana", "podium_1")] == 3
    assert LedgerEntry.objects.filter(event=event, reason=LedgerReason.REVERSAL).count() == 8


def test_disqualified_player_keeps_participation_and_earns_no_podium(venues, four):
    """DESIGN 10, ambiguity 13: the next player moves onto the podium."""
    event = play_round_robin(
        name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four, disqualified=[four[0]]
    )

    assert ledger(event) == {
        ("Ana", "participation"): 1,
        ("Ana", "out_of_province"): 2,
        ("Beto", "participation"): 1,
        ("Beto", "podium_1"): 3,
        ("Caro", "participation"): 1,
        ("Caro", "podium_2"): 2,
        ("Dani", "participation"): 1,
        ("Dani", "podium_3"): 1,
    }


def test_disqualification_recorded_after_finishing_moves_the_podium_up(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    Registration.objects.filter(event=event, player=four[0]).update(disqualified=True)

    services.event_points_post(event=event)

    assert ledger(event) == {
        ("Ana", "participation"): 1,
        ("Ana", "out_of_province"): 2,
        ("Beto", "participation"): 1,
        ("Beto", "podium_1"): 3,
        ("Caro", "participation"): 1,
        ("Caro", "podium_2"): 2,
        ("Dani", "participation"): 1,
    }


def test_virtual_event_gives_no_out_of_province_points_and_no_season_points(four):
    event = play_round_robin(name="Virtual", venue=None, date=D1, ranking=four, kind=EventKind.VIRTUAL)

    assert ledger(event, LedgerScope.SEASON) == {}
    assert ledger(event, LedgerScope.ALL_TIME) == {
        ("Ana", "participation"): 1,
        ("Ana", "podium_1"): 3,
        ("Beto", "participation"): 1,
        ("Beto", "podium_2"): 2,
        ("Caro", "participation"): 1,
        ("Caro", "podium_3"): 1,
        ("Dani", "participation"): 1,
    }


def test_virtual_kind_hosted_by_a_venue_still_gives_no_out_of_province_points(venues, four):
    event = play_round_robin(
        name="Virtual", venue=venues["palermo"], date=D1, ranking=four, kind=EventKind.VIRTUAL
    )

    assert ("Ana", "out_of_province") not in ledger(event, LedgerScope.ALL_TIME)


@pytest.mark.parametrize("kind", [EventKind.BREEDER_QUEST, EventKind.VERANO_FINAL, EventKind.LA_FINAL,
                                  EventKind.CASUAL])
def test_non_scoring_kinds_post_nothing(venues, four, kind):
    """R-000-49: a Breeder Quest adds points to no table."""
    event = play_round_robin(name="BQ", venue=venues["palermo"], date=D1, ranking=four, kind=kind)

    assert event.state == EventState.FINISHED
    assert not LedgerEntry.objects.filter(event=event).exists()
    assert not EventLeagueDate.objects.filter(event=event).exists()


@pytest.mark.parametrize("kind", [EventKind.INDOOR, EventKind.EVENTUAL, EventKind.VERANO, EventKind.NACIONAL])
def test_all_time_kinds_feed_only_the_all_time_ranking(venues, four, kind):
    """R-000-53, R-000-54, R-000-56, R-000-60: +2 away, not the season table."""
    event = play_round_robin(name="Eventual", venue=venues["palermo"], date=D1, ranking=four, kind=kind)

    assert ledger(event, LedgerScope.SEASON) == {}
    assert ledger(event, LedgerScope.ALL_TIME)[("Ana", "out_of_province")] == 2


def test_rekinding_an_event_reverses_all_its_points(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    season = Season.objects.get(year=2024)
    Event.objects.filter(pk=event.pk).update(kind=EventKind.BREEDER_QUEST)

    assert services.event_points_post(event=event) == 16
    assert ledger(event, LedgerScope.SEASON) == {}
    assert ledger(event, LedgerScope.ALL_TIME) == {}
    assert selectors.season_table(season) == []


def test_in_person_event_without_venue_is_refused_and_stays_unfinished(four):
    event = play_round_robin(
        name="Eventual", venue=None, date=D1, ranking=four, kind=EventKind.EVENTUAL, finish=False
    )

    with pytest.raises(LeagueRefused) as err:
        tournament_services.event_finish(event=event)

    assert err.value.code == "venue_province_missing"
    event.refresh_from_db()
    assert event.state == EventState.SWISS


def test_super_liga_event_off_the_calendar_feeds_the_season_without_a_league_date(venues, four):
    sunday = datetime.date(2024, 2, 4)
    event = play_round_robin(name="Domingo", venue=venues["palermo"], date=sunday, ranking=four)

    season = Season.objects.get(year=2024)
    assert not EventLeagueDate.objects.filter(event=event).exists()
    assert [r.points for r in selectors.season_table(season)] == [6, 3, 2, 1]


def test_event_league_date_assign_moves_the_points_to_the_new_season(venues, four):
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    other = services.season_create(game=event.game, year=2025)

    services.event_league_date_assign(event=event, season_date=other.dates.get(number=1))

    assert selectors.season_table(Season.objects.get(year=2024)) == []
    assert [r.points for r in selectors.season_table(other)] == [6, 3, 2, 1]
    assert ledger(event, LedgerScope.ALL_TIME)[("Ana", "podium_1")] == 3


def test_event_league_date_assign_refuses_other_kinds(venues, four):
    event = play_round_robin(
        name="BQ", venue=venues["palermo"], date=D1, ranking=four, kind=EventKind.BREEDER_QUEST
    )
    season = services.season_create(game=event.game, year=2024)

    with pytest.raises(LeagueRefused) as err:
        services.event_league_date_assign(event=event, season_date=season.dates.first())

    assert err.value.code == "not_super_liga"


def test_season_create_generates_eighteen_editable_dates():
    game = Game.objects.get(key="weed_monsters")
    season = services.season_create(game=game, year=2024)

    dates = list(season.dates.values_list("number", "date"))
    assert len(dates) == 18
    assert dates[0] == (1, datetime.date(2024, 2, 3))
    assert dates[-1] == (18, datetime.date(2024, 10, 19))
    SeasonDate.objects.filter(season=season, number=1).update(date=datetime.date(2024, 2, 10))
    assert services.season_dates_generate(season=season)[0].date == datetime.date(2024, 2, 10)


def test_season_create_twice_is_refused():
    game = Game.objects.get(key="weed_monsters")
    services.season_create(game=game, year=2024)

    with pytest.raises(LeagueRefused) as err:
        services.season_create(game=game, year=2024)
    assert err.value.code == "season_exists"


def test_badge_award_to_the_breeder_quest_winner(venues, four):
    organizer = UserFactory(username="organizadora")
    bq = play_round_robin(
        name="BQ", venue=venues["palermo"], date=D1, ranking=four, kind=EventKind.BREEDER_QUEST
    )
    season = services.season_create(game=bq.game, year=2024)

    award = services.badge_award(
        season=season, player=four[0], badge="collection", reason="Breeder Quest 03/02, 1er puesto",
        by=organizer, event=bq,
    )

    assert (award.awarded_by, award.event) == (organizer, bq)
    assert selectors.player_badges(season, four[0]).get("collection").earned


@pytest.mark.parametrize(
    ("who", "badge", "reason", "code"),
    [
        (1, "collection", "BQ", "not_the_winner"),
        (0, "nacional_pass", "BQ", "sixth_not_awardable"),
        (0, "collection", "  ", "reason_missing"),
    ],
)
def test_badge_award_refusals(venues, four, who, badge, reason, code):
    bq = play_round_robin(
        name="BQ", venue=venues["palermo"], date=D1, ranking=four, kind=EventKind.BREEDER_QUEST
    )
    season = services.season_create(game=bq.game, year=2024)

    with pytest.raises(LeagueRefused) as err:
        services.badge_award(season=season, player=four[who], badge=badge, reason=reason,
                             by=UserFactory(), event=bq)

    assert err.value.code == code
    assert not BadgeAward.objects.exists()


def test_badge_award_one_badge_per_breeder_quest_win(venues, four):
    bq = play_round_robin(
        name="BQ", venue=venues["palermo"], date=D1, ranking=four, kind=EventKind.BREEDER_QUEST
    )
    season = services.season_create(game=bq.game, year=2024)
    user = UserFactory()
    services.badge_award(season=season, player=four[0], badge="collection", reason="BQ", by=user, event=bq)

    with pytest.raises(LeagueRefused) as err:
        services.badge_award(season=season, player=four[0], badge="referral", reason="BQ", by=user, event=bq)

    assert err.value.code == "already_awarded"


def test_collection_confirm_records_who_and_when_once(four):
    season = services.season_create(game=Game.objects.get(key="weed_monsters"), year=2024)
    organizer = UserFactory(username="organizadora")

    confirmation = services.collection_confirm(season=season, player=four[1], by=organizer)

    assert confirmation.confirmed_by == organizer
    assert confirmation.confirmed_at is not None
    with pytest.raises(LeagueRefused):
        services.collection_confirm(season=season, player=four[1], by=organizer)


def test_deleting_an_event_takes_its_entries_and_reversals_with_it(venues, four):
    """``run_event --replace`` deletes an event: its ledger goes with it."""
    event = play_round_robin(name="Fecha 1", venue=venues["palermo"], date=D1, ranking=four)
    Event.objects.filter(pk=event.pk).update(podium_first=event.podium_second_id,
                                             podium_second=event.podium_first_id)
    services.event_points_post(event=event)

    Table.objects.filter(round__event=event).delete()
    Event.objects.get(pk=event.pk).delete()

    assert not LedgerEntry.objects.exists()
