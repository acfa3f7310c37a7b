"""The contract every registered format keeps, tested for each one in :data:`tournaments.formats.FORMATS`.

For each format, the hand-derived case of :mod:`tests.tournaments.formats_cases`
is played through the services: registration, every round (the top cut
when the format plays one), a player dropped, the podium, then a closed
round's result corrected by an organizer. Then the final standings and the
podium must equal the hand-derived ones, and every page that shows the
event must answer and show them: the public pages (event, rounds,
standings, each player, bracket, clock), the judge pages, the API
(event, standings, each round's pairings, each player's results), the
round's PDFs read back with pypdf and the standings CSV.

The suite is parametrised over the registry, so a format registered
tomorrow is tested the day it exists — and fails until its case is
written. Results are entered and corrected through the service of the
format's table family (``EventFormat.table_results``), never by the format's key.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(rounds, top cut and podium, R-000-75, R-000-80); DESIGN.md decisions 16
(corrections), 20 (final standings) and 22 (the format belongs to the event).
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import organizer_for, record_places, registered_event
from tests.factories.day import game_seats, place_seats
from tournaments import selectors, services
from tournaments.documents import KIND_SLUGS, kinds_for_round
from tournaments.enums import EventState, RoundPhase
from tournaments.errors import PairingRefused
from tournaments.formats import FORMATS, format_for
from tournaments.formats.base import GAME_RESULTS, PLACE_RESULTS
from tournaments.models import Event

from .formats_cases import CASES, FormatCase
from .pdf.conftest import pdf_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

EVERY_FORMAT = pytest.mark.parametrize("fmt", list(FORMATS.values()), ids=list(FORMATS))


# --------------------------------------------------------------------------- table families


def _match_players(match) -> tuple[int, ...]:
    return (match.player_a_id, match.player_b_id)


def _match_score(match, result_by_reg: dict[int, object]) -> dict[str, int]:
    return {"games_a": result_by_reg[match.player_a_id], "games_b": result_by_reg[match.player_b_id]}


def _match_record(match, result_by_reg):
    services.table_result_record(table=match, seats=[{"games": result_by_reg[rid]} for rid in _match_players(match)])


def _match_correct(match, result_by_reg, *, reason, by):
    score = _match_score(match, result_by_reg)
    services.table_result_correct(table=match, seats=game_seats(match, score["games_a"], score["games_b"]),
                                  reason=reason, by=by)


def _pod_players(pod) -> tuple[int, ...]:
    return tuple(pod.seats.order_by("seat").values_list("registration_id", flat=True))


def _placements(result_by_reg) -> list[tuple[int, int, int]]:
    return [(rid, place, score) for rid, (place, score) in result_by_reg.items()]


def _pod_record(pod, result_by_reg):
    record_places(pod, _placements(result_by_reg))


def _pod_correct(pod, result_by_reg, *, reason, by):
    services.table_result_correct(table=pod, seats=place_seats(_placements(result_by_reg)), reason=reason, by=by)


@dataclass(frozen=True)
class TableFamily:
    """How the suite seats, records and corrects one kind of table (``EventFormat.table_results``)."""

    players: object
    record: object
    correct: object


FAMILIES = {
    GAME_RESULTS: TableFamily(_match_players, _match_record, _match_correct),
    PLACE_RESULTS: TableFamily(_pod_players, _pod_record, _pod_correct),
}


# --------------------------------------------------------------------------- playing a case


@dataclass
class Played:
    """A case played through the services: the finished event and what the checks need."""

    event: Event
    case: FormatCase
    regs: dict[str, object]
    organizer: object
    podium_at_finish: tuple[str, ...]


def _result_by_reg(round_results, seated: tuple[int, ...], name_of: dict[int, str], regs) -> dict[int, object]:
    """The case's result of the table seating ``seated`` (registration ids), by registration id."""
    names = {name_of[rid] for rid in seated if rid is not None}
    for table_names, result in round_results.items():
        if set(table_names) == names:
            return {regs[name].pk: value for name, value in zip(table_names, result, strict=True)}
    raise AssertionError(f"the case has no result for the table {sorted(names)}")


