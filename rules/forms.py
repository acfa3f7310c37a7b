"""Forms of the rules pages (Spanish labels; parsing only, no business rules)."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from tournaments.text import validate_one_line, validate_text_area

from . import selectors
from .decks import input_limit_errors
from .services import MAX_TEXT

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
                    shown.append(gettext_now("…y %(n)d líneas más con problemas.")
                                 % {"n": len(errors) - SHOWN_LINE_ERRORS})
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
