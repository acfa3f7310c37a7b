"""Rules data in the admin: games, the card catalog, ban list, decklists.

Organizers edit cards, sets, printings, bans and reprint rules here and
import them from CSV (django-import-export: the preview lists every bad row
with its column, and nothing is imported until every row is valid). Ban
entries keep their history. Decklists and deck checks are read-only here:
they change through :mod:`rules.services` (the event's decklist page), so
validation and the lock rule always apply.

Scope (:mod:`tournaments.admin.scoping`): games are changed by superusers
only; the catalog by whoever holds its model permissions (the
``Organizador`` group); decklists, deck checks and sealed pools only within
the user's events — decklists and deck checks also for the event's judges,
read-only; a decklist is never reverted from its history (it changes
through :mod:`rules.services`) and re-validated only by an organizer of its
event; a sealed pool's registration is one of the user's events.
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Count
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from import_export.admin import ImportExportModelAdmin
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin.scoping import ScopedChoicesMixin, ScopedHistoryMixin, SuperuserWritesMixin
from tournaments.permissions import events_judged_by, events_organized_by, is_organizer, venues_organized_by
from tournaments.resources import SafeImportAdminMixin

from . import services
from .errors import ArenaError
from .models import BanEntry, Card, CardSet, DeckCheck, Decklist, Game, Printing, ReprintRule, SealedPool
from .resources import BanEntryResource, CardResource, CardSetResource, PrintingResource, ReprintRuleResource


@admin.register(Game)
class GameAdmin(SuperuserWritesMixin, admin.ModelAdmin):
    """Game profiles (their rules live in code): changed by superusers only."""

    list_display = ("name", "key", "players_per_match", "default_best_of", "default_round_minutes")


# --------------------------------------------------------------------------- catalog


class CatalogAdmin(SafeImportAdminMixin, ImportExportModelAdmin):
    """A shared catalog table: importing needs its add and change permissions, exporting its view permission.

    (django-import-export lets every staff user import unless told otherwise.)
    """

    def has_import_permission(self, request) -> bool:
        label = f"{self.opts.app_label}.{{}}_{self.opts.model_name}"
        return request.user.has_perm(label.format("add")) and request.user.has_perm(label.format("change"))

    def has_export_permission(self, request) -> bool:
        return self.has_view_permission(request)


def _vocabulary_choices(attribute: str) -> list:
    """Choices grouped by game: ``[("", "—"), ("Weed Monsters TCG", [(key, label)…])…]``."""
    from rules.games import REGISTRY

    groups: list = [("", "—")]
    for profile in REGISTRY.values():
        items = getattr(profile.vocabulary, attribute)
        if items:
            groups.append((profile.name_es, list(items.items())))
    return groups


class CardForm(forms.ModelForm):
    """Types, subtypes and species from the games' vocabularies; the model's
    ``clean`` checks they belong to the card's game."""

    class Meta:
        model = Card
        fields = "__all__"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, attribute in (("card_type", "card_types"), ("subtype", "subtypes"), ("species", "species")):
            if name not in self.fields:
                continue  # read-only for a user who may only view the catalog
            self.fields[name] = forms.ChoiceField(
                label=self.fields[name].label, choices=_vocabulary_choices(attribute), required=False
            )


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ("card_set", "variant", "is_promo", "functionally_identical", "source")
    autocomplete_fields = ("card_set",)


@admin.register(CardSet)
class CardSetAdmin(CatalogAdmin):
    resource_classes = [CardSetResource]
    list_display = ("name", "code", "game", "release_order", "is_promo", "year")
    list_filter = ("game", "is_promo")
    search_fields = ("name", "code", "aliases")
    ordering = ("game", "release_order")


