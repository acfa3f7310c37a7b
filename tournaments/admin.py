"""Organizer console (Django admin), shaped around the tournament day (issue #4).

The event page is the day's console: registrations (add by name or number,
check-in, drop and undo drop), judges, the event settings, and one button per
lifecycle step — abrir inscripción, cerrar inscripción, emparejar ronda
siguiente, rehacer ronda actual, cerrar ronda, iniciar reducido, finalizar
evento. The round page lists the tables with their results and who entered
them, and lets the organizer enter or correct a result.

Rules of the console:

- **Every state change goes through** :mod:`tournaments.services`; a refused
  request shows the service's Spanish message through the messages framework
  and changes nothing.
- **A button that does not apply now is not shown** (:func:`day_status`).
- **Every button is a POST with CSRF and safe to click twice**: a lifecycle
  form carries a token of the state it was drawn for (event state, current
  round and its state); a second click of the same form finds the state
  moved on and is refused with a clear message, so a round is never paired
  twice. Result forms carry the match version (the service's stale-edit
  guard), and the registration buttons are idempotent or refused by the
  service.
- **Venue scoping**: a venue organizer (staff, group «Organizador», listed in
  ``Venue.organizers``) sees and changes only their venues' events,
  registrations, rounds, matches and result entries; objects of other venues
  are missing for them (the admin's "does not exist" redirect, or 404 on the
  console's own URLs). Superusers see everything. Players are national (a
  player travels): an organizer sees those of their venues and events and
  changes those of their venues; the rules of every admin model are in
  :mod:`tournaments.admin_scoping` (issue #15).
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.widgets import RelatedFieldWidgetWrapper
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from django.http import Http404, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from import_export.admin import ImportExportModelAdmin
from import_export.formats.base_formats import CSV, XLSX
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy
from simple_history.admin import SimpleHistoryAdmin

from rules.games import REGISTRY
from rules.models import Game

from . import (
    admin_corrections,
    admin_exchange,
    admin_pairing,
    admin_pods,
    pods_selectors,
    prereg_selectors,
    selectors,
    services,
)
from .admin_documents import DocumentInline
from .admin_scoping import (
    QuerysetScopedMixin,
    ScopedHistoryMixin,
    SuperuserOnlyMixin,
    SuperuserWritesMixin,
    VenueScopedAdmin,
)
from .enums import EventKind, EventState, MatchStatus, RoundPhase, RoundState
from .errors import ArenaError, StaleEdit
from .formats import FORMATS, PODS, format_choices, format_for, format_for_profile
from .models import Event, Match, Player, PodTable, Registration, ResultEntry, Round, Venue, default_placement_points
from .permissions import can_change_player, is_organizer, players_visible_to, venues_organized_by
from .resources import NUMBER, VENUE, PlayerResource, PodStandingsResource, SafeImportAdminMixin, StandingsResource
from .services.registration import registration_pack_indoor_set
from .swiss.errors import PairingError
from .swiss.lifecycle import Action, actions_available
from .swiss.pairing import rounds_for
from .swiss.pods import validate_points_table
from .text import round_label, stage_name

admin.site.site_header = gettext_lazy("Arena — consola del organizador")
admin.site.site_title = gettext_lazy("Arena")
admin.site.index_title = gettext_lazy("Torneos de la sede")

#: States in which :func:`services.registration_create` takes entries (late entry during the Swiss rounds).
ACCEPTING_ENTRIES = (EventState.REGISTRATION, EventState.CLOSED, EventState.SWISS)


def new_seed() -> int:
    """A fresh random seed for an event's recorded draws (fits a signed 64-bit column)."""
    return secrets.randbits(62)


# --------------------------------------------------------------------------- venue scoping


class ArenaUserAdmin(SuperuserOnlyMixin, UserAdmin):
    """User accounts: superusers only (an organizer must not make themselves staff of another venue)."""


class ArenaGroupAdmin(SuperuserOnlyMixin, GroupAdmin):
    """The role groups and their permissions: superusers only."""


class ArenaTokenAdmin(SuperuserOnlyMixin, TokenAdmin):
    """API tokens of programs: superusers only (a token acts as its user)."""


for _model, _admin_class in ((get_user_model(), ArenaUserAdmin), (Group, ArenaGroupAdmin),
                             (TokenProxy, ArenaTokenAdmin)):
    if admin.site.is_registered(_model):
        admin.site.unregister(_model)
    admin.site.register(_model, _admin_class)


