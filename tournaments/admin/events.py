"""The event page, the tournament day's console: settings, judges, registrations, lifecycle buttons,
pre-registration check-in, «Alta rápida» and the standings and registrations downloads (issue #4, #28)."""
from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.widgets import RelatedFieldWidgetWrapper
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.models import Decklist, Game

from .. import prereg_selectors, selectors, services
from ..adapters import secondary_score_label
from ..enums import EventKind
from ..errors import ArenaError
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..models import Event, Registration, Round
from ..permissions import venues_organized_by
from ..resources import PodStandingsResource, RegistrationResource, StandingsResource, export_stem
from ..services.events import event_settings_update, settings_locked
from ..services.registration import registration_pack_indoor_set
from ..spreadsheets import kind_of, spreadsheet_response
from ..text import round_label
from . import exchange as admin_exchange
from .day_panel import DAY_ACTIONS, day_status
from .documents import DocumentInline
from .forms import EventAdminForm, QuickPlayerForm, new_seed
from .links import event_url, round_url, safe_next
from .registrations import RegistrationInline
from .scoping import VenueScopedAdmin

#: The groups whose users may judge an event (tournaments/migrations/0003_groups.py).
JUDGE_GROUPS = ("Juez", "Juez principal")


def judge_candidates():
    """Who the «Juez principal» and «Jueces» pickers offer: active users of the judge groups or the
    staff, never players' own accounts (issue #28 point 6); sorted by user name."""
    return (get_user_model().objects.filter(is_active=True)
            .filter(Q(groups__name__in=JUDGE_GROUPS) | Q(is_staff=True)).distinct().order_by("username"))


#: Session key: what «Alta rápida» had typed when the form was refused.
_QUICK_TYPED = "arena_quick_player_typed"


class EventDocumentInline(DocumentInline):
    """The event's printed documents (state and files); the services request them, nothing is added here."""

    def has_add_permission(self, request, obj=None):
        return False


