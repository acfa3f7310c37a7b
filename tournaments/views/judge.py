"""Judge pages: the current round's tables and a table's result form.

Phone-first (works on a 360 px screen). Only judges and organizers of the
event may enter results (:func:`tournaments.permissions.is_judge`); every
entry goes through :func:`tournaments.services.table_result_record`, which records
who and when and refuses a stale save. Judges also run the round clock from
the tables page and give one table extra time
(:func:`tournaments.services.match_time_extend`); each table shows its own
end time.
"""
from __future__ import annotations

import math
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.forms.utils import ErrorDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from .. import permissions, pods_selectors, report_selectors, selectors, services
from ..enums import EventState, MatchStatus, RoundState
from ..errors import ArenaError, StaleEdit
from ..formats import format_for
from ..models import Table
from .access import event_role_required
from .forms import PodResultForm, ResultForm, TimeExtensionForm

#: What the lists show before the event's first round.
_EMPTY_PAGE = selectors.JudgeTablePage(tables=[], pending=0, total=0, matched=0, offset=0,
                                       limit=selectors.JUDGE_PAGE_SIZE)


class LoginPageThrottle(SimpleRateThrottle):
    """Login attempts per client address and username (``REST_FRAMEWORK`` rate ``login``, read per request).

    The counter is the one ``POST /api/token/`` counts on
    (``tournaments.api.throttles.login_cache_key`` builds the same key), so
    switching between the page and the API gains no attempts.
    """

    scope = "login"

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        username = str(request.POST.get("username", "")).strip().lower()[:150]
        return f"throttle_{self.scope}_{self.get_ident(request)}_{username}"


class JudgeLoginView(LoginView):
    """Django's login view with a Spanish, phone-sized template; lands on the judge home.

    POSTs are throttled per address and username (:class:`LoginPageThrottle`):
    past the rate the page answers 429 with ``Retry-After`` and a message.
    """

    template_name = "judge/login.html"
    redirect_authenticated_user = True
    next_page = reverse_lazy("judge:home")

    def post(self, request, *args, **kwargs):
        throttle = LoginPageThrottle()
        if not throttle.allow_request(request, self):
            wait = max(1, math.ceil(throttle.wait() or 1))
            # A form that is never validated: no password is checked while throttled.
            form = self.get_form_class()(request, data={"username": request.POST.get("username", "")})
            form._errors, form.cleaned_data = ErrorDict(), {}
            form.add_error(None, _("Demasiados intentos de ingreso. Vuelva a intentar en %(seconds)d segundos.")
                           % {"seconds": wait})
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)


def _login_required(view):
    return login_required(view, login_url=reverse_lazy("login"))


@never_cache
@_login_required
def home(request):
    """Events the user may judge, in progress first; a single live event opens directly."""
    events = list(
        permissions.events_judged_by(request.user)
        .select_related("venue", "game")
        .order_by("-date", "name")[:50]
    )
    live = [e for e in events if e.state in (EventState.SWISS, EventState.TOP_CUT)]
    if len(live) == 1 and request.GET.get("todos") is None:
        return redirect("judge:tables", pk=live[0].pk)
    return render(request, "judge/home.html", {"events": events, "live": live})


def _page_number(request) -> int:
    """The 1-based page of ``?pagina=`` (1 when missing or not a number)."""
    raw = request.GET.get("pagina", "")
    return max(1, int(raw)) if raw.isdigit() else 1


def _tables_url(event, *, estado: str = "todas", q: str = "", pagina: int = 1) -> str:
    """The tables page of ``event``; defaults (every table, no search, page 1) stay out of the URL."""
    query = urlencode({k: v for k, v, default in (("estado", estado, "todas"), ("q", q, ""),
                                                  ("pagina", pagina, 1)) if v != default})
    return reverse("judge:tables", args=[event.pk]) + (f"?{query}" if query else "")


def _pending_tables_url(event) -> str:
    """Where a saved result lands: the tables still without one."""
    return _tables_url(event, estado="pendientes")


