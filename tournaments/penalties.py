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

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import penalties as ladder

from . import services
from .enums import EventKind, EventState, MatchStatus, RoundPhase, RoundState
from .errors import ArenaError, NotAllowed, StateError
from .models import Event, Match, MatchRuling, Penalty, PenaltyRevision, Registration

#: Formats whose decks are not exactly 60 cards: the deck-size DQ does not apply (RULES-TRACE ambiguity 28).
NOT_EXACT_60 = frozenset({EventKind.BREEDER_QUEST, EventKind.INDOOR})

_SCORE_CONSEQUENCES = frozenset({
    ladder.Consequence.LOSE_CURRENT_GAME, ladder.Consequence.LOSE_GAME_1, ladder.Consequence.LOSE_MATCH_0_2,
    ladder.Consequence.FORFEIT_MATCH, ladder.Consequence.DISQUALIFY_FROM_EVENT, ladder.Consequence.LOSE_COMBAT,
})

_ERRORS = {
    "unknown_game": gettext_lazy("Este juego no tiene escalera de penalidades."),
    "unknown_infraction": gettext_lazy("Infracción desconocida para este juego."),
    "already_disqualified": gettext_lazy("El jugador ya está descalificado."),
    "penalty_not_allowed": gettext_lazy("Esa penalidad no corresponde a esta infracción; use la revisión del juez principal."),
    "minutes_late_required": gettext_lazy("Indique los minutos de demora."),
    "invalid_minutes_late": gettext_lazy("Los minutos de demora no pueden ser negativos."),
    "combat_required": gettext_lazy("Indique la ronda y el combate en que ocurrió."),
    "reason_required": gettext_lazy("La revisión necesita un motivo."),
    "same_penalty": gettext_lazy("La penalidad ya es esa."),
    "penalty_not_in_ladder": gettext_lazy("Esa penalidad no existe en la escalera de este juego."),
}


def _arena_error(exc: ladder.PenaltyError) -> ArenaError:
    return ArenaError(exc.code, str(_ERRORS.get(exc.code, str(exc))))


def current_match(registration: Registration) -> Match | None:
    """The registration's match in the event's open round (byes excluded), or ``None``."""
    rnd = registration.event.rounds.filter(state=RoundState.PAIRED).order_by("-number").first()
    if rnd is None:
        return None
    return (
        Match.objects.filter(round=rnd, is_bye=False)
        .filter(Q(player_a=registration) | Q(player_b=registration))
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


def score_after(match: Match, registration: Registration, consequences, game_number: int | None):
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
            _("La penalidad no encaja con el marcador actual de la mesa (%(a)d-%(b)d-%(d)d): %(why)s")
            % {"a": match.games_a, "b": match.games_b, "d": match.games_drawn, "why": exc},
        ) from exc
    if (score.games_a, score.games_b, score.games_drawn) == (match.games_a, match.games_b, match.games_drawn):
        return None
    return score


def _record_score(penalty: Penalty, match: Match, score, by) -> None:
    """Write the score a penalty imposes: final if it decides the match, else provisional."""
    if score is None:
        return
    services.match_result_record(
        match=match, games_a=score.games_a, games_b=score.games_b, games_drawn=score.games_drawn,
        provisional=not score.finished, entered_by=by,
        note=_("Penalidad: %(p)s") % {"p": penalty.message[:200]},
    )


@dataclass(frozen=True)
class PenaltyPlan:
    """What :func:`penalty_issue` would do now: the ladder's decision, the
    match in progress (``None`` between rounds), and the score it imposes
    (``None`` when the score does not change)."""

    decision: ladder.PenaltyDecision
    match: Match | None
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
) -> PenaltyPlan:
    """Decide a penalty without storing it (the judge's preview and the service share it).

    The ladder of the event's game reads the player's record in the event,
    whether a match is in progress, and the format's 60-card rule. Raises
    :class:`ArenaError` with the ladder's code or ``score_conflict``.
    """
    event = registration.event
    match = current_match(registration)
    in_match = match is not None and match.status == MatchStatus.PENDING
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
            exact_60_required=event.kind not in NOT_EXACT_60,
        )
    except ladder.PenaltyError as exc:
        raise _arena_error(exc) from exc
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