def decklists_published_message(event: Event) -> str:
    """What publishing the top decklists did, counted from the lists the top players really loaded."""
    top = [row["registration"] for row in event.decklists_published]
    lists = Decklist.objects.filter(registration_id__in=top).count()
    values = {"name": event.name, "lists": lists, "top": len(top)}
    if not top:
        return _("«%(name)s»: el evento no tiene jugadores en el top; no hay listas para publicar.") % values
    if lists == 0:
        return ngettext(
            "«%(name)s»: el jugador del top no cargó su lista; no se publicó ninguna.",
            "«%(name)s»: ninguno de los %(top)d jugadores del top cargó su lista; no se publicó ninguna.",
            len(top)) % values
    if lists == len(top):
        return ngettext("«%(name)s»: se publicó la lista del jugador del top.",
                        "«%(name)s»: se publicaron las listas de los %(top)d jugadores del top.", lists) % values
    return ngettext(
        "«%(name)s»: se publicó %(lists)d lista de los %(top)d jugadores del top; los demás no cargaron la suya.",
        "«%(name)s»: se publicaron %(lists)d listas de los %(top)d jugadores del top; los demás no cargaron la suya.",
        lists) % values


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
    actions = ["decklists_publish_selected", "events_void_selected"]

    fieldsets_settings = (
        (None, {"fields": ("name", "game", "kind", "format", "venue", "date", "loaded")}),
        (gettext_lazy("Jueces"), {"fields": ("head_judge", "judges")}),
        (
            gettext_lazy("Rondas"),  # every format's: a round robin or a single elimination has no Swiss rounds
            {
                "fields": (("best_of", "round_minutes"), "clock_starts_on_pairing", ("planned_rounds", "min_rounds"),
                           "bye_game_wins"),
                "description": gettext_lazy(
                    "Valores predeterminados del reglamento; cambialos sólo si este evento lo pide."
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
        locked = settings_locked(obj.state)
        shown = [name for _title, options in self.get_fieldsets(request, obj) for row in options["fields"]
                 for name in (row if isinstance(row, tuple) else (row,))]
        return ["state", "podium", "finished_at"] + [name for name in shown if name in locked
                                                     and name not in ("state", "podium", "finished_at")]

    def save_model(self, request, obj, form, change):
        """A new event is created as given; an existing one changes only through
        :func:`~tournaments.services.events.event_settings_update` (locked, only what changed)."""
        if not change:
            return super().save_model(request, obj, form, change)
        try:
            changes = {**form.posted_locked_settings(), **form.settings_changed(obj)}
            event_settings_update(event=obj.pk, changes=changes, loaded=form.loaded_values() or {}, by=request.user)
        except ArenaError as exc:
            request._arena_settings_refused = exc
            messages.error(request, exc.message)

    def construct_change_message(self, request, form, formsets, add=False):
        if getattr(request, "_arena_settings_refused", None) is not None:
            return []  # nothing was saved: the refusal is the page's message
        return super().construct_change_message(request, form, formsets, add)

    def save_related(self, request, form, formsets, change):
        if getattr(request, "_arena_settings_refused", None) is not None:
            return
        if not change:
            return super().save_related(request, form, formsets, change)
        for formset in formsets:  # the judges went through the settings service
            self.save_formset(request, form, formset, change=change)

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
                messages.success(request, decklists_published_message(published))

    def get_actions(self, request):
        """Voiding is the superuser's (:func:`tournaments.services.event_void`); organizers do not see it."""
        actions = super().get_actions(request)
        if not request.user.is_superuser:
            actions.pop("events_void_selected", None)
        return actions

    @admin.action(description=gettext_lazy("Anular los eventos elegidos (se conservan, se ocultan y se revierten "
                                           "sus puntos de liga)"))
    def events_void_selected(self, request, queryset):
        """Void each selected event through :func:`tournaments.services.event_void` (superusers only)."""
        if not request.user.is_superuser:
            raise PermissionDenied
        reason = _("Anulado desde la administración por %(user)s.") % {"user": request.user.get_username()}
        for event in queryset:
            try:
                services.event_void(event=event, reason=reason, by=request.user)
            except ArenaError as exc:
                messages.error(request, f"«{event.name}»: {exc.message}")
            else:
                messages.success(request, _("«%(name)s»: anulado; sus puntos de liga se revirtieron.")
                                 % {"name": event.name})

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
            kwargs["help_text"] = _("Una de las sedes que organizás.")
        if db_field.name == "head_judge":
            kwargs["queryset"] = judge_candidates()
            kwargs["help_text"] = _("Un usuario de los grupos «Juez» o «Juez principal», o del equipo (staff).")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "judges":
            kwargs["queryset"] = judge_candidates()
            kwargs["help_text"] = _("Usuarios de los grupos «Juez» o «Juez principal», o del equipo (staff); "
                                    "nunca las cuentas de los jugadores.")
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
                messages.success(request, _("%(player)s: inscripción hecha.") % {"player": reg.player})
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
            request, _("Se creó el evento «%(name)s». Abrí la inscripción cuando quieras.") % {"name": obj.name}
        )
        return HttpResponseRedirect(event_url(obj))

    def response_change(self, request, obj):
        if getattr(request, "_arena_settings_refused", None) is not None:
            return HttpResponseRedirect(request.path)
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
            "quick_player_form": QuickPlayerForm(
                prefix="quick", user=request.user,
                initial={"home_venue": event.venue_id, **request.session.pop(_QUICK_TYPED, {})}),
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
            path("<path:object_id>/inscripciones.csv", view(self.registrations_export_view),
                 name="tournaments_event_registrations_export"),
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
                  "actuó antes?). Ahora el evento está en: %(where)s. Revisá y volvé a intentar si todavía "
                  "corresponde.") % {"action": spec.label, "where": where},
            )
            return HttpResponseRedirect(back)
        if action == "cerrar-ronda" and status.close_blocked:  # said on the page already; no confirmation to ask
            messages.error(request, status.close_blocked)
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
                         _("%(player)s abandonó el evento: no se empareja más (sus resultados cuentan).")),
            "abandono-sin-jugar": (
                lambda r: services.registration_drop(registration=r, by=request.user, before_table=True),
                _("%(player)s abandonó sin jugar su mesa: la pierde por ausencia y no se empareja más.")),
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
            # What was typed comes back in the form (the «¿ya existe?» check asks to tick a box and resend).
            request.session[_QUICK_TYPED] = {name: request.POST.get(f"quick-{name}", "")
                                             for name in ("display_name", "player_number", "home_venue")}
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
        messages.success(request, _("%(player)s: alta e inscripción hechas%(late)s.")
                         % {"player": player, "late": late})
        return HttpResponseRedirect(back)

    def standings_csv_view(self, request, object_id):
        """The event's standings as CSV in the reader's convention (``;`` and decimal comma in Spanish)
        or, with ``?formato=xlsx``, as XLSX with numbers as numbers (:mod:`tournaments.spreadsheets`),
        every tiebreaker.

        Two-player tables: the Swiss standings. Tables ranked by places
        (``EventFormat.table_results``): placement points, opponents' points,
        the game's secondary score and the places of each round.
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
        if fmt.table_results == PLACE_RESULTS:
            resource = PodStandingsResource(podium=podium, score_label=secondary_score_label(event))
        else:
            resource = StandingsResource(podium=podium)
        dataset = resource.export(selectors.final_rows(event))  # a finished event in final order (DESIGN 20)
        return spreadsheet_response(export_stem("posiciones", event), dataset.headers, dataset,
                                    kind=kind_of(request), sheet=_("Posiciones"))

    def registrations_export_view(self, request, object_id):
        """The event's registrations as CSV in the reader's convention or, with ``?formato=xlsx``, as XLSX
        (:class:`~tournaments.resources.RegistrationResource`: name, number, venue, presence, status)."""
        event = self.scoped_object_or_404(request, object_id)
        if not self.has_view_permission(request, event):
            raise PermissionDenied
        registrations = event.registrations.select_related("player", "player__home_venue")
        dataset = RegistrationResource(indoor=event.kind == EventKind.INDOOR).export(registrations)
        return spreadsheet_response(export_stem("inscripciones", event), dataset.headers, dataset,
                                    kind=kind_of(request), sheet=_("Inscripciones"))
