"""A no-show earns nothing by any path (issue #25): one Super Liga date, every way to enter absence.

The date: Sede Palermo (Buenos Aires), four checked-in players, one round.
Ana (Buenos Aires) is paired with Caro (Buenos Aires), Beto (Córdoba) with
Dani (Córdoba). Caro (the local) and Dani (travelling from Córdoba) never
come to their tables; each path below enters that absence, both are dropped
and the event is finished. Ana and Beto win 2-0 and tie on everything
(1 match point, Buchholz 0, game difference +2), so the recorded draw puts
Ana first (draw order 1) and Beto second (draw order 2); the dropped players
are off the podium (no active player is left for 3rd).

Hand count from 000_0014b2ac83da54b4.txt § "Super Liga" (participation +1,
"Participación en una sede fuera de tu provincia" +2, podium +3/+2/+1) and
DESIGN.md decisions 7 and 15 (participation needs presence):

- Ana: 1 (participation) + 3 (1st) = 4 season points, 4 all-time, one date mark;
- Beto: 1 + 2 (Córdoba at a Buenos Aires venue) + 2 (2nd) = 5 and 5, one date mark
  (one toward badge 2, dates in another province);
- Caro: 0 and 0, no date mark; Dani: 0 and 0 (no +2 either), no date mark.

Clauses: R-000-36 (participation points), R-000-37 (podium points),
R-000-40 and R-000-41 (date marks of badges 1 and 2), R-000-77 (more than
10 minutes late loses the round 2-0).
"""
from __future__ import annotations

import datetime
import json

import pytest

from leagues import adapters, selectors
from leagues.enums import LedgerScope
from leagues.models import LedgerEntry, Season
from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory, game
from tests.factories.day import game_seats
from tests.tournaments.exchange_helpers import publish
from tournaments import penalties, services
from tournaments.enums import SeatOutcomeHow
from tournaments.errors import IllegalResult, StateError
from tournaments.exchange import fileformat, service
from tournaments.models import Event, EventLogEntry, Registration, ResultEntry, Seat, Table

from .helpers import create_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

BA, CBA = "Buenos Aires", "Córdoba"
DATE = datetime.date(2024, 2, 3)

#: The hand count of the module docstring: {name: (season points, all-time points)}.
EXPECTED_POINTS = {"Ana": (4, 4), "Beto": (5, 5)}
#: Date marks: {name: (badge 1 attendance, badge 2 dates in another province)}.
EXPECTED_MARKS = {"Ana": (1, 0), "Beto": (1, 1), "Caro": (0, 0), "Dani": (0, 0)}

ABSENT, LATE, PLAYED = SeatOutcomeHow.ABSENT, SeatOutcomeHow.LATE, SeatOutcomeHow.PLAYED


class Date:
    """The paired date: ``regs`` and ``matches`` by name (the match by the name of its absent player)."""

    def __init__(self) -> None:
        palermo = VenueFactory(name="Sede Palermo", province=BA)
        cordoba = VenueFactory(name="Sede Córdoba Centro", province=CBA)
        homes = {"Ana": palermo, "Beto": cordoba, "Caro": palermo, "Dani": cordoba}
        self.players = {n: PlayerFactory(display_name=n, home_venue=v) for n, v in homes.items()}
        self.event = create_event(name="Fecha 1", venue=palermo, date=DATE, rounds=1)
        services.registration_open(event=self.event)
        self.regs = {n: services.registration_create(event=self.event, player=p, checked_in=True)
                     for n, p in self.players.items()}
        services.registration_close(event=self.event)
        for order, name in enumerate(("Ana", "Beto", "Caro", "Dani"), start=1):
            Registration.objects.filter(pk=self.regs[name].pk).update(draw_order=order)
        rnd = services.round_pair_manual(
            event=self.event, pairings=[(self.regs["Ana"], self.regs["Caro"]), (self.regs["Beto"], self.regs["Dani"])])
        by_a = {m.player_a_id: m for m in rnd.tables.all()}
        self.matches = {"Caro": by_a[self.regs["Ana"].pk], "Dani": by_a[self.regs["Beto"].pk]}

    def drop_absent(self) -> None:
        for name in ("Caro", "Dani"):
            if not Registration.objects.get(pk=self.regs[name].pk).dropped:
                services.registration_drop(registration=self.regs[name])

    def finish(self) -> Event:
        self.drop_absent()
        return services.event_finish(event=self.event)


