"""Manual pairing edits on the round page and the fixed table in the registrations inline (issue #13 item 2).

R-000-64 (no rematch while avoidable, nearest score). Players and tables are
set by hand: round 1 Ana-Bruno, Carla-Darío (side A wins 2-0); round 2
Ana-Carla, Bruno-Darío. Swapping Carla and Bruno makes two rematches of round 1.
"""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import EventLogEntry, Registration, Table

from .conftest import change_form_data, change_url, message_texts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def round_two(venue_a):
    event = EventFactory(venue=venue_a, name="Fecha Palermo")
    services.registration_open(event=event)
    p = [services.registration_create(event=event, player=PlayerFactory(display_name=n, home_venue=venue_a))
         for n in ("Ana", "Bruno", "Carla", "Darío")]
    services.registration_close(event=event)
    r1 = services.round_pair_manual(event=event, pairings=[(p[0], p[1]), (p[2], p[3])])
    for m in r1.tables.all():
        services.table_result_record(table=m, seats=[{"games": 2}, {"games": 0}])
    r2 = services.round_pair_manual(event=event, pairings=[(p[0], p[2]), (p[1], p[3])])
    return event, p, r2


def edit_url(rnd):
    return reverse("admin:tournaments_round_pairing_edit", args=[rnd.pk])


def test_round_page_shows_the_edit_forms_before_results(client_a, round_two):
    _, _, r2 = round_two
    html = client_a.get(reverse("admin:tournaments_round_change", args=[r2.pk])).content.decode()
    assert 'id="arena-pairing-swap"' in html
    assert "Carla (mesa 1, B)" in html


def test_swap_shows_the_warnings_first_and_applies_on_confirm(client_a, round_two, organizer_a):
    event, p, r2 = round_two
    data = {"kind": "swap", "registration": p[2].pk, "other": p[1].pk}
    page = client_a.post(edit_url(r2), data)
    html = page.content.decode()
    assert page.status_code == 200
    assert "Revancha: Ana y Bruno ya se enfrentaron en la ronda 1." in html
    assert "Revancha: Carla y Darío ya se enfrentaron en la ronda 1." in html
    assert Table.objects.get(round=r2, table_number=1).player_b_id == p[2].pk  # not applied yet
    response = client_a.post(edit_url(r2), {**data, "confirm": "1", "seen": page.context["seen"]}, follow=True)
    assert message_texts(response) == [
        "Emparejamiento cambiado (mesas 1, 2); los documentos de la ronda se vuelven a generar."]
    assert Table.objects.get(round=r2, table_number=1).player_b_id == p[1].pk
    assert EventLogEntry.objects.get(action="pairing_swap").actor == organizer_a


def test_confirm_with_a_stale_preview_asks_again(client_a, round_two):
    _, p, r2 = round_two
    data = {"kind": "swap", "registration": p[2].pk, "other": p[1].pk, "confirm": "1", "seen": "otra cosa"}
    page = client_a.post(edit_url(r2), data)
    assert page.status_code == 200
    assert "La ronda cambió mientras revisabas: volvé a revisar el cambio." in message_texts(page)
    assert Table.objects.get(round=r2, table_number=1).player_b_id == p[2].pk


def test_edit_after_a_result_is_refused_with_the_table(client_a, round_two):
    _, p, r2 = round_two
    services.table_result_record(table=r2.tables.get(table_number=1), seats=[{"games": 2}, {"games": 0}])
    response = client_a.post(edit_url(r2), {"kind": "swap", "registration": p[2].pk, "other": p[1].pk},
                             follow=True)
    assert message_texts(response) == ["La mesa 1 ya tiene un resultado cargado; sus jugadores ya no se cambian."]


def test_other_venue_organizer_cannot_edit(client, organizer_b, round_two):
    _, p, r2 = round_two
    client.force_login(organizer_b)
    response = client.post(edit_url(r2), {"kind": "swap", "registration": p[2].pk, "other": p[1].pk})
    assert response.status_code in (302, 403, 404)
    assert Table.objects.get(round=r2, table_number=1).player_b_id == p[2].pk


def test_fixed_table_set_in_the_inline_goes_through_the_service(client_a, round_two, organizer_a):
    event, p, _ = round_two
    page = client_a.get(change_url(event))
    data = change_form_data(page)
    index = next(i for i, form in enumerate(page.context["inline_admin_formsets"][0].formset.forms)
                 if form.instance.pk == p[3].pk)
    data[f"registrations-{index}-fixed_table"] = "4"
    response = client_a.post(change_url(event), data, follow=True)
    assert "Darío: mesa fija 4." in message_texts(response)
    assert Registration.objects.get(pk=p[3].pk).fixed_table == 4
    entry = EventLogEntry.objects.get(action="registration_fixed_table")
    assert (entry.before, entry.after, entry.actor) == ({"fixed_table": None}, {"fixed_table": 4}, organizer_a)
