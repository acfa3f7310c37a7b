"""Penalty log services: issue, revise, and apply the consequences (issue #7).

The pure ladder (:mod:`rules.penalties`) decides the penalty from the
infraction and the player's record in the event; these services store the
decision and apply what it does to the tournament, each in one transaction:

- a game loss changes the match result (a provisional score while the match
  goes on, the final result when it decides the match);
- a match loss, tardiness or a disqualification during a match forfeits the
  rest of it: finished games stand, the rest go to the opponent (DESIGN.md
  decision 10, RULES-TRACE ambiguity 26);
- a disqualification drops the player for the rest of the day; results
  already played still count for opponents' tiebreakers; the player leaves
  the top cut and the podium and the next player moves up.

Rule: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces", § "10.1. Desarrollo de
las Rondas Suizas", § "10.2.5. Cartas"; 001_eff5eaaa4c47c954.txt §
"Penalidades".
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import penalties as ladder

from . import services
from .enums import EventState, MatchStatus, RoundPhase, RoundState, SeatOutcomeHow
from .errors import ArenaError, NotAllowed, StateError
from .formats import format_for
from .formats.base import GAME_RESULTS
from .models import Event, MatchRuling, Penalty, PenaltyRevision, Registration, Table
from .services.eventlog import event_log_append
from .services.locks import event_lock, penalty_lock, registration_lock, table_lock
from .swiss.results import tardiness_step
from .text import score_text


def requires_exact_60(event: Event) -> bool:
    """Whether the event's deck format requires exactly 60 cards (the deck-size DQ applies).

    Read from the game's deck format for the event's kind (:mod:`rules.decks`),
    so the deck check and the ladder agree. Rule: 000_0014b2ac83da54b4.txt
    § "Armado de Mazos" (R-000-20); Default: RULES-TRACE ambiguity 28.
    """
    profile = event.profile
    if profile is None:
        return True
    return profile.format_for_event_kind(event.kind).exact_size == 60

_SCORE_CONSEQUENCES = frozenset({
    ladder.Consequence.LOSE_CURRENT_GAME, ladder.Consequence.LOSE_GAME_1, ladder.Consequence.LOSE_MATCH_0_2,
    ladder.Consequence.FORFEIT_MATCH, ladder.Consequence.DISQUALIFY_FROM_EVENT, ladder.Consequence.LOSE_COMBAT,
})

_ERRORS = {
    "unknown_game": gettext_lazy("Este juego no tiene escalera de penalidades."),
    "unknown_infraction": gettext_lazy("Infracción desconocida para este juego."),
    "already_disqualified": gettext_lazy("El jugador ya está descalificado."),
    "penalty_not_allowed": gettext_lazy(
        "Esa penalidad no corresponde a esta infracción; usá la revisión del juez principal."
    ),
    "minutes_late_required": gettext_lazy("Indicá los minutos de demora."),
    "invalid_minutes_late": gettext_lazy("Los minutos de demora no pueden ser negativos."),
    "combat_required": gettext_lazy("Indicá la ronda y el combate en que ocurrió."),
    "reason_required": gettext_lazy("La revisión necesita un motivo."),
    "same_penalty": gettext_lazy("La penalidad ya es esa."),
    "penalty_not_in_ladder": gettext_lazy("Esa penalidad no existe en la escalera de este juego."),
}


def _arena_error(exc: ladder.PenaltyError) -> ArenaError:
    return ArenaError(exc.code, str(_ERRORS.get(exc.code, str(exc))))


def current_match(registration: Registration) -> Table | None:
    """The registration's match in the event's open round (byes and pods excluded), or ``None``."""
    if format_for(registration.event).table_results != GAME_RESULTS:
        return None  # a pod has no match score for a penalty to change
    rnd = registration.event.rounds.filter(state=RoundState.PAIRED).order_by("-number").first()
    if rnd is None:
        return None
    return (
        Table.objects.filter(round=rnd, is_bye=False, seats__registration=registration)
        .select_related("round")
        .first()
    )


def penalty_record(registration: Registration) -> ladder.PenaltyRecord:
    """The player's earlier penalties in this event, oldest first, as the ladder reads them."""
    rows = registration.penalties.select_related("round").order_by("issued_at", "pk")
    return ladder.PenaltyRecord(tuple(
        ladder.PriorPenalty(
            code=p.infraction_code,
            penalty_type=ladder.PenaltyType(p.penalty_type),
            round_number=p.round.number if p.round else None,
            game_number=p.game_number,
            counts_as_warning=p.counts_as_warning,
        )
        for p in rows
    ))


