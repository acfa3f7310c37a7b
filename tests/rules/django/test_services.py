"""Decklist services: submit (every violation stored), lock at round 1,
changes after the lock only by the head judge with history, deck checks.

Rules: 000_0014b2ac83da54b4.txt § "Armado de Mazos", § "Baby"; issue #6 §5.
"""
from __future__ import annotations

import datetime

import pytest

from rules import services
from rules.enums import DecklistStatus
from rules.errors import DecklistError, DecklistLocked, NotAllowed, StateError
from rules.models import DeckCheck, Decklist, SealedPool
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import services as tournament_services
from tournaments.models import Round

from .conftest import LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ILLEGAL = LEGAL.replace("19 Índica", "20 Índica").replace("1 Baby Kush", "1 Baby Kush\n1 Baby Haze")


def pair_round_one(roles) -> Round:
    tournament_services.registration_close(event=roles.event)
    return tournament_services.round_pair_next(event=roles.event)


def test_decklist_submit_legal_list_by_the_player(roles):
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    assert (decklist.status, decklist.violations, decklist.main_count) == (DecklistStatus.LEGAL, [], 60)
    assert (decklist.format_key, decklist.validated_on) == ("constructed", roles.event.date)
    assert decklist.submitted_by == roles.player_user and decklist.submitted_at is not None
    assert decklist.cards[1] == {
        "line": 3, "quantity": 1, "written": "Baby Kush", "card": "Baby Kush", "printing": None,
        "printing_assumed": False, "sideboard": False, "proxy": False, "judge_proxy": False,
    }
    assert not decklist.locked
    assert decklist.history.get().history_change_reason == services.REASON_SUBMITTED


def test_decklist_submit_stores_every_violation_with_its_source(roles):
    decklist = services.decklist_submit(registration=roles.own, text=ILLEGAL, by=roles.player_user)
    assert decklist.status == DecklistStatus.ILLEGAL
    assert [(v["code"], v["source"]) for v in decklist.violations] == [
        ("deck_size", '000_0014b2ac83da54b4.txt § "Armado de Mazos"'),
        ("more_than_one_baby", '000_0014b2ac83da54b4.txt § "Baby"'),
    ]
    assert decklist.violations[0]["message"] == "El mazo tiene 62 cartas; debe tener exactamente 60."


def test_decklist_submit_replaces_the_list_and_keeps_history(roles):
    services.decklist_submit(registration=roles.own, text=ILLEGAL, by=roles.player_user)
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.judge)
    assert Decklist.objects.filter(registration=roles.own).count() == 1
    assert [h.status for h in decklist.history.order_by("history_date")] == ["illegal", "legal"]
    assert decklist.history.latest().history_user == roles.judge


def test_decklist_submit_for_someone_else_is_refused(roles):
    with pytest.raises(NotAllowed):
        services.decklist_submit(registration=roles.registrations[1], text=LEGAL, by=roles.player_user)
    with pytest.raises(NotAllowed):
        services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.outsider)
    assert not Decklist.objects.exists()


def test_decklist_submit_empty_text_is_refused(roles):
    with pytest.raises(DecklistError) as exc:
        services.decklist_submit(registration=roles.own, text="  \n ", by=roles.player_user)
    assert exc.value.code == "empty_decklist"


def test_round_one_locks_the_legal_lists_only(roles):
    legal = services.decklist_submit(registration=roles.registrations[0], text=LEGAL, by=roles.organizer)
    illegal = services.decklist_submit(registration=roles.registrations[1], text=ILLEGAL, by=roles.organizer)
    pair_round_one(roles)
    legal.refresh_from_db()
    illegal.refresh_from_db()
    assert legal.locked and legal.locked_at is not None
    assert not illegal.locked
    assert legal.history.latest().history_change_reason == services.REASON_LOCKED
    assert services.decklists_lock(event=roles.event) == 0  # idempotent


