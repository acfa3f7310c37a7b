"""«Mi torneo»: a player reports their own table's result (issue #17 point 4; DESIGN.md decision 21).

``POST /yo/eventos/<pk>/reportar/`` (``me:report``): the first POST answers a
confirmation page («¿Confirmás…?»); the POST with ``confirmar=1`` calls
:func:`tournaments.services.table_report_submit`
and goes back to the event page with the outcome: «Tu reporte: 2-1 ·
esperando al rival», «Resultado registrado» or «Los reportes no coinciden:
un juez lo va a resolver». Refusals (not your table, round closed,
self-reporting off, a result already entered) come back as the service's
Spanish message. Throttled per user (:class:`tournaments.throttles.ReportThrottle`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..adapters import secondary_score_label
from ..errors import ArenaError
from ..formats import format_for
from ..idempotency import answer_kept, answer_remember, idempotency_cache_key, payload_digest
from ..me_selectors import player_of_user
from ..models import Table
from ..report_selectors import report_choices
from ..selectors import places
from ..services.reports import CONFLICT, RECORDED
from ..throttles import ReportThrottle, allow
from .access import private_response
from .me import _registration_or_page


def _score_text(mine: int, theirs: int, drawn: int) -> str:
    return f"{mine}-{theirs}" + (f"-{drawn}" if drawn else "")


def _outcome_message(state: str, text: str) -> str:
    if state == RECORDED:
        return _("Resultado registrado: %(score)s. Ambos reportaron lo mismo.") % {"score": text}
    if state == CONFLICT:
        return _("Los reportes no coinciden: un juez lo va a resolver.")
    return _("Tu reporte: %(score)s · esperando al rival.") % {"score": text}


def _wants_json(request) -> bool:
    """The report sent by the phone's offline queue (``static/arena/offline_queue.js``): already confirmed on
    the phone, answered in JSON."""
    return "application/json" in request.headers.get("Accept", "") and request.POST.get("confirmar") == "1"


def _refused(request, pk: int, message: str, *, status: int = 409, code: str = "refused"):
    if _wants_json(request):
        return JsonResponse({"status": "conflict" if status == 409 else "refused", "code": code,
                             "message": str(message)}, status=status)
    messages.error(request, message)
    return redirect("me:event", pk=pk)


def _table_changed(request, table: Table, registration) -> str | None:
    """Why a report kept on the phone is not for ``table`` any more (the form's ``table_id`` and
    ``opponents`` against the player's table now), or ``None``. A form without them is not checked."""
    table_id, opponents = request.POST.get("table_id", ""), request.POST.get("opponents")
    if not table_id or opponents is None:
        return None
    others = [seat.registration.player for seat in table.seat_list if seat.registration_id != registration.pk]
    if table_id == str(table.pk) and sorted(p.player_number for p in others) == sorted(opponents.split(",")):
        return None
    return _("Tu mesa cambió mientras tanto: ahora es la mesa %(table)s, con %(names)s. Tu reporte no se envió; "
             "revisalo y volvé a reportar.") % {"table": table.table_number,
                                                 "names": ", ".join(p.display_name for p in others)}


@require_POST
def report(request, pk: int):
    """Confirm, then save the signed-in player's report of their current table.

    A report confirmed on the phone while offline arrives later with ``confirmar=1``, ``Accept:
    application/json``, an ``Idempotency-Key`` and the table it was meant for (``table_id``,
    ``opponents``): answered ``{"status": "saved" | "refused" | "conflict", "message"}``; a table paired
    again meanwhile is refused, never reported against other players; the same key answers the same.
    """
    if request.user.is_authenticated and player_of_user(request.user) is None:
        return private_response(render(request, "me/forbidden.html", {}, status=403))
    _player, registration, refused = _registration_or_page(request, pk)
    if refused is not None:
        return refused
    allowed, wait = allow(request, ReportThrottle)
    if not allowed:
        if _wants_json(request):
            return JsonResponse({"status": "busy", "retry_after": wait}, status=429)
        messages.error(request, _("Demasiados reportes seguidos. Probá de nuevo en %(seconds)d segundos.")
                       % {"seconds": wait})
        response = redirect("me:event", pk=pk)
        response["Retry-After"] = str(wait)
        return response
    fields = {key: values for key, values in request.POST.lists() if key != "csrfmiddlewaretoken"}
    cache_key = idempotency_cache_key(request, f"me-report-{pk}") if _wants_json(request) else None
    payload = payload_digest(fields)
    found, kept = answer_kept(cache_key, payload)
    if found == "other":
        return _refused(request, pk, _("Esa «Idempotency-Key» ya se usó para otro reporte; usá una clave nueva."),
                        code="idempotency_key_reused")
    if found:
        return JsonResponse(kept)
    event = registration.event
    rnd = selectors.current_round(event)
    back = redirect("me:event", pk=pk)
    if rnd is None:
        return _refused(request, pk, _("Todavía no hay una ronda emparejada."))
    confirmed = request.POST.get("confirmar") == "1"
    table = Table.objects.filter(round=rnd, seats__registration=registration).first()
    if table is None or table.is_bye:
        return _refused(request, pk, _("No tenés una mesa para reportar en esta ronda."))
    changed = _table_changed(request, table, registration)
    if changed:
        return _refused(request, pk, changed, code="table_changed")
    try:
        read = import_string(format_for(event).report_reader)(request.POST, event, rnd, registration, table)
    except ReportInputError as exc:
        return _refused(request, pk, str(exc), status=400, code="invalid")
    if not confirmed:
        return private_response(render(request, "me/report_confirm.html", {
            "event": event, "table": table.table_number, **read.confirm}))
    try:
        outcome = services.table_report_submit(table=table, registration=registration, by=request.user,
                                               **read.values)
    except ArenaError as exc:
        return _refused(request, pk, exc.message, status=400 if exc.status == 400 else 409, code=exc.code)
    if _wants_json(request):
        answer = {"status": "saved", "message": read.message(outcome.state)}
        answer_remember(cache_key, payload, answer)
        return JsonResponse(answer)
    messages.success(request, read.message(outcome.state))
    return back


class ReportInputError(ValueError):
    """A player's report form that cannot be read (its message says what to fill in)."""


@dataclass(frozen=True)
class ReadReport:
    """A player's report as read from their form: what the confirmation page shows (``confirm``), the values
    of :func:`tournaments.services.table_report_submit` and the message for its outcome."""

    confirm: dict
    values: dict
    message: Callable[[str], str]


def read_duel_report(post, event, rnd, registration, match) -> ReadReport:
    """A duel's report: the reporter's own score (a choice of :func:`report_choices`), time and draw flags."""
    values = {value: (m, t, d) for value, m, t, d in report_choices(event.best_of, rnd.phase == "top_cut")}
    score = post.get("score", "")
    if score not in values:
        raise ReportInputError(_("Elegí el resultado de tu match."))
    mine, theirs, drawn = values[score]
    went_to_time = bool(post.get("went_to_time"))
    intentional_draw = bool(post.get("intentional_draw"))
    opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    text = _score_text(mine, theirs, drawn)
    return ReadReport(
        confirm={"kind": "match", "score": score, "text": text, "opponent": opponent.player.display_name,
                 "won": mine > theirs, "lost": mine < theirs, "went_to_time": went_to_time,
                 "intentional_draw": intentional_draw},
        values={"seats": [{"registration": registration.pk, "games": mine},
                          {"registration": opponent.pk, "games": theirs}],
                "games_drawn": drawn, "intentional_draw": intentional_draw, "went_to_time": went_to_time},
        message=lambda state: _outcome_message(state, text),
    )


def read_pod_report(post, event, rnd, registration, pod) -> ReadReport:
    """A pod's report: every seat's place and, when the game has one, its secondary score."""
    row = places.pod_rows([pod.pk])[0]
    score_label = secondary_score_label(event)
    placements = []
    try:
        for seat in row.seats:
            place = int(post.get(f"place_{seat.registration_id}", ""))
            raw = post.get(f"score_{seat.registration_id}", "")
            score = int(raw) if score_label else None
            if score is not None and not 0 <= score <= 999:
                raise ValueError
            placements.append((seat.registration_id, place, score, seat.display_name))
    except ValueError:
        raise ReportInputError(_("Completá el puesto%(score)s de cada jugador de tu mesa.")
                               % {"score": _(" y el puntaje") if score_label else ""}) from None
    ordered = sorted(placements, key=lambda line: line[1])
    text = ", ".join(f"{place}.º {name}" for _reg, place, _score, name in ordered)

    def message(state: str) -> str:
        if state == RECORDED:
            return _("Resultado registrado: todos reportaron lo mismo.")
        if state == CONFLICT:
            return _("Los reportes no coinciden: un juez lo va a resolver.")
        return _("Tu reporte: %(places)s · esperando a los demás jugadores.") % {"places": text}

    return ReadReport(
        confirm={"kind": "pod", "lines": ordered, "score_label": score_label, "post": post},
        values={"seats": [{"registration": rid, "place": place, "score": score}
                          for rid, place, score, _name in placements]},
        message=message,
    )
