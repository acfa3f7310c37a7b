"""Fixtures of the organizer console tests: two venues, their organizers, a superuser."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, VenueFactory, day
from tournaments.admin.day_panel import day_status


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Logins are not what these tests measure: hash the factories' passwords cheaply."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_organizer(username: str, venue):
    """A venue organizer: staff, in group Organizador, listed in ``venue.organizers``."""
    user = UserFactory(username=username, is_staff=True)
    user.groups.add(Group.objects.get(name="Organizador"))
    venue.organizers.add(user)
    return user


@pytest.fixture
def venue_a():
    return VenueFactory(name="Sede Palermo", province="CABA")


@pytest.fixture
def venue_b():
    return VenueFactory(name="Sede Rosario", province="Santa Fe")


@pytest.fixture
def organizer_a(venue_a):
    return make_organizer("org_a", venue_a)


@pytest.fixture
def organizer_b(venue_b):
    return make_organizer("org_b", venue_b)


@pytest.fixture
def client_a(client, organizer_a):
    client.force_login(organizer_a)
    return client


@pytest.fixture
def superuser():
    return UserFactory(username="admin", is_staff=True, is_superuser=True)


@pytest.fixture
def event_a(venue_a):
    return EventFactory(venue=venue_a, name="Fecha Palermo")


@pytest.fixture
def event_b(venue_b):
    return EventFactory(venue=venue_b, name="Fecha Rosario")


def registered_event(venue, players: int = 8, **kwargs):
    """An event at ``venue`` with ``players`` registrations and registration closed."""
    return day.registered_event(players, venue=venue, **kwargs)


def change_url(event) -> str:
    return reverse("admin:tournaments_event_change", args=[event.pk])


def action_url(event, key: str) -> str:
    return reverse("admin:tournaments_event_day_action", args=[event.pk, key])


def token_of(event) -> str:
    """The token of the lifecycle forms drawn now."""
    event.refresh_from_db()
    return day_status(event).token


def press(client, event, key: str, token: str | None = None, follow: bool = True, confirm: bool = True):
    """Click a lifecycle button as drawn now (or with an older ``token``), and confirm it when asked."""
    event.refresh_from_db()
    token = day_status(event).token if token is None else token
    data = {"token": token, **({"confirmado": "1"} if confirm else {})}
    return client.post(action_url(event, key), data, follow=follow)


def message_texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def shown_buttons(response) -> list[str]:
    """Labels of the lifecycle buttons on a page, in order."""
    html = response.content.decode()
    return re.findall(r'/dia/[\w-]+/">.*?<button type="submit" class="button[^"]*"[^>]*>([^<]+)</button>', html, re.S)


def change_form_data(response) -> dict:
    """The event change form as the browser posts it: the event's fields and every existing inline row's values."""
    data = {}
    for name in response.context["adminform"].form.fields:
        value = response.context["adminform"].form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, (list, tuple)):
            data[name] = [str(v) for v in value]
        elif value is not None:
            data[name] = str(value)
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for key, value in formset.management_form.initial.items():
            data[f"{formset.prefix}-{key}"] = str(value)
        for i, form in enumerate(formset.forms):
            if not form.instance.pk:
                continue
            data[f"{formset.prefix}-{i}-id"] = str(form.instance.pk)
            data[f"{formset.prefix}-{i}-{formset.fk.name}"] = str(form.instance.event_id)
            for name in form.fields:
                if name in ("id", formset.fk.name, "DELETE"):
                    continue
                value = form[name].value()
                if isinstance(value, bool):
                    if value:
                        data[f"{formset.prefix}-{i}-{name}"] = "on"
                elif value is not None:
                    data[f"{formset.prefix}-{i}-{name}"] = str(value)
    return data
