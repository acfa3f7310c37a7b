"""The API part of the permission matrix (issue #15): every write, every actor.

Actors: the organizer of the event's venue (A), the organizer of another
venue (B), a judge and the head judge of the A event, a logged-in user with
no role, and an anonymous client. Operations: every unsafe operation of the
OpenAPI schema — a new endpoint without a row in ``EXPECTED`` fails
:func:`test_every_unsafe_operation_has_an_expectation_row`.

A refused call answers 403 (no session: ``not_authenticated``; no role:
``permission_denied``) with a Spanish message and changes nothing (the
event's state stamp and the row counts are compared before and after); an
allowed call succeeds and, unless it is a preview, changes the event.
"""
from __future__ import annotations

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tests.tournaments.api.entries import duel_body
from tournaments import penalties, services
from tournaments.models import (
    Event,
    EventLogEntry,
    MatchRuling,
    Penalty,
    PenaltyRevision,
    Registration,
    ResultEntry,
    Round,
    Table,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ACTORS = ["organizer_a", "organizer_b", "judge", "head_judge", "no_role", "anonymous"]
JUDGES = {"organizer_a", "judge", "head_judge"}
HEAD_JUDGES = {"organizer_a", "head_judge"}
ORGANIZERS = {"organizer_a"}
PUBLIC = set(ACTORS)

NOT_AUTHENTICATED = "Iniciá sesión para realizar esta acción (sesión del sitio o autenticación básica)."
NO_ROLE = "No tiene permiso para esta acción en este evento."

#: (method, schema path) -> (who may, whether an allowed call writes). Public operations
#: (the token exchange, deck validation) take no event: they are listed and checked apart.
EXPECTED = {
    ("POST", "/api/tables/{table_id}/result/"): (JUDGES, True),
    ("POST", "/api/tables/{table_id}/correction/"): (HEAD_JUDGES, True),
    ("POST", "/api/tables/{table_id}/correction/preview/"): (HEAD_JUDGES, False),
    ("POST", "/api/tables/{table_id}/rulings/"): (JUDGES, True),
    ("POST", "/api/events/{event_id}/pair-next-round/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/repair-current-round/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/top-cut/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/finish/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/players/{player_number}/drop/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/players/{player_number}/undo-drop/"): (ORGANIZERS, True),
    ("POST", "/api/events/{event_id}/penalties/"): (JUDGES, True),
    ("POST", "/api/events/{event_id}/penalties/preview/"): (JUDGES, False),
    ("POST", "/api/events/{event_id}/penalties/{penalty_id}/revise/"): (HEAD_JUDGES, True),
    # Self-reported results (issue #17): only a player of the table (no actor here is one:
    # tests/tournaments/api/test_reports_api.py).
    ("POST", "/api/events/{event_id}/tables/{table_id}/report/"): (set(), True),
    # Pre-registration (issue #17): only the signed-in user's own linked player (no actor here is one:
    # tests/tournaments/api/test_preregistration_api.py).
    ("POST", "/api/events/{event_id}/preregistration/"): (set(), True),
    ("DELETE", "/api/events/{event_id}/preregistration/"): (set(), True),
    # Self-drop (issue #17): only the registered player themselves (tests/tournaments/api/test_me_api.py).
    ("POST", "/api/events/{event_id}/drop/"): (set(), True),
    # Publishing an event file (issue #18): no event in the URL; only an organizer of the file's venue
    # (tests/tournaments/test_exchange_api.py), checked apart.
    ("POST", "/api/events/import/"): (set(), True),
    ("POST", "/api/token/"): (PUBLIC, False),
    ("POST", "/api/decks/validate/"): (PUBLIC, False),
    # Decklists online (issue #17): only the registered player themselves writes their list (no actor
    # here is one: tests/rules/django/test_decklists_online.py); the live check also for the event's judges.
    ("PUT", "/api/decks/events/{event_id}/my-decklist/"): (set(), True),
    ("POST", "/api/decks/events/{event_id}/my-decklist/validate/"): (JUDGES, False),
}
EVENT_WRITES = [op for op, (who, _) in EXPECTED.items() if who is not PUBLIC and op[1] != "/api/events/import/"]


def _unsafe_operations() -> set[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method.upper() in {"POST", "PUT", "PATCH", "DELETE"}
    }


def test_every_unsafe_operation_has_an_expectation_row():
    operations = _unsafe_operations()
    assert operations - EXPECTED.keys() == set(), "a write endpoint has no row in the permission matrix"
    assert EXPECTED.keys() - operations == set(), "a row names an operation the API no longer has"


# --------------------------------------------------------------------------- the world


@pytest.fixture(autouse=True)
def fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world():
    venue_a, venue_b = VenueFactory(name="Sede A"), VenueFactory(name="Sede B")
    users = {name: UserFactory(username=name) for name in ACTORS if name != "anonymous"}
    venue_a.organizers.add(users["organizer_a"])
    venue_b.organizers.add(users["organizer_b"])
    EventFactory(venue=venue_b, name="Fecha de la sede B")  # organizer B has an event of their own
    event = EventFactory(venue=venue_a, name="Fecha A", cut_size=4, planned_rounds=2, head_judge=users["head_judge"])
    event.judges.add(users["judge"])
    services.registration_open(event=event)
    for _ in range(6):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    event.refresh_from_db()
    return event, users


def _play_current_round(event: Event) -> None:
    rnd = event.rounds.order_by("-number").first()
    for match in rnd.tables.filter(is_bye=False, status="pending"):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])