def _store(decision: ladder.PenaltyDecision, registration: Registration, match: Match | None, *, game_number,
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
    notes: str = "",
    ruling_id: str = "",
) -> Penalty:
    """Record a penalty for ``registration`` and apply its consequences.

    The ladder of the event's game decides from the infraction and the
    player's record (the third Warning of the day loses the current game and
    disqualifies). ``game_number`` is the 1-based game in progress
    (Blobbiemundo: the combat); without it a game loss costs the next game.
    ``minutes_late`` (minutes) serves tardiness, ``deck_count`` (cards) the
    deck-size infraction, ``hearts_before`` the −5 hearts step.

    Returns the stored :class:`Penalty`. Raises :class:`ArenaError` with the
    ladder's code (``unknown_infraction``, ``already_disqualified``…) or
    ``score_conflict``, and :class:`StateError` when the event is finished
    and the penalty would change a result.
    """
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event__game").get(
        pk=registration.pk
    )
    plan = penalty_plan(
        registration, infraction_code=infraction_code, minutes_late=minutes_late,
        head_judge_disqualifies=head_judge_disqualifies, chosen_penalty=chosen_penalty, game_number=game_number,
        hearts_before=hearts_before, deck_count=deck_count,
    )
    penalty = _store(plan.decision, registration, plan.match, game_number=game_number, notes=notes, by=issued_by,
                     ruling_id=ruling_id)
    _record_score(penalty, plan.match, plan.score, issued_by)
    if plan.decision.is_disqualification:
        _disqualify(registration)
    return penalty


@transaction.atomic
def penalty_revise(*, penalty: Penalty, new_type: str, reason: str, revised_by=None) -> Penalty:
    """The head judge upgrades or downgrades ``penalty`` with a reason (kept as a revision).

    An upgrade to disqualification disqualifies the player (and forfeits
    the match if it is still being played); a downgrade from
    disqualification lets the player back into the Swiss rounds. Game
    scores already changed are not undone automatically: the judge corrects
    the result, which keeps its own history.

    Raises :class:`ArenaError` (``reason_required``, ``same_penalty``,
    ``penalty_not_in_ladder``).
    """
    penalty = Penalty.objects.select_for_update(of=("self",)).select_related("registration__event__game", "match__round").get(
        pk=penalty.pk
    )
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
    try:
        revised = ladder.revise(decision, new_type, reason)
    except ladder.PenaltyError as exc:
        raise _arena_error(exc) from exc
    PenaltyRevision.objects.create(
        penalty=penalty, from_type=penalty.penalty_type, to_type=str(revised.penalty_type), reason=reason.strip(),
        revised_by=revised_by if getattr(revised_by, "pk", None) else None,
    )
    registration = penalty.registration
    was_dq = ladder.Consequence.DISQUALIFY_FROM_EVENT in decision.consequences
    penalty.penalty_type = str(revised.penalty_type)
    penalty.consequences = [str(c) for c in revised.consequences]
    penalty.counts_as_warning = revised.counts_as_warning
    penalty.warning_count_after = revised.warning_count_after
    penalty.message = revised.message_es
    penalty.source = revised.source
    penalty.save()
    if revised.is_disqualification and not registration.disqualified:
        match = current_match(registration)
        if match is not None and match.status == MatchStatus.PENDING:
            _record_score(penalty, match, score_after(match, registration, revised.consequences, penalty.game_number),
                          revised_by)
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
def match_ruling_attach(*, match: Match, ruling_id: str, note: str = "", given_by=None) -> MatchRuling:
    """Attach the ruling a judge gave at the table to the match record.

    Raises :class:`ArenaError` ``unknown_ruling`` for an id not in the
    rulings catalogue (:mod:`rules.rulings`).
    """
    from rules.rulings import RULINGS_BY_ID

    if ruling_id not in RULINGS_BY_ID:
        raise ArenaError("unknown_ruling", _("No existe la resolución «%(id)s».") % {"id": ruling_id})
    return MatchRuling.objects.create(
        match=match, ruling_id=ruling_id, note=note, given_by=given_by if getattr(given_by, "pk", None) else None
    )


def penalties_for_event(event: Event):
    """The event's penalty log, oldest first, with players and revisions (three queries)."""
    return (
        Penalty.objects.filter(event=event)
        .select_related("registration__player", "round", "match", "issued_by")
        .prefetch_related("revisions__revised_by")
        .order_by("issued_at", "pk")
    )


def penalties_for_player(player_id: int):
    """A player's penalties across events, newest first."""
    return (
        Penalty.objects.filter(registration__player_id=player_id)
        .select_related("event", "round", "issued_by")
        .order_by("-issued_at")
    )


def ensure_can_penalize(user, event: Event) -> None:
    """Raise :class:`NotAllowed` unless ``user`` judges ``event``."""
    from .permissions import is_judge

    if not is_judge(user, event):
        raise NotAllowed("not_judge", _("Sólo los jueces del evento pueden registrar penalidades."))
