"""Forms of the rules pages (Spanish labels; parsing only, no business rules)."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.text import validate_one_line, validate_text_area

from . import deck_checks, selectors
from .decks import input_limit_errors
from .services import MAX_TEXT
from .sources import source_label

#: Line problems listed in one form error (the rest are counted).
SHOWN_LINE_ERRORS = 5

DECKLIST_HELP = _(
    "Una carta por línea: «4 Fasent», «4x Fasent» o «Fasent x4»; la impresión opcional entre corchetes "
    "(«1 Bajón Celestial [TCG]»). Las líneas vacías y los títulos («Monsters:», «// Gemas») se ignoran."
)


class DecklistTextField(forms.CharField):
    """A pasted decklist, refused as a whole when it is not a list at all (issue #15).

    Refused (nothing stored, the error names the lines): control
    characters, more than ``ARENA_IMPORT_MAX_BYTES`` bytes or ``MAX_TEXT``
    characters, and the lines :func:`rules.decks.input_limit_errors` reports
    (huge, zero or negative quantities, over-long lines, too many lines).
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", MAX_TEXT)
        kwargs.setdefault("strip", False)
        kwargs.setdefault("validators", [validate_text_area])
        super().__init__(**kwargs)

    def clean(self, value):
        size = len(str(value or "").encode("utf-8"))
        if size > settings.ARENA_IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                gettext_now("La lista pesa %(size)d bytes y el máximo es %(limit)d.")
                % {"size": size, "limit": settings.ARENA_IMPORT_MAX_BYTES},
                code="too_large",
            )
        value = super().clean(value)
        if value:
            errors = input_limit_errors(value)
            if errors:
                shown = [error.message for error in errors[:SHOWN_LINE_ERRORS]]
                if len(errors) > SHOWN_LINE_ERRORS:
                    more = len(errors) - SHOWN_LINE_ERRORS
                    shown.append(ngettext("…y %(n)d línea más con problemas.", "…y %(n)d líneas más con problemas.",
                                          more) % {"n": more})
                raise forms.ValidationError(shown, code="input_limits")
        return value


def _text_field() -> forms.CharField:
    return DecklistTextField(
        label=_("Lista de mazo"),
        help_text=DECKLIST_HELP,
        widget=forms.Textarea(attrs={"rows": 18, "cols": 48, "spellcheck": "false", "autocomplete": "off"}),
    )