def league_points(event: Event) -> dict[str, tuple[int, int]]:
    """``{name: (season, all-time)}`` live points of ``event``, players with points only."""
    totals: dict[str, list[int]] = {}
    for e in LedgerEntry.objects.filter(event=event).select_related("player"):
        row = totals.setdefault(e.player.display_name, [0, 0])
        row[0 if e.scope == LedgerScope.SEASON else 1] += e.points
    return {name: tuple(row) for name, row in totals.items() if any(row)}


def date_marks(event: Event, players) -> dict[str, tuple[int, int]]:
    """``{name: (attendance, out of province)}`` badge progress after ``event``'s date."""
    season = Season.objects.get(year=2024, game__key="weed_monsters")
    marks = {}
    for name, player in players.items():
        badges = selectors.player_badges(season, player)
        marks[name] = ((badges.get("attendance").current, badges.get("out_of_province").current)
                       if badges else (0, 0))
    appearances = {a.player_id for a in adapters.season_appearances(season) if a.event_id == event.pk}
    assert appearances == {players["Ana"].pk, players["Beto"].pk}
    return marks


def assert_no_show_earns_nothing(date: Date, event: Event) -> None:
    assert league_points(event) == EXPECTED_POINTS
    assert date_marks(event, date.players) == EXPECTED_MARKS
    assert not LedgerEntry.objects.filter(event=event, player__display_name__in=["Caro", "Dani"]).exists()


def seats(match: Table) -> tuple[str, str, str, str]:
    """The match's and its latest entry's seat outcomes: ``(how_a, how_b, entry how_a, entry how_b)``."""
    match = Table.objects.get(pk=match.pk)
    entry = ResultEntry.objects.filter(table=match).order_by("-version").first()
    return match.how_a, match.how_b, entry.how_a, entry.how_b


# --------------------------------------------------------------------------- the result form


def test_result_form_fifteen_minutes_late_earns_nothing():
    """R-000-77: 15 minutes late (more than 10) loses 0-2 and is a loss by absence (DESIGN 15)."""
    date = Date()
    for match in date.matches.values():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0, "minutes_late": 15}])
    assert seats(date.matches["Caro"]) == (PLAYED, LATE, PLAYED, LATE)
    assert_no_show_earns_nothing(date, date.finish())


def test_result_form_absent_player_earns_nothing():
    """An entry that names the absent player: the one present wins 2-0 (000 § "10.1. Desarrollo de las
    Rondas Suizas": "se le dará por ganada la ronda al Breeder presente con un resultado de 2-0")."""
    date = Date()
    for match in date.matches.values():
        services.table_result_record(table=match, seats=[{"games": 0}, {"games": 0, "how": ABSENT}])
    match = Table.objects.get(pk=date.matches["Dani"].pk)
    assert (match.games_a, match.games_b, match.outcome) == (2, 0, "a_wins")
    assert seats(match) == (PLAYED, ABSENT, PLAYED, ABSENT)
    assert_no_show_earns_nothing(date, date.finish())


def test_result_form_refuses_an_absent_player_who_won():
    """Bad input: a player who lost by tardiness cannot have won 2-0; nothing is written."""
    date = Date()
    match = date.matches["Caro"]
    with pytest.raises(IllegalResult) as exc:
        services.table_result_record(table=match, seats=[{"games": 2, "how": "late"}, {"games": 0}])
    assert exc.value.code == "seat_how_not_a_loss"
    assert str(exc.value) == "Un jugador que perdió por demora no puede ganar ni empatar el match."
    assert Table.objects.get(pk=match.pk).version == 0


# --------------------------------------------------------------------------- penalties


