"""An organizer corrects a round-1 result after round 2 is paired, reading the impact preview first.

Issue #13 item 1 (DESIGN.md decision 16). Four players; round 1 by hand:
Martina beats Joaquín 2-0 (table 1), Lucía beats Tomás 2-1 (table 2); round
2 paired by the core (Martina–Lucía, Joaquín–Tomás), no result yet.
Standings (R-000-65 points, R-000-66 order, R-000-73 game differential):
Martina 1 pt +2, Lucía 1 pt +1, Tomás 0 pts -1, Joaquín 0 pts -2. The
result of table 2 was really Tomás 2-1: then Martina, Tomás, Lucía,
Joaquín — Tomás moves 3rd → 2nd and Lucía 2nd → 3rd.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.e2e.test_judge_results import seeded_game, standings_names
from tests.factories import EventFactory
from tournaments import services
from tournaments.models import Player, Table, Venue

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAMES = {"A": "Martina Álvarez", "B": "Joaquín Peña", "C": "Lucía Fernández", "D": "Tomás Acosta"}
REASON = "Planilla de la mesa 2 cargada al revés"


@pytest.fixture
def day(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    venue = Venue.objects.create(name="Sede Palermo", province="CABA")
    user = get_user_model().objects.create_user("sede_palermo", password="clave-de-prueba", is_staff=True)
    user.groups.add(Group.objects.get(name="Organizador"))
    venue.organizers.add(user)
    event = EventFactory(name="Fecha con corrección", venue=venue, game=seeded_game(), cut_size=0,
                         planned_rounds=3)
    services.registration_open(event=event)
    regs = {key: services.registration_create(
        event=event, player=Player.objects.create(display_name=name, player_number=f"E2E-C{key}", home_venue=venue))
        for key, name in NAMES.items()}
    services.registration_close(event=event)
    r1 = services.round_pair_manual(event=event, pairings=[(regs["A"], regs["B"]), (regs["C"], regs["D"])])
    services.table_result_record(
        table=Table.objects.get(round=r1, seats__registration=regs["A"], seats__seat=1),
        seats=[{"games": 2}, {"games": 0}],
    )
    services.table_result_record(
        table=Table.objects.get(round=r1, seats__registration=regs["C"], seats__seat=1),
        seats=[{"games": 2}, {"games": 1}],
    )
    services.round_pair_next(event=event)
    return event, r1


def click(page, locator) -> None:
    with page.expect_navigation():
        locator.click()


def test_organizer_corrects_round_one_after_round_two_is_paired(live_server, browser, desktop_page, day):
    event, r1 = day
    page = desktop_page
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "sede_palermo")
    page.fill("#id_password", "clave-de-prueba")
    click(page, page.locator('input[type="submit"]'))

    page.goto(live_server.url + reverse("public:standings", args=[event.pk]))
    assert standings_names(page) == [NAMES["A"], NAMES["C"], NAMES["D"], NAMES["B"]]

    page.goto(live_server.url + reverse("admin:tournaments_round_change", args=[r1.pk]))
    row = page.locator("#mesa-2")
    row.locator("details.arena-correct summary").click()
    row.locator('input[name="games_a"]').fill("1")
    row.locator('input[name="games_b"]').fill("2")
    row.locator('input[name="reason"]').fill(REASON)
    click(page, row.get_by_role("button", name="Ver impacto"))

    moved = page.locator("#correction-moved tbody tr").all_inner_texts()
    assert [" ".join(text.split()) for text in moved] == [
        f"{NAMES['D']} 3 → 2 0,0 → 1,0 1,0 → 0,0 Puntaje total → Handicap: x",  # es-AR decimal comma
        f"{NAMES['C']} 2 → 3 1,0 → 0,0 0,0 → 1,0 Handicap: x → Puntaje total",
    ]
    assert "se habría emparejado distinto" in page.locator("#correction-current-round").inner_text()
    click(page, page.get_by_role("button", name="Confirmar corrección", exact=True))
    messages = " ".join(page.locator("ul.messagelist li").all_inner_texts())
    assert f"Ronda 1, mesa 2: resultado corregido a 1-2. Motivo: {REASON}" in messages

    # A visitor's screen (a fresh browser: the page seen before may stay cached for a few seconds).
    visitor = browser.new_context(locale="es-AR")
    public = visitor.new_page()
    public.goto(live_server.url + reverse("public:standings", args=[event.pk]))
    assert standings_names(public) == [NAMES["A"], NAMES["D"], NAMES["C"], NAMES["B"]]
    visitor.close()

    page.goto(live_server.url + reverse("admin:tournaments_eventlogentry_changelist"))
    log = page.locator("#result_list").inner_text()
    assert "Resultado corregido" in log
    assert REASON in log
