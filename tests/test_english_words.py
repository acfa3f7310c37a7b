"""No English on a Spanish page (issue #28, point 5).

The demo of ``make run`` (``manage.py demo_setup``: a finished event, one in
play, next week's with pre-registrations; the organizer, the judge and the
player logins) is crawled in Spanish as each of them and as an anonymous
visitor: from each role's start pages, every link of the site that answers
HTML, one page per address shape (ids folded), up to a budget. The visible
text of each page — the text outside scripts and styles, and the attribute
values a reader sees or hears (title, placeholder, aria-label, alt, a button's
value) — is searched for the English words listed here, as whole words. The
auth pages (log in, log out, password change and reset, Django's admin ones
too) are in the start lists; the player import's totals are checked through
a real import.
"""
from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

#: English words that must not appear on a Spanish page (whole words, case as written).
ENGLISH_WORDS = (
    "the", "The", "and", "of", "to", "you", "your", "Your", "is", "are", "was", "with", "for", "this", "This",
    "Import", "Export", "finished", "updated", "deleted", "skipped", "Save", "Delete", "Search", "Home",
    "Log out", "Log in", "Change", "Add", "Welcome", "Page not found", "Filter", "Yes", "No, take me back",
    "Cancel", "password", "Password", "results", "round", "Round", "standings", "Standings", "player", "Player",
    "History", "View site", "Documentation", "Action", "Select", "selected", "Show all", "Clear", "Today",
    "Now", "Close", "Previous", "Next", "Submit", "Preview", "Errors", "Resource", "Username", "Remove",
    "Choose", "Please", "Go", "Run", "Back", "Edit", "View", "Recent actions", "My actions", "None available",
    "Unknown", "Date", "Time", "Forgotten", "Enter", "Confirm", "Thanks", "Sorry",
)
_WORDS = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")(?![\w-])")

#: True false positives, each with its reason.
ALLOWED = {
    "Planets War": "a game's name (rules/games)",
    "Weed Monsters": "a game's name",
    "Super Liga": "the league's name",
    "Excel (XLSX)": "a file format's name",
    "Baco The Creator": "a card's printed name (rules/data)",
}

#: Attributes whose values the reader sees or hears.
VISIBLE_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "aria-description"}

#: Addresses not crawled: the API (JSON and its docs), downloads, state changes by GET, the language switch.
SKIPPED = re.compile(r"^/(api/|static/|media/|i18n/|healthz)|/(logout|salir)/|\.(pdf|csv|xlsx|png|svg)$|"
                     r"formato=|/documentos?/|/export|/pdf/|/qr|/descargar")
BUDGET = 160