class ValidateForm(forms.Form):
    """Game and format, optional date, and the list (the public check page)."""

    game_format = forms.ChoiceField(label=_("Juego y formato"))
    date = forms.DateField(
        label=_("Fecha del evento"), required=False, help_text=_("Vacío: hoy. Los baneos dependen de la fecha."),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    text = _text_field()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        groups: dict[str, list] = {}
        for game, game_name, fmt, fmt_name in selectors.format_choices():
            groups.setdefault(game_name, []).append((f"{game}:{fmt}", f"{game_name} — {fmt_name}"))
        self.fields["game_format"].choices = list(groups.items())

    def cleaned_game_format(self) -> tuple[str, str]:
        game, _sep, fmt = self.cleaned_data["game_format"].partition(":")
        return game, fmt


class DecklistSubmitForm(forms.Form):
    """Player number and list; a reason when a head judge changes a locked list."""

    player_number = forms.CharField(label=_("Número de jugador"), max_length=40, validators=[validate_one_line])
    text = _text_field()
    reason = forms.CharField(
        label=_("Motivo del cambio"), required=False, max_length=90, validators=[validate_one_line],
        help_text=_("Obligatorio para cambiar una lista bloqueada (juez principal)."),
    )

    def __init__(self, *args, player_locked: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if player_locked:
            self.fields["player_number"].widget.attrs["readonly"] = True


class DeckCheckForm(forms.Form):
    """A judge's deck check: round, table, counted cards, the deck as counted, notes."""

    round_number = forms.IntegerField(label=_("Ronda"), min_value=1, required=False)
    table_number = forms.IntegerField(label=_("Mesa"), min_value=1, required=False)
    game_number = forms.IntegerField(label=_("Partida"), min_value=1, max_value=3, required=False)
    counted_cards = forms.IntegerField(label=_("Cartas contadas (mazo principal)"), min_value=0, required=False)
    counted_text = DecklistTextField(
        label=_("Mazo contado (opcional)"), required=False,
        help_text=_("Si lo cargás, se compara con la lista registrada."),
        widget=forms.Textarea(attrs={"rows": 8, "cols": 48, "spellcheck": "false"}),
    )
    discrepancies = forms.CharField(
        label=_("Diferencias encontradas"), required=False, max_length=MAX_TEXT, validators=[validate_text_area],
        help_text=_("Cartas o fundas marcadas, cartas faltantes o de más, y lo que decidió el juez principal."),
        widget=forms.Textarea(attrs={"rows": 3, "cols": 48}),
    )
    marked_cards = forms.CharField(
        label=_("Cartas marcadas"), required=False, max_length=MAX_TEXT, validators=[validate_text_area],
        help_text=format_lazy("{} ({}).", _("Una por línea: «Fasent: dobladura en la esquina». Marcada: se "
                                            "identifica sin ver su cara"), source_label(deck_checks.CARTAS)),
        widget=forms.Textarea(attrs={"rows": 2, "cols": 48}),
    )
    card_problems = forms.CharField(
        label=_("Otras cartas con problemas"), required=False, max_length=MAX_TEXT,
        validators=[validate_text_area],
        help_text=format_lazy("{} ({}). {}", _("Una por línea, «tipo: carta», con tipo falsificada, proxy, "
                                               "bolígrafo, autografiada, reverso o reversos distintos"),
                              source_label(deck_checks.CARTAS), _("Ej.: «falsificada: Bajón Celestial».")),
        widget=forms.Textarea(attrs={"rows": 2, "cols": 48}),
    )
    sleeves = forms.MultipleChoiceField(
        label=_("Fundas"), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=format_lazy("{} ({}).", _("Marcá sólo lo que falla"), source_label(deck_checks.FUNDAS)),
    )
    amendments = forms.CharField(
        label=_("Reemplazos por daño de fábrica"), required=False, max_length=MAX_TEXT,
        validators=[validate_text_area],
        help_text=format_lazy("{} ({}).", _("Una por línea: «Fasent → Sativa» (gema básica a elección del "
                                            "jugador) o «Fasent → proxy de juez». Vale hasta el final del torneo"),
                              source_label(deck_checks.PROXYS)),
        widget=forms.Textarea(attrs={"rows": 2, "cols": 48}),
    )
    decision = forms.CharField(
        label=_("Decisión del juez principal"), required=False, max_length=MAX_TEXT,
        validators=[validate_text_area], help_text=_("Sólo el juez principal."),
        widget=forms.Textarea(attrs={"rows": 2, "cols": 48}),
    )

    #: Words a judge writes for each card item (accents and case do not matter).
    CARD_PROBLEM_WORDS = {
        "falsificada": "counterfeit", "falsa": "counterfeit", "reproducida": "counterfeit",
        "proxy": "player_proxy", "boligrafo": "pen_marked", "rotulador": "pen_marked",
        "autografiada": "autographed", "firmada": "autographed", "reverso": "alternate_back",
        "reverso alternativo": "alternate_back", "reversos distintos": "mixed_backs",
    }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        from .models import DeckCheckFinding

        self.fields["sleeves"].choices = [(c, label) for c, label in DeckCheckFinding.choices
                                          if c.startswith("sleeves_")]

    @staticmethod
    def _lines(text: str) -> list[str]:
        return [line.strip() for line in (text or "").splitlines() if line.strip()]

    def clean_marked_cards(self) -> list[dict]:
        rows = []
        for line in self._lines(self.cleaned_data.get("marked_cards")):
            card, _sep, reason = line.partition(":")
            rows.append({"code": "marked", "card": card.strip(), "note": reason.strip()})
        return rows

    def clean_card_problems(self) -> list[dict]:
        from .catalog import normalize_name

        rows = []
        for line in self._lines(self.cleaned_data.get("card_problems")):
            kind, sep, card = line.partition(":")
            code = self.CARD_PROBLEM_WORDS.get(normalize_name(kind))
            if not sep or code is None or not card.strip():
                raise forms.ValidationError(
                    gettext_now("No entiendo «%(line)s»: escribí «tipo: carta», p. ej. «falsificada: Fasent».")
                    % {"line": line}, code="card_problem")
            rows.append({"code": code, "card": card.strip(), "note": ""})
        return rows

    def clean_amendments(self) -> list[dict]:
        from .catalog import normalize_name

        rows = []
        for line in self._lines(self.cleaned_data.get("amendments")):
            card, sep, to = line.replace("->", "→").partition("→")
            if not sep or not card.strip() or not to.strip():
                raise forms.ValidationError(
                    gettext_now("No entiendo «%(line)s»: escribí «carta → gema básica» o «carta → proxy de juez».")
                    % {"line": line}, code="amendment")
            proxy = normalize_name(to) in ("proxy de juez", "proxy del juez", "proxy")
            rows.append({"card": card.strip(), "kind": "judge_proxy" if proxy else "basic_gem",
                         "gem": "" if proxy else to.strip()})
        return rows

    def findings(self) -> list[dict]:
        """Every failed item: marked cards, other card problems, then sleeves (form order)."""
        data = self.cleaned_data
        return [*data["marked_cards"], *data["card_problems"],
                *({"code": code, "card": "", "note": ""} for code in data["sleeves"])]


class DeckCheckDecisionForm(forms.Form):
    """The head judge's decision on a recorded deck check."""

    decision = forms.CharField(
        label=_("Decisión del juez principal"), max_length=MAX_TEXT, validators=[validate_text_area],
        widget=forms.Textarea(attrs={"rows": 2, "cols": 48}),
    )


# --------------------------------------------------------------------------- rulings helpers

#: Largest count a helper form accepts (a table never holds more cards or ships).
MAX_HELPER_COUNT = 200
#: Most tributes listed in the tribute helper.
MAX_TRIBUTES = 10


def _count(label: str, help_text: str = "") -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=MAX_HELPER_COUNT, initial=0,
                              help_text=help_text)


class FleetForm(forms.Form):
    """Planets War: ships on the Tablero, ships to summon, ships lost (rules.rulings.fleet_check)."""

    on_board = _count(_("Naves en su Tablero"))
    summoning = _count(_("Naves que quiere convocar"))
    lost_before = _count(_("Naves perdidas antes"), _("Las que ya marcó con Tokens de Daño."))
    lost_now = _count(_("Naves destruidas ahora"))


class TributeForm(forms.Form):
    """Reinas: the level of the beast and the tributes' levels (rules.rulings.tribute_check)."""

    level = forms.IntegerField(label=_("Nivel (LVL) de la bestia que se invoca"), min_value=1, max_value=7)
    tributes = forms.CharField(
        label=_("Niveles de los tributos"), required=False, max_length=60, validators=[validate_one_line],
        help_text=_("Separados por comas o espacios: «2, 4». Vacío: sin tributos."),
    )

    def clean_tributes(self) -> list[int]:
        raw = self.cleaned_data["tributes"].replace(",", " ").split()
        levels: list[int] = []
        for item in raw:
            try:
                levels.append(int(item))
            except ValueError:
                raise forms.ValidationError(
                    gettext_now("«%(item)s» no es un nivel: use números del 1 al 7.") % {"item": item}
                ) from None
        if len(levels) > MAX_TRIBUTES:
            raise forms.ValidationError(gettext_now("Como máximo %(n)d tributos.") % {"n": MAX_TRIBUTES})
        return levels


class StonerDrawForm(forms.Form):
    """Stoner points: cards left in the two shared decks and their discards (rules.rulings.stoner_turn_draw)."""

    materials_deck = _count(_("Cartas en el mazo materiales"))
    materials_discard = _count(_("Cartas en el descarte materiales"))
    game_deck = _count(_("Cartas en el mazo juego"))
    game_discard = _count(_("Cartas en el descarte juego"))
