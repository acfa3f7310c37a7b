"""Migration 0035 moves both table families onto one table model (issue #24 point 1).

Two events are stored on the schema before 0035 exactly as the old code left
them — a Weed Monsters Swiss of four players with a bye-free round 1, a
correction history, both players' reports and a penalty and a ruling at a
table; a stoner-points event of six players in two pods with a corrected
place and every seat's report — then the database is migrated and what the
new code reads is compared with values worked out by hand from those rows:
seats and scores, entry histories, reports and their history, the penalty's
and the ruling's table, and the standings and podium each format computes.

Hand derivation (duels, 000_0014b2ac83da54b4.txt § "Puntaje total", R-000-64):
round 1 Ana 2-0 Beto, Caro 2-1 Dani (the first entry said 2-0, corrected to
2-1). Points: Ana 1, Caro 1, Beto 0, Dani 0. Buchholz (opponents' points):
Ana 0 (Beto), Caro 0 (Dani), Beto 1 (Ana), Dani 1 (Caro).
Pods (004_4a3d59c736a1e8f3.txt § "1 Objetivo"): pod 1 Eva 1st, Fede 2nd, Gabi 3rd; pod 2 Hugo 1st
(after a correction from 2nd), Ines 2nd, Juan 3rd; the event's placement
points 3/2/1 give Eva and Hugo 3, Fede and Ines 2, Gabi and Juan 1.
"""
from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments.formats import format_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

