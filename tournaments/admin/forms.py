"""The console's forms: the event settings, «Alta rápida» and the event page's registration rows."""
from __future__ import annotations

import secrets

from django import forms
from django.core import signing
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.games import REGISTRY

from ..formats import FORMATS, format_choices, format_for_profile
from ..models import Event, Player, Registration, default_placement_points
from ..permissions import venues_organized_by
from ..player_search import player_search_q
from ..services.events import SERVICE_FIELDS, setting_text
from ..swiss.errors import PairingError
from ..swiss.pods import validate_points_table
from ..text import fold
from .day_panel import ACCEPTING_ENTRIES

_LOADED_SALT = "arena.event-settings-loaded"


def new_seed() -> int:
    """A fresh random seed for an event's recorded draws (fits a signed 64-bit column)."""
    return secrets.randbits(62)


class QuickPlayerForm(forms.ModelForm):
    """«Alta rápida»: a new player, registered in the event at once (in a
    Torneo Indoor with the Pack Indoor bought, R-000-52)."""

    pack_indoor = forms.BooleanField(label=gettext_lazy("Compró el Pack Indoor"), required=False)
    #: Ticked after «¿ya existe?» listed players with the same name: it is another person.
    confirm_new = forms.BooleanField(label=gettext_lazy("Es otra persona: crearla igual"), required=False)

    class Meta:
        model = Player
        fields = ("display_name", "player_number", "home_venue")
        labels = {"display_name": gettext_lazy("Nombre"), "player_number": gettext_lazy("Número")}

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if user is not None and not user.is_superuser:
            self.fields["home_venue"].queryset = venues_organized_by(user)
        self.fields["home_venue"].empty_label = gettext_lazy("(sin sede)")
        self.fields["display_name"].widget.attrs.update(placeholder=_("Nombre y apellido"), size=22)
        self.fields["player_number"].widget.attrs.update(placeholder=_("p. ej. WM-0123"), size=12)

    def clean_player_number(self) -> str:
        number = self.cleaned_data["player_number"].strip()
        existing = Player.objects.filter(player_number__iexact=number).first()
        if existing is not None:
            raise forms.ValidationError(
                _("Ya existe la ficha de %(name)s con ese número (%(number)s): inscribila con «Agregar otro/a "
                  "Inscripción».") % {"name": existing.display_name, "number": existing.player_number}
            )
        return number

    def validate_unique(self) -> None:
        pass  # clean_player_number says it in the organizer's words

    def clean(self):
        """«¿Ya existe?»: players whose folded name matches (accents and case aside) are listed, so a
        returning player is registered with their number instead of a duplicate that would split their
        league points and badges; ``confirm_new`` creates the new player anyway."""
        cleaned = super().clean()
        name = cleaned.get("display_name") or ""
        query = player_search_q(name)
        if query is not None and not cleaned.get("confirm_new"):
            folded = " ".join(fold(name).split())
            same = [p for p in Player.objects.filter(query).order_by("display_name")[:20]
                    if " ".join(fold(p.display_name).split()) == folded][:5]
            if same:
                listed = "; ".join(f"{p.display_name} ({p.player_number})" for p in same)
                raise forms.ValidationError(
                    _("¿Ya existe? Hay jugadores con ese nombre: %(players)s. Si es uno de ellos, inscribilo con "
                      "«Agregar otro/a Inscripción» buscando su número; si es otra persona, marcá «Es otra "
                      "persona: crearla igual».") % {"players": listed},
                    code="maybe_existing",
                )
        return cleaned