def score_after(match: Table, registration: Registration, consequences, game_number: int | None):
    """The match score once ``consequences`` apply to ``registration``, or ``None`` if unchanged.

    Finished games stand; ``game_number`` is the 1-based game in progress
    (anything else: the next game). Returns a :class:`rules.penalties.MatchScore`.
    Raises :class:`ArenaError` ``score_conflict`` when the penalty does not
    fit the score recorded so far (e.g. tardiness after games were played).
    """
    if not set(consequences) & _SCORE_CONSEQUENCES:
        return None
    played = match.games_a + match.games_b + match.games_drawn
    current = game_number if game_number and game_number == played + 1 else None
    try:
        score = ladder.apply_to_match(
            match.games_a, match.games_b, match.games_drawn, match.round.event.best_of,
            match.player_a_id == registration.pk, consequences, current,
        )
    except ladder.PenaltyInvariantError as exc:
        raise ArenaError(
            "score_conflict",
            _("La penalidad no encaja con el marcador actual de la mesa (%(score)s): %(why)s")
            % {"score": score_text(match.games_a, match.games_b, match.games_drawn), "why": exc},
        ) from exc
    if (score.games_a, score.games_b, score.games_drawn) == (match.games_a, match.games_b, match.games_drawn):
        return None
    return score


_FORFEITS = frozenset({ladder.Consequence.FORFEIT_MATCH, ladder.Consequence.DISQUALIFY_FROM_EVENT})


def result_saved_at(match: Table | None, game_number: int | None) -> bool:
    """Whether a penalty names game ``game_number`` of ``match`` whose result is already saved.

    That is the case of a judge who logs the disqualification after the
    slip was entered: the infraction happened during that game.
    """
    if match is None or match.status == MatchStatus.PENDING or not game_number:
        return False
    return 1 <= game_number <= match.games_a + match.games_b + match.games_drawn