def _names(event: Event, ids) -> tuple[str, ...]:
    by_id = dict(event.registrations.values_list("pk", "player__display_name"))
    return tuple(by_id.get(rid) for rid in ids)


def seated_names(event: Event, rnd) -> tuple[str, ...]:
    """The names of everyone seated at a table of ``rnd`` that takes a result."""
    fmt = format_for(event)
    return _names(event, [rid for table in fmt.table_queryset(rnd)
                          for rid in FAMILIES[fmt.table_results].players(table) if rid])


def play(case: FormatCase) -> Played:
    """Play ``case`` through the services: rounds, the drop, the finish, then the correction."""
    event = registered_event(case.players, format=case.format, game_key=case.game, **case.settings)
    fmt = format_for(event)
    family = FAMILIES[fmt.table_results]
    regs = {reg.player.display_name: reg for reg in event.registrations.select_related("player")}
    name_of = {reg.pk: name for name, reg in regs.items()}
    for number, round_results in enumerate(case.rounds, start=1):
        try:
            rnd = services.round_pair_next(event=event)
        except PairingRefused as refused:  # every Swiss round played: the organizer starts the cut
            assert refused.code == "swiss_complete", refused
            rnd = services.top_cut_start(event=event)
        assert rnd.number == number
        for table in fmt.table_queryset(rnd).order_by("table_number"):
            family.record(table, _result_by_reg(round_results, family.players(table), name_of, regs))
        if number == case.drop_after_round:
            services.registration_drop(registration=regs[case.drop])
    event = services.event_finish(event=event)
    podium_at_finish = _names(event, (event.podium_first_id, event.podium_second_id, event.podium_third_id))
    organizer = organizer_for(event.venue)
    fix = case.correction
    rnd = event.rounds.get(number=fix.round)
    table = next(t for t in fmt.table_queryset(rnd)
                 if {name_of[rid] for rid in family.players(t) if rid} == set(fix.table))
    family.correct(table, _result_by_reg({fix.table: fix.result}, family.players(table), name_of, regs),
                   reason=fix.reason, by=organizer)
    event.refresh_from_db()
    return Played(event, case, regs, organizer, podium_at_finish)


@pytest.fixture
def played(fmt):
    """The format's case played (a format without a case fails here, by name)."""
    assert fmt.key in CASES, f"the format {fmt.key!r} has no hand-derived case in formats_cases.CASES"
    return play(CASES[fmt.key])


def row_points(row) -> Decimal:
    """The points of a standings row (pods rows call them ``points``, duels rows ``match_points``)."""
    value = row.points if hasattr(row.standing, "points") else row.match_points
    return Decimal(str(value))