class VisibleText(HTMLParser):
    """The text a reader of the page sees: no scripts, styles or templates; visible attribute values."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in {"script", "style", "template", "noscript"}:
            self._hidden += 1
        for name in VISIBLE_ATTRIBUTES & attributes.keys():
            self.parts.append(attributes[name] or "")
        if tag == "input" and attributes.get("type") in {"submit", "button", "reset"} and attributes.get("value"):
            self.parts.append(attributes["value"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])

    def handle_endtag(self, tag):
        if tag in {"script", "style", "template", "noscript"} and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def english_in(html: str) -> tuple[list[str], list[str]]:
    """(English words found in the visible text, links of the page)."""
    parser = VisibleText()
    parser.feed(html)
    text = "\n".join(parser.parts)
    for allowed in ALLOWED:
        text = text.replace(allowed, " ")
    return sorted(set(_WORDS.findall(text))), parser.links


def shape(path: str) -> str:
    """An address with its ids folded: one page per template is enough."""
    return re.sub(r"[\w-]*\d[\w-]*", "0", path)


def crawl(client: Client, starts: list[str]) -> tuple[dict[str, list[str]], int]:
    """({address: English words}, pages read) over the pages reachable from ``starts``."""
    offenders: dict[str, list[str]] = {}
    queue, seen, visited = deque(starts), set(), 0
    while queue and visited < BUDGET:
        url = queue.popleft()
        parts = urlsplit(url)
        key = (shape(parts.path), tuple(sorted(q.split("=")[0] for q in parts.query.split("&") if q)))
        if key in seen:
            continue
        seen.add(key)
        response = client.get(url)
        visited += 1
        if response.status_code in {301, 302} and url in starts:
            queue.append(response.url)
            continue
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        found, links = english_in(response.content.decode())
        if found:
            offenders[url] = found
        for link in links:
            target = urljoin(url, link)
            split = urlsplit(target)
            if split.scheme or split.netloc or SKIPPED.search(split.path) or SKIPPED.search(split.query):
                continue
            queue.append(split.path + ("?" + split.query if split.query else ""))
    return offenders, visited


# --------------------------------------------------------------------------- the word finder itself


@pytest.mark.unit
def test_the_finder_sees_english_in_text_and_attributes_but_not_in_scripts():
    html = ('<p>Ronda 1</p><button title="Delete">x</button><input type="submit" value="Save">'
            '<script>var the = 1;</script><style>.and{}</style><p>Import finished: 2 new</p>'
            '<a href="/eventos/1/">Ver</a>')
    found, links = english_in(html)
    assert found == ["Delete", "Import", "Save", "finished"]
    assert links == ["/eventos/1/"]


@pytest.mark.unit
def test_the_finder_reads_whole_words_and_lets_spanish_pass():
    assert english_in("<p>Theo, Andrea, Toronto, Isla, Adding-x; Planets War; torneo</p>")[0] == []
    assert english_in("<p>Log out</p>")[0] == ["Log out"]


# --------------------------------------------------------------------------- the demo, page by page


@pytest.fixture
def demo(db, settings):
    settings.LANGUAGE_CODE = "es-ar"
    call_command("demo_setup", "--force", stdout=open("/dev/null", "w"))
    users = get_user_model().objects
    return {"organizador": users.get(username="organizador"), "juez": users.get(username="juez"),
            "jugador": users.get(email="jugador@arena.example")}


def start_pages() -> dict[str, list[str]]:
    public = ["/", "/proximos/", "/resoluciones/", "/reglas/mazos/validar/", "/liga/", "/no-existe/"]
    return {
        "anonymous": [*public, reverse("accounts:login"), reverse("accounts:signup"),
                      reverse("accounts:password_reset"), reverse("accounts:password_reset_done"),
                      reverse("accounts:password_reset_complete"), "/admin/login/", "/juez/"],
        "jugador": ["/yo/", "/cuenta/", reverse("accounts:password_change"), reverse("accounts:claim"), *public],
        "juez": ["/juez/", *public],
        "organizador": ["/admin/", "/admin/password_change/", "/admin/password_change/done/",
                        "/admin/tournaments/event/", "/admin/tournaments/round/", "/admin/tournaments/table/",
                        "/admin/tournaments/registration/", "/admin/tournaments/player/",
                        "/admin/tournaments/player/import/", "/admin/tournaments/eventlogentry/", *public],
    }


@pytest.mark.django_db
def test_no_english_word_on_any_demo_page_in_spanish(demo):
    offenders = {}
    for role, starts in start_pages().items():
        client = Client()
        if role != "anonymous":
            client.force_login(demo[role])
        starts = list(starts)
        if role == "organizador":
            from tournaments.models import Event, Registration, Round, Table
            event, rnd, table = Event.objects.order_by("pk").first(), Round.objects.first(), Table.objects.first()
            registration = Registration.objects.first()
            starts += [f"/admin/tournaments/event/{event.pk}/change/", f"/admin/tournaments/event/{event.pk}/delete/",
                       f"/admin/tournaments/round/{rnd.pk}/change/", f"/admin/tournaments/table/{table.pk}/change/",
                       f"/admin/tournaments/registration/{registration.pk}/change/",
                       reverse("admin:tournaments_eventlogentry_event", args=[event.pk])]
        found, visited = crawl(client, starts)
        assert visited >= len(starts), (role, visited)
        for url, words in found.items():
            offenders[f"{role} {url}"] = words
    assert offenders == {}


@pytest.mark.django_db
def test_the_logout_pages_are_spanish(demo):
    client = Client()
    client.force_login(demo["organizador"])
    page = client.post("/admin/logout/")
    assert page.status_code == 200
    assert english_in(page.content.decode())[0] == []


@pytest.mark.django_db
def test_the_player_import_reports_its_totals_in_spanish(demo):
    client = Client()
    client.force_login(demo["organizador"])
    existing = demo["jugador"].player
    home = existing.home_venue.name if existing.home_venue else ""
    rows = ("nombre,número,sede,provincia\n"
            f"{existing.display_name},{existing.player_number},{home},\n"
            "Ada Nueva,WM-8801,,\nBruno Nuevo,WM-8802,,\n")
    upload = SimpleUploadedFile("jugadores.csv", rows.encode("utf-8"))
    preview = client.post(reverse("admin:tournaments_player_import"), {"import_file": upload, "format": "0"})
    assert preview.status_code == 200
    assert preview.context["result"].has_errors() is False
    assert english_in(preview.content.decode())[0] == []
    form = preview.context["confirm_form"]
    data = {name: form[name].value() for name in form.fields}
    done = client.post(reverse("admin:tournaments_player_process_import"), data, follow=True)
    body = done.content.decode()
    assert "Importación terminada (jugadores): 2 nuevos, 0 actualizados, 0 borrados, 1 sin cambios." in body
    assert english_in(body)[0] == []


@pytest.mark.django_db
def test_the_password_reset_email_is_spanish(demo, mailoutbox):
    Client().post(reverse("accounts:password_reset"), {"email": "jugador@arena.example"})

    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert english_in(f"<p>{message.subject}</p><pre>{message.body}</pre>")[0] == [], message.body


def test_the_demo_judge_can_be_named_on_a_new_event(demo):
    """The «Juez principal» and «Jueces» pickers of a new event offer the demo judge (in the «Juez» group)."""
    from tournaments.admin.events import judge_candidates

    assert demo["juez"] in judge_candidates() and not demo["juez"].is_staff
