"""Forms of the HTML views (judge result entry).

A format names its judge's result form (:attr:`tournaments.formats.base.EventFormat.result_form`);
each one answers the judge's table page (:func:`tournaments.views.judge.table`) the same way:
``for_table`` builds it for a table, ``record_values`` gives what
:func:`tournaments.services.table_result_record` takes, ``saved_message`` the confirmation and
``page_context`` what its partials show.
"""
from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.sources import rule_citation

from .. import report_selectors
from ..adapters import secondary_score_label
from ..selectors import places
from ..services.results import result_entry_problems
from ..swiss.results import LATE_GAME_LOSS_MINUTES, LATE_MATCH_LOSS_MINUTES
from ..text import score_text


class TableIdentityFields(forms.Form):
    """Which table, with which players, the form was loaded for (hidden; issue #29 point 1).

    A result kept on the judge's phone while offline is sent later: by then the
    round may have been paired again (a new table under the same number) or
    the table's players changed (a pairing edit). The view sends the result to
    the table the judge saw (``table_id``) and the service refuses it when the
    players seated now are not ``seated`` (:func:`tournaments.services.table_result_record`,
    ``expected_players``). Both are optional: a form posted without them (an old
    page) is checked against the table as it is now.
    """

    table_id = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    seated = forms.RegexField(regex=r"^\d+(,\d+)*$", required=False, widget=forms.HiddenInput)

    @staticmethod
    def identity_of(table) -> dict:
        return {"table_id": table.pk, "seated": ",".join(str(rid) for rid in table.registration_ids)}

    def expected_players(self) -> list[int] | None:
        seated = self.cleaned_data.get("seated")
        return [int(rid) for rid in seated.split(",")] if seated else None


