"""State changes of the rules app: decklists and deck checks (issue #6).

Each service is one ``transaction.atomic()`` block that locks the rows two
people could race on, calls the pure core (:mod:`rules.decks`) through
:mod:`rules.selectors`, writes the result and raises an
:class:`~tournaments.errors.ArenaError` subclass when the request is refused
— in which case nothing has changed.

Decklist life cycle: submitted (validated at once; every violation stored,
status legal/illegal) → locked when round 1 is paired (legal lists only)
→ changed afterwards only by a head judge, with a reason kept in the
history. Defaults taken where the rulebook is silent (noted in each
service): after round 1 is paired, players no longer submit lists
themselves; a judge enters late ones, and a legal late list locks at once.

Decklists online (issue #17): the organizer may close the players' own
submissions earlier (``Event.decklist_deadline``); judges still enter and
correct lists until round 1 as before. After the event the organizer
publishes the top decklists (:func:`decklists_publish`); until then no
player sees another player's list (:mod:`rules.publication`).
"""
from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from tournaments import selectors as tournament_selectors
from tournaments.enums import EventLogAction, EventState
from tournaments.models import Event, Registration, Round, Table
from tournaments.services.eventlog import event_log_append
from tournaments.services.locks import (
    deck_check_lock,
    decklist_lock,
    decklist_rows_lock,
    event_lock,
    registration_lock,
)

from . import deck_checks, selectors
from .enums import DecklistStatus
from .errors import DecklistError, DecklistLocked, NotAllowed, StateError
from .models import DeckCheck, Decklist, SealedPool
from .permissions import can_submit_decklist, is_head_judge, is_judge, is_organizer

#: History reasons (shown in the decklist's history).
REASON_SUBMITTED = "Lista cargada"
REASON_LOCKED = "Bloqueada al emparejar la ronda 1"
REASON_REVALIDATED = "Validada otra vez con el catálogo vigente"

#: Longest decklist text accepted, in characters (a 60-card list is ~1 KB).
MAX_TEXT = 20_000


#: Lists published after an event without a top cut: the first 8 of the final standings.
PUBLISHED_TOP_WITHOUT_CUT = 8


def _round_one_paired(event) -> bool:
    return Round.objects.filter(event=event, number=1).exists()


def _when(moment: datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "d/m/Y H:i")


def player_submission_closed(event: Event, *, now: datetime | None = None) -> str:
    """Why the players of ``event`` can no longer submit or change their own
    list (a Spanish sentence, voseo), or ``""`` while they can.

    Closed once the event finished, once round 1 is paired (issue #6 §5),
    and from ``event.decklist_deadline`` on (issue #17 §6; the deadline
    instant itself is already closed). Judges are not bound by this.
    """
    if event.state == EventState.FINISHED:
        return _("El evento ya finalizó; las listas no se modifican.")
    if _round_one_paired(event):
        return _("La ronda 1 ya se emparejó: pedile a un juez que cargue o corrija tu lista.")
    deadline = event.decklist_deadline
    if deadline is not None and (now or timezone.now()) >= deadline:
        return _("Las listas cerraron el %(when)s: pedile a un juez que cargue o corrija tu lista.") % {
            "when": _when(deadline)}
    return ""


def _apply_report(decklist: Decklist, report: selectors.DeckReport) -> None:
    decklist.format_key = report.format_key
    decklist.cards = report.cards
    decklist.violations = report.violations
    decklist.main_count = report.main_count
    decklist.validated_on = report.on_date
    decklist.status = DecklistStatus.LEGAL if report.legal else DecklistStatus.ILLEGAL


def _report_for(registration: Registration, text: str) -> selectors.DeckReport:
    event = registration.event
    profile, fmt = selectors.event_format(event)
    pool = selectors.pool_for(SealedPool.objects.filter(registration=registration).first())
    return selectors.deck_report(game_key=profile.key, text=text, fmt=fmt, on_date=event.date, pool=pool)


