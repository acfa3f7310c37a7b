"""Offline venues: an event exported to one file and imported (published) on the national server (issue #18 point 4).

One test database plays both roles: the event is played through the
services (an 8-player Super Liga day with a top 4, :func:`finish_with_top_cut`:
the higher seed wins each semifinal 2-0, player B wins the final 0-2), exported,
then deleted with everything it owns (its league points go with it, as
``LedgerEntry`` cascades) — a "fresh central" — and imported from the file.
The expected values after the import are the values read before the export:
the standings of 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
and the podium of 3 the rulebook asks for are a function of the results
only, so the same results must give the same rows on either server.
"""
from __future__ import annotations

import copy
import dataclasses
import io
import json

import pytest
from django.core.management import CommandError, call_command

from leagues.models import LedgerEntry
from tournaments import selectors
from tournaments.exchange import fileformat, service
from tournaments.models import Event, Player, Registration, ResultEntry, Table, Venue

from .api.conftest import finish_with_top_cut, open_event
from .exchange_helpers import publish, venue_key

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def standings(event: Event) -> list[tuple]:
    """The final standings by value: player number and every Standing field but the local registration id."""
    rows = []
    for row in selectors.standing_rows(event):
        values = dataclasses.asdict(row.standing)
        values.pop("registration_id")
        rows.append((row.player_number, row.display_name, json.dumps(values, sort_keys=True, default=str)))
    return rows


def podium(event: Event) -> list[str]:
    event = Event.objects.get(pk=event.pk)
    return [r.player.player_number for r in (event.podium_first, event.podium_second, event.podium_third)]


def points(event: Event) -> dict[tuple[str, str], int]:
    totals: dict[tuple[str, str], int] = {}
    for e in LedgerEntry.objects.filter(event=event).select_related("player"):
        key = (e.player.player_number, e.scope)
        totals[key] = totals.get(key, 0) + e.points
    return {k: v for k, v in totals.items() if v}


def forget(event: Event) -> None:
    """Remove the event and all it owns, as if this database had never seen it."""
    service._delete_children(event)
    Event.objects.filter(pk=event.pk).delete()


@pytest.fixture
def played():
    return finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3))


def test_round_trip_keeps_standings_podium_league_points_and_history(played):
    """A finished event exported, forgotten and imported shows the same final standings, podium and league points.

    R-000-80: the podium of 3 (1st and 2nd from the final, 3rd the semifinal
    loser with the better Swiss rank) must be the same on the central server.
    The final's player B won 0-2 (fixture), so 1st is the final's B side.
    """
    before_rows, before_podium, before_points = standings(played), podium(played), points(played)
    final = played.rounds.get(phase="top_cut", stage=1).tables.get()
    assert before_podium[0] == final.player_b.player.player_number  # by hand: B won the final 0-2
    assert before_points, "a finished Super Liga day posts points"
    entries = ResultEntry.objects.filter(table__round__event=played).count()
    log = played.log.count()
    doc = json.loads(fileformat.dumps(fileformat.event_export(played)))
    uid = played.uid
    forget(played)
    assert not Event.objects.filter(uid=uid).exists()

    result = publish(doc)
    event = result.event
    assert result.created and event.uid == uid
    assert standings(event) == before_rows
    assert podium(event) == before_podium
    assert points(event) == before_points
    assert ResultEntry.objects.filter(table__round__event=event).count() == entries
    assert event.log.count() == log


def test_importing_the_same_file_twice_updates_in_place(played):
    """Idempotent by uid: a second import leaves one event with the same counts and no extra league points."""
    doc = fileformat.event_export(played)
    counts = (Registration.objects.filter(event=played).count(), Table.objects.filter(round__event=played).count())
    ledger = LedgerEntry.objects.filter(event=played).count()
    forget(played)
    first = publish(copy.deepcopy(doc))
    second = publish(copy.deepcopy(doc))
    assert first.created and not second.created
    assert Event.objects.filter(uid=played.uid).count() == 1
    event = second.event
    assert first.event.pk == event.pk
    assert (Registration.objects.filter(event=event).count(),
            Table.objects.filter(round__event=event).count()) == counts
    assert LedgerEntry.objects.filter(event=event).count() == ledger  # nothing posted again


