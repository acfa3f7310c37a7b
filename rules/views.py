"""Pages of rules: check a decklist (public), submit one for an event (the
player or a judge), and the judges' decklist pages (list, detail, deck check).

Views parse the form, check permission, call one service or selector and
render; domain errors become form errors.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Event, Player, Round
from tournaments.text import collation_key, control_characters
from tournaments.views.access import forbidden

from . import selectors, services
from .errors import ArenaError
from .forms import DeckCheckForm, DecklistSubmitForm, ValidateForm
from .models import Decklist
from .permissions import can_view_decklists, is_head_judge, is_judge

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


# --------------------------------------------------------------------------- player / judge


def _own_player(user) -> Player | None:
    return Player.objects.filter(user_id=user.pk).first() if user.is_authenticated else None


@login_required
@require_http_methods(["GET", "POST"])
def decklist_submit(request, event_id: int):
    """Submit (or replace) a decklist for an event and see its violations at once.

    Judges and organizers of the event enter any registered player's list by
    player number; a user linked to a registered player enters their own.
    Once locked, only the head judge may change a list, giving a reason.
    """
    event = get_object_or_404(Event.objects.select_related("game", "venue"), pk=event_id)
    judge = is_judge(request.user, event)
    own = _own_player(request.user)
    own_registration = own.registrations.filter(event=event).first() if own else None
    if not judge and own_registration is None:
        return forbidden(
            request, event, message=_("Sólo los jugadores inscriptos y los jueces del evento cargan listas acá.")
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
                "player_number", _("No hay ningún jugador inscripto en este evento con ese número.")
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
                        _("Lista guardada, pero tiene %(n)d infracciones: corregila antes de la ronda 1.")
                        % {"n": len(decklist.violations)},
                    )
    _profile, fmt = selectors.event_format(event)
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
        },
    )


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
        {"decklist": decklist, "event": event, "check_form": DeckCheckForm()},
    )


@login_required
@require_POST
def deck_check_create(request, pk: int):
    """Record a deck check of the decklist's player (judges of the event)."""
    decklist = get_object_or_404(Decklist.objects.select_related("registration__event"), pk=pk)
    event = decklist.registration.event
    if not is_judge(request.user, event):
        return forbidden(request, event, message=_("Sólo los jueces del evento registran chequeos de mazo."))
    form = DeckCheckForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        rnd = None
        if data["round_number"]:
            rnd = Round.objects.filter(event=event, number=data["round_number"]).first()
        match = None
        if rnd is not None:
            reg = decklist.registration_id
            match = rnd.matches.filter(player_a_id=reg).first() or rnd.matches.filter(player_b_id=reg).first()
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
            )
        except ArenaError as exc:
            messages.error(request, exc.message)
        else:
            if check.violations:
                messages.warning(request, _("Chequeo registrado con %(n)d diferencias.") % {"n": len(check.violations)})
            else:
                messages.success(request, _("Chequeo registrado: el mazo coincide con la lista."))
    else:
        messages.error(request, _("Revisá los datos del chequeo."))
    return redirect("rules:decklist_detail", pk=pk)