def _list_context(event, rnd, *, status: str, query: str, page) -> dict:
    """Filters, paging links and counts shared by the match and pod lists."""
    number = page.offset // page.limit + 1
    return {
        "event": event,
        "round": rnd,
        "query": query,
        "status": status,
        "page": page,
        "filters": [
            (label, count, _tables_url(event, estado=key, q=query), key == status)
            for key, label, count in (("pendientes", _("Pendientes"), page.pending),
                                      ("con-resultado", _("Con resultado"), page.total - page.pending),
                                      ("todas", _("Todas"), page.total))
        ],
        "next_url": _tables_url(event, estado=status, q=query, pagina=number + 1) if page.has_next else None,
        "clear_url": _tables_url(event, estado=status),
        "previous_url": _tables_url(event, estado=status, q=query, pagina=number - 1)
        if page.has_previous else None,
        "counts": {"pending": page.pending, "total": page.total},
        "round_open": bool(rnd and rnd.state == RoundState.PAIRED and event.state != EventState.FINISHED),
        "clock": services.round_display_clock(rnd, minutes=event.round_minutes) if rnd else None,
    }


@never_cache
@event_role_required(permissions.JUDGE)
def tables(request, event):
    """A page of the current round's tables, pending first; filter by state, search by table or player.

    ``?estado=`` ``pendientes`` / ``con-resultado`` / ``todas`` (the
    default), ``?pagina=`` pages of :data:`selectors.JUDGE_PAGE_SIZE`;
    with self-reporting on, ``reportes`` is the queue of players' reports
    (:func:`_report_queue`).
    ``?q=`` with the number of a table of the round (digits, no leading
    zero) opens that table's form; any other text keeps the tables with a
    player whose name or number contains it (accents aside), so "0101"
    finds the player WM-0101. Filtering and paging happen in the
    database: the page costs the same at 8 players as at 1,024.
    """
    rnd = selectors.current_round(event)
    query = request.GET.get("q", "").strip()
    status = request.GET.get("estado", "todas")
    fmt = format_for(event)
    if status == REPORTS_FILTER and event.self_reporting:
        return _report_queue(request, event, rnd)
    if status not in selectors.JUDGE_FILTERS:
        status = "todas"
    if rnd and query.isdigit() and not query.startswith("0"):  # "0101": part of a number like WM-0101
        if fmt.table_queryset(rnd).filter(table_number=int(query)).exists():
            return redirect(reverse("judge:table", args=[event.pk, rnd.number, int(query)]))
    offset = (_page_number(request) - 1) * selectors.JUDGE_PAGE_SIZE
    page = fmt.judge_page(event, rnd, status=status, query=query, offset=offset) if rnd else None
    context = _list_context(event, rnd, status=status, query=query, page=page or _EMPTY_PAGE)
    context.update(fmt.page_context(event), tables=page.tables if page else [])
    _add_reports_filter(context, event, rnd)
    if event.self_reporting and rnd is not None:
        context["one_report"], context["reports_differ"] = fmt.judge_report_marks(rnd, context["tables"])
    return render(request, fmt.templates["judge_tables"], context)


# --------------------------------------------------------------------------- self-reported results (issue #17)

#: ``?estado=`` of the judges' queue of players' reports.
REPORTS_FILTER = "reportes"


def _queue(event, rnd) -> list:
    if rnd is None or rnd.state != RoundState.PAIRED:
        return []
    return format_for(event).report_queue(event, rnd)


def _add_reports_filter(context: dict, event, rnd, *, queue=None, here: bool = False) -> None:
    """With self-reporting on, the «Reportes en conflicto» filter and its count (those tables are pending too)."""
    if not event.self_reporting:
        return
    queue = _queue(event, rnd) if queue is None else queue
    context["filters"] = [(label, count, url, False if here else current)
                          for label, count, url, current in context["filters"]]
    context["filters"].append((_("Reportes en conflicto"), len(queue), _tables_url(event, estado=REPORTS_FILTER),
                               here))
    context["report_queue_count"] = len(queue)


def _report_queue(request, event, rnd):
    """«Reportes en conflicto»: the tables whose players' reports differ, or where one player reported and
    the table's time is up («falta el reporte del rival»), with the reports side by side."""
    fmt = format_for(event)
    queue = _queue(event, rnd)
    page = fmt.judge_page(event, rnd, status="todas", query="", offset=0) if rnd else None
    context = _list_context(event, rnd, status=REPORTS_FILTER, query="", page=page or _EMPTY_PAGE)
    _add_reports_filter(context, event, rnd, queue=queue, here=True)
    context.update(queue=queue, pods_queue=fmt.page_context(event).get("pods", False),
                   rows=fmt.report_queue_rows(queue), tables=[], hide_list=True)
    return render(request, "judge/report_queue.html", context)


