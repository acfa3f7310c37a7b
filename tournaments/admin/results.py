"""The round page's tables and result entry, and a table's history, for every format.

A round lists its tables with the columns of the format's result kind
(:attr:`tournaments.formats.base.EventFormat.table_results`): game wins of
each side on a table of two (quick buttons and a full form), or a place
selector per seat and, when the game has a secondary score (the stoner points
of 004_4a3d59c736a1e8f3.txt), a score field on a pod. Either form posts to one
view (:func:`result_save`), which reads the seats with the kind's
:class:`ResultReader` and records them through
:func:`tournaments.services.table_result_record` with the version the page was
loaded with, so a stale page never overwrites someone else's entry. Each table
links to one history page (:func:`history_context`): every accepted entry, who
made it, when, and the result it replaced.

:mod:`tournaments.admin.rounds` owns the URLs and the permission checks and calls
these functions with a round already in the user's scope.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from .. import selectors, services
from ..adapters import secondary_score_label
from ..enums import MatchStatus, RoundPhase
from ..errors import ArenaError, StaleEdit
from ..formats import format_for
from ..formats.base import GAME_RESULTS, PLACE_RESULTS
from ..models import Event, Round, Table
from ..selectors import places
from ..text import score_text
from . import pairing as admin_pairing
from .links import round_url


class ResultInputError(ValueError):
    """A round-page form that cannot be read; the message names the table."""


def history_url(table_id: int) -> str:
    return reverse("admin:tournaments_table_history", args=[table_id])


# -- tables of game wins ------------------------------------------------------------------------

def quick_scores(event: Event) -> list[tuple[str, str]]:
    """One-click results for the event's format: (value ``a-b-drawn``, label)."""
    if event.best_of == 1:
        scores = [(1, 0), (0, 1)]
    else:
        needed = event.best_of // 2 + 1
        scores = [(needed, 0), (needed, needed - 1), (needed - 1, needed), (0, needed)]
    return [(f"{a}-{b}-0", f"{a}-{b}") for a, b in scores]


def _game_line(rnd: Round, table) -> dict:
    """One table of game wins as the round page's table list shows it (``round/_tables.html``)."""
    p = table.pairing
    missing = not p.is_bye and p.status == MatchStatus.PENDING
    third = rnd.phase == RoundPhase.TOP_CUT and p.bracket_slot == 0
    return {
        "pairing": p, "entered_by": table.entered_by, "entered_at": table.entered_at, "missing": missing,
        "status_label": dict(MatchStatus.choices).get(p.status, p.status),
        "dom_id": f"mesa-{p.table_number}" if p.table_number else f"bye-{p.match_id}",
        "css": "arena-row-bye" if p.is_bye else "arena-row-missing" if missing else "",
        "data_key": "match", "table_id": p.match_id, "number": None if p.is_bye else p.table_number,
        "number_note": {"text": _("3er puesto"), "css": "arena-muted"} if third else None,
        "status_note": ({"text": _("revancha"), "css": "arena-warn", "title": _("Revancha inevitable")}
                        if p.rematch else None),
        "version": p.version, "history_url": history_url(p.match_id),
    }


def read_games(post) -> dict:
    """The result fields of a game-wins form; a quick button sends ``score=a-b-drawn``.

    Raises :class:`ValueError` for a count that is not a whole number of 0 or more."""
    if post.get("score"):
        games_a, games_b, games_drawn = (int(x) for x in post["score"].split("-"))
    else:
        games_a, games_b, games_drawn = (int(post.get(k) or 0) for k in ("games_a", "games_b", "games_drawn"))
    if min(games_a, games_b, games_drawn) < 0:
        raise ValueError("negative")
    return {
        "games_a": games_a,
        "games_b": games_b,
        "games_drawn": games_drawn,
        "double_loss": post.get("double_loss") == "on",
        "went_to_time": post.get("went_to_time") == "on",
        "note": (post.get("note") or "")[:240],
    }


