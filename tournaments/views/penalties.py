"""Judge pages of the penalty log (issue #7, items 2 and 3).

- **At the table** (:func:`penalty_new`, phone first, 360 px): the judge picks
  the player, the infraction of the event's game, the game in progress, the
  minutes late, notes and optionally the ruling cited. "Ver la decisión"
  shows what the ladder (:func:`rules.penalties.decide`) will decide with the
  player's record in the event — e.g. the third Warning of the day
  disqualifies — and only "Confirmar" records it through
  :func:`tournaments.penalties.penalty_issue`. The confirmation carries a
  fingerprint of what was previewed (inputs, the player's record and the
  match version): if anything changed meanwhile the page previews again
  instead of recording a decision the judge did not see.
- **Log** of the event (:func:`penalty_log`) and **detail** of one entry
  with its revisions (:func:`penalty_detail`): judges and organizers of the
  event; the head judge (or an organizer) upgrades or downgrades with a
  reason through :func:`tournaments.penalties.penalty_revise`.
- **Player history** across events (:func:`player_penalties`): the judges
  and organizers of an event the player is registered in (superusers too).
  The point of the history is that a judge at one venue sees the penalties
  given at another (R-000-97: the judge weighs the player's record), so it
  lists every event; but only for a player in front of them: a judge or an
  organizer of another venue with no event of that player gets the 403
  page (issue #15). Entries link to their detail only in events the user
  judges.

Everyone else gets the 403 page. Domain errors become form errors.

The labels, :func:`~tournaments.penalty_preview.preview_decision` and
:func:`~tournaments.penalty_preview.check_choice_allowed` (who may choose a
penalty) live in :mod:`tournaments.penalty_preview`, shared with the API
and the admin.
"""
from __future__ import annotations

import hashlib
import json
from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules import penalties as ladder
from rules.rulings import CATALOG
from rules.sources import rule_citation

from .. import penalties as penalty_services
from .. import permissions, selectors
from ..enums import MatchStatus
from ..errors import ArenaError
from ..formats import format_for
from ..formats.base import GAME_RESULTS
from ..models import Event, Penalty, PenaltyRevision, Player, Registration, Table
from ..penalty_preview import (
    check_choice_allowed,
    consequence_labels,
    infraction_name,
    penalty_label,
    preview_decision,
    source_label,
    tr_catalog,
)
from ..text import fold
from .access import forbidden

#: What the game calls its games inside a match, for the "game in progress" field.
_GAME_WORD = {ladder.BLOBBIEMUNDO: gettext_lazy("Combate %(n)d")}

_TARDINESS_LABEL = gettext_lazy("más de 5 minutos: pierde la partida 1; más de 10: pierde la ronda 0-2")


# --------------------------------------------------------------------------- forms


