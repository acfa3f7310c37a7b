"""Who took part earns league points and date marks; a no-show does not.

DESIGN.md decision 15: participation (league points and attendance marks)
needs the player to have been checked in and to have at least one match not
lost by absence; a bye counts as a match played (decision 1). Clauses:
R-000-36 (participation +1, out of province +2), R-000-40 (badge 1: the
date marks toward 15 of 18), R-000-41 (badge 2: dates at venues of another
province), R-000-77 (more than 10 minutes late loses the match: an absence).

Every expected value below is worked out by hand from the pairings.
"""
import datetime

import pytest

from leagues import adapters, selectors
from leagues.enums import LedgerReason, LedgerScope
from leagues.models import LedgerEntry, Season
from tests.factories import PlayerFactory, VenueFactory
from tournaments import services
from tournaments.models import Registration

from .helpers import create_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

BA, CBA = "Buenos Aires", "Córdoba"
D1, D2 = datetime.date(2024, 2, 3), datetime.date(2024, 2, 17)
PARTICIPATION_REASONS = (LedgerReason.PARTICIPATION, LedgerReason.OUT_OF_PROVINCE)


@pytest.fixture
def venues():
    return {"palermo": VenueFactory(name="Sede Palermo", province=BA),
            "cordoba": VenueFactory(name="Sede Córdoba Centro", province=CBA)}


def participation(event):
    """``{(name, reason): live points}`` of the participation items only (season table)."""
    result = {}
    rows = LedgerEntry.objects.filter(event=event, scope=LedgerScope.SEASON).select_related("player", "reverses")
    for e in rows:
        reason = e.reverses.reason if e.reverses_id else e.reason
        if reason in PARTICIPATION_REASONS:
            key = (e.player.display_name, str(reason))
            result[key] = result.get(key, 0) + e.points
    return {k: v for k, v in result.items() if v}


def play_date(venues, date, name="Fecha 1"):
    """Ten registrations at Palermo (Buenos Aires), two rounds:

    round 1: Ana–Beto 2-0; Nico–Olga double no-show; Pepe–Caro with Pepe
    15 minutes late (0-2, lost by absence); Tomi–Uma with Tomi 12 minutes
    late (0-2); Quique a bye; Rita (never checked in) sits out. Nico, Olga,
    Quique, Tomi and Uma then drop.
    round 2: Ana–Caro 2-0; Pepe–Beto 2-0; Rita gets a bye without being
    checked in.
    """
    home = {"Ana": CBA, "Beto": BA, "Caro": BA, "Nico": CBA, "Olga": BA, "Pepe": CBA, "Quique": CBA, "Rita": CBA,
            "Tomi": CBA, "Uma": BA}
    venue_of = {BA: venues["palermo"], CBA: venues["cordoba"]}
    players = {n: PlayerFactory(display_name=n, home_venue=venue_of[p]) for n, p in home.items()}
    event = create_event(name=name, venue=venues["palermo"], date=date, rounds=2)
    services.registration_open(event=event)
    regs = {n: services.registration_create(event=event, player=p, checked_in=(n != "Rita"))
            for n, p in players.items()}
    services.registration_close(event=event)
    r1 = services.round_pair_manual(
        event=event,
        pairings=[(regs["Ana"], regs["Beto"]), (regs["Nico"], regs["Olga"]), (regs["Pepe"], regs["Caro"]),
                  (regs["Tomi"], regs["Uma"]), (regs["Quique"], None)],
        absent=[regs["Rita"]],
    )
    by_a = {m.player_a_id: m for m in r1.tables.all()}
    services.table_result_record(table=by_a[regs["Ana"].pk], seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=by_a[regs["Nico"].pk], seats=[{"games": 0}, {"games": 0}], double_loss=True)
    services.table_result_record(table=by_a[regs["Pepe"].pk], seats=[{"games": 0, "minutes_late": 15}, {"games": 2}])
    services.table_result_record(table=by_a[regs["Tomi"].pk], seats=[{"games": 0, "minutes_late": 12}, {"games": 2}])
    for n in ("Nico", "Olga", "Quique", "Tomi", "Uma"):
        services.registration_drop(registration=regs[n])
    r2 = services.round_pair_manual(
        event=event,
        pairings=[(regs["Ana"], regs["Caro"]), (regs["Pepe"], regs["Beto"]), (regs["Rita"], None)],
    )
    by_a = {m.player_a_id: m for m in r2.tables.all()}
    services.table_result_record(table=by_a[regs["Ana"].pk], seats=[{"games": 2}, {"games": 0}])
    services.table_result_record(table=by_a[regs["Pepe"].pk], seats=[{"games": 2}, {"games": 0}])
    return services.event_finish(event=event), players


