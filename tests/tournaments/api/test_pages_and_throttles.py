"""Pages, throttles and the documented errors of the API (issue #15, items 4 and 5)."""
from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.factories import EventFactory, UserFactory
from tournaments import penalties
from tournaments.api.throttles import AnonReadThrottle, LoginRateThrottle

from .conftest import first_table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

EVENTS = reverse("tournaments_api:event-list")


# --------------------------------------------------------------------------- pagination


def test_rulings_of_a_table_are_a_page(as_user, judge, round_one):
    match = first_table(round_one)
    for ruling_id in ("wm.mulligan", "wm.priority.resolution_order", "wm.mulligan"):
        penalties.match_ruling_attach(match=match, ruling_id=ruling_id, given_by=judge)
    url = reverse("tournaments_api:table-rulings", args=[match.pk])
    client = as_user(judge)
    first = client.get(url, {"page_size": 2}).json()
    assert first["count"] == 3 and first["previous"] is None and "page=2" in first["next"]
    assert [r["ruling_id"] for r in first["results"]] == ["wm.mulligan", "wm.priority.resolution_order"]
    last = client.get(url, {"page_size": 2, "page": 2}).json()
    assert [r["ruling_id"] for r in last["results"]] == ["wm.mulligan"] and last["next"] is None


@pytest.mark.parametrize(("params", "name", "message"), [
    ({"page_size": "abc"}, "page_size", "Debe ser un número entero de 1 a 500."),
    ({"page_size": "0"}, "page_size", "Debe ser un número entero de 1 a 500."),
    ({"page_size": "501"}, "page_size", "Debe ser un número entero de 1 a 500."),
    ({"page_size": "-3"}, "page_size", "Debe ser un número entero de 1 a 500."),
    ({"page": "0"}, "page", "Debe ser un número entero desde 1."),
    ({"page": "último"}, "page", "Debe ser un número entero desde 1."),
    ({"page": "2"}, "page", "No existe la página 2."),  # three events fit on page 1
])
def test_junk_or_out_of_range_paging_is_400_naming_the_parameter(api, params, name, message):
    for _ in range(3):
        EventFactory()
    response = api.get(EVENTS, params)
    assert response.status_code == 400
    assert response.json() == {"code": "invalid", "detail": f"{name}: {message}", "errors": {name: [message]}}


def test_the_same_paging_rule_on_every_paginated_list(api, event, round_one, as_user, organizer):
    """Lists of events, players, rounds, pairings, standings, rulings, the log and penalties."""
    client = as_user(organizer)
    match = first_table(round_one)
    urls = [
        EVENTS, reverse("tournaments_api:player-list"), reverse("tournaments_api:ruling-list"),
        reverse("tournaments_api:round-list", args=[event.pk]),
        reverse("tournaments_api:pairing-list", args=[event.pk, 1]),
        reverse("tournaments_api:standing-list", args=[event.pk]),
        reverse("tournaments_api:event-log", args=[event.pk]),
        reverse("tournaments_api:penalty-list", args=[event.pk]),
        reverse("tournaments_api:table-rulings", args=[match.pk]),
    ]
    for url in urls:
        ok = client.get(url, {"page_size": 1})
        assert ok.status_code == 200 and len(ok.json()["results"]) <= 1, url
        junk = client.get(url, {"page_size": "x"})
        assert (junk.status_code, list(junk.json()["errors"])) == (400, ["page_size"]), url


def test_an_unknown_api_address_is_a_json_404(api):
    for path in ("/api/events/abc/", "/api/no-existe/", "/api/matches/null/result/"):
        response = api.get(path)
        assert response.status_code == 404 and response["Content-Type"] == "application/json"
        assert response.json() == {"code": "not_found", "detail": "No existe esa dirección de la API."}
    assert api.post("/api/events/abc/finish/").status_code == 404


# --------------------------------------------------------------------------- throttles


@pytest.fixture
def rates(settings):
    """Small rates to reach in a test; the counters live in the cache (cleared per test)."""

    def set_rates(anon: str | None = "1000/min", login: str | None = "10/min") -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": {"anon": anon, "login": login}}

    return set_rates


def test_default_rates_are_generous_for_a_crowd_and_strict_for_logins():
    assert AnonReadThrottle().rate == "1000/min"
    assert LoginRateThrottle().rate == "10/min"


def test_anonymous_reads_are_throttled_per_ip_with_retry_after(api, rates):
    rates(anon="3/min")
    assert [api.get(EVENTS).status_code for _ in range(3)] == [200, 200, 200]
    refused = api.get(EVENTS)
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert refused.json()["detail"].startswith("Demasiados pedidos seguidos. Volvé a intentar en ")
    assert 1 <= int(refused["Retry-After"]) <= 60
    other_ip = api.get(EVENTS, REMOTE_ADDR="10.0.0.9")
    assert other_ip.status_code == 200


def test_authenticated_staff_are_not_throttled(api, rates, organizer):
    rates(anon="2/min")
    api.force_login(organizer)
    assert {api.get(EVENTS).status_code for _ in range(5)} == {200}


def test_token_logins_are_throttled_per_ip_and_username(rates, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rates(login="3/min")
    UserFactory(username="jueza")
    client = APIClient()
    url = reverse("tournaments_api:token")
    wrong = [client.post(url, {"username": "jueza", "password": "no"}, format="json").status_code for _ in range(3)]
    assert wrong == [400, 400, 400]
    blocked = client.post(url, {"username": "jueza", "password": "secreto-123"}, format="json")  # even the right one
    assert blocked.status_code == 429 and "Retry-After" in blocked
    assert blocked.json()["detail"].startswith("Demasiados pedidos seguidos.")
    other_user = client.post(url, {"username": "otra", "password": "x"}, format="json")
    assert other_user.status_code == 400  # another username from the same address still gets an answer


def test_the_login_page_is_throttled_and_shares_the_counter(client, rates, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rates(login="3/min")
    UserFactory(username="jueza")
    login = reverse("login")
    assert client.post(login, {"username": "jueza", "password": "no"}).status_code == 200  # the form again
    assert APIClient().post(reverse("tournaments_api:token"), {"username": "jueza", "password": "no"},
                            format="json").status_code == 400
    assert client.post(login, {"username": "jueza", "password": "no"}).status_code == 200
    blocked = client.post(login, {"username": "jueza", "password": "secreto-123"})
    assert blocked.status_code == 429 and int(blocked["Retry-After"]) >= 1
    assert "Demasiados intentos de ingreso. Volvé a intentar en" in blocked.content.decode()
    assert "_auth_user_id" not in client.session
    cache.clear()  # a minute later
    assert client.post(login, {"username": "jueza", "password": "secreto-123"}).status_code == 302


# --------------------------------------------------------------------------- schema


def test_every_operation_documents_its_errors():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            codes = set(operation["responses"])
            expected = {"400", "401", "403", "429"} | ({"404"} if "{" in path else set())
            if method == "post":
                expected.add("409")
            assert expected <= codes, (method, path, expected - codes)
            ref = operation["responses"]["429"]["content"]["application/json"]["schema"]["$ref"]
            assert ref.endswith("/ArenaError")
    assert "errors" not in schema["components"]["schemas"]["ArenaValidationError"].get("required", [])


def test_the_rulings_of_a_table_are_documented_as_a_page():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    ok = schema["paths"]["/api/tables/{table_id}/rulings/"]["get"]["responses"]["200"]
    ref = ok["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert set(schema["components"]["schemas"][ref]["properties"]) == {"count", "next", "previous", "results"}