def _first_table(event: Event) -> Table:
    rnd = event.rounds.order_by("-number").first()
    return rnd.tables.filter(is_bye=False).order_by("table_number").first()


def _prepare(op: tuple[str, str], event: Event) -> tuple[str, dict]:
    """Bring ``event`` to a state where ``op`` is legitimate; the URL and a valid body."""
    path = op[1]
    if "/my-decklist/" in path:
        name = "api-my-decklist-validate" if path.endswith("/validate/") else "api-my-decklist"
        return reverse(name, args=[event.pk]), {"text": "4 Fasent"}
    if path.endswith("/tables/{table_id}/report/"):
        table = _first_table(event)
        return reverse("tournaments_api:table-report", args=[event.pk, table.pk]), duel_body(
            table, games_a=2, games_b=1)
    if path.endswith("/preregistration/"):
        return reverse("tournaments_api:preregistration", args=[event.pk]), {}
    if path == "/api/events/{event_id}/drop/":
        return reverse("tournaments_api:self-drop", args=[event.pk]), {}
    if path.endswith("/result/"):
        table = _first_table(event)
        return reverse("tournaments_api:table-result", args=[table.pk]), duel_body(
            table, games_a=2, games_b=1, expected_version=0)
    if "/correction/" in path:
        _play_current_round(event)
        match = _first_table(event)
        services.round_pair_next(event=event)
        name = "table-correction-preview" if path.endswith("preview/") else "table-correction"
        return reverse(f"tournaments_api:{name}", args=[match.pk]), duel_body(
            match, games_a=1, games_b=2, reason="Planilla al revés", expected_version=match.version)
    if path.endswith("/rulings/"):
        return reverse("tournaments_api:table-rulings", args=[_first_table(event).pk]), {"ruling_id": "wm.mulligan"}
    if path.endswith("/pair-next-round/"):
        _play_current_round(event)
        return reverse("tournaments_api:pair-next-round", args=[event.pk]), {}
    if path.endswith("/repair-current-round/"):
        return reverse("tournaments_api:repair-current-round", args=[event.pk]), {}
    if path.endswith("/top-cut/") or path.endswith("/finish/"):
        _play_current_round(event)
        for _ in range(event.planned_rounds - 1):
            services.round_pair_next(event=event)
            _play_current_round(event)
        if path.endswith("/top-cut/"):
            return reverse("tournaments_api:start-top-cut", args=[event.pk]), {}
        services.top_cut_start(event=event)
        _play_current_round(event)
        services.round_pair_next(event=event)
        _play_current_round(event)
        return reverse("tournaments_api:finish", args=[event.pk]), {}
    reg = Registration.objects.filter(event=event).select_related("player").order_by("pk").first()
    if path.endswith("/undo-drop/"):
        services.registration_drop(registration=reg)
        return reverse("tournaments_api:undo-drop", args=[event.pk, reg.player.player_number]), {}
    if path.endswith("/drop/"):
        return reverse("tournaments_api:drop", args=[event.pk, reg.player.player_number]), {}
    if path.endswith("/revise/"):
        reg.event = event
        penalty = penalties.penalty_issue(registration=reg, infraction_code="procedural_no_draw")
        return reverse("tournaments_api:penalty-revise", args=[event.pk, penalty.pk]), {
            "new_type": "game_loss", "reason": "Reincide"}
    body = {"player_number": reg.player.player_number, "infraction_code": "procedural_no_draw"}
    if path.endswith("/preview/"):
        return reverse("tournaments_api:penalty-preview", args=[event.pk]), body
    return reverse("tournaments_api:penalty-list", args=[event.pk]), body


