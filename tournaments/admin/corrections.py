"""The round page's «Corregir»: correct a finished result of an earlier round, preview first (issue #13).

The organizer (or the head judge) fills the new result and the reason on a
closed round's table — game wins on a table of two, places and the
secondary score per seat on a pod — and the console shows the impact
preview (:func:`tournaments.services.corrections_preview.table_correction_preview`):
the seats before → after, the standings rows that move, whether the
current round would have been paired differently, the cut line, the podium
— and a «Confirmar corrección» button, with «y volver a emparejar la ronda
actual» when the current round has no result yet. Confirming calls
:func:`tournaments.services.table_result_correct` (then
:func:`tournaments.services.round_repair` when asked); a refusal shows the
service's message and changes nothing. One view and one page for every
format; only the seats' part of the page follows the table's result kind.
"""
from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils import formats
from django.utils.translation import gettext as _

from .. import services
from ..enums import MatchStatus
from ..errors import ArenaError
from ..formats import format_for
from ..formats.base import GAME_RESULTS, PLACE_RESULTS
from ..models import Round, Table
from ..permissions import is_head_judge
from ..services.corrections import corrector_check, reason_check
from ..services.corrections_preview import table_correction_preview
from ..text import round_label
from .links import round_url
from .results import READERS, ResultInputError, place_field, score_field

#: The part of the correction page that shows the table's seats, by the format's result kind.
SEATS_TEMPLATES = {
    GAME_RESULTS: "admin/tournaments/round/_correction_games.html",
    PLACE_RESULTS: "admin/tournaments/round/_correction_places.html",
}


def can_correct(request, rnd: Round) -> bool:
    """Whether the round page offers «Corregir» on its finished results to this user
    (through :func:`tournaments.services.table_result_correct`)."""
    return request.user.has_perm("tournaments.change_table") and is_head_judge(request.user, rnd.event)


class _FormError(ValueError):
    """A correction form that cannot be read; the message names the table."""


def _games_form(post, table: Table) -> tuple[dict, dict, list[tuple[str, object]]]:
    """``(seats, table values, fields)`` of a game-wins form: whole numbers 0 or more."""
    try:
        games = tuple(int(post.get(k) or 0) for k in ("games_a", "games_b", "games_drawn"))
    except ValueError:
        games = (-1,)
    if min(games) < 0:
        raise _FormError(_("Mesa %(t)s: ingresá cantidades de partidas válidas (números enteros, 0 o más).")
                         % {"t": table.table_number})
    seats = {table.player_a_id: {"games": games[0]}, table.player_b_id: {"games": games[1]}}
    fields = [("games_a", games[0]), ("games_b", games[1]), ("games_drawn", games[2])]
    return seats, {"games_drawn": games[2]}, fields


def _places_form(post, rnd: Round, table: Table) -> tuple[dict, dict, list[tuple[str, object]]]:
    """``(seats, table values, fields)`` of a places form (``place_<id>``, ``score_<id>`` per seat)."""
    try:
        placements = READERS[PLACE_RESULTS].placements(post, rnd, table)
    except ResultInputError as exc:
        raise _FormError(str(exc)) from exc
    seats = {rid: {"place": place, "score": score} for rid, place, score in placements}
    fields = [field for rid, place, score in placements
              for field in ((place_field(rid), place), (score_field(rid), score))]
    return seats, {}, fields


def _moved_columns(results: str, score_label: str) -> list[tuple[str, str, int | None]]:
    """The standings columns the page shows for the moved rows: ``(label, field, decimals)``."""
    if results == PLACE_RESULTS:
        columns = [(_("Puntos por puesto"), "points", None), (_("Puntos de los rivales"), "buchholz", None)]
        return columns + ([(score_label, "secondary", None)] if score_label else [])
    return [(_("Puntaje total"), "points", 1), (_("Buchholz"), "buchholz", 1)]