def text_of(response) -> str:
    """The page's text without tags, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def ordered(text: str, needles) -> bool:
    """Whether every needle occurs in ``text``, in the given order."""
    at = 0
    for needle in needles:
        at = text.find(needle, at)
        if at < 0:
            return False
        at += len(needle)
    return True


# --------------------------------------------------------------------------- the registry and the cases


def test_every_registered_format_has_a_hand_derived_case():
    assert sorted(set(FORMATS) - set(CASES)) == []
    assert sorted(set(CASES) - set(FORMATS)) == []  # a case names a registered format


# --------------------------------------------------------------------------- standings and podium


@EVERY_FORMAT
def test_the_event_plays_to_the_hand_derived_podium_and_standings(played):
    case, event = played.case, played.event
    assert event.state == EventState.FINISHED
    assert played.podium_at_finish == case.podium_before_correction
    assert _names(event, (event.podium_first_id, event.podium_second_id, event.podium_third_id)) == case.podium
    rows = selectors.final_rows(event)
    assert [(row.display_name, row_points(row)) for row in rows] == [
        (name, Decimal(points)) for name, points, _shown in case.standings]
    assert [row.rank for row in rows] == list(range(1, len(case.players) + 1))
    dropped = [row.display_name for row in rows if row.dropped]
    assert dropped == [case.drop]


# --------------------------------------------------------------------------- public pages


@EVERY_FORMAT
def test_the_public_pages_show_every_player_and_their_points(played, client):
    case, event = played.case, played.event
    names = [name for name, _points, _shown in case.standings]
    page = client.get(reverse("public:event", args=[event.pk]))
    assert page.status_code == 200
    assert ordered(text_of(page), [event.name, "Podio", *case.podium])
    standings = client.get(reverse("public:standings", args=[event.pk]))
    assert standings.status_code == 200
    body = standings.content.decode()
    # each name in final order, its points printed after it before the next name
    assert ordered(body, names), names
    for (name, _points, shown), following in zip(case.standings, [*names[1:], None], strict=True):
        start = body.index(name)
        end = body.index(following, start) if following else len(body)
        assert f">{shown}<" in body[start:end], (name, shown)
    for rnd in event.rounds.order_by("number"):
        response = client.get(reverse("public:round", args=[event.pk, rnd.number]))
        assert response.status_code == 200, rnd.number
        for name in seated_names(event, rnd):
            assert name in response.content.decode(), (rnd.number, name)
    for name, reg in played.regs.items():
        response = client.get(reverse("public:player", args=[event.pk, reg.player.player_number]))
        assert response.status_code == 200, name
        assert name in response.content.decode()
    bracket = client.get(reverse("public:bracket", args=[event.pk]))
    assert bracket.status_code == 200
    assert ordered(text_of(bracket), ["Podio", *case.podium])
    for rnd in event.rounds.filter(phase=RoundPhase.TOP_CUT):  # none for a format without a cut
        for name in seated_names(event, rnd):
            assert name in text_of(bracket), (rnd.number, name)
    clock = client.get(reverse("clock:page", args=[event.pk]))
    assert clock.status_code == 200
    last = event.rounds.order_by("-number").first()
    assert ordered(text_of(clock), [event.name, f"Ronda {last.number}"])


# --------------------------------------------------------------------------- judge pages


@EVERY_FORMAT
def test_the_judge_pages_show_the_tables(played, client):
    event = played.event
    client.force_login(played.organizer)
    response = client.get(reverse("judge:tables", args=[event.pk]))
    assert response.status_code == 200
    last = event.rounds.order_by("-number").first()
    fmt = format_for(event)
    table = fmt.table_queryset(last).order_by("table_number").first()
    seated = _names(event, [rid for rid in FAMILIES[fmt.table_results].players(table) if rid])
    for name in seated:
        assert name in response.content.decode(), name
    page = client.get(reverse("judge:table", args=[event.pk, last.number, table.table_number]))
    assert page.status_code == 200
    for name in seated:
        assert name in page.content.decode(), name
    assert client.get(reverse("judge:home")).status_code == 200
    assert event.name in client.get(reverse("judge:home")).content.decode()
    log = client.get(reverse("judge:penalty_log", args=[event.pk]))
    assert log.status_code == 200


# --------------------------------------------------------------------------- API


def _results(response) -> list:
    data = response.json()
    return data["results"] if isinstance(data, dict) and "results" in data else data


@EVERY_FORMAT
def test_the_api_event_and_standings(played):
    case, event = played.case, played.event
    api = APIClient()
    detail = api.get(f"/api/events/{event.pk}/")
    assert detail.status_code == 200
    assert detail.json()["name"] == event.name
    standings = api.get(f"/api/events/{event.pk}/standings/")
    assert standings.status_code == 200
    rows = _results(standings)
    got = [(row["display_name"], Decimal(str(row.get("points", row.get("match_points"))))) for row in rows]
    assert got == [(name, Decimal(points)) for name, points, _shown in case.standings]


@EVERY_FORMAT
def test_the_api_pairings_of_every_round(played):
    event = played.event
    api = APIClient()
    for rnd in event.rounds.order_by("number"):
        response = api.get(f"/api/events/{event.pk}/rounds/{rnd.number}/pairings/")
        assert response.status_code == 200, rnd.number
        body = response.content.decode()
        for name in seated_names(event, rnd):
            assert name in body, (rnd.number, name)


@EVERY_FORMAT
def test_the_api_results_of_every_player(played):
    case, event = played.case, played.event
    api = APIClient()
    # one row per round the player sat at a table (every round here: nobody had a bye or sat out a stage
    # but the players the cut left out)
    rounds_of = {name: 0 for name in case.players}
    for rnd in event.rounds.all():
        for name in seated_names(event, rnd):
            rounds_of[name] += 1
    for name, reg in played.regs.items():
        response = api.get(f"/api/events/{event.pk}/players/{reg.player.player_number}/results/")
        assert response.status_code == 200, name
        assert len(response.json()["rounds"]) == rounds_of[name], name


# --------------------------------------------------------------------------- PDFs


def round_documents(client, event) -> dict[str, str]:
    """Every document of the event's last round, downloaded through its public URL: pypdf text by kind."""
    last = event.rounds.order_by("-number").first()
    texts = {}
    for kind in kinds_for_round(last):
        response = client.get(f"/eventos/{event.pk}/rondas/{last.number}/{KIND_SLUGS[kind]}.pdf")
        assert response.status_code == 200, kind
        body = b"".join(response.streaming_content)
        assert body.startswith(b"%PDF"), kind
        texts[kind] = pdf_text(body)[1]
    return texts


