"""The event file: ``{"format": "arena-event", "version": 1, "event": …, "players": […], …}``.

Everything that points at another row inside the file points by natural key:
players by ``player_number``, rounds by ``number``, tables by
``[round number, player A's number]`` (a pod's: its first seat's; one a round),
users by ``username``; timestamps are ISO 8601 with their offset. A round
lists its tables under ``matches`` (duels and byes: players A and B are the
table's seats 1 and 2) or ``pods`` (when the event's format plays in pods).
League points are not in the file: the receiving server posts them from the
results. Each match, result entry and pod seat carries how its seats ended
(``how_a``, ``how_b``, ``how``: played, absent, late, penalty); a file
without them (written before) still loads, the values derived on import.
``event.revision`` (the venue's own revision: a file older than the national
copy is refused) and ``event.demo`` travel too; ``integrity`` carries the
checksum and the venue's signature (:mod:`.signing`); ``event.podium`` is
only compared with the podium the receiving server derives.
"""
from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model

from rules.models import DeckCheck, Decklist

from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..models import (
    Event,
    EventLogEntry,
    Penalty,
    Registration,
    ResultEntry,
    Round,
    Table,
)

FORMAT = "arena-event"
VERSION = 1

#: Event settings copied as they are (the uid, name, date, kind, game and venue travel apart).
EVENT_SETTINGS = (
    "format", "best_of", "round_minutes", "clock_starts_on_pairing", "planned_rounds", "min_rounds", "cut_size",
    "third_place_match", "bye_game_wins", "state", "seed", "placement_points", "self_reporting",
    "pod_points_mode", "preregistration_open", "capacity",
)
EVENT_TIMES = ("finished_at", "preregistration_deadline", "decklist_deadline", "decklists_published_at")
REGISTRATION_FIELDS = ("checked_in", "late_entry", "joined_round", "dropped", "dropped_after_round",
                       "disqualified", "draw_order", "fixed_table", "pack_indoor")
ROUND_FIELDS = ("number", "phase", "stage", "state", "seed", "clock_paused_seconds", "build_minutes")
ROUND_TIMES = ("paired_at", "closed_at", "clock_started_at", "clock_paused_at")
MATCH_FIELDS = ("table_number", "is_bye", "games_a", "games_b", "games_drawn", "outcome", "status", "went_to_time",
                "intentional_draw", "rematch", "bracket_slot", "version", "extra_minutes", "how_a", "how_b")
RESULT_FIELDS = ("version", "games_a", "games_b", "games_drawn", "outcome", "went_to_time", "intentional_draw",
                 "minutes_late_a", "minutes_late_b", "how_a", "how_b", "note", "source")
#: How each seat's result came about (issue #25); files written before it lack these keys and are derived on import.
SEAT_HOW_FIELDS = ("how_a", "how_b")
#: What of a match its seats hold (seat 1 is player A, seat 2 player B), and of an entry its ``seats`` list.
MATCH_SEAT_FIELDS = ("games_a", "games_b", "how_a", "how_b")
RESULT_SEAT_FIELDS = ("games_a", "games_b", "minutes_late_a", "minutes_late_b", "how_a", "how_b")
#: What the table and the entry hold themselves (``rematch`` is stored as ``repeats``: 1 for a rematch).
MATCH_TABLE_FIELDS = tuple(n for n in MATCH_FIELDS if n not in (*MATCH_SEAT_FIELDS, "rematch"))
RESULT_ENTRY_FIELDS = tuple(n for n in RESULT_FIELDS if n not in RESULT_SEAT_FIELDS)
POD_FIELDS = ("table_number", "status", "repeats", "version", "ended_by_time")
#: A pod's ``ended_by_time`` is the table's ``went_to_time``.
POD_TABLE_FIELDS = ("table_number", "status", "repeats", "version")
PENALTY_FIELDS = ("game_number", "in_match", "infraction_code", "penalty_type", "original_type", "consequences",
                  "counts_as_warning", "warning_count_after", "message", "source", "notes", "incident", "ruling_id")
REVISION_FIELDS = ("from_type", "to_type", "reason", "consequences", "message", "source")
DECKLIST_FIELDS = ("text", "format_key", "status", "cards", "violations", "main_count", "locked")
DECKCHECK_FIELDS = ("table_number", "game_number", "counted_cards", "counted_text", "discrepancies", "violations",
                    "findings", "amendments", "decision")
LOG_FIELDS = ("action", "subject", "before", "after", "reason")