def test_tardiness_penalty_of_fifteen_minutes_earns_nothing():
    """The issue's case: penalty_issue(tardiness, 15 minutes) makes the match 2-0 and now also records
    the seat as late with its minutes, so the drop and the finish leave the no-shows with nothing."""
    date = Date()
    for name in ("Caro", "Dani"):
        penalties.penalty_issue(registration=date.regs[name], infraction_code="tardiness", minutes_late=15)
    match = Table.objects.get(pk=date.matches["Caro"].pk)
    assert (match.games_a, match.games_b) == (2, 0)
    assert seats(match) == (PLAYED, LATE, PLAYED, LATE)
    assert ResultEntry.objects.filter(table=match).get().minutes_late_b == 15
    assert_no_show_earns_nothing(date, date.finish())


def test_no_show_penalty_earns_nothing():
    """The no-show infraction (000 § "10.1": absent past both 5-minute marks) loses the round 0-2, absent."""
    date = Date()
    for name in ("Caro", "Dani"):
        penalty = penalties.penalty_issue(registration=date.regs[name], infraction_code="no_show")
        assert (penalty.penalty_type, penalty.consequences, penalty.counts_as_warning) == (
            "match_loss", ["lose_match_0_2"], False)
    match = Table.objects.get(pk=date.matches["Dani"].pk)
    assert (match.games_a, match.games_b) == (2, 0)
    assert seats(match) == (PLAYED, ABSENT, PLAYED, ABSENT)
    assert_no_show_earns_nothing(date, date.finish())


def test_a_player_who_lost_to_a_penalty_before_playing_still_takes_part():
    """DESIGN 10: a player disqualified keeps the participation points. Caro is at her table and is
    disqualified (deck size, 000 § "10.2.5. Cartas") before game 1: her seat is "penalty", not an
    absence, so she keeps 1 participation point (local, no podium); Dani's tardiness stays an absence.
    Hand count: Ana 4/4, Beto 5/5 as before, Caro 1 season + 1 all-time."""
    date = Date()
    penalties.penalty_issue(registration=date.regs["Caro"], infraction_code="deck_size", deck_count=58)
    penalties.penalty_issue(registration=date.regs["Dani"], infraction_code="tardiness", minutes_late=15)
    assert seats(date.matches["Caro"]) == (PLAYED, SeatOutcomeHow.PENALTY, PLAYED, SeatOutcomeHow.PENALTY)
    event = date.finish()
    assert league_points(event) == {**EXPECTED_POINTS, "Caro": (1, 1)}


# --------------------------------------------------------------------------- drops


def test_drop_before_the_table_started_earns_nothing():
    """Caro and Dani leave before their tables started: each table is lost by absence (2-0)."""
    date = Date()
    for name in ("Caro", "Dani"):
        services.registration_drop(registration=date.regs[name], before_table=True)
    match = Table.objects.get(pk=date.matches["Caro"].pk)
    assert (match.games_a, match.games_b, match.status) == (2, 0, "reported")
    assert seats(match) == (PLAYED, ABSENT, PLAYED, ABSENT)
    log = EventLogEntry.objects.filter(event=date.event, action="registration_drop").order_by("pk").last()
    assert log.after == {"dropped": True, "after_round": 1, "before_table": True}
    assert_no_show_earns_nothing(date, date.finish())


def test_the_organizers_drop_without_playing_button_earns_nothing(client):
    """The same drop from the event page: «Abandonar sin jugar su mesa» on Caro's and Dani's rows."""
    from django.contrib.auth.models import Group
    from django.urls import reverse

    date = Date()
    organizer = UserFactory(username="org_palermo", is_staff=True)
    organizer.groups.add(Group.objects.get(name="Organizador"))
    date.event.venue.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(reverse("admin:tournaments_event_change", args=[date.event.pk])).content.decode()
    assert page.count("Abandonar sin jugar su mesa") == 4  # one per active player of the open round
    for name in ("Caro", "Dani"):
        url = reverse("admin:tournaments_event_registration_action",
                      args=[date.event.pk, date.regs[name].pk, "abandono-sin-jugar"])
        client.post(url, {"registration": date.regs[name].pk})
    assert seats(date.matches["Caro"]) == (PLAYED, ABSENT, PLAYED, ABSENT)
    assert_no_show_earns_nothing(date, date.finish())


