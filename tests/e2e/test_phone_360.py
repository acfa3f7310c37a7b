"""The phone at 360 px (issue #28 point 7): no page of the demo scrolls sideways.

The data is the demo's own (``manage.py demo_setup``: a finished Super Liga
date with its top 4, the date in play with round 1 paired, next week's date
taking pre-registrations, and the demo judge and player accounts), plus what
the demo does not hold: a pods event in its second round, a round robin and a
knockout played to the end, a penalty and a pair of players' reports that
disagree. At a 360×740 viewport in es-AR every public page, every judge page
(as the demo judge) and every page of «Mi torneo» (as the demo player) must
be no wider than the viewport, with the header in one row (at most 64 px
high). On standings and pairings the place, name, points and result of every
row must lie inside the viewport, not clipped by a scrolling box; the
bracket, which does not fit, says «Deslizá para ver más» and its final comes
into view when swiped. Playwright drives Debian's chromium (tests/e2e/conftest.py).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import partial

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.factories.day import (
    EventInRound,
    finished_event,
    penalty_issued,
    registered_event,
    rounds_played,
    tables_with_results,
)
from tournaments import services
from tournaments.errors import PairingRefused
from tournaments.models import Event, Player, Registration, Table
from tournaments.services.reports import table_report_submit

from .helpers import click, login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

WIDTH = 360
HEADER_MAX = 64

#: A pods event's players (stoner points seats 3 to 5 a pod): one long name, as players sign up.
POD_NAMES = ["María de los Ángeles Fernández Castro", "Beto Gómez", "Carla Ruiz", "Darío Sosa", "Eva Luna",
             "Facundo Benítez", "Gabriela Paz", "Hernán Ojeda", "Inés Molina", "Julián Vera",
             "Karina Díaz", "Lautaro Ibáñez", "Mora Quiroga"]

# The content of every cell, measured as the text's own box (a Range), must lie inside the viewport and
# inside every ancestor that clips (a scrolling box). Returns what does not, as "text left–right".
OUTSIDE_JS = """(selector) => {
  const out = [];
  for (const cell of document.querySelectorAll(selector)) {
    if (!cell.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(cell);
    const box = range.getBoundingClientRect();
    let left = 0, right = window.innerWidth;
    for (let el = cell.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible") {
        const r = el.getBoundingClientRect();
        left = Math.max(left, r.left); right = Math.min(right, r.right);
      }
    }
    if (box.width === 0 || box.left < left - 0.5 || box.right > right + 0.5) {
      const text = cell.textContent.trim().replace(/\\s+/g, " ").slice(0, 40);
      out.push(text + " " + Math.round(box.left) + "–" + Math.round(box.right));
    }
  }
  return out;
}"""

MEASURE_JS = """() => {
  const header = document.querySelector("header.top");
  return {width: document.documentElement.scrollWidth, viewport: window.innerWidth,
          header: header ? header.getBoundingClientRect().height : 0};
}"""


@dataclass
class Demo:
    finished: Event
    live: Event
    upcoming: Event
    pods: Event
    round_robin: Event
    knockout: Event
    penalty_id: int
    penalized_number: str


def knockout_played(players: int, **kwargs) -> Event:
    """A single-elimination event played stage by stage to its final, then finished."""
    event = registered_event(players, format="single_elimination", **kwargs)
    while True:
        try:
            rounds_played(event, 1)
        except PairingRefused as refused:
            assert refused.code == "top_cut_complete", refused
            return services.event_finish(event=event)


@pytest.fixture
def demo(settings) -> Demo:
    """The demo of ``make run`` and the events it lacks (module docstring)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from tournaments.management.commands.demo_setup import DEMO_NAME, JUDGE, LIVE_NAME, UPCOMING_NAME

    call_command("demo_setup", force=True, stdout=io.StringIO())
    finished, live, upcoming = (Event.objects.get(name=name) for name in (DEMO_NAME, LIVE_NAME, UPCOMING_NAME))
    rnd = live.rounds.get(number=1)
    tables_with_results(rnd, count=3)  # a day under way: some tables have a result, the rest are pending
    # Table 6's players both report, each as the winner: the judges' queue holds it.
    conflict = Table.objects.all().get(round=rnd, table_number=6)
    for reg, games in ((conflict.player_a, (2, 0)), (conflict.player_b, (0, 2))):
        if reg.player.user is None:
            reg.player.user = UserFactory()
            reg.player.save()
        table_report_submit(table=conflict, registration=reg, seats=[{"games": games[0]}, {"games": games[1]}],
                            by=reg.player.user)
    penalized = Registration.objects.select_related("player").get(pk=conflict.player_a_id)
    penalty = penalty_issued(penalized)

    from django.contrib.auth import get_user_model

    judge = get_user_model().objects.get(username=JUDGE[0])
    pods = EventInRound(2, format="pods", players=POD_NAMES, name="Stoner — fecha de mesas")
    tables_with_results(pods.rounds.get(number=2), count=1)
    round_robin = finished_event(5, format="round_robin", name="Todos contra todos")
    knockout = knockout_played(8, name="Eliminación directa")
    for event in (pods, round_robin, knockout):
        event.judges.add(judge)
    return Demo(finished, live, upcoming, pods, round_robin, knockout, penalty.pk, penalized.player.player_number)