class GameReader:
    """A table of two: game wins of each side, drawn games, by time, double loss, a note."""

    def round_context(self, rnd: Round, *, can_edit: bool) -> dict:
        rows = [_game_line(rnd, t) for t in selectors.judge_tables(rnd)]
        return {
            **admin_pairing.round_context(rnd, can_edit=can_edit),
            "lines": rows,
            "cells_template": "admin/tournaments/round/_cells_games.html",
            "columns": 9,
            "missing": sum(1 for row in rows if row["missing"]),
            "quick_scores": quick_scores(rnd.event),
            "allow_draw": rnd.phase == RoundPhase.SWISS,
        }

    def read(self, post, rnd: Round, table: Table) -> tuple[list[dict], dict]:
        try:
            values = read_games(post)
        except ValueError as exc:
            raise ResultInputError(
                _("Mesa %(t)s: ingresá cantidades de partidas válidas (números enteros, 0 o más).")
                % {"t": table.table_number}) from exc
        return services.duel_seats(values)

    def is_saved(self, rnd: Round, table: Table, seats: list[dict], shared: dict) -> bool:
        table.refresh_from_db()
        return table.status != MatchStatus.PENDING and not shared["double_loss"] and (
            table.games_a, table.games_b, table.games_drawn) == (seats[0]["games"], seats[1]["games"],
                                                                 shared["games_drawn"])

    def already_text(self, table: Table) -> str:
        return _("Mesa %(t)s: ese resultado ya estaba cargado; no se cambió nada.") % {"t": table.table_number}

    def unchanged_text(self, table: Table) -> str:
        return _("Mesa %(t)s: el resultado no cambió.") % {"t": table.table_number}

    def saved_text(self, rnd: Round, table: Table, saved) -> str:
        return _("Mesa %(t)s: %(a)s %(ga)d-%(gb)d %(b)s — %(what)s (versión %(v)d).") % {
            "t": table.table_number, "a": table.player_a.player.display_name,
            "b": table.player_b.player.display_name if table.player_b else "—",
            "ga": saved.games_a, "gb": saved.games_b, "v": saved.version,
            "what": _("corregido") if saved.version > 1 else _("cargado"),
        }

    def history_context(self, rnd: Round, table: Table) -> dict:
        return {"match": table, "lines": selectors.result_history(table),
                "template": "admin/tournaments/table/game_history.html"}

    def corrected_text(self, rnd: Round, table: Table) -> str:
        table.refresh_from_db()
        return _("resultado corregido a %(score)s") % {
            "score": score_text(table.games_a, table.games_b, table.games_drawn)}


# -- tables of places ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatInput:
    """One seat of a pod on the round page, with its form fields' names and values."""

    seat: places.SeatRow
    place_name: str
    score_name: str
    place_choices: tuple[int, ...]


@dataclass(frozen=True)
class PodLine:
    """One pod of the round page: the pod, its last entry, its seats as form inputs, and what the
    round page's table list shows of any table (``round/_tables.html``)."""

    pod: places.PodRow
    entered_by: str | None
    entered_at: datetime.datetime | None
    status_label: str
    seats: tuple[SeatInput, ...]
    history_url: str = ""

    data_key = "pod"
    number_class = "arena-score"

    @property
    def missing(self) -> bool:
        return self.pod.status == MatchStatus.PENDING

    @property
    def dom_id(self) -> str:
        return f"mesa-{self.pod.table_number}"

    @property
    def css(self) -> str:
        return "arena-row-missing" if self.missing else ""

    @property
    def table_id(self) -> int:
        return self.pod.pod_id

    @property
    def number(self) -> int:
        return self.pod.table_number

    @property
    def version(self) -> int:
        return self.pod.version

    @property
    def number_note(self) -> dict | None:
        if not self.pod.repeats:
            return None
        return {"text": _("reencuentro"), "css": "arena-warn", "title": _("Reencuentro inevitable")}

    @property
    def status_note(self) -> dict | None:
        return {"text": _("terminó por tiempo"), "css": "arena-muted", "br": True} if self.pod.ended_by_time else None