class FileFormatError(ValueError):
    """The document is not an event file this version reads; ``path`` names where (``"rounds[2].matches[0]"``)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _user(user_id: int | None, users: dict[int, str]) -> str | None:
    return users.get(user_id) if user_id else None


def _copy(obj, fields) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in fields}


def _entry_times(e: ResultEntry, users: dict[int, str]) -> dict[str, Any]:
    return {"entered_by": _user(e.entered_by_id, users), "entered_at": _iso(e.entered_at)}


def _match_row(table: Table, entries: list[ResultEntry], number: dict[int, str], users: dict[int, str]) -> dict:
    """A duel (or a bye) as the file writes it: players A and B are seats 1 and 2."""
    return {"player_a": number[table.player_a_id], "player_b": number.get(table.player_b_id),
            **_copy(table, MATCH_FIELDS),
            "entries": [{**_copy(e, RESULT_FIELDS), **_entry_times(e, users)} for e in entries]}


def _pod_row(table: Table, entries: list[ResultEntry], number: dict[int, str], users: dict[int, str]) -> dict:
    """A pod as the file writes it: its seats and its entries' ``placements`` (player numbers)."""
    seats = [{"player": number[s.registration_id], "seat": s.seat, "place": s.place, "score": s.score, "how": s.how}
             for s in table.seat_list]
    return {**_copy(table, POD_FIELDS), "seats": seats,
            "entries": [{"version": e.version, "ended_by_time": e.ended_by_time, "source": e.source,
                         "placements": [[number.get(line[0]), *line[1:]] for line in e.placements],
                         **_entry_times(e, users)} for e in entries]}


def event_export(event: Event) -> dict[str, Any]:
    """The event as the version-1 document (a JSON-ready ``dict``); reads, never writes."""
    event = Event.objects.select_related("game", "venue", "head_judge").get(pk=event.pk)
    users = dict(get_user_model().objects.values_list("pk", "username"))
    regs = list(Registration.objects.filter(event=event).select_related("player__home_venue").order_by("pk"))
    number = {r.pk: r.player.player_number for r in regs}
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    doc["event"] = {
        "uid": str(event.uid), "name": event.name, "date": event.date.isoformat(), "kind": event.kind,
        "revision": event.revision, "demo": event.demo,
        "game": event.game.key,
        "venue": {"name": event.venue.name, "province": event.venue.province} if event.venue_id else None,
        "settings": _copy(event, EVENT_SETTINGS),
        **{name: _iso(getattr(event, name)) for name in EVENT_TIMES},
        "judges": sorted(event.judges.values_list("username", flat=True)),
        "head_judge": event.head_judge.username if event.head_judge_id else None,
        "podium": [number.get(event.podium_first_id), number.get(event.podium_second_id),
                   number.get(event.podium_third_id)],
        "decklists_published_by": _user(event.decklists_published_by_id, users),
        "decklists_published": [{"player": number.get(row.get("registration")), "place": row.get("place")}
                                for row in (event.decklists_published or [])],
    }
    doc["players"] = [
        {"player_number": r.player.player_number, "display_name": r.player.display_name,
         "home_venue": ({"name": r.player.home_venue.name, "province": r.player.home_venue.province}
                        if r.player.home_venue_id else None)}
        for r in regs
    ]
    doc["registrations"] = [{"player": number[r.pk], **_copy(r, REGISTRATION_FIELDS), "created_at": _iso(r.created_at)}
                            for r in regs]
    pods = format_for(event).table_results == PLACE_RESULTS
    tables = list(Table.objects.filter(round__event=event).order_by("table_number", "pk"))
    entries_of: dict[int, list[ResultEntry]] = defaultdict(list)
    for e in ResultEntry.objects.filter(table__round__event=event).order_by("version", "pk"):
        entries_of[e.table_id].append(e)
    tables_of: dict[int, list[Table]] = defaultdict(list)
    for t in tables:
        tables_of[t.round_id].append(t)
    rounds = []
    for rnd in Round.objects.filter(event=event).order_by("number"):
        matches, pod_rows = [], []
        for t in tables_of[rnd.pk]:
            if pods:
                pod_rows.append(_pod_row(t, entries_of[t.pk], number, users))
            else:
                matches.append(_match_row(t, entries_of[t.pk], number, users))
        rounds.append({**_copy(rnd, ROUND_FIELDS), **{n: _iso(getattr(rnd, n)) for n in ROUND_TIMES},
                       "matches": matches, "pods": pod_rows})
    doc["rounds"] = rounds
    round_number = dict(Round.objects.filter(event=event).values_list("pk", "number"))
    table_key = {t.pk: [round_number[t.round_id], number[t.seat_list[0].registration_id]]
                 for t in tables if t.seat_list}

    def match_key(match_id):
        return table_key.get(match_id) if match_id else None

    doc["penalties"] = [
        {"player": number[p.registration_id], "round": round_number.get(p.round_id), "match": match_key(p.match_id),
         **_copy(p, PENALTY_FIELDS), "issued_by": _user(p.issued_by_id, users), "issued_at": _iso(p.issued_at),
         "consulted_judges": sorted(p.consulted_judges.values_list("username", flat=True)),
         "revisions": [{**_copy(r, REVISION_FIELDS), "revised_by": _user(r.revised_by_id, users),
                        "revised_at": _iso(r.revised_at)} for r in p.revisions.order_by("revised_at", "pk")]}
        for p in Penalty.objects.filter(event=event).order_by("issued_at", "pk")
    ]
    doc["decklists"] = [
        {"player": number[d.registration_id], **_copy(d, DECKLIST_FIELDS),
         "validated_on": _iso(d.validated_on), "locked_at": _iso(d.locked_at),
         "submitted_by": _user(d.submitted_by_id, users), "submitted_at": _iso(d.submitted_at)}
        for d in Decklist.objects.filter(registration__event=event).order_by("registration_id")
    ]
    doc["deck_checks"] = [
        {"player": number[c.registration_id], "round": round_number.get(c.round_id), "match": match_key(c.match_id),
         **_copy(c, DECKCHECK_FIELDS), "judge": _user(c.judge_id, users),
         "decision_by": _user(c.decision_by_id, users), "decision_at": _iso(c.decision_at),
         "created_at": _iso(c.created_at)}
        for c in DeckCheck.objects.filter(registration__event=event).order_by("created_at", "pk")
    ]
    doc["log"] = [{**_copy(e, LOG_FIELDS), "actor": _user(e.actor_id, users), "at": _iso(e.at)}
                  for e in EventLogEntry.objects.filter(event=event).order_by("at", "pk")]
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """The document as JSON text (UTF-8, two-space indent: one player per few lines, for line-numbered errors)."""
    return json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n"


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse and check the document's shape; raises :class:`FileFormatError` (Spanish message)."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise FileFormatError("", f"no es un JSON válido ({exc})") from exc
    check(doc)
    return doc