def _score(match_or_entry) -> str:
    drawn = match_or_entry.games_drawn
    return f"{match_or_entry.games_a}-{match_or_entry.games_b}" + (f"-{drawn}" if drawn else "")


@never_cache
@event_role_required(permissions.JUDGE)
def table(request, event, number: int, table: int):
    """A table's result form and its history.

    GET shows the form filled with the saved result and its version; POST
    records it. A stale version is refused by the service: the page shows
    the result saved meanwhile and keeps the judge's values for a
    deliberate second try. Domain errors become form errors.
    """
    return _TABLE_FORMS[format_for(event).row_shape](request, event, number, table)


def _match_table(request, event, number: int, table: int):
    """The result form of a match (see :func:`table`)."""
    match = get_object_or_404(
        Table.objects.select_related("round"),
        round__event=event,
        round__number=number,
        table_number=table,
        is_bye=False,
    )
    name_a = match.player_a.player.display_name
    name_b = match.player_b.player.display_name
    form_kwargs = {"best_of": event.best_of, "name_a": name_a, "name_b": name_b}
    stale = False
    if request.method == "POST":
        form = ResultForm(request.POST, **form_kwargs)
        if form.is_valid():
            data = form.cleaned_data
            try:
                saved = services.table_result_record(
                    table=match,
                    seats=[
                        {"games": data["games_a"], "minutes_late": data["minutes_late_a"]},
                        {"games": data["games_b"], "minutes_late": data["minutes_late_b"]},
                    ],
                    games_drawn=data["games_drawn"],
                    expected_version=data["expected_version"],
                    went_to_time=data["went_to_time"],
                    intentional_draw=data["intentional_draw"],
                    entered_by=request.user,
                )
            except StaleEdit as exc:
                stale = True
                match.refresh_from_db()
                # Keep the judge's values, but with the version now saved: a
                # second submit is a deliberate correction of what they saw.
                data = request.POST.copy()
                data["expected_version"] = str(match.version)
                form = ResultForm(data, **form_kwargs)
                form.is_valid()
                form.add_error(None, exc.message)
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(
                    request,
                    _("Mesa %(table)d: resultado %(score)s guardado (%(a)s vs %(b)s).")
                    % {"table": table, "score": _score(saved), "a": name_a, "b": name_b},
                )
                return redirect(_pending_tables_url(event))
    else:
        # A pending table starts with no winner chosen: saving without tapping a
        # score is an error, never a silent 0-0 draw.
        initial = {"expected_version": match.version, "games_drawn": 0}
        if match.status != MatchStatus.PENDING:
            initial.update(
                games_a=match.games_a,
                games_b=match.games_b,
                games_drawn=match.games_drawn,
                went_to_time=match.went_to_time,
                intentional_draw=match.intentional_draw,
            )
        if match.status == MatchStatus.PENDING and not match.entries.exists():
            # The players' reports prefill the form (issue #17): the judge confirms or changes one.
            report = next((r for r in report_selectors.match_reports_for_judge(match) if r is not None), None)
            if report is not None:
                initial.update(games_a=report.games_a, games_b=report.games_b, games_drawn=report.games_drawn,
                               went_to_time=report.went_to_time, intentional_draw=report.intentional_draw)
        form = ResultForm(initial=initial, **form_kwargs)
    history = selectors.result_history(match)
    report_a, report_b = report_selectors.match_reports_for_judge(match)
    current = selectors.current_round(event)
    return render(
        request,
        "judge/table.html",
        {
            "event": event,
            "match": match,
            "round": match.round,
            "name_a": name_a,
            "name_b": name_b,
            "form": form,
            "stale": stale,
            "history": history,
            "editable": current is not None
            and current.pk == match.round_id
            and match.round.state == RoundState.PAIRED
            and event.state != EventState.FINISHED,
            "presets": _presets(event.best_of),
            "table_clock": selectors.match_clock(match, minutes=event.round_minutes),
            "round_clock": selectors.round_clock(match.round, minutes=event.round_minutes),
            "time_form": TimeExtensionForm(),
            "report_a": report_a,
            "report_b": report_b,
        },
    )


