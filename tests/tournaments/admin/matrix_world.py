"""The world of the admin permission matrix: two venues with one event each, every kind of row, seven actors.

Venue A («Sede Palermo») and venue B («Sede Rosario») each hold an event
with four players registered, a decklist, a sealed pool, round 1 paired, a
result on table 1, a penalty, a ruling, a deck check, a failed document,
event log entries, a ledger entry, a collection confirmation and a badge
award. Venue A also has a draft event (no rounds: deletable) and a pod
event with its round 1 paired. Players: ``a`` (home A, plays in A), ``b``
(home B, plays in B), ``t`` (home A, travelled to B's event), ``n`` (no
home venue, plays in A), ``f`` (home A, never played).

Actors: the organizers of A and B (staff, group «Organizador»; they also
hold the league permissions a superuser may grant, so the league admin's
scoping is exercised), a judge and the head judge of the A event (staff,
groups «Juez» and «Juez principal»: the strongest judges the admin can
meet), a signed-in user with no role (not staff), anonymous, and a
superuser. Every actor has its own logged-in client.
"""
from __future__ import annotations

from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.test import Client
from rest_framework.authtoken.models import Token, TokenProxy

from leagues import services as league_services
from leagues.enums import AWARDABLE_BADGES, LedgerReason, LedgerScope
from leagues.models import BadgeAward, CollectionConfirmation, LeagueEvent, LedgerEntry
from rules import services as rule_services
from rules.models import BanEntry, Card, CardSet, DeckCheck, Decklist, Printing, ReprintRule, SealedPool
from rules.rulings import CATALOG
from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory, game
from tournaments import penalties, services
from tournaments.enums import DocumentKind, DocumentState
from tournaments.models import (
    Document,
    EventLogEntry,
    MatchRuling,
    Penalty,
    Player,
    Registration,
    ResultEntry,
    Table,
    Venue,
)

ORG_A, ORG_B, JUDGE, HEAD, NOBODY, ANON, SUPER = "org_a", "org_b", "judge_a", "head_a", "nobody", "anonymous", "super"
STAFF = (ORG_A, ORG_B, JUDGE, HEAD)
ACTORS = (*STAFF, NOBODY, ANON, SUPER)

#: League permissions the organizers of this world hold (the groups give none; a superuser may grant them).
LEAGUE_PERMS = (
    "view_season", "view_seasondate", "view_leagueevent", "change_leagueevent", "view_ledgerentry",
    *(f"{a}_{m}" for m in ("collectionconfirmation", "badgeaward") for a in ("add", "change", "view", "delete")),
)

#: Apps whose rows a refused request must leave untouched.
WATCHED_APPS = ("tournaments", "rules", "leagues", "auth", "authtoken")


