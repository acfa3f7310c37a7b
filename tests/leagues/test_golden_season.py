"""The golden mini-season of issue #8 item 8, played on a real database.

The same season as ``test_badges.py``'s pure golden, worked out by hand
there and restated below, but every event is played through
:mod:`tournaments.services` and posted by ``event_finish``; tables, badges,
qualification lists and prizes are read through :mod:`leagues.selectors`.

Venues: V1 Sede Palermo and V2 Sede La Plata (Buenos Aires), V3 Sede
Córdoba Centro (Córdoba). Players P101–P107 from V1, P108–P109 from V2,
P110–P112 from V3. P107 names P101 and P112 names P110 as referrers. The
season is edited to its first six dates (D1 03-Feb … D6 20-Apr) with badge
1 at 5 dates, and closed. P110 plays V1 and V2 on D2 (DESIGN 8); P103 is
disqualified in e5 (DESIGN 10); e12 is first finished with P109 winning and
then corrected to P108; a virtual event (e20) and a Breeder Quest (e21,
won by P111, who chooses badge 2) complete it.
"""
import datetime

import pytest
from django.db import transaction

from leagues import selectors, services
from leagues.enums import LedgerReason
from leagues.models import LedgerEntry, Season
from rules.models import Game
from tests.factories import PlayerFactory, UserFactory, VenueFactory
from tournaments.enums import EventKind
from tournaments.models import Event

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

D = [datetime.date(2024, 2, 3), datetime.date(2024, 2, 17), datetime.date(2024, 3, 2),
     datetime.date(2024, 3, 16), datetime.date(2024, 4, 6), datetime.date(2024, 4, 20)]

SUPER_LIGA = [
    # (event, date index, venue, final ranking strongest first, disqualified)
    ("e1", 0, "V1", (101, 102, 103, 107), ()),
    ("e2", 0, "V3", (110, 111, 112), ()),
    ("e3", 1, "V1", (110, 101, 104, 102, 107), ()),
    ("e4", 1, "V2", (110, 108, 109), ()),
    ("e5", 2, "V1", (103, 104, 105, 107), (103,)),
    ("e6", 2, "V3", (111, 101, 112), ()),
    ("e7", 3, "V1", (102, 106, 110, 105, 107), ()),
    ("e8", 3, "V2", (109, 108), ()),
    ("e9", 4, "V1", (103, 107, 104, 106), ()),
    ("e10", 4, "V3", (101, 112, 111), ()),
    ("e11", 5, "V1", (105, 102, 107, 103), ()),
    ("e12", 5, "V2", (109, 108), ()),  # corrected to 108 first afterwards
    ("e13", 5, "V3", (111, 110, 101, 112), ()),
]