def safe_next(request, fallback: str) -> str:
    """The POSTed ``next`` URL if it is local, else ``fallback``."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


def event_url(event: Event | int) -> str:
    return reverse("admin:tournaments_event_change", args=[getattr(event, "pk", event)])


def round_url(rnd: Round | int) -> str:
    return reverse("admin:tournaments_round_change", args=[getattr(rnd, "pk", rnd)])


# --------------------------------------------------------------------------- the day's state and buttons


@dataclass(frozen=True)
class DayAction:
    """A lifecycle button: ``key`` is its URL segment, ``run`` calls one service."""

    key: str
    label: str
    run: Callable[[Event, object], object]
    done: Callable[[object], str]
    primary: bool = True
    help: str = ""
    #: What confirming will do and lock, said before an irreversible step (``None``: no confirmation).
    confirm: Callable[[object], str] | None = None


def _done_round(verb: str) -> Callable[[object], str]:
    def message(rnd) -> str:
        tables = format_for(rnd.event).table_queryset(rnd).count()
        return ngettext(
            "%(round)s %(verb)s: %(n)d mesa. Cargue los resultados en esta página.",
            "%(round)s %(verb)s: %(n)d mesas. Cargue los resultados en esta página.",
            tables,
        ) % {"round": round_label(rnd, numbered=True), "verb": verb, "n": tables}
    return message


def _confirm_pair(status) -> str:
    last = status.last_round
    if last is None:
        return _("Se emparejará la ronda 1 al azar (con la semilla registrada del evento) entre %(n)d jugadores "
                 "activos. Desde entonces las listas de mazo quedan bloqueadas y se imprimen los documentos de "
                 "la ronda.") % {"n": status.active}
    return _("Se cerrará %(round)s: sus resultados quedan confirmados y desde entonces sólo el juez principal "
             "o la organización los corrigen, con motivo. Luego se empareja la ronda siguiente con las "
             "posiciones actuales y se imprimen sus documentos.") % {"round": round_label(last, numbered=True)}


def _confirm_close(status) -> str:
    return _("Los resultados de %(round)s quedan confirmados; desde entonces sólo el juez principal o la "
             "organización los corrigen, con motivo.") % {"round": round_label(status.last_round, numbered=True)}


def _confirm_top_cut(status) -> str:
    return _("Terminan las rondas suizas: el reducido de los %(n)d primeros se arma con las posiciones actuales "
             "(1 contra %(n)d, 2 contra %(m)d…) y la llave queda fija; los abandonos y descalificados ceden su "
             "lugar al siguiente.") % {"n": status.event.cut_size, "m": status.event.cut_size - 1}


def _confirm_finish(status) -> str:
    return _("El evento termina: se fija el podio, se publican las posiciones finales (el campeón primero) y se "
             "asignan los puntos de la Super Liga. Después no se empareja nada más; una corrección de resultado "
             "recalcula el podio y los puntos.")


def _done_finish(event) -> str:
    podium = (event.podium_first, event.podium_second, event.podium_third)
    names = [reg.player.display_name if reg else "—" for reg in podium]
    return _("Evento finalizado. Podio: 1º %(a)s, 2º %(b)s, 3º %(c)s.") % {"a": names[0], "b": names[1], "c": names[2]}


DAY_ACTIONS: dict[str, DayAction] = {
    action.key: action
    for action in (
        DayAction(
            "abrir-inscripcion", gettext_lazy("Abrir inscripción"),
            lambda e, by: services.registration_open(event=e, by=by),
            lambda e: _("Inscripción abierta: ya puede inscribir jugadores."),
        ),
        DayAction(
            "cerrar-inscripcion", gettext_lazy("Cerrar inscripción"),
            lambda e, by: services.registration_close(event=e, by=by),
            lambda e: _("Inscripción cerrada: ya puede emparejar la ronda 1."),
        ),
        DayAction(
            "emparejar", gettext_lazy("Emparejar ronda siguiente"),
            lambda e, by: services.round_pair_next(event=e, by=by),
            _done_round(gettext_lazy("emparejada")),
            help=gettext_lazy("Cierra la ronda actual (si la hay) y empareja la siguiente."),
            confirm=_confirm_pair,
        ),
        DayAction(
            "rehacer", gettext_lazy("Rehacer ronda actual"),
            lambda e, by: services.round_repair(event=e, by=by),
            _done_round(gettext_lazy("emparejada de nuevo")),
            primary=False,
            help=gettext_lazy("Sólo mientras la ronda no tenga ningún resultado cargado."),
        ),
        DayAction(
            "cerrar-ronda", gettext_lazy("Cerrar ronda y confirmar resultados"),
            lambda e, by: services.round_close(event=e, by=by),
            lambda r: _("%(round)s cerrada: resultados confirmados.") % {"round": round_label(r, numbered=True)},
            primary=False,
            confirm=_confirm_close,
        ),
        DayAction(
            "iniciar-reducido", gettext_lazy("Iniciar reducido"),
            lambda e, by: services.top_cut_start(event=e, by=by),
            _done_round(gettext_lazy("emparejada")),
            confirm=_confirm_top_cut,
        ),
        DayAction(
            "finalizar", gettext_lazy("Finalizar evento"),
            lambda e, by: services.event_finish(event=e, by=by),
            _done_finish,
            confirm=_confirm_finish,
        ),
    )
}


@dataclass
class DayStatus:
    """What the event page shows of the day, and which buttons apply now."""

    event: Event
    token: str
    rounds: list[Round]
    last_round: Round | None
    pending_tables: list[int]
    swiss_played: int
    planned_rounds: int | None
    registered: int
    present: int
    out: int
    actions: list[DayAction] = field(default_factory=list)
    clock: selectors.RoundClock | None = None

    @property
    def round_open(self) -> bool:
        return self.last_round is not None and self.last_round.state == RoundState.PAIRED

    @property
    def accepting_entries(self) -> bool:
        return self.event.state in ACCEPTING_ENTRIES

    @property
    def active(self) -> int:
        return self.registered - self.out

    @property
    def absent(self) -> int:
        return self.registered - self.present

    @property
    def podium(self) -> list[tuple[str, Registration | None]]:
        e = self.event
        return [("1º", e.podium_first), ("2º", e.podium_second), ("3º", e.podium_third)]


def day_token(event: Event, last_round: Round | None) -> str:
    """The lifecycle state a button was drawn for: event state, current round (id) and its state."""
    if last_round is None:
        return f"{event.state}|0|"
    return f"{event.state}|{last_round.pk}|{last_round.state}"


def day_status(event: Event) -> DayStatus:
    """The day's state of ``event`` and the buttons that apply (four queries)."""
    rounds = list(
        event.rounds.order_by("number").annotate(  # duels' matches and pods' tables alike
            tables=Count("matches", filter=Q(matches__is_bye=False), distinct=True) + Count("pods", distinct=True),
            pending=Count("matches", filter=Q(matches__is_bye=False, matches__status=MatchStatus.PENDING),
                          distinct=True)
            + Count("pods", filter=Q(pods__status=MatchStatus.PENDING), distinct=True),
        )
    )
    for rnd in rounds:
        rnd.label = round_label(rnd, numbered=True)
    last = rounds[-1] if rounds else None
    fmt = format_for(event)
    pending_tables: list[int] = fmt.pending_tables(last) if last is not None else []
    counts = event.registrations.aggregate(
        total=Count("id"),
        present=Count("id", filter=Q(checked_in=True)),
        out=Count("id", filter=Q(dropped=True) | Q(disqualified=True)),
    )
    swiss_played = sum(1 for r in rounds if r.phase == RoundPhase.SWISS)
    active = counts["total"] - counts["out"]
    planned = event.planned_rounds
    if planned is None:
        try:
            planned = rounds_for(active, minimum=event.min_rounds)
        except PairingError:
            planned = None
    status = DayStatus(
        event=event,
        token=day_token(event, last),
        rounds=rounds,
        last_round=last,
        pending_tables=pending_tables,
        swiss_played=swiss_played,
        planned_rounds=planned,
        registered=counts["total"],
        present=counts["present"],
        out=counts["out"],
    )
    status.actions = [DAY_ACTIONS[key] for key in _applicable_actions(event)]
    if last is not None:
        status.clock = services.round_display_clock(last, minutes=event.round_minutes)
    return status


#: Lifecycle action → the key (URL segment) of its button.
ACTION_KEYS = {
    Action.REGISTRATION_OPEN: "abrir-inscripcion",
    Action.REGISTRATION_CLOSE: "cerrar-inscripcion",
    Action.ROUND_PAIR_NEXT: "emparejar",
    Action.ROUND_REPAIR: "rehacer",
    Action.ROUND_CLOSE: "cerrar-ronda",
    Action.TOP_CUT_START: "iniciar-reducido",
    Action.EVENT_FINISH: "finalizar",
}


def _applicable_actions(event: Event) -> list[str]:
    """Keys of the lifecycle buttons that apply now (:mod:`tournaments.swiss.lifecycle`; the services decide)."""
    return [ACTION_KEYS[action] for action in actions_available(format_for(event).day_facts(event))]


# --------------------------------------------------------------------------- players


class ScopedPlayerResource(PlayerResource):
    """The admin's player import, within the importing organizer's scope (superusers: everything).

    A row naming an existing player the organizer may not change, or giving
    a home venue they do not organize, is refused on that row (and, the
    import being all or nothing, nothing is imported).
    """

    def import_instance(self, instance, row, **kwargs) -> None:
        user = self.user
        scoped = user is not None and not user.is_superuser
        if scoped and instance.pk is not None and not can_change_player(user, instance):
            raise ValidationError({NUMBER: [_("El jugador %(number)s es de otra sede: sólo su sede lo modifica.")
                                            % {"number": instance.player_number}]})
        super().import_instance(instance, row, **kwargs)
        if scoped and instance.home_venue_id and not venues_organized_by(user).filter(
                pk=instance.home_venue_id).exists():
            raise ValidationError({VENUE: [_("La sede «%(name)s» no es una de las que usted organiza.")
                                           % {"name": instance.home_venue.name}]})