def test_locked_list_changes_only_through_the_head_judge_with_a_reason(roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    pair_round_one(roles)
    changed = LEGAL.replace("4 Fasent", "3 Fasent\n1 Bruma")
    for user in (roles.player_user, roles.judge):
        with pytest.raises(DecklistLocked) as exc:
            services.decklist_submit(registration=roles.own, text=changed, by=user)
        assert exc.value.status == 409
    with pytest.raises(DecklistError) as exc:
        services.decklist_submit(registration=roles.own, text=changed, by=roles.head_judge)
    assert exc.value.code == "reason_required"
    assert Decklist.objects.get().text == LEGAL.strip()
    decklist = services.decklist_submit(
        registration=roles.own, text=changed, by=roles.head_judge, reason="Carta dañada reemplazada"
    )
    assert decklist.locked and "1 Bruma" in decklist.text
    last = decklist.history.latest()
    assert last.history_change_reason == "Cambio del juez principal: Carta dañada reemplazada"
    assert last.history_user == roles.head_judge
    assert decklist.history.count() == 3  # submitted, locked, changed


def test_organizer_counts_as_head_judge_for_locked_lists(roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    pair_round_one(roles)
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.organizer, reason="Revisión")
    assert decklist.locked


def test_after_round_one_players_no_longer_submit_but_judges_do(roles):
    pair_round_one(roles)
    with pytest.raises(StateError) as exc:
        services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    assert exc.value.code == "decklists_closed"
    late = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.judge)
    assert late.locked  # a legal list entered after round 1 locks at once


def test_decklist_submit_uses_the_event_kind_format():
    event = EventFactory(kind="breeder_quest", date=datetime.date(2024, 10, 5))
    tournament_services.registration_open(event=event)
    registration = tournament_services.registration_create(event=event, player=PlayerFactory())
    judge = UserFactory()
    event.judges.add(judge)
    decklist = services.decklist_submit(registration=registration, text="40 Sativa\n4 Fasent (proxy)", by=judge)
    assert (decklist.format_key, decklist.status, decklist.violations) == ("breeder_quest", "legal", [])


def test_indoor_decklist_is_checked_against_the_registered_pool(roles):
    roles.event.kind = "indoor"
    roles.event.save(update_fields=["kind"])
    text = "3 Fasent\n10 Sativa"
    without_pool = services.decklist_submit(registration=roles.own, text=text, by=roles.judge)
    assert [v["code"] for v in without_pool.violations] == ["pool_not_registered"]
    SealedPool.objects.create(registration=roles.own, cards_text="2 Fasent", received_text="1 Fasent")
    with_pool = services.decklist_submit(registration=roles.own, text=text, by=roles.judge)
    assert (with_pool.status, with_pool.violations) == ("legal", [])


def test_deck_check_record_finds_differences_with_the_registered_list(roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    rnd = pair_round_one(roles)
    match = rnd.tables.get(seats__registration=roles.own)
    counted = LEGAL.replace("4 Escudo de Prensado", "4 Escudo de Prensado\n1 Bruma")
    check = services.deck_check_record(
        registration=roles.own, judge=roles.judge, match=match, counted_text=counted, discrepancies="Una Bruma de más",
    )
    assert (check.round, check.table_number, check.counted_cards) == (rnd, match.table_number, 61)
    assert [v["code"] for v in check.violations] == ["deck_size", "unregistered_card", "more_cards_than_registered"]
    assert check.decklist == roles.own.decklist


def test_deck_check_record_with_a_count_only(roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    ok = services.deck_check_record(registration=roles.own, judge=roles.judge, counted_cards=60, table_number=3)
    assert (ok.violations, ok.has_discrepancies) == ([], False)
    short = services.deck_check_record(registration=roles.own, judge=roles.judge, counted_cards=59)
    assert [v["code"] for v in short.violations] == ["count_differs"]


def test_deck_check_record_by_a_non_judge_is_refused(roles):
    with pytest.raises(NotAllowed):
        services.deck_check_record(registration=roles.own, judge=roles.player_user, counted_cards=60)
    with pytest.raises(NotAllowed):
        services.deck_check_record(registration=roles.own, judge=roles.outsider, counted_cards=60)
    assert not DeckCheck.objects.exists()


def test_decklist_revalidate_after_a_new_ban(roles):
    from rules.models import BanEntry, Card

    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    fasent = Card.objects.get(name="Fasent")
    BanEntry.objects.create(game=fasent.game, scope="card", card=fasent, effective_from=datetime.date(2024, 1, 1))
    decklist = services.decklist_revalidate(decklist=decklist, by=roles.organizer)
    assert (decklist.status, [v["code"] for v in decklist.violations]) == ("illegal", ["banned_card"])
    assert decklist.history.latest().history_change_reason == services.REASON_REVALIDATED
