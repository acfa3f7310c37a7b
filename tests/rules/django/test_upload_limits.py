"""The documented import limit on the decklist page, with the real settings (issue #26, point 8).

docs/operators.md: ``ARENA_IMPORT_MAX_BYTES`` is 5 MB = 5 * 1024 * 1024 = 5,242,880 bytes.
Django's own limit (``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2.5 MB by default) used to
refuse a list between 2.5 and 5 MB with an English "Bad Request (400)" page; now
a list up to the limit reaches the form, a larger one gets the form's Spanish
message naming the limit, and a body beyond the limit plus the form's other
fields (256 KB) a Spanish 413 naming it.
"""
from __future__ import annotations

import pytest

from rules.models import Decklist

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LIMIT = 5 * 1024 * 1024  # 5,242,880 bytes


def submit(client, roles, text: str):
    client.force_login(roles.judge)
    return client.post(f"/reglas/eventos/{roles.event.pk}/mazo/",
                       {"player_number": roles.players[1].player_number, "text": text})


def test_a_three_megabyte_list_reaches_the_form_and_gets_a_spanish_error(client, roles):
    text = "4 Fasent\n" * (3 * 1024 * 1024 // 9)  # 349,525 lines of 9 bytes = 3,145,725 bytes, under the limit

    response = submit(client, roles, text)

    assert response.status_code == 200  # not Django's English 400
    # the form's own length rule (rules.services.MAX_TEXT = 20,000 characters) refuses it, in Spanish
    assert "20000 caracteres (tiene 3145725)" in response.content.decode()
    assert Decklist.objects.count() == 0


def test_a_list_one_byte_over_the_limit_gets_the_form_message_naming_the_limit(client, roles):
    text = "x" * (LIMIT + 1)

    response = submit(client, roles, text)

    assert response.status_code == 200
    assert "La lista pesa 5242881 bytes y el máximo es 5242880." in response.content.decode()
    assert Decklist.objects.count() == 0


def test_a_body_far_over_the_limit_is_a_spanish_413_naming_it(client, roles):
    text = "x" * (6 * 1024 * 1024)  # 6 MB: over 5 MB + 256 KB

    response = submit(client, roles, text)

    assert response.status_code == 413
    page = response.content.decode()
    assert "El pedido es demasiado grande: el máximo es 5 MB (5242880 bytes, ARENA_IMPORT_MAX_BYTES)." in page
    assert Decklist.objects.count() == 0
