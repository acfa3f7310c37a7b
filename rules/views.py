"""Pages of rules: check a decklist (public), submit one for an event (the
player or a judge) with its live check, the judges' decklist pages (list,
detail, deck check), the published top decklists of an event (public), and
the rulings helpers of Planets War, Reinas and stoner points (public).

Who sees a decklist: :mod:`rules.publication` (owner, the event's judges and
organizers; the published top lists, anyone).

Views parse the form, check permission, call one service or selector and
render; domain errors become form errors.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.me_selectors import player_of_user
from tournaments.models import Event, Player, Round
from tournaments.text import collation_key, control_characters
from tournaments.throttles import DecklistValidateThrottle, allow
from tournaments.views.access import forbidden

from . import publication, rulings, selectors, services
from .errors import ArenaError
from .forms import (
    DeckCheckDecisionForm,
    DeckCheckForm,
    DecklistSubmitForm,
    FleetForm,
    StonerDrawForm,
    TributeForm,
    ValidateForm,
)
from .models import DeckCheck, Decklist
from .permissions import can_view_decklists, is_head_judge, is_judge
from .templatetags.rule_sources import rule_source

#: Longest player number looked up (``Player.player_number``'s max_length).
MAX_PLAYER_NUMBER = Player._meta.get_field("player_number").max_length

# --------------------------------------------------------------------------- public


@require_http_methods(["GET", "POST"])
def deck_validate(request):
    """Validate a decklist without registering: pick game and format, paste,
    see every violation with its rule source. Stores nothing."""
    report = None
    form = ValidateForm(request.POST or None, initial={"game_format": "weed_monsters:constructed"})
    if request.method == "POST" and form.is_valid():
        game, fmt = form.cleaned_game_format()
        try:
            report = selectors.deck_report(
                game_key=game, text=form.cleaned_data["text"], fmt=fmt, on_date=form.cleaned_data["date"]
            )
        except ArenaError as exc:
            form.add_error(None, exc.message)
    return render(request, "rules/deck_validate.html", {"form": form, "report": report})


#: The rulings helpers: form prefix → (form class, resolver taking the cleaned data).
RULING_HELPERS = {
    "naves": (FleetForm, lambda d: rulings.fleet_check(
        d["on_board"], d["summoning"], lost_before=d["lost_before"], lost_now=d["lost_now"])),
    "tributo": (TributeForm, lambda d: rulings.tribute_check(d["level"], d["tributes"])),
    "mazos": (StonerDrawForm, lambda d: rulings.stoner_turn_draw(
        d["materials_deck"], d["materials_discard"], d["game_deck"], d["game_discard"])),
}


#: Spanish text of the resolvers' error codes (the forms catch most cases first).
RULING_ERRORS = {
    "invalid_level": gettext_lazy("Los niveles de las bestias van del 1 al 7."),
    "invalid_count": gettext_lazy("Las cantidades no pueden ser negativas."),
}


@never_cache
@require_GET
def ruling_calculators(request):
    """Rulings that can be computed, one small GET form each: the Planets War
    board limit (4 ships) and lost ships, Reinas tribute summoning, and the
    stoner-points draw from empty decks. Only the form whose fields are in
    the query is read; the resolver's ``RulingError`` becomes a form error.
    Stores nothing."""
    forms_by_prefix, results = {}, {}
    for prefix, (form_class, resolve) in RULING_HELPERS.items():
        bound = any(key.startswith(f"{prefix}-") for key in request.GET)
        form = form_class(request.GET if bound else None, prefix=prefix)
        if bound and form.is_valid():
            try:
                results[prefix] = resolve(form.cleaned_data)
            except rulings.RulingError as exc:
                form.add_error(None, RULING_ERRORS.get(exc.code, _("Esos datos no son posibles en el juego.")))
        forms_by_prefix[prefix] = form
    return render(request, "rules/ruling_calculators.html", {"forms": forms_by_prefix, "results": results})


# --------------------------------------------------------------------------- player / judge



@login_required
@require_http_methods(["GET", "POST"])
def decklist_submit(request, event_id: int):
    """Submit (or replace) a decklist for an event and see its violations at once.

    Judges and organizers of the event enter any registered player's list by
    player number; a user linked to a registered player enters their own
    (and only sees their own) until the organizer's deadline or round 1.
    Once locked, only the head judge may change a list, giving a reason.
    The text area is checked while typing (:func:`decklist_validate_live`).
    """
    event = get_object_or_404(Event.objects.select_related("game", "venue"), pk=event_id)
    judge = is_judge(request.user, event)
    own = player_of_user(request.user)
    own_registration = own.registrations.filter(event=event).first() if own else None
    if not judge and own_registration is None:
        return forbidden(
            request, event, message=_("Sólo quienes tienen inscripción en el evento y sus jueces cargan listas acá.")
        )
    wanted = (request.POST.get("player_number") or request.GET.get("jugador") or "").strip()
    if control_characters(wanted) or len(wanted) > MAX_PLAYER_NUMBER:
        wanted = ""  # never looked up (PostgreSQL refuses NUL); the form reports the field
    if not judge:
        wanted = own.player_number
    registration = selectors.registration_for_player_number(event, wanted) if wanted else None
    decklist = Decklist.objects.filter(registration=registration).first() if registration else None
    initial = {"player_number": wanted, "text": decklist.text if decklist else ""}
    form = DecklistSubmitForm(request.POST or None, initial=initial, player_locked=not judge)
    if request.method == "POST" and form.is_valid():
        if registration is None:
            form.add_error(
                "player_number", _("Ese número no tiene inscripción en este evento.")
            )
        else:
            try:
                decklist = services.decklist_submit(
                    registration=registration,
                    text=form.cleaned_data["text"],
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                )
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                if decklist.is_legal:
                    messages.success(request, _("Lista guardada: es legal para este evento."))
                else:
                    messages.warning(
                        request,
                        ngettext("Lista guardada, pero tiene %(n)d infracción: corregila antes de la ronda 1.",
                                 "Lista guardada, pero tiene %(n)d infracciones: corregila antes de la ronda 1.",
                                 len(decklist.violations)) % {"n": len(decklist.violations)},
                    )
    _profile, fmt = selectors.event_format(event)
    closed = "" if judge else services.player_submission_closed(event)
    return render(
        request,
        "rules/decklist_submit.html",
        {
            "event": event,
            "form": form,
            "registration": registration,
            "decklist": decklist,
            "format_name": _profile.format(fmt).name_es,
            "is_judge": judge,
            "is_head_judge": is_head_judge(request.user, event),
            "closed_reason": closed,
            "deadline": event.decklist_deadline,
        },
    )


def _violation_json(row: dict) -> dict:
    return {"code": row["code"], "message": row["message"], "source": rule_source(row["source"]),
            "line": row["line"]}


@login_required
@require_POST
def decklist_validate_live(request, event_id: int):
    """JSON for the live check under the text area: ``POST text`` (and, for a
    judge, ``player_number``) → ``{"legal", "main_count", "violations":
    [{"code", "message", "source", "line"}]}`` in Spanish, for the event's
    game, format and date. Stores nothing. The registered player (own list
    only) and the event's judges; throttled per user (:class:`tournaments.throttles.DecklistValidateThrottle`:
    429 with ``Retry-After``). Without JavaScript the page validates on
    submit instead."""
    event = get_object_or_404(Event.objects.select_related("game", "venue"), pk=event_id)
    judge = is_judge(request.user, event)
    own = player_of_user(request.user)
    registration = None
    if own is not None:
        registration = own.registrations.select_related("event", "player").filter(event=event).first()
    if not judge and registration is None:
        return forbidden(
            request, event, message=_("Sólo quienes tienen inscripción en el evento y sus jueces validan listas acá.")
        )
    allowed, wait = allow(request, DecklistValidateThrottle)
    if not allowed:
        response = JsonResponse(
            {"code": "throttled", "detail": _("Demasiadas validaciones seguidas: esperá unos segundos.")}, status=429
        )
        if wait:
            response["Retry-After"] = str(wait)
        return response
    if judge:
        wanted = (request.POST.get("player_number") or "").strip()
        ok = wanted and not control_characters(wanted) and len(wanted) <= MAX_PLAYER_NUMBER
        registration = selectors.registration_for_player_number(event, wanted) if ok else None
    try:
        report = services.decklist_preview(event=event, text=request.POST.get("text", ""), registration=registration)
    except ArenaError as exc:
        return JsonResponse({"code": exc.code, "detail": exc.message}, status=400)
    return JsonResponse({
        "legal": report.legal,
        "main_count": report.main_count,
        "violations": [_violation_json(row) for row in report.violations],
    })


@never_cache
@require_GET
def published_decklists(request, event_id: int):
    """The published top decklists of an event (public): final place, player
    and the list grouped by card type. Before the organizer publishes, the
    page says so and shows no list (issue #17 §7)."""
    event = get_object_or_404(Event.objects.select_related("game", "venue"), pk=event_id)
    return render(request, "rules/published_decklists.html", {
        "event": event, "rows": publication.published_decklists(event),
        "published": event.decklists_published_at is not None,
    })


# --------------------------------------------------------------------------- judges


@login_required
def event_decklists(request, event_id: int):
    """The event's decklists with status and lock (judges and organizers)."""
    event = get_object_or_404(Event.objects.select_related("game", "venue"), pk=event_id)
    if not can_view_decklists(request.user, event):
        return forbidden(request, event, message=_("Sólo los jueces y organizadores del evento ven las listas."))
    registrations = sorted(
        event.registrations.select_related("player", "decklist"),
        key=lambda r: (collation_key(r.player.display_name), r.player.player_number),
    )
    return render(request, "rules/event_decklists.html", {"event": event, "registrations": registrations})


@login_required
def decklist_detail(request, pk: int):
    """One decklist: text, violations, history and deck checks, with the
    deck-check form (judges and organizers of its event)."""
    try:
        decklist = selectors.decklist_detail(pk)
    except Decklist.DoesNotExist:
        from django.http import Http404

        raise Http404 from None
    event = decklist.registration.event
    if not can_view_decklists(request.user, event):
        return forbidden(request, event, message=_("Sólo los jueces y organizadores del evento ven las listas."))
    return render(
        request,
        "rules/decklist_detail.html",
        {"decklist": decklist, "event": event, "check_form": DeckCheckForm(),
         "can_decide": is_head_judge(request.user, event), "decision_form": DeckCheckDecisionForm()},
    )


@login_required
@require_POST
def deck_check_create(request, pk: int):
    """Record a deck check of the decklist's player (judges of the event), or,
    with ``decide_check``, the head judge's decision on a recorded one."""
    decklist = get_object_or_404(Decklist.objects.select_related("registration__event"), pk=pk)
    event = decklist.registration.event
    if not is_judge(request.user, event):
        return forbidden(request, event, message=_("Sólo los jueces del evento registran chequeos de mazo."))
    if request.POST.get("decide_check"):
        return _deck_check_decide(request, decklist, event)
    form = DeckCheckForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        rnd = None
        if data["round_number"]:
            rnd = Round.objects.filter(event=event, number=data["round_number"]).first()
        match = None
        if rnd is not None:
            reg = decklist.registration_id
            match = rnd.tables.filter(seats__registration_id=reg).first()
        try:
            check = services.deck_check_record(
                registration=decklist.registration,
                judge=request.user,
                counted_cards=data["counted_cards"],
                counted_text=data["counted_text"],
                discrepancies=data["discrepancies"],
                round=rnd,
                match=match,
                table_number=data["table_number"],
                game_number=data["game_number"],
                findings=form.findings(),
                amendments=data["amendments"],
                decision=data["decision"],
            )
        except ArenaError as exc:
            messages.error(request, exc.message)
        else:
            if check.findings:
                messages.warning(request, ngettext("Chequeo registrado con %(n)d ítem que falló.",
                                                   "Chequeo registrado con %(n)d ítems que fallaron.",
                                                   len(check.findings)) % {"n": len(check.findings)})
            if check.violations:
                messages.warning(request, ngettext("Chequeo registrado con %(n)d diferencia.",
                                                   "Chequeo registrado con %(n)d diferencias.",
                                                   len(check.violations)) % {"n": len(check.violations)})
            else:
                messages.success(request, _("Chequeo registrado: el mazo coincide con la lista."))
    else:
        errors = [str(e) for errs in form.errors.values() for e in errs]
        messages.error(request, " ".join([_("Revisá los datos del chequeo."), *errors]))
    return redirect("rules:decklist_detail", pk=pk)


def _deck_check_decide(request, decklist: Decklist, event):
    """The head judge's decision on one recorded check (``decide_check``: its id)."""
    wanted = request.POST.get("decide_check", "")
    check = get_object_or_404(DeckCheck, pk=int(wanted) if wanted.isdigit() else 0,
                              registration_id=decklist.registration_id)
    if not is_head_judge(request.user, event):
        return forbidden(request, event, message=_("Sólo el juez principal registra la decisión."))
    form = DeckCheckDecisionForm(request.POST)
    if form.is_valid():
        try:
            services.deck_check_decide(check=check, by=request.user, decision=form.cleaned_data["decision"])
        except ArenaError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Decisión registrada."))
    else:
        messages.error(request, _("Escribí la decisión."))
    return redirect("rules:decklist_detail", pk=decklist.pk)
