"""Rules API: validate without registering (public), registered decklists for
the event's judges and organizers only.

Rules: 000_0014b2ac83da54b4.txt § "Armado de Mazos" (60 cards, 4 copies),
§ "Baby" (one Baby), § "Lista de cartas baneadas"; issue #6 §3 (accent and
typo matching) and §6.
"""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules import services
from tests.factories import UserFactory

from .conftest import LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/api/decks/validate/"


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def post(api, **data):
    return api.post(URL, {"game": "weed_monsters", "date": "2024-10-05", **data}, format="json")


def test_validate_legal_list(api, babies):
    response = post(api, text=LEGAL)
    assert response.status_code == 200
    body = response.json()
    assert (body["legal"], body["violations"], body["main_count"]) == (True, [], 60)
    assert (body["game"], body["format"], body["date"]) == ("weed_monsters", "constructed", "2024-10-05")
    assert body["cards"][-1] == {
        "line": 11, "quantity": 19, "written": "Índica", "card": "Índica", "printing": None,
        "printing_assumed": False, "sideboard": False, "proxy": False, "judge_proxy": False,
    }


def test_validate_a_61_card_list(api, babies):
    body = post(api, text=LEGAL.replace("19 Índica", "20 Índica")).json()
    assert body["legal"] is False
    assert body["violations"] == [
        {
            "code": "deck_size",
            "message": "El mazo tiene 61 cartas; debe tener exactamente 60.",
            "source": '000_0014b2ac83da54b4.txt § "Armado de Mazos"',
            "card": None, "line": None, "lines": [], "count": 61, "limit": 60,
        }
    ]


def test_validate_two_babies(api, babies):
    text = LEGAL.replace("19 Índica", "18 Índica").replace("1 Baby Kush", "1 Baby Kush\n1 Baby Haze")
    body = post(api, text=text).json()
    (violation,) = body["violations"]
    assert (violation["code"], violation["lines"], violation["count"], violation["limit"]) == (
        "more_than_one_baby", [3, 4], 2, 1,
    )
    assert violation["source"] == '000_0014b2ac83da54b4.txt § "Baby"'


def test_validate_reports_several_violations_together(api, babies):
    text = (
        "5 Fasent\n"                                  # over 4 copies
        "1 Baby Kush\n1 Baby Haze\n"                  # two Babies
        "1 Bajón Celestial [Farmer 2022]\n"           # banned printing
        "2 Growshop [JC2021]\n"                       # banned set + reprint rule
        "1 Bruma (proxy)\n"                           # proxy
        "4 Fasnet\n"                                  # typo
        "Fasent\n"                                    # no quantity
        "40 indica\n"                                 # accents/case ignored
    )
    body = post(api, text=text).json()
    assert [v["code"] for v in body["violations"]] == [
        "missing_quantity", "unknown_card", "deck_size", "over_4_copies", "more_than_one_baby",
        "banned_printing", "banned_set", "illegal_printing", "proxy_not_allowed",
    ]
    by_code = {v["code"]: v for v in body["violations"]}
    assert by_code["unknown_card"]["line"] == 7
    assert "¿quisiste decir «Fasent»" in by_code["unknown_card"]["message"]
    assert by_code["missing_quantity"]["message"].startswith("Línea 8: falta la cantidad")
    assert by_code["banned_set"]["source"] == '000_0014b2ac83da54b4.txt § "Lista de cartas baneadas"'
    assert by_code["illegal_printing"]["source"] == '000_0014b2ac83da54b4.txt § "2.5.2. Cartas reimpresas"'
    indica = [c for c in body["cards"] if c["line"] == 9][0]
    assert (indica["written"], indica["card"]) == ("indica", "Índica")


def test_validate_other_format_and_default_date(api):
    body = post(api, text="40 Sativa\n4 Fasent (proxy)", format="breeder_quest", date=None).json()
    assert (body["format"], body["legal"]) == ("breeder_quest", True)


def test_validate_unknown_game_or_format_is_a_400(api):
    response = api.post(URL, {"game": "truco", "text": "4 Fasent"}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "unknown_game")
    response = post(api, text="4 Fasent", format="sellado")
    assert (response.status_code, response.json()["code"]) == (400, "unknown_format")
    assert "constructed" in response.json()["detail"]
    response = api.post(URL, {"game": "weed_monsters"}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert "text" in response.json()["errors"]


def test_validate_needs_no_csrf_for_a_logged_in_browser(babies):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    assert client.post(URL, {"game": "weed_monsters", "text": LEGAL}, format="json").status_code == 200


def test_formats_lists_every_game_format(api):
    rows = api.get("/api/decks/formats/").json()
    assert {"game": "weed_monsters", "game_name": "Weed Monsters TCG", "format": "indoor",
            "format_name": "Torneo Indoor"} in rows
    assert {r["game"] for r in rows} >= {"weed_monsters", "blobbiemundo", "planets_war", "reinas", "stoner_points"}


# --------------------------------------------------------------------------- registered decklists


def list_url(roles) -> str:
    return f"/api/decks/events/{roles.event.pk}/decklists/"


@pytest.fixture
def submitted(roles):
    services.decklist_submit(registration=roles.registrations[0], text=LEGAL, by=roles.organizer)
    services.decklist_submit(registration=roles.registrations[1], text="4 Fasent", by=roles.organizer)
    return roles


@pytest.mark.parametrize("who", ["organizer", "head_judge", "judge"])
def test_event_decklists_visible_to_judges_and_organizers(api, submitted, who):
    api.force_login(getattr(submitted, who))
    response = api.get(list_url(submitted))
    assert response.status_code == 200
    rows = response.json()["results"]
    assert sorted((r["player_number"], r["status"], r["violation_count"]) for r in rows) == sorted(
        [(submitted.players[0].player_number, "legal", 0), (submitted.players[1].player_number, "illegal", 1)]
    )


@pytest.mark.parametrize("who", [None, "player_user", "outsider"])
def test_event_decklists_refused_to_others(api, submitted, who):
    if who:
        api.force_login(getattr(submitted, who))
    response = api.get(list_url(submitted))
    assert response.status_code == 403
    assert "results" not in response.json()


@pytest.mark.parametrize("who,status", [(None, 403), ("player_user", 403), ("outsider", 403), ("judge", 200)])
def test_decklist_detail_permissions(api, submitted, who, status):
    decklist = submitted.own.decklist
    if who:
        api.force_login(getattr(submitted, who))
    response = api.get(f"/api/decks/decklists/{decklist.pk}/")
    assert response.status_code == status
    if status == 200:
        body = response.json()
        assert body["text"] == LEGAL.strip()
        assert body["player_number"] == submitted.players[0].player_number
        assert [h["reason"] for h in body["history"]] == [services.REASON_SUBMITTED]
        assert body["deck_checks"] == []


def test_decklist_detail_missing_is_404_for_a_judge(api, submitted):
    api.force_login(submitted.judge)
    assert api.get("/api/decks/decklists/999999/").status_code == 404


def test_event_decklists_query_count_is_constant(api, submitted, django_assert_max_num_queries):
    api.force_login(submitted.judge)
    with django_assert_max_num_queries(12) as one:
        api.get(list_url(submitted))
    for registration in submitted.registrations[2:]:
        services.decklist_submit(registration=registration, text=LEGAL, by=submitted.organizer)
    with django_assert_max_num_queries(12) as more:
        assert len(api.get(list_url(submitted)).json()["results"]) == 4
    assert len(more.captured_queries) == len(one.captured_queries)
