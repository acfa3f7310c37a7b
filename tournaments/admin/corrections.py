"""The round page's «Corregir»: correct a finished result of an earlier round, preview first (issue #13).

The organizer (or the head judge) fills the new score and the reason on a
closed round's table; the console shows the impact preview
(:func:`tournaments.corrections_preview.match_correction_preview`) — the
standings rows that move, whether the current round would have been paired
differently, the cut line, the podium — and a «Confirmar corrección»
button, with «y volver a emparejar la ronda actual» when the current round
has no result yet. Confirming calls
:func:`tournaments.services.match_result_correct` (then
:func:`tournaments.services.round_repair` when asked); a refusal shows the
service's message and changes nothing.

A pod of a multiplayer event is corrected the same way
(:func:`pod_correction_view`): places and secondary score per seat and the
reason, the preview of the pod standings rows that move
(:func:`tournaments.corrections_preview.pod_correction_preview`), then
:func:`tournaments.services.pod_result_correct`.
"""
from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

from .. import pods_selectors, services
from ..corrections_preview import match_correction_preview, pod_correction_preview
from ..enums import MatchStatus
from ..errors import ArenaError
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..models import Round, Table
from ..permissions import is_head_judge
from ..services.corrections import corrector_check, reason_check
from ..text import round_label, score_text
from . import pods as admin_pods
from .links import round_url


def can_correct(request, rnd: Round) -> bool:
    """Whether the round page offers «Corregir» on its finished results to this user.

    A match of two is corrected through
    :func:`tournaments.services.match_result_correct`, a pod through
    :func:`tournaments.services.pod_result_correct` (:func:`pod_correction_view`).
    """
    return request.user.has_perm("tournaments.change_table") and is_head_judge(request.user, rnd.event)


def _values(post) -> dict:
    """The score of the correction form; :class:`ValueError` for anything but whole numbers 0 or more."""
    games = tuple(int(post.get(k) or 0) for k in ("games_a", "games_b", "games_drawn"))
    if min(games) < 0:
        raise ValueError("negative")
    version = post.get("expected_version")
    return {
        "games_a": games[0], "games_b": games[1], "games_drawn": games[2],
        "expected_version": int(version) if version not in (None, "") else None,
    }