def check_page(page, url: str, name: str, problems: list[str]) -> None:
    """Open ``url``; note in ``problems`` (naming the page) a sideways scroll or a header taller than one row."""
    response = page.goto(url)
    assert response is not None and response.ok, f"{name}: {url} answered {response.status if response else None}"
    m = page.evaluate(MEASURE_JS)
    assert m["viewport"] == WIDTH
    if m["width"] > m["viewport"]:
        problems.append(f"{name} ({url}): the page is {m['width']} px wide in a {m['viewport']} px viewport")
    if m["header"] > HEADER_MAX:
        problems.append(f"{name} ({url}): the header is {m['header']:.0f} px high (more than one row)")


def check_cells(page, selector: str, name: str, problems: list[str]) -> None:
    """Note in ``problems`` every cell of ``selector`` whose content is not inside the viewport."""
    for cell in page.evaluate(OUTSIDE_JS, selector):
        problems.append(f"{name}: «{cell}» ({selector}) is not inside the 360 px viewport")


def first_number(event: Event) -> str:
    return Registration.objects.filter(event=event).order_by("pk").values_list("player__player_number", flat=True)[0]


# Rows and the columns that must be on the screen. Standings (public/_standings.html with
# _standings_cells_games.html): 1 place, 2 name, 4 points, 5-7 wins, draws, losses, 8-11 Buchholz,
# head-to-head, game differential, what broke the tie (3, the venue, is not shown on a phone); pods
# standings (with _standings_cells_places.html): 1 place, 2 name, 4 points, 5 opponents' points, 6 stoner
# points, 7 places, 8 what broke the tie. A round (public/_round.html with _round_cells_games.html) by
# name: player, table, opponent, result; by table: table, player A, result, player B. A pods round (with
# _round_cells_places.html): table, players, result.
DUEL_STANDINGS = ("#standings-table tbody tr[data-registration]", (1, 2, 4, 5, 6, 7, 8, 9, 10, 11))
POD_STANDINGS = ("#standings-table tbody tr[data-registration]", (1, 2, 4, 5, 6, 7, 8))
BY_NAME = ("#by-name tbody tr[data-search]", (1, 2, 3, 4))
BY_TABLE = ("#by-table tbody tr[data-search]", (1, 2, 3, 4))
PODS = ("#pods tbody tr[data-search]", (1, 2, 3))