@transaction.atomic
def decklist_submit(*, registration: Registration, text: str, by, reason: str = "") -> Decklist:
    """Store (or replace) ``registration``'s decklist, validated at once.

    ``text`` is the list as written (one card per line); ``by`` the user
    submitting it; ``reason`` is required when a head judge changes a locked
    list and is kept in the history. The list is validated against the
    event's game, the format of the event's kind and the catalog (bans and
    reprint rules) in force on the event date; *every* violation is stored
    with its rule source, and ``status`` is legal or illegal.

    Returns the saved :class:`~rules.models.Decklist` (one per
    registration; earlier versions are in ``decklist.history``).

    Errors (nothing saved):

    - :class:`NotAllowed` — ``by`` is neither a judge of the event nor the
      registered player;
    - :class:`DecklistLocked` — the list is locked and ``by`` is not a head
      judge;
    - :class:`DecklistError` — empty or oversized text, a head judge's change
      without ``reason``, an unknown game;
    - :class:`StateError` — the event is finished, or round 1 is paired and
      ``by`` is the player (default: from then on judges enter late lists),
      or ``decklist_deadline_passed``: the organizer's deadline
      (``Event.decklist_deadline``) has come and ``by`` is the player;
    - :class:`~rules.errors.CatalogUnavailable` — inconsistent catalog.

    Each accepted submission is also a ``decklist_submit`` entry of the
    event log (status and card count before and after; never the text).

    Rule: 000_0014b2ac83da54b4.txt § "Armado de Mazos" (and the format's
    sources); locking: issue #6 §5; deadline: issue #17 §6.
    """
    event, registration, decklist = decklist_lock(registration)
    if not can_submit_decklist(by, registration):
        raise NotAllowed(
            "decklist_not_allowed",
            _("Sólo quien tiene la inscripción o un juez del evento pueden cargar esta lista."),
        )
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó; las listas no se modifican."))
    text = (text or "").replace("\r\n", "\n").strip()
    if not text:
        raise DecklistError("empty_decklist", _("La lista está vacía: pegá una carta por línea, p. ej. «4 Fasent»."))
    if len(text) > MAX_TEXT:
        raise DecklistError("decklist_too_long", _("La lista es demasiado larga."))
    round_one = _round_one_paired(event)
    judge = is_judge(by, event)
    change_reason = REASON_SUBMITTED
    if decklist is not None and decklist.locked:
        if not is_head_judge(by, event):
            raise DecklistLocked(
                "decklist_locked",
                _("La lista quedó bloqueada al emparejar la ronda 1; sólo el juez principal puede cambiarla."),
            )
        if not reason.strip():
            raise DecklistError(
                "reason_required", _("Para cambiar una lista bloqueada hace falta indicar el motivo.")
            )
        change_reason = _("Cambio del juez principal: %(reason)s") % {"reason": reason.strip()}
    elif round_one and not judge:
        raise StateError(
            "decklists_closed",
            _("La ronda 1 ya se emparejó: pedile a un juez que cargue o corrija tu lista."),
        )
    elif not judge and player_submission_closed(event):
        raise StateError("decklist_deadline_passed", player_submission_closed(event))
    elif reason.strip():
        change_reason = f"{REASON_SUBMITTED}: {reason.strip()}"
    report = _report_for(registration, text)
    now = timezone.now()
    before = {} if decklist is None else {"status": decklist.status, "main_count": decklist.main_count,
                                          "locked": decklist.locked}
    if decklist is None:
        decklist = Decklist(registration=registration)
    decklist.text = text
    _apply_report(decklist, report)
    decklist.submitted_by = by
    decklist.submitted_at = now
    if round_one and not decklist.locked and decklist.status == DecklistStatus.LEGAL:
        # Default: a legal list entered after round 1 (late entry) locks at once.
        decklist.locked = True
        decklist.locked_at = now
    decklist._change_reason = change_reason[:100]
    decklist._history_user = by
    decklist.save()
    player = registration.player
    event_log_append(
        event=event, action=EventLogAction.DECKLIST_SUBMIT, by=by,
        subject=f"{player.display_name} ({player.player_number})", before=before,
        after={"status": decklist.status, "main_count": decklist.main_count, "locked": decklist.locked},
        reason=change_reason,
    )
    return decklist


def decklist_preview(*, event: Event, text: str, registration: Registration | None = None) -> selectors.DeckReport:
    """Validate ``text`` as a list of ``event`` would be (the event's game,
    format and date; with ``registration``, also that player's sealed pool)
    without storing anything: the live check under the player's text area.

    Errors: :class:`DecklistError` (``decklist_too_long``, unknown game),
    :class:`~rules.errors.CatalogUnavailable`. Empty text is a report with
    the 60-card violation, not an error.
    """
    text = (text or "").replace("\r\n", "\n")
    if len(text) > MAX_TEXT:
        raise DecklistError("decklist_too_long", _("La lista es demasiado larga."))
    if registration is not None:
        return _report_for(registration, text)
    profile, fmt = selectors.event_format(event)
    return selectors.deck_report(game_key=profile.key, text=text, fmt=fmt, on_date=event.date)