def test_name_conflict_refuses_everything_with_the_line(played):
    """A player number whose name differs on the server refuses the whole file, naming path and line."""
    text = fileformat.dumps(fileformat.event_export(played))
    doc = json.loads(text)
    number = doc["players"][2]["player_number"]
    Player.objects.filter(player_number=number).update(display_name="Ana Pérez")
    doc["players"][2]["display_name"] = "Ana Peres"
    text = fileformat.dumps(doc)
    forget(played)
    players = Player.objects.count()
    with pytest.raises(service.ImportRefused) as exc:
        publish(doc, text=text)
    expected_line = text.splitlines().index('  "players": [') + 1 + 2 * 0  # the players list opens on this line
    assert any(p.startswith("players[2] (línea ") and f"{number} se llama «Ana Pérez» en el servidor y "
               "«Ana Peres» en el archivo" in p for p in exc.value.problems)
    line = int(exc.value.problems[0].split("(línea ")[1].split(")")[0])
    assert line > expected_line and text.splitlines()[line - 1] == "    {"
    assert not Event.objects.filter(uid=doc["event"]["uid"]).exists()
    assert Player.objects.count() == players


def test_accept_names_keeps_the_server_name(played):
    """``accept_names``: the conflict is reported and the server's name kept; the import goes through."""
    doc = fileformat.event_export(played)
    number = doc["players"][0]["player_number"]
    Player.objects.filter(player_number=number).update(display_name="Ana Pérez")
    doc["players"][0]["display_name"] = "Ana Peres"
    forget(played)
    result = publish(doc, accept_names=True)
    assert result.names_kept and Player.objects.get(player_number=number).display_name == "Ana Pérez"


def test_unknown_players_are_created_with_the_file_name_and_home_venue(played):
    doc = fileformat.event_export(played)
    home = Venue.objects.create(name="Sede Nueva", province="Mendoza")
    doc["players"][0]["home_venue"] = {"name": home.name, "province": home.province}
    number = doc["players"][0]["player_number"]
    forget(played)
    Player.objects.filter(player_number=number).update(player_number="OTRO-1")
    result = publish(doc)
    player = Player.objects.get(player_number=number)
    assert result.players_created == [number]
    assert (player.display_name, player.home_venue) == (doc["players"][0]["display_name"], home)


def test_unknown_venue_refuses(played):
    doc = fileformat.event_export(played)
    doc["event"]["venue"] = {"name": "Sede Inexistente", "province": "Jujuy"}
    forget(played)
    with pytest.raises(service.ImportRefused) as exc:
        service.event_import(doc, unsigned=True)  # no venue of that name: no key to sign with
    assert any("Sede Inexistente" in p for p in exc.value.problems)
    assert not Event.objects.filter(uid=doc["event"]["uid"]).exists()


def test_non_organizer_is_refused(played, django_user_model):
    from tournaments.errors import NotAllowed

    doc = fileformat.event_export(played)
    stranger = django_user_model.objects.create_user("forastero", password="x")
    forget(played)
    with pytest.raises(NotAllowed):
        publish(doc, by=stranger)
    played.venue.organizers.add(stranger)
    assert publish(doc, by=stranger).event.uid == played.uid


def test_bad_files_are_refused_clearly():
    with pytest.raises(fileformat.FileFormatError):
        fileformat.loads("no es json")
    with pytest.raises(fileformat.FileFormatError) as exc:
        fileformat.loads(json.dumps({"format": "arena-event", "version": 99}))
    assert exc.value.path == "version"


def test_commands_export_then_import(played, tmp_path):
    """event_export --sign with the venue's key, event_import on a server without the event; --unsigned."""
    path = tmp_path / "evento.json"
    out = io.StringIO()
    call_command("event_export", str(played.pk), str(path), "--sign", "--key", venue_key(played.venue), stdout=out)
    assert json.loads(path.read_text(encoding="utf-8"))["event"]["uid"] == str(played.uid)
    forget(played)
    out = io.StringIO()
    call_command("event_import", str(path), stdout=out)
    assert "creado" in out.getvalue()
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["event"]["venue"] = {"name": "Nadie", "province": "Ninguna"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CommandError, match="integrity.sha256"):  # edited after signing
        call_command("event_import", str(path), stdout=io.StringIO())
    doc.pop("integrity")
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CommandError, match="no está firmado"):
        call_command("event_import", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="Nadie"):
        call_command("event_import", str(path), "--unsigned", stdout=io.StringIO())