def test_public_pages_fit_a_360_px_phone(live_server, demo, phone_page):
    phone, url, problems = phone_page, live_server.url, []
    pages = [("event list", reverse("public:event_list"))]
    for label, event in (("finished event", demo.finished), ("live event", demo.live), ("pods event", demo.pods),
                         ("round robin", demo.round_robin), ("knockout", demo.knockout)):
        pages += [(f"{label}: pairings", reverse("public:event", args=[event.pk])),
                  (f"{label}: standings", reverse("public:standings", args=[event.pk])),
                  (f"{label}: player page", reverse("public:player", args=[event.pk, first_number(event)])),
                  (f"{label}: clock", reverse("clock:page", args=[event.pk]))]
    pages += [("finished event: round 1", reverse("public:round", args=[demo.finished.pk, 1])),
              ("finished event: last Swiss standings",
               reverse("public:standings", args=[demo.finished.pk]) + "?vista=suiza"),
              ("finished event: bracket", reverse("public:bracket", args=[demo.finished.pk])),
              ("knockout: bracket", reverse("public:bracket", args=[demo.knockout.pk])),
              ("live event: bracket (not started)", reverse("public:bracket", args=[demo.live.pk])),
              ("pods event: round 1", reverse("public:round", args=[demo.pods.pk, 1])),
              ("upcoming event", reverse("public:event", args=[demo.upcoming.pk])),
              ("upcoming events", reverse("prereg:upcoming")),
              ("upcoming event: pre-registration", reverse("prereg:event", args=[demo.upcoming.pk])),
              ("league", reverse("leagues:seasons")),
              ("rulings", reverse("rulings:search")),
              ("deck check", reverse("rules:deck_validate")),
              ("player login", reverse("accounts:login")),
              ("sign up", reverse("accounts:signup")),
              ("judge login", reverse("login"))]
    for name, path in pages:
        check_page(phone, url + path, name, problems)
    assert not problems, "\n".join(problems)

    # Standings and pairings: place, name, points and result of every row inside the viewport.
    pods_in_round = Table.objects.filter(round__event=demo.pods, round__number=2).count()
    standings = partial(reverse, "public:standings")
    checks = [("finished event: standings", standings(args=[demo.finished.pk]), [(DUEL_STANDINGS, 24)]),
              ("live event: standings", standings(args=[demo.live.pk]), [(DUEL_STANDINGS, 24)]),
              ("round robin: standings", standings(args=[demo.round_robin.pk]), [(DUEL_STANDINGS, 5)]),
              ("pods event: standings", standings(args=[demo.pods.pk]), [(POD_STANDINGS, 13)]),
              # 24 players: 24 lines by name, 12 tables (3 with a result, one in the judges' queue, 8 pending)
              ("live event: pairings", reverse("public:event", args=[demo.live.pk]), [(BY_NAME, 24), (BY_TABLE, 12)]),
              ("finished event: round 3", reverse("public:round", args=[demo.finished.pk, 3]),
               [(BY_NAME, 24), (BY_TABLE, 12)]),
              ("pods event: round 2", reverse("public:event", args=[demo.pods.pk]), [(PODS, pods_in_round)])]
    for name, path, tables in checks:
        phone.goto(url + path)
        for (rows, columns), count in tables:
            assert phone.locator(rows).count() == count, (name, rows)
            for n in columns:
                check_cells(phone, f"{rows} td:nth-child({n})", name, problems)
    assert not problems, "\n".join(problems)