def score_rewrite(match: Table, registration: Registration, consequences, game_number: int,
                  earlier_games: tuple[int, int, int] | None = None):
    """The finished match rewritten for a forfeit recorded after its result was saved.

    DESIGN.md decision 10: the games finished before game ``game_number``
    (the game in which the infraction happened) stand, that game and every
    remaining one go to the opponent. A 2-0 win by the disqualified player,
    infraction in game 2, becomes 1-2; in game 1, 0-2. A disqualification
    for something done after the match ended names no game and leaves the
    result as it is (a DQ between rounds loses no game, RULES-TRACE
    ambiguity 26). Returns a :class:`rules.penalties.MatchScore`, or
    ``None`` when nothing forfeits the match or the score does not change.

    ``earlier_games`` is what the judge says of the games finished before
    game ``game_number``: ``(won by the penalized player, won by the
    opponent, drawn)``. Without it the saved totals must tell
    (:func:`rules.penalties.games_before`); when they do not (2-1 with the
    infraction in game 2) :class:`ArenaError` ``games_order_unknown`` asks
    for it. ``earlier_games_mismatch`` when it does not fit the saved
    result.
    """
    if not set(consequences) & _FORFEITS:
        return None
    best_of = match.round.event.best_of
    is_a = match.player_a_id == registration.pk
    if earlier_games is not None:
        pen, opp, drawn = earlier_games
        saved_pen, saved_opp = (match.games_a, match.games_b) if is_a else (match.games_b, match.games_a)
        if min(pen, opp, drawn) < 0 or pen + opp + drawn != game_number - 1 or pen > saved_pen \
                or opp > saved_opp or drawn > match.games_drawn:
            raise ArenaError(
                "earlier_games_mismatch",
                _("El marcador antes de la infracción (%(p)d-%(o)d-%(d)d) no encaja con el resultado cargado "
                  "(%(score)s) y la partida %(g)d: debe sumar %(n)d partidas.")
                % {"p": pen, "o": opp, "d": drawn, "score": score_text(match.games_a, match.games_b, match.games_drawn),
                   "g": game_number, "n": game_number - 1},
            )
        before = (pen, opp, drawn) if is_a else (opp, pen, drawn)
    else:
        before = ladder.games_before(match.games_a, match.games_b, match.games_drawn, best_of, game_number)
    if before is None:
        raise ArenaError(
            "games_order_unknown",
            _("El resultado cargado (%(score)s) no dice quién ganó las partidas anteriores a la "
              "partida %(g)d. Indicá el marcador antes de la infracción (partidas del jugador sancionado, "
              "del rival y empatadas).")
            % {"score": score_text(match.games_a, match.games_b, match.games_drawn), "g": game_number},
        )
    try:
        score = ladder.apply_to_match(*before, best_of, is_a, consequences, game_number)
    except ladder.PenaltyInvariantError as exc:  # pragma: no cover - games_before keeps the index valid
        raise ArenaError("score_conflict", str(exc)) from exc
    if (score.games_a, score.games_b, score.games_drawn) == (match.games_a, match.games_b, match.games_drawn):
        return None
    return score


#: The infraction of a Breeder who never came to the table (:mod:`rules.penalties.weed_monsters`).
NO_SHOW = "no_show"


def seat_loss(penalty: Penalty, match: Table, score, minutes_late: float | None = None) -> dict:
    """How the penalized player's seat lost, as a duel entry's side values (issue #25).

    The keys are those :func:`~tournaments.services.results.duel_seats` reads.

    ``match`` holds the score before the penalty, ``score`` the one it
    imposes. Tardiness stores its minutes (whole minutes, rounded up, so
    10.5 stays "more than 10") and, past 10, the seat is ``late``; a
    no-show (``no_show``) is ``absent``; any other penalty that ends the
    match before a game was played, with the player losing, is
    ``penalty``. Empty when the seat played. Rule: 000_0014b2ac83da54b4.txt
    § "10.1. Desarrollo de las Rondas Suizas"; Default: DESIGN.md
    decisions 9, 10 and 15.
    """
    side = "a" if penalty.registration_id == match.player_a_id else "b"
    out: dict = {}
    step = tardiness_step(minutes_late) if penalty.infraction_code == "tardiness" else "on_time"
    if step != "on_time":
        out[f"minutes_late_{side}"] = math.ceil(minutes_late)
    if not score.finished or step == "match":
        return out
    own, other = (score.games_a, score.games_b) if side == "a" else (score.games_b, score.games_a)
    if own >= other:
        return out
    if penalty.infraction_code == NO_SHOW:
        out[f"how_{side}"] = SeatOutcomeHow.ABSENT
    elif own == 0 and match.games_a + match.games_b + match.games_drawn == 0:
        out[f"how_{side}"] = SeatOutcomeHow.PENALTY
    return out


def _record_score(penalty: Penalty, match: Table, score, by, minutes_late: float | None = None) -> None:
    """Write the score a penalty imposes: final if it decides the match, else provisional.

    The entry records how the penalized player lost (:func:`seat_loss`).
    """
    if score is None:
        return
    seats, _rest = services.duel_seats({"games_a": score.games_a, "games_b": score.games_b,
                               **seat_loss(penalty, match, score, minutes_late)})
    services.table_result_record(
        table=match, seats=seats, games_drawn=score.games_drawn, provisional=not score.finished, entered_by=by,
        note=_("Penalidad: %(p)s") % {"p": penalty.message[:200]},
    )