def _moved_rows(preview, columns) -> list[dict]:
    def number(value, decimals):
        return formats.number_format(value, decimal_pos=decimals)
    return [
        {"name": row.name, "rank": (row.rank_before, row.rank_after),
         "cells": [(number(getattr(row, f"{field}_before"), decimals), number(getattr(row, f"{field}_after"),
                                                                              decimals))
                   for _label, field, decimals in columns],
         "criterion": (row.criterion_before, row.criterion_after)}
        for row in preview.moved
    ]


def correction_view(model_admin, request, object_id, table_id):
    """POST ``step=preview``: show the impact; POST ``step=confirm``: correct (and re-pair when asked).

    The form holds the table's result in the shape of its format
    (``games_a``, ``games_b``, ``games_drawn``; or ``place_<registration
    id>`` and ``score_<registration id>`` per seat), ``reason`` and
    ``expected_version``.
    """
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    rnd = model_admin.scoped_object_or_404(request, object_id, model_admin.get_queryset(request).select_related(
        "event"))
    table = get_object_or_404(rnd.tables.all(), pk=table_id)
    back = round_url(rnd) + (f"#mesa-{table.table_number}" if table.table_number else "")
    label = _("Mesa %(t)s") % {"t": table.table_number}
    event = rnd.event
    results = format_for(event).table_results
    try:
        if results == PLACE_RESULTS:
            seats, values, fields = _places_form(request.POST, rnd, table)
        else:
            seats, values, fields = _games_form(request.POST, table)
    except _FormError as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(back)
    raw_version = request.POST.get("expected_version") or ""
    expected = int(raw_version) if raw_version.isdigit() else None
    reason = (request.POST.get("reason") or "").strip()
    if request.POST.get("step") == "confirm":
        try:
            with transaction.atomic():
                services.table_result_correct(table=table, seats=seats, reason=reason, by=request.user,
                                              expected_version=expected, **values)
                repaired = None
                if request.POST.get("repair") == "1":
                    repaired = services.round_repair(event=event, by=request.user)
        except ArenaError as exc:
            messages.error(request, _("%(table)s: %(why)s") % {"table": label, "why": exc.message})
            return HttpResponseRedirect(back)
        messages.success(request, _("%(round)s, mesa %(t)s: %(result)s. Motivo: %(reason)s")
                         % {"t": table.table_number, "round": round_label(rnd), "reason": reason,
                            "result": READERS[results].corrected_text(rnd, table)})
        if repaired is not None:
            messages.success(request, _("%(round)s emparejada de nuevo con las posiciones corregidas.")
                             % {"round": round_label(repaired, numbered=True)})
            return HttpResponseRedirect(round_url(repaired))
        return HttpResponseRedirect(back)
    try:
        corrector_check(event, request.user)
        reason_check(reason)
        if table.is_bye or table.status == MatchStatus.PENDING:
            raise ArenaError("no_result_to_correct", _("esta mesa no tiene un resultado para corregir."))
        preview = table_correction_preview(table=table, seats=seats, **values)
    except ArenaError as exc:
        messages.error(request, _("%(table)s: %(why)s") % {"table": label, "why": exc.message})
        return HttpResponseRedirect(back)
    columns = _moved_columns(results, preview.score_label)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Corregir %(subject)s") % {"subject": preview.subject},
        "subtitle": None,
        "opts": model_admin.opts,
        "round": rnd,
        "event": event,
        "table": table,
        "preview": preview,
        "reason": reason,
        "expected_version": expected,
        "fields": fields,
        "seats_template": SEATS_TEMPLATES[results],
        "moved_columns": [column[0] for column in columns],
        "moved_rows": _moved_rows(preview, columns),
        "back_url": back,
        "round_title": round_label(rnd, numbered=True),
    }
    request.current_app = model_admin.admin_site.name
    return TemplateResponse(request, "admin/tournaments/round/correction_preview.html", context)