def published_top(event: Event) -> list[dict]:
    """The registrations whose lists :func:`decklists_publish` makes public:
    ``[{"registration": id, "place": n}, …]``, best first.

    N is the top cut's size (the players who reached the cut, podium
    first), or :data:`PUBLISHED_TOP_WITHOUT_CUT` (8) when the event has no
    cut; fewer when fewer players finished. Order and places are the final
    standings (DESIGN.md decision 20: podium, then the cut's losers stage by
    stage, then the rest); disqualified players are left out. Default taken
    (the rulebooks do not speak of publishing lists).
    """
    size = event.cut_size or PUBLISHED_TOP_WITHOUT_CUT
    rows = [
        final for final in tournament_selectors.final_rows(event)
        if not getattr(final.row, "disqualified", False)
    ]
    return [{"registration": final.row.registration_id, "place": final.place} for final in rows[:size]]


@transaction.atomic
def decklists_publish(*, event: Event | int, by) -> Event:
    """Publish the top decklists of a finished event (issue #17 §6).

    Stores the top (:func:`published_top`) in ``event.decklists_published``
    with who and when; from then on those lists are public
    (:mod:`rules.publication`). Publishing again recomputes the top (after a
    late correction of the podium). Logged as ``decklists_publish``.

    Errors (nothing changed): :class:`NotAllowed` unless ``by`` is an
    organizer of the event's venue; :class:`StateError`
    ``event_not_finished`` before the event finished.
    """
    event = event_lock(event)
    if not is_organizer(by, event):
        raise NotAllowed("decklists_publish_not_allowed",
                         _("Sólo un organizador de la sede publica las listas del evento."))
    if event.state != EventState.FINISHED:
        raise StateError("event_not_finished",
                         _("Las listas del top se publican cuando el evento ya finalizó."))
    before = {"published_at": event.decklists_published_at.isoformat() if event.decklists_published_at else None,
              "registrations": [row["registration"] for row in event.decklists_published]}
    event.decklists_published = published_top(event)
    event.decklists_published_at = timezone.now()
    event.decklists_published_by = by if getattr(by, "pk", None) else None
    event.save(update_fields=["decklists_published", "decklists_published_at", "decklists_published_by"])
    event_log_append(
        event=event, action=EventLogAction.DECKLISTS_PUBLISH, by=by, subject=event.name,
        before=before,
        after={"published_at": event.decklists_published_at.isoformat(),
               "registrations": [row["registration"] for row in event.decklists_published]},
    )
    return event


@transaction.atomic
def decklists_lock(*, event) -> int:
    """Lock the legal, unlocked decklists of ``event``; returns how many.

    Called on :data:`tournaments.signals.round_paired`
    (:mod:`rules.receivers`) inside the pairing transaction when round 1 is
    paired. Illegal lists stay unlocked so a
    judge can correct them (the penalty is the penalties module's call).
    Each locked list gets a history row ("Bloqueada al emparejar la
    ronda 1"). Idempotent: a second call locks nothing more.
    """
    now = timezone.now()
    pending = decklist_rows_lock(
        Decklist.objects.filter(status=DecklistStatus.LEGAL, locked=False).order_by("pk"), event=event)
    for decklist in pending:
        decklist.locked = True
        decklist.locked_at = now
    if pending:
        bulk_update_with_history(
            pending, Decklist, ["locked", "locked_at"], default_change_reason=REASON_LOCKED
        )
    return len(pending)


@transaction.atomic
def decklist_revalidate(*, decklist: Decklist, by=None) -> Decklist:
    """Validate a stored list again (after an organizer changed the catalog
    or the ban list). The text and the lock are unchanged; status,
    violations and the parsed cards are refreshed and the change is kept in
    the history. Returns the decklist."""
    _event, _registration, decklist = decklist_lock(
        Decklist.objects.filter(pk=decklist.pk).values_list("registration_id", flat=True).get())
    decklist = Decklist.objects.select_related("registration__event__game").get(pk=decklist.pk)
    _apply_report(decklist, _report_for(decklist.registration, decklist.text))
    decklist._change_reason = REASON_REVALIDATED
    if by is not None:
        decklist._history_user = by
    decklist.save()
    return decklist