@EVERY_FORMAT
def test_the_round_documents_show_the_tables_and_the_bracket(played, client, embedded_default):
    event = played.event
    texts = round_documents(client, event)
    played_a_cut = event.rounds.filter(phase=RoundPhase.TOP_CUT).exists()
    assert set(texts) == {"pairings_by_table", "pairings_by_name", "result_slips", "standings",
                          *(["bracket"] if played_a_cut else [])}
    seated = seated_names(event, event.rounds.order_by("-number").first())
    for kind in ("pairings_by_table", "pairings_by_name", "result_slips"):
        for name in seated:
            assert name in texts[kind], (kind, name)
    for rnd in event.rounds.filter(phase=RoundPhase.TOP_CUT):  # the bracket sheet: every player of the cut
        for name in seated_names(event, rnd):
            assert name in texts["bracket"], (rnd.number, name)


@EVERY_FORMAT
def test_the_standings_sheet_shows_the_final_order_and_points(played, client, embedded_default):
    case = played.case
    # The sheet reads, row by row: rank, name (a dropped player marked), player number, venue, points —
    # one cell a line in pypdf's text; the points as the Spanish pages print them (DESIGN.md decision 17).
    lines = round_documents(client, played.event)["standings"].splitlines()
    starts = [next(i for i, line in enumerate(lines) if line.startswith(name)) for name, _p, _s in case.standings]
    assert starts == sorted(starts), "final order"
    for at, (name, _points, shown) in zip(starts, case.standings, strict=True):
        assert lines[at + 3] == shown, (name, shown, lines[at:at + 5])


# --------------------------------------------------------------------------- CSV


@EVERY_FORMAT
def test_the_standings_csv_lists_the_final_order_and_points(played, client):
    case, event = played.case, played.event
    client.force_login(played.organizer)
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8").lstrip("\ufeff")), delimiter=";"))
    header, body = rows[0], rows[1:]
    name_col = header.index("Jugador")
    assert [row[name_col] for row in body] == [name for name, _points, _shown in case.standings]
    # a CSV is data for a spreadsheet: the exact points in the first points column, with the decimal comma
    # an es-AR spreadsheet reads (issue #28 point 3)
    points_col = name_col + 3  # Jugador, Número, Sede, then the points
    assert [row[points_col] for row in body] == [points.replace(".", ",") for _name, points, _shown in case.standings]


@EVERY_FORMAT
def test_the_standings_xlsx_has_numbers_as_numbers(played, client):
    """Issue #28 point 3: the XLSX export opens with openpyxl, points stored as numbers."""
    from decimal import Decimal

    from openpyxl import load_workbook

    case, event = played.case, played.event
    client.force_login(played.organizer)
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]), {"formato": "xlsx"})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    header, body = rows[0], rows[1:]
    name_col = header.index("Jugador")
    assert [row[name_col] for row in body] == [name for name, _points, _shown in case.standings]
    points = [row[name_col + 3] for row in body]
    assert all(isinstance(value, (int, float)) for value in points), points
    assert [Decimal(str(value)) for value in points] == [Decimal(p) for _name, p, _shown in case.standings]
