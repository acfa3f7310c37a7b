"""A production installation is marked and the demo commands refuse it (issue #26 point 7).

The audit: right after the production start (docs/operators.md) there are 0 events, so the old guard (count
the non-demo events) let ``make run``/``make demo`` write the demo superuser with the README's
password into production. Now ``make serve`` runs ``installation_mark --production`` after
migrating, ``create_organizer`` and ``organizer_add`` mark the database too, and every demo
command refuses a marked database, even empty and even with ``--force``.
"""
from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import VenueFactory
from tests.test_deploy_files import makefile_recipe
from tournaments.models import Event
from tournaments.services.installation import installation_is_production

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
PASSWORD = "una-clave-larga-de-prueba"


def command(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_make_serve_marks_the_database_after_migrating():
    serve = makefile_recipe("serve")
    migrate = next(i for i, line in enumerate(serve) if "manage.py migrate --noinput" in line)
    mark = next(i for i, line in enumerate(serve) if "manage.py installation_mark --production" in line)
    assert migrate < mark


@pytest.mark.parametrize("demo", [
    ("demo_setup", "--force"),
    ("demo_season", "--force"),
    ("run_event", "tests/data/small_event.csv", "--demo", "--force"),
])
def test_every_demo_command_refuses_an_empty_production_database_even_with_force(demo):
    assert Event.objects.count() == 0
    assert not installation_is_production()
    command("installation_mark", "--production")
    assert installation_is_production()
    users = get_user_model().objects.count()
    with pytest.raises(CommandError, match="es una instalación de producción"):
        command(*demo)
    assert Event.objects.count() == 0 and get_user_model().objects.count() == users


def test_create_organizer_marks_the_installation(monkeypatch):
    monkeypatch.setenv("P", PASSWORD)
    command("create_organizer", "--username", "ana", "--password-from-env", "P", "--noinput")
    assert installation_is_production()


def test_organizer_add_puts_the_account_in_the_group_and_the_venue(monkeypatch):
    monkeypatch.setenv("P", PASSWORD)
    venue = VenueFactory(name="Dragón Dorado")
    out = command("organizer_add", "--username", "beto", "--venue", "Dragón Dorado", "--email", "beto@sede.example",
                  "--password-from-env", "P", "--noinput")
    user = get_user_model().objects.get(username="beto")
    assert user.is_staff and not user.is_superuser and user.check_password(PASSWORD)
    assert list(user.groups.values_list("name", flat=True)) == ["Organizador"]
    assert list(venue.organizers.all()) == [user]
    assert "Organizador «beto» creado y sumado a Dragón Dorado." in out
    assert installation_is_production()
    # Once more for an existing account: no password asked, the venue added, nothing duplicated.
    other = VenueFactory(name="La Cueva")
    command("organizer_add", "--username", "beto", "--venue", "La Cueva", "--noinput")
    assert sorted(user.organized_venues.values_list("name", flat=True)) == ["Dragón Dorado", "La Cueva"]
    assert other.organizers.get() == user


def test_organizer_add_refuses_an_unknown_venue_writing_nothing(monkeypatch):
    monkeypatch.setenv("P", PASSWORD)
    VenueFactory(name="Dragón Dorado")
    with pytest.raises(CommandError, match="No existe la sede «Dragon Dorado».*Dragón Dorado"):
        command("organizer_add", "--username", "beto", "--venue", "Dragon Dorado", "--password-from-env", "P",
                "--noinput")
    assert not get_user_model().objects.filter(username="beto").exists()
    assert not installation_is_production()
