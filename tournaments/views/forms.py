"""Forms of the HTML views (judge result entry)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..swiss.results import LATE_GAME_LOSS_MINUTES, LATE_MATCH_LOSS_MINUTES


class ResultForm(forms.Form):
    """A match result as the judge reads it at the table.

    Only shapes are checked here; whether a score is legal for the match
    format, the tardiness rule and stale edits are the service's business
    (:func:`tournaments.services.record_result`), whose errors the view turns
    into form errors.
    """

    games_a = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    games_b = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    games_drawn = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label=_("Partidas empatadas"))
    went_to_time = forms.BooleanField(
        required=False,
        label=_("Terminó por tiempo"),
        help_text=_("Se acabaron los minutos de la ronda y cada jugador jugó sus 3 turnos extra (000 § 10.1)."),
    )
    intentional_draw = forms.BooleanField(
        required=False,
        label=_("Empate intencional"),
        help_text=_("Ambos jugadores acordaron el empate; cargue las partidas tal como quedaron."),
    )
    minutes_late_a = forms.IntegerField(required=False, min_value=0, max_value=600)
    minutes_late_b = forms.IntegerField(required=False, min_value=0, max_value=600)
    expected_version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, best_of: int, name_a: str, name_b: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        needed = best_of // 2 + 1
        wins = [(i, str(i)) for i in range(needed + 1)]
        self.fields["games_a"].choices = wins
        self.fields["games_b"].choices = wins
        self.fields["games_drawn"].choices = [(i, str(i)) for i in range(best_of + 1)]
        self.fields["games_a"].label = _("Partidas ganadas por %(name)s") % {"name": name_a}
        self.fields["games_b"].label = _("Partidas ganadas por %(name)s") % {"name": name_b}
        self.fields["minutes_late_a"].label = _("Minutos de demora de %(name)s") % {"name": name_a}
        self.fields["minutes_late_b"].label = _("Minutos de demora de %(name)s") % {"name": name_b}
        for key in ("minutes_late_a", "minutes_late_b"):
            self.fields[key].widget.attrs.update({"inputmode": "numeric", "placeholder": "0"})
        self.late_game_minutes = LATE_GAME_LOSS_MINUTES
        self.late_match_minutes = LATE_MATCH_LOSS_MINUTES

    def clean(self):
        data = super().clean()
        if data.get("intentional_draw") and data.get("games_a") != data.get("games_b"):
            raise forms.ValidationError(
                _("Un empate intencional deja a ambos jugadores con las mismas partidas ganadas."),
                code="intentional_draw_not_level",
            )
        return data