def place_field(registration_id: int) -> str:
    return f"place_{registration_id}"


def score_field(registration_id: int) -> str:
    return f"score_{registration_id}"


def parse_placements(post, pod: places.PodRow, *,
                     score_label: str | None) -> list[tuple[int, int, int | None]]:
    """``(registration_id, place, score)`` per seat of ``pod`` from the POSTed form.

    Places are required. With a ``score_label`` (the game has a secondary
    score) a score is read too: optional (empty: ``None``), a whole number of
    0 or more. Raises :class:`ResultInputError` with the organizer's
    message (Spanish, naming the table).
    """
    placements = []
    for seat in pod.seats:
        raw_place = (post.get(place_field(seat.registration_id)) or "").strip()
        if not raw_place.isdigit():
            raise ResultInputError(
                _("Mesa %(t)d: elegí el puesto de cada jugador (falta el de %(name)s).")
                % {"t": pod.table_number, "name": seat.display_name})
        score = None
        if score_label:
            raw_score = (post.get(score_field(seat.registration_id)) or "").strip()
            if raw_score:
                if not raw_score.isdigit():
                    raise ResultInputError(
                        _("Mesa %(t)d: los %(score)s de %(name)s deben ser un número entero, 0 o más.")
                        % {"t": pod.table_number, "score": score_label.lower(), "name": seat.display_name})
                score = int(raw_score)
        placements.append((seat.registration_id, int(raw_place), score))
    return placements


def placements_text(lines) -> str:
    """``1.º Ana (21), 2.º Beto (12)`` from seats or history lines ordered by place."""
    return ", ".join(
        f"{line.place}.º {line.display_name}" + (f" ({line.score})" if line.score is not None else "")
        for line in lines
    )


def pod_row(rnd: Round, table: Table) -> places.PodRow:
    """The pod ``table`` of ``rnd`` with its seats as they are stored now."""
    return next(p for p in places.pods_for_round(rnd) if p.pod_id == table.pk)


class PlaceReader:
    """A pod: a place per seat (ties shared) and the game's secondary score when it has one."""

    def round_context(self, rnd: Round, *, can_edit: bool) -> dict:
        labels = dict(MatchStatus.choices)
        lines = []
        for row in places.pod_tables(rnd):
            size = len(row.pod.seats)
            lines.append(PodLine(
                pod=row.pod,
                entered_by=row.entered_by,
                entered_at=row.entered_at,
                status_label=labels.get(row.pod.status, row.pod.status),
                seats=tuple(
                    SeatInput(seat, place_field(seat.registration_id), score_field(seat.registration_id),
                              tuple(range(1, size + 1)))
                    for seat in row.pod.seats
                ),
                history_url=history_url(row.pod.pod_id),
            ))
        return {
            "lines": lines,
            "cells_template": "admin/tournaments/round/_cells_places.html",
            "columns": 5,
            "table_class": "arena-pods",
            "table_dom_id": "arena-pods",
            "missing": sum(1 for line in lines if line.missing),
            "score_label": secondary_score_label(rnd.event),
            "places_by_score": format_for(rnd.event).places_by_score(rnd.event),
        }

    def placements(self, post, rnd: Round, table: Table) -> list[tuple[int, int, int | None]]:
        return parse_placements(post, pod_row(rnd, table),
                                score_label=secondary_score_label(rnd.event))

    def read(self, post, rnd: Round, table: Table) -> tuple[list[dict], dict]:
        return [{"registration": r, "place": p, "score": s} for r, p, s in self.placements(post, rnd, table)], {}

    def is_saved(self, rnd: Round, table: Table, seats: list[dict], shared: dict) -> bool:
        now = pod_row(rnd, table)
        current = {seat.registration_id: (seat.place, seat.score) for seat in now.seats}
        return now.status != MatchStatus.PENDING and all(
            current.get(seat["registration"]) == (seat["place"], seat["score"]) for seat in seats)

    def already_text(self, table: Table) -> str:
        return _("Mesa %(t)d: esos puestos ya estaban cargados; no se cambió nada.") % {"t": table.table_number}

    def unchanged_text(self, table: Table) -> str:
        return _("Mesa %(t)d: los puestos no cambiaron.") % {"t": table.table_number}

    def saved_text(self, rnd: Round, table: Table, saved) -> str:
        return _("Mesa %(t)d: puestos %(what)s (versión %(v)d): %(places)s.") % {
            "t": table.table_number, "what": _("corregidos") if saved.version > 1 else _("cargados"),
            "v": saved.version, "places": placements_text(pod_row(rnd, table).by_place)}

    def history_context(self, rnd: Round, table: Table) -> dict:
        row = pod_row(rnd, table)
        return {
            "pod": row,
            "pod_table": table,
            "lines": places.pod_history(table),
            "score_label": secondary_score_label(rnd.event),
            "status_label": dict(MatchStatus.choices).get(row.status, row.status),
            "template": "admin/tournaments/table/place_history.html",
        }

    def corrected_text(self, rnd: Round, table: Table) -> str:
        return _("puestos corregidos: %(places)s") % {"places": placements_text(pod_row(rnd, table).by_place)}


