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
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.formats import date_format
from django.utils.module_loading import import_string
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from .. import pagecache, permissions, report_selectors, selectors, services
from ..enums import EventState, RoundState
from ..errors import ArenaError, StaleEdit
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..idempotency import answer_kept, answer_remember, idempotency_cache_key, payload_digest
from ..models import Table
from ..services.results import table_changed
from .access import event_role_required
from .forms import TimeExtensionForm

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
            form.add_error(None, _("Demasiados intentos de ingreso. Volvé a intentar en %(seconds)d segundos.")
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
        "clock": selectors.round_display_clock(rnd, minutes=event.round_minutes) if rnd else None,
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
    page = selectors.judge_page(event, rnd, status=status, query=query, offset=offset) if rnd else None
    context = _list_context(event, rnd, status=status, query=query, page=page or _EMPTY_PAGE)
    context.update(selectors.page_context(event), tables=page.tables if page else [], templates=fmt.templates,
                   penalties_at_tables=fmt.penalties_at_tables,
                   cutline_link=fmt.has_top_cut and bool(event.cut_size) and event.state == EventState.SWISS)
    _add_reports_filter(context, event, rnd)
    if event.self_reporting and rnd is not None:
        context["one_report"], context["reports_differ"] = report_selectors.table_report_marks(
            event, rnd, context["tables"])
    return render(request, "judge/tables.html", context)


@never_cache
@event_role_required(permissions.JUDGE)
def cutline(request, event):
    """Every active player's «¿me alcanza con empatar?» (issue #29): a win, a draw, a loss of their table.

    Read from :func:`tournaments.selectors.cut_line_for_event`, computed once per event state.
    """
    stamp = pagecache.stamp_or_404(event.pk)
    line = pagecache.computed(event.pk, stamp, "cutline", lambda: selectors.cut_line_for_event(event))
    return render(request, "judge/cutline.html", {"event": event, "cutline": line})


# --------------------------------------------------------------------------- self-reported results (issue #17)

#: ``?estado=`` of the judges' queue of players' reports.
REPORTS_FILTER = "reportes"


def _queue(event, rnd) -> list:
    if rnd is None or rnd.state != RoundState.PAIRED:
        return []
    return report_selectors.table_report_queue(event, rnd)


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
    page = selectors.judge_page(event, rnd, status="todas", query="", offset=0) if rnd else None
    context = _list_context(event, rnd, status=REPORTS_FILTER, query="", page=page or _EMPTY_PAGE)
    _add_reports_filter(context, event, rnd, queue=queue, here=True)
    context.update(queue=queue, rows=report_selectors.table_queue_rows(event, queue), templates=fmt.templates,
                   tables=[], hide_list=True)
    return render(request, "judge/report_queue.html", context)


@never_cache
@event_role_required(permissions.JUDGE)
def table(request, event, number: int, table: int):
    """A table's result form and its history, for every format.

    GET shows the form (the event's format names it:
    :attr:`tournaments.formats.base.EventFormat.result_form`) filled with the
    saved result and its version; POST records it through
    :func:`tournaments.services.table_result_record`. A stale version is
    refused by the service: the page shows the result saved meanwhile and
    keeps the judge's values for a deliberate second try. Domain errors
    become form errors. The header, state, clock and time extension, stale
    box and history are the same for every format; the format's partials
    show the rest (``judge_entry`` …).
    """
    fmt = format_for(event)
    wants_json = "application/json" in request.headers.get("Accept", "")
    if request.method == "POST" and wants_json:
        return _table_post_json(request, event, number, table)
    record = get_object_or_404(Table.objects.select_related("round"), round__event=event, round__number=number,
                               table_number=table, is_bye=False)
    form_class = import_string(fmt.result_form)
    stale = False
    if request.method == "POST":
        form = form_class.for_table(event, record, request.POST)
        if form.is_valid():
            try:
                saved = _record(request, record, form)
            except StaleEdit as exc:
                stale = True
                record.refresh_from_db()
                # Keep the judge's values, but with the version (and players) now saved: a
                # second submit is a deliberate correction of what they saw.
                data = request.POST.copy()
                data.update({"expected_version": str(record.version), **form_class.identity_of(record)})
                form = form_class.for_table(event, record, data)
                form.is_valid()
                form.add_error(None, exc.message)
            except ArenaError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, form.saved_message(saved))
                return redirect(_pending_tables_url(event))
    else:
        form = form_class.for_table(event, record, initial=form_class.initial_of(record))
    current = selectors.current_round(event)
    context = {
        "event": event,
        "table": record,
        "round": record.round,
        "form": form,
        "stale": stale,
        "history": selectors.result_history(record),
        "editable": current is not None and current.pk == record.round_id
        and record.round.state == RoundState.PAIRED and event.state != EventState.FINISHED,
        "table_clock": selectors.match_clock(record, minutes=event.round_minutes),
        "round_clock": selectors.round_clock(record.round, minutes=event.round_minutes),
        "time_form": TimeExtensionForm(),
        "templates": fmt.templates,
        "extra_turns": fmt.extra_turns_at_time,
        "penalties_at_tables": fmt.penalties_at_tables,
        "places_by_time": fmt.table_results == PLACE_RESULTS,
        "players_text": " vs ".join(seat.registration.player.display_name for seat in record.seat_list),
        **form.page_context(event, record),
    }
    return render(request, "judge/table.html", context)


