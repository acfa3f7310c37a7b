"""The OpenAPI schema and the offline docs page list every endpoint."""
import re

import pytest
from django.urls import URLPattern, reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

from tournaments.api import urls as api_urls

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ENDPOINTS = {
    ("GET", "/api/events/"),
    ("GET", "/api/events/{event_id}/"),
    ("GET", "/api/events/{event_id}/rounds/"),
    ("GET", "/api/events/{event_id}/rounds/{number}/"),
    ("GET", "/api/events/{event_id}/rounds/{number}/pairings/"),
    ("GET", "/api/events/{event_id}/standings/"),
    ("GET", "/api/events/{event_id}/bracket/"),
    ("GET", "/api/events/{event_id}/players/{player_number}/results/"),
    ("GET", "/api/players/"),
    ("GET", "/api/players/{player_number}/"),
    ("POST", "/api/tables/{table_id}/result/"),
    ("POST", "/api/events/{event_id}/pair-next-round/"),
    ("POST", "/api/events/{event_id}/repair-current-round/"),
    ("POST", "/api/events/{event_id}/top-cut/"),
    ("POST", "/api/events/{event_id}/finish/"),
    ("POST", "/api/events/{event_id}/players/{player_number}/drop/"),
    ("POST", "/api/events/{event_id}/players/{player_number}/undo-drop/"),
}

#: Corrections of a finished result (issue #13): the head judge or an organizer; roles checked in
#: test_corrections_api.py.
CORRECTION_ENDPOINTS = {
    ("POST", "/api/tables/{table_id}/correction/"),
    ("POST", "/api/tables/{table_id}/correction/preview/"),
}

#: Username and password exchanged once for a token (no password per request).
TOKEN_ENDPOINTS = {("POST", "/api/token/")}

#: The players' own actions (issue #17): result reports and pre-registration.
PLAYER_ENDPOINTS = {
    ("POST", "/api/events/{event_id}/tables/{table_id}/report/"),
    ("GET", "/api/events/upcoming/"),
    ("GET", "/api/events/{event_id}/preregistration/"),
    ("POST", "/api/events/{event_id}/preregistration/"),
    ("DELETE", "/api/events/{event_id}/preregistration/"),
    ("GET", "/api/me/events/"),
    ("POST", "/api/events/{event_id}/drop/"),
}

#: Offline venues (issue #18): a venue's exported event published to this server by an organizer.
EXCHANGE_ENDPOINTS = {("POST", "/api/events/import/")}

#: Penalties and rulings (issue #7); their roles are checked in test_penalties_api.py.
#: Reads for the event's staff only (not public).
STAFF_READS = {("GET", "/api/events/{event_id}/log/")}

PENALTY_ENDPOINTS = {
    ("GET", "/api/events/{event_id}/penalties/"),
    ("POST", "/api/events/{event_id}/penalties/"),
    ("POST", "/api/events/{event_id}/penalties/preview/"),
    ("GET", "/api/events/{event_id}/penalties/{penalty_id}/"),
    ("POST", "/api/events/{event_id}/penalties/{penalty_id}/revise/"),
    ("GET", "/api/players/{player_number}/penalties/"),
    ("GET", "/api/tables/{table_id}/rulings/"),
    ("POST", "/api/tables/{table_id}/rulings/"),
    ("GET", "/api/rulings/"),
    ("GET", "/api/rulings/{ruling_id}/"),
}


def operations(schema) -> set[tuple[str, str]]:
    return {
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
    }


def routed_paths() -> set[str]:
    """Every DRF route of tournaments.api.urls as an OpenAPI path."""
    paths = set()
    for pattern in api_urls.urlpatterns:
        assert isinstance(pattern, URLPattern)
        if pattern.name in {"docs", "schema"}:
            continue
        route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern))
        paths.add(f"/api/{route}")
    return paths


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_schema_lists_every_endpoint(schema):
    documented = (ENDPOINTS | PENALTY_ENDPOINTS | STAFF_READS | CORRECTION_ENDPOINTS | TOKEN_ENDPOINTS
                  | PLAYER_ENDPOINTS | EXCHANGE_ENDPOINTS)
    assert documented <= operations(schema)
    assert routed_paths() == {path for _, path in documented}


def test_the_event_log_is_documented_for_the_staff_only(schema):
    operation = schema["paths"]["/api/events/{event_id}/log/"]["get"]
    assert operation["x-role"] == "juez principal y organización del evento"
    assert {} not in operation["security"]


def test_corrections_are_documented_for_the_head_judge_and_organizers(schema):
    for method, path in CORRECTION_ENDPOINTS:
        operation = schema["paths"][path][method.lower()]
        assert operation["x-role"] == "juez principal y organización del evento"
        assert {} not in operation["security"]
        assert {"200", "400", "403", "404", "409"} <= set(operation["responses"])


def test_the_token_endpoint_is_open_to_any_user_of_the_site(schema):
    operation = schema["paths"]["/api/token/"]["post"]
    assert operation["x-role"] == "usuario del sitio"
    assert {} in operation["security"]
    security = schema["components"]["securitySchemes"]
    assert {"cookieAuth", "tokenAuth"} <= set(security) and "basicAuth" not in security


def test_schema_declares_the_role_of_every_endpoint(schema):
    for method, path in ENDPOINTS:
        role = schema["paths"][path][method.lower()]["x-role"]
        if method == "GET":
            assert role == "público"
        elif path.startswith("/api/tables/"):
            assert role == "juez del evento"
        else:
            assert role == "organización del evento"


def test_public_reads_need_no_login_in_the_schema(schema):
    for method, path in ENDPOINTS:
        security = schema["paths"][path][method.lower()]["security"]
        assert ({} in security) == (method == "GET"), path


def test_tournaments_schema_is_valid_and_generates_without_warnings():
    GENERATOR_STATS.reset()
    schema = SchemaGenerator(urlconf="tournaments.api.urls").get_schema(request=None, public=True)
    assert not GENERATOR_STATS._warn_cache and not GENERATOR_STATS._error_cache
    validate_schema(schema)


def test_schema_endpoint_serves_openapi_3(api):
    response = api.get(reverse("tournaments_api:schema"), {"format": "json"})
    assert response.status_code == 200
    data = response.json()
    assert data["openapi"].startswith("3.")
    assert ENDPOINTS <= operations(data)


def test_docs_page_lists_every_endpoint_of_the_schema_offline(api, schema):
    response = api.get(reverse("tournaments_api:docs"))
    assert response.status_code == 200
    html = response.content.decode()
    for method, path in operations(schema):
        assert f'data-method="{method}" data-path="{path}"' in html, (method, path)
    assert "Cargar o corregir el resultado de una mesa" in html
    assert "juez del evento" in html
    assert not re.search(r"<script[^>]+src=|<link[^>]+href=\"https?:", html)  # nothing from a CDN


def test_docs_page_shows_parameters_and_body_fields(api):
    html = api.get(reverse("tournaments_api:docs")).content.decode()
    assert "<code>date_after</code>" in html
    assert "<code>expected_version</code>" in html
    assert "<code>separated_by_label</code>" in html  # response fields of the standings
    assert "«Handicap: vs»: victorias menos derrotas entre los empatados." in html
