"""Admin pieces for the penalty log (issue #7): read the log, see the revisions.

:class:`PenaltyAdmin` lists the penalties of the events the user organizes
(every event for a superuser) with their revisions inline. Entries are
read-only here: a penalty is recorded by the ladder at the table
(:func:`tournaments.penalties.penalty_issue`) and changed only by the head
judge's revision with a reason (:func:`tournaments.penalties.penalty_revise`),
which the judge page of each entry offers — the admin links to it.
"""
from django.contrib import admin
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from ..models import MatchRuling, Penalty, PenaltyRevision, Seat
from ..penalty_preview import consequence_labels, infraction_name, penalty_label, source_label
from .scoping import FoldedPlayerSearch, VenueScopedAdmin


def _table_seats(path: str) -> Prefetch:
    """The seats (and players) of the table at ``path``, for its name in a list."""
    return Prefetch(f"{path}__seats", queryset=Seat.objects.select_related("registration__player"))


class PenaltyRevisionInline(admin.TabularInline):
    """The head judge's revisions of a penalty: who, when, from → to, reason, and the decision it gave."""

    model = PenaltyRevision
    extra = 0
    can_delete = False
    fields = ("revised_at", "revised_by", "from_label", "to_label", "reason", "message")
    readonly_fields = fields
    ordering = ("revised_at", "pk")

    def has_add_permission(self, request, obj=None):
        return False  # revisions go through penalty_revise (judge page), never by hand

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("de"))
    def from_label(self, rev: PenaltyRevision):
        return penalty_label(rev.penalty.event.game.key, rev.from_type)

    @admin.display(description=_("a"))
    def to_label(self, rev: PenaltyRevision):
        return penalty_label(rev.penalty.event.game.key, rev.to_type)


@admin.register(Penalty)
class PenaltyAdmin(FoldedPlayerSearch, VenueScopedAdmin):
    """The penalty log by event, read-only, with its revisions inline."""

    list_display = ("issued_at", "event", "player", "round_number", "infraction", "penalty", "revised",
                    "issued_by")
    list_filter = ("penalty_type", ("event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("event__game", "registration__player", "round", "issued_by")
    search_fields = ("registration__player__display_name", "registration__player__player_number", "event__name",
                     "notes")
    player_search_path = "registration__player__"
    player_search_also = ("event__name", "notes")
    date_hierarchy = "issued_at"
    ordering = ("-issued_at",)
    inlines = [PenaltyRevisionInline]
    fields = ("event", "registration", "round", "match", "game_number", "in_match", "infraction", "penalty",
              "original", "consequence_text", "counts_as_warning", "warning_count_after", "message", "source_text",
              "notes", "ruling_id", "issued_by", "consulted", "issued_at", "judge_page")
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("event__game", "registration__player", "round", "match",
                                                             "issued_by")

    def has_add_permission(self, request):
        return False  # recorded at the table through the ladder

    def has_change_permission(self, request, obj=None):
        return False  # changed only by the head judge's revision, with a reason (judge page)

    def has_delete_permission(self, request, obj=None):
        return False  # the log is the record; a mistake is revised with a reason

    @admin.display(description=_("jugador"), ordering="registration__player__display_name")
    def player(self, p: Penalty):
        return f"{p.registration.player.display_name} ({p.registration.player.player_number})"

    @admin.display(description=_("ronda"), ordering="round__number")
    def round_number(self, p: Penalty):
        return p.round.number if p.round_id else "—"

    @admin.display(description=_("infracción"), ordering="infraction_code")
    def infraction(self, p: Penalty):
        return infraction_name(p.event.game.key, p.infraction_code)

    @admin.display(description=_("penalidad"), ordering="penalty_type")
    def penalty(self, p: Penalty):
        return penalty_label(p.event.game.key, p.penalty_type, p.counts_as_warning)

    @admin.display(description=_("penalidad original"))
    def original(self, p: Penalty):
        return penalty_label(p.event.game.key, p.original_type)

    @admin.display(description=_("revisada"), boolean=True)
    def revised(self, p: Penalty):
        return p.penalty_type != p.original_type

    @admin.display(description=_("consecuencias"))
    def consequence_text(self, p: Penalty):
        return " ".join(consequence_labels(p.consequences)) or "—"

    @admin.display(description=_("fuente"))
    def source_text(self, p: Penalty):
        return source_label(p.source)

    @admin.display(description=_("jueces consultados"))
    def consulted(self, p: Penalty):
        return ", ".join(u.get_username() for u in p.consulted_judges.all()) or "—"

    @admin.display(description=_("página del juez"))
    def judge_page(self, p: Penalty):
        url = reverse("judge:penalty_detail", args=[p.event_id, p.pk])
        return format_html('<a href="{}">{}</a>', url, _("Ver o revisar (juez principal)"))


@admin.register(MatchRuling)
class MatchRulingAdmin(VenueScopedAdmin):
    """Rulings judges attached to matches (read-only: the record of what was decided at the table)."""

    event_lookup = "match__round__event"

    list_display = ("given_at", "match", "ruling_id", "given_by")
    list_select_related = ("match__round__event", "given_by")
    search_fields = ("ruling_id", "note")
    fields = ("match", "ruling_id", "note", "given_by", "given_at")
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related(_table_seats("match"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