def test_standings_are_compact_on_the_phone_and_whole_on_a_desktop(live_server, demo, phone_page, desktop_page):
    """Below 600 px the tiebreakers go under the name, each with its label; a desktop shows every column."""
    path = live_server.url + reverse("public:standings", args=[demo.finished.pk])
    first = "#standings-table tbody tr[data-registration] >> nth=0"
    phone_page.goto(path)
    row = phone_page.locator(first)
    name, buchholz = row.locator("td.player").bounding_box(), row.locator("td:nth-child(8)").bounding_box()
    assert buchholz["y"] >= name["y"] + name["height"] - 1  # on the line below the name
    assert phone_page.locator("#standings-table thead th", has_text="Buchholz").is_hidden()
    label = row.locator("td:nth-child(8)").evaluate("td => getComputedStyle(td, '::before').content")
    assert label == '"Buchholz "'

    desktop_page.goto(path)
    row = desktop_page.locator(first)
    expect(desktop_page.locator("#standings-table thead th", has_text="Buchholz")).to_be_visible()
    name, buchholz = row.locator("td.player").bounding_box(), row.locator("td:nth-child(8)").bounding_box()
    assert abs(buchholz["y"] - name["y"]) < 1  # one line, one column each
    assert row.locator("td:nth-child(8)").evaluate("td => getComputedStyle(td, '::before').content") == "none"


def test_the_bracket_says_it_scrolls_and_its_final_comes_into_view(live_server, demo, phone_page):
    phone_page.goto(live_server.url + reverse("public:bracket", args=[demo.finished.pk]))
    bracket = phone_page.locator(".bracket")
    expect(phone_page.locator(".scroll-hint")).to_have_text("Deslizá para ver más →")
    expect(phone_page.locator(".scroll-hint")).to_be_in_viewport()
    final = bracket.locator("section").last
    expect(final.locator("h3")).to_have_text("Final")
    box = final.bounding_box()
    assert box["x"] + box["width"] > WIDTH  # the final starts off the screen, at its right edge
    bracket.evaluate("el => { el.style.scrollSnapType = 'none'; el.scrollLeft = el.scrollWidth; }")
    box = final.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= WIDTH
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_the_header_is_one_row_and_its_menu_opens(live_server, demo, phone_page, desktop_page):
    phone_page.goto(live_server.url + reverse("public:event", args=[demo.live.pk]))
    assert phone_page.locator("header.top").bounding_box()["height"] <= HEADER_MAX
    league = phone_page.locator("header.top nav a", has_text="Liga")
    expect(league).to_be_hidden()
    phone_page.get_by_role("button", name="Menú").click()
    expect(league).to_be_in_viewport()
    click(phone_page, league)
    assert phone_page.url.endswith(reverse("leagues:seasons"))

    desktop_page.goto(live_server.url + reverse("public:event", args=[demo.live.pk]))
    expect(desktop_page.locator("header.top nav a", has_text="Liga")).to_be_visible()
    expect(desktop_page.get_by_role("button", name="Menú")).to_be_hidden()


def test_judge_pages_fit_a_360_px_phone(live_server, demo, phone_page):
    from tournaments.management.commands.demo_setup import JUDGE

    phone, url, problems = phone_page, live_server.url, []
    phone.goto(url + reverse("login"))
    phone.fill("input[name=username]", JUDGE[0])
    phone.fill("input[name=password]", JUDGE[1])
    click(phone, "main button[type=submit]")
    live, pods = demo.live.pk, demo.pods.pk
    pages = [("judge home", reverse("judge:home")),
             ("tables", reverse("judge:tables", args=[live])),
             ("tables with a result", reverse("judge:tables", args=[live]) + "?estado=con-resultado"),
             ("report queue", reverse("judge:tables", args=[live]) + "?estado=reportes"),
             ("a table", reverse("judge:table", args=[live, 1, 6])),
             ("a table with a result", reverse("judge:table", args=[live, 1, 1])),
             ("new penalty", reverse("judge:penalty_new", args=[live, 1, 6])),
             ("rulings at a table", reverse("judge:table_rulings", args=[live, 1, 6])),
             ("penalties", reverse("judge:penalty_log", args=[live])),
             ("a penalty", reverse("judge:penalty_detail", args=[live, demo.penalty_id])),
             ("a player's penalties", reverse("judge:player_penalties", args=[demo.penalized_number])),
             ("pods", reverse("judge:tables", args=[pods])),
             ("a pod", reverse("judge:table", args=[pods, 2, 2])),
             ("a pod with a result", reverse("judge:table", args=[pods, 2, 1])),
             ("clock with controls", reverse("clock:page", args=[live])),
             ("cut line", reverse("judge:cutline", args=[live]))]
    for name, path in pages:
        check_page(phone, url + path, name, problems)
    phone.goto(url + reverse("judge:cutline", args=[live]))
    expect(phone.locator("#cutline-table tbody tr").first).to_be_visible()
    for n in (1, 2, 3):
        check_cells(phone, f"#cutline-table tbody td:nth-child({n})", "cut line", problems)
    phone.goto(url + reverse("judge:tables", args=[live]) + "?estado=reportes")
    expect(phone.locator('#report-queue li[data-table="6"]')).to_contain_text("no coinciden")  # the queue holds table 6
    # The search box's hint is read whole on the phone, not cut at its edge.
    hint = phone.evaluate("""() => {
        const box = document.querySelector("form.search input[name=q]"), style = getComputedStyle(box);
        const context = document.createElement("canvas").getContext("2d");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [box.placeholder, context.measureText(box.placeholder).width, room];
    }""")
    assert hint[1] <= hint[2], f"the judges' search hint «{hint[0]}» needs {hint[1]:.0f} px of {hint[2]:.0f}"
    assert not problems, "\n".join(problems)


