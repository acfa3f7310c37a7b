"""Round clock: judge and organizer controls, server-computed countdown, extra turns at zero."""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import selectors, services
from tournaments.errors import StateError
from tournaments.models import Round

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

EXTRA_TURNS = "Tiempo: cada jugador tiene 3 turnos extra, empezando por quien tiene el turno"


def current(event) -> Round:
    return event.rounds.order_by("-number").first()


def test_clock_page_before_start_shows_full_time_and_no_buttons_for_the_public(client, event):
    response = client.get(reverse("clock:page", args=[event.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "50:00" in html
    assert "La ronda dura 50 minutos; el reloj todavía no empezó." in html
    assert "Iniciar" not in html
    assert "no-cache" in response["Cache-Control"]


def test_clock_page_shows_buttons_to_organizers(client, event, organizer):
    client.force_login(organizer)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "Iniciar" in html and "Pausar" in html and "Reanudar" in html


@pytest.mark.parametrize("who", ["plain_user", "foreign_judge"])
def test_clock_control_is_refused_to_non_judges(client, event, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]))
    assert response.status_code == 403
    assert current(event).clock_started_at is None


def test_clock_page_shows_buttons_to_judges_of_the_event(client, event, judge):
    client.force_login(judge)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "Iniciar" in html and "Pausar" in html and "Reanudar" in html


def test_clock_control_by_a_judge_returns_to_the_judge_page(client, event, judge):
    client.force_login(judge)
    tables = reverse("judge:tables", args=[event.pk])
    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]), {"next": tables})
    assert (response.status_code, response["Location"]) == (302, tables)
    assert current(event).clock_started_at is not None


def test_clock_control_ignores_a_next_url_of_another_site(client, event, judge):
    client.force_login(judge)
    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]), {"next": "https://example.com/"})
    assert response["Location"] == reverse("clock:page", args=[event.pk])


def test_clock_control_anonymous_goes_to_login(client, event):
    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_clock_start_pause_resume(client, event, organizer):
    client.force_login(organizer)
    state_url = reverse("clock:state", args=[event.pk])
    assert client.post(reverse("clock:control", args=[event.pk, "iniciar"])).status_code == 302
    assert client.get(state_url).json()["state"] == "running"
    client.post(reverse("clock:control", args=[event.pk, "pausar"]))
    paused = client.get(state_url).json()
    assert paused["state"] == "paused"
    assert 0 < paused["remaining"] <= 3000
    client.post(reverse("clock:control", args=[event.pk, "reanudar"]))
    assert client.get(state_url).json()["state"] == "running"
    # Starting twice is refused with a message, nothing changes.
    started = current(event).clock_started_at
    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]), follow=True)
    assert "ya está en marcha" in response.content.decode()
    assert current(event).clock_started_at == started


def test_clock_counts_from_server_timestamps_minus_pauses(event):
    rnd = current(event)
    start = timezone.now() - datetime.timedelta(minutes=20)
    rnd.clock_started_at = start
    rnd.clock_paused_seconds = 5 * 60
    clock = selectors.round_clock(rnd, minutes=50, now=start + datetime.timedelta(minutes=20))
    assert (clock.state, clock.remaining_seconds) == ("running", 35 * 60)
    rnd.clock_paused_at = start + datetime.timedelta(minutes=10)
    paused = selectors.round_clock(rnd, minutes=50, now=start + datetime.timedelta(minutes=20))
    assert (paused.state, paused.remaining_seconds) == ("paused", 45 * 60)


def test_clock_at_zero_shows_three_extra_turns(client, event):
    rnd = current(event)
    rnd.clock_started_at = timezone.now() - datetime.timedelta(minutes=51)
    rnd.save()
    state = client.get(reverse("clock:state", args=[event.pk])).json()
    assert (state["state"], state["remaining"]) == ("time_up", 0)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert f'<p class="clock-msg" data-when="time_up">{EXTRA_TURNS}' in html
    assert "0:00" in html


def test_clock_services_refuse_wrong_states(event):
    rnd = current(event)
    with pytest.raises(StateError):
        services.round_clock_pause(round=rnd)
    with pytest.raises(StateError):
        services.round_clock_resume(round=rnd)
    services.round_clock_start(round=rnd)
    with pytest.raises(StateError):
        services.round_clock_resume(round=rnd)
