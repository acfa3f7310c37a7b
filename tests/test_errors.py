"""Every ``/api/`` error is the API's JSON; pages keep the Spanish HTML (issue #26, point 8).

What no view answers (config.errors, wired as handler400/403/404/500 in
config.urls): an unknown address, a method the view does not take, a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413 naming ``ARENA_IMPORT_MAX_BYTES``),
an unhandled exception and the database being down (500). Spanish by default,
English when an API client sends ``Accept-Language: en``; pages ignore that
header (tests/tournaments/views/test_i18n.py).
"""
from __future__ import annotations

import json

import pytest
from django.db import connections
from django.test import Client, override_settings
from django.urls import path

import config.urls
from tournaments.api import views as api_views

from .test_health import broken_database

SECRET_DETAIL = "detalle-interno-91c2"


def boom(request):
    raise RuntimeError(f"failure with {SECRET_DETAIL}")


#: The project's URLs and handlers plus a failing view under /api/ and outside it.
urlpatterns = [path("api/boom/", boom), path("boom/", boom), *config.urls.urlpatterns]
handler400, handler403 = config.urls.handler400, config.urls.handler403
handler404, handler500 = config.urls.handler404, config.urls.handler500


def test_the_project_wires_the_error_handlers():
    assert (config.urls.handler400, config.urls.handler403, config.urls.handler404, config.urls.handler500) == (
        "config.errors.bad_request", "config.errors.permission_denied", "config.errors.page_not_found",
        "config.errors.server_error")


# --------------------------------------------------------------------------- 404 and 405


@pytest.mark.django_db
def test_an_unknown_api_address_is_a_json_404(client):
    response = client.get("/api/no-existe/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"code": "not_found", "detail": "No existe esa dirección de la API."}


@pytest.mark.django_db
def test_an_unknown_api_address_in_english_when_the_client_asks():
    response = Client().get("/api/no-existe/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.json() == {"code": "not_found", "detail": "There is no such API address."}


@pytest.mark.django_db
def test_an_unknown_page_keeps_the_spanish_html_404(client):
    response = client.get("/no-existe-esta-pagina/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "Página no encontrada" in response.content.decode()


@pytest.mark.django_db
def test_a_method_the_api_view_does_not_take_is_a_json_405(client):
    response = client.delete("/api/events/")

    assert response.status_code == 405
    assert response.json() == {"code": "method_not_allowed", "detail": 'Método "DELETE" no permitido.'}


# --------------------------------------------------------------------------- 413

# A JSON body of 2,000 bytes against a limit of 1,000 (Django's DATA_UPLOAD_MAX_MEMORY_SIZE).
SMALL_LIMITS = {"DATA_UPLOAD_MAX_MEMORY_SIZE": 1000, "ARENA_IMPORT_MAX_BYTES": 1000}
BIG_JSON = json.dumps({"padding": "x" * 1990})


@pytest.mark.django_db
@override_settings(**SMALL_LIMITS)
def test_an_api_body_over_the_limit_is_a_json_413_naming_the_limit(client):
    response = client.post("/api/events/", BIG_JSON, content_type="application/json")

    assert response.status_code == 413
    # 1000 bytes / 1048576 = 0.00095 MB, shown with one decimal: "0,0 MB".
    assert response.json() == {
        "code": "too_large",
        "detail": "El pedido es demasiado grande: el máximo es 0,0 MB (1000 bytes, ARENA_IMPORT_MAX_BYTES).",
    }


@pytest.mark.django_db
@override_settings(**SMALL_LIMITS)
def test_an_api_body_over_the_limit_in_english_when_the_client_asks(client):
    response = client.post("/api/events/", BIG_JSON, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 413
    assert response.json()["detail"] == (
        "The request is too large: the maximum is 0,0 MB (1000 bytes, ARENA_IMPORT_MAX_BYTES).")


@pytest.mark.django_db
@override_settings(**SMALL_LIMITS)
def test_a_page_form_over_the_limit_is_a_spanish_413_page(client):
    response = client.post("/cuenta/ingresar/", {"username": "ana", "password": "x" * 2000})

    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Archivo demasiado grande" in page and "1000 bytes, ARENA_IMPORT_MAX_BYTES" in page


def test_django_request_limits_follow_the_documented_import_limit(settings):
    # docs/operators.md: ARENA_IMPORT_MAX_BYTES defaults to 5 MB = 5 * 1024 * 1024 = 5,242,880 bytes; a form carrying
    # a file or text of that size plus 256 KB of other fields must reach the view's own Spanish check.
    assert settings.ARENA_IMPORT_MAX_BYTES == 5_242_880
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 5_242_880 + 262_144
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == 5_242_880


def test_megabytes_are_written_the_spanish_way():
    from config.errors import megabytes

    assert megabytes(5 * 1024 * 1024) == "5 MB"
    assert megabytes(2_621_440) == "2,5 MB"  # Django's old default: 2.5 * 1048576


# --------------------------------------------------------------------------- 500


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="tests.test_errors")
def test_an_unhandled_api_error_is_a_json_500_without_detail():
    response = Client(raise_request_exception=False).get("/api/boom/")

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"code": "server_error",
                               "detail": "Error interno del servidor. Volvé a intentar en unos minutos."}
    assert SECRET_DETAIL not in response.content.decode()


@pytest.mark.django_db
def test_an_unhandled_error_in_a_real_api_view_is_a_json_500_in_english_when_asked(monkeypatch):
    def failing(self):
        raise RuntimeError(SECRET_DETAIL)

    monkeypatch.setattr(api_views.EventListView, "get_queryset", failing)

    response = Client(raise_request_exception=False).get("/api/events/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 500
    assert response.json() == {"code": "server_error", "detail": "Internal server error. Try again in a few minutes."}


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="tests.test_errors")
def test_an_unhandled_page_error_keeps_the_spanish_html_500():
    response = Client(raise_request_exception=False).get("/boom/")

    page = response.content.decode()
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert "Error del servidor" in page and SECRET_DETAIL not in page


def test_the_database_down_is_a_json_500_under_the_api(monkeypatch, django_db_blocker):
    broken = broken_database()
    with django_db_blocker.unblock():
        monkeypatch.setattr(connections._connections, "default", broken, raising=False)
        try:
            response = Client(raise_request_exception=False).get("/api/events/")
        finally:
            broken.close()

    assert response.status_code == 500
    assert response.json() == {"code": "database_unavailable",
                               "detail": "La base de datos no responde. Volvé a intentar en unos minutos."}


def test_the_database_down_keeps_the_spanish_html_500_on_pages(monkeypatch, django_db_blocker):
    broken = broken_database()
    with django_db_blocker.unblock():
        monkeypatch.setattr(connections._connections, "default", broken, raising=False)
        try:
            response = Client(raise_request_exception=False).get("/")
        finally:
            broken.close()

    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert "Error del servidor" in response.content.decode()
