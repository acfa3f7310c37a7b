"""The lifecycle of a tournament day: which action applies in which state (pure).

One state machine for the admin's buttons, the API's list of actions and
the services' state checks. States and phases are the stored string values
(``"draft"``, ``"registration"``, ``"closed"``, ``"swiss"``, ``"top_cut"``,
``"finished"``; round phases ``"swiss"`` and ``"top_cut"``).

:func:`state_allows` answers from the event state alone (what a service
checks before anything else); :func:`actions_available` narrows it with
the facts of the day (the round open, its results, the rounds played), as
the organizer's buttons show them. The services stay the authority for the
details and name what is missing.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(rounds, then the top cut, then the podium); Default: DESIGN.md
"Architecture" (one lifecycle).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    """What an organizer does to move the day on; the value is the service's name."""

    REGISTRATION_OPEN = "registration_open"
    REGISTRATION_CLOSE = "registration_close"
    ROUND_PAIR_NEXT = "round_pair_next"
    ROUND_REPAIR = "round_repair"
    ROUND_CLOSE = "round_close"
    TOP_CUT_START = "top_cut_start"
    EVENT_FINISH = "event_finish"


#: Event state → the actions that state admits at all.
_BY_STATE: dict[str, frozenset[Action]] = {
    "draft": frozenset({Action.REGISTRATION_OPEN}),
    "registration": frozenset({Action.REGISTRATION_CLOSE}),
    "closed": frozenset({Action.REGISTRATION_OPEN, Action.ROUND_PAIR_NEXT}),
    "swiss": frozenset({Action.ROUND_PAIR_NEXT, Action.ROUND_REPAIR, Action.ROUND_CLOSE, Action.TOP_CUT_START,
                        Action.EVENT_FINISH}),
    "top_cut": frozenset({Action.ROUND_PAIR_NEXT, Action.ROUND_CLOSE, Action.EVENT_FINISH}),
    "finished": frozenset(),
}


def state_allows(state: str, action: Action) -> bool:
    """Whether an event in ``state`` admits ``action`` at all (unknown states admit nothing)."""
    return action in _BY_STATE.get(state, frozenset())


@dataclass(frozen=True, slots=True)
class DayFacts:
    """What the lifecycle needs to know of the day.

    ``tables`` and ``pending`` count the last round's tables that take a
    result and those still without one; ``results_entered`` whether any has
    a result (provisional scores included); ``stage`` is the top-cut stage of
    the last round (1 the final); ``planned_rounds`` ``None`` until fixed
    (and with too few players to plan); ``cut_size`` 0 without a cut;
    ``has_top_cut`` whether the format plays one (pods do not).
    """

    state: str
    has_rounds: bool = False
    round_open: bool = False
    phase: str | None = None
    stage: int | None = None
    tables: int = 0
    pending: int = 0
    results_entered: bool = False
    swiss_played: int = 0
    planned_rounds: int | None = None
    cut_size: int = 0
    has_top_cut: bool = True


def actions_available(facts: DayFacts) -> tuple[Action, ...]:
    """The actions that apply now, in the order the organizer meets them.

    Re-pairing: only an open Swiss round with no result entered. Pairing the
    next Swiss round: no result missing and rounds left to play; once they
    are played, the top cut (events with a cut) or the finish. In the top
    cut: the next stage after a decided stage, the finish after the final.
    """
    state = facts.state
    complete = not facts.has_rounds or facts.pending == 0
    found: list[Action] = []
    if state == "draft" or (state == "closed" and not facts.has_rounds):
        found.append(Action.REGISTRATION_OPEN)
    if state == "registration":
        found.append(Action.REGISTRATION_CLOSE)
    if state == "closed":
        found.append(Action.ROUND_PAIR_NEXT)
    if state == "swiss":
        if facts.round_open and facts.phase == "swiss" and not facts.results_entered:
            found.append(Action.ROUND_REPAIR)
        if facts.round_open:
            found.append(Action.ROUND_CLOSE)
        if complete:
            if facts.planned_rounds is None or facts.swiss_played < facts.planned_rounds:
                found.append(Action.ROUND_PAIR_NEXT)
            elif facts.cut_size and facts.has_top_cut:
                found.append(Action.TOP_CUT_START)
            else:
                found.append(Action.EVENT_FINISH)
    if state == "top_cut":
        if facts.round_open:
            found.append(Action.ROUND_CLOSE)
        if complete and facts.has_rounds:
            found.append(Action.ROUND_PAIR_NEXT if (facts.stage or 1) > 1 else Action.EVENT_FINISH)
    return tuple(a for a in found if state_allows(state, a))