@dataclass(frozen=True)
class PenaltyPlan:
    """What :func:`penalty_issue` would do now: the ladder's decision, the
    match in progress (``None`` between rounds), and the score it imposes
    (``None`` when the score does not change)."""

    decision: ladder.PenaltyDecision
    match: Table | None
    in_match: bool
    score: object | None


def penalty_plan(
    registration: Registration,
    *,
    infraction_code: str,
    minutes_late: float | None = None,
    head_judge_disqualifies: bool = False,
    chosen_penalty: str | None = None,
    game_number: int | None = None,
    hearts_before: int | None = None,
    deck_count: int | None = None,
    earlier_games: tuple[int, int, int] | None = None,
) -> PenaltyPlan:
    """Decide a penalty without storing it (the judge's preview and the service share it).

    The ladder of the event's game reads the player's record in the event,
    whether a match is in progress, and the format's 60-card rule. A
    ``game_number`` that names a game of a match whose result is already
    saved counts as "during the match": a disqualification then rewrites
    the match (:func:`score_rewrite`). Raises :class:`ArenaError` with the
    ladder's code, ``score_conflict`` or ``games_order_unknown``.
    """
    event = registration.event
    match = current_match(registration)
    saved = result_saved_at(match, game_number)
    in_match = match is not None and (match.status == MatchStatus.PENDING or saved)
    try:
        decision = ladder.decide(
            event.game.key,
            infraction_code,
            penalty_record(registration),
            minutes_late=minutes_late,
            head_judge_disqualifies=head_judge_disqualifies,
            chosen_penalty=chosen_penalty or None,
            in_match=in_match,
            round_number=match.round.number if match else None,
            game_number=game_number,
            hearts_before=hearts_before,
            deck_count=deck_count,
            exact_60_required=requires_exact_60(event),
        )
    except ladder.PenaltyError as exc:
        raise _arena_error(exc) from exc
    if saved:
        score = score_rewrite(match, registration, decision.consequences, game_number, earlier_games)
    else:
        score = score_after(match, registration, decision.consequences, game_number) if in_match else None
    return PenaltyPlan(decision=decision, match=match, in_match=in_match, score=score)


def _disqualify(registration: Registration) -> None:
    played = registration.event.rounds.filter(phase=RoundPhase.SWISS).count()
    registration.disqualified = True
    registration.dropped = True
    registration.dropped_after_round = registration.dropped_after_round or played
    registration.save(update_fields=["disqualified", "dropped", "dropped_after_round"])
    if registration.event.state == EventState.FINISHED:
        services.event_podium_recompute(event=registration.event)


def _store(decision: ladder.PenaltyDecision, registration: Registration, match: Table | None, *, game_number,
           notes: str, by, ruling_id: str = "") -> Penalty:
    return Penalty.objects.create(
        event=registration.event,
        registration=registration,
        round=match.round if match else registration.event.rounds.order_by("-number").first(),
        match=match,
        game_number=game_number,
        in_match=decision.in_match,
        infraction_code=decision.infraction_code,
        penalty_type=str(decision.penalty_type),
        original_type=str(decision.penalty_type),
        consequences=[str(c) for c in decision.consequences],
        counts_as_warning=decision.counts_as_warning,
        warning_count_after=decision.warning_count_after,
        message=decision.message_es,
        source=decision.source,
        notes=notes,
        incident=decision.linked_incident or "",
        ruling_id=ruling_id,
        issued_by=by if getattr(by, "pk", None) else None,
    )


