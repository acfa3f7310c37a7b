"""Decklist pages with hostile lists (issue #15): a clear error naming the
line, and nothing saved (the huge quantity used to give 500)."""
from __future__ import annotations

import pytest

from rules.models import DeckCheck, Decklist

from .conftest import LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def submit(client, roles, text: str):
    client.force_login(roles.judge)
    return client.post(
        f"/reglas/eventos/{roles.event.pk}/mazo/",
        {"player_number": roles.players[1].player_number, "text": text},
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("99999999999999999999999999999 Fasent",
         "Línea 4: la cantidad 999999999999… es demasiado grande (máximo 999)."),
        ("-4 Fasent", "Línea 4: la cantidad no puede ser negativa en «-4 Fasent»."),
        ("0 Fasent", "Línea 4: la cantidad de «Fasent» debe ser 1 o más."),
        ("4 " + "F" * 250, "Línea 4: la línea tiene 252 caracteres y el máximo es 200."),
    ],
)
def test_decklist_submit_hostile_line_is_refused_and_nothing_saved(client, roles, line, message):
    text = LEGAL.replace("1 Baby Kush", "1 Baby Kush\n" + line)

    response = submit(client, roles, text)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert Decklist.objects.count() == 0


def test_decklist_submit_legal_list_is_still_saved(client, roles):
    submit(client, roles, LEGAL)

    assert Decklist.objects.get().registration == roles.registrations[1]


def test_decklist_submit_over_the_size_limit_is_refused(client, roles, settings):
    settings.ARENA_IMPORT_MAX_BYTES = 100  # LEGAL: 11 lines, 139 bytes of text ("í", "Í": 2 bytes) + 11 newlines

    response = submit(client, roles, LEGAL)

    assert "La lista pesa 150 bytes y el máximo es 100." in response.content.decode()
    assert Decklist.objects.count() == 0


def test_decklist_submit_nul_in_player_number_never_reaches_the_database(client, roles):
    client.force_login(roles.judge)

    page = client.get(f"/reglas/eventos/{roles.event.pk}/mazo/", {"jugador": "WM\x0077"})

    assert page.status_code == 400  # the middleware; the view would treat it as "no player" anyway
    assert Decklist.objects.count() == 0


def test_validate_page_huge_quantity_is_a_form_error(client, babies):
    response = client.post(
        "/reglas/mazos/validar/",
        {"game_format": "weed_monsters:constructed", "text": "99999999999999999999999999999 Fasent\n"},
    )

    assert response.status_code == 200
    assert "Línea 1: la cantidad 999999999999… es demasiado grande (máximo 999)." in response.content.decode()


def test_deck_check_with_huge_counted_quantity_records_nothing(client, roles):
    from rules import services

    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    client.force_login(roles.judge)

    client.post(f"/reglas/mazos/{decklist.pk}/chequeo/", {"counted_text": LEGAL})
    assert DeckCheck.objects.count() == 1  # a readable count is recorded

    client.post(f"/reglas/mazos/{decklist.pk}/chequeo/", {"counted_text": "99999999999999999999 Fasent"})

    assert DeckCheck.objects.count() == 1
