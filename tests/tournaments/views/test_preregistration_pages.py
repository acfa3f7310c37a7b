"""«Próximos torneos» on the player's phone (issue #17 point 2): list, state, QR, pre-register, cancel.

Content checks for a 360 px page: the viewport meta, no table, Spanish with
voseo («Ingresá», «Preinscribirme», «Cancelar mi preinscripción»), the state
in words («Confirmado», «En lista de espera (puesto N)»), never the internal
codes (``confirmed``, ``waitlisted``). Places left are worked by hand from
the capacity.
"""
from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services
from tournaments.enums import EventState, PreRegistrationState
from tournaments.models import PreRegistration
from tournaments.services.preregistration import preregistration_from_token

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

CODES = ("confirmed", "waitlisted", "checked_in", "preregistration_")


@pytest.fixture(autouse=True)
def fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def soon(**kwargs):
    kwargs.setdefault("preregistration_open", True)
    kwargs.setdefault("date", timezone.localdate() + datetime.timedelta(days=5))
    return EventFactory(**kwargs)


def linked_player(name="Martina Álvarez"):
    user = UserFactory()
    return user, PlayerFactory(display_name=name, user=user)


def visible(html: str) -> str:
    """The page's text without tags, styles or attributes."""
    html = re.sub(r"<(style|script)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def assert_phone_page(html: str) -> None:
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "<table" not in html
    text = visible(html)
    for code in CODES:
        assert code not in text, code


def test_upcoming_lists_open_events_with_places_left_and_deadline(client):
    """Capacity 10 with 3 confirmed and one walk-in → 6 places left; no capacity → «Sin límite de lugares»."""
    venue = VenueFactory(name="Dragón Dorado", province="Córdoba")
    deadline = timezone.make_aware(datetime.datetime(2099, 1, 9, 20, 0))
    full = soon(name="Fecha de Córdoba", venue=venue, capacity=10, preregistration_deadline=deadline)
    services.registration_open(event=full)
    for _ in range(3):
        services.preregistration_create(event=full, player=PlayerFactory())
    services.registration_create(event=full, player=PlayerFactory())
    unlimited = soon(name="Eventual sin cupo")
    soon(name="Cerrado", preregistration_open=False)
    soon(name="Ya empezó", state=EventState.SWISS)
    soon(name="Vencida", preregistration_deadline=timezone.now() - datetime.timedelta(hours=1))
    html = client.get(reverse("prereg:upcoming")).content.decode()
    assert_phone_page(html)
    text = visible(html)
    assert "Fecha de Córdoba" in text and "Eventual sin cupo" in text
    for hidden in ("Cerrado", "Ya empezó", "Vencida"):
        assert hidden not in text
    card = re.search(rf'id="upcoming-{full.pk}".*?</li>', html, re.S).group(0)
    assert "Dragón Dorado (Córdoba)" in card
    assert "Quedan 6 lugares" in card
    assert "preinscripción hasta el 09/01/2099 20:00" in card
    other = re.search(rf'id="upcoming-{unlimited.pk}".*?</li>', html, re.S).group(0)
    assert "Sin límite de lugares" in other
    assert "Ingresá" in text  # anonymous: sign in first
    assert reverse("accounts:login") + "?next=" + reverse("prereg:event", args=[full.pk]) in card


def test_anonymous_pre_register_goes_to_login(client):
    event = soon()
    response = client.post(reverse("prereg:create", args=[event.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login") + "?next=")
    assert PreRegistration.objects.count() == 0


def test_player_pre_registers_and_sees_confirmed_with_qr(client):
    user, player = linked_player()
    event = soon(capacity=2)
    client.force_login(user)
    page = client.get(reverse("prereg:upcoming")).content.decode()
    assert "Preinscribirme" in page
    response = client.post(reverse("prereg:create", args=[event.pk]), follow=True)
    html = response.content.decode()
    assert_phone_page(html)
    assert "Listo: te preinscribiste." in html
    assert re.search(r'id="prereg-state">\s*<span[^>]*>Confirmado</span>', html)
    assert "Queda 1 lugar" in html  # 2 places, 1 taken
    assert "<svg" in html and 'id="prereg-qr"' in html
    token = re.search(r'id="prereg-token"[^>]*>([^<]+)<', html).group(1).strip()
    assert preregistration_from_token(token, event=event).player == player
    assert "Cancelar mi preinscripción" in html
    assert response["Cache-Control"].count("private") == 1


def test_waitlisted_player_sees_position(client):
    """1 place: A confirmed, B waits first, our player waits second → «puesto 2»."""
    event = soon(capacity=1)
    for name in ("A", "B"):
        services.preregistration_create(event=event, player=PlayerFactory(display_name=name))
    user, player = linked_player()
    client.force_login(user)
    html = client.post(reverse("prereg:create", args=[event.pk]), follow=True).content.decode()
    assert "En lista de espera (puesto 2)" in visible(html)
    assert "Cupo completo" in html  # already waiting: no «te anotás en lista de espera» (issue #28 point 4)
    assert "te anotás en lista de espera" not in html
    listing = client.get(reverse("prereg:upcoming")).content.decode()
    assert "En lista de espera (puesto 2)" in visible(listing)
    assert PreRegistration.objects.get(player=player).state == PreRegistrationState.WAITLISTED


def test_player_cancels_and_first_waitlisted_is_promoted(client):
    event = soon(capacity=1)
    user, player = linked_player()
    services.preregistration_create(event=event, player=player, by=user)
    waiting = services.preregistration_create(event=event, player=PlayerFactory())
    client.force_login(user)
    html = client.post(reverse("prereg:cancel", args=[event.pk]), follow=True).content.decode()
    assert "Cancelaste tu preinscripción." in html
    assert "Preinscribirme" in html  # may ask again
    waiting.refresh_from_db()
    assert waiting.state == PreRegistrationState.CONFIRMED


def test_duplicate_and_deadline_refusals_are_shown_in_spanish(client):
    user, player = linked_player("Joaquín Peña")
    event = soon()
    client.force_login(user)
    client.post(reverse("prereg:create", args=[event.pk]))
    html = client.post(reverse("prereg:create", args=[event.pk]), follow=True).content.decode()
    assert f"Joaquín Peña ya tiene una preinscripción para «{event.name}»." in html
    late = soon(preregistration_deadline=timezone.now() - datetime.timedelta(minutes=5))
    page = client.get(reverse("prereg:event", args=[late.pk])).content.decode()
    assert "La preinscripción para este torneo está cerrada." in page
    assert 'id="prereg-create"' not in page


def test_signed_in_user_without_player_is_told_to_link(client):
    event = soon()
    client.force_login(UserFactory())
    html = client.get(reverse("prereg:event", args=[event.pk])).content.decode()
    assert "vinculá tu número de jugador" in html
    response = client.post(reverse("prereg:create", args=[event.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("accounts:claim")
    assert PreRegistration.objects.count() == 0