def _issue_locks(registration: Registration) -> tuple[Event, Table | None, Registration]:
    """The stated lock order (:mod:`tournaments.services.locks`): the event, then the
    player's current match (the one a penalty may forfeit or rewrite), then the registration."""
    event = event_lock(Registration.objects.filter(pk=registration.pk).values_list("event_id", flat=True).get())
    match = current_match(registration)
    if match is not None:
        _event, match = table_lock(match, event=event)
    _event, registration = registration_lock(registration, event=event)
    return event, match, registration


@transaction.atomic
def penalty_issue(
    *,
    registration: Registration,
    infraction_code: str,
    issued_by=None,
    minutes_late: float | None = None,
    head_judge_disqualifies: bool = False,
    chosen_penalty: str | None = None,
    game_number: int | None = None,
    hearts_before: int | None = None,
    deck_count: int | None = None,
    earlier_games: tuple[int, int, int] | None = None,
    notes: str = "",
    ruling_id: str = "",
    consulted_judges=(),
) -> Penalty:
    """Record a penalty for ``registration`` and apply its consequences.

    The ladder of the event's game decides from the infraction and the
    player's record (the third Warning of the day loses the current game and
    disqualifies). ``game_number`` is the 1-based game in progress
    (Blobbiemundo: the combat); without it a game loss costs the next game.
    ``minutes_late`` (minutes) serves tardiness, ``deck_count`` (cards) the
    deck-size infraction, ``hearts_before`` the −5 hearts step. A penalty
    that ends the match records how the player's seat lost with the result
    (:func:`seat_loss`: more than 10 minutes late, a no-show, or a penalty
    before any game), which the participation rule reads (DESIGN.md
    decision 15). A
    ``game_number`` of a match whose result is already saved rewrites it for
    a disqualification (:func:`score_rewrite`, with ``earlier_games`` when
    the saved totals do not tell the earlier games).

    ``consulted_judges`` (users) are the event's judges the issuing judge
    consulted (000_0014b2ac83da54b4.txt § "10.3. Los Jueces": "meditadas, y
    consultadas si lo amerita"); the issuing judge is left out of them. They
    are stored on the penalty and in the event log entry.

    Returns the stored :class:`Penalty`. Raises :class:`ArenaError` with the
    ladder's code (``unknown_infraction``, ``already_disqualified``…),
    ``score_conflict`` or ``consulted_not_judge`` (a consulted user who does
    not judge the event), and :class:`StateError` when the event is finished
    and the penalty would change a result.
    """
    _event, _match, registration = _issue_locks(registration)
    consulted = consulted_judges_check(registration.event, consulted_judges, issued_by)
    plan = penalty_plan(
        registration, infraction_code=infraction_code, minutes_late=minutes_late,
        head_judge_disqualifies=head_judge_disqualifies, chosen_penalty=chosen_penalty, game_number=game_number,
        hearts_before=hearts_before, deck_count=deck_count, earlier_games=earlier_games,
    )
    penalty = _store(plan.decision, registration, plan.match, game_number=game_number, notes=notes, by=issued_by,
                     ruling_id=ruling_id)
    if consulted:
        penalty.consulted_judges.set(consulted)
    _record_score(penalty, plan.match, plan.score, issued_by, minutes_late)
    if plan.decision.is_disqualification:
        _disqualify(registration)
    after = {"penalty": penalty.penalty_type, "infraction": penalty.infraction_code,
             "consequences": list(penalty.consequences)}
    if consulted:
        after["consulted_judges"] = sorted(u.get_username() for u in consulted)
    event_log_append(event=registration.event_id, action="penalty_issue", by=issued_by,
                     subject=registration.player.display_name, after=after, reason=notes)
    return penalty