def _need(obj: Any, path: str, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise FileFormatError(path, f"falta «{key}»")
    if not isinstance(obj[key], kind):
        raise FileFormatError(f"{path}.{key}" if path else key, "tipo de dato inesperado")
    return obj[key]


def check(doc: Any) -> None:
    """Check the document's outline (format, version, the lists and their keys); raises :class:`FileFormatError`."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FileFormatError("format", f"no es un archivo de evento de Arena (se esperaba «{FORMAT}»)")
    if doc.get("version") != VERSION:
        raise FileFormatError("version", f"versión {doc.get('version')!r} no soportada (se lee la {VERSION})")
    event = _need(doc, "", "event", dict)
    for key in ("uid", "name", "date", "kind", "game"):
        _need(event, "event", key, str)
    _need(event, "event", "settings", dict)
    for key in ("players", "registrations", "rounds", "penalties", "decklists", "deck_checks", "log"):
        rows = _need(doc, "", key, list)
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise FileFormatError(f"{key}[{i}]", "se esperaba un objeto")
    for i, row in enumerate(doc["players"]):
        _need(row, f"players[{i}]", "player_number", str)
        _need(row, f"players[{i}]", "display_name", str)
    numbers = {row["player_number"] for row in doc["players"]}
    for i, row in enumerate(doc["registrations"]):
        if _need(row, f"registrations[{i}]", "player", str) not in numbers:
            raise FileFormatError(f"registrations[{i}]", f"el jugador {row['player']} no está en «players»")
    for i, rnd in enumerate(doc["rounds"]):
        _need(rnd, f"rounds[{i}]", "number", int)
        _need(rnd, f"rounds[{i}]", "matches", list)
        _need(rnd, f"rounds[{i}]", "pods", list)


def line_of(text: str, path: str) -> int | None:
    """The 1-based line where ``players[N]`` (the N-th player object) starts in the text :func:`dumps` wrote."""
    if not path.startswith("players["):
        return None
    index = int(path[len("players["):path.index("]")])
    seen = -1
    in_players = False
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.startswith('  "players": ['):
            in_players = True
            continue
        if in_players and line.startswith("    {"):
            seen += 1
            if seen == index:
                return lineno
        if in_players and line.startswith("  ]"):
            break
    return None