def registered_text_now(registration: Registration, decklist: Decklist | None) -> str | None:
    """The registered list's text with the damaged-card replacements of the
    earlier deck checks applied, oldest first (R-000-92: they last "hasta el
    final del torneo"); ``None`` without a registered list."""
    if decklist is None:
        return None
    text = decklist.text
    for check in DeckCheck.objects.filter(registration=registration).order_by("created_at", "pk"):
        for row in check.amendments:
            try:
                text = deck_checks.amend_text(text, card=row["card"], kind=row["kind"], gem=row.get("gem", ""))
            except deck_checks.DeckCheckError:
                continue  # the registered list changed since (head judge): that replacement no longer applies
    return text


def _finding_rows(findings, *, round_one_paired: bool) -> list[dict]:
    rows = []
    for item in findings or ():
        code = str(item.get("code") or "").strip()
        card = str(item.get("card") or "").strip()
        note = str(item.get("note") or "").strip()
        try:
            action = deck_checks.finding_action(code, round_one_paired=round_one_paired)
        except deck_checks.DeckCheckError as exc:
            raise DecklistError(exc.code, _("Ítem de chequeo desconocido: «%(code)s».") % {"code": code}) from exc
        finding = deck_checks.FINDINGS[code]
        if finding.needs_card and not card:
            raise DecklistError("finding_card_required", _("Indicá la carta de cada ítem que la necesita "
                                                           "(marcada, falsificada, autografiada, reverso)."))
        rows.append({"code": code, "card": card, "note": note, "action": action, "source": finding.source})
    return rows


def _amendment_rows(amendments, *, registration: Registration, base: str | None) -> list[dict]:
    if not amendments:
        return []
    if base is None:
        raise DecklistError("amend_without_list", _("Sin lista registrada no se puede anotar un reemplazo."))
    event = registration.event
    profile, fmt = selectors.event_format(event)
    pool = selectors.pool_for(SealedPool.objects.filter(registration=registration).first())
    rows, text = [], base
    for item in amendments:
        card, kind, gem = (str(item.get(k) or "").strip() for k in ("card", "kind", "gem"))
        try:
            text = deck_checks.amend_text(text, card=card, kind=kind, gem=gem)
        except deck_checks.DeckCheckError as exc:
            messages = {
                "card_not_in_deck": _("«%(card)s» no está en el mazo principal de la lista registrada."),
                "not_a_basic_gem": _("«%(gem)s» no es una gema básica (Híbrida, Índica, Sativa, Ancient, "
                                     "Ruderalis)."),
                "unknown_amendment": _("Reemplazo desconocido."),
            }
            message = messages.get(exc.code, _("Reemplazo inválido.")) % {"card": card, "gem": gem}
            raise DecklistError(exc.code, message) from exc
        report = selectors.deck_report(game_key=profile.key, text=text, fmt=fmt, on_date=event.date, pool=pool)
        rows.append({
            "card": card, "kind": kind,
            "gem": deck_checks.basic_gem(gem) if kind == deck_checks.BASIC_GEM else "",
            "count": report.main_count, "violations": report.violations, "source": deck_checks.PROXYS,
        })
    return rows


def _decision_check(judge, event, decision: str) -> str:
    decision = (decision or "").strip()
    if decision and not is_head_judge(judge, event):
        raise NotAllowed("deck_check_decision_not_allowed",
                         _("Sólo el juez principal registra la decisión sobre cartas o fundas."))
    return decision