def test_my_pages_fit_a_360_px_phone(live_server, demo, phone_page):
    from tournaments.management.commands.demo_setup import PLAYER

    phone, url, problems = phone_page, live_server.url, []
    phone.goto(url + reverse("accounts:login"))
    phone.fill("input[name=username]", PLAYER[0])
    phone.fill("input[name=password]", PLAYER[1])
    click(phone, "main button[type=submit]")
    player = Player.objects.get(user__email=PLAYER[0])
    live = demo.live.pk
    pages = [("my events", reverse("me:home")),
             ("my event in play", reverse("me:event", args=[live])),
             ("drop", reverse("me:drop", args=[live])),
             ("my decklist", reverse("rules:decklist_submit", args=[live])),
             ("my account", reverse("accounts:profile")),
             ("claim a number", reverse("accounts:claim")),
             ("password change", reverse("accounts:password_change")),
             ("upcoming events", reverse("prereg:upcoming")),
             ("pre-registration", reverse("prereg:event", args=[demo.upcoming.pk])),
             ("my public page", reverse("public:player", args=[live, player.player_number]))]
    for name, path in pages:
        check_page(phone, url + path, name, problems)
    phone.goto(url + reverse("me:event", args=[live]))
    expect(phone.locator("#my-cutline-headline")).to_be_visible()
    for n in (1, 2, 3, 4):
        check_cells(phone, f"#my-rounds tbody td:nth-child({n})", "my event in play", problems)
    assert not problems, "\n".join(problems)


def test_the_organizer_round_page_keeps_the_page_width(live_server, demo, phone_page):
    """The round's wide table scrolls in its own box; the page stays 360 px wide."""
    from tournaments.management.commands.demo_setup import ORGANIZER

    login(phone_page, live_server, *ORGANIZER)
    problems: list[str] = []
    for name, event in (("live round", demo.live), ("pods round", demo.pods), ("finished round", demo.finished)):
        rnd = event.rounds.order_by("-number").first()
        response = phone_page.goto(live_server.url + reverse("admin:tournaments_round_change", args=[rnd.pk]))
        assert response.ok
        width = phone_page.evaluate("document.documentElement.scrollWidth")
        if width > WIDTH:
            problems.append(f"admin {name}: the page is {width} px wide")
        # the table is wider than the phone: it scrolls in its box
        scrolls = phone_page.evaluate("""() => [...document.querySelectorAll(".arena-scroll")]
            .some(el => el.scrollWidth > el.clientWidth)""")
        if not scrolls:
            problems.append(f"admin {name}: no box of the round's tables scrolls sideways")
    assert not problems, "\n".join(problems)