def test_no_shows_earn_no_participation_and_players_who_took_part_do(venues):
    """R-000-36 with DESIGN 15: +1 for taking part, +2 more from another province.

    Hand count: Ana (Córdoba) played → 1 + 2; Beto, Caro (Buenos Aires) → 1;
    Pepe (Córdoba) no-showed round 1 then played round 2 → 1 + 2; Quique
    (Córdoba) checked in and got only a bye → 1 + 2; Nico (Córdoba) and Olga,
    a double no-show then dropped → nothing (Nico no +2 either); Tomi
    (Córdoba), absent (12 minutes late) in his only match → nothing; Uma
    (Buenos Aires), who won that match and dropped → 1; Rita, a bye but
    never checked in → nothing.
    """
    event, _players = play_date(venues, D1)
    assert participation(event) == {
        ("Ana", "participation"): 1, ("Ana", "out_of_province"): 2,
        ("Beto", "participation"): 1,
        ("Caro", "participation"): 1,
        ("Pepe", "participation"): 1, ("Pepe", "out_of_province"): 2,
        ("Quique", "participation"): 1, ("Quique", "out_of_province"): 2,
        ("Uma", "participation"): 1,
    }
    assert not LedgerEntry.objects.filter(event=event,
                                          player__display_name__in=["Nico", "Olga", "Rita", "Tomi"]).exists()


def test_a_no_show_gets_no_date_mark_toward_the_attendance_badges(venues):
    """R-000-40 and R-000-41: the date marks of badges 1 and 2 follow taking part.

    Hand count: after D1, Ana, Beto, Caro, Pepe, Quique and Uma have one
    date; Nico, Olga, Rita and Tomi none. Badge 2 (another province): Ana, Pepe and
    Quique (Córdoba at Palermo) 1 date each; Nico 0 although Córdoba.
    """
    play_date(venues, D1)
    season = Season.objects.get(year=2024, game__key="weed_monsters")
    marks = {}
    for appearance in adapters.season_appearances(season):
        marks[appearance.player_id] = marks.get(appearance.player_id, 0) + 1
    names = dict(Registration.objects.filter(event__date=D1).values_list("player_id", "player__display_name"))
    took_part = {"Ana": 1, "Beto": 1, "Caro": 1, "Pepe": 1, "Quique": 1, "Uma": 1}
    assert {names[pid]: n for pid, n in marks.items()} == took_part
    table = {row.display_name: row.dates_played for row in selectors.season_table(season)}
    assert table == took_part
    players = {p.display_name: p for p in (r.player for r in Registration.objects.filter(event__date=D1))}
    for name, attendance, travel in (("Nico", 0, 0), ("Olga", 0, 0), ("Rita", 0, 0), ("Tomi", 0, 0), ("Pepe", 1, 1),
                                     ("Quique", 1, 1), ("Beto", 1, 0)):
        badges = selectors.player_badges(season, players[name])
        got = (badges.get("attendance").current, badges.get("out_of_province").current) if badges else (0, 0)
        assert got == (attendance, travel), name


def test_no_show_on_one_date_and_playing_another_counts_one_date(venues):
    """R-000-40: two Super Liga dates; Nico no-shows on D1 and plays on D2.

    Hand count on D2 (a plain 2-player event, Nico beats Zoe): Nico earns
    1 + 2 (Córdoba at Palermo) on D2 only, and has one date mark in all.
    """
    play_date(venues, D1)
    nico = Registration.objects.get(event__date=D1, player__display_name="Nico").player
    zoe = PlayerFactory(display_name="Zoe", home_venue=venues["palermo"])
    event = create_event(name="Fecha 2", venue=venues["palermo"], date=D2, rounds=1)
    services.registration_open(event=event)
    regs = [services.registration_create(event=event, player=p) for p in (nico, zoe)]
    services.registration_close(event=event)
    rnd = services.round_pair_manual(event=event, pairings=[(regs[0], regs[1])])
    services.table_result_record(table=rnd.tables.get(), seats=[{"games": 2}, {"games": 0}])
    services.event_finish(event=event)
    season = Season.objects.get(year=2024, game__key="weed_monsters")
    points = LedgerEntry.objects.filter(player=nico, scope=LedgerScope.SEASON,
                                        reason__in=PARTICIPATION_REASONS)
    assert sorted((e.event.date, str(e.reason), e.points) for e in points) == [
        (D2, "out_of_province", 2), (D2, "participation", 1)]
    assert [a.date for a in adapters.season_appearances(season) if a.player_id == nico.pk] == [D2]

