"""Rules pages: the public check page, the event decklist page (player or
judge), the judges' decklist pages and the catalog admin for organizers."""
from __future__ import annotations

import datetime

import pytest

from rules import services
from rules.models import BanEntry, DeckCheck, Decklist
from tournaments import services as tournament_services

from .conftest import LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def submit_url(roles) -> str:
    return f"/reglas/eventos/{roles.event.pk}/mazo/"


# --------------------------------------------------------------------------- public check


def test_validate_page_shows_every_violation_with_its_source(client, babies):
    page = client.get("/reglas/mazos/validar/")
    assert page.status_code == 200
    assert "Weed Monsters TCG — Construido" in page.content.decode()
    response = client.post(
        "/reglas/mazos/validar/",
        {"game_format": "weed_monsters:constructed", "date": "2024-10-05",
         "text": LEGAL.replace("19 Índica", "20 Índica").replace("4 Fasent", "4 Fasnet")},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "2 infracciones" in html
    assert "«Fasnet» no está en el catálogo — ¿quisiste decir «Fasent»" in html
    assert "El mazo tiene 61 cartas; debe tener exactamente 60." in html
    assert "Regla: Reglamento Weed Monsters (06/09/2024) § Armado de Mazos" in html
    assert not Decklist.objects.exists()


def test_validate_page_legal_list(client, babies):
    response = client.post(
        "/reglas/mazos/validar/", {"game_format": "weed_monsters:constructed", "text": LEGAL}
    )
    assert "La lista es legal: no se encontraron infracciones." in response.content.decode()


# --------------------------------------------------------------------------- event decklist page


def test_submit_page_needs_login(client, roles):
    response = client.get(submit_url(roles))
    assert response.status_code == 302
    assert "next=" in response["Location"]


def test_submit_page_refuses_users_without_a_role(client, roles):
    client.force_login(roles.outsider)
    assert client.get(submit_url(roles)).status_code == 403


def test_player_submits_and_sees_the_violations_at_once(client, roles):
    client.force_login(roles.player_user)
    page = client.get(submit_url(roles))
    assert page.status_code == 200 and roles.players[0].player_number in page.content.decode()
    response = client.post(
        submit_url(roles),
        {
            "player_number": roles.players[0].player_number,
            "text": LEGAL.replace("1 Baby Kush", "1 Baby Kush\n1 Baby Haze"),
        },
        follow=True,
    )
    html = response.content.decode()
    assert "Lista guardada, pero tiene 2 infracciones" in html
    assert "hay 2 cartas Baby" in html and "§ Baby" in html
    decklist = Decklist.objects.get()
    assert (decklist.registration, decklist.status) == (roles.own, "illegal")


def test_player_cannot_submit_for_another_player_number(client, roles):
    client.force_login(roles.player_user)
    client.post(submit_url(roles), {"player_number": roles.players[1].player_number, "text": LEGAL})
    assert list(Decklist.objects.values_list("registration", flat=True)) == [roles.own.pk]


def test_judge_submits_by_player_number(client, roles):
    client.force_login(roles.judge)
    response = client.post(submit_url(roles), {"player_number": roles.players[2].player_number, "text": LEGAL})
    assert "Lista guardada: es legal para este evento." in response.content.decode()
    assert Decklist.objects.get().registration == roles.registrations[2]
    response = client.post(submit_url(roles), {"player_number": "NO-EXISTE", "text": LEGAL})
    assert "Ese número no tiene inscripción en este evento." in response.content.decode()


def test_locked_list_page_refuses_the_player_and_asks_the_head_judge_for_a_reason(client, roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    tournament_services.registration_close(event=roles.event)
    tournament_services.round_pair_next(event=roles.event)
    client.force_login(roles.player_user)
    page = client.get(submit_url(roles)).content.decode()
    assert "sólo el juez principal puede cambiarla" in page
    response = client.post(submit_url(roles), {"player_number": roles.players[0].player_number, "text": "4 Fasent"})
    assert "sólo el juez principal puede cambiarla" in response.content.decode()
    client.force_login(roles.head_judge)
    number = roles.players[0].player_number
    response = client.post(submit_url(roles), {"player_number": number, "text": "4 Fasent"})
    assert "hace falta indicar el motivo" in response.content.decode()
    client.post(submit_url(roles), {"player_number": number, "text": "4 Fasent", "reason": "Error de tipeo"})
    decklist = Decklist.objects.get()
    assert decklist.text == "4 Fasent" and decklist.locked
    assert decklist.history.latest().history_change_reason == "Cambio del juez principal: Error de tipeo"


# --------------------------------------------------------------------------- judges' pages


def test_event_decklists_page_for_judges_only(client, roles):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    for user, status in ((roles.player_user, 403), (roles.outsider, 403), (roles.judge, 200), (roles.organizer, 200)):
        client.force_login(user)
        assert client.get(f"/reglas/eventos/{roles.event.pk}/mazos/").status_code == status
    html = client.get(f"/reglas/eventos/{roles.event.pk}/mazos/").content.decode()
    assert "Legal" in html and "sin lista" in html


def test_decklist_detail_shows_history_and_records_a_deck_check(client, roles):
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    url = f"/reglas/mazos/{decklist.pk}/"
    client.force_login(roles.player_user)
    assert client.get(url).status_code == 403
    client.force_login(roles.judge)
    html = client.get(url).content.decode()
    assert services.REASON_SUBMITTED in html
    response = client.post(
        f"{url}chequeo/",
        {"table_number": "4", "game_number": "2", "counted_cards": "59", "discrepancies": "Falta una carta"},
        follow=True,
    )
    assert "Chequeo registrado con 1 diferencia." in response.content.decode()  # ngettext (issue #28 point 4)
    check = DeckCheck.objects.get()
    assert (check.judge, check.table_number, check.game_number, check.counted_cards) == (roles.judge, 4, 2, 59)
    assert "Se contaron 59 cartas; la lista registrada tiene 60." in response.content.decode()


def test_deck_check_post_refused_to_non_judges(client, roles):
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    client.force_login(roles.player_user)
    assert client.post(f"/reglas/mazos/{decklist.pk}/chequeo/", {"counted_cards": "60"}).status_code == 403
    assert not DeckCheck.objects.exists()


# --------------------------------------------------------------------------- admin


def test_organizer_edits_the_ban_list_in_the_admin(client, roles):
    client.force_login(roles.organizer)
    assert client.get("/admin/rules/banentry/").status_code == 200
    from rules.models import Card, Game

    response = client.post(
        "/admin/rules/banentry/add/",
        {
            "game": Game.objects.get(key="weed_monsters").pk, "scope": "card",
            "card": Card.objects.get(name="Fasent").pk, "effective_from": "2024-10-01",
            "reason": "Baneo de la sede", "source": "Anuncio",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    ban = BanEntry.objects.get(scope="card")
    assert ban.effective_from == datetime.date(2024, 10, 1)
    assert ban.history.get().history_user == roles.organizer
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    assert [v["code"] for v in decklist.violations] == ["banned_card"]


def test_admin_ban_form_requires_the_target_of_its_scope(client, roles):
    client.force_login(roles.organizer)
    from rules.models import Game

    response = client.post(
        "/admin/rules/banentry/add/",
        {"game": Game.objects.get(key="weed_monsters").pk, "scope": "set", "effective_from": "2024-10-01"},
    )
    assert response.status_code == 200
    assert "Este alcance necesita este dato." in response.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "card/", "card/add/", "cardset/", "printing/", "banentry/", "reprintrule/", "decklist/", "deckcheck/",
        "sealedpool/", "sealedpool/add/", "card/import/", "banentry/import/", "banentry/export/",
    ],
)
def test_admin_pages_render(client, roles, path):
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    services.deck_check_record(registration=roles.own, judge=roles.judge, counted_cards=60)
    client.force_login(roles.organizer)
    assert client.get(f"/admin/rules/{path}").status_code == 200


def test_admin_decklist_history_and_revalidate_action(client, roles):
    decklist = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    client.force_login(roles.organizer)
    roles.organizer.is_superuser = True
    roles.organizer.save(update_fields=["is_superuser"])
    assert client.get(f"/admin/rules/decklist/{decklist.pk}/history/").status_code == 200
    response = client.post(
        "/admin/rules/decklist/", {"action": "revalidate", "_selected_action": [decklist.pk]}, follow=True
    )
    assert "1 lista validada otra vez." in response.content.decode()
    assert decklist.history.latest().history_change_reason == services.REASON_REVALIDATED
