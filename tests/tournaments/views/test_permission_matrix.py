"""The permission matrix of the judge and organizer pages (issue #15, item 1).

Actors: the organizer of venue A, the organizer of venue B (with an event
of its own), a judge of the A event, its head judge, a signed-in user with
no role, and anonymous. Every URL name of the ``judge``, ``clock``,
``rulings``, ``rules`` and ``leagues`` namespaces must have a row here
(or be listed as public): a new page cannot be forgotten.

Refusals, the same everywhere (tournaments/views/access.py): anonymous →
302 to the login page; signed in without the role → 403 with a Spanish
message ("Sin permiso", "Sólo …"). A 403 rather than a 404: events are
public (their pages list them), so hiding one buys nothing, and the 403
page tells the judge what to ask for. Each refused POST carries a payload
that works — the same payload then succeeds for a legitimate actor — and
changes nothing.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.urls import get_resolver, reverse

from accounts import services as account_services
from accounts.models import PlayerClaimCode
from leagues import services as league_services
from rules import services as rule_services
from rules.models import DeckCheck, Decklist
from rules.rulings import CATALOG
from tests.factories import EventFactory, UserFactory
from tests.rules.django.conftest import LEGAL
from tournaments import penalties, selectors, services
from tournaments.models import MatchRuling, Penalty, PenaltyRevision, Registration, Round, Seat, Table

from .helpers import build_event

pytestmark = pytest.mark.integration

ORG_A, ORG_B, JUDGE, HEAD, NOBODY, ANON = "org_a", "org_b", "judge_a", "head_a", "nobody", "anonymous"
ACTORS = (ORG_A, ORG_B, JUDGE, HEAD, NOBODY, ANON)
#: May judge the A event: organizers of its venue, its judges, its head judge.
JUDGES_OF_A = {ORG_A, JUDGE, HEAD}
#: May do what only the head judge (or an organizer) does.
HEAD_OF_A = {ORG_A, HEAD}
ORGANIZERS = {ORG_A, ORG_B}

#: Pages anyone may read (no row in the matrix): projector clock, rulings search, decklist check, league tables.
PUBLIC = {
    "clock:page", "clock:state", "rulings:search", "rulings:chain", "rules:deck_validate",
    "rules:ruling_calculators",
    # The published top decklists (issue #17): public, empty before publication
    # (tests/rules/django/test_decklists_online.py).
    "rules:published_decklists",
    "leagues:seasons", "leagues:all_time", "leagues:all_time_csv", "leagues:season", "leagues:season_csv",
    "leagues:venue_tables", "leagues:venue_tables_csv", "leagues:badges", "leagues:player",
    # Player accounts (issue #17): the ways in (tests/accounts/).
    "accounts:login", "accounts:signup", "accounts:password_reset", "accounts:password_reset_done",
    "accounts:password_reset_confirm", "accounts:password_reset_complete",
    # «Próximos torneos» (issue #17): anyone may read; the state shown is the signed-in player's own
    # (tests/tournaments/views/test_preregistration_pages.py).
    "prereg:upcoming", "prereg:event",
    # The judges' installable app (issue #29): the same manifest and worker for anyone; the pages they
    # keep are the judge's own (tests/tournaments/views/test_judge_offline.py).
    "judge:manifest", "judge:service_worker",
    # The avisos' service worker (issue #29 point 2): the same script for everyone
    # (tests/tournaments/views/test_me_push.py).
    "me:push_worker",
}


class World:
    """The A event (round 1 paired, a penalty, a decklist), the B event, a season, one user per actor."""

    def __init__(self) -> None:
        self.event = build_event(8)
        self.other = build_event(4)  # venue B's own event
        self.users = {
            ORG_A: UserFactory(username="orga_a"), ORG_B: UserFactory(username="orga_b"),
            JUDGE: UserFactory(username="juez_a"), HEAD: UserFactory(username="principal_a"),
            NOBODY: UserFactory(username="nadie"),
        }
        self.event.venue.organizers.add(self.users[ORG_A])
        self.other.venue.organizers.add(self.users[ORG_B])
        self.event.judges.add(self.users[JUDGE])
        self.event.head_judge = self.users[HEAD]
        self.event.save(update_fields=["head_judge"])
        self.round = selectors.current_round(self.event)
        self.match = Table.objects.get(
            round=self.round, table_number=1)
        self.penalty = penalties.penalty_issue(registration=self.match.player_a, infraction_code="procedural_no_draw")
        self.decklist = rule_services.decklist_submit(registration=self.match.player_b, text=LEGAL,
                                                      by=self.users[HEAD])
        self.season = league_services.season_create(game=self.event.game, year=2024)

    def table_args(self) -> list[int]:
        return [self.event.pk, self.round.number, self.match.table_number]


@dataclass(frozen=True)
class Row:
    """One URL name: its address, who may read it, and (for a form) a working POST and what it changes."""

    url: Callable[[World], str]
    readers: frozenset[str]
    writers: frozenset[str] = frozenset()
    payload: Callable[[World], dict] | None = None
    snapshot: Callable[[World], object] | None = None
    #: A legitimate POST answers this (a redirect after saving, or 200 for a preview page).
    posted: int = 302
    #: The POST needs a step a legitimate actor takes first (the penalty preview's fingerprint).
    prepare: Callable[[World, object], dict] | None = None
    #: Undo an allowed POST so the next allowed actor can make the same change (the round clock).
    reset: Callable[[World], None] | None = None


def _result_payload(w: World) -> dict:
    """A result other than the saved one (2-0, or 0-2 when 2-0 is saved), at the saved version."""
    w.match.refresh_from_db()
    games_a, games_b = (0, 2) if w.match.games_a == 2 else (2, 0)
    return {"games_a": games_a, "games_b": games_b, "games_drawn": 0, "expected_version": w.match.version}


def _penalty_form(w: World) -> dict:
    return {"registration": w.match.player_b_id, "infraction": "procedural_no_draw", "game_number": 1,
            "minutes_late": "", "chosen_penalty": "", "hearts_before": "", "deck_count": "", "notes": "",
            "ruling_id": "", "action": "preview"}


def _penalty_confirm(w: World, client) -> dict:
    """Preview as a judge of A, then the confirmation that would record the penalty."""
    client.force_login(w.users[JUDGE])
    url = reverse("judge:penalty_new", args=w.table_args())
    preview = client.post(url, _penalty_form(w))
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', preview.content.decode()).group(1)
    client.logout()
    return {**_penalty_form(w), "action": "confirm", "fingerprint": fingerprint}


def _other_penalty(w: World) -> str:
    """A penalty type the entry does not have now: game loss, or back to a Warning."""
    current = Penalty.objects.values_list("penalty_type", flat=True).get(pk=w.penalty.pk)
    return "warning" if current == "game_loss" else "game_loss"


def _without_decklist(w: World) -> str:
    """The number of a player of the A event with no decklist yet."""
    reg = w.event.registrations.filter(decklist__isnull=True).select_related("player").order_by("pk").first()
    return reg.player.player_number


_EMAILS = iter(range(1, 10_000))


def _unclaimed(w: World):
    """A player of the A event with no account yet (each claim takes one)."""
    regs = w.event.registrations.filter(player__user__isnull=True).select_related("player")
    return regs.order_by("pk").first().player


WM_RULING = next(r.id for r in CATALOG if r.game == "weed_monsters")
A_JUDGE_PAGE = frozenset(JUDGES_OF_A)

ROWS: dict[str, Row] = {
    # judge:home is scoped by its list, checked in its own test below; here: it never refuses a signed-in user.
    "judge:home": Row(lambda w: reverse("judge:home") + "?todos=1", frozenset(ACTORS) - {ANON}),
    "judge:tables": Row(lambda w: reverse("judge:tables", args=[w.event.pk]), A_JUDGE_PAGE),
    "judge:cutline": Row(lambda w: reverse("judge:cutline", args=[w.event.pk]), A_JUDGE_PAGE),
    "judge:table": Row(
        lambda w: reverse("judge:table", args=w.table_args()), A_JUDGE_PAGE, A_JUDGE_PAGE, _result_payload,
        lambda w: (Table.objects.values_list("status", "version").get(pk=w.match.pk),
                   list(Seat.objects.filter(table=w.match.pk).order_by("seat").values_list("games", flat=True)))),
    "judge:table_time": Row(
        lambda w: reverse("judge:table_time", args=w.table_args()), frozenset(), A_JUDGE_PAGE,
        lambda w: {"minutes": 5, "reason": "Se cayó el mazo"},
        lambda w: Table.objects.values_list("extra_minutes", flat=True).get(pk=w.match.pk)),
    "judge:penalty_new": Row(
        lambda w: reverse("judge:penalty_new", args=w.table_args()), A_JUDGE_PAGE, A_JUDGE_PAGE, None,
        lambda w: Penalty.objects.count(), prepare=_penalty_confirm),
    "judge:table_rulings": Row(
        lambda w: reverse("judge:table_rulings", args=w.table_args()), A_JUDGE_PAGE, A_JUDGE_PAGE,
        lambda w: {"ruling_id": WM_RULING, "note": "Consultado en la mesa"},
        lambda w: MatchRuling.objects.count()),
    "judge:penalty_log": Row(lambda w: reverse("judge:penalty_log", args=[w.event.pk]), A_JUDGE_PAGE),
    # Head-judge-only: upgrading or downgrading a penalty (permissions.HEAD_JUDGE).
    "judge:penalty_detail": Row(
        lambda w: reverse("judge:penalty_detail", args=[w.event.pk, w.penalty.pk]), A_JUDGE_PAGE,
        frozenset(HEAD_OF_A), lambda w: {"new_type": _other_penalty(w), "reason": "Reincide"},
        lambda w: (PenaltyRevision.objects.count(), Penalty.objects.get(pk=w.penalty.pk).penalty_type)),
    # A player's history across events: judges and organizers of an event the player is in.
    "judge:player_penalties": Row(
        lambda w: reverse("judge:player_penalties", args=[w.match.player_a.player.player_number]), A_JUDGE_PAGE),
    "clock:control": Row(
        lambda w: reverse("clock:control", args=[w.event.pk, "iniciar"]), frozenset(), A_JUDGE_PAGE,
        lambda w: {}, lambda w: Round.objects.values_list("clock_started_at", flat=True).get(pk=w.round.pk),
        reset=lambda w: Round.objects.filter(pk=w.round.pk).update(clock_started_at=None)),
    "rules:decklist_submit": Row(
        lambda w: reverse("rules:decklist_submit", args=[w.event.pk]), A_JUDGE_PAGE, A_JUDGE_PAGE,
        lambda w: {"player_number": _without_decklist(w), "text": LEGAL},
        lambda w: Decklist.objects.count(), posted=200),
    "rules:event_decklists": Row(lambda w: reverse("rules:event_decklists", args=[w.event.pk]), A_JUDGE_PAGE),
    # The live check (JSON, POST only, stores nothing): the event's players and judges
    # (tests/rules/django/test_decklists_online.py).
    "rules:decklist_validate_live": Row(lambda w: reverse("rules:decklist_validate_live", args=[w.event.pk]),
                                        frozenset()),
    "rules:decklist_detail": Row(lambda w: reverse("rules:decklist_detail", args=[w.decklist.pk]), A_JUDGE_PAGE),
    "rules:deck_check_create": Row(
        lambda w: reverse("rules:deck_check_create", args=[w.decklist.pk]), frozenset(), A_JUDGE_PAGE,
        lambda w: {"counted_cards": "60", "table_number": "1", "game_number": "1"},
        lambda w: DeckCheck.objects.count()),
    "leagues:qualification": Row(lambda w: reverse("leagues:qualification", args=[w.season.pk]),
                                 frozenset(ORGANIZERS)),
    "leagues:prizes": Row(lambda w: reverse("leagues:prizes", args=[w.season.pk]), frozenset(ORGANIZERS)),
    # «Mi torneo» (issue #17): always the signed-in user's own page; no actor here is a linked player, so
    # each sees how to claim a number (200) and a drop POST is a 403 (tests/tournaments/views/test_my_event.py).
    "me:home": Row(lambda w: reverse("me:home"), frozenset(ACTORS) - {ANON}),
    "me:event": Row(lambda w: reverse("me:event", args=[w.event.pk]), frozenset(ACTORS) - {ANON}),
    "me:drop": Row(lambda w: reverse("me:drop", args=[w.event.pk]), frozenset(ACTORS) - {ANON}),
    # Self-reported results (issue #17): POST only, and only by a player of the table; no actor here is one
    # (tests/tournaments/views/test_reports_pages.py), so only the GET (405) is checked here.
    "me:report": Row(lambda w: reverse("me:report", args=[w.event.pk]), frozenset()),
    # Avisos (issue #29 point 2): JSON POSTs of the signed-in player's own browser; no actor here has a
    # player, so only the GET (405) is checked here (tests/tournaments/views/test_me_push.py).
    "me:push_subscribe": Row(lambda w: reverse("me:push_subscribe"), frozenset()),
    "me:push_unsubscribe": Row(lambda w: reverse("me:push_unsubscribe"), frozenset()),
    # Pre-registration POSTs (issue #17): only for the signed-in user's own linked player; no actor here is
    # one, so only the GET (405) is checked here (tests/tournaments/views/test_preregistration_pages.py).
    "prereg:create": Row(lambda w: reverse("prereg:create", args=[w.event.pk]), frozenset()),
    "prereg:cancel": Row(lambda w: reverse("prereg:cancel", args=[w.event.pk]), frozenset()),
    # Player accounts (issue #17): every signed-in user has an account page; anonymous → the player login.
    "accounts:profile": Row(
        lambda w: reverse("accounts:profile"), frozenset(ACTORS) - {ANON}, frozenset(ACTORS) - {ANON},
        lambda w: {"email": f"cuenta{next(_EMAILS)}@example.com"},
        lambda w: sorted(get_user_model().objects.values_list("email", flat=True))),
    "accounts:claim": Row(
        lambda w: reverse("accounts:claim"), frozenset(ACTORS) - {ANON}, frozenset(ACTORS) - {ANON},
        lambda w: {"code": account_services.player_claim_code_create(player=_unclaimed(w))},
        lambda w: w.event.registrations.filter(player__user__isnull=False).count()),
    "accounts:password_change": Row(
        lambda w: reverse("accounts:password_change"), frozenset(ACTORS) - {ANON}, frozenset(ACTORS) - {ANON},
        lambda w: {"old_password": "secreto-123", "new_password1": "nueva-clave-77", "new_password2": "nueva-clave-77"},
        lambda w: sorted(get_user_model().objects.values_list("password", flat=True))),
    # The organizer's claim codes: players they may change, registrations of their venue's events.
    "accounts:player_code": Row(
        lambda w: reverse("accounts:player_code", args=[w.match.player_a.player.player_number]),
        frozenset({ORG_A}), frozenset({ORG_A}), lambda w: {}, lambda w: PlayerClaimCode.objects.count(), posted=200),
    "accounts:event_codes": Row(
        lambda w: reverse("accounts:event_codes", args=[w.event.pk]), frozenset({ORG_A}), frozenset({ORG_A}),
        lambda w: {}, lambda w: PlayerClaimCode.objects.count(), posted=200),
}

NAMESPACES = ("judge", "clock", "rulings", "rules", "leagues", "me", "accounts", "prereg")


def url_names(namespace: str) -> set[str]:
    resolver = get_resolver()
    _prefix, sub = resolver.namespace_dict[namespace]
    return {f"{namespace}:{p.name}" for p in sub.url_patterns if getattr(p, "name", None)}


@pytest.fixture
def world(db, settings) -> World:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return World()


def as_actor(client, w: World, actor: str):
    client.logout()
    if actor != ANON:
        client.force_login(w.users[actor])
    return client


def assert_refused(response, actor: str, url: str) -> None:
    if actor == ANON:
        # The player pages (/cuenta/, /yo/, /proximos/, issue #17) send anonymous visitors to the player login.
        player_page = (url.startswith(("/cuenta/", "/yo/", "/proximos/"))
                       and not url.startswith("/cuenta/codigos/"))
        login = reverse("accounts:login") if player_page else reverse("login")
        assert response.status_code == 302, (actor, url, response.status_code)
        assert response["Location"].startswith(login + "?next="), response["Location"]
    else:
        body = response.content.decode()
        assert response.status_code == 403, (actor, url, response.status_code)
        assert "Sin permiso" in body and "Sólo " in body, body[:400]


# --------------------------------------------------------------------------- completeness


def test_every_url_name_has_a_row_or_is_public():
    names = set().union(*(url_names(ns) for ns in NAMESPACES))
    assert "judge:table" in names and "leagues:prizes" in names  # the walk finds the URL names
    missing = names - set(ROWS) - PUBLIC
    assert not missing, f"URL names without a permission row: {sorted(missing)}"
    assert not (set(ROWS) | PUBLIC) - names, "rows for URL names that no longer exist"


# --------------------------------------------------------------------------- reads


@pytest.mark.parametrize("name", sorted(ROWS))
def test_reads(client, world, name):
    row = ROWS[name]
    url = row.url(world)
    for actor in ACTORS:
        response = as_actor(client, world, actor).get(url)
        if actor in row.readers:
            assert response.status_code == 200, (actor, url, response.status_code)
        elif row.readers:
            assert_refused(response, actor, url)
        elif actor == ANON and response.status_code == 302:  # POST-only behind login_required
            assert_refused(response, actor, url)
        else:  # POST-only views: a GET is 405 for everyone, never a page
            assert response.status_code == 405, (actor, url, response.status_code)


# --------------------------------------------------------------------------- writes


@pytest.mark.parametrize("name", sorted(n for n, r in ROWS.items() if r.writers))
def test_writes_refused_change_nothing_and_allowed_work(client, world, name):
    row = ROWS[name]
    url = row.url(world)
    payload = row.prepare(world, client) if row.prepare else row.payload(world)
    before = row.snapshot(world)
    for actor in sorted(set(ACTORS) - row.writers):
        response = as_actor(client, world, actor).post(url, payload)
        assert_refused(response, actor, url)
        assert row.snapshot(world) == before, (actor, "a refused POST changed something")
    # The same request from each allowed actor works (a fresh payload: versions move on).
    for actor in sorted(row.writers):
        payload = row.prepare(world, client) if row.prepare else row.payload(world)
        before = row.snapshot(world)
        response = as_actor(client, world, actor).post(url, payload)
        assert response.status_code == row.posted, (actor, url, response.status_code)
        assert row.snapshot(world) != before, (actor, "an allowed POST changed nothing")
        if row.reset:
            row.reset(world)


# --------------------------------------------------------------------------- scoped contents


def test_judge_home_lists_only_the_users_events(client, world):
    # A single live event opens directly: each actor lands on their own event, never on another venue's.
    for actor, event in ((ORG_A, world.event), (JUDGE, world.event), (HEAD, world.event), (ORG_B, world.other)):
        response = as_actor(client, world, actor).get(reverse("judge:home"))
        assert response.status_code == 302 and response["Location"] == reverse("judge:tables", args=[event.pk])
    listed = as_actor(client, world, NOBODY).get(reverse("judge:home") + "?todos=1")
    assert listed.status_code == 200
    assert world.event.name not in listed.content.decode() and world.other.name not in listed.content.decode()


def test_player_history_shows_other_venues_penalties_only_to_the_players_judges(client, world):
    # The player of A also plays at B and gets a penalty there: a judge of A sees it (the point of the
    # history); the organizer of B sees A's player only once the player is registered at B.
    player = world.match.player_a.player
    url = reverse("judge:player_penalties", args=[player.player_number])
    assert as_actor(client, world, ORG_B).get(url).status_code == 403  # not (yet) a player of B
    at_b = EventFactory(venue=world.other.venue, name="Fecha en B")
    services.registration_open(event=at_b)
    regs = [Registration.objects.create(event=at_b, player=p, checked_in=True)
            for p in (player, world.other.registrations.first().player)]
    services.registration_close(event=at_b)
    services.round_pair_next(event=at_b)
    penalties.penalty_issue(registration=regs[0], infraction_code="procedural_no_draw")
    url = reverse("judge:player_penalties", args=[player.player_number])
    judge_page = as_actor(client, world, JUDGE).get(url)
    assert judge_page.status_code == 200
    assert judge_page.context["events"] == 2 and len(judge_page.context["rows"]) == 2
    # The entry of B is listed but not linked: its detail page is for B's judges.
    assert sorted(r["linkable"] for r in judge_page.context["rows"]) == [False, True]
    b_player = world.other.registrations.select_related("player").order_by("-pk").first().player
    b_url = reverse("judge:player_penalties", args=[b_player.player_number])
    assert as_actor(client, world, ORG_B).get(b_url).status_code == 200
    assert as_actor(client, world, JUDGE).get(b_url).status_code == 403
    # Once registered at B, B's organizer sees the whole history too, A's entry included.
    assert len(as_actor(client, world, ORG_B).get(url).context["rows"]) == 2


def test_unknown_objects_are_404_for_an_allowed_actor(client, world):
    as_actor(client, world, ORG_A)
    assert client.get(reverse("judge:tables", args=[world.event.pk + world.other.pk + 100])).status_code == 404
    assert client.get(reverse("judge:penalty_detail", args=[world.event.pk, world.penalty.pk + 100])).status_code == 404
    assert client.get(reverse("judge:player_penalties", args=["NO-EXISTE"])).status_code == 404
    assert client.get(reverse("leagues:prizes", args=[world.season.pk + 100])).status_code == 404