class PenaltyForm(forms.Form):
    """A penalty at a table, as the judge reads it there.

    Shapes only; the ladder and the service judge the rest (their errors
    become form errors in the view).
    """

    registration = forms.TypedChoiceField(label=gettext_lazy("Jugador"), coerce=int, widget=forms.RadioSelect)
    infraction = forms.ChoiceField(label=gettext_lazy("Infracción"))
    game_number = forms.TypedChoiceField(
        label=gettext_lazy("Partida en curso"), coerce=int, empty_value=None, required=False,
        help_text=gettext_lazy("La pérdida de partida se aplica a esta; entre partidas, a la siguiente."),
    )
    earlier_score = forms.RegexField(
        label=gettext_lazy("Marcador antes de la infracción"), required=False, regex=r"^\s*\d+-\d+(-\d+)?\s*$",
        max_length=12, error_messages={"invalid": gettext_lazy("Escribilo así: 1-0, o 1-0-1 con empatadas.")},
        help_text=gettext_lazy("Sólo si el resultado de la mesa ya estaba cargado y la descalificación ocurrió "
                               "durante una partida: partidas ganadas por el jugador sancionado, por el rival "
                               "y empatadas, terminadas antes de esa partida (DESIGN.md, decisión 10)."),
    )
    minutes_late = forms.IntegerField(
        label=gettext_lazy("Minutos de demora"), required=False, min_value=0, max_value=600,
        help_text=format_lazy("{} ({}).", gettext_lazy("Sólo para la llegada tarde: más de 5 pierde la primera "
                                                         "partida; más de 10, la ronda 0-2"),
                              rule_citation("000", "10.1. Desarrollo de las Rondas Suizas")),
    )
    chosen_penalty = forms.ChoiceField(
        label=gettext_lazy("Sanción elegida"), required=False,
        help_text=gettext_lazy("Sólo donde el reglamento deja elegir (espectadores, cartas marcadas…). "
                               "Vacío: la que indica la escalera."),
    )
    hearts_before = forms.IntegerField(
        label=gettext_lazy("Corazones antes de la sanción"), required=False, min_value=0, max_value=999,
        help_text=gettext_lazy("Error que no se puede deshacer: con 5 o menos, llega a 0 y pierde la partida."),
    )
    deck_count = forms.IntegerField(
        label=gettext_lazy("Cartas contadas en el mazo"), required=False, min_value=0, max_value=999,
    )
    notes = forms.CharField(
        label=gettext_lazy("Notas"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Qué pasó, en pocas palabras; queda en el registro."),
    )
    ruling_id = forms.ChoiceField(label=gettext_lazy("Resolución citada (opcional)"), required=False)
    consulted_judges = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Jueces consultados (opcional)"), coerce=int, required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=format_lazy("{} ({}).", gettext_lazy("Con quiénes del equipo de jueces se consultó la sanción"),
                              rule_citation("000", "10.3. Los Jueces")),
    )

    def __init__(self, *args, event: Event, match: Table, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.judges = {u.pk: u for u in event_judges(event) if user is None or u.pk != user.pk}
        self.fields["consulted_judges"].choices = [(pk, u.get_full_name() or u.get_username())
                                                   for pk, u in self.judges.items()]
        game = event.game.key
        lad = ladder.LADDERS[game]
        a, b = match.player_a, match.player_b
        self.fields["registration"].choices = [
            (reg.pk, reg.player.display_name + (" — " + _("descalificación") if reg.disqualified else ""))
            for reg in (a, b)
        ]
        self.infractions = ladder.infractions(game)
        self.fields["infraction"].choices = [("", _("Elegí la infracción…"))] + [
            (inf.code, tr_catalog(inf.name_es)) for inf in self.infractions
        ]
        word = _GAME_WORD.get(game, gettext_lazy("Partida %(n)d"))
        self.fields["game_number"].choices = [("", _("Entre partidas"))] + [
            (n, str(word) % {"n": n}) for n in range(1, event.best_of + 1)
        ]
        if game == ladder.BLOBBIEMUNDO:
            self.fields["game_number"].label = _("Combate en curso")
        self.fields["chosen_penalty"].choices = [("", _("La que indica la escalera"))] + [
            (str(t), tr_catalog(lad.labels_es[t])) for t in lad.consequences if t != ladder.PenaltyType.NONE
        ]
        rulings = [r for r in CATALOG if r.game == game]
        self.fields["ruling_id"].choices = [("", "—")] + [
            (r.id, f"{r.topic}: {r.question_es}") for r in rulings
        ]
        self.has_rulings = bool(rulings)
        for name in ("minutes_late", "hearts_before", "deck_count"):
            self.fields[name].widget.attrs.update({"inputmode": "numeric"})

    def clean_earlier_score(self) -> tuple[int, int, int] | None:
        text = (self.cleaned_data.get("earlier_score") or "").strip()
        if not text:
            return None
        parts = [int(n) for n in text.split("-")]
        return (parts[0], parts[1], parts[2] if len(parts) == 3 else 0)

    def fingerprint(self, registration: Registration, match: Table) -> str:
        """A digest of what decides the penalty: the inputs (not the notes or the
        ruling cited), the player's record and the match version."""
        data = {k: self.cleaned_data.get(k) for k in self.fields
                if k not in ("notes", "ruling_id", "consulted_judges")}
        data["_record"] = list(registration.penalties.order_by("pk").values_list("pk", "penalty_type"))
        data["_match"] = [match.pk, match.version, match.status]
        raw = json.dumps(data, sort_keys=True, default=str).encode()
        return hashlib.sha256(raw).hexdigest()[:24]


def event_judges(event: Event) -> list:
    """The users who judge ``event``: its head judge, then its judges by username (two queries)."""
    from django.contrib.auth import get_user_model

    ids = set(event.judges.values_list("pk", flat=True))
    if event.head_judge_id:
        ids.add(event.head_judge_id)
    users = get_user_model().objects.filter(pk__in=ids)
    return sorted(users, key=lambda u: (u.pk != event.head_judge_id, u.get_username()))


class PenaltyReviseForm(forms.Form):
    """The head judge's upgrade or downgrade: the new penalty and the reason."""

    new_type = forms.ChoiceField(label=gettext_lazy("Nueva penalidad"))
    reason = forms.CharField(
        label=gettext_lazy("Motivo"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Obligatorio: queda en el historial de la penalidad."),
    )

    def __init__(self, *args, penalty: Penalty, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        lad = ladder.LADDERS[penalty.event.game.key]
        self.fields["new_type"].choices = [("", _("Elegí la penalidad…"))] + [
            (str(t), tr_catalog(lad.labels_es[t])) for t in lad.consequences if str(t) != penalty.penalty_type
        ]


# --------------------------------------------------------------------------- access


def _forbidden(request, event: Event | None, reason: str):
    return render(request, "judge/penalty_forbidden.html", {"event": event, "reason": reason}, status=403)


def judge_of_event(view):
    """Load the event from ``pk``; anonymous → login, not a judge or organizer of it → 403."""

    @wraps(view)
    def wrapped(request, pk: int, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("login"))
        event = get_object_or_404(Event.objects.select_related("venue", "game"), pk=pk)
        if not permissions.is_judge(request.user, event):
            return _forbidden(request, event, "judge")
        return view(request, event, **kwargs)

    return wrapped


def _table_match(event: Event, number: int, table: int) -> Table:
    """The duel at ``table`` of round ``number``; 404 for a bye, a missing table or an event played in pods."""
    if format_for(event).table_results != GAME_RESULTS:
        raise Http404
    return get_object_or_404(
        Table.objects.select_related("round"),
        round__event=event, round__number=number, table_number=table, is_bye=False,
    )


def _player_penalties(registrations) -> dict[int, list[Penalty]]:
    rows: dict[int, list[Penalty]] = {reg.pk: [] for reg in registrations}
    for p in (Penalty.objects.filter(registration__in=list(rows))
              .select_related("round", "match").order_by("issued_at", "pk")):
        rows[p.registration_id].append(p)
    return rows


# --------------------------------------------------------------------------- pages


@never_cache
@require_http_methods(["GET", "POST"])
@judge_of_event
def penalty_new(request, event: Event, number: int, table: int):
    """Record a penalty at a table: fill in, see the ladder's decision, confirm."""
    match = _table_match(event, number, table)
    current = selectors.current_round(event)
    is_current = current is not None and current.pk == match.round_id
    game = event.game.key
    context = {"event": event, "match": match, "round": match.round, "is_current": is_current,
               "has_ladder": game in ladder.LADDERS, "preview": None, "fingerprint": ""}
    regs = [match.player_a, match.player_b]
    context["earlier"] = [(reg, rows) for reg, rows in zip(regs, _player_penalties(regs).values(), strict=True)]
    context["counts_event_warnings"] = game in ladder.LADDERS and ladder.LADDERS[game].warning_scope == "event"
    if not context["has_ladder"] or not is_current:
        return render(request, "judge/penalty_new.html", context)

    if request.method == "POST":
        form = PenaltyForm(request.POST, event=event, match=match, user=request.user)
        if form.is_valid():
            data = form.cleaned_data
            registration = next(r for r in regs if r.pk == data["registration"])
            registration.event = event
            kwargs = {
                "infraction_code": data["infraction"],
                "minutes_late": data["minutes_late"],
                "chosen_penalty": data["chosen_penalty"] or None,
                "game_number": data["game_number"],
                "hearts_before": data["hearts_before"],
                "deck_count": data["deck_count"],
                "earlier_games": data["earlier_score"],
            }
            try:
                check_choice_allowed(request.user, event, infraction_code=data["infraction"],
                                     chosen_penalty=kwargs["chosen_penalty"], head_judge_disqualifies=False)
                preview = preview_decision(registration, **kwargs)
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                fingerprint = form.fingerprint(registration, match)
                confirmed = request.POST.get("action") == "confirm"
                if confirmed and request.POST.get("fingerprint") == fingerprint:
                    try:
                        penalty = penalty_services.penalty_issue(
                            registration=registration, issued_by=request.user, notes=data["notes"],
                            ruling_id=data["ruling_id"],
                            consulted_judges=[form.judges[pk] for pk in data["consulted_judges"]], **kwargs,
                        )
                    except ArenaError as exc:
                        form.add_error(None, exc.message)
                    else:
                        messages.success(
                            request,
                            _("Penalidad registrada — %(name)s: %(headline)s.")
                            % {"name": registration.player.display_name, "headline": preview.headline},
                        )
                        return redirect(reverse("judge:penalty_detail", args=[event.pk, penalty.pk]))
                else:
                    if confirmed:
                        form.add_error(None, _("Algo cambió desde la vista previa (los datos, el marcador o las "
                                               "penalidades del jugador). Revisá la decisión y confirmá de nuevo."))
                    context.update(preview=preview, fingerprint=fingerprint)
    else:
        initial = {}
        wanted = request.GET.get("jugador")
        if wanted and wanted.isdigit() and int(wanted) in (r.pk for r in regs):
            initial["registration"] = int(wanted)
        played = match.games_a + match.games_b + match.games_drawn
        if match.status == MatchStatus.PENDING and played < event.best_of:
            initial["game_number"] = played + 1
        if request.GET.get("resolucion"):
            initial["ruling_id"] = request.GET["resolucion"]
        form = PenaltyForm(initial=initial, event=event, match=match, user=request.user)
    context["form"] = form
    context["infractions"] = [
        {"code": inf.code, "name": tr_catalog(inf.name_es), "description": inf.description_es,
         "source": source_label(inf.source),
         "label": _TARDINESS_LABEL if inf.step == "tardiness"
         else penalty_label(game, inf.default_penalty, inf.counts_as_warning)}
        for inf in form.infractions
    ]
    return render(request, "judge/penalty_new.html", context)


@never_cache
@judge_of_event
def penalty_log(request, event: Event):
    """The event's penalty log, oldest first; ``?q=`` filters by player name or number."""
    rows = list(penalty_services.penalties_for_event(event))
    query = request.GET.get("q", "").strip()
    if query:
        needle = fold(query)
        rows = [p for p in rows if needle in fold(
            f"{p.registration.player.display_name} {p.registration.player.player_number}")]
    return render(request, "judge/penalty_log.html", {
        "event": event, "rows": [_row(event, p) for p in rows], "query": query,
        "can_revise": permissions.is_head_judge(request.user, event),
    })


def _row(event: Event, p: Penalty) -> dict:
    game = event.game.key
    return {
        "penalty": p,
        "infraction": infraction_name(game, p.infraction_code),
        "label": penalty_label(game, p.penalty_type, p.counts_as_warning),
        "original_label": penalty_label(game, p.original_type) if p.original_type != p.penalty_type else "",
        "consequences": consequence_labels(p.consequences),
        "consulted": [u.get_full_name() or u.get_username() for u in p.consulted_judges.all()],
        "source": source_label(p.source),
        "revisions": [
            {"revision": r, "from_label": penalty_label(game, r.from_type), "to_label": penalty_label(game, r.to_type)}
            for r in p.revisions.all()
        ],
    }


@never_cache
@require_http_methods(["GET", "POST"])
@judge_of_event
def penalty_detail(request, event: Event, penalty_id: int):
    """One entry with its revisions; the head judge (or an organizer) revises it with a reason."""
    penalty = get_object_or_404(
        penalty_services.penalties_for_event(event).select_related("registration__event__game"), pk=penalty_id
    )
    can_revise = permissions.is_head_judge(request.user, event)
    form = PenaltyReviseForm(request.POST or None, penalty=penalty) if can_revise else None
    if request.method == "POST":
        if not can_revise:
            return _forbidden(request, event, "head_judge")
        if form.is_valid():
            try:
                penalty_services.penalty_revise(penalty=penalty, new_type=form.cleaned_data["new_type"],
                                                reason=form.cleaned_data["reason"], revised_by=request.user)
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Penalidad revisada: %(from)s → %(to)s.") % {
                    "from": penalty_label(event.game.key, penalty.penalty_type),
                    "to": penalty_label(event.game.key, form.cleaned_data["new_type"]),
                })
                return redirect(reverse("judge:penalty_detail", args=[event.pk, penalty.pk]))
    ruling = None
    if penalty.ruling_id:
        from rules.rulings import RULINGS_BY_ID

        ruling = RULINGS_BY_ID.get(penalty.ruling_id)
    return render(request, "judge/penalty_detail.html", {
        "event": event, "row": _row(event, penalty), "penalty": penalty, "form": form,
        "can_revise": can_revise, "ruling": ruling,
        "ruling_source": source_label(ruling.source) if ruling else "",
    })


@never_cache
def player_penalties(request, number: str):
    """A player's penalties across events, newest first, for the judges and organizers of the player's events."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("login"))
    judged = set(permissions.events_judged_by(request.user).values_list("pk", flat=True))
    if not judged:
        return _forbidden(request, None, "judge")
    player = get_object_or_404(Player, player_number=number)
    if not (request.user.is_superuser or Registration.objects.filter(player=player, event_id__in=judged).exists()):
        return forbidden(request, None, reason=permissions.JUDGE, message=_(
            "Sólo los jueces y organizadores de un evento con inscripción de este número "
            "pueden ver su historial de penalidades."))
    penalties = (
        penalty_services.penalties_for_player(player.pk)
        .select_related("event__game", "match")
        .prefetch_related(Prefetch("revisions", queryset=PenaltyRevision.objects.select_related("revised_by")))
    )
    rows = []
    for p in penalties:
        row = _row(p.event, p)
        row["linkable"] = p.event_id in judged
        rows.append(row)
    return render(request, "judge/penalty_player.html", {
        "player": player, "rows": rows,
        "events": len({r["penalty"].event_id for r in rows}),
        "disqualifications": sum(r["penalty"].penalty_type == ladder.PenaltyType.DISQUALIFICATION for r in rows),
    })
