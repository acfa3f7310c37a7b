"""Publishing an event file through ``POST /api/events/import/`` and the admin upload (issue #18 point 4)."""
from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.exchange import fileformat
from tournaments.models import Event, Venue

from .api.conftest import finish_with_top_cut, open_event
from .exchange_helpers import signed, venue_key
from .test_exchange import forget

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def played():
    return finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3))


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def test_venue_organizer_token_publishes_and_other_venue_is_forbidden(played, django_user_model):
    """The venue's organizer → 201 then 200 (updated in place); another venue's organizer → 403; no token → 403."""
    body = fileformat.dumps(signed(fileformat.event_export(played)))
    forget(played)
    own = django_user_model.objects.create_user("org_sede", password="x")
    played.venue.organizers.add(own)
    other = django_user_model.objects.create_user("org_otra", password="x")
    Venue.objects.create(name="Otra Sede", province="Salta").organizers.add(other)
    url = reverse("tournaments_api:event-import")
    response = client_for(other).post(url, data=body, content_type="application/json")
    assert response.status_code == 403
    assert APIClient().post(url, data=body, content_type="application/json").status_code == 403
    response = client_for(own).post(url, data=body, content_type="application/json")
    assert response.status_code == 201, response.content
    response = client_for(own).post(url, data=body, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["uid"] == str(played.uid) and response.json()["created"] is False
    assert Event.objects.filter(uid=played.uid).count() == 1


def test_refused_file_lists_problems(played, django_user_model):
    doc = fileformat.event_export(played)
    doc["players"][0]["home_venue"] = {"name": "Sede Fantasma", "province": "Chubut"}
    forget(played)
    admin = django_user_model.objects.create_superuser("raiz", password="x")
    response = client_for(admin).post(reverse("tournaments_api:event-import"), data=json.dumps(signed(doc)),
                                      content_type="application/json")
    assert response.status_code == 400
    assert any(p.startswith("players[0]") and "Sede Fantasma" in p for p in response.json()["problems"])
    response = client_for(admin).post(reverse("tournaments_api:event-import"), data="{}",
                                      content_type="application/json")
    assert response.status_code == 400


def test_admin_upload_page(played, client, django_user_model):
    admin = django_user_model.objects.create_superuser("raiz", password="x")
    client.force_login(admin)
    changelist = client.get(reverse("admin:tournaments_event_changelist"))
    assert "Publicar un evento desde un archivo" in changelist.content.decode()
    url = reverse("admin:tournaments_event_import_file")
    assert client.get(url).status_code == 200
    upload = SimpleUploadedFile("evento.json", fileformat.dumps(signed(fileformat.event_export(played))).encode())
    forget(played)
    response = client.post(url, {"file": upload})
    assert response.status_code == 302
    imported = Event.objects.get(uid=played.uid)
    assert response["Location"] == reverse("admin:tournaments_event_change", args=[imported.pk])


def test_admin_upload_refused_for_a_user_organizing_nothing(client, django_user_model):
    staff = django_user_model.objects.create_user("staff", password="x", is_staff=True)
    client.force_login(staff)
    assert client.get(reverse("admin:tournaments_event_import_file")).status_code == 403


def test_publish_event_dry_run_and_unreachable_server(played):
    out = io.StringIO()
    call_command("publish_event", str(played.pk), "--dry-run", stdout=out)
    assert "Archivo válido" in out.getvalue() and "No se envió nada" in out.getvalue()
    with pytest.raises(CommandError, match="Falta la clave de publicación"):
        call_command("publish_event", str(played.pk), "--to", "http://127.0.0.1:9", "--token", "x",
                     stdout=io.StringIO())
    with pytest.raises(CommandError, match="No se pudo contactar"):
        call_command("publish_event", str(played.pk), "--to", "http://127.0.0.1:9", "--token", "x",
                     "--key", venue_key(played.venue), stdout=io.StringIO())