@admin.register(Card)
class CardAdmin(CatalogAdmin):
    resource_classes = [CardResource]
    form = CardForm
    list_display = ("name", "game", "type_label", "subtype_label", "species_label", "printing_count")
    list_filter = ("game", "card_type", "subtype")
    search_fields = ("name", "name_key", "aliases")
    inlines = [PrintingInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game").annotate(_printings=Count("printings"))

    @admin.display(description=_("tipo"), ordering="card_type")
    def type_label(self, card: Card) -> str:
        return card.label("card_type")

    @admin.display(description=_("subtipo"), ordering="subtype")
    def subtype_label(self, card: Card) -> str:
        return card.label("subtype")

    @admin.display(description=_("especie"), ordering="species")
    def species_label(self, card: Card) -> str:
        return card.label("species")

    @admin.display(description=_("impresiones"), ordering="_printings")
    def printing_count(self, card: Card) -> int:
        return card._printings


@admin.register(Printing)
class PrintingAdmin(CatalogAdmin):
    resource_classes = [PrintingResource]
    list_display = ("card", "card_set", "variant", "release_order", "is_promo", "functionally_identical")
    list_filter = ("card__game", "card_set", "is_promo", "functionally_identical")
    search_fields = ("card__name", "card__name_key", "variant", "card_set__name", "card_set__code")
    autocomplete_fields = ("card", "card_set")
    list_select_related = ("card", "card_set")

    @admin.display(description=_("orden de salida"), ordering="card_set__release_order")
    def release_order(self, printing: Printing) -> int:
        return printing.card_set.release_order


@admin.register(BanEntry)
class BanEntryAdmin(ScopedHistoryMixin, CatalogAdmin, SimpleHistoryAdmin):
    resource_classes = [BanEntryResource]
    list_display = ("__str__", "game", "scope", "effective_from", "effective_until", "reason")
    list_filter = ("game", "scope")
    search_fields = ("reason", "card__name", "card_set__name", "printing__card__name", "printing__variant")
    autocomplete_fields = ("card_set", "card", "printing")
    date_hierarchy = "effective_from"
    list_select_related = ("game", "card_set", "card", "printing__card", "printing__card_set")
    fieldsets = (
        (None, {"fields": ("game", "scope")}),
        (_("Qué se banea (sólo el dato del alcance elegido)"), {"fields": ("card_set", "card", "printing")}),
        (_("Vigencia"), {"fields": ("effective_from", "effective_until")}),
        (None, {"fields": ("reason", "source")}),
    )


@admin.register(ReprintRule)
class ReprintRuleAdmin(CatalogAdmin):
    resource_classes = [ReprintRuleResource]
    list_display = ("card", "legal_from_set", "game", "effective_from")
    list_filter = ("game",)
    search_fields = ("card__name",)
    autocomplete_fields = ("card", "legal_from_set")
    list_select_related = ("card", "legal_from_set", "game")


# --------------------------------------------------------------------------- decklists


class _EventScopedAdmin(ScopedChoicesMixin, admin.ModelAdmin):
    """Shows only the rows of events the user judges or organizes (``scope``: ``"judged"`` or ``"organized"``)."""

    event_path = "registration__event"
    scope = "judged"

    def _events(self, user):
        return events_judged_by(user) if self.scope == "judged" else events_organized_by(user)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.event_path}__in": self._events(request.user)})

    def _in_scope(self, request, obj) -> bool:
        if obj is None or request.user.is_superuser:
            return True
        return self._events(request.user).filter(pk=obj.registration.event_id).exists()

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._in_scope(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._in_scope(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._in_scope(request, obj)


@admin.register(Decklist)
class DecklistAdmin(ScopedHistoryMixin, SimpleHistoryAdmin, _EventScopedAdmin):
    history_revert = False  # a decklist changes only through rules.services (validation, lock rule)
    list_display = ("registration", "event", "status", "locked", "main_count", "submitted_by", "submitted_at")
    list_filter = ("status", "locked", ("registration__event", admin.RelatedOnlyFieldListFilter))
    search_fields = ("registration__player__display_name", "registration__player__player_number")
    list_select_related = ("registration__player", "registration__event", "submitted_by")
    readonly_fields = (
        "registration", "text", "format_key", "status", "violations", "cards", "main_count", "validated_on",
        "locked", "locked_at", "submitted_by", "submitted_at",
    )
    actions = ["revalidate"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description=_("evento"), ordering="registration__event")
    def event(self, decklist: Decklist):
        return decklist.registration.event

    def has_revalidate_permission(self, request) -> bool:
        return request.user.is_superuser or venues_organized_by(request.user).exists()

    @admin.action(description=_("Validar otra vez con el catálogo vigente"), permissions=["revalidate"])
    def revalidate(self, request, queryset) -> None:
        done = 0
        for decklist in queryset.select_related("registration__event"):
            if not is_organizer(request.user, decklist.registration.event):
                self.message_user(request, _("%(list)s: sólo la organización del evento la valida otra vez.")
                                  % {"list": decklist}, messages.ERROR)
                continue
            try:
                services.decklist_revalidate(decklist=decklist, by=request.user)
                done += 1
            except ArenaError as exc:
                self.message_user(request, f"{decklist}: {exc.message}", messages.ERROR)
        self.message_user(
            request, ngettext("%(n)d lista validada otra vez.", "%(n)d listas validadas otra vez.", done) % {"n": done}
        )


@admin.register(DeckCheck)
class DeckCheckAdmin(_EventScopedAdmin):
    list_display = ("registration", "round", "table_number", "counted_cards", "judge", "created_at")
    list_filter = (("registration__event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("registration__player", "registration__event", "round", "judge")
    readonly_fields = (
        "registration", "decklist", "judge", "round", "match", "table_number", "game_number", "counted_cards",
        "counted_text", "discrepancies", "violations", "finding_list", "amendment_list", "decision", "decision_by",
        "decision_at", "created_at",
    )
    exclude = ("findings", "amendments")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=_("ítems del chequeo que fallaron"))
    def finding_list(self, obj: DeckCheck) -> str:
        rows = obj.finding_rows()
        if not rows:
            return "—"
        return format_html_join(
            "", "<li>{}{} — {}</li>",
            ((r["label"], f": «{r['card']}»" + (f" ({r['note']})" if r["note"] else "") if r["card"] else "",
              r["action_label"]) for r in rows),
        )

    @admin.display(description=_("reemplazos de cartas dañadas"))
    def amendment_list(self, obj: DeckCheck) -> str:
        if not obj.amendments:
            return "—"
        return format_html_join(
            "", "<li>«{}» → {} ({})</li>",
            ((a["card"], a["gem"] or _("proxy de juez"),
              ngettext("%(n)d carta", "%(n)d cartas", a["count"]) % {"n": a["count"]}) for a in obj.amendments),
        )


@admin.register(SealedPool)
class SealedPoolAdmin(ScopedHistoryMixin, SimpleHistoryAdmin, _EventScopedAdmin):
    """Sealed pools of the registrations of the user's events (the registration field offers only those)."""

    scope = "organized"
    list_display = ("registration", "basic_gems", "recorded_by", "recorded_at")
    list_filter = (("registration__event", admin.RelatedOnlyFieldListFilter),)
    search_fields = ("registration__player__display_name", "registration__player__player_number")
    raw_id_fields = ("registration",)
    readonly_fields = ("recorded_by", "recorded_at")
    list_select_related = ("registration__player", "registration__event", "recorded_by")

    def save_model(self, request, obj, form, change) -> None:
        obj.recorded_by = request.user
        super().save_model(request, obj, form, change)