@require_POST
@event_role_required(permissions.JUDGE)
def table_time(request, event, number: int, table: int):
    """Give one table extra minutes (:func:`tournaments.services.match_time_extend`), back to its page."""
    match = get_object_or_404(Table, round__event=event, round__number=number, table_number=table)
    form = TimeExtensionForm(request.POST)
    back = redirect(reverse("judge:table", args=[event.pk, number, table]))
    if not form.is_valid():
        messages.error(request, _("Indique los minutos (de 1 a 30) y el motivo del tiempo extra."))
        return back
    try:
        match = services.match_time_extend(match=match, minutes=form.cleaned_data["minutes"],
                                           reason=form.cleaned_data["reason"], by=request.user)
    except ArenaError as exc:
        messages.error(request, exc.message)
        return back
    clock = selectors.match_clock(match, minutes=event.round_minutes)
    text = ngettext("Mesa %(t)d: %(m)d minuto más (tiempo extra total: %(total)d min).",
                    "Mesa %(t)d: %(m)d minutos más (tiempo extra total: %(total)d min).",
                    form.cleaned_data["minutes"]) % {
        "t": table, "m": form.cleaned_data["minutes"], "total": match.extra_minutes}
    if clock.ends_at is not None:
        text += " " + _("Termina a las %(when)s.") % {"when": date_format(localtime(clock.ends_at), "H:i")}
    messages.success(request, text)
    return back


def _presets(best_of: int) -> list[tuple[int, int, int]]:
    """Common scores as one-tap buttons: (games_a, games_b, games_drawn)."""
    if best_of == 1:
        return [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    return [(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1)]


# --------------------------------------------------------------------------- pods (issue #9)


def _pod_table(request, event, number: int, table: int):
    """A pod's result form: the place (and the stoner points) of each seat.

    Same contract as the match form: a stale version is refused by
    :func:`tournaments.services.table_result_record` and the judge's
    values are kept for a deliberate second try.
    """
    pod_table = get_object_or_404(Table.objects.select_related("round"), round__event=event,
                                  round__number=number, table_number=table)
    row = pods_selectors.pod_rows([pod_table.pk])[0]
    score_label = pods_selectors.secondary_score_label(event)
    form_kwargs = {"seats": row.seats, "score_label": score_label}
    stale = False
    if request.method == "POST":
        form = PodResultForm(request.POST, **form_kwargs)
        if form.is_valid():
            try:
                services.table_result_record(
                    table=pod_table,
                    seats=[{"registration": r, "place": p, "score": s} for r, p, s in form.placements()],
                    expected_version=form.cleaned_data["expected_version"],
                    entered_by=request.user,
                )
            except StaleEdit as exc:
                stale = True
                pod_table.refresh_from_db()
                data = request.POST.copy()
                data["expected_version"] = str(pod_table.version)
                form = PodResultForm(data, **form_kwargs)
                form.is_valid()
                form.add_error(None, exc.message)
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Mesa %(table)d: puestos guardados (%(names)s).")
                                 % {"table": table, "names": row.names})
                return redirect(_pending_tables_url(event))
    else:
        initial = {"expected_version": pod_table.version}
        for seat in row.seats:
            if seat.place is not None:
                initial[f"place_{seat.registration_id}"] = seat.place
            if seat.score is not None:
                initial[f"score_{seat.registration_id}"] = seat.score
        form = PodResultForm(initial=initial, **form_kwargs)
    current = selectors.current_round(event)
    if stale:
        row = pods_selectors.pod_rows([pod_table.pk])[0]
    return render(
        request,
        "judge/pod.html",
        {
            "event": event,
            "round": pod_table.round,
            "pod": row,
            "form": form,
            "stale": stale,
            "score_label": score_label,
            "editable": current is not None and current.pk == pod_table.round_id
            and pod_table.round.state == RoundState.PAIRED and event.state != EventState.FINISHED,
        },
    )


#: The result form of a table by the shape of its format's rows
#: (:attr:`tournaments.formats.base.EventFormat.row_shape`): a match of two sides or a pod's seats.
_TABLE_FORMS = {"duel": _match_table, "pod": _pod_table}
