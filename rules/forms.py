"""Forms of the rules pages (Spanish labels; parsing only, no business rules)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from . import selectors
from .services import MAX_TEXT

DECKLIST_HELP = _(
    "Una carta por línea: «4 Fasent», «4x Fasent» o «Fasent x4»; la impresión opcional entre corchetes "
    "(«1 Bajón Celestial [TCG]»). Las líneas vacías y los títulos («Monsters:», «// Gemas») se ignoran."
)


def _text_field() -> forms.CharField:
    return forms.CharField(
        label=_("Lista de mazo"),
        max_length=MAX_TEXT,
        strip=False,
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

    player_number = forms.CharField(label=_("Número de jugador"), max_length=40)
    text = _text_field()
    reason = forms.CharField(
        label=_("Motivo del cambio"), required=False, max_length=90,
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
    counted_text = forms.CharField(
        label=_("Mazo contado (opcional)"), required=False, max_length=MAX_TEXT,
        help_text=_("Si lo cargás, se compara con la lista registrada."),
        widget=forms.Textarea(attrs={"rows": 8, "cols": 48, "spellcheck": "false"}),
    )
    discrepancies = forms.CharField(
        label=_("Diferencias encontradas"), required=False,
        help_text=_("Cartas o fundas marcadas, cartas faltantes o de más, y lo que decidió el juez principal."),
        widget=forms.Textarea(attrs={"rows": 3, "cols": 48}),
    )
