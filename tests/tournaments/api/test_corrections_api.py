"""POST tables/<id>/correction/ and …/preview/ (issue #13 item 1, DESIGN.md decision 16).

Eight players, top 4, round 1 paired by hand: A beats B 2-0, C beats D 2-1,
E beats F 2-0, G beats H 2-1; round 2 is then paired (round 1 closes) and
has no result. Worked out by hand (R-000-65 points, R-000-70 Buchholz,
R-000-73 game differential "Handicap: x"):

After round 1: A and E 1 point, Buchholz 0, +2 (rank 1, a technical tie);
C and G 1 point, Buchholz 0, +1 (rank 3, tied); D and H 0 points, Buchholz
1, −1 (rank 5, tied); B and F 0 points, Buchholz 1, −2 (rank 7, tied).

Correcting C–D to 1-2: D 1 point, Buchholz 0, +1 ties G at rank 3; C 0
points, Buchholz 1, −1 ties H at rank 5. Only C (3 → 5, 1 → 0 points,
Buchholz 0 → 1) and D (5 → 3, 0 → 1, Buchholz 1 → 0) move, both inside a
technical tie before and after; the top 4 goes from {A, E, C, G} to
{A, E, D, G}: D enters, C leaves.
"""
import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import EventLogEntry, ResultEntry, Table

from .entries import answer_games, duel_body

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def field(venue, organizer, judge):
    event = EventFactory(venue=venue, name="Fecha 4 Super Liga", cut_size=4, planned_rounds=3,
                         head_judge=UserFactory(username="principal"))
    event.judges.add(judge)
    services.registration_open(event=event)
    regs = {n: services.registration_create(event=event, player=PlayerFactory(display_name=f"Jugador {n}"))
            for n in "ABCDEFGH"}
    services.registration_close(event=event)
    r1 = services.round_pair_manual(event=event, pairings=[(regs[a], regs[b]) for a, b in ("AB", "CD", "EF", "GH")])
    for a, score in (("A", (2, 0)), ("C", (2, 1)), ("E", (2, 0)), ("G", (2, 1))):
        services.table_result_record(
            table=Table.objects.get(round=r1, seats__registration=regs[a], seats__seat=1),
            seats=[{"games": score[0]}, {"games": score[1]}],
        )
    r2 = services.round_pair_next(event=event)
    cd = Table.objects.get(round=r1, seats__registration=regs["C"], seats__seat=1)
    return event, regs, cd, r2


@pytest.fixture
def chief(field):
    """The head judge of ``field``'s event."""
    return field[0].head_judge


def correction_url(match) -> str:
    return reverse("tournaments_api:table-correction", args=[match.pk])


def preview_url(match) -> str:
    return reverse("tournaments_api:table-correction-preview", args=[match.pk])


def test_preview_names_the_rows_that_move_and_the_cut(as_user, organizer, field):
    event, regs, cd, r2 = field
    response = as_user(organizer).post(preview_url(cd), duel_body(cd, games_a=1, games_b=2), format="json")
    assert response.status_code == 200
    data = response.json()
    assert [(m["name"], m["rank_before"], m["rank_after"], m["points_before"], m["points_after"],
             m["buchholz_before"], m["buchholz_after"], m["criterion_before"], m["criterion_after"])
            for m in data["moved"]] == [
        ("Jugador D", 5, 3, 0.0, 1.0, 1.0, 0.0, "empate técnico", "empate técnico"),
        ("Jugador C", 3, 5, 1.0, 0.0, 0.0, 1.0, "empate técnico", "empate técnico"),
    ]
    assert (data["score_before"], data["score_after"]) == ([2, 1, 0], [1, 2, 0])
    assert [(s["name"], s["games_before"], s["games_after"], s["changed"]) for s in data["seats"]] == [
        ("Jugador C", 2, 1, True), ("Jugador D", 1, 2, True)]
    assert (data["table_id"], data["by_places"], data["unchanged"]) == (cd.pk, False, False)
    assert data["subject"] == "Ronda 1, mesa 2"
    assert (data["cut_size"], data["cut_changes"], data["cut_in"], data["cut_out"]) == (
        4, True, ["Jugador D"], ["Jugador C"])
    assert (data["current_round"], data["current_has_results"], data["can_repair"]) == ("Ronda 2", False, True)
    assert data["refusal"] == ""