def test_both_players_dropping_before_their_table_is_a_double_loss():
    """Both absent (RULES-TRACE ambiguity 10): Caro, then Ana, leave before their table started; the
    second drop turns the table into a double loss and neither earns anything. Dani beats Beto 2-0 at
    the other table, then drops (after playing).
    Hand count: Beto is the only active player → 1st, 2nd and 3rd vacant. Beto 1 + 2 (Córdoba at a
    Buenos Aires venue) + 3 = 6; Dani played, so 1 + 2 = 3 and no podium (dropped); Ana and Caro 0."""
    date = Date()
    services.table_result_record(table=date.matches["Dani"], seats=[{"games": 0}, {"games": 2}])
    services.registration_drop(registration=date.regs["Caro"], before_table=True)
    services.registration_drop(registration=date.regs["Ana"], before_table=True)
    match = Table.objects.get(pk=date.matches["Caro"].pk)
    assert (match.outcome, match.how_a, match.how_b) == ("double_loss", ABSENT, ABSENT)
    services.registration_drop(registration=date.regs["Dani"])
    event = services.event_finish(event=date.event)
    assert league_points(event) == {"Beto": (6, 6), "Dani": (3, 3)}


def test_drop_before_the_table_refuses_a_table_with_a_result():
    date = Date()
    services.table_result_record(table=date.matches["Caro"], seats=[{"games": 2}, {"games": 1}])
    with pytest.raises(StateError) as exc:
        services.registration_drop(registration=date.regs["Caro"], before_table=True)
    assert exc.value.code == "table_started"
    assert "ya tiene resultado" in str(exc.value)
    assert Registration.objects.get(pk=date.regs["Caro"].pk).dropped is False


# --------------------------------------------------------------------------- the event file


def _file_of_the_tardiness_date() -> tuple[Date, dict]:
    """The tardiness-penalty date, finished, written to its event file and forgotten by this database
    (as if the file reached the national server)."""
    date = Date()
    for name in ("Caro", "Dani"):
        penalties.penalty_issue(registration=date.regs[name], infraction_code="tardiness", minutes_late=15)
    event = date.finish()
    doc = json.loads(fileformat.dumps(fileformat.event_export(event)))
    service._delete_children(event)
    Event.objects.filter(pk=event.pk).delete()
    return date, doc


def test_event_file_carries_the_seat_outcome_and_the_import_reads_it():
    date, doc = _file_of_the_tardiness_date()
    match = next(m for m in doc["rounds"][0]["matches"] if m["player_a"] == date.players["Ana"].player_number)
    assert (match["how_a"], match["how_b"], match["entries"][0]["how_b"]) == ("played", "late", "late")
    imported = publish(doc).event
    assert_no_show_earns_nothing(date, imported)


def test_old_event_file_without_seat_outcomes_is_derived_from_its_penalties():
    """A file written before the field (when a tardiness penalty stored no minutes with the result):
    the entries a tardiness penalty that cost the match wrote are read as late."""
    date, doc = _file_of_the_tardiness_date()
    for m in doc["rounds"][0]["matches"]:
        for row in (m, *m["entries"]):
            row.pop("how_a"), row.pop("how_b")
        for entry in m["entries"]:
            entry["minutes_late_a"] = entry["minutes_late_b"] = None
    imported = publish(doc).event
    assert {(m.how_a, m.how_b) for m in Table.objects.filter(round__event=imported)} == {(PLAYED, LATE)}
    assert_no_show_earns_nothing(date, imported)


def test_event_file_with_an_absent_winner_is_refused():
    date, doc = _file_of_the_tardiness_date()
    match = doc["rounds"][0]["matches"][0]
    match["entries"][0]["how_a"] = "absent"  # player A won 2-0
    with pytest.raises(service.ImportRefused) as exc:
        publish(doc)
    assert exc.value.problems == [
        "rounds[0].matches[0].entries[0]: Un jugador ausente no puede ganar ni empatar el match."]
    assert not Event.objects.filter(uid=doc["event"]["uid"]).exists()