class ResultForm(TableIdentityFields):
    """A match result as the judge reads it at the table.

    Only shapes are checked here; whether a score is legal for the match
    format, the tardiness rule and stale edits are the service's business
    (:func:`tournaments.services.table_result_record`), whose errors the view turns
    into form errors.
    """

    games_a = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    games_b = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    games_drawn = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label=_("Partidas empatadas"))
    went_to_time = forms.BooleanField(
        required=False,
        label=_("Terminó por tiempo"),
        help_text=format_lazy(
            "{} ({}).", _("Se acabaron los minutos de la ronda y cada jugador jugó sus 3 turnos extra"),
            rule_citation("000", "10.1. Desarrollo de las Rondas Suizas")),
    )
    intentional_draw = forms.BooleanField(
        required=False,
        label=_("Empate intencional"),
        help_text=_("Ambos jugadores acordaron el empate; cargá las partidas tal como quedaron."),
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
        self.name_a, self.name_b = name_a, name_b

    @classmethod
    def for_table(cls, event, table, data=None, *, initial=None) -> ResultForm:
        """The form of duel ``table`` of ``event`` (``data`` a POST, or ``initial`` values)."""
        return cls(data, initial=initial, best_of=event.best_of, name_a=table.player_a.player.display_name,
                   name_b=table.player_b.player.display_name)

    @staticmethod
    def initial_of(table) -> dict:
        """The values a GET starts from: the saved result, else a player's report, else nothing chosen.

        A pending table starts with no winner chosen: saving without tapping a
        score is an error, never a silent 0-0 draw. The players' reports
        prefill the form (issue #17): the judge confirms or changes one.
        """
        initial = {"expected_version": table.version, "games_drawn": 0, **TableIdentityFields.identity_of(table)}
        if table.status != "pending":
            initial.update(games_a=table.games_a, games_b=table.games_b, games_drawn=table.games_drawn,
                           went_to_time=table.went_to_time, intentional_draw=table.intentional_draw)
        elif not table.entries.exists():
            report = next((r for r in report_selectors.match_reports_for_judge(table) if r is not None), None)
            if report is not None:
                initial.update(games_a=report.games_a, games_b=report.games_b, games_drawn=report.games_drawn,
                               went_to_time=report.went_to_time, intentional_draw=report.intentional_draw)
        return initial

    def record_values(self) -> dict:
        """The keyword arguments of :func:`tournaments.services.table_result_record` (side A first)."""
        data = self.cleaned_data
        return {
            "seats": [{"games": data["games_a"], "minutes_late": data["minutes_late_a"]},
                      {"games": data["games_b"], "minutes_late": data["minutes_late_b"]}],
            "games_drawn": data["games_drawn"], "went_to_time": data["went_to_time"],
            "intentional_draw": data["intentional_draw"],
        }

    def saved_message(self, table) -> str:
        return gettext("Mesa %(table)d: resultado %(score)s guardado (%(a)s vs %(b)s).") % {
            "table": table.table_number, "score": score_text(table.games_a, table.games_b, table.games_drawn),
            "a": self.name_a, "b": self.name_b}

    def page_context(self, event, table) -> dict:
        """What the duel partials read: both names, the one-tap scores and the players' reports."""
        report_a, report_b = report_selectors.match_reports_for_judge(table)
        return {"match": table, "name_a": self.name_a, "name_b": self.name_b, "presets": _presets(event.best_of),
                "report_a": report_a, "report_b": report_b}

    def clean(self):
        """The combinations the API refuses too (:func:`tournaments.services.results.result_entry_problems`)."""
        data = super().clean()
        problems = result_entry_problems(
            games_a=data.get("games_a"), games_b=data.get("games_b"), games_drawn=data.get("games_drawn"),
            intentional_draw=bool(data.get("intentional_draw")), went_to_time=bool(data.get("went_to_time")),
        )
        if problems:
            _field, code, message = problems[0]
            raise forms.ValidationError(message, code=code)
        return data


class PodResultForm(TableIdentityFields):
    """A pod's finishing places (and the game's secondary score) for each seat.

    Fields ``place_<registration id>`` and, when the game has a secondary
    score (stoner points), ``score_<registration id>``. Only shapes are
    checked here; legal places and stale edits are the service's business
    (:func:`tournaments.services.table_result_record`).
    """

    expected_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, seats=(), score_label: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seats = tuple(seats)
        self.score_label = score_label
        size = len(self.seats)
        for seat in self.seats:
            self.fields[f"place_{seat.registration_id}"] = forms.TypedChoiceField(
                coerce=int, choices=[("", "—")] + [(n, f"{n}.º") for n in range(1, size + 1)],
                label=_("Puesto de %(name)s") % {"name": seat.display_name},
            )
            if score_label:
                self.fields[f"score_{seat.registration_id}"] = forms.IntegerField(
                    min_value=0, max_value=999, label=f"{score_label} — {seat.display_name}",
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )

    @classmethod
    def for_table(cls, event, table, data=None, *, initial=None) -> PodResultForm:
        """The form of pod ``table`` of ``event`` (``data`` a POST, or ``initial`` values)."""
        form = cls(data, initial=initial, seats=places.pod_rows([table.pk])[0].seats,
                   score_label=secondary_score_label(event))
        return form

    @staticmethod
    def initial_of(table) -> dict:
        """The saved places and scores of ``table`` (none for a pending pod)."""
        initial = {"expected_version": table.version, **TableIdentityFields.identity_of(table)}
        for seat in table.seat_list:
            if seat.place is not None:
                initial[f"place_{seat.registration_id}"] = seat.place
            if seat.score is not None:
                initial[f"score_{seat.registration_id}"] = seat.score
        return initial

    def record_values(self) -> dict:
        """The keyword arguments of :func:`tournaments.services.table_result_record`."""
        return {"seats": [{"registration": rid, "place": place, "score": score}
                          for rid, place, score in self.placements()]}

    def saved_message(self, table) -> str:
        return gettext("Mesa %(table)d: puestos guardados (%(names)s).") % {
            "table": table.table_number, "names": ", ".join(seat.display_name for seat in self.seats)}

    def page_context(self, event, table) -> dict:
        """What the pod partials read: the pod as saved now, its seats' names and the score's name."""
        pod = places.pod_rows([table.pk])[0]
        return {"pod": pod, "score_label": self.score_label,
                "names": {seat.registration_id: seat.display_name for seat in pod.seats}}

    def seat_fields(self):
        """``(seat, place field, score field or None)`` per seat, for the template."""
        for seat in self.seats:
            score = self.fields.get(f"score_{seat.registration_id}")
            yield seat, self[f"place_{seat.registration_id}"], self[f"score_{seat.registration_id}"] if score else None

    def placements(self) -> list[tuple[int, int, int | None]]:
        """``(registration_id, place, score)`` per seat from the cleaned data."""
        data = self.cleaned_data
        return [
            (seat.registration_id, data[f"place_{seat.registration_id}"], data.get(f"score_{seat.registration_id}"))
            for seat in self.seats
        ]


class TimeExtensionForm(forms.Form):
    """Extra minutes for one table and why; the limits are the service's (1 to 30 minutes)."""

    minutes = forms.IntegerField(
        label=_("Minutos extra"),
        widget=forms.NumberInput(attrs={"min": 1, "max": 30, "inputmode": "numeric", "step": 1}),
    )
    reason = forms.CharField(
        label=_("Motivo"), max_length=200,
        widget=forms.TextInput(attrs={"placeholder": _("Consulta de reglas, revisión de mazo…")}),
    )


def _presets(best_of: int) -> list[tuple[int, int, int]]:
    """Common scores as one-tap buttons: (games_a, games_b, games_drawn)."""
    if best_of == 1:
        return [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    return [(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1)]