@admin.register(Player)
class PlayerAdmin(ScopedHistoryMixin, QuerysetScopedMixin, SafeImportAdminMixin, ImportExportModelAdmin,
                  SimpleHistoryAdmin):
    """Players, national; imported and exported as CSV or XLSX; every change kept in their history.

    Scope (see :mod:`tournaments.admin_scoping`): an organizer sees
    :func:`players_visible_to` and changes :func:`players_changeable_by`;
    the user link is the superusers'; a player who took part in an event
    is not deleted. The autocomplete (registering a player in an event)
    searches every player: names and numbers are public.
    """

    list_display = ("display_name", "player_number", "home_venue", "province_display")
    search_fields = ("display_name", "player_number")
    list_filter = (("home_venue", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("home_venue",)
    autocomplete_fields = ("referred_by",)
    fields = ("display_name", "player_number", "home_venue", "referred_by", "user", "claim_code")
    readonly_fields = ("claim_code",)
    raw_id_fields = ("user",)
    resource_classes = [PlayerResource]
    import_template_name = "admin/tournaments/player/import.html"
    export_formats = [CSV, XLSX]

    @admin.display(description=gettext_lazy("provincia"))
    def province_display(self, obj: Player) -> str:
        return obj.province or "—"

    @admin.display(description=gettext_lazy("código para vincular cuenta"))
    def claim_code(self, obj: Player) -> str:
        """The player's account or claim-code status, and the page that generates and prints a code (issue #17)."""
        if obj is None or obj.pk is None:
            return "—"
        if obj.user_id:
            return _("Cuenta vinculada.")
        expires = (obj.claim_codes.filter(used_at__isnull=True, replaced_at__isnull=True)
                   .values_list("expires_at", flat=True).first())
        if expires is None:
            status = _("Sin código.")
        elif expires <= timezone.now():
            status = _("El código entregado venció.")
        else:
            date = timezone.localtime(expires).strftime("%d/%m/%Y")
            status = _("Código entregado; vence el %(date)s.") % {"date": date}
        return format_html('{} <a class="button" href="{}">{}</a>', status,
                           reverse("accounts:player_code", args=[obj.player_number]), _("Generar un código nuevo"))

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        match = getattr(request, "resolver_match", None)
        if request.user.is_superuser or (match is not None and match.url_name == "autocomplete"):
            return qs
        return qs.filter(pk__in=players_visible_to(request.user).values("pk"))

    def get_readonly_fields(self, request, obj=None):
        readonly = tuple(super().get_readonly_fields(request, obj))
        return readonly if request.user.is_superuser else (*readonly, "user")

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "home_venue" and not request.user.is_superuser:
            kwargs["queryset"] = venues_organized_by(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_change_permission(self, request, obj=None):
        allowed = super().has_change_permission(request, obj)
        if obj is None or request.user.is_superuser:
            return allowed
        return allowed and can_change_player(request.user, obj)

    def has_delete_permission(self, request, obj=None):
        # Nothing that took part in an event is deleted (the registrations keep it anyway: PROTECT).
        allowed = super().has_delete_permission(request, obj)
        if obj is None:
            return allowed
        if obj.registrations.exists():
            return False
        return allowed and (request.user.is_superuser or can_change_player(request.user, obj))

    def get_import_resource_classes(self, request):
        return [ScopedPlayerResource]  # exports keep PlayerResource (its form's field names)

    def has_import_permission(self, request) -> bool:
        return request.user.has_perm("tournaments.add_player") and request.user.has_perm("tournaments.change_player")

    def has_export_permission(self, request) -> bool:
        return request.user.has_perm("tournaments.view_player")


@admin.register(Venue)
class VenueAdmin(SuperuserWritesMixin, admin.ModelAdmin):
    """Venues and their organizers: managed by superusers (the league); an organizer sees only theirs."""

    list_display = ("name", "province")
    search_fields = ("name", "province")
    filter_horizontal = ("organizers",)

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        return qs if request.user.is_superuser else qs.filter(pk__in=venues_organized_by(request.user).values("pk"))


# --------------------------------------------------------------------------- event


class QuickPlayerForm(forms.ModelForm):
    """«Alta rápida»: a new player, registered in the event at once (in a
    Torneo Indoor with the Pack Indoor bought, R-000-52)."""

    pack_indoor = forms.BooleanField(label=gettext_lazy("Compró el Pack Indoor"), required=False)

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
                _("Ya existe el jugador %(name)s con ese número (%(number)s): inscríbalo con «Agregar otro/a "
                  "Inscripción».") % {"name": existing.display_name, "number": existing.player_number}
            )
        return number

    def validate_unique(self) -> None:
        pass  # clean_player_number says it in the organizer's words


EVENT_HELP = {
    "best_of": gettext_lazy(
        "Partidas por match. Se completa con el valor del juego elegido (Weed Monsters: al mejor de 3)."
    ),
    "round_minutes": gettext_lazy("Duración de cada ronda. Reglamento: 50 minutos, luego 3 turnos extra por jugador."),
    "planned_rounds": gettext_lazy(
        "Vacío: se calcula al emparejar la ronda 1 según los jugadores activos — log2(N) redondeado hacia arriba, "
        "nunca menos que el mínimo (8 jugadores: 3 rondas; 9 a 16: 4). Puede fijarlo a mano."
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
    """Event settings with Spanish help texts; the seed is drawn when left empty."""

    class Meta:
        model = Event
        fields = "__all__"
        help_texts = EVENT_HELP

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "format" in self.fields:
            self.fields["format"] = forms.ChoiceField(
                label=self.fields["format"].label, required=False, help_text=self.fields["format"].help_text,
                choices=[("", gettext_lazy("El del juego"))] + format_choices(),
            )
        if "seed" in self.fields:
            self.fields["seed"].required = False
        if "pod_points_mode" in self.fields:  # left out (a duel game's form): the model's default
            self.fields["pod_points_mode"].required = False

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
                "Escriba los puntos por puesto como {\"1\": 3, \"2\": 2, \"3\": 1}: puestos 1, 2, 3… seguidos, "
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


class RegistrationInline(admin.TabularInline):
    """The event's registrations: new rows are registered through :func:`services.registration_create`."""

    model = Registration
    form = RegistrationInlineForm
    formset = RegistrationInlineFormSet
    extra = 0
    fields = ("player", "fixed_table", "presence", "status_display", "row_actions")
    readonly_fields = ("presence", "status_display", "row_actions")
    autocomplete_fields = ("player",)
    verbose_name = gettext_lazy("inscripción")
    verbose_name_plural = gettext_lazy("inscripciones")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "player__home_venue", "event")

    def get_fields(self, request, obj=None):
        # Torneo Indoor: the Pack Indoor bought, required to take part (R-000-52); no column elsewhere.
        fields = super().get_fields(request, obj)
        if obj is not None and obj.kind == EventKind.INDOOR:
            return (*fields[:2], "pack_indoor", *fields[2:])
        return fields

    def get_formset(self, request, obj=None, **kwargs):
        self._can_change = obj is not None and self.has_change_permission(request, obj)
        formset = super().get_formset(request, obj, **kwargs)
        # A registration that took part is kept by services.registration_delete (dropped, with its
        # own message), so the admin's generic "protected objects" refusal does not apply here.
        formset.form = type(formset.form.__name__, (formset.form,), {"hand_clean_DELETE": lambda self: None})
        return formset

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and obj is not None and obj.state in ACCEPTING_ENTRIES

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (obj is None or obj.state != EventState.FINISHED)

    def has_delete_permission(self, request, obj=None):
        # A mistaken entry may be deleted before round 1; afterwards a player drops (never a delete).
        return super().has_delete_permission(request, obj) and obj is not None and not obj.rounds.exists()

    @admin.display(description=gettext_lazy("presente"))
    def presence(self, obj: Registration) -> str:
        if not obj.pk:
            return ""
        return _("Sí") if obj.checked_in else format_html('<span class="arena-warn">{}</span>', _("No"))

    @admin.display(description=gettext_lazy("estado"))
    def status_display(self, obj: Registration) -> str:
        if not obj.pk:
            return _("(se inscribe al guardar)")
        if obj.disqualified:
            text = _("Descalificado")
        elif obj.dropped:
            text = _("Abandonó tras la ronda %(n)d") % {"n": obj.dropped_after_round or 0}
        else:
            text = _("Activo")
        if obj.late_entry:
            text = _("%(status)s · inscripción tardía (desde la ronda %(n)d)") % {"status": text, "n": obj.joined_round}
        return text

    @admin.display(description=gettext_lazy("acciones"))
    def row_actions(self, obj: Registration) -> str:
        if not obj.pk or not getattr(self, "_can_change", False) or obj.event.state == EventState.FINISHED:
            return ""
        buttons = [
            ("ausente", _("Quitar presente"), "arena-quiet") if obj.checked_in
            else ("presente", _("Marcar presente"), "default")
        ]
        if not obj.dropped and not obj.disqualified:
            buttons.append(("abandono", _("Abandonar"), "arena-danger"))
        elif obj.dropped and not obj.disqualified and obj.event.state != EventState.TOP_CUT:
            buttons.append(("deshacer-abandono", _("Deshacer abandono"), ""))
        anchor = format_html('<span class="arena-anchor" id="registration-{}"></span>', obj.pk)
        return anchor + format_html_join(
            " ",
            '<button type="submit" class="button arena-small {}" form="arena-registration-actions" '
            'formaction="{}" name="registration" value="{}">{}</button>',
            (
                (css, reverse("admin:tournaments_event_registration_action", args=[obj.event_id, obj.pk, key]),
                 obj.pk, label)
                for key, label, css in buttons
            ),
        )


class EventDocumentInline(DocumentInline):
    """The PDF engineer's document inline; documents are requested by the services, not added here."""

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(VenueScopedAdmin):
    """The tournament day: settings, judges, registrations and the lifecycle buttons."""

    event_lookup = ""
    form = EventAdminForm
    change_form_template = "admin/tournaments/event/change_form.html"
    change_list_template = "admin/tournaments/event/change_list_exchange.html"  # «Publicar un evento desde un archivo»
    list_display = ("name", "date", "venue", "state", "players", "current_round")
    list_filter = (
        "state", "kind", ("venue", admin.RelatedOnlyFieldListFilter), ("game", admin.RelatedOnlyFieldListFilter),
    )
    list_select_related = ("venue",)
    search_fields = ("name", "venue__name")
    date_hierarchy = "date"
    filter_horizontal = ("judges",)
    inlines = [RegistrationInline, EventDocumentInline]
    save_on_top = False
    actions = ["decklists_publish_selected"]

    fieldsets_settings = (
        (None, {"fields": ("name", "game", "kind", "format", "venue", "date")}),
        (gettext_lazy("Jueces"), {"fields": ("head_judge", "judges")}),
        (
            gettext_lazy("Rondas suizas"),
            {
                "fields": (("best_of", "round_minutes"), "clock_starts_on_pairing", ("planned_rounds", "min_rounds"),
                           "bye_game_wins"),
                "description": gettext_lazy(
                    "Valores predeterminados del reglamento; cámbielos sólo si este evento lo pide."
                ),
            },
        ),
        (gettext_lazy("Reducido"), {"fields": ("cut_size", "third_place_match")}),
        (gettext_lazy("Autorreporte"), {"fields": ("self_reporting",)}),
        (
            gettext_lazy("Preinscripción"),
            {
                "fields": ("preregistration_open", "capacity", "preregistration_deadline"),
                "description": gettext_lazy(
                    "Los jugadores se preinscriben desde su teléfono; pasado el cupo quedan en lista de espera "
                    "por orden de llegada. El día del torneo se los marca presentes desde el panel del día."
                ),
            },
        ),
        (
            gettext_lazy("Listas de mazo"),
            {
                "fields": ("decklist_deadline",),
                "description": gettext_lazy(
                    "Los jugadores cargan y cambian su lista desde el sitio hasta este momento, y nunca después "
                    "de emparejar la ronda 1. Al finalizar el evento, «Publicar las listas del top» (en la lista "
                    "de eventos) las hace públicas."
                ),
            },
        ),
        (
            gettext_lazy("Mesas multijugador"),
            {
                "fields": ("pod_points_mode", "placement_points"),
                "description": gettext_lazy(
                    "Sólo para juegos de mesas de 2 a 6 jugadores (Planets War, La Copa del Mundo y el juego de "
                    "2 a 6). La tabla de puntos por puesto se usa sólo si la elige arriba."
                ),
            },
        ),
        (gettext_lazy("Sorteo"), {"fields": ("seed",), "classes": ("collapse",)}),
    )

    # ------------------------------------------------------------------ list and form

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("venue", "game")
            .annotate(player_count=Count("registrations", distinct=True), last_round=Max("rounds__number"))
        )

    @admin.display(description=gettext_lazy("jugadores"), ordering="player_count")
    def players(self, obj: Event) -> int:
        return obj.player_count

    @admin.display(description=gettext_lazy("ronda"), ordering="last_round")
    def current_round(self, obj: Event) -> str:
        return str(obj.last_round) if obj.last_round else "—"

    def get_fieldsets(self, request, obj=None):
        fieldsets = list(self.fieldsets_settings)
        if obj is not None:
            fieldsets.append((gettext_lazy("Estado y podio"), {"fields": ("state", "podium", "finished_at")}))
        return fieldsets

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        readonly = ["state", "podium", "finished_at"]
        if obj.state in (EventState.SWISS, EventState.TOP_CUT, EventState.FINISHED):
            readonly += ["game", "format", "best_of", "bye_game_wins", "seed"]
        if obj.state in (EventState.TOP_CUT, EventState.FINISHED):
            readonly += ["planned_rounds", "min_rounds", "cut_size", "third_place_match"]
        if obj.state == EventState.FINISHED:
            readonly += ["kind", "venue", "date", "round_minutes", "pod_points_mode", "placement_points"]
        return readonly

    @admin.action(description=gettext_lazy("Publicar las listas del top"))
    def decklists_publish_selected(self, request, queryset):
        """Publish the top decklists of each selected finished event (rules.services.decklists_publish)."""
        from rules.services import decklists_publish

        for event in queryset:
            if not self.has_change_permission(request, event):
                messages.error(request, _("«%(name)s»: sin permiso para cambiar este evento.") % {"name": event.name})
                continue
            try:
                published = decklists_publish(event=event, by=request.user)
            except ArenaError as exc:
                messages.error(request, f"«{event.name}»: {exc.message}")
            else:
                messages.success(request, _("«%(name)s»: se publicaron las listas de %(n)d jugadores del top.")
                                 % {"name": event.name, "n": len(published.decklists_published)})

    @admin.display(description=gettext_lazy("podio"))
    def podium(self, obj: Event) -> str:
        podium = (("1º", obj.podium_first), ("2º", obj.podium_second), ("3º", obj.podium_third))
        places = [(place, reg) for place, reg in podium if reg]
        if not places:
            return "—"
        return format_html_join(", ", "{} {}", ((p, reg.player.display_name) for p, reg in places))

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        game = Game.objects.filter(pk=initial.get("game")).first() if initial.get("game") else None
        game = game or Game.objects.filter(key="weed_monsters").first() or Game.objects.first()
        if game is not None:
            initial.setdefault("game", game.pk)
            initial.setdefault("best_of", game.default_best_of)
            initial.setdefault("round_minutes", game.default_round_minutes)
        initial.setdefault("seed", new_seed())
        initial.setdefault("date", timezone.localdate())
        venues = list(venues_organized_by(request.user)[:2])
        if len(venues) == 1:
            initial.setdefault("venue", venues[0].pk)
        return initial

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []  # registrations start once the event exists

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        widget = getattr(formfield, "widget", None)
        if db_field.name in ("game", "venue", "head_judge") and isinstance(widget, RelatedFieldWidgetWrapper):
            # Games, venues and users are not edited from the event page.
            widget.can_add_related = widget.can_change_related = False
            widget.can_delete_related = widget.can_view_related = False
        return formfield

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "venue" and not request.user.is_superuser:
            kwargs["queryset"] = venues_organized_by(request.user)
            kwargs["required"] = True
            kwargs["help_text"] = _("Una de las sedes que usted organiza.")
        if db_field.name == "head_judge":
            kwargs["queryset"] = get_user_model().objects.filter(is_active=True).order_by("username")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "judges":
            kwargs["queryset"] = get_user_model().objects.filter(is_active=True).order_by("username")
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def has_delete_permission(self, request, obj=None):
        # Organizers may delete an event only before round 1 (results feed the leagues).
        allowed = super().has_delete_permission(request, obj)
        if obj is None or request.user.is_superuser:
            return allowed
        return allowed and not obj.rounds.exists()

    def save_formset(self, request, form, formset, change):
        if formset.model is not Registration:
            return super().save_formset(request, form, formset, change)
        event = form.instance
        rows = formset.save(commit=False)
        for reg in formset.deleted_objects:
            # Nothing that took part is deleted: the service drops such a registration instead.
            removal = services.registration_delete(registration=reg, by=request.user)
            (messages.success if removal.deleted else messages.warning)(request, removal.message)
        for reg, changed in formset.changed_objects:
            if "fixed_table" in changed:  # an existing row's fields change through services (event log)
                self._fixed_table_set(request, reg, reg.fixed_table)
            if "pack_indoor" in changed:
                self._pack_indoor_set(request, reg, reg.pack_indoor)
        for reg in rows:
            if reg.pk is not None:
                continue  # existing rows change only through the row buttons (and the fixed table above)
            try:
                created = services.registration_create(event=event, player=reg.player, by=request.user,
                                                       pack_indoor=reg.pack_indoor)
            except ArenaError as exc:
                messages.error(request, exc.message)
            else:
                messages.success(request, _("%(player)s inscripto.") % {"player": reg.player})
                if reg.fixed_table:
                    self._fixed_table_set(request, created, reg.fixed_table)

    def _pack_indoor_set(self, request, reg: Registration, bought: bool) -> None:
        try:
            registration_pack_indoor_set(registration=reg.pk, bought=bought, by=request.user)
        except ArenaError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, (_("%(player)s: Pack Indoor comprado.") if bought else
                                       _("%(player)s: sin Pack Indoor (figura ausente)."))
                             % {"player": reg.player.display_name})

    def _fixed_table_set(self, request, reg: Registration, table: int | None) -> None:
        try:
            services.registration_fixed_table_set(registration=reg.pk, table=table, by=request.user)
        except ArenaError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("%(player)s: mesa fija %(table)s.")
                             % {"player": reg.player.display_name, "table": table or _("ninguna")})

    def response_add(self, request, obj, post_url_continue=None):
        if "_addanother" in request.POST or "_popup" in request.POST:
            return super().response_add(request, obj, post_url_continue)
        messages.success(
            request, _("Se creó el evento «%(name)s». Abra la inscripción cuando esté listo.") % {"name": obj.name}
        )
        return HttpResponseRedirect(event_url(obj))

    def response_change(self, request, obj):
        if "_addanother" in request.POST or "_popup" in request.POST or "_saveasnew" in request.POST:
            return super().response_change(request, obj)
        messages.success(request, _("Se guardaron los cambios de «%(name)s».") % {"name": obj.name})
        return HttpResponseRedirect(event_url(obj))

    # ------------------------------------------------------------------ pages

    def add_view(self, request, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        extra_context["game_defaults"] = {
            str(g.pk): {"best_of": g.default_best_of, "round_minutes": g.default_round_minutes}
            for g in Game.objects.all()
        }
        return super().add_view(request, form_url, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        event = self.get_object(request, unquote(object_id))
        if event is not None and self.has_view_permission(request, event):
            extra_context.update(self.day_context(request, event))
        return super().change_view(request, object_id, form_url, extra_context)

    def day_context(self, request, event: Event, *, next_url: str | None = None) -> dict:
        """Context of the day panel (shared with the round page)."""
        return {
            "day": day_status(event),
            "day_event": event,
            "can_run_day": self.has_change_permission(request, event),
            "day_next": next_url or request.get_full_path(),
            "quick_player_form": QuickPlayerForm(prefix="quick", initial={"home_venue": event.venue_id},
                                                user=request.user),
            "can_add_players": request.user.has_perm("tournaments.add_player"),
            # Pre-registration (issue #17): who asked for a place, confirmed then the waitlist in order.
            "prereg_q": request.GET.get("prereg_q", "").strip()[:80],
            "prereg_rows": prereg_selectors.day_list(event, request.GET.get("prereg_q", "").strip()[:80]),
            "prereg_any": event.preregistrations.exists(),
        }

    def get_urls(self):
        view = self.admin_site.admin_view
        custom = [
            path("<path:object_id>/dia/<slug:action>/", view(self.day_action_view),
                 name="tournaments_event_day_action"),
            path("<path:object_id>/inscripciones/<int:registration_id>/<slug:action>/",
                 view(self.registration_action_view), name="tournaments_event_registration_action"),
            path("<path:object_id>/alta-rapida/", view(self.quick_player_view), name="tournaments_event_quick_player"),
            path("<path:object_id>/posiciones.csv", view(self.standings_csv_view),
                 name="tournaments_event_standings_csv"),
            path("<path:object_id>/preinscripciones/<int:prereg_id>/presente/", view(self.prereg_check_in_view),
                 name="tournaments_event_prereg_check_in"),
            path("<path:object_id>/preinscripciones/codigo/", view(self.prereg_token_view),
                 name="tournaments_event_prereg_token"),
            path("publicar-archivo/", view(lambda request: admin_exchange.event_import_view(request, self.admin_site)),
                 name="tournaments_event_import_file"),
        ]
        return custom + super().get_urls()

    def _event_for_change(self, request, object_id) -> Event:
        event = self.scoped_object_or_404(request, object_id)
        if not self.has_change_permission(request, event):
            raise PermissionDenied
        return event

    def day_action_view(self, request, object_id, action):
        """Run one lifecycle button (POST): refuse a stale form, else call its service."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        event = self._event_for_change(request, object_id)
        spec = DAY_ACTIONS.get(action)
        if spec is None:
            raise Http404
        back = safe_next(request, event_url(event))
        status = day_status(event)
        if request.POST.get("token") != status.token:
            where = event.get_state_display()
            if status.last_round is not None:
                last = status.last_round
                where = f"{where}, {round_label(last, numbered=True)} ({last.get_state_display().lower()})"
            messages.error(
                request,
                _("«%(action)s» no se hizo: la página estaba desactualizada (¿un doble clic, u otra persona "
                  "actuó antes?). Ahora el evento está en: %(where)s. Revise y vuelva a intentar si todavía "
                  "corresponde.") % {"action": spec.label, "where": where},
            )
            return HttpResponseRedirect(back)
        if spec.confirm is not None and request.POST.get("confirmado") != "1":
            return TemplateResponse(request, "admin/tournaments/event/day_confirm.html", {
                **self.admin_site.each_context(request), "opts": self.model._meta, "original": event,
                "title": _("¿%(action)s?") % {"action": spec.label}, "action": spec,
                "what": spec.confirm(status), "token": status.token, "next": back,
                "event_url": event_url(event),
            })
        try:
            result = spec.run(event, request.user)
        except ArenaError as exc:
            messages.error(request, exc.message)
            return HttpResponseRedirect(back)
        messages.success(request, spec.done(result))
        if isinstance(result, Round) and action != "cerrar-ronda":
            return HttpResponseRedirect(round_url(result))
        if action == "finalizar":
            return HttpResponseRedirect(event_url(event))
        return HttpResponseRedirect(back)

    def registration_action_view(self, request, object_id, registration_id, action):
        """Check-in, drop and undo drop of one registration (POST), through the services."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        event = self._event_for_change(request, object_id)
        registration = get_object_or_404(event.registrations.select_related("player"), pk=registration_id)
        name = registration.player.display_name
        runs = {
            "presente": (lambda r: services.registration_check_in(registration=r, present=True, by=request.user),
                         _("%(player)s está presente.")),
            "ausente": (lambda r: services.registration_check_in(registration=r, present=False, by=request.user),
                        _("%(player)s figura ausente.")),
            "abandono": (lambda r: services.registration_drop(registration=r, by=request.user),
                         _("%(player)s abandonó el evento; no se lo empareja más (sus resultados cuentan).")),
            "deshacer-abandono": (lambda r: services.registration_drop_undo(registration=r, by=request.user),
                                  _("%(player)s vuelve al evento desde la próxima ronda.")),
        }
        if action not in runs:
            raise Http404
        run, done = runs[action]
        back = safe_next(request, event_url(event)).split("#")[0]
        try:
            run(registration)
        except ArenaError as exc:
            messages.error(request, exc.message)
            return HttpResponseRedirect(back)  # the top of the page, where the refusal is shown
        messages.success(request, done % {"player": name})
        # Back to the list the organizer is working on; the row itself shows the change.
        return HttpResponseRedirect(f"{back}#registration-{registration.pk}")

    def _prereg_done(self, request, event: Event, run) -> HttpResponseRedirect:
        back = safe_next(request, event_url(event)).split("#")[0]
        try:
            prereg = run(request.POST.get("pack_indoor") == "1")
        except ArenaError as exc:
            messages.error(request, exc.message)
            return HttpResponseRedirect(f"{back}#arena-prereg")
        reg = prereg.registration
        late = _(" (inscripción tardía: juega desde la ronda %(n)d)") % {"n": reg.joined_round} \
            if reg.late_entry else ""
        messages.success(request, _("%(player)s está presente%(late)s.") % {"player": prereg.player.display_name,
                                                                           "late": late})
        return HttpResponseRedirect(f"{back}#arena-prereg")

    def prereg_check_in_view(self, request, object_id, prereg_id):
        """«Presente» on a pre-registered player (POST): registers them checked in (issue #17)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        event = self._event_for_change(request, object_id)
        prereg = get_object_or_404(event.preregistrations, pk=prereg_id)
        return self._prereg_done(request, event, lambda pack: services.preregistration_check_in(
            preregistration=prereg, pack_indoor=pack, by=request.user))

    def prereg_token_view(self, request, object_id):
        """The code read from the player's QR (a scanner types it, POST): checks that player in."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        event = self._event_for_change(request, object_id)
        token = request.POST.get("token", "")[:200]
        return self._prereg_done(request, event, lambda pack: services.preregistration_check_in_token(
            event=event, token=token, pack_indoor=pack, by=request.user))

    def quick_player_view(self, request, object_id):
        """«Alta rápida» (POST): create a player and register them, both or neither."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        event = self._event_for_change(request, object_id)
        if not request.user.has_perm("tournaments.add_player"):
            raise PermissionDenied
        back = event_url(event)
        form = QuickPlayerForm(request.POST, prefix="quick", user=request.user)
        if not form.is_valid():
            for field_name, errors in form.errors.items():
                label = form.fields[field_name].label if field_name in form.fields else ""
                for error in errors:
                    messages.error(request, f"{label}: {error}" if label else error)
            return HttpResponseRedirect(back)
        try:
            with transaction.atomic():
                player = form.save()
                registration = services.registration_create(
                    event=event, player=player, by=request.user, pack_indoor=form.cleaned_data["pack_indoor"])
        except ArenaError as exc:
            messages.error(request, exc.message)
            return HttpResponseRedirect(back)
        except IntegrityError:  # the same number saved by someone else a moment ago
            messages.error(request, _("Ya existe un jugador con el número %(number)s.")
                           % {"number": form.cleaned_data["player_number"]})
            return HttpResponseRedirect(back)
        late = _(" (inscripción tardía: juega desde la ronda %(n)d)") % {"n": registration.joined_round} \
            if registration.late_entry else ""
        messages.success(request, _("%(player)s creado e inscripto%(late)s.") % {"player": player, "late": late})
        return HttpResponseRedirect(back)

    def standings_csv_view(self, request, object_id):
        """The event's standings as CSV (UTF-8 with BOM for spreadsheets), every tiebreaker.

        Duels: the Swiss standings. Pods: placement points, opponents'
        points, the game's secondary score and the places of each round.
        """
        event = self.scoped_object_or_404(request, object_id)
        if not self.has_view_permission(request, event):
            raise PermissionDenied
        podium = {
            reg_id: place
            for place, reg_id in enumerate((event.podium_first_id, event.podium_second_id, event.podium_third_id), 1)
            if reg_id
        }
        fmt = format_for(event)
        if fmt is PODS:
            resource = PodStandingsResource(podium=podium, score_label=pods_selectors.secondary_score_label(event))
        else:
            resource = StandingsResource(podium=podium)
        dataset = resource.export(fmt.final_rows(event))  # a finished event in final order (DESIGN 20)
        response = HttpResponse("\ufeff" + dataset.csv, content_type="text/csv; charset=utf-8")
        filename = f"posiciones-{slugify(event.name) or event.pk}-{event.date:%Y-%m-%d}.csv"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


# --------------------------------------------------------------------------- registrations


@admin.register(Registration)
class RegistrationAdmin(VenueScopedAdmin):
    """Registrations across the user's events; registering happens on the event page."""

    list_display = ("player", "event", "checked_in", "late_entry", "dropped", "disqualified", "fixed_table",
                    "pack_indoor")
    list_filter = (("event", admin.RelatedOnlyFieldListFilter), "checked_in", "dropped", "late_entry", "pack_indoor")
    list_select_related = ("player", "event")
    search_fields = ("player__display_name", "player__player_number", "event__name")
    fields = ("event", "player", "checked_in", "late_entry", "joined_round", "dropped", "dropped_after_round",
              "disqualified", "draw_order", "fixed_table", "pack_indoor", "created_at")
    # The fixed table and the Pack Indoor are set on the event page (their services log them).
    readonly_fields = fields
    actions = ["drop_selected", "undo_drop_selected", "check_in_selected"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def _run_each(self, request, queryset, run, done: str) -> None:
        ok = 0
        for registration in queryset.select_related("player"):
            try:
                run(registration)
            except ArenaError as exc:
                messages.error(request, exc.message)
            else:
                ok += 1
        if ok:
            messages.success(request, done % {"n": ok})

    @admin.action(description=gettext_lazy("Abandonar el evento (los seleccionados)"), permissions=["change"])
    def drop_selected(self, request, queryset):
        self._run_each(request, queryset, lambda r: services.registration_drop(registration=r, by=request.user),
                       _("%(n)d jugadores abandonaron."))

    @admin.action(description=gettext_lazy("Deshacer abandono (los seleccionados)"), permissions=["change"])
    def undo_drop_selected(self, request, queryset):
        self._run_each(request, queryset, lambda r: services.registration_drop_undo(registration=r, by=request.user),
                       _("%(n)d jugadores vuelven al evento."))

    @admin.action(description=gettext_lazy("Marcar presentes (los seleccionados)"), permissions=["change"])
    def check_in_selected(self, request, queryset):
        self._run_each(request, queryset,
                       lambda r: services.registration_check_in(registration=r, present=True, by=request.user),
                       _("%(n)d jugadores marcados presentes."))


# --------------------------------------------------------------------------- rounds, matches, results


class RoundDocumentInline(DocumentInline):
    """The round's printed documents (rendering state and files)."""

    def has_add_permission(self, request, obj=None):
        return False


def quick_scores(event: Event) -> list[tuple[str, str]]:
    """One-click results for the event's format: (value ``a-b-drawn``, label)."""
    if event.best_of == 1:
        scores = [(1, 0), (0, 1)]
    else:
        needed = event.best_of // 2 + 1
        scores = [(needed, 0), (needed, needed - 1), (needed - 1, needed), (0, needed)]
    return [(f"{a}-{b}-0", f"{a}-{b}") for a, b in scores]


@admin.register(Round)
class RoundAdmin(VenueScopedAdmin):
    """The round page: tables, results, who entered them, corrections and documents."""

    list_display = ("__str__", "phase", "stage_display", "state", "results_progress", "paired_at")
    list_filter = ("phase", "state", ("event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("event",)
    fields = ("event", "number", "phase", "stage", "state", "seed", "paired_at", "closed_at")
    readonly_fields = fields
    inlines = [RoundDocumentInline]
    change_form_template = "admin/tournaments/round/change_form.html"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(  # duels' matches and pods' tables alike
                tables=Count("matches", filter=Q(matches__is_bye=False), distinct=True) + Count("pods", distinct=True),
                pending=Count("matches", filter=Q(matches__is_bye=False, matches__status=MatchStatus.PENDING),
                              distinct=True)
                + Count("pods", filter=Q(pods__status=MatchStatus.PENDING), distinct=True),
            )
        )

    @admin.display(description=gettext_lazy("etapa"))
    def stage_display(self, obj: Round) -> str:
        return stage_name(obj.stage) if obj.phase == RoundPhase.TOP_CUT else "—"

    @admin.display(description=gettext_lazy("resultados"))
    def results_progress(self, obj: Round) -> str:
        done = obj.tables - obj.pending
        text = _("%(done)d de %(total)d") % {"done": done, "total": obj.tables}
        return format_html('<span class="arena-warn">{}</span>', text) if obj.pending else text

    def has_add_permission(self, request):
        return False  # rounds are paired from the event page

    def has_change_permission(self, request, obj=None):
        return False  # nothing of a round is edited in a form; results go through match_result_record

    def has_delete_permission(self, request, obj=None):
        return False  # «Rehacer ronda actual» replaces a round

    def can_enter_results(self, request, rnd: Round) -> bool:
        return request.user.has_perm("tournaments.change_match") and is_organizer(request.user, rnd.event)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        rnd = self.get_object(request, unquote(object_id))
        if rnd is not None and self.has_view_permission(request, rnd):
            event = rnd.event
            latest = selectors.current_round(event)
            is_current = latest is not None and latest.pk == rnd.pk
            editable = is_current and rnd.state == RoundState.PAIRED and event.state != EventState.FINISHED
            if format_for(event) is PODS:
                extra_context.update(admin_pods.round_context(rnd))
            else:
                labels = dict(MatchStatus.choices)
                rows = [
                    {
                        "pairing": t.pairing,
                        "entered_by": t.entered_by,
                        "entered_at": t.entered_at,
                        "status_label": labels.get(t.pairing.status, t.pairing.status),
                        "missing": not t.pairing.is_bye and t.pairing.status == MatchStatus.PENDING,
                        "third_place": rnd.phase == RoundPhase.TOP_CUT and t.pairing.bracket_slot == 0,
                    }
                    for t in selectors.judge_tables(rnd)
                ]
                extra_context.update(admin_pairing.round_context(
                    rnd, can_edit=editable and self.can_enter_results(request, rnd)))
                extra_context.update({
                    "rows": rows,
                    "missing": sum(1 for row in rows if row["missing"]),
                    "quick_scores": quick_scores(event),
                    "allow_draw": rnd.phase == RoundPhase.SWISS,
                })
            extra_context.update(
                {
                    "round": rnd,
                    "round_title": round_label(rnd, numbered=True),
                    "event": event,
                    "can_enter": editable and self.can_enter_results(request, rnd),
                    "can_correct": not editable and admin_corrections.can_correct(request, rnd),
                    "is_current": is_current,
                    "event_rounds": list(event.rounds.order_by("number")),
                    "title": f"{event.name} — {round_label(rnd, numbered=True)}",
                    "subtitle": None,
                }
            )
            if is_current:
                event_admin = self.admin_site._registry[Event]
                extra_context.update(event_admin.day_context(request, event))
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        custom = [
            path("<path:object_id>/resultado/<int:match_id>/", self.admin_site.admin_view(self.result_view),
                 name="tournaments_round_result"),
            path("<path:object_id>/corregir/<int:match_id>/", self.admin_site.admin_view(self.correction_view),
                 name="tournaments_round_correct"),
            path("<path:object_id>/emparejamiento/", self.admin_site.admin_view(self.pairing_edit_view),
                 name="tournaments_round_pairing_edit"),
            path("<path:object_id>/mesa/<int:pod_id>/puestos/", self.admin_site.admin_view(self.pod_result_view),
                 name="tournaments_round_pod_result"),
            path("<path:object_id>/mesa/<int:pod_id>/historial/", self.admin_site.admin_view(self.pod_history_view),
                 name="tournaments_round_pod_history"),
            path("<path:object_id>/mesa/<int:pod_id>/corregir/", self.admin_site.admin_view(self.pod_correction_view),
                 name="tournaments_round_pod_correct"),
        ]
        return custom + super().get_urls()

    def pairing_edit_view(self, request, object_id):
        """Swap, move, give or take the bye in the current round: confirm, then apply (issue #13)."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        return admin_pairing.pairing_edit_view(self, request, rnd)

    def correction_view(self, request, object_id, match_id):
        """Correct a finished result of an earlier round: impact preview, then confirmation."""
        return admin_corrections.correction_view(self, request, object_id, match_id)

    def pod_correction_view(self, request, object_id, pod_id):
        """Correct a pod's finished places: impact preview, then confirmation."""
        return admin_corrections.pod_correction_view(self, request, object_id, pod_id)

    def pod_result_view(self, request, object_id, pod_id):
        """Enter or correct one pod's placements (POST) through :func:`services.pod_result_record`."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        pod = get_object_or_404(PodTable, round=rnd, pk=pod_id)
        return admin_pods.save_pod_result(request, rnd, pod)

    def pod_history_view(self, request, object_id, pod_id):
        """Every accepted entry of one pod: who, when, the placements and the ones they replaced."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd):
            raise PermissionDenied
        pod = get_object_or_404(PodTable, round=rnd, pk=pod_id)
        context = {
            **self.admin_site.each_context(request),
            **admin_pods.history_context(rnd, pod),
            "title": _("Historial de la mesa %(t)d — %(round)s") % {"t": pod.table_number,
                                                                   "round": round_label(rnd, numbered=True)},
            "round": rnd,
            "event": rnd.event,
            "opts": self.opts,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/tournaments/round/pod_history.html", context)

    def result_view(self, request, object_id, match_id):
        """Enter or correct one table's result (POST) through :func:`services.match_result_record`."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        match = get_object_or_404(rnd.matches.select_related("player_a__player", "player_b__player"), pk=match_id)
        back = round_url(rnd) + (f"#mesa-{match.table_number}" if match.table_number else "")
        try:
            values = _parse_result(request.POST)
        except ValueError:
            messages.error(request, _("Mesa %(t)s: ingrese cantidades de partidas válidas (números enteros, 0 o más).")
                           % {"t": match.table_number})
            return HttpResponseRedirect(back)
        expected = values.pop("expected_version")
        # The service answers a retry of the request that saved this version with the saved match.
        replay = expected is not None and match.version != expected
        try:
            saved = services.match_result_record(match=match, expected_version=expected, entered_by=request.user,
                                                 **values)
        except StaleEdit as exc:
            match.refresh_from_db()
            same = match.status != MatchStatus.PENDING and not values["double_loss"] and (
                match.games_a, match.games_b, match.games_drawn) == (values["games_a"], values["games_b"],
                                                                     values["games_drawn"])
            if same:
                messages.info(request, _("Mesa %(t)s: ese resultado ya estaba cargado; no se cambió nada.")
                              % {"t": match.table_number})
            else:
                messages.error(request, exc.message)
            return HttpResponseRedirect(back)
        except ArenaError as exc:
            messages.error(request, _("Mesa %(t)s: %(why)s") % {"t": match.table_number, "why": exc.message})
            return HttpResponseRedirect(back)
        if replay:
            messages.info(request, _("Mesa %(t)s: ese resultado ya estaba cargado; no se cambió nada.")
                          % {"t": match.table_number})
        elif expected is not None and saved.version == expected:
            messages.info(request, _("Mesa %(t)s: el resultado no cambió.") % {"t": match.table_number})
        else:
            messages.success(
                request,
                _("Mesa %(t)s: %(a)s %(ga)d-%(gb)d %(b)s — %(what)s (versión %(v)d).")
                % {
                    "t": match.table_number, "a": match.player_a.player.display_name,
                    "b": match.player_b.player.display_name if match.player_b else "—",
                    "ga": saved.games_a, "gb": saved.games_b, "v": saved.version,
                    "what": _("corregido") if saved.version > 1 else _("cargado"),
                },
            )
        return HttpResponseRedirect(back)


def _parse_result(post) -> dict:
    """The result fields of a round-page form; a quick button sends ``score=a-b-drawn``."""
    if post.get("score"):
        games_a, games_b, games_drawn = (int(x) for x in post["score"].split("-"))
    else:
        games_a, games_b, games_drawn = (int(post.get(k) or 0) for k in ("games_a", "games_b", "games_drawn"))
    if min(games_a, games_b, games_drawn) < 0:
        raise ValueError("negative")
    version = post.get("expected_version")
    return {
        "games_a": games_a,
        "games_b": games_b,
        "games_drawn": games_drawn,
        "double_loss": post.get("double_loss") == "on",
        "went_to_time": post.get("went_to_time") == "on",
        "note": (post.get("note") or "")[:240],
        "expected_version": int(version) if version not in (None, "") else None,
    }


@admin.register(Match)
class MatchAdmin(VenueScopedAdmin):
    """Matches: listed for search; entered on the round page; history from the result entries."""

    event_lookup = "round__event"
    list_display = ("__str__", "round", "result_display", "status", "version")
    list_filter = ("status", ("round__event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("round", "round__event", "player_a__player", "player_b__player")
    search_fields = ("player_a__player__display_name", "player_b__player__display_name",
                     "player_a__player__player_number", "player_b__player__player_number")

    @admin.display(description=gettext_lazy("resultado"))
    def result_display(self, obj: Match) -> str:
        if obj.is_bye:
            return _("Bye")
        if obj.status == MatchStatus.PENDING:
            return "—"
        return f"{obj.games_a}-{obj.games_b}-{obj.games_drawn}"

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        match = self.get_object(request, unquote(object_id))
        if match is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        anchor = f"#mesa-{match.table_number}" if match.table_number else ""
        return HttpResponseRedirect(round_url(match.round_id) + anchor)

    def history_view(self, request, object_id, extra_context=None):
        """Who entered each result and when, with the value it replaced (before → after)."""
        match = self.get_object(request, unquote(object_id))
        if match is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        rnd = match.round
        context = {
            **self.admin_site.each_context(request),
            "title": _("Historial de la mesa %(t)s — %(round)s") % {"t": match.table_number or "—",
                                                                   "round": round_label(rnd, numbered=True)},
            "match": match,
            "round": rnd,
            "event": rnd.event,
            "lines": selectors.result_history(match),
            "opts": self.opts,
            "round_url": round_url(rnd),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/tournaments/match/result_history.html", context)


@admin.register(ResultEntry)
class ResultEntryAdmin(VenueScopedAdmin):
    """Every accepted result entry (read-only audit trail)."""

    event_lookup = "match__round__event"
    list_display = ("match", "version", "games_a", "games_b", "games_drawn", "outcome", "entered_by", "entered_at")
    list_filter = (("match__round__event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("match__player_a__player", "match__player_b__player", "entered_by")
    readonly_fields = [f.name for f in ResultEntry._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

from . import admin_eventlog, admin_penalties  # noqa: E402,F401  (the event log and the penalty log)
