"""The registry of ladders, and deciding and revising a penalty.

:func:`decide` runs the game's ladder for one infraction of one player;
:func:`revise` records the head judge's upgrade or downgrade.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import blobbiemundo, weed_monsters
from .core import (
    _NOT_COUNTING,
    BLOBBIEMUNDO,
    EMPTY_RECORD,
    SEVERITY,
    WEED_MONSTERS,
    Infraction,
    Ladder,
    PenaltyDecision,
    PenaltyError,
    PenaltyInvariantError,
    PenaltyRecord,
    PenaltyType,
    _context,
    _join,
    _Outcome,
)

LADDERS: Mapping[str, Ladder] = MappingProxyType(
    {
        WEED_MONSTERS: weed_monsters.LADDER,
        BLOBBIEMUNDO: blobbiemundo.LADDER,
    }
)


def _check_registry() -> None:
    """Every infraction names a known step and a penalty its ladder knows."""
    for key, ladder in LADDERS.items():
        for inf in ladder.infractions.values():
            if inf.game != key or inf.step not in ladder.steps:
                raise PenaltyInvariantError(f"bad catalogue entry {inf.code!r} in {key}")
            for ptype in (inf.default_penalty, *inf.allowed_penalties):
                if ptype not in ladder.consequences or ptype not in ladder.labels_es:
                    raise PenaltyInvariantError(f"{inf.code!r}: {ptype} unknown to {key}")


_check_registry()


def get_ladder(game: str) -> Ladder:
    """The ladder of ``game``.

    Errors: :class:`PenaltyError` ``unknown_game``.
    """
    try:
        return LADDERS[game]
    except KeyError:
        raise PenaltyError("unknown_game", f"no penalty ladder for game {game!r}") from None


def infractions(game: str) -> tuple[Infraction, ...]:
    """The catalogue of ``game`` in catalogue order (for form choices)."""
    return tuple(get_ladder(game).infractions.values())


def warning_count(game: str, record: PenaltyRecord, *, round_number: int | None = None,
                  game_number: int | None = None) -> int:
    """Warnings in the record: the event's (WM) or one combat's (BM).

    For Blobbiemundo ``round_number`` and ``game_number`` name the combat.
    Errors: :class:`PenaltyError` ``unknown_game``, ``unknown_infraction``.
    """
    ladder = get_ladder(game)
    ctx = _context(round_number=round_number, game_number=game_number)
    return ladder.warnings_before(record, ctx)


def decide(
    game: str,
    infraction_code: str,
    record: PenaltyRecord = EMPTY_RECORD,
    *,
    minutes_late: float | None = None,
    head_judge_disqualifies: bool = False,
    chosen_penalty: PenaltyType | str | None = None,
    in_match: bool = True,
    round_number: int | None = None,
    game_number: int | None = None,
    hearts_before: int | None = None,
    deck_count: int | None = None,
    exact_60_required: bool = True,
    linked_incident: str | None = None,
) -> PenaltyDecision:
    """The penalty for ``infraction_code`` given the player's ``record``.

    Shapes: ``record`` holds the player's earlier penalties in this event.
    ``minutes_late`` (minutes, may be fractional) is required for
    ``tardiness``; ``hearts_before`` (Corazones before the penalty) lets
    ``irreversible_error`` tell a −5 that ends the game; ``deck_count`` and
    ``exact_60_required`` (the event format needs exactly 60 cards) serve
    ``deck_size`` and ``missing_cards_short``. ``chosen_penalty`` is the
    judge's pick where the infraction allows one (``allowed_penalties``);
    ``head_judge_disqualifies`` picks disqualification where allowed.
    ``in_match`` is False between rounds. For Blobbiemundo, ``round_number``
    and ``game_number`` (1-based combat) name the combat Advertencias are
    counted in.

    Returns a :class:`PenaltyDecision`; its penalty already includes the
    escalation of the warning count.

    Errors (:class:`PenaltyError` codes): ``unknown_game``,
    ``unknown_infraction``, ``already_disqualified`` (Weed Monsters record
    holds a disqualification), ``penalty_not_allowed`` (a choice the
    infraction does not offer; use :func:`revise`),
    ``minutes_late_required``, ``invalid_minutes_late``,
    ``combat_required`` (Blobbiemundo Advertencia without round/game).

    Rule: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces", § "10.1.
    Desarrollo de las Rondas Suizas", § "10.2.5. Cartas", § "10.2.8. Arena
    de Juego"; 001_eff5eaaa4c47c954.txt § "Penalidades". Defaults: DESIGN.md
    decisions 9 and 10; RULES-TRACE ambiguities 25–29, 32, 33.
    """
    ladder = get_ladder(game)
    inf = ladder.infractions.get(infraction_code)
    if inf is None:
        raise PenaltyError("unknown_infraction",
                           f"{infraction_code!r} is not an infraction of {game}")
    if ladder.disqualification_ends_record and any(
        e.penalty_type is PenaltyType.DISQUALIFICATION for e in record.entries
    ):
        raise PenaltyError("already_disqualified", "the player is already disqualified")

    choice = PenaltyType(chosen_penalty) if chosen_penalty is not None else None
    if choice is not None and choice not in inf.allowed_penalties:
        raise PenaltyError("penalty_not_allowed",
                           f"{choice} is not offered for {infraction_code}; use revise()")
    if head_judge_disqualifies and PenaltyType.DISQUALIFICATION not in inf.allowed_penalties:
        raise PenaltyError("penalty_not_allowed",
                           f"disqualification is not offered for {infraction_code}; use revise()")

    ctx = _context(minutes_late=minutes_late, head_judge_disqualifies=head_judge_disqualifies,
                   chosen_penalty=choice, in_match=in_match, round_number=round_number,
                   game_number=game_number, hearts_before=hearts_before,
                   deck_count=deck_count, exact_60_required=exact_60_required)
    out = ladder.steps[inf.step](ladder, inf, ctx)

    counts = inf.counts_as_warning and out.penalty_type not in _NOT_COUNTING
    no_combat = round_number is None or game_number is None
    if counts and ladder.warning_scope == "combat" and no_combat:
        raise PenaltyError("combat_required",
                           "Blobbiemundo Advertencias need round_number and game_number")
    before = ladder.warnings_before(record, ctx)
    after = before + (1 if counts else 0)
    escalated = ladder.escalate(ladder, inf, out, after, ctx) if counts else None
    final = escalated or out

    source = _join(inf.source, out.source, escalated.source if escalated else "")
    return PenaltyDecision(
        penalty_type=final.penalty_type,
        consequences=final.consequences,
        source=source,
        message_es=final.message_es,
        warning_count_after=after,
        game=game,
        infraction_code=inf.code,
        message_code=final.message_code,
        counts_as_warning=counts,
        escalated=escalated is not None,
        suggested=out.suggested,
        requires_head_judge=final.requires_head_judge or out.requires_head_judge,
        in_match=in_match,
        prior_same_kind=sum(1 for e in record.entries if e.code == inf.code),
        linked_incident=linked_incident,
    )


def decide_missing_cards(
    game: str,
    short_record: PenaltyRecord,
    holder_record: PenaltyRecord,
    *,
    holder_penalty: PenaltyType | str | None = None,
    exact_60_required: bool = True,
    in_match: bool = True,
    incident: str = "missing_cards_held_by_other",
) -> tuple[PenaltyDecision, PenaltyDecision]:
    """Both decisions of one "missing cards held by another" incident.

    Returns ``(short_player, holder)``, linked by ``incident``. The player
    short of cards is disqualified where the format needs exactly 60 cards;
    the holder gets ``holder_penalty``, chosen by the head judge (default
    Warning, flagged ``requires_head_judge`` until chosen).

    Errors: as :func:`decide`.

    Rule: 000_0014b2ac83da54b4.txt § "10.2.5. Cartas" ("ambos serán
    sancionados"). Default: RULES-TRACE ambiguity 27.
    """
    short = decide(game, "missing_cards_short", short_record, in_match=in_match,
                   exact_60_required=exact_60_required, linked_incident=incident)
    holder = decide(game, "missing_cards_holder", holder_record, in_match=in_match,
                    chosen_penalty=holder_penalty, linked_incident=incident)
    return short, holder


def _join_once(base: str, *extra: str) -> str:
    """``base`` with each part of ``extra`` it does not already cite (sources never grow on revision)."""
    parts = [p for p in extra if p and p not in base]
    return _join(base, *parts)


def revise(decision: PenaltyDecision, new_penalty_type: PenaltyType | str, reason: str,
           *, record: PenaltyRecord, in_match: bool | None = None,
           round_number: int | None = None, game_number: int | None = None) -> PenaltyDecision:
    """The head judge's upgrade or downgrade of ``decision``.

    Returns a new decision with the default consequences of
    ``new_penalty_type`` in the decision's game, ``original`` set to
    ``decision`` (so the whole history is kept) and the ``reason``.
    ``in_match`` defaults to the original decision's. The warning count is
    adjusted when the revision makes the penalty count or stop counting.

    ``record`` (required, keyword) holds the player's *other* penalties of
    the event (this one left out; :data:`EMPTY_RECORD` when there are
    none). The warning count is recounted from it and the ladder's
    escalation applies exactly as :func:`decide` would: a revision
    that makes this penalty the player's third Warning of the day (Weed
    Monsters) becomes the disqualification that loses the current game;
    every third Advertencia of a combat (Blobbiemundo, which needs
    ``round_number`` and ``game_number``) costs a basic Blobbie. The source
    cites each rule once, however many times the penalty is revised.

    There is no default for ``record``: a caller that forgot the player's
    other penalties would get a wrong count ("3 Warnings, no DQ"), so
    leaving it out is a :class:`TypeError`.

    Errors (:class:`PenaltyError` codes): ``reason_required`` (blank
    reason), ``same_penalty``, ``penalty_not_in_ladder``.

    Rule: 000_0014b2ac83da54b4.txt § "10.2.5.1. Interpretaciones de cartas"
    (the head judge is the final authority); for Blobbiemundo, Default:
    RULES-TRACE ambiguity 33 (a lighter penalty needs a reason).
    """
    if not reason or not reason.strip():
        raise PenaltyError("reason_required", "a revision needs a reason")
    ladder = get_ladder(decision.game)
    new_type = PenaltyType(new_penalty_type)
    if new_type is decision.penalty_type:
        raise PenaltyError("same_penalty", f"the decision already is {new_type}")
    where = decision.in_match if in_match is None else in_match
    consequences = ladder.consequences_for(new_type, where)
    inf = ladder.infractions.get(decision.infraction_code)
    base_counts = inf.counts_as_warning if inf is not None else decision.counts_as_warning
    counts = base_counts and new_type not in _NOT_COUNTING
    upgrade = SEVERITY[new_type] > SEVERITY[decision.penalty_type]
    verb = "agravada" if upgrade else "atenuada"
    old_label = ladder.labels_es.get(decision.penalty_type, str(decision.penalty_type))
    message = (f"Penalidad {verb} por el juez principal: de {old_label} a "
               f"{ladder.labels_es[new_type]}. Motivo: {reason.strip()}")
    source = _join_once(decision.source, ladder.authority_source)
    message_code = "penalty.revised_upgrade" if upgrade else "penalty.revised_downgrade"
    final_type, escalated = new_type, None
    ctx = _context(in_match=where, round_number=round_number, game_number=game_number)
    count_after = ladder.warnings_before(record, ctx) + int(counts)
    if counts and inf is not None:
        revised = _Outcome(new_type, consequences, message_code, message)
        escalated = ladder.escalate(ladder, inf, revised, count_after, ctx)
    if escalated is not None:
        final_type, consequences = escalated.penalty_type, escalated.consequences
        message = f"{message} {escalated.message_es}"
        source = _join_once(source, escalated.source)
        message_code = escalated.message_code
    return PenaltyDecision(
        penalty_type=final_type,
        consequences=consequences,
        source=source,
        message_es=message,
        warning_count_after=count_after,
        game=decision.game,
        infraction_code=decision.infraction_code,
        message_code=message_code,
        counts_as_warning=counts,
        escalated=escalated is not None,
        suggested=False,
        requires_head_judge=True,
        in_match=where,
        prior_same_kind=decision.prior_same_kind,
        linked_incident=decision.linked_incident,
        original=decision,
        revision_reason=reason.strip(),
    )