def consulted_judges_check(event: Event, users, issued_by=None) -> list:
    """The consulted judges of a penalty in ``event``: distinct users, the
    issuing judge left out, each a judge of the event (its judges, head
    judge or organizers: :func:`tournaments.permissions.is_judge`).

    Raises :class:`ArenaError` ``consulted_not_judge`` naming the first user
    who does not judge the event. Rule: 000_0014b2ac83da54b4.txt § "10.3.
    Los Jueces" (R-000-97).
    """
    from .permissions import is_judge

    seen, out = set(), []
    for user in users or ():
        if user is None or user.pk in seen or (issued_by is not None and user.pk == getattr(issued_by, "pk", None)):
            continue
        if not is_judge(user, event):
            raise ArenaError("consulted_not_judge",
                             _("%(user)s no es juez de este evento: sólo se registran consultas a sus jueces.")
                             % {"user": user.get_username()})
        seen.add(user.pk)
        out.append(user)
    return out


def _revision_score(penalty: Penalty, registration: Registration, consequences, by) -> None:
    """Apply a revision's new score consequences to the penalty's match, as issuing them would.

    Only the match of the round in progress changes: while it is played
    (:func:`score_after`) or, its result saved, when the penalty names the
    game it happened in (:func:`score_rewrite`). A match of a closed round
    keeps its result; the head judge corrects it with its own history.
    """
    match = current_match(registration)
    if match is None or (penalty.match_id is not None and penalty.match_id != match.pk):
        return
    if match.status == MatchStatus.PENDING:
        _record_score(penalty, match, score_after(match, registration, consequences, penalty.game_number), by)
    elif result_saved_at(match, penalty.game_number):
        _record_score(penalty, match, score_rewrite(match, registration, consequences, penalty.game_number), by)


@transaction.atomic
def penalty_revise(*, penalty: Penalty, new_type: str, reason: str, revised_by=None) -> Penalty:
    """The head judge upgrades or downgrades ``penalty`` with a reason (kept as a revision).

    The ladder applies as issuing would: the revision is counted against
    the player's other penalties, so revising into the third Warning of the
    day becomes the disqualification that loses the current game
    (000_0014b2ac83da54b4.txt § "10.3. Los Jueces", DESIGN.md decision
    10). Each revision is one :class:`PenaltyRevision` row (from, to,
    consequences, message, source, reason); the penalty keeps its current
    values, and no field grows with the number of revisions.

    An upgrade to disqualification disqualifies the player (and forfeits
    the match if it is still being played, or rewrites it when its result
    is saved and the penalty names the game); a new game loss changes the
    match score the same way; a downgrade from
    disqualification lets the player back into the Swiss rounds. Game
    scores already changed are not undone automatically: the judge corrects
    the result, which keeps its own history.

    Raises :class:`ArenaError` (``reason_required``, ``same_penalty``,
    ``penalty_not_in_ladder``; ``games_order_unknown`` when a saved 2-1
    would have to be rewritten from a game whose earlier games the slip
    does not tell — then nothing changes).
    """
    _event, penalty = penalty_lock(penalty)
    decision = ladder.PenaltyDecision(
        penalty_type=ladder.PenaltyType(penalty.penalty_type),
        consequences=tuple(ladder.Consequence(c) for c in penalty.consequences),
        source=penalty.source,
        message_es=penalty.message,
        warning_count_after=penalty.warning_count_after,
        game=penalty.event.game.key,
        infraction_code=penalty.infraction_code,
        counts_as_warning=penalty.counts_as_warning,
        in_match=penalty.in_match,
    )
    registration = penalty.registration
    others = penalty_record(registration)
    mine = [p.pk for p in registration.penalties.order_by("issued_at", "pk")].index(penalty.pk)
    others = ladder.PenaltyRecord(others.entries[:mine] + others.entries[mine + 1:])
    try:
        revised = ladder.revise(decision, new_type, reason, record=others,
                                round_number=penalty.round.number if penalty.round else None,
                                game_number=penalty.game_number)
    except ladder.PenaltyError as exc:
        raise _arena_error(exc) from exc
    PenaltyRevision.objects.create(
        penalty=penalty, from_type=penalty.penalty_type, to_type=str(revised.penalty_type), reason=reason.strip(),
        consequences=[str(c) for c in revised.consequences], message=revised.message_es, source=revised.source,
        revised_by=revised_by if getattr(revised_by, "pk", None) else None,
    )
    event_log_append(event=penalty.registration.event_id, action="penalty_revise", by=revised_by,
                     subject=penalty.registration.player.display_name, before={"penalty": penalty.penalty_type},
                     after={"penalty": str(revised.penalty_type)}, reason=reason.strip())
    was_dq = ladder.Consequence.DISQUALIFY_FROM_EVENT in decision.consequences
    penalty.penalty_type = str(revised.penalty_type)
    penalty.consequences = [str(c) for c in revised.consequences]
    penalty.counts_as_warning = revised.counts_as_warning
    penalty.warning_count_after = revised.warning_count_after
    penalty.message = revised.message_es
    penalty.source = revised.source
    penalty.save()
    newly = set(revised.consequences) - set(decision.consequences)
    if newly & _SCORE_CONSEQUENCES and not registration.disqualified:
        _revision_score(penalty, registration, revised.consequences, revised_by)
    if revised.is_disqualification and not registration.disqualified:
        _disqualify(registration)
    elif was_dq and not revised.is_disqualification and registration.disqualified:
        if registration.event.state in (EventState.TOP_CUT, EventState.FINISHED):
            raise StateError("swiss_over", _("Las rondas suizas terminaron: el jugador no puede volver al evento."))
        registration.disqualified = False
        registration.dropped = False
        registration.dropped_after_round = None
        registration.save(update_fields=["disqualified", "dropped", "dropped_after_round"])
    return penalty


