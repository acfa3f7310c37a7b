"""The README is a front page (issue #28 point 8): short, and every page of ``docs/`` linked from it.

The addresses the README and the role pages give are resolved against the URL configuration, and the
admin clicks they name («Torneos › Eventos») against the admin's own names, so a renamed page or model
breaks a test instead of the docs.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.text import capfirst

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: Markdown link targets: ``[text](target)``.
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: A site address in backticks: ``/juez/``, ``/eventos/<id>/reloj/``.
ADDRESS = re.compile(r"`(/[^`\s]*)`")
#: What each placeholder of the docs stands for in a real address.
PLACEHOLDERS = {"<id>": "7", "<evento>": "7", "<n>": "2", "<mesa>": "3", "<número>": "WM-0001",
                "<documento>": "posiciones", "<event_id>": "7", "<table_id>": "3"}


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def headings(path: Path) -> set[str]:
    """GitHub's anchors of a Markdown file's headings (lower case, punctuation dropped, spaces to hyphens)."""
    anchors, fenced = set(), False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#+ (.+)", line)):
            anchors.add(re.sub(r"[^\w\- ]", "", match.group(1).lower()).replace(" ", "-"))
    return anchors


def relative_links(path: Path) -> list[str]:
    return [target for target in LINK.findall(path.read_text()) if not re.match(r"[a-z]+:", target)]


def test_the_front_page_is_under_120_lines():
    assert len(README.read_text().splitlines()) < 120


def test_every_relative_link_of_the_readme_and_the_docs_reaches_a_file_and_its_heading():
    checked = 0
    for source in markdown_files():
        for target in relative_links(source):
            file_part, _, anchor = target.partition("#")
            destination = (source.parent / file_part).resolve() if file_part else source
            assert destination.is_file(), f"{source.name}: {target}"
            if anchor:
                assert anchor in headings(destination), f"{source.name}: {target}"
            checked += 1
    assert checked >= 10  # README's five pages, its anchor, and each page's way back


def test_every_page_under_docs_is_linked_from_the_readme():
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in relative_links(README)
              if target.startswith("docs/")}
    pages = {path.resolve() for path in DOCS.rglob("*") if path.is_file()}

    assert {path.name for path in pages} >= {"organizers.md", "judges.md", "players.md", "operators.md",
                                             "developers.md"}
    assert pages - linked == set()


def addresses(path: Path) -> set[str]:
    """The site addresses a page names, placeholders filled in; query strings and elided ones (…) left out."""
    found = set()
    for address in ADDRESS.findall(path.read_text()):
        if "…" in address or address.startswith("//"):
            continue
        address = address.split("?")[0]
        for placeholder, value in PLACEHOLDERS.items():
            address = address.replace(placeholder, value)
        found.add(address)
    return found


@pytest.mark.parametrize("page", ["README.md", "docs/organizers.md", "docs/judges.md", "docs/players.md",
                                  "docs/operators.md"])
def test_every_address_the_page_gives_is_a_page_of_the_site(page):
    found = addresses(ROOT / page)

    assert found
    for address in sorted(found):
        try:
            match = resolve(address)
        except Resolver404:
            pytest.fail(f"{page}: {address} answers 404")
        assert match.url_name != "api_not_found", f"{page}: {address}"


def test_the_day_panel_address_of_the_readme_is_the_event_change_page():
    text = README.read_text()

    assert "`/admin/tournaments/event/<id>/change/`" in text
    assert resolve("/admin/tournaments/event/7/change/").url_name == "tournaments_event_change"
    assert "`/admin/tournaments/round/<id>/change/`" in text
    assert resolve("/admin/tournaments/round/7/change/").url_name == "tournaments_round_change"


def test_the_admin_clicks_the_readme_names_are_the_admin_index_names():
    from leagues.models import LeagueEvent
    from tournaments.models import Event, Player

    with translation.override("es-ar"):
        names = {
            "tournaments": str(apps.get_app_config("tournaments").verbose_name),
            "event": capfirst(str(Event._meta.verbose_name_plural)),
            "player": capfirst(str(Player._meta.verbose_name_plural)),
            "leagues": str(apps.get_app_config("leagues").verbose_name),
            "league_event": capfirst(str(LeagueEvent._meta.verbose_name_plural)),
        }

    assert names == {"tournaments": "Torneos", "event": "Eventos", "player": "Jugadores",
                     "leagues": "Super Liga", "league_event": "Eventos (puntos de liga)"}
    text = README.read_text()
    assert "`/admin/` › «Torneos» › «Eventos» › the event" in text
    assert "«Super Liga › Eventos (puntos de liga)»" in text
    assert "«Torneos › Jugadores»" in text


def test_the_front_page_says_what_each_command_takes_on_2_cores():
    lines = README.read_text().splitlines()
    start = lines.index("| command | on 2 cores |")
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        command, took = (cell.strip() for cell in line.strip("|").split("|", 1))
        rows[command] = took

    assert {"`make demo`", "`make run`", "`make test`", "`.ci/run`"} <= set(rows)
    for command in ("`make demo`", "`make run`", "`make test`", "`.ci/run`"):
        assert re.search(r"\d+ (s|minutes)\b", rows[command]), command
    assert "25 minutes on SQLite" in rows["`make test`"] and "40 on PostgreSQL" in rows["`make test`"]
