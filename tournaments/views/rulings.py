"""Rulings at the table (issue #7, item 4): look up, compute, attach to a match.

- :func:`search` (public): the rulebooks' rulings catalogue
  (:data:`rules.rulings.CATALOG`), searched without regard to accents or
  case (:func:`rules.rulings.search`: "resolucion" finds "resolución"),
  filtered by game; every answer shows its source section. Opened from an
  event (``?event=<pk>``), the game filter defaults to the event's game;
  "Todos los juegos" stays selectable.
- :func:`chain` (public): the resolution order of a chain of plays
  (:func:`rules.rulings.resolve_chain`): Weed Monsters resolves the last
  play first, Blobbiemundo by priority then declaration order.
- :func:`table_rulings` (judges of the event): the same search from a
  table, with a button that attaches the ruling given to the match record
  (:func:`tournaments.penalties.match_ruling_attach`); the table page lists
  the attached rulings. It searches the event's game unless the judge picks
  another game or all games.

The rulings text is the rulebooks' own Spanish; only the page around it is
translated.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules import rulings as catalog
from rules.games import REGISTRY

from .. import penalties as penalty_services
from ..errors import ArenaError
from ..models import Event, MatchRuling
from ..penalty_preview import source_label
from .penalties import _table_match, judge_of_event

#: Game key → name, for every game the rulings catalogue covers.
GAME_NAMES = {key: REGISTRY[key].name_es if key in REGISTRY else key for key in catalog.GAMES}

#: Plays a chain may hold on the helper page (a real chain is a handful).
MAX_PLAYS = 20


@dataclass(frozen=True)
class RulingRow:
    """A ruling ready for a page: the catalogue entry and its short citation."""

    ruling: catalog.Ruling
    game_name: str
    source: str


def ruling_rows(rulings) -> list[RulingRow]:
    return [RulingRow(r, GAME_NAMES.get(r.game, r.game), source_label(r.source)) for r in rulings]


class RulingSearchForm(forms.Form):
    q = forms.CharField(label=gettext_lazy("Buscar"), required=False, max_length=200)
    game = forms.ChoiceField(label=gettext_lazy("Juego"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("Todos los juegos"))] + list(GAME_NAMES.items())


def event_game(event: Event | None) -> str:
    """The event's game key when the rulings catalogue covers it, else ``""``."""
    return event.game.key if event is not None and event.game.key in GAME_NAMES else ""


def _search_data(params, event: Event | None):
    """The form's data: ``params``, with the event's game as the game when
    ``params`` names none (``game=`` empty means all games, chosen)."""
    if not params:
        return None
    data = params.copy()
    if "game" not in data:
        data["game"] = event_game(event)
    return data


def _event_of(raw: str | None) -> Event | None:
    try:
        pk = int(raw or "")
    except ValueError:
        return None
    return Event.objects.select_related("game").filter(pk=pk).first() if 0 < pk < 2**31 else None


@never_cache
def search(request):
    """Public rulings search: ``?q=`` words (accents optional), ``?game=`` a
    game key (empty: all games), ``?event=`` the event it was opened from
    (its game is the default; an unknown event is ignored)."""
    event = _event_of(request.GET.get("event"))
    form = RulingSearchForm(_search_data(request.GET, event))
    query, game = "", ""
    if form.is_valid():
        query, game = form.cleaned_data["q"].strip(), form.cleaned_data["game"]
    rows = ruling_rows(catalog.find_rulings(query, game))
    return render(request, "rulings/search.html", {
        "form": form, "query": query, "game": game, "rows": rows, "event": event,
        "event_game_name": GAME_NAMES.get(event_game(event), ""),
    })


# --------------------------------------------------------------------------- chain of plays

_FLAG = re.compile(r"\(([^)]*)\)")
_NEGATES = re.compile(r"^(?:anula|niega|negates)\s+(\d+)$", re.IGNORECASE)
_PRIORITY = re.compile(r"^(?:prioridad|priority)\s+(-?\d+)$", re.IGNORECASE)
_BATTLE = re.compile(r"^(?:batalla|battle)$", re.IGNORECASE)