@transaction.atomic
def match_ruling_attach(*, match: Table, ruling_id: str, note: str = "", given_by=None,
                        registration: Registration | None = None) -> MatchRuling:
    """Attach the ruling a judge gave at the table to the match record.

    ``registration`` is the player the ruling concerns (default: the
    match's player A); a re-pair moves the ruling to that player's new
    table (:func:`tournaments.services.table_carry.round_tables_reattach`).

    Raises :class:`ArenaError` ``unknown_ruling`` for an id not in the
    rulings catalogue (:mod:`rules.rulings`).
    """
    from rules.rulings import RULINGS_BY_ID

    if ruling_id not in RULINGS_BY_ID:
        raise ArenaError("unknown_ruling", _("No existe la resolución «%(id)s».") % {"id": ruling_id})
    _event, match = table_lock(match)
    player_id = registration.pk if registration is not None else match.player_a_id
    if player_id not in (match.player_a_id, match.player_b_id):
        raise ArenaError("not_at_table", _("Ese jugador no juega en esta mesa."))
    return MatchRuling.objects.create(
        match=match, registration_id=player_id, ruling_id=ruling_id, note=note,
        given_by=given_by if getattr(given_by, "pk", None) else None,
    )


def penalties_for_event(event: Event):
    """The event's penalty log, oldest first, with players and revisions (three queries)."""
    return (
        Penalty.objects.filter(event=event)
        .select_related("registration__player", "round", "match", "issued_by")
        .prefetch_related("revisions__revised_by", "consulted_judges")
        .order_by("issued_at", "pk")
    )


def penalties_for_player(player_id: int):
    """A player's penalties across events, newest first."""
    return (
        Penalty.objects.filter(registration__player_id=player_id)
        .select_related("event", "round", "issued_by")
        .prefetch_related("consulted_judges")
        .order_by("-issued_at")
    )


def ensure_can_penalize(user, event: Event) -> None:
    """Raise :class:`NotAllowed` unless ``user`` judges ``event``."""
    from .permissions import is_judge

    if not is_judge(user, event):
        raise NotAllowed("not_judge", _("Sólo los jueces del evento pueden registrar penalidades."))
