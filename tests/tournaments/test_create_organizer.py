"""``manage.py create_organizer`` (issue #18, point 1): the first organizer, and nothing else."""
from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Event, Player, Venue

pytestmark = pytest.mark.django_db

PASSWORD = "una-clave-larga-de-prueba"


def create(*args: str) -> str:
    out = io.StringIO()
    call_command("create_organizer", *args, stdout=out)
    return out.getvalue()


def test_creates_a_superuser_and_no_demo_data(monkeypatch):
    monkeypatch.setenv("ARENA_ORGANIZER_PASSWORD", PASSWORD)
    before = (Venue.objects.count(), Event.objects.count(), Player.objects.count())

    out = create("--username", "ana", "--email", "ana@sede.example", "--password-from-env",
                 "ARENA_ORGANIZER_PASSWORD", "--noinput")

    user = get_user_model().objects.get(username="ana")
    assert user.is_superuser and user.is_staff and user.is_active
    assert user.email == "ana@sede.example" and user.check_password(PASSWORD)
    assert (Venue.objects.count(), Event.objects.count(), Player.objects.count()) == before
    assert "Organizador «ana» creado" in out and "/admin/" in out and "Creá tu sede" in out and "organizer_add" in out


def test_asks_for_what_the_options_do_not_give(monkeypatch):
    answers = iter(["beto", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)

    create()

    user = get_user_model().objects.get(username="beto")
    assert user.is_superuser and user.email == "" and user.check_password(PASSWORD)


@pytest.mark.parametrize(("args", "env", "message"), [
    (["--noinput", "--password-from-env", "P"], {"P": PASSWORD}, "Falta --username"),
    (["--username", "c", "--noinput"], {}, "Falta --password-from-env"),
    (["--username", "c", "--noinput", "--password-from-env", "NO_SUCH_VARIABLE"], {}, "NO_SUCH_VARIABLE"),
    (["--username", "c", "--noinput", "--password-from-env", "P"], {"P": "corta"}, "corta"),
    (["--username", "c", "--email", "no-es-un-correo", "--noinput", "--password-from-env", "P"],
     {"P": PASSWORD}, "no es válido"),
])
def test_refuses_missing_or_invalid_values_writing_nothing(monkeypatch, args, env, message):
    monkeypatch.delenv("NO_SUCH_VARIABLE", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    with pytest.raises(CommandError) as refused:
        create(*args)

    assert message in str(refused.value)
    assert not get_user_model().objects.filter(username="c").exists()


def test_refuses_a_taken_username_or_email(monkeypatch):
    monkeypatch.setenv("P", PASSWORD)
    get_user_model().objects.create_user("dora", email="dora@sede.example", password=PASSWORD)

    with pytest.raises(CommandError, match="Ya existe un usuario «dora»"):
        create("--username", "dora", "--noinput", "--password-from-env", "P")
    with pytest.raises(CommandError, match="Ya hay una cuenta con el correo"):
        create("--username", "otra", "--email", "DORA@sede.example", "--noinput", "--password-from-env", "P")
    assert get_user_model().objects.filter(is_superuser=True).count() == 0
