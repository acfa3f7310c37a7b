"""Players (national; CSV/XLSX import within the organizer's scope) and venues in the console."""
from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from import_export.admin import ImportExportModelAdmin
from import_export.formats.base_formats import XLSX
from simple_history.admin import SimpleHistoryAdmin

from ..models import Player, Venue
from ..permissions import can_change_player, players_visible_to, venues_organized_by
from ..resources import NUMBER, VENUE, LocaleCSV, PlayerResource, SafeImportAdminMixin
from .scoping import FoldedPlayerSearch, QuerysetScopedMixin, ScopedHistoryMixin, SuperuserWritesMixin


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
            raise ValidationError({VENUE: [_("La sede «%(name)s» no es una de las que organizás.")
                                           % {"name": instance.home_venue.name}]})


@admin.register(Player)
class PlayerAdmin(FoldedPlayerSearch, ScopedHistoryMixin, QuerysetScopedMixin, SafeImportAdminMixin,
                  ImportExportModelAdmin, SimpleHistoryAdmin):
    """Players, national; imported and exported as CSV or XLSX; every change kept in their history.

    Scope (see :mod:`tournaments.admin.scoping`): an organizer sees
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
    export_formats = [LocaleCSV, XLSX]  # CSV in the reader's convention (issue #28 point 3)

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
    actions = ["publish_key_issue_selected"]

    def get_actions(self, request):
        """Issuing publish keys is the superuser's (the national server's operator)."""
        actions = super().get_actions(request)
        if not request.user.is_superuser:
            actions.pop("publish_key_issue_selected", None)
        return actions

    @admin.action(description=gettext_lazy("Emitir (o renovar) la clave de publicación de las sedes elegidas"))
    def publish_key_issue_selected(self, request, queryset):
        """Issue each venue a new publish key (:func:`tournaments.exchange.signing.venue_publish_key_issue`),
        revoking its earlier ones; the key text is shown once, to give to the venue."""
        from django.core.exceptions import PermissionDenied

        from ..exchange.signing import venue_publish_key_issue

        if not request.user.is_superuser:
            raise PermissionDenied
        for venue in queryset:
            _key, text = venue_publish_key_issue(venue=venue, by=request.user)
            self.message_user(request, _("%(venue)s: clave nueva «%(key)s» (las anteriores quedan revocadas). "
                                         "Guardala en la sede como ARENA_PUBLISH_KEY; no se vuelve a mostrar.")
                              % {"venue": venue, "key": text})

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        return qs if request.user.is_superuser else qs.filter(pk__in=venues_organized_by(request.user).values("pk"))
