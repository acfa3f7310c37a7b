"""Manual pairing edits on the round page of the organizer console (issue #13 item 2).

The round page of the current Swiss round (duels, before its results) shows
four small forms — intercambiar dos jugadores, cambiar a un jugador de mesa,
dar el bye, quitar el bye. Each one first shows a confirmation page with the
warnings (revancha, diferencia de puntaje, segundo bye, mesa fija) and the
tables before and after, computed by
:func:`tournaments.services.pairing_edit_preview`; only «Confirmar y aplicar»
calls the service. If the round changed in between and the warnings are no
longer the ones shown, the confirmation page is shown again.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from .. import services
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import ArenaError
from ..models import Round, Table
from ..text import round_label

KINDS = ("swap", "move", "bye_give", "bye_take")


def _seat_label(match: Table, side: str) -> str:
    reg = match.player_b if side == "b" else match.player_a
    name = reg.player.display_name
    if match.is_bye:
        return _("%(player)s (bye)") % {"player": name}
    return _("%(player)s (mesa %(t)d, %(side)s)") % {"player": name, "t": match.table_number, "side": side.upper()}


def round_context(rnd: Round, *, can_edit: bool) -> dict:
    """Context of the edit forms, or nothing when the round cannot be edited by this user now."""
    if not can_edit or rnd.phase != RoundPhase.SWISS or rnd.state != RoundState.PAIRED \
            or rnd.event.state != EventState.SWISS:
        return {}
    matches = list(Table.objects.filter(round=rnd).order_by("is_bye", "table_number"))
    open_matches = [m for m in matches if m.is_bye or (m.status == MatchStatus.PENDING and m.version == 0)]
    if not any(not m.is_bye for m in open_matches):
        return {}
    seats = []
    for m in open_matches:
        seats.append((m.player_a_id, _seat_label(m, "a")))
        if not m.is_bye:
            seats.append((m.player_b_id, _seat_label(m, "b")))
    bye = next((m for m in matches if m.is_bye), None)
    return {
        "pairing_edit": {
            "url": reverse("admin:tournaments_round_pairing_edit", args=[rnd.pk]),
            "seats": seats,
            "seated": [(rid, label) for rid, label in seats if not bye or rid != bye.player_a_id],
            "tables": [m.table_number for m in open_matches if not m.is_bye],
            "bye": bye,
            "bye_name": bye.player_a.player.display_name if bye else "",
        }
    }


def _params(post) -> dict:
    def reg(name):
        value = post.get(name) or ""
        return int(value) if value.isdigit() else None

    return {
        "kind": post.get("kind"),
        "registration": reg("registration"),
        "other": reg("other"),
        "table": reg("table"),
        "side": "a" if post.get("side") == "a" else "b",
    }


def _fingerprint(plan) -> str:
    """What the organizer saw: the warnings and the tables after (to detect a change before confirming)."""
    parts = [w["code"] + ":" + str(w.get("table") or w.get("player") or "") for w in plan.warnings]
    parts += [f"{c['table']}={(c['after']['a'] or {}).get('id')}-{(c['after']['b'] or {}).get('id')}"
              for c in plan.changes]
    return "|".join(parts)


def _run(event, params: dict, by):
    kind = params["kind"]
    common = {"event": event, "by": by, "confirm_warnings": True}
    if kind == "swap":
        return services.pairing_swap(registration_a=params["registration"], registration_b=params["other"],
                                     **common)
    if kind == "move":
        return services.pairing_move(registration=params["registration"], table=params["table"],
                                     side=params["side"], **common)
    if kind == "bye_give":
        return services.pairing_bye_give(registration=params["registration"], **common)
    return services.pairing_bye_take(registration=params["registration"], opponent_registration=params["other"],
                                     **common)


def pairing_edit_view(round_admin, request, rnd: Round):
    """POST: show the confirmation page of an edit; with ``confirm``, apply it through its service."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    back = reverse("admin:tournaments_round_change", args=[rnd.pk])
    params = _params(request.POST)
    if params["kind"] not in KINDS or params["registration"] is None:
        messages.error(request, _("Elegí el jugador (y la mesa o el rival) antes de revisar el cambio."))
        return HttpResponseRedirect(back)
    if params["kind"] == "swap" and params["other"] is None:
        messages.error(request, _("Elegí los dos jugadores que se intercambian."))
        return HttpResponseRedirect(back)
    event = rnd.event
    try:
        plan = services.pairing_edit_preview(event=event, **params)
    except ArenaError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(back)
    fingerprint = _fingerprint(plan)
    if request.POST.get("confirm") == "1":
        if request.POST.get("seen") == fingerprint:
            try:
                _run(event, params, request.user)
            except ArenaError as exc:
                messages.error(request, exc.message)
                return HttpResponseRedirect(back)
            tables = ", ".join(_("bye") if c["bye"] else str(c["table"]) for c in plan.changes)
            messages.success(request, _("Emparejamiento cambiado (mesas %(tables)s); los documentos de la ronda "
                                        "se vuelven a generar.") % {"tables": tables})
            return HttpResponseRedirect(back)
        messages.warning(request, _("La ronda cambió mientras revisabas: volvé a revisar el cambio."))
    context = {
        **round_admin.admin_site.each_context(request),
        "title": _("Confirmar cambio de emparejamiento — %(round)s") % {"round": round_label(rnd, numbered=True)},
        "round": rnd,
        "event": event,
        "opts": round_admin.opts,
        "round_url": back,
        "plan": plan,
        "params": params,
        "seen": fingerprint,
    }
    request.current_app = round_admin.admin_site.name
    return TemplateResponse(request, "admin/tournaments/round/pairing_confirm.html", context)