def test_preview_writes_nothing(as_user, chief, field):
    event, regs, cd, r2 = field
    counts = (ResultEntry.objects.count(), EventLogEntry.objects.count())
    response = as_user(chief).post(preview_url(cd), duel_body(cd, games_a=1, games_b=2), format="json")
    assert response.status_code == 200
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (2, 1, 1)
    assert (ResultEntry.objects.count(), EventLogEntry.objects.count()) == counts


def test_correction_by_the_head_judge_answers_the_corrected_match(as_user, chief, field):
    event, regs, cd, r2 = field
    response = as_user(chief).post(correction_url(cd), duel_body(cd,
        games_a=1, games_b=2, reason="Planilla al revés", expected_version=1), format="json")
    assert response.status_code == 200
    data = response.json()
    assert (data["table_id"], answer_games(data), data["outcome"], data["version"]) == (cd.pk, (1, 2), "b_wins", 2)
    assert [seat["display_name"] for seat in data["seats"]] == ["Jugador C", "Jugador D"]
    log = EventLogEntry.objects.get(event=event, action="match_result_correct")
    assert (log.reason, log.actor, log.subject) == ("Planilla al revés", chief, "Ronda 1, mesa 2")
    assert r2.tables.filter(status="pending").count() == 4  # the current round's pairings stand


def test_correction_by_an_organizer_is_accepted(as_user, organizer, field):
    event, regs, cd, r2 = field
    response = as_user(organizer).post(correction_url(cd), duel_body(cd,
        games_a=1, games_b=2, reason="Planilla al revés", expected_version=1), format="json")
    assert response.status_code == 200
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b) == (1, 2)


@pytest.mark.parametrize("endpoint", [correction_url, preview_url])
def test_a_plain_judge_gets_403(as_user, judge, field, endpoint):
    event, regs, cd, r2 = field
    response = as_user(judge).post(endpoint(cd), duel_body(cd,
        games_a=1, games_b=2, reason="Planilla", expected_version=1), format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (2, 1, 1)


def test_without_login_the_correction_is_refused(api, field):
    event, regs, cd, r2 = field
    response = api.post(correction_url(cd), duel_body(cd, games_a=1, games_b=2, reason="x", expected_version=1),
                        format="json")
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"


def test_correction_without_a_reason_is_refused(as_user, organizer, field):
    event, regs, cd, r2 = field
    response = as_user(organizer).post(correction_url(cd), duel_body(cd,
        games_a=1, games_b=2, reason="  ", expected_version=1), format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "reason_required"
    assert body["detail"].startswith("Falta el motivo de la corrección")
    cd.refresh_from_db()
    assert cd.version == 1


def test_correction_on_a_stale_version_is_409(as_user, organizer, field):
    event, regs, cd, r2 = field
    client = as_user(organizer)
    first = client.post(correction_url(cd), duel_body(cd, games_a=1, games_b=2, reason="Planilla al revés",
                                             expected_version=1), format="json")
    assert first.status_code == 200
    stale = client.post(correction_url(cd), duel_body(cd, games_a=2, games_b=0, reason="Otra lectura",
                                             expected_version=1), format="json")
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_result"
    cd.refresh_from_db()
    assert (cd.games_a, cd.games_b, cd.version) == (1, 2, 2)


def test_a_match_without_result_is_not_corrected(as_user, organizer, field):
    event, regs, cd, r2 = field
    pending = r2.tables.filter(is_bye=False).order_by("table_number").first()
    client = as_user(organizer)
    preview = client.post(preview_url(pending), duel_body(pending, games_a=2, games_b=0), format="json")
    correction = client.post(correction_url(pending), duel_body(pending, games_a=2, games_b=0, reason="x",
                                                       expected_version=0), format="json")
    assert (preview.status_code, preview.json()["code"]) == (409, "no_result_to_correct")
    assert (correction.status_code, correction.json()["code"]) == (409, "no_result_to_correct")


def test_an_illegal_score_is_400(as_user, organizer, field):
    event, regs, cd, r2 = field
    response = as_user(organizer).post(preview_url(cd), duel_body(cd, games_a=3, games_b=0), format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_wins"
