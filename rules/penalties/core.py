"""What every penalty ladder is made of: errors, vocabulary, data, :class:`Ladder`.

The terms are those of :mod:`rules.penalties`; each game's ladder is built
in its own module (:mod:`.weed_monsters`, :mod:`.blobbiemundo`).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

WEED_MONSTERS = "weed_monsters"
BLOBBIEMUNDO = "blobbiemundo"


def _rule(seed: str, *sections: str) -> str:
    """``Rule: <seed> § "<a>"; § "<b>"`` as the style guide cites sources."""
    return f"Rule: {seed} " + "; ".join(f'§ "{s}"' for s in sections)


def _join(*parts: str) -> str:
    return "; ".join(p for p in parts if p)


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class PenaltyError(Exception):
    """A request a judge or organizer can fix.

    ``code`` is a stable machine key (``"unknown_infraction"``,
    ``"minutes_late_required"``, ``"reason_required"`` …); the message is
    English for logs, and the Django layer shows a Spanish text for the code.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class PenaltyInvariantError(Exception):
    """The caller passed something impossible (a bug, not a judge's slip)."""


# --------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------


class PenaltyType(enum.StrEnum):
    """The penalty of a decision, ordered by :data:`SEVERITY`."""

    NONE = "none"
    WARNING = "warning"
    WARNING_HEARTS = "warning_hearts"  # Warning + −5 Corazones (WM)
    BASIC_BLOBBIE_LOSS = "basic_blobbie_loss"  # every 3rd Advertencia (BM)
    BLOBBIE_LOSS = "blobbie_loss"  # "error grave" (BM)
    GAME_LOSS = "game_loss"  # a game; in Blobbiemundo a combat
    MATCH_LOSS = "match_loss"  # the rest of the match ("ronda")
    DISQUALIFICATION = "disqualification"  # from the event day
    SPECTATOR_EXPULSION = "spectator_expulsion"  # 10.2.8; not the player's


class Consequence(enum.StrEnum):
    """What a penalty does; see the module docstring."""

    LOSE_5_HEARTS = "lose_5_hearts"
    LOSE_CURRENT_GAME = "lose_current_game"
    LOSE_GAME_1 = "lose_game_1"
    LOSE_MATCH_0_2 = "lose_match_0_2"
    FORFEIT_MATCH = "forfeit_match"
    DISQUALIFY_FROM_EVENT = "disqualify_from_event"
    LOSE_BASIC_BLOBBIE = "lose_basic_blobbie"
    LOSE_ONE_BLOBBIE = "lose_one_blobbie"
    LOSE_COMBAT = "lose_combat"
    EXPEL_SPECTATOR = "expel_spectator"


#: Rank used to call a revision an upgrade or a downgrade.
SEVERITY: Mapping[PenaltyType, int] = MappingProxyType(
    {
        PenaltyType.NONE: 0,
        PenaltyType.SPECTATOR_EXPULSION: 1,
        PenaltyType.WARNING: 1,
        PenaltyType.WARNING_HEARTS: 2,
        PenaltyType.BASIC_BLOBBIE_LOSS: 2,
        PenaltyType.BLOBBIE_LOSS: 3,
        PenaltyType.GAME_LOSS: 4,
        PenaltyType.MATCH_LOSS: 5,
        PenaltyType.DISQUALIFICATION: 6,
    }
)

#: Penalty types that never count as a Warning / Advertencia.
_NOT_COUNTING = frozenset({PenaltyType.NONE, PenaltyType.SPECTATOR_EXPULSION})


# --------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Infraction:
    """One entry of a game's infraction catalogue.

    ``default_penalty`` is what the ladder gives before escalation;
    ``allowed_penalties`` lists what a judge may choose instead through
    ``decide(..., chosen_penalty=...)`` (empty: no choice, use
    :func:`revise`). ``counts_as_warning`` says whether the penalty is an
    instance of the game's warning system. ``suggested`` marks penalties the
    rulebook words as "podría" (the judge may go lighter with a reason,
    RULES-TRACE ambiguity 33); ``requires_head_judge`` marks those the head
    judge chooses. ``step`` names the ladder step that decides it.
    """

    code: str
    game: str
    name_es: str
    description_es: str
    default_penalty: PenaltyType
    source: str
    step: str
    counts_as_warning: bool = True
    allowed_penalties: tuple[PenaltyType, ...] = ()
    suggested: bool = False
    requires_head_judge: bool = False
    trace: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PriorPenalty:
    """A penalty the player already received in this event.

    ``round_number`` is 1-based; ``game_number`` is the 1-based game
    (Blobbiemundo: combat) inside that round's match, needed to count
    Blobbiemundo Advertencias per combat. ``counts_as_warning`` is the value
    stored with the decision; ``None`` derives it from the catalogue.
    """

    code: str
    penalty_type: PenaltyType
    round_number: int | None = None
    game_number: int | None = None
    counts_as_warning: bool | None = None


@dataclass(frozen=True, slots=True)
class PenaltyRecord:
    """A player's prior penalties in the event, oldest first."""

    entries: tuple[PriorPenalty, ...] = ()

    @classmethod
    def of(cls, *rows: PriorPenalty | tuple) -> PenaltyRecord:
        """Build from entries or ``(code, type, round[, game])`` rows."""
        entries = []
        for row in rows:
            if isinstance(row, PriorPenalty):
                entries.append(row)
            else:
                code, ptype, *rest = row
                entries.append(PriorPenalty(code, PenaltyType(ptype), *rest))
        return cls(tuple(entries))

    def __len__(self) -> int:
        return len(self.entries)


EMPTY_RECORD = PenaltyRecord()