#: How the console reads and shows a table, by the format's result kind.
READERS: dict[str, GameReader | PlaceReader] = {GAME_RESULTS: GameReader(), PLACE_RESULTS: PlaceReader()}


def reader_for(event: Event) -> GameReader | PlaceReader:
    return READERS[format_for(event).table_results]


def _named(table: Table, message: str) -> str:
    """``Mesa 3: <message>``, unless the service's message already starts with the table (a pod's places)."""
    label = _("Mesa %(t)s") % {"t": table.table_number}
    return message if message.startswith(label + ":") else _("%(table)s: %(why)s") % {"table": label, "why": message}


def result_save(request, rnd: Round, table: Table) -> HttpResponseRedirect:
    """Save one table's result from the round page (POST) and go back to its row.

    Every outcome is a message: saved (with the version), unchanged, the
    same result already saved by someone else (a double click), a stale
    page (the service's refusal, naming who saved meanwhile), or an illegal
    result.
    """
    back = round_url(rnd) + (f"#mesa-{table.table_number}" if table.table_number else "")
    reader = reader_for(rnd.event)
    try:
        seats, shared = reader.read(request.POST, rnd, table)
    except ResultInputError as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(back)
    raw_version = request.POST.get("expected_version") or ""
    expected = int(raw_version) if raw_version.isdigit() else None
    # The service answers a retry of the request that saved this version with the saved table.
    replay = expected is not None and table.version != expected
    try:
        saved = services.table_result_record(table=table, seats=seats, expected_version=expected,
                                             entered_by=request.user, **shared)
    except StaleEdit as exc:
        if reader.is_saved(rnd, table, seats, shared):
            messages.info(request, reader.already_text(table))
        else:
            messages.error(request, _named(table, exc.message))
        return HttpResponseRedirect(back)
    except ArenaError as exc:
        messages.error(request, _named(table, exc.message))
        return HttpResponseRedirect(back)
    if replay:
        messages.info(request, reader.already_text(table))
    elif expected is not None and saved.version == expected:
        messages.info(request, reader.unchanged_text(table))
    else:
        messages.success(request, reader.saved_text(rnd, table, saved))
    return HttpResponseRedirect(back)


def history_context(rnd: Round, table: Table) -> dict:
    """Context of the table's history page (``template``: the one its result kind shows), newest first."""
    return {**reader_for(rnd.event).history_context(rnd, table), "round_url": round_url(rnd)}