def _record(request, record: Table, form) -> Table:
    """Record ``form``'s result on ``record`` (:func:`tournaments.services.table_result_record`).

    A form loaded for another table (``table_id``: the round was paired again
    and a new table has this number) is refused as the service refuses a
    table whose players changed (``table_changed``).
    """
    table_id = form.cleaned_data.get("table_id")
    if table_id is not None and table_id != record.pk:
        raise table_changed(record)
    return services.table_result_record(
        table=record, expected_version=form.cleaned_data["expected_version"],
        expected_players=form.expected_players(), entered_by=request.user, **form.record_values())


def _refused(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse({"status": "conflict" if status == 409 else "refused", "code": code,
                         "message": str(message)}, status=status)


def _table_post_json(request, event, number: int, table: int) -> JsonResponse:
    """The result form sent by the page's script (``Accept: application/json``), live or from the phone's
    offline queue (``static/arena/offline_queue.js``), answered in JSON.

    The same checks and service as the form: ``{"status": "saved", "message", "version", "next"}`` (200);
    ``refused`` (400: the form's errors, or a result the format refuses); ``conflict`` (409: saved meanwhile,
    re-paired, round closed; 404: no such table any more). A request with an ``Idempotency-Key`` already
    saved gets the same answer again and records nothing (:mod:`tournaments.idempotency`); the same key
    with other values is a conflict. ``X-Arena-Queued: 1`` (the queue's sends) adds no message to the next
    page: the queue shows its own.
    """
    fields = {key: values for key, values in request.POST.lists() if key != "csrfmiddlewaretoken"}
    cache_key = idempotency_cache_key(request, f"judge-table-{event.pk}-{number}-{table}")
    payload = payload_digest(fields)
    found, kept = answer_kept(cache_key, payload)
    if found == "other":
        return _refused(409, "idempotency_key_reused",
                        _("Esa «Idempotency-Key» ya se usó para otra carga de esta mesa; usá una clave nueva."))
    if found:
        return JsonResponse(kept)
    record = Table.objects.select_related("round").filter(
        round__event=event, round__number=number, table_number=table, is_bye=False).first()
    if record is None:
        return _refused(404, "table_gone", _("La mesa %(table)d de la ronda %(round)d ya no existe: la ronda se "
                                             "volvió a emparejar. Este resultado no se cargó.")
                        % {"table": table, "round": number})
    form = import_string(format_for(event).result_form).for_table(event, record, request.POST)
    if not form.is_valid():
        return _refused(400, "invalid", " ".join(str(e) for errors in form.errors.values() for e in errors))
    try:
        saved = _record(request, record, form)
    except ArenaError as exc:
        return _refused(exc.status if exc.status in (400, 409) else 409, exc.code, exc.message)
    answer = {"status": "saved", "message": form.saved_message(saved), "version": saved.version,
              "next": _pending_tables_url(event)}
    answer_remember(cache_key, payload, answer)
    if request.headers.get("X-Arena-Queued") != "1":
        messages.success(request, answer["message"])
    return JsonResponse(answer)


@require_POST
@event_role_required(permissions.JUDGE)
def table_time(request, event, number: int, table: int):
    """Give one table extra minutes (:func:`tournaments.services.match_time_extend`), back to its page."""
    match = get_object_or_404(Table, round__event=event, round__number=number, table_number=table)
    form = TimeExtensionForm(request.POST)
    back = redirect(reverse("judge:table", args=[event.pk, number, table]))
    if not form.is_valid():
        messages.error(request, _("Indicá los minutos (de 1 a 30) y el motivo del tiempo extra."))
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