@transaction.atomic
def deck_check_record(
    *,
    registration: Registration,
    judge,
    counted_cards: int | None = None,
    counted_text: str = "",
    discrepancies: str = "",
    round: Round | None = None,  # noqa: A002 — the domain word
    match: Table | None = None,
    table_number: int | None = None,
    game_number: int | None = None,
    findings: list[dict] | None = None,
    amendments: list[dict] | None = None,
    decision: str = "",
) -> DeckCheck:
    """Record a judge's deck check of ``registration`` at a table.

    ``counted_cards`` is the number of cards counted in the main deck;
    ``counted_text`` optionally lists the deck as counted (decklist format):
    it is then validated against the registered list and the format, and
    every difference is stored in ``violations`` (unregistered cards, more
    copies or cards than registered — rules.decks.MatchesRegistered — plus
    the format's own rules). ``discrepancies`` are the judge's notes
    (marked cards, sleeves: R-000-83). ``game_number`` is the game of the
    match in which the deck was counted. When
    ``match`` is given, its round and table fill ``round``/``table_number``.
    The penalty that follows is the penalties module's work (issue #7).

    ``findings``: the checklist items that failed, each ``{"code", "card",
    "note"}`` with a code of :data:`rules.deck_checks.FINDINGS` (card
    required for card items); each is stored with the action that must
    follow (a counterfeit: replaced before round 1, or before continuing once
    round 1 is paired) and its rule. ``amendments``: damaged cards replaced
    for the rest of the event, each ``{"card", "kind": "basic_gem" |
    "judge_proxy", "gem"}``; the registered list (with earlier replacements)
    is rewritten and validated again, and each row keeps the resulting deck
    size and violations (R-000-92: the deck stays 60 and valid). The
    registered list compared with ``counted_text`` includes the earlier
    replacements. ``decision``: the head judge's word (R-000-83).

    Errors: :class:`NotAllowed` when ``judge`` is not a judge of the event,
    or gives a ``decision`` without being its head judge;
    :class:`DecklistError` when ``match`` is not this player's match, the
    round is of another event, a finding code is unknown or lacks its card,
    or a replacement names a card not in the registered main deck or a gem
    that is not basic.
    Rule: 000_0014b2ac83da54b4.txt § "10.2.5. Cartas" and its subsections.
    """
    # The event, then the registration: a check is recorded against the list as it stands.
    event, registration = registration_lock(registration)
    if not is_judge(judge, event):
        raise NotAllowed("deck_check_not_allowed", _("Sólo un juez del evento registra chequeos de mazo."))
    if match is not None:
        if registration.pk not in match.registration_ids:
            raise DecklistError("match_mismatch", _("Ese emparejamiento no es de este jugador."))
        round = match.round
        table_number = table_number or match.table_number
    if round is not None and round.event_id != event.pk:
        raise DecklistError("round_mismatch", _("Esa ronda es de otro evento."))
    decision = _decision_check(judge, event, decision)
    decklist = Decklist.objects.filter(registration=registration).first()
    registered = registered_text_now(registration, decklist)
    finding_rows = _finding_rows(findings, round_one_paired=_round_one_paired(event))
    amendment_rows = _amendment_rows(amendments, registration=registration, base=registered)
    violations: list[dict] = []
    counted_text = (counted_text or "").strip()
    if counted_text:
        profile, fmt = selectors.event_format(event)
        report = selectors.deck_report(
            game_key=profile.key,
            text=counted_text,
            fmt=fmt,
            on_date=event.date,
            pool=selectors.pool_for(SealedPool.objects.filter(registration=registration).first()),
            registered=registered,
        )
        violations = report.violations
        if counted_cards is None:
            counted_cards = report.main_count
    if decklist is not None and counted_cards is not None and counted_cards != decklist.main_count:
        codes = {v["code"] for v in violations}
        if "more_cards_than_registered" not in codes:
            violations.append(
                {
                    "code": "count_differs",
                    "message": _("Se contaron %(counted)d cartas; la lista registrada tiene %(registered)d.")
                    % {"counted": counted_cards, "registered": decklist.main_count},
                    "source": 'Arena: chequeo de mazo (issue #6 § "Registration flow")',
                    "card": None,
                    "line": None,
                    "lines": [],
                    "count": counted_cards,
                    "limit": decklist.main_count,
                }
            )
    return DeckCheck.objects.create(
        registration=registration,
        decklist=decklist,
        judge=judge,
        round=round,
        match=match,
        table_number=table_number,
        game_number=game_number,
        counted_cards=counted_cards,
        counted_text=counted_text,
        discrepancies=(discrepancies or "").strip(),
        violations=violations,
        findings=finding_rows,
        amendments=amendment_rows,
        decision=decision,
        decision_by=judge if decision else None,
        decision_at=timezone.now() if decision else None,
    )


@transaction.atomic
def deck_check_decide(*, check: DeckCheck, by, decision: str) -> DeckCheck:
    """Record the head judge's decision on a deck check (R-000-83: "El juez
    principal es la autoridad final"). A later decision replaces the earlier
    one; who and when are kept.

    Errors: :class:`NotAllowed` unless ``by`` is the event's head judge (or
    an organizer); :class:`DecklistError` ``decision_required`` when empty.
    """
    event, check = deck_check_lock(check)
    if not is_head_judge(by, event):
        raise NotAllowed("deck_check_decision_not_allowed",
                         _("Sólo el juez principal registra la decisión sobre cartas o fundas."))
    decision = (decision or "").strip()
    if not decision:
        raise DecklistError("decision_required", _("Escribí la decisión."))
    check.decision, check.decision_by, check.decision_at = decision, by, timezone.now()
    check.save(update_fields=["decision", "decision_by", "decision_at"])
    return check