BEFORE = [("tournaments", "0034_player_search_name")]
AFTER = [("tournaments", "0035_one_table_model")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _old_world(apps):
    """Both events on the old schema; returns the ids the assertions need."""
    Game = apps.get_model("rules", "Game")
    User = apps.get_model("auth", "User")
    Player = apps.get_model("tournaments", "Player")
    Event = apps.get_model("tournaments", "Event")
    Registration = apps.get_model("tournaments", "Registration")
    Round = apps.get_model("tournaments", "Round")
    Match = apps.get_model("tournaments", "Match")
    ResultEntry = apps.get_model("tournaments", "ResultEntry")
    MatchReport = apps.get_model("tournaments", "MatchReport")
    HistoricalMatchReport = apps.get_model("tournaments", "HistoricalMatchReport")
    Penalty = apps.get_model("tournaments", "Penalty")
    MatchRuling = apps.get_model("tournaments", "MatchRuling")
    PodTable = apps.get_model("tournaments", "PodTable")
    PodSeat = apps.get_model("tournaments", "PodSeat")
    PodResultEntry = apps.get_model("tournaments", "PodResultEntry")
    PodReport = apps.get_model("tournaments", "PodReport")
    HistoricalPodReport = apps.get_model("tournaments", "HistoricalPodReport")

    judge = User.objects.create(username="juez-migracion")
    ids = {"judge": judge.pk}

    def registrations(event, names):
        out = {}
        for order, name in enumerate(names, start=1):
            player = Player.objects.create(display_name=name, player_number=f"MIG-{event.pk}-{order}",
                                           search_name=name.lower())
            out[name] = Registration.objects.create(event=event, player=player, draw_order=order)
        return out

    weed = Game.objects.get(key="weed_monsters")
    duels = Event.objects.create(name="Migración duelos", game=weed, date=dt.date(2026, 11, 7), format="duels",
                                 state="in_progress", planned_rounds=2, seed=7)
    regs = registrations(duels, ["Ana", "Beto", "Caro", "Dani"])
    ids["duels"] = duels.pk
    ids["duel_regs"] = {name: reg.pk for name, reg in regs.items()}
    rnd = Round.objects.create(event=duels, number=1, state="closed")
    m1 = Match.objects.create(round=rnd, table_number=1, player_a=regs["Ana"], player_b=regs["Beto"], games_a=2,
                              games_b=0, outcome="a_wins", status="confirmed", version=1)
    m2 = Match.objects.create(round=rnd, table_number=2, player_a=regs["Caro"], player_b=regs["Dani"], games_a=2,
                              games_b=1, outcome="a_wins", status="confirmed", version=2, went_to_time=True,
                              rematch=True, how_b="played")
    ids["m1"], ids["m2"] = m1.pk, m2.pk
    ResultEntry.objects.create(match=m1, version=1, games_a=2, games_b=0, games_drawn=0, outcome="a_wins",
                               entered_by=judge, source="players")
    ResultEntry.objects.create(match=m2, version=1, games_a=2, games_b=0, games_drawn=0, outcome="a_wins",
                               entered_by=judge, minutes_late_b=7)
    ResultEntry.objects.create(match=m2, version=2, games_a=2, games_b=1, games_drawn=0, outcome="a_wins",
                               went_to_time=True, entered_by=judge, note="corregido")
    for reg in (regs["Ana"], regs["Beto"]):
        report = MatchReport.objects.create(match=m1, registration=reg, games_a=2, games_b=0, locked=True)
        HistoricalMatchReport.objects.create(
            id=report.pk, match_id=m1.pk, registration_id=reg.pk, games_a=2, games_b=0, games_drawn=0,
            intentional_draw=False, went_to_time=False, locked=False, created_at=report.created_at,
            updated_at=report.updated_at, history_date=report.created_at, history_type="+")
    penalty = Penalty.objects.create(event=duels, registration=regs["Dani"], round=rnd, match=m2,
                                     infraction_code="tardiness", penalty_type="game_loss", original_type="game_loss",
                                     message="Llegó 7 minutos tarde", source="000 § 10.1")
    ruling = MatchRuling.objects.create(match=m2, registration=regs["Caro"], ruling_id="R-000-27")
    ids["penalty"], ids["ruling"] = penalty.pk, ruling.pk

    stoner = Game.objects.get(key="stoner_points")
    pods = Event.objects.create(name="Migración mesas", game=stoner, date=dt.date(2026, 11, 8), format="pods",
                                state="in_progress", planned_rounds=2, seed=9, pod_points_mode="table",
                                placement_points={"1": 3, "2": 2, "3": 1})
    pregs = registrations(pods, ["Eva", "Fede", "Gabi", "Hugo", "Ines", "Juan"])
    ids["pods"] = pods.pk
    ids["pod_regs"] = {name: reg.pk for name, reg in pregs.items()}
    prnd = Round.objects.create(event=pods, number=1, state="closed")
    ids["pod_tables"] = {}
    lines = {1: [("Eva", 1, 21), ("Fede", 2, 15), ("Gabi", 3, 8)], 2: [("Hugo", 1, 20), ("Ines", 2, 18),
                                                                       ("Juan", 3, 4)]}
    for number, seated in lines.items():
        pod = PodTable.objects.create(round=prnd, table_number=number, status="confirmed",
                                      version=2 if number == 2 else 1, repeats=number - 1)
        ids["pod_tables"][number] = pod.pk
        for seat, (name, place, score) in enumerate(seated, start=1):
            PodSeat.objects.create(pod=pod, registration=pregs[name], seat=seat, place=place, score=score)
        final = [[pregs[name].pk, place, score] for name, place, score in seated]
        if number == 2:
            first = [[pregs["Ines"].pk, 1, 20], [pregs["Hugo"].pk, 2, 18], [pregs["Juan"].pk, 3, 4]]
            PodResultEntry.objects.create(pod=pod, version=1, placements=first, entered_by=judge)
            PodResultEntry.objects.create(pod=pod, version=2, placements=final, entered_by=judge)
        else:
            PodResultEntry.objects.create(pod=pod, version=1, placements=final, entered_by=judge, source="players")
            for name, _place, _score in seated:
                report = PodReport.objects.create(pod=pod, registration=pregs[name], placements=sorted(final),
                                                  locked=True)
                HistoricalPodReport.objects.create(
                    id=report.pk, pod_id=pod.pk, registration_id=pregs[name].pk, placements=sorted(final),
                    ended_by_time=False, locked=False, created_at=report.created_at, updated_at=report.updated_at,
                    history_date=report.created_at, history_type="+")
    return ids


def test_both_families_move_onto_one_table_model_and_read_the_same():
    old_apps = _migrate(BEFORE)
    ids = _old_world(old_apps)
    _migrate(AFTER)
    _migrate(_latest())

    from django.contrib.auth.models import Group

    from tournaments.models import Event, MatchRuling, Penalty, ResultEntry, Table, TableReport

    # Migration 0003 gave judges change/view on matches: they keep it on tables and their seats.
    judge_can = set(Group.objects.get(name="Juez").permissions.filter(
        content_type__model__in=["table", "seat"]).values_list("codename", flat=True))
    assert judge_can == {"change_table", "view_table", "change_seat", "view_seat"}

    r = ids["duel_regs"]
    m1, m2 = Table.objects.get(pk=ids["m1"]), Table.objects.get(pk=ids["m2"])
    # Matches keep their ids; seat 1 is player A.
    assert [(s.registration_id, s.seat, s.games, s.how) for s in m1.seat_list] == [
        (r["Ana"], 1, 2, "played"), (r["Beto"], 2, 0, "played")]
    assert (m2.player_a_id, m2.player_b_id, m2.games_a, m2.games_b, m2.went_to_time, m2.repeats, m2.version) == (
        r["Caro"], r["Dani"], 2, 1, True, 1, 2)
    history = [(e.version, e.games_a, e.games_b, e.minutes_late_b, e.note, e.entered_by_id)
               for e in ResultEntry.objects.filter(table=m2).order_by("version")]
    assert history == [(1, 2, 0, 7, "", ids["judge"]), (2, 2, 1, None, "corregido", ids["judge"])]
    assert ResultEntry.objects.get(table=m1).source == "players"
    reports = TableReport.objects.filter(table=m1).order_by("registration_id")
    assert [(rep.registration_id, rep.games_a, rep.games_b, rep.locked) for rep in reports] == [
        (r["Ana"], 2, 0, True), (r["Beto"], 2, 0, True)]
    assert reports[0].key() == reports[1].key()
    assert [h.seats for h in TableReport.history.filter(table_id=m1.pk)] != []
    assert Penalty.objects.get(pk=ids["penalty"]).match_id == m2.pk
    assert MatchRuling.objects.get(pk=ids["ruling"]).match_id == m2.pk

    duels = Event.objects.get(pk=ids["duels"])
    standings = {row.registration_id: (row.match_points, row.buchholz) for row in format_for(duels).standings(duels)}
    assert standings == {r["Ana"]: (1.0, 0.0), r["Caro"]: (1.0, 0.0), r["Beto"]: (0.0, 1.0), r["Dani"]: (0.0, 1.0)}

    p = ids["pod_regs"]
    pods = Event.objects.get(pk=ids["pods"])
    tables = {t.table_number: t for t in Table.objects.filter(round__event=pods)}
    assert sorted(tables) == [1, 2]
    assert [(s.registration_id, s.place, s.score) for s in tables[1].seat_list] == [
        (p["Eva"], 1, 21), (p["Fede"], 2, 15), (p["Gabi"], 3, 8)]
    assert (tables[2].version, tables[2].repeats, tables[2].status) == (2, 1, "confirmed")
    pod_history = [e.placements for e in ResultEntry.objects.filter(table=tables[2]).order_by("version")]
    assert pod_history == [
        [[p["Hugo"], 2, 18], [p["Ines"], 1, 20], [p["Juan"], 3, 4]],
        [[p["Hugo"], 1, 20], [p["Ines"], 2, 18], [p["Juan"], 3, 4]],
    ]
    pod_reports = TableReport.objects.filter(table=tables[1])
    assert {rep.registration_id for rep in pod_reports} == {p["Eva"], p["Fede"], p["Gabi"]}
    assert {rep.key() for rep in pod_reports} == {pod_reports[0].key()}
    assert sorted(pod_reports[0].placements) == [[p["Eva"], 1, 21], [p["Fede"], 2, 15], [p["Gabi"], 3, 8]]
    assert TableReport.history.filter(table_id=tables[1].pk).count() == 3
    rows = {row.player_id: row for row in format_for(pods).standings(pods)}
    # The event's placement points: 1st 3, 2nd 2, 3rd 1.
    assert [rows[p[name]].points for name in ("Eva", "Fede", "Gabi", "Hugo", "Ines", "Juan")] == [3, 2, 1, 3, 2, 1]
    assert [rows[p[name]].secondary_score for name in ("Eva", "Hugo", "Juan")] == [21, 20, 4]


def _latest():
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    return executor.loader.graph.leaf_nodes()