@dataclass(frozen=True, slots=True)
class PenaltyDecision:
    """The ladder's answer for one infraction of one player.

    ``consequences`` is in application order. ``warning_count_after`` is
    the warning count (see module docstring) including this decision.
    ``escalated`` is True when the count, not the infraction, set the
    penalty (the 3rd Warning, every 3rd Advertencia). ``in_match`` is whether
    a match was in progress (a DQ between rounds loses no game, RULES-TRACE
    ambiguity 26). ``prior_same_kind`` counts earlier penalties with the same
    infraction code in the record (shown to the judge, ambiguity 25).
    ``linked_incident`` ties decisions of one incident together (ambiguity
    27). A revised decision keeps the one it replaces in ``original`` and
    the head judge's ``revision_reason``.
    """

    penalty_type: PenaltyType
    consequences: tuple[Consequence, ...]
    source: str
    message_es: str
    warning_count_after: int
    game: str = ""
    infraction_code: str = ""
    message_code: str = ""
    counts_as_warning: bool = False
    escalated: bool = False
    suggested: bool = False
    requires_head_judge: bool = False
    in_match: bool = True
    prior_same_kind: int = 0
    linked_incident: str | None = None
    original: PenaltyDecision | None = None
    revision_reason: str | None = None

    @property
    def is_disqualification(self) -> bool:
        return Consequence.DISQUALIFY_FROM_EVENT in self.consequences

    @property
    def history(self) -> tuple[PenaltyDecision, ...]:
        """This decision and every one it revised, oldest first."""
        chain: list[PenaltyDecision] = []
        node: PenaltyDecision | None = self
        while node is not None:
            chain.append(node)
            node = node.original
        return tuple(reversed(chain))


@dataclass(frozen=True, slots=True)
class _Outcome:
    """What a ladder step decides, before escalation and bookkeeping."""

    penalty_type: PenaltyType
    consequences: tuple[Consequence, ...]
    message_code: str
    message_es: str
    source: str = ""
    requires_head_judge: bool = False
    suggested: bool = False


@dataclass(frozen=True, slots=True)
class _Context:
    minutes_late: float | None
    head_judge_disqualifies: bool
    chosen_penalty: PenaltyType | None
    in_match: bool
    round_number: int | None
    game_number: int | None
    hearts_before: int | None
    deck_count: int | None
    exact_60_required: bool


_Step = Callable[["Ladder", Infraction, _Context], _Outcome]
_Escalate = Callable[["Ladder", Infraction, _Outcome, int, _Context], _Outcome | None]


@dataclass(frozen=True)
class Ladder:
    """One game's penalty ladder: catalogue, steps and warning counting.

    ``consequences`` maps each penalty type the game knows to its
    consequences ``(in a match, between games/rounds)``; a type missing from
    it cannot be given in this game. ``warning_scope`` is ``"event"``
    (Weed Monsters) or ``"combat"`` (Blobbiemundo). ``labels_es`` names the
    penalty types for people. ``authority_source`` cites who may revise.
    """

    game: str
    name_es: str
    infractions: Mapping[str, Infraction]
    steps: Mapping[str, _Step]
    consequences: Mapping[PenaltyType, tuple[tuple[Consequence, ...], tuple[Consequence, ...]]]
    labels_es: Mapping[PenaltyType, str]
    warning_scope: str
    escalate: _Escalate
    authority_source: str
    disqualification_ends_record: bool = True

    def consequences_for(self, penalty_type: PenaltyType,
                         in_match: bool) -> tuple[Consequence, ...]:
        """Default consequences of ``penalty_type`` in this game.

        Errors: :class:`PenaltyError` ``penalty_not_in_ladder`` when the game
        does not know the type.
        """
        try:
            during, between = self.consequences[PenaltyType(penalty_type)]
        except (KeyError, ValueError):
            raise PenaltyError(
                "penalty_not_in_ladder",
                f"{penalty_type!r} is not a penalty of {self.game}",
            ) from None
        return during if in_match else between

    def entry_counts(self, entry: PriorPenalty) -> bool:
        """Whether a record entry is a Warning / Advertencia of this game."""
        if entry.penalty_type in _NOT_COUNTING:
            return False
        if entry.counts_as_warning is not None:
            return entry.counts_as_warning
        infraction = self.infractions.get(entry.code)
        if infraction is None:
            raise PenaltyError(
                "unknown_infraction",
                f"record entry {entry.code!r} is not an infraction of {self.game}",
            )
        return infraction.counts_as_warning

    def warnings_before(self, record: PenaltyRecord, ctx: _Context) -> int:
        """Warnings already in scope (the event, or the current combat)."""
        if self.warning_scope == "event":
            return sum(1 for e in record.entries if self.entry_counts(e))
        return sum(
            1
            for e in record.entries
            if e.round_number == ctx.round_number
            and e.game_number == ctx.game_number
            and self.entry_counts(e)
        )


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def _ordinal_es(n: int, *, feminine: bool = False) -> str:
    words = {1: "primer", 2: "segundo", 3: "tercer", 4: "cuarto", 5: "quinto",
             6: "sexto", 7: "séptimo", 8: "octavo", 9: "noveno"}
    if n not in words:
        return f"{n}.ª" if feminine else f"{n}.º"
    word = words[n]
    if feminine:
        word = {"primer": "primera", "tercer": "tercera"}.get(word, word[:-1] + "a")
    return word


def _context(**kw: object) -> _Context:
    base: dict[str, object] = dict(minutes_late=None, head_judge_disqualifies=False,
                                   chosen_penalty=None, in_match=True, round_number=None,
                                   game_number=None, hearts_before=None, deck_count=None,
                                   exact_60_required=True)
    base.update(kw)
    return _Context(**base)  # type: ignore[arg-type]
