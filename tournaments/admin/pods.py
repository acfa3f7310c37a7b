"""The organizer's round page for events played in pods (issue #12).

A pods round lists its tables (3–6 players each) with their seated players,
a place selector per player and, when the game has a secondary score (the
stoner points of 004_4a3d59c736a1e8f3.txt), a score field; one «Guardar
puestos» saves the pod through :func:`tournaments.services.table_result_record`
with the version the page was loaded with, so a stale page never overwrites
someone else's entry. Each pod links to its history: every accepted entry,
who made it, when, and the placements it replaced.

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

from .. import pods_selectors, services
from ..enums import MatchStatus
from ..errors import ArenaError, IllegalResult, StaleEdit
from ..formats import format_for
from ..models import Round, Table
from .links import round_url


@dataclass(frozen=True)
class SeatInput:
    """One seat of a pod on the round page, with its form fields' names and values."""

    seat: pods_selectors.SeatRow
    place_name: str
    score_name: str
    place_choices: tuple[int, ...]


@dataclass(frozen=True)
class PodLine:
    """One pod of the round page: the pod, its last entry, its seats as form inputs, and what the
    round page's table list shows of any table (``round/_tables.html``)."""

    pod: pods_selectors.PodRow
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


def round_context(rnd: Round) -> dict:
    """Context of a pods round's tables for ``admin/tournaments/round/_tables.html`` (three queries)."""
    labels = dict(MatchStatus.choices)
    lines = []
    for row in pods_selectors.pod_tables(rnd):
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
            history_url=reverse("admin:tournaments_round_pod_history", args=[rnd.pk, row.pod.pod_id]),
        ))
    return {
        "lines": lines,
        "cells_template": "admin/tournaments/round/_cells_places.html",
        "columns": 5,
        "table_class": "arena-pods",
        "table_dom_id": "arena-pods",
        "missing": sum(1 for line in lines if line.missing),
        "score_label": pods_selectors.secondary_score_label(rnd.event),
        "places_by_score": format_for(rnd.event).places_by_score(rnd.event),
    }


class PlacementInputError(ValueError):
    """A round-page form that cannot be read (a place missing, a score that is not a number)."""


def parse_placements(post, pod: pods_selectors.PodRow, *,
                     score_label: str | None) -> list[tuple[int, int, int | None]]:
    """``(registration_id, place, score)`` per seat of ``pod`` from the POSTed form.

    Places are required. With a ``score_label`` (the game has a secondary
    score) a score is read too: optional (empty: ``None``), a whole number of
    0 or more. Raises :class:`PlacementInputError` with the organizer's
    message (Spanish, naming the table).
    """
    placements = []
    for seat in pod.seats:
        raw_place = (post.get(place_field(seat.registration_id)) or "").strip()
        if not raw_place.isdigit():
            raise PlacementInputError(
                _("Mesa %(t)d: elegí el puesto de cada jugador (falta el de %(name)s).")
                % {"t": pod.table_number, "name": seat.display_name})
        score = None
        if score_label:
            raw_score = (post.get(score_field(seat.registration_id)) or "").strip()
            if raw_score:
                if not raw_score.isdigit():
                    raise PlacementInputError(
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


def save_pod_result(request, rnd: Round, pod_table: Table) -> HttpResponseRedirect:
    """Save one pod's placements from the round page (POST) and go back to its row.

    Every outcome is a message: saved (with the version), unchanged, the
    same result already saved by someone else (a double click), a stale
    page (the service's refusal, naming who saved meanwhile), or an illegal
    result.
    """
    back = f"{round_url(rnd)}#mesa-{pod_table.table_number}"
    row = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod_table.pk)
    label = pods_selectors.secondary_score_label(rnd.event)
    try:
        placements = parse_placements(request.POST, row, score_label=label)
    except PlacementInputError as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(back)
    raw_version = request.POST.get("expected_version") or ""
    expected = int(raw_version) if raw_version.isdigit() else None
    # The service answers a retry of the request that saved this version with the saved table.
    replay = expected is not None and pod_table.version != expected
    try:
        saved = services.table_result_record(
            table=pod_table,
            seats=[{"registration": r, "place": p, "score": s} for r, p, s in placements],
            expected_version=expected,
            entered_by=request.user,
        )
    except StaleEdit as exc:
        now = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod_table.pk)
        current = {seat.registration_id: (seat.place, seat.score) for seat in now.seats}
        if now.status != MatchStatus.PENDING and all(
                current.get(rid) == (place, score) for rid, place, score in placements):
            messages.info(request, _("Mesa %(t)d: esos puestos ya estaban cargados; no se cambió nada.")
                          % {"t": pod_table.table_number})
        else:
            messages.error(request, _("Mesa %(t)d: %(why)s") % {"t": pod_table.table_number, "why": exc.message})
        return HttpResponseRedirect(back)
    except IllegalResult as exc:  # its message already names the table
        messages.error(request, exc.message)
        return HttpResponseRedirect(back)
    except ArenaError as exc:
        messages.error(request, _("Mesa %(t)d: %(why)s") % {"t": pod_table.table_number, "why": exc.message})
        return HttpResponseRedirect(back)
    if replay:
        messages.info(request, _("Mesa %(t)d: esos puestos ya estaban cargados; no se cambió nada.")
                      % {"t": pod_table.table_number})
        return HttpResponseRedirect(back)
    if expected is not None and saved.version == expected:
        messages.info(request, _("Mesa %(t)d: los puestos no cambiaron.") % {"t": pod_table.table_number})
        return HttpResponseRedirect(back)
    stored = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod_table.pk)
    messages.success(
        request,
        _("Mesa %(t)d: puestos %(what)s (versión %(v)d): %(places)s.")
        % {"t": pod_table.table_number, "what": _("corregidos") if saved.version > 1 else _("cargados"),
           "v": saved.version, "places": placements_text(stored.by_place)},
    )
    return HttpResponseRedirect(back)


def history_context(rnd: Round, pod_table: Table) -> dict:
    """Context of ``admin/tournaments/table/place_history.html``: the pod now and every entry, newest first."""
    row = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod_table.pk)
    return {
        "pod": row,
        "pod_table": pod_table,
        "lines": pods_selectors.pod_history(pod_table),
        "score_label": pods_selectors.secondary_score_label(rnd.event),
        "round_url": round_url(rnd),
        "status_label": dict(MatchStatus.choices).get(row.status, row.status),
    }