def _snapshot() -> tuple:
    """Everything a write could change: each event's state stamp and the rows of the logs."""
    return (
        tuple(Event.objects.order_by("pk").values_list("pk", "revision", "state")),
        tuple(Table.objects.order_by("pk").values_list("pk", "version", "status")),
        tuple(Registration.objects.order_by("pk").values_list("pk", "dropped")),
        Round.objects.count(), ResultEntry.objects.count(), EventLogEntry.objects.count(),
        Penalty.objects.count(), PenaltyRevision.objects.count(), MatchRuling.objects.count(),
    )


def _client(users: dict, actor: str) -> APIClient:
    client = APIClient()
    if actor != "anonymous":
        client.force_login(users[actor])
    return client


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("op", EVENT_WRITES, ids=lambda op: op[1])
def test_event_write_is_scoped_to_the_event_roles(world, op, actor):
    event, users = world
    allowed, writes = EXPECTED[op]
    url, body = _prepare(op, event)
    before = _snapshot()
    response = getattr(_client(users, actor), op[0].lower())(url, body, format="json")
    if actor in allowed:
        assert response.status_code in (200, 201), response.content
        assert (_snapshot() != before) is writes
    else:
        assert response.status_code == 403, response.content
        expected = ("not_authenticated", NOT_AUTHENTICATED) if actor == "anonymous" else ("permission_denied", NO_ROLE)
        assert (response.json()["code"], response.json()["detail"]) == expected
        assert _snapshot() == before


@pytest.mark.parametrize("actor", ACTORS)
def test_public_writes_change_nothing_and_need_no_role(world, actor):
    """The token exchange and the deck check take no event: anyone, and nothing in an event changes."""
    event, users = world
    before = _snapshot()
    client = _client(users, actor)
    if actor != "anonymous":
        users[actor].set_password("clave-secreta-1")
        users[actor].save()
        token = client.post(reverse("tournaments_api:token"),
                            {"username": actor, "password": "clave-secreta-1"}, format="json")
        assert token.status_code == 200 and len(token.json()["token"]) == 40
    wrong = client.post(reverse("tournaments_api:token"), {"username": "organizer_a", "password": "no"}, format="json")
    assert wrong.status_code == 400
    deck = client.post(reverse("api-decks-validate"), {"game": "weed_monsters", "format": "standard", "text": ""},
                       format="json")
    assert deck.status_code in (200, 400)  # a verdict on the list, never a refusal for the role
    assert _snapshot() == before