def correction_view(model_admin, request, object_id, match_id):
    """POST ``step=preview``: show the impact; POST ``step=confirm``: correct (and re-pair when asked)."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    rnd = model_admin.scoped_object_or_404(request, object_id, model_admin.get_queryset(request).select_related(
        "event"))
    match = get_object_or_404(rnd.tables.all(), pk=match_id)
    back = round_url(rnd) + (
        f"#mesa-{match.table_number}" if match.table_number else "")
    table = _("Mesa %(t)s") % {"t": match.table_number}
    try:
        values = _values(request.POST)
    except ValueError:
        messages.error(request, _("%(table)s: ingrese cantidades de partidas válidas (números enteros, 0 o más).")
                       % {"table": table})
        return HttpResponseRedirect(back)
    reason = (request.POST.get("reason") or "").strip()
    event = rnd.event
    if request.POST.get("step") == "confirm":
        try:
            with transaction.atomic():
                services.match_result_correct(match=match, reason=reason, by=request.user, **values)
                repaired = None
                if request.POST.get("repair") == "1":
                    repaired = services.round_repair(event=event, by=request.user)
        except ArenaError as exc:
            messages.error(request, _("%(table)s: %(why)s") % {"table": table, "why": exc.message})
            return HttpResponseRedirect(back)
        messages.success(request, _("%(round)s, mesa %(t)s: resultado corregido a %(score)s. Motivo: %(reason)s")
                         % {"t": match.table_number, "round": round_label(rnd), "reason": reason,
                            "score": score_text(values["games_a"], values["games_b"], values["games_drawn"])})
        if repaired is not None:
            messages.success(request, _("%(round)s emparejada de nuevo con las posiciones corregidas.")
                             % {"round": round_label(repaired, numbered=True)})
            return HttpResponseRedirect(round_url(repaired))
        return HttpResponseRedirect(back)
    try:
        corrector_check(event, request.user)
        reason_check(reason)
        if match.is_bye or match.status == MatchStatus.PENDING:
            raise ArenaError("no_result_to_correct", _("esta mesa no tiene un resultado para corregir."))
        preview = match_correction_preview(match=match, games_a=values["games_a"], games_b=values["games_b"],
                                           games_drawn=values["games_drawn"])
    except ArenaError as exc:
        messages.error(request, _("%(table)s: %(why)s") % {"table": table, "why": exc.message})
        return HttpResponseRedirect(back)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Corregir %(subject)s") % {"subject": preview.subject},
        "subtitle": None,
        "opts": model_admin.opts,
        "round": rnd,
        "event": event,
        "match": match,
        "preview": preview,
        "reason": reason,
        "values": values,
        "back_url": back,
        "round_title": round_label(rnd, numbered=True),
    }
    request.current_app = model_admin.admin_site.name
    return TemplateResponse(request, "admin/tournaments/round/correction_preview.html", context)


def pod_correction_view(model_admin, request, object_id, pod_id):
    """POST ``step=preview``: show a pod correction's impact; POST ``step=confirm``: correct it.

    The form holds ``place_<registration id>`` and ``score_<registration
    id>`` per seat (as the round page's pod form), ``reason`` and
    ``expected_version``.
    """
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    rnd = model_admin.scoped_object_or_404(request, object_id, model_admin.get_queryset(request).select_related(
        "event"))
    if format_for(rnd.event).table_results != PLACE_RESULTS:
        raise Http404
    pod = get_object_or_404(Table, round=rnd, pk=pod_id)
    back = f"{round_url(rnd)}#mesa-{pod.table_number}"
    table = _("Mesa %(t)s") % {"t": pod.table_number}
    row = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod.pk)
    score_label = pods_selectors.secondary_score_label(rnd.event)
    try:
        placements = admin_pods.parse_placements(request.POST, row, score_label=score_label)
    except admin_pods.PlacementInputError as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(back)
    raw_version = request.POST.get("expected_version") or ""
    expected = int(raw_version) if raw_version.isdigit() else None
    reason = (request.POST.get("reason") or "").strip()
    event = rnd.event
    if request.POST.get("step") == "confirm":
        try:
            services.pod_result_correct(pod=pod, placements=placements, reason=reason, by=request.user,
                                        expected_version=expected)
        except ArenaError as exc:
            messages.error(request, _("%(table)s: %(why)s") % {"table": table, "why": exc.message})
            return HttpResponseRedirect(back)
        stored = next(p for p in pods_selectors.pods_for_round(rnd) if p.pod_id == pod.pk)
        messages.success(request, _("%(round)s, mesa %(t)s: puestos corregidos: %(places)s. Motivo: %(reason)s")
                         % {"round": round_label(rnd), "t": pod.table_number,
                            "places": admin_pods.placements_text(stored.by_place), "reason": reason})
        return HttpResponseRedirect(back)
    try:
        corrector_check(event, request.user)
        reason_check(reason)
        preview = pod_correction_preview(pod=pod, placements=placements)
    except ArenaError as exc:
        messages.error(request, _("%(table)s: %(why)s") % {"table": table, "why": exc.message})
        return HttpResponseRedirect(back)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Corregir %(subject)s") % {"subject": preview.subject},
        "subtitle": None,
        "opts": model_admin.opts,
        "round": rnd,
        "event": event,
        "pod": row,
        "preview": preview,
        "reason": reason,
        "expected_version": expected,
        "score_label": score_label,
        "fields": [
            (admin_pods.place_field(rid), place, admin_pods.score_field(rid), score)
            for rid, place, score in placements
        ],
        "back_url": back,
        "round_title": round_label(rnd, numbered=True),
    }
    request.current_app = model_admin.admin_site.name
    return TemplateResponse(request, "admin/tournaments/round/pod_correction_preview.html", context)
