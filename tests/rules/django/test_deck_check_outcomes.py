"""Deck-check outcomes recorded by judges: count per game, marked cards,
counterfeits, autographed cards and backs, sleeves, damaged-card
replacements and the head judge's decision.

Rule: 000_0014b2ac83da54b4.txt § "Mazo", § "10.2.5. Cartas", §
"10.2.5.3. Cartas falsificadas", § "10.2.5.4. Cartas de representación o
Proxys", § "10.2.5.5. Cartas autografiadas", § "10.2.5.6. Cartas con un
reverso alternativo", § "10.2.5.7. Fundas para cartas".
"""
from __future__ import annotations

import pytest

from rules import services
from rules.errors import DecklistError, NotAllowed
from rules.models import DeckCheck
from tournaments import services as tournament_services

from .conftest import LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def listed(roles):
    """The player's registered list: LEGAL, 60 cards (000 § "Armado de Mazos")."""
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    return roles


def test_count_is_recorded_per_game_and_a_short_deck_is_flagged(listed):
    """R-000-18: the 60-card deck is counted "antes y después de cada partida":
    the check keeps the game it was counted in; 59 against the registered 60
    is flagged for the ladder (R-000-84 decides the penalty)."""
    check = services.deck_check_record(registration=listed.own, judge=listed.judge, counted_cards=59, game_number=2)

    assert (check.game_number, check.counted_cards) == (2, 59)
    assert [(v["code"], v["count"], v["limit"]) for v in check.violations] == [("count_differs", 59, 60)]


def test_marked_cards_and_sleeves_and_the_head_judge_decision(listed):
    """R-000-83: "una carta está marcada si … hace posible identificarla sin ver
    su cara"; sleeves "deben ser de dorso opaco, estar limpios y no tener
    marca"; "El juez principal es la autoridad final". The check keeps each
    marked card with its reason, the sleeve state, and the head judge's
    decision with who gave it; a floor judge cannot give that decision."""
    findings = [{"code": "marked", "card": "Fasent", "note": "esquina doblada"},
                {"code": "sleeves_marked", "card": "", "note": ""}]
    with pytest.raises(NotAllowed):
        services.deck_check_record(registration=listed.own, judge=listed.judge, findings=findings,
                                   decision="Cambia la funda")
    check = services.deck_check_record(registration=listed.own, judge=listed.judge, findings=findings)

    assert [(m["card"], m["note"]) for m in check.marked_cards] == [("Fasent", "esquina doblada")]
    assert [(f["code"], f["action"]) for f in check.findings] == [
        ("marked", "head_judge_decides"), ("sleeves_marked", "change_sleeves"),
    ]
    assert check.decision == ""

    services.deck_check_decide(check=check, by=listed.head_judge, decision="Cambia fundas; la Fasent se reemplaza.")
    check.refresh_from_db()
    assert (check.decision, check.decision_by) == ("Cambia fundas; la Fasent se reemplaza.", listed.head_judge)
    with pytest.raises(NotAllowed):
        services.deck_check_decide(check=check, by=listed.judge, decision="Otra")


def test_counterfeit_must_be_replaced_before_round_one_then_before_continuing(listed):
    """R-000-89: counterfeits "se deben sacar de los mazos … antes del comienzo
    del torneo": found before round 1 → replace before round 1; found once
    round 1 is paired → replace before continuing (Arena's reading: the text's
    deadline has passed). The card is recorded for the judge's penalty."""
    before = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                        findings=[{"code": "counterfeit", "card": "Growshop"}])
    tournament_services.registration_close(event=listed.event)
    tournament_services.round_pair_next(event=listed.event)
    after = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                       findings=[{"code": "counterfeit", "card": "Growshop"}])

    assert [(f["card"], f["action"]) for f in before.findings] == [("Growshop", "replace_before_round_1")]
    assert [(f["card"], f["action"]) for f in after.findings] == [("Growshop", "replace_before_continuing")]
    assert before.findings[0]["source"] == '000_0014b2ac83da54b4.txt § "10.2.5.3. Cartas falsificadas"'


def test_autographed_pen_marked_and_alternate_backs_are_coded_per_card(listed):
    """R-000-93: "Las cartas marcadas con … un bolígrafo o un rotulador no están
    permitidas … Esto incluye las cartas autografiadas"; "solo … el reverso de
    Weed Monsters TCG. Todas las cartas del mazo deben tener el mismo reverso".
    Each failing card is stored under its code for the penalty; a card item
    without its card is refused."""
    check = services.deck_check_record(registration=listed.own, judge=listed.judge, findings=[
        {"code": "autographed", "card": "Fasent"},
        {"code": "pen_marked", "card": "Growshop"},
        {"code": "alternate_back", "card": "Sativa"},
    ])

    assert [(f["code"], f["card"], f["action"]) for f in check.findings] == [
        ("autographed", "Fasent", "remove_or_replace"),
        ("pen_marked", "Growshop", "remove_or_replace"),
        ("alternate_back", "Sativa", "remove_or_replace"),
    ]
    with pytest.raises(DecklistError) as exc:
        services.deck_check_record(registration=listed.own, judge=listed.judge,
                                   findings=[{"code": "autographed", "card": ""}])
    assert exc.value.code == "finding_card_required"


