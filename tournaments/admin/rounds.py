"""The round page: tables, results and who entered them, corrections, pairing edits; matches and entries."""
from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import selectors, services
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..errors import ArenaError, StaleEdit
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..models import Event, ResultEntry, Round, Seat, Table
from ..permissions import is_organizer
from ..resources import export_stem, pairings_dataset
from ..spreadsheets import kind_of, spreadsheet_response
from ..text import round_label, score_text, stage_name
from . import corrections as admin_corrections
from . import pairing as admin_pairing
from . import pods as admin_pods
from .documents import DocumentInline
from .links import round_url
from .scoping import VenueScopedAdmin


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


def _game_line(rnd: Round, table) -> dict:
    """One table of game wins as the round page's table list shows it (``round/_tables.html``)."""
    p = table.pairing
    missing = not p.is_bye and p.status == MatchStatus.PENDING
    third = rnd.phase == RoundPhase.TOP_CUT and p.bracket_slot == 0
    return {
        "pairing": p, "entered_by": table.entered_by, "entered_at": table.entered_at, "missing": missing,
        "status_label": dict(MatchStatus.choices).get(p.status, p.status),
        "dom_id": f"mesa-{p.table_number}" if p.table_number else f"bye-{p.match_id}",
        "css": "arena-row-bye" if p.is_bye else "arena-row-missing" if missing else "",
        "data_key": "match", "table_id": p.match_id, "number": None if p.is_bye else p.table_number,
        "number_note": {"text": _("3er puesto"), "css": "arena-muted"} if third else None,
        "status_note": ({"text": _("revancha"), "css": "arena-warn", "title": _("Revancha inevitable")}
                        if p.rematch else None),
        "version": p.version, "history_url": reverse("admin:tournaments_table_history", args=[p.match_id]),
    }


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
            .annotate(  # duels and pods alike; a bye is no table to wait for
                table_count=Count("tables", filter=Q(tables__is_bye=False)),
                pending=Count("tables", filter=Q(tables__is_bye=False, tables__status=MatchStatus.PENDING)),
            )
        )

    @admin.display(description=gettext_lazy("etapa"))
    def stage_display(self, obj: Round) -> str:
        return stage_name(obj.stage) if obj.phase == RoundPhase.TOP_CUT else "—"

    @admin.display(description=gettext_lazy("resultados"))
    def results_progress(self, obj: Round) -> str:
        done = obj.table_count - obj.pending
        text = _("%(done)d de %(total)d") % {"done": done, "total": obj.table_count}
        return format_html('<span class="arena-warn">{}</span>', text) if obj.pending else text

    def has_add_permission(self, request):
        return False  # rounds are paired from the event page

    def has_change_permission(self, request, obj=None):
        return False  # nothing of a round is edited in a form; results go through table_result_record

    def has_delete_permission(self, request, obj=None):
        return False  # «Rehacer ronda actual» replaces a round

    def can_enter_results(self, request, rnd: Round) -> bool:
        return request.user.has_perm("tournaments.change_table") and is_organizer(request.user, rnd.event)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        rnd = self.get_object(request, unquote(object_id))
        if rnd is not None and self.has_view_permission(request, rnd):
            event = rnd.event
            latest = selectors.current_round(event)
            is_current = latest is not None and latest.pk == rnd.pk
            editable = is_current and rnd.state == RoundState.PAIRED and event.state != EventState.FINISHED
            if format_for(event).table_results == PLACE_RESULTS:
                extra_context.update(admin_pods.round_context(rnd))
            else:
                rows = [_game_line(rnd, t) for t in selectors.judge_tables(rnd)]
                extra_context.update(admin_pairing.round_context(
                    rnd, can_edit=editable and self.can_enter_results(request, rnd)))
                extra_context.update({
                    "lines": rows,
                    "cells_template": "admin/tournaments/round/_cells_games.html",
                    "columns": 9,
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
            path("<path:object_id>/corregir/<int:table_id>/", self.admin_site.admin_view(self.correction_view),
                 name="tournaments_round_correct"),
            path("<path:object_id>/emparejamiento/", self.admin_site.admin_view(self.pairing_edit_view),
                 name="tournaments_round_pairing_edit"),
            path("<path:object_id>/mesa/<int:pod_id>/puestos/", self.admin_site.admin_view(self.pod_result_view),
                 name="tournaments_round_pod_result"),
            path("<path:object_id>/mesa/<int:pod_id>/historial/", self.admin_site.admin_view(self.pod_history_view),
                 name="tournaments_round_pod_history"),
            path("<path:object_id>/emparejamientos.csv", self.admin_site.admin_view(self.pairings_export_view),
                 name="tournaments_round_pairings_export"),
        ]
        return custom + super().get_urls()

    def pairings_export_view(self, request, object_id):
        """The round's tables as CSV in the reader's convention or, with ``?formato=xlsx``, as XLSX
        (:func:`tournaments.resources.pairings_dataset`: games and places as numbers)."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd):
            raise PermissionDenied
        dataset = pairings_dataset(rnd)
        return spreadsheet_response(export_stem("emparejamientos", rnd.event, f"ronda-{rnd.number}"),
                                    dataset.headers, dataset, kind=kind_of(request), sheet=round_label(rnd))

    def pairing_edit_view(self, request, object_id):
        """Swap, move, give or take the bye in the current round: confirm, then apply (issue #13)."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        return admin_pairing.pairing_edit_view(self, request, rnd)

    def correction_view(self, request, object_id, table_id):
        """Correct a finished result of an earlier round, any format: impact preview, then confirmation."""
        return admin_corrections.correction_view(self, request, object_id, table_id)

    def pod_result_view(self, request, object_id, pod_id):
        """Enter or correct one pod's placements (POST) through :func:`services.table_result_record`."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        pod = get_object_or_404(Table, round=rnd, pk=pod_id)
        return admin_pods.save_pod_result(request, rnd, pod)

    def pod_history_view(self, request, object_id, pod_id):
        """Every accepted entry of one pod: who, when, the placements and the ones they replaced."""
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd):
            raise PermissionDenied
        pod = get_object_or_404(Table, round=rnd, pk=pod_id)
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
        return TemplateResponse(request, "admin/tournaments/table/place_history.html", context)

    def result_view(self, request, object_id, match_id):
        """Enter or correct one table's result (POST) through :func:`services.table_result_record`."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        rnd = self.scoped_object_or_404(request, object_id, self.get_queryset(request).select_related("event"))
        if not self.has_view_permission(request, rnd) or not self.can_enter_results(request, rnd):
            raise PermissionDenied
        match = get_object_or_404(rnd.tables.all(), pk=match_id)
        back = round_url(rnd) + (f"#mesa-{match.table_number}" if match.table_number else "")
        try:
            values = _parse_result(request.POST)
        except ValueError:
            messages.error(request, _("Mesa %(t)s: ingresá cantidades de partidas válidas (números enteros, 0 o más).")
                           % {"t": match.table_number})
            return HttpResponseRedirect(back)
        expected = values.pop("expected_version")
        # The service answers a retry of the request that saved this version with the saved match.
        replay = expected is not None and match.version != expected
        try:
            seats, shared = services.duel_seats(values)
            saved = services.table_result_record(table=match, seats=seats, expected_version=expected,
                                                 entered_by=request.user, **shared)
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


@admin.register(Table)
class TableAdmin(VenueScopedAdmin):
    """Tables (duels and pods): listed for search; entered on the round page; history from the result entries."""

    event_lookup = "round__event"
    list_display = ("__str__", "round", "result_display", "status", "version")
    list_filter = ("status", ("round__event", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("round", "round__event")  # the seats come with Table.objects
    search_fields = ("seats__registration__player__display_name", "seats__registration__player__player_number")

    @admin.display(description=gettext_lazy("resultado"))
    def result_display(self, obj: Table) -> str:
        if obj.is_bye:
            return _("Bye")
        if obj.status == MatchStatus.PENDING:
            return "—"
        if not obj.outcome:  # a pod: the places in seat order
            return "-".join(str(seat.place) if seat.place is not None else "—" for seat in obj.seat_list)
        return score_text(obj.games_a, obj.games_b, obj.games_drawn)

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
        if format_for(rnd.event).table_results == PLACE_RESULTS:  # a pod's history lives on its round
            return HttpResponseRedirect(reverse("admin:tournaments_round_pod_history", args=[rnd.pk, match.pk]))
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
        return TemplateResponse(request, "admin/tournaments/table/game_history.html", context)


@admin.register(ResultEntry)
class ResultEntryAdmin(VenueScopedAdmin):
    """Every accepted result entry (read-only audit trail)."""

    event_lookup = "table__round__event"
    list_display = ("table", "version", "result_text", "outcome", "source", "entered_by", "entered_at")
    list_filter = (("table__round__event", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("table__round", "entered_by")

    readonly_fields = [f.name for f in ResultEntry._meta.fields]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("registration__player")))

    @admin.display(description=gettext_lazy("resultado"))
    def result_text(self, obj: ResultEntry) -> str:
        if obj.outcome:
            return f"{obj.games_a}-{obj.games_b}-{obj.games_drawn}"
        return "-".join(str(seat.get("place")) if seat.get("place") is not None else "—" for seat in obj.seats)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