EVENT_HELP = {
    "best_of": gettext_lazy(
        "Partidas por match. Se completa con el valor del juego elegido (Weed Monsters: al mejor de 3)."
    ),
    "round_minutes": gettext_lazy("Duración de cada ronda. Reglamento: 50 minutos, luego 3 turnos extra por jugador."),
    "planned_rounds": gettext_lazy(
        "Vacío: se calcula al emparejar la ronda 1 según los jugadores activos — log2(N) redondeado hacia arriba, "
        "nunca menos que el mínimo (8 jugadores: 3 rondas; 9 a 16: 4). Podés fijarlo a mano."
    ),
    "min_rounds": gettext_lazy("Mínimo de rondas suizas cuando la cantidad se calcula sola. Predeterminado: 3."),
    "bye_game_wins": gettext_lazy(
        "Un bye cuenta como match ganado con este resultado en partidas. Predeterminado: 2 (victoria 2-0). "
        "El bye no suma Buchholz a nadie."
    ),
    "cut_size": gettext_lazy(
        "Los mejores de las rondas suizas (o de todos contra todos) juegan eliminación directa (1º vs 4º, "
        "2º vs 3º). Un evento de eliminación directa no lo usa: la llave es el evento. Predeterminado: Top 4."
    ),
    "third_place_match": gettext_lazy(
        "Si no se juega (predeterminado), el 3er puesto es el semifinalista perdedor mejor ubicado en las suizas."
    ),
    "seed": gettext_lazy(
        "Número que registra los sorteos (ronda 1, desempates, bye). Se genera al azar al crear el evento; "
        "no cambia una vez emparejada la ronda 1."
    ),
    "judges": gettext_lazy("Pueden cargar resultados desde la página de jueces."),
    "head_judge": gettext_lazy("Resuelve apelaciones y penalidades del evento."),
}