def fingerprint() -> dict:
    """Every row of the watched apps (history tables included), by model: what "nothing changed" compares."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for model in apps.get_models()
        if model._meta.app_label in WATCHED_APPS and not model._meta.proxy
    }


def changed(before: dict) -> list[str]:
    """The models whose rows differ from ``before`` (a :func:`fingerprint`)."""
    after = fingerprint()
    return sorted(label for label in before.keys() | after.keys() if before.get(label) != after.get(label))


class World:
    def __init__(self) -> None:
        self.venue = {"a": VenueFactory(name="Sede Palermo", province="CABA"),
                      "b": VenueFactory(name="Sede Rosario", province="Santa Fe")}
        self.users = {
            ORG_A: UserFactory(username="org_a", is_staff=True),
            ORG_B: UserFactory(username="org_b", is_staff=True),
            JUDGE: UserFactory(username="juez_a", is_staff=True),
            HEAD: UserFactory(username="principal_a", is_staff=True),
            NOBODY: UserFactory(username="nadie"),
            SUPER: UserFactory(username="liga", is_staff=True, is_superuser=True),
        }
        organizers = Group.objects.get(name="Organizador")
        league = Permission.objects.filter(content_type__app_label="leagues", codename__in=LEAGUE_PERMS)
        for side, actor in (("a", ORG_A), ("b", ORG_B)):
            self.users[actor].groups.add(organizers)
            self.users[actor].user_permissions.add(*league)
            self.venue[side].organizers.add(self.users[actor])
        self.users[JUDGE].groups.add(Group.objects.get(name="Juez"))
        self.users[HEAD].groups.add(Group.objects.get(name="Juez principal"))

        self.players = {
            "a": PlayerFactory(display_name="Ana Palermo", player_number="PA-1", home_venue=self.venue["a"]),
            "b": PlayerFactory(display_name="Beto Rosario", player_number="RO-1", home_venue=self.venue["b"]),
            "t": PlayerFactory(display_name="Tina Viajera", player_number="PA-2", home_venue=self.venue["a"]),
            "n": PlayerFactory(display_name="Nico Sinsede", player_number="XX-1", home_venue=None),
            "f": PlayerFactory(display_name="Fede Nuevo", player_number="PA-3", home_venue=self.venue["a"]),
        }
        self.season = {"a": league_services.season_create(game=game(), year=2024),
                       "b": league_services.season_create(game=game(), year=2025)}
        self.event, self.round, self.match, self.reg = {}, {}, {}, {}
        self.decklist, self.pool, self.document = {}, {}, {}
        roster = {"a": [self.players["a"], self.players["n"]], "b": [self.players["b"], self.players["t"]]}
        for side in ("a", "b"):
            self._build_side(side, roster[side])
        self.event["a"].judges.add(self.users[JUDGE])
        self.event["a"].head_judge = self.users[HEAD]
        self.event["a"].save(update_fields=["head_judge"])
        self.draft = EventFactory(venue=self.venue["a"], name="Fecha sin rondas")
        self.pod_event = EventFactory(venue=self.venue["a"], name="Fecha de mesas", game=game("stoner_points"),
                                      best_of=1, cut_size=0)
        services.registration_open(event=self.pod_event)
        for i in range(4):
            services.registration_create(event=self.pod_event,
                                         player=PlayerFactory(player_number=f"POD-{i}", home_venue=self.venue["a"]))
        services.registration_close(event=self.pod_event)
        self.pod_round = services.round_pair_next(event=self.pod_event)
        self.pod = self.pod_round.tables.get()
        self.tokens = {side: TokenProxy.objects.get(pk=Token.objects.create(user=self.users[actor]).pk)
                       for side, actor in (("a", ORG_A), ("b", ORG_B))}
        self.clients = {}
        for actor in ACTORS:
            client = Client()
            if actor != ANON:
                client.force_login(self.users[actor])
            self.clients[actor] = client

    def _build_side(self, side: str, players: list[Player]) -> None:
        organizer = self.users[ORG_A if side == "a" else ORG_B]
        event = EventFactory(venue=self.venue[side], name=f"Fecha {self.venue[side].name}")
        services.registration_open(event=event)
        regs = [services.registration_create(event=event, player=p) for p in players]
        regs += [services.registration_create(event=event, player=PlayerFactory(home_venue=self.venue[side]))
                 for _ in range(4)]
        for reg in regs:
            services.registration_check_in(registration=reg, present=True)
        self.decklist[side] = rule_services.decklist_submit(registration=regs[0], text="4 Fasent\n", by=organizer)
        self.pool[side] = SealedPool.objects.create(registration=regs[1], cards_text="3 Fasent", recorded_by=organizer)
        services.registration_close(event=event)
        rnd = services.round_pair_next(event=event)
        match = Table.objects.get(round=rnd, table_number=1)
        services.table_result_record(
            table=match,
            seats=[{"games": 2}, {"games": 0}],
            games_drawn=0,
            expected_version=0,
            entered_by=organizer,
        )
        penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
        penalties.match_ruling_attach(match=match, ruling_id=CATALOG[0].id, note="consultado")
        rule_services.deck_check_record(registration=regs[0], judge=organizer, counted_cards=60)
        self.document[side], _ = Document.objects.update_or_create(
            round=rnd, kind=DocumentKind.PAIRINGS_BY_TABLE,
            defaults={"event": event, "state": DocumentState.FAILED, "error": "QR roto"})
        LedgerEntry.objects.create(player=players[0], event=event, reason=LedgerReason.PARTICIPATION,
                                   scope=LedgerScope.ALL_TIME, points=1)
        CollectionConfirmation.objects.create(season=self.season["a"], player=players[0], confirmed_by=organizer)
        BadgeAward.objects.create(season=self.season["a"], player=players[0], badge=AWARDABLE_BADGES[0][0],
                                  reason="Elegida en el Breeder Quest", event=event, awarded_by=organizer)
        self.event[side], self.round[side], self.match[side], self.reg[side] = event, rnd, match, regs

    # ------------------------------------------------------------------ the objects of each admin model

    def objects(self, model) -> dict[str, object]:
        """Objects of ``model`` by key ("a": venue A's, "b": venue B's, more for players and events)."""
        side = lambda fn: {k: fn(k) for k in ("a", "b")}  # noqa: E731
        by_event = lambda m, path="event": side(lambda k: m.objects.filter(**{path: self.event[k]}).first())  # noqa: E731
        label = model._meta.label
        if label == "auth.Group":
            return {"a": Group.objects.get(name="Organizador"), "b": Group.objects.get(name="Juez")}
        if label == "auth.User":
            return {"a": self.users[ORG_A], "b": self.users[ORG_B]}
        if label == "authtoken.TokenProxy":
            return dict(self.tokens)
        if label == "rules.Game":
            return {"a": game(), "b": game("stoner_points")}
        if model in (CardSet, Card, Printing, BanEntry, ReprintRule):
            first_two = list(model.objects.order_by("pk")[:2])
            assert len(first_two) == 2, f"the seeded catalog has no two {label}"
            return {"a": first_two[0], "b": first_two[1]}
        if model is Decklist:
            return dict(self.decklist)
        if model is DeckCheck:
            return by_event(DeckCheck, "registration__event")
        if model is SealedPool:
            return dict(self.pool)
        if model is Document:
            return dict(self.document)
        if model is Player:
            return dict(self.players)
        if model is Venue:
            return dict(self.venue)
        if label == "tournaments.Event":
            return {**self.event, "d": self.draft}
        if model is Registration:
            return side(lambda k: self.reg[k][0])
        if label == "tournaments.Round":
            return dict(self.round)
        if model is Table:
            return dict(self.match)
        if model is ResultEntry:
            return by_event(ResultEntry, "table__round__event")
        if model is EventLogEntry:
            return by_event(EventLogEntry)
        if model is Penalty:
            return by_event(Penalty)
        if model is MatchRuling:
            return by_event(MatchRuling, "match__round__event")
        if label == "leagues.Season":
            return dict(self.season)
        if label == "leagues.SeasonDate":
            return side(lambda k: self.season[k].dates.order_by("date").first())
        if model is LeagueEvent:
            return side(lambda k: LeagueEvent.objects.get(pk=self.event[k].pk))
        if model is LedgerEntry:
            return by_event(LedgerEntry)
        if model is CollectionConfirmation:
            return side(lambda k: CollectionConfirmation.objects.get(player=self.reg[k][0].player))
        if model is BadgeAward:
            return by_event(BadgeAward)
        raise AssertionError(f"no objects for {label}: add them to World.objects")