@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker):
    """The season, played once for the module inside a transaction that is
    rolled back at the end (each test runs in a savepoint of it)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield play_season()
        transaction.set_rollback(True)


def play_season():
    game = Game.objects.get(key="weed_monsters")
    organizer = UserFactory(username="organizadora")
    season = services.season_create(game=game, year=2024)
    season.dates.filter(number__gt=6).delete()
    venues = {
        "V1": VenueFactory(name="Sede Palermo", province="Buenos Aires"),
        "V2": VenueFactory(name="Sede La Plata", province="Buenos Aires"),
        "V3": VenueFactory(name="Sede Córdoba Centro", province="Córdoba"),
    }
    home = {**{n: "V1" for n in range(101, 108)}, 108: "V2", 109: "V2", 110: "V3", 111: "V3", 112: "V3"}
    players = {
        n: PlayerFactory(display_name=f"P{n}", player_number=f"WM-{n}", home_venue=venues[v])
        for n, v in home.items()
    }
    players[107].referred_by = players[101]
    players[107].save()
    players[112].referred_by = players[110]
    players[112].save()
    events = {}
    for name, day, venue, ranking, dq in SUPER_LIGA:
        events[name] = play_round_robin(
            name=name, venue=venues[venue], date=D[day], ranking=[players[n] for n in ranking],
            disqualified=[players[n] for n in dq],
        )
    e12 = events["e12"]
    Event.objects.filter(pk=e12.pk).update(podium_first=e12.podium_second_id, podium_second=e12.podium_first_id)
    correction = services.event_points_post(event=e12, by=organizer)
    events["e20"] = play_round_robin(
        name="e20", venue=None, date=datetime.date(2024, 3, 6), kind=EventKind.VIRTUAL,
        ranking=[players[n] for n in (106, 111, 101, 108, 110)],
    )
    events["e21"] = play_round_robin(
        name="e21", venue=venues["V3"], date=datetime.date(2024, 3, 9), kind=EventKind.BREEDER_QUEST,
        ranking=[players[n] for n in (111, 103, 112)],
    )
    services.badge_award(season=season, player=players[111], badge="out_of_province",
                         reason="Breeder Quest 2024-03-09, 1.er puesto", by=organizer, event=events["e21"])
    for n in (101, 110):
        services.collection_confirm(season=season, player=players[n], by=organizer)
    Season.objects.filter(pk=season.pk).update(attendance_target=5, closed=True)
    season.refresh_from_db()
    return {"season": season, "events": events, "players": players, "correction": correction}


def rows(table):
    return [(r.rank, r.display_name, r.points) for r in table]


def test_golden_tables(season):
    """R-000-36..38, R-000-48, R-000-49, R-000-55; DESIGN 7, 8, 10; ambiguity 15."""
    s = season["season"]

    assert rows(selectors.season_table(s)) == [
        (1, "P110", 23), (2, "P101", 22), (3, "P111", 13), (4, "P102", 11),
        (5, "P107", 10), (5, "P108", 10), (7, "P109", 9),
        (8, "P103", 8), (8, "P104", 8), (8, "P105", 8), (8, "P112", 8), (12, "P106", 4),
    ]
    assert {t.venue: rows(t.rows) for t in selectors.season_venue_tables(s)} == {
        "Sede Palermo": [(1, "P101", 22), (2, "P102", 11), (3, "P107", 10),
                         (4, "P103", 8), (4, "P104", 8), (4, "P105", 8), (7, "P106", 4)],
        "Sede La Plata": [(1, "P108", 10), (2, "P109", 9)],
        "Sede Córdoba Centro": [(1, "P110", 23), (2, "P111", 13), (3, "P112", 8)],
    }
    assert rows(selectors.all_time_ranking(game=s.game)) == [
        (1, "P101", 24), (1, "P110", 24), (3, "P111", 16), (4, "P102", 11), (4, "P108", 11),
        (6, "P107", 10), (7, "P109", 9),
        (8, "P103", 8), (8, "P104", 8), (8, "P105", 8), (8, "P106", 8), (8, "P112", 8),
    ]
    national = {r.display_name: r for r in selectors.season_table(s)}
    assert national["P110"].dates_played == 4  # D2 at two venues counts once
    assert national["P107"].tied and not national["P110"].tied


def test_golden_ledger_correction_and_breeder_quest(season):
    """Issue #8 item 2: e12's swapped final is 2 reversals and 2 new entries
    in each scope (8 rows); the Breeder Quest posted nothing."""
    assert season["correction"] == 8
    e12 = season["events"]["e12"]
    reversals = LedgerEntry.objects.filter(event=e12, reason=LedgerReason.REVERSAL).select_related("player", "reverses")
    assert sorted((r.player.display_name, r.reverses.reason, r.points, r.scope) for r in reversals) == [
        ("P108", "podium_2", -2, "all_time"), ("P108", "podium_2", -2, "season"),
        ("P109", "podium_1", -3, "all_time"), ("P109", "podium_1", -3, "season"),
    ]
    assert not LedgerEntry.objects.filter(event=season["events"]["e21"]).exists()
    assert sum(LedgerEntry.objects.filter(scope="season").values_list("points", flat=True)) == 134
    assert sum(LedgerEntry.objects.filter(scope="all_time").values_list("points", flat=True)) == 145


def test_golden_badges(season):
    """R-000-40..46, R-000-48, R-000-51; DESIGN 8, 14; ambiguities 15, 17, 18."""
    badge_rows = selectors.season_badge_rows(season["season"])

    earned = {r.display_name: {b.number for b in r.badges.earned} for r in badge_rows}
    assert earned == {
        "P101": {1, 2, 3, 4, 5, 6}, "P102": {5}, "P103": {5}, "P104": {5}, "P105": {5}, "P106": set(),
        "P107": {1, 5}, "P108": {5}, "P109": {5}, "P110": {4, 5}, "P111": {2, 5}, "P112": {5},
    }
    labels = {r.display_name: [b.label for b in r.badges.badges] for r in badge_rows}
    assert labels["P110"] == [
        "4/5 fechas",
        "2/3 fechas en otra provincia",
        "4/6 fechas de tu jugador nuevo",
        "Colección confirmada",
        "Puesto 1 en tu sede",
        "2/5 insignias",
    ]
    assert labels["P111"][1] == (
        "0/3 fechas en otra provincia · otorgada: Breeder Quest 2024-03-09, 1.er puesto"
    )


def test_golden_qualification_and_prizes(season):
    """R-000-35, R-000-45, R-000-47, R-000-59; ambiguity 15."""
    s = Season.objects.select_related("game").get(pk=season["season"].pk)  # a copy: the test edits it
    q = selectors.qualification(s)

    assert [(v.venue, [n for _, n in v.qualified]) for v in q.la_final] == [
        ("Sede Córdoba Centro", ["P110"]), ("Sede La Plata", ["P108"]), ("Sede Palermo", ["P101"]),
    ]
    assert [(v.venue, [n for _, n in v.qualified]) for v in q.nacional_by_venue] == [
        ("Sede Córdoba Centro", ["P110", "P111"]), ("Sede La Plata", ["P108", "P109"]),
        ("Sede Palermo", ["P101", "P102"]),
    ]
    assert [n for _, n in q.nacional_by_badges] == ["P101"]
    assert [n for _, n in q.nacional_direct] == ["P101", "P102", "P108", "P109", "P110", "P111"]

    Season.objects.filter(pk=s.pk).update(nacional_quota=4)
    s.refresh_from_db()
    palermo = next(v for v in selectors.qualification(s).nacional_by_venue if v.venue == "Sede Palermo")
    assert [n for _, n in palermo.qualified] == ["P101", "P102", "P107"]
    assert ([n for _, n in palermo.contested], palermo.open_seats) == (["P103", "P104", "P105"], 1)

    prizes = selectors.prizes(s)
    assert sum(len(g.players) for g in prizes.packs) == 46
    promos = {(g.month, n) for g in prizes.promos for _, n in g.players}
    assert promos == {
        (2, "P101"), (4, "P101"), (2, "P102"), (4, "P103"), (3, "P105"),
        (2, "P107"), (3, "P107"), (4, "P107"), (2, "P110"), (4, "P111"), (4, "P112"),
    }