def test_sleeve_checklist_codes_are_recorded_per_check(listed):
    """R-000-94: sleeves of "el mismo color … tamaño … textura", not mirror-like,
    one card each, "ninguna forma de patrón o gráfico en su reverso" unless
    official. Each check keeps its own list; an unknown code is refused."""
    first = services.deck_check_record(registration=listed.own, judge=listed.judge, findings=[
        {"code": "sleeves_mirror"}, {"code": "sleeves_patterned_back"},
    ])
    second = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                        findings=[{"code": "sleeves_not_uniform"}])

    assert [f["code"] for f in first.findings] == ["sleeves_mirror", "sleeves_patterned_back"]
    assert [f["code"] for f in second.findings] == ["sleeves_not_uniform"]
    assert {f["action"] for f in first.findings + second.findings} == {"change_sleeves"}
    with pytest.raises(DecklistError) as exc:
        services.deck_check_record(registration=listed.own, judge=listed.judge, findings=[{"code": "sleeves_ok"}])
    assert exc.value.code == "unknown_finding"


def test_damaged_card_replaced_by_a_basic_gem_keeps_60_and_valid(listed):
    """R-000-92: a production-damaged card judged marked may be replaced "con una
    Gema Básica a elección del Breeder … hasta el final del torneo". LEGAL with
    one Fasent → Sativa is 3 Fasent and 21 Sativa: still 60 cards and legal
    (basic gems have no copy limit, 000 § "Gemas"). A later check that counts
    that deck finds no difference with the list as amended."""
    check = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                       amendments=[{"card": "Fasent", "kind": "basic_gem", "gem": "sativa"}])

    assert [(a["card"], a["gem"], a["count"], a["violations"]) for a in check.amendments] == [
        ("Fasent", "Sativa", 60, []),
    ]
    counted = LEGAL.replace("4 Fasent", "3 Fasent").replace("20 Sativa", "21 Sativa")
    later = services.deck_check_record(registration=listed.own, judge=listed.judge, counted_text=counted)
    assert (later.counted_cards, later.violations) == (60, [])


def test_damaged_card_replacement_refusals(listed):
    """R-000-92: the replacement is a basic gem, of a card in the registered deck."""
    with pytest.raises(DecklistError) as exc:
        services.deck_check_record(registration=listed.own, judge=listed.judge,
                                   amendments=[{"card": "Fasent", "kind": "basic_gem", "gem": "Gema Arcoíris"}])
    assert exc.value.code == "not_a_basic_gem"
    with pytest.raises(DecklistError) as exc:
        services.deck_check_record(registration=listed.own, judge=listed.judge,
                                   amendments=[{"card": "Bruma", "kind": "basic_gem", "gem": "Sativa"}])
    assert exc.value.code == "card_not_in_deck"
    assert not DeckCheck.objects.exists()


def test_judge_page_records_and_shows_the_checklist(client, listed):
    """R-000-83, R-000-92, R-000-94 through the judge's form: marked card with
    its reason, a sleeve item, and "Fasent → Índica"; the page lists them in
    Spanish with the deck size after the replacement."""
    decklist = listed.own.decklist
    client.force_login(listed.judge)
    response = client.post(f"/reglas/mazos/{decklist.pk}/chequeo/", {
        "counted_cards": "60", "game_number": "1", "marked_cards": "Fasent: rayón en el dorso",
        "sleeves": ["sleeves_mirror"], "amendments": "Fasent → Índica",
    }, follow=True)
    html = response.content.decode()

    check = DeckCheck.objects.get()
    assert [(f["code"], f["card"], f["note"]) for f in check.findings] == [
        ("marked", "Fasent", "rayón en el dorso"), ("sleeves_mirror", "", ""),
    ]
    assert [(a["card"], a["gem"], a["count"]) for a in check.amendments] == [("Fasent", "Índica", 60)]
    assert "Fundas: reflejan como un espejo" in html
    assert "Gema básica Índica" in html
    assert "el mazo queda con 60 cartas" in html


def test_admin_shows_the_outcomes(admin_client, listed):
    """R-000-94: the organizer sees each check's failed items in the admin."""
    check = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                       findings=[{"code": "sleeves_several_cards"}])
    html = admin_client.get(f"/admin/rules/deckcheck/{check.pk}/change/").content.decode()

    assert "Fundas: más de una carta por funda" in html


def test_head_judge_records_the_decision_on_the_judge_page(client, listed):
    """R-000-83: "El juez principal es la autoridad final …": on the decklist
    page the head judge records the decision on a check with findings; a floor
    judge's attempt is refused and changes nothing."""
    check = services.deck_check_record(registration=listed.own, judge=listed.judge,
                                       findings=[{"code": "sleeves_mirror"}])
    url = f"/reglas/mazos/{listed.own.decklist.pk}/chequeo/"
    client.force_login(listed.judge)
    assert client.post(url, {"decide_check": check.pk, "decision": "Sigue"}).status_code == 403
    client.force_login(listed.head_judge)
    html = client.post(url, {"decide_check": check.pk, "decision": "Cambia las fundas antes de la ronda 2."},
                       follow=True).content.decode()

    check.refresh_from_db()
    assert (check.decision, check.decision_by) == ("Cambia las fundas antes de la ronda 2.", listed.head_judge)
    assert "Cambia las fundas antes de la ronda 2." in html
    assert DeckCheck.objects.count() == 1
