"""The registrations inline never deletes an entry that took part (DESIGN.md, "Nothing ... is deleted").

Clause: R-000-84 (a deck of other than 60 cards disqualifies): a deck-size DQ
recorded before round 1 keeps the registration and its penalty.
"""
from __future__ import annotations

import pytest

from tournaments import penalties
from tournaments.models import Penalty, Registration

from .conftest import change_form_data, change_url, message_texts, registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def post_delete(client, event, registration):
    page = client.get(change_url(event))
    data = change_form_data(page)
    forms = page.context["inline_admin_formsets"][0].formset.forms
    index = next(i for i, form in enumerate(forms) if form.instance.pk == registration.pk)
    data[f"registrations-{index}-DELETE"] = "on"
    return client.post(change_url(event), data, follow=True)


def test_inline_delete_keeps_a_registration_with_a_deck_size_dq(client_a, venue_a):
    event = registered_event(venue_a, players=4)
    reg = event.registrations.select_related("player").first()
    dq = penalties.penalty_issue(registration=reg, infraction_code="deck_size", deck_count=59)
    response = post_delete(client_a, event, reg)
    assert response.status_code == 200
    assert Registration.objects.filter(pk=reg.pk).exists() and Penalty.objects.filter(pk=dq.pk).exists()
    assert (f"La inscripción de {reg.player.display_name} no se borra porque tiene penalidades; "
            "queda en el historial.") in message_texts(response)


def test_inline_delete_removes_a_mistaken_entry(client_a, venue_a):
    event = registered_event(venue_a, players=4)
    reg = event.registrations.select_related("player").first()
    response = post_delete(client_a, event, reg)
    assert not Registration.objects.filter(pk=reg.pk).exists()
    assert f"Se borró la inscripción de {reg.player.display_name}." in message_texts(response)