# --------------------------------------------------------------------------- pods


def test_pod_seats_of_no_shows_earn_nothing():
    """The same date as a stoner-points pod of four (004_4a3d59c736a1e8f3.txt § "1 Objetivo"; pods
    by default for that game, DESIGN 22). Caro leaves before the pod started (her seat is marked
    absent by the drop); the judge enters Dani as absent with the places: Ana 1st (20 stoner
    points), Beto 2nd (15), Caro and Dani tied 3rd (0). Both are dropped, the event finished.
    Podium among active players: Ana, Beto (the same hand count as the duels): Ana 1 + 3 = 4,
    Beto 1 + 2 + 2 = 5; Caro and Dani nothing."""
    palermo = VenueFactory(name="Sede Palermo", province=BA)
    cordoba = VenueFactory(name="Sede Córdoba Centro", province=CBA)
    homes = {"Ana": palermo, "Beto": cordoba, "Caro": palermo, "Dani": cordoba}
    event = EventFactory(name="Fecha stoner", game=game("stoner_points"), venue=palermo, date=DATE, best_of=1,
                         cut_size=0, planned_rounds=1)
    services.registration_open(event=event)
    regs = {n: services.registration_create(event=event, player=PlayerFactory(display_name=n, home_venue=v),
                                            checked_in=True) for n, v in homes.items()}
    services.registration_close(event=event)
    pod = services.round_pair_next(event=Event.objects.get(pk=event.pk)).tables.get()
    services.registration_drop(registration=regs["Caro"], before_table=True)
    assert Seat.objects.get(table=pod, registration=regs["Caro"]).how == ABSENT
    places = {"Ana": (1, 20), "Beto": (2, 15), "Caro": (3, 0), "Dani": (3, 0)}
    services.table_result_record(
        table=pod,
        seats=[{"registration": regs[n].pk, "place": p, "score": s,
                "how": "absent" if n in ("Caro", "Dani") else "played"} for n, (p, s) in places.items()],
    )
    assert dict(Seat.objects.filter(table=pod).values_list("registration__player__display_name", "how")) == {
        "Ana": PLAYED, "Beto": PLAYED, "Caro": ABSENT, "Dani": ABSENT}
    services.registration_drop(registration=regs["Dani"])
    event = services.event_finish(event=event)
    assert league_points(event) == EXPECTED_POINTS
    registrations, took_part = adapters.event_participants(event)
    assert {registrations[rid].player.display_name for rid in took_part} == {"Ana", "Beto"}


# --------------------------------------------------------------------------- corrections


def test_correcting_a_finished_date_to_absent_takes_the_points_back():
    """DESIGN 16: a correction at any time; league points follow as a difference. The date is first
    entered as played (Ana 2-0 Caro, Beto 2-0 Dani), so Caro and Dani take part: Caro 1 (local),
    Dani 1 + 2 (Córdoba). After the event, the organizer corrects both tables to absent: Caro and
    Dani go back to 0 and lose their date mark; Ana and Beto keep 4 and 5."""
    date = Date()
    for match in date.matches.values():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    event = date.finish()
    assert league_points(event) == {**EXPECTED_POINTS, "Caro": (1, 1), "Dani": (3, 3)}
    organizer = UserFactory(username="organiza", is_superuser=True, is_staff=True)
    for match in date.matches.values():
        services.table_result_correct(table=match, seats=game_seats(match, 0, 0, how_b=ABSENT), by=organizer,
                                      reason="No se presentó; la planilla se cargó como jugada.")
    assert seats(date.matches["Dani"]) == (PLAYED, ABSENT, PLAYED, ABSENT)
    # The ledger keeps the first entries and adds their reversals: the live points are what count.
    assert league_points(event) == EXPECTED_POINTS
    assert date_marks(event, date.players) == EXPECTED_MARKS