def parse_plays(text: str) -> list[catalog.Play]:
    """One play per line, in declaration order: ``[Jugador:] Carta [(anula N)] [(prioridad N)] [(batalla)]``.

    ``N`` in "anula" is the 1-based line of the play it cancels. Raises
    :class:`forms.ValidationError` naming the line for anything else.
    """
    plays: list[catalog.Play] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_PLAYS:
        raise forms.ValidationError(_("Como máximo %(n)d jugadas.") % {"n": MAX_PLAYS})
    for number, line in enumerate(lines, start=1):
        negates, priority, battle = None, 0, False
        for flag in _FLAG.findall(line):
            flag = flag.strip()
            if m := _NEGATES.match(flag):
                target = int(m.group(1))
                if not 1 <= target < number:
                    raise forms.ValidationError(
                        _("Línea %(n)d: sólo puede anular una jugada anterior (líneas 1 a %(last)d).")
                        % {"n": number, "last": number - 1}
                    )
                negates = target - 1
            elif m := _PRIORITY.match(flag):
                priority = int(m.group(1))
            elif _BATTLE.match(flag):
                battle = True
            else:
                raise forms.ValidationError(
                    _("Línea %(n)d: no entiendo «(%(flag)s)»; usá (anula N), (prioridad N) o (batalla).")
                    % {"n": number, "flag": flag}
                )
        rest = _FLAG.sub("", line).strip()
        player, _sep, card = rest.partition(":") if ":" in rest else ("", "", rest)
        card = card.strip()
        if not card:
            raise forms.ValidationError(_("Línea %(n)d: falta el nombre de la carta.") % {"n": number})
        plays.append(catalog.Play(card=card, player=player.strip(), priority=priority, negates=negates,
                                  is_battle=battle))
    return plays


class ChainForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Juego"))
    plays = forms.CharField(
        label=gettext_lazy("Jugadas, en el orden en que se anunciaron"),
        widget=forms.Textarea(attrs={"rows": 5, "autocapitalize": "sentences"}),
        help_text=gettext_lazy("Una por línea: «Jugador: Carta». Agregá (anula 2) si cancela la jugada de la "
                               "línea 2; en Blobbiemundo, (prioridad 3) y (batalla)."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = list(GAME_NAMES.items())

    def clean_plays(self) -> list[catalog.Play]:
        return parse_plays(self.cleaned_data["plays"])


CHAIN_EXAMPLE = "Yo: Medallón\nRival: Quemaduras\nYo: Black Jack (anula 2)"


@never_cache
def chain(request):
    """Public helper: the order in which a chain of plays resolves, and which plays apply."""
    data = request.GET if "plays" in request.GET else None
    form = ChainForm(data, initial={"game": catalog.WEED_MONSTERS, "plays": CHAIN_EXAMPLE})
    resolution = None
    if form.is_valid():
        try:
            resolution = catalog.resolve_chain(form.cleaned_data["game"], form.cleaned_data["plays"])
        except catalog.RulingError as exc:  # the form checks negations first; kept for safety
            form.add_error(None, str(exc))
    return render(request, "rulings/chain.html", {
        "form": form,
        "resolution": resolution,
        "source": source_label(resolution.source) if resolution else "",
    })


# --------------------------------------------------------------------------- at a table


class AttachForm(forms.Form):
    ruling_id = forms.ChoiceField()
    note = forms.CharField(required=False, max_length=2000)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruling_id"].choices = [(r.id, r.id) for r in catalog.CATALOG]


@never_cache
@require_http_methods(["GET", "POST"])
@judge_of_event
def table_rulings(request, event: Event, number: int, table: int):
    """Search rulings from a table and attach the one given to the match record."""
    match = _table_match(event, number, table)
    error = ""
    if request.method == "POST":
        attach = AttachForm(request.POST)
        if attach.is_valid():
            try:
                penalty_services.match_ruling_attach(
                    match=match, ruling_id=attach.cleaned_data["ruling_id"], note=attach.cleaned_data["note"],
                    given_by=request.user,
                )
            except ArenaError as exc:
                error = exc.message
            else:
                ruling = catalog.RULINGS_BY_ID[attach.cleaned_data["ruling_id"]]
                messages.success(request, _("Resolución adjuntada a la mesa %(t)d: %(q)s") % {
                    "t": table, "q": ruling.question_es})
                return redirect(reverse("judge:table", args=[event.pk, number, table]))
        else:
            error = _("Esa resolución no existe en el catálogo.")
    form = RulingSearchForm(_search_data(request.GET, event) or {"game": event_game(event)})
    query, game = "", event_game(event)
    if form.is_valid():
        query, game = form.cleaned_data["q"].strip(), form.cleaned_data["game"]
    rows = ruling_rows(catalog.find_rulings(query, game or None))
    attached = [
        (mr, catalog.RULINGS_BY_ID.get(mr.ruling_id))
        for mr in MatchRuling.objects.filter(match=match).select_related("given_by").order_by("given_at")
    ]
    return render(request, "rulings/table.html", {
        "event": event, "match": match, "round": match.round, "rows": rows, "query": query, "form": form,
        "game_name": GAME_NAMES.get(event_game(event), ""), "attached": attached, "error": error,
    })