class EventAdminForm(forms.ModelForm):
    """Event settings with Spanish help texts; the seed is drawn when left empty.

    ``loaded`` (hidden, signed) keeps every setting's value as the form was opened, so a save
    writes only what the organizer changed and refuses what someone else changed meanwhile
    (:func:`tournaments.services.events.event_settings_update`).
    """

    loaded = forms.CharField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Event
        fields = "__all__"
        help_texts = EVENT_HELP

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None and not self.is_bound:
            self.initial["loaded"] = signing.dumps(
                {name: setting_text(self.instance, name) for name in self.setting_names()}, salt=_LOADED_SALT)
        if "format" in self.fields:
            self.fields["format"] = forms.ChoiceField(
                label=self.fields["format"].label, required=False, help_text=self.fields["format"].help_text,
                choices=[("", gettext_lazy("El del juego"))] + format_choices(),
            )
        if "seed" in self.fields:
            self.fields["seed"].required = False
        if "pod_points_mode" in self.fields:  # left out (a duel game's form): the model's default
            self.fields["pod_points_mode"].required = False

    def setting_names(self) -> list[str]:
        """The event settings this form shows (model fields and the judges)."""
        return [name for name in self.fields if name != "loaded" and name not in SERVICE_FIELDS]

    def loaded_values(self) -> dict[str, str] | None:
        """The settings as the form was opened (``None`` when the form carries none)."""
        raw = self.data.get(self.add_prefix("loaded")) if self.is_bound else None
        if not raw:
            return None
        try:
            return signing.loads(raw, salt=_LOADED_SALT)
        except signing.BadSignature:
            return None

    def clean_loaded(self):
        if self.is_bound and self.instance.pk is not None and self.data.get(self.add_prefix("loaded")) \
                and self.loaded_values() is None:
            raise forms.ValidationError(gettext_lazy("El formulario no es válido: volvé a abrir el evento."))
        return ""

    def settings_changed(self, saved: Event) -> dict:
        """Setting name → new value for what the organizer changed (``saved`` holds the form's values)."""
        loaded = self.loaded_values()
        changes = {}
        for name in self.setting_names():
            if name not in self.cleaned_data:
                continue
            if name == "judges":
                new = ",".join(str(pk) for pk in sorted(u.pk for u in self.cleaned_data["judges"]))
                if (loaded or {}).get(name, None if loaded else setting_text(self.instance, name)) != new:
                    changes[name] = list(self.cleaned_data["judges"])
                continue
            new = Event._meta.get_field(name).value_to_string(saved)
            before = loaded.get(name) if loaded is not None else None
            if loaded is None and name in self.changed_data or loaded is not None and before != new:
                changes[name] = getattr(saved, name)
        return changes

    def posted_locked_settings(self) -> dict:
        """Settings the page showed editable when it was opened, posted with another value, that the
        event's state now shows read-only (so the form dropped them): name → posted text. The
        service refuses them by name instead of losing them in silence."""
        loaded = self.loaded_values() or {}
        posted = {}
        for name, before in loaded.items():
            if name in self.fields or name == "judges" or self.add_prefix(name) not in self.data:
                continue
            field = Event._meta.get_field(name)
            raw = self.data.get(self.add_prefix(name))
            if field.get_internal_type() == "BooleanField":
                text = str(raw in ("on", "true", "True", "1"))
            else:
                scratch = Event()
                try:
                    setattr(scratch, field.attname, field.to_python(raw) if raw != "" else None)
                    text = field.value_to_string(scratch)
                except Exception:  # noqa: BLE001 - an unreadable value is a change too
                    text = f"?{raw}"
            if text != before:
                posted[name] = raw
        return posted

    def clean_pod_points_mode(self):
        return self.cleaned_data.get("pod_points_mode") or self.instance.pod_points_mode

    def clean_format(self):
        """A registered format the event's game can be played in (empty: the game's own)."""
        key = self.cleaned_data.get("format") or ""
        game = self.cleaned_data.get("game") or (self.instance.game if self.instance.game_id else None)
        profile = REGISTRY.get(game.key) if game is not None else None
        if not key:
            return format_for_profile(profile).key
        fmt = FORMATS.get(key)
        if fmt is None:
            raise forms.ValidationError(gettext_lazy("Elegí un sistema de juego de la lista."))
        if not fmt.supports(profile):
            raise forms.ValidationError(
                gettext_lazy("%(game)s no se puede jugar en «%(format)s».") % {"game": game.name, "format": fmt.label})
        return key

    def clean_seed(self):
        seed = self.cleaned_data.get("seed")
        return new_seed() if seed is None else seed

    def clean_placement_points(self):
        """A points table of places 1..n with whole, non-negative points, each place no more than the one before."""
        table = self.cleaned_data.get("placement_points")
        if not table:  # left empty: the table the event had (1st 3, 2nd 2, 3rd 1 for a new one)
            return self.instance.placement_points or default_placement_points()
        try:
            parsed = {int(place): points for place, points in dict(table).items()}
            validate_points_table(parsed)
        except (TypeError, ValueError, PairingError):
            raise forms.ValidationError(gettext_lazy(
                "Escribí los puntos por puesto como {\"1\": 3, \"2\": 2, \"3\": 1}: puestos 1, 2, 3… seguidos, "
                "puntos enteros de 0 en adelante, sin que un puesto sume más que el anterior."
            )) from None
        return {str(place): points for place, points in sorted(parsed.items())}


class PlayerLabelWidget(forms.Widget):
    """An existing registration's player, shown as text (name, number, home venue)."""

    def __init__(self, player: Player) -> None:
        super().__init__()
        self.player = player

    def render(self, name, value, attrs=None, renderer=None) -> str:
        venue = self.player.home_venue.name if self.player.home_venue_id else ""
        return format_html(
            '<strong>{}</strong> <span class="arena-muted">{}{}</span>',
            self.player.display_name, self.player.player_number, f" · {venue}" if venue else "",
        )


class RegistrationInlineForm(forms.ModelForm):
    """A new row picks the player (autocomplete by name or number); existing rows are read-only."""

    class Meta:
        model = Registration
        fields = ("player", "fixed_table", "pack_indoor")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["player"].disabled = True
            self.fields["player"].widget = PlayerLabelWidget(self.instance.player)


class RegistrationInlineFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        event = self.instance
        new_rows = [f for f in self.forms if not f.instance.pk and f.has_changed() and not self._should_delete_form(f)]
        if new_rows and event.state not in ACCEPTING_ENTRIES:
            raise forms.ValidationError(
                _("El evento no admite inscripciones en estado «%(state)s».") % {"state": event.get_state_display()}
            )
