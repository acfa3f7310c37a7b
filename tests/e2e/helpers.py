"""Steps shared by the organizer's admin walkthroughs: log in, click and wait, buttons, confirmations, messages,
the new event's form, and the day's start up to round 1."""
from __future__ import annotations


def click(page, selector_or_locator) -> None:
    """Click something that submits a form or follows a link, and wait for the next page."""
    locator = page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator
    with page.expect_navigation():
        locator.click()


def button(page, label: str):
    return page.get_by_role("button", name=label, exact=True)


def confirm(page, label: str) -> None:
    """An irreversible step asks first, saying what it will do; confirm it."""
    click(page, page.get_by_role("button", name=f"Confirmar: {label}", exact=True))


def messages(page) -> str:
    return " ".join(page.locator("ul.messagelist li").all_inner_texts())


def login(page, live_server, username: str = "sede_palermo", password: str = "clave-de-prueba") -> None:
    """Log in to the admin (the ``venue_organizer`` by default)."""
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    click(page, 'input[type="submit"]')


def quick_register(page, players) -> None:
    """Create and register every ``(name, number)`` with «Alta rápida» on the event page."""
    for name, number in players:
        page.fill("#id_quick-display_name", name)
        page.fill("#id_quick-player_number", number)
        click(page, button(page, "Crear e inscribir"))
        assert f"{name} ({number}): alta e inscripción hechas." in messages(page)


def add_event(page) -> None:
    """Open the new event's form from the console's «Eventos»."""
    click(page, page.get_by_role("link", name="Eventos", exact=True).first)
    click(page, page.get_by_role("link", name="Agregar evento"))


def register_and_pair(page, players) -> None:
    """On the event page: open registration, register ``players`` with «Alta rápida», close it and
    pair round 1 (confirmed), landing on round 1's page."""
    click(page, button(page, "Abrir inscripción"))
    quick_register(page, players)
    assert f"Inscriptos: {len(players)}" in page.locator("#arena-day").inner_text()
    click(page, button(page, "Cerrar inscripción"))
    click(page, button(page, "Emparejar ronda siguiente"))
    confirm(page, "Emparejar ronda siguiente")
