"""Penalty ladders of the game profiles (pure: no Django, no database).

A judge records an *infraction*; the game's *ladder* turns it, together with
the player's *record* in the event, into a *penalty decision*: the penalty,
its *consequences* and the rule source. Services store the decision and apply
the consequences (:func:`apply_to_match` computes the new game score).

Terms
-----
game key
    ``"weed_monsters"`` (000_0014b2ac83da54b4.txt) or ``"blobbiemundo"``
    (001_eff5eaaa4c47c954.txt); the keys of :data:`LADDERS`.
infraction
    What happened at the table: an :class:`Infraction` of the game's
    catalogue, named by a stable ``code`` (``"procedural_no_draw"``,
    ``"misconduct"``, ``"grave_fault"`` …).
penalty type
    The penalty itself, a :class:`PenaltyType` (``"warning"``,
    ``"warning_hearts"``, ``"game_loss"``, ``"match_loss"``,
    ``"disqualification"`` …). Weed Monsters calls the steps "Warnings";
    Blobbiemundo calls its simple warning an "Advertencia".
consequence
    A stable code (:class:`Consequence`) for what the penalty does:
    ``"lose_5_hearts"`` and the Blobbie losses are applied at the table;
    ``"lose_current_game"``, ``"lose_game_1"``, ``"lose_match_0_2"``,
    ``"forfeit_match"``, ``"lose_combat"`` change the match score;
    ``"disqualify_from_event"`` drops the player (DESIGN.md decision 10).
record
    A :class:`PenaltyRecord`: the penalties the player already received in
    this event (one event = one "fecha", DESIGN.md glossary), oldest first.
warning count
    Weed Monsters counts the Warnings of the event day (000 § "10.3. Los
    Jueces"); Blobbiemundo counts the Advertencias of the current combat
    (RULES-TRACE ambiguity 32). ``PenaltyDecision.warning_count_after`` is
    that count including the new decision.

Text for people is Spanish (es-AR) in ``message_es``, always paired with a
stable ``message_code`` the Django layer may translate instead.

Errors: :class:`PenaltyError` (with a stable ``code``) for requests a judge
or organizer can fix (unknown infraction, a missing minute count, a revision
without reason); :class:`PenaltyInvariantError` for impossible inputs from
the calling code (a game score that cannot exist).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

WM_SEED = "000_0014b2ac83da54b4.txt"
BM_SEED = "001_eff5eaaa4c47c954.txt"

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
# Weed Monsters (000_0014b2ac83da54b4.txt)
# --------------------------------------------------------------------------

_WM_JUECES = _rule(WM_SEED, "10.3. Los Jueces")
_WM_RONDAS = _rule(WM_SEED, "10.1. Desarrollo de las Rondas Suizas")
_WM_CARTAS = _rule(WM_SEED, "10.2.5. Cartas")
_WM_ESPECTADORES = _rule(WM_SEED, "10.2.8. Arena de Juego")
_WM_AUTHORITY = _rule(WM_SEED, "10.2.5.1. Interpretaciones de cartas")

_C = Consequence
_P = PenaltyType

_WM_DQ_IN_MATCH = (_C.LOSE_CURRENT_GAME, _C.FORFEIT_MATCH, _C.DISQUALIFY_FROM_EVENT)

_WM_CONSEQUENCES = MappingProxyType(
    {
        _P.NONE: ((), ()),
        _P.WARNING: ((), ()),
        _P.WARNING_HEARTS: ((_C.LOSE_5_HEARTS,), (_C.LOSE_5_HEARTS,)),
        # Between games a game loss costs the next game of the match.
        _P.GAME_LOSS: ((_C.LOSE_CURRENT_GAME,), (_C.LOSE_CURRENT_GAME,)),
        _P.MATCH_LOSS: ((_C.LOSE_CURRENT_GAME, _C.FORFEIT_MATCH), (_C.FORFEIT_MATCH,)),
        # RULES-TRACE ambiguity 26: a DQ between rounds loses no game.
        _P.DISQUALIFICATION: (_WM_DQ_IN_MATCH, (_C.DISQUALIFY_FROM_EVENT,)),
        _P.SPECTATOR_EXPULSION: ((_C.EXPEL_SPECTATOR,), (_C.EXPEL_SPECTATOR,)),
    }
)

_WM_LABELS = MappingProxyType(
    {
        _P.NONE: "Sin sanción",
        _P.WARNING: "Warning",
        _P.WARNING_HEARTS: "Warning y −5 Corazones",
        _P.GAME_LOSS: "Warning y pérdida de la partida",
        _P.MATCH_LOSS: "Pérdida de la ronda",
        _P.DISQUALIFICATION: "Descalificación de la fecha",
        _P.SPECTATOR_EXPULSION: "Expulsión del espectador",
    }
)

_WM_CHOICES = (_P.WARNING, _P.GAME_LOSS, _P.MATCH_LOSS, _P.DISQUALIFICATION)


def _wm(code: str, name_es: str, description_es: str, default: PenaltyType, source: str,
        step: str, trace: tuple[str, ...], **extra: object) -> Infraction:
    return Infraction(code=code, game=WEED_MONSTERS, name_es=name_es,
                      description_es=description_es, default_penalty=default,
                      source=source, step=step, trace=trace, **extra)  # type: ignore[arg-type]


_WM_INFRACTIONS = (
    _wm("procedural_no_draw", "No robar la carta del turno",
        "No robar la carta al inicio del turno (el robo es obligatorio).",
        _P.WARNING, _rule(WM_SEED, "10.3. Los Jueces", "6.2. Fase de Robo"),
        "procedural", ("R-000-98", "R-000-25")),
    _wm("procedural_no_shuffle", "No mezclar el mazo",
        "No mezclar el mazo ni presentarlo al rival para que corte cuando "
        "corresponde.",
        _P.WARNING, _rule(WM_SEED, "10.3. Los Jueces", "¿Cómo se mezcla el Mazo?"),
        "procedural", ("R-000-98", "R-000-22")),
    _wm("procedural_play_order", "No respetar el orden de juego",
        "Jugadas fuera del reglamento por no respetar el orden de juego "
        "(fases, gemas, ventas…).",
        _P.WARNING, _WM_JUECES, "procedural", ("R-000-98",)),
    _wm("play_area", "Área de juego desordenada",
        "Cartas en juego, manos, cartas giradas o contadores fuera de lo que "
        "piden las reglas del área de juego.",
        _P.WARNING,
        _rule(WM_SEED, "10.3. Los Jueces", "10.2.1. Cartas en juego",
              "10.2.2. Posición de las manos", "10.2.4. Contadores y marcadores"),
        "procedural", ("R-000-81", "R-000-98")),
    _wm("irreversible_error", "Error que no se puede deshacer",
        "Un error que no puede resolverse volviendo los pasos atrás porque "
        "el desarrollo de la partida no lo permite.",
        _P.WARNING_HEARTS, _WM_JUECES, "irreversible", ("R-000-99",)),
    _wm("misconduct", "Mal comportamiento o juego desleal",
        "Mal comportamiento, juego desleal u otra situación de gravedad.",
        _P.GAME_LOSS, _WM_JUECES, "misconduct", ("R-000-100",),
        allowed_penalties=(_P.GAME_LOSS, _P.DISQUALIFICATION)),
    _wm("tardiness", "Llegada tarde a la mesa",
        "No estar presente en la mesa al pasar los primeros 5 minutos de "
        "iniciada la ronda.",
        _P.GAME_LOSS, _WM_RONDAS, "tardiness", ("R-000-77",),
        counts_as_warning=False),
    _wm("deck_size", "Mazo con más o menos de 60 cartas",
        "Jugar una partida competitiva oficial con más o menos de 60 cartas.",
        _P.DISQUALIFICATION, _WM_CARTAS, "deck_size", ("R-000-84",),
        counts_as_warning=False),
    _wm("missing_cards_short", "Le faltan cartas que tiene otro competidor",
        "Jugar faltándole cartas que están en poder de otro Breeder "
        "competidor (el jugador al que le faltan).",
        _P.DISQUALIFICATION, _WM_CARTAS, "missing_cards_short", ("R-000-85", "R-000-84"),
        allowed_penalties=(_P.WARNING, _P.GAME_LOSS, _P.MATCH_LOSS, _P.DISQUALIFICATION)),
    _wm("missing_cards_holder", "Tiene cartas de otro competidor",
        "Tener en su poder cartas que le faltan al mazo de otro Breeder "
        "competidor.",
        _P.WARNING, _WM_CARTAS, "judge_choice", ("R-000-85",),
        allowed_penalties=(_P.WARNING, _P.WARNING_HEARTS) + _WM_CHOICES[1:],
        requires_head_judge=True),
    _wm("marked_cards", "Cartas o fundas marcadas",
        "Cartas o fundas que permiten identificar la carta sin ver su cara.",
        _P.WARNING,
        _rule(WM_SEED, "10.2.5. Cartas", "10.2.5.7. Fundas para cartas", "10.3. Los Jueces"),
        "judge_choice", ("R-000-83", "R-000-94"),
        allowed_penalties=_WM_CHOICES, requires_head_judge=True),
    _wm("spectator_interference", "Interferencia de espectadores",
        "Espectadores cerca del área de juego, detrás de los jugadores o sin "
        "guardar silencio.",
        _P.WARNING, _WM_ESPECTADORES, "judge_choice", ("R-000-96",),
        allowed_penalties=_WM_CHOICES + (_P.SPECTATOR_EXPULSION,)),
)


def _wm_procedural(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.3. Los Jueces" — the first instance, a simple Warning.

    The rulebook says "repetidas veces"; Arena never issues it by itself:
    the judge decides and sees the earlier infractions of the same kind
    (Default: RULES-TRACE ambiguity 25).
    """
    return _Outcome(_P.WARNING, (), "wm.procedural_warning",
                    f"{inf.name_es}: Warning por jugada fuera del reglamento.")


def _wm_irreversible(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.3. Los Jueces" — Warning and −5 Corazones.

    If the player had 5 or fewer Corazones the game is lost (000 §
    "Corazones": reaching 0 loses; Default: RULES-TRACE ambiguity 29).
    """
    if ctx.hearts_before is not None and ctx.hearts_before - 5 <= 0:
        return _Outcome(
            _P.WARNING_HEARTS, (_C.LOSE_5_HEARTS, _C.LOSE_CURRENT_GAME),
            "wm.irreversible_zero_hearts",
            f"{inf.name_es}: Warning y −5 Corazones; con {ctx.hearts_before} "
            "Corazones llega a 0 y pierde la partida.",
            source=_join(_rule(WM_SEED, "La Arena › Corazones"),
                         "Default: RULES-TRACE ambiguity 29"),
        )
    return _Outcome(_P.WARNING_HEARTS, (_C.LOSE_5_HEARTS,), "wm.irreversible_warning_hearts",
                    f"{inf.name_es}: Warning y quita de 5 Corazones.")


def _wm_misconduct(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.3. Los Jueces" — Warning and game loss; DQ possible."""
    choice = ctx.chosen_penalty or (_P.DISQUALIFICATION if ctx.head_judge_disqualifies else None)
    if choice is _P.DISQUALIFICATION:
        return _Outcome(_P.DISQUALIFICATION, ladder.consequences_for(choice, ctx.in_match),
                        "wm.misconduct_dq",
                        f"{inf.name_es}: Warning y descalificación de la fecha por "
                        "decisión del juez principal.",
                        requires_head_judge=True)
    return _Outcome(_P.GAME_LOSS, ladder.consequences_for(_P.GAME_LOSS, ctx.in_match),
                    "wm.misconduct_game_loss",
                    f"{inf.name_es}: Warning y pérdida de la partida.")


def _wm_tardiness(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.1. Desarrollo de las Rondas Suizas"; DESIGN.md 9.

    More than 5 minutes late loses game 1; more than 10 loses the match 0-2;
    exactly 5 is on time. Not a Warning (10.1 does not call it one).
    """
    minutes = ctx.minutes_late
    if minutes is None:
        raise PenaltyError("minutes_late_required", "tardiness needs minutes_late")
    if minutes < 0:
        raise PenaltyError("invalid_minutes_late", f"minutes_late must be >= 0, got {minutes}")
    design = "Default: DESIGN.md decision 9"
    if minutes <= 5:
        return _Outcome(_P.NONE, (), "wm.tardiness_on_time",
                        f"Llegó {minutes:g} minutos tarde: dentro de los 5 minutos, "
                        "no corresponde sanción.", source=design)
    if minutes <= 10:
        return _Outcome(_P.GAME_LOSS, (_C.LOSE_GAME_1,), "wm.tardiness_game_1",
                        f"Llegó {minutes:g} minutos tarde (más de 5): pierde la "
                        "primera partida.", source=design)
    return _Outcome(_P.MATCH_LOSS, (_C.LOSE_MATCH_0_2,), "wm.tardiness_match",
                    f"Llegó {minutes:g} minutos tarde (más de 10): pierde la "
                    "ronda 0-2.", source=design)


def _wm_deck_size(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.2.5. Cartas" — other than 60 cards disqualifies.

    Only in formats that require exactly 60 cards (Default: RULES-TRACE
    ambiguity 28); elsewhere the deck check (rules.decks) judges the size.
    """
    if ctx.deck_count == 60:
        return _Outcome(_P.NONE, (), "wm.deck_size_ok",
                        "El mazo tiene 60 cartas: no corresponde sanción.")
    if not ctx.exact_60_required:
        return _Outcome(_P.NONE, (), "wm.deck_size_not_exact_format",
                        "Este formato no exige exactamente 60 cartas: la "
                        "descalificación por cantidad de cartas no aplica.",
                        source="Default: RULES-TRACE ambiguity 28")
    counted = f" ({ctx.deck_count} cartas)" if ctx.deck_count is not None else ""
    return _Outcome(_P.DISQUALIFICATION,
                    ladder.consequences_for(_P.DISQUALIFICATION, ctx.in_match),
                    "wm.deck_size_dq",
                    f"{inf.name_es}{counted}: queda descalificado de la fecha.",
                    source="Default: RULES-TRACE ambiguity 28")


def _wm_missing_short(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.2.5. Cartas" — both are sanctioned.

    The player short of cards played with other than 60 cards, so is
    disqualified (Default: RULES-TRACE ambiguity 27); in a format without
    exactly 60 cards the head judge chooses (ambiguity 28).
    """
    if ctx.exact_60_required and ctx.chosen_penalty is None:
        return _Outcome(_P.DISQUALIFICATION,
                        ladder.consequences_for(_P.DISQUALIFICATION, ctx.in_match),
                        "wm.missing_cards_short_dq",
                        f"{inf.name_es}: jugó sin sus 60 cartas y queda "
                        "descalificado de la fecha. El otro Breeder también es "
                        "sancionado.",
                        source="Default: RULES-TRACE ambiguity 27")
    return _wm_judge_choice(ladder, inf, ctx, head_judge=True, default=_P.WARNING)


def _wm_judge_choice(ladder: Ladder, inf: Infraction, ctx: _Context,
                     head_judge: bool | None = None,
                     default: PenaltyType | None = None) -> _Outcome:
    """A penalty the judge picks from ``inf.allowed_penalties``.

    Rule: 000 § "10.2.8. Arena de Juego" (spectators: a Warning, loss of a
    game/round, disqualification, or expelling the spectator); § "10.2.5.
    Cartas" (holder of another's cards, marked cards: the head judge).
    """
    choice = ctx.chosen_penalty or (
        _P.DISQUALIFICATION if ctx.head_judge_disqualifies
        else default or inf.default_penalty
    )
    chosen = ctx.chosen_penalty is not None or ctx.head_judge_disqualifies
    label = ladder.labels_es[choice]
    if chosen:
        text = f"{inf.name_es}: {label}."
    else:
        text = f"{inf.name_es}: {label} (sugerido)."
    needs_head = inf.requires_head_judge if head_judge is None else head_judge
    if needs_head and not chosen:
        text += " La sanción la elige el juez principal."
    linked = inf.code.startswith("missing_cards")
    return _Outcome(choice, ladder.consequences_for(choice, ctx.in_match),
                    f"wm.{inf.code}", text, requires_head_judge=needs_head,
                    source="Default: RULES-TRACE ambiguity 27" if linked else "")


def _wm_escalate(ladder: Ladder, inf: Infraction, out: _Outcome, count_after: int,
                 ctx: _Context) -> _Outcome | None:
    """Rule: 000 § "10.3. Los Jueces" — three Warnings in the date.

    The third Warning loses the current game and disqualifies from the date
    (DESIGN.md decision 10); the rest of the match is forfeited (RULES-TRACE
    ambiguity 26).
    """
    if count_after < 3 or out.penalty_type is _P.DISQUALIFICATION:
        return None
    return _Outcome(
        _P.DISQUALIFICATION,
        ladder.consequences_for(_P.DISQUALIFICATION, ctx.in_match),
        "wm.third_warning_dq",
        f"{inf.name_es}: {ladder.labels_es[out.penalty_type]}. Es su "
        f"{_ordinal_es(count_after)} Warning de la fecha: pierde la partida en "
        "curso y queda descalificado de la fecha."
        if ctx.in_match else
        f"{inf.name_es}: {ladder.labels_es[out.penalty_type]}. Es su "
        f"{_ordinal_es(count_after)} Warning de la fecha: queda descalificado "
        "de la fecha.",
        source=_join("Default: DESIGN.md decision 10", "RULES-TRACE ambiguity 26"),
        requires_head_judge=out.requires_head_judge,
    )


# --------------------------------------------------------------------------
# Blobbiemundo (001_eff5eaaa4c47c954.txt)
# --------------------------------------------------------------------------

_BM_PENALIDADES = _rule(BM_SEED, "Penalidades")

_BM_CONSEQUENCES = MappingProxyType(
    {
        _P.NONE: ((), ()),
        _P.WARNING: ((), ()),
        _P.BASIC_BLOBBIE_LOSS: ((_C.LOSE_BASIC_BLOBBIE,), (_C.LOSE_BASIC_BLOBBIE,)),
        _P.BLOBBIE_LOSS: ((_C.LOSE_ONE_BLOBBIE,), (_C.LOSE_ONE_BLOBBIE,)),
        _P.GAME_LOSS: ((_C.LOSE_COMBAT,), (_C.LOSE_COMBAT,)),
    }
)

_BM_LABELS = MappingProxyType(
    {
        _P.NONE: "Sin sanción",
        _P.WARNING: "Advertencia simple",
        _P.BASIC_BLOBBIE_LOSS: "Pérdida de un Blobbie básico",
        _P.BLOBBIE_LOSS: "Pérdida de un Blobbie",
        _P.GAME_LOSS: "Pérdida del combate",
    }
)


def _bm(code: str, name_es: str, description_es: str, default: PenaltyType, step: str,
        trace: tuple[str, ...], **extra: object) -> Infraction:
    return Infraction(code=code, game=BLOBBIEMUNDO, name_es=name_es,
                      description_es=description_es, default_penalty=default,
                      source=_BM_PENALIDADES, step=step, trace=trace, **extra)  # type: ignore[arg-type]


_BM_INFRACTIONS = (
    _bm("infraction", "Infracción durante el combate",
        "Cualquier infracción cometida durante el Combate.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("searcher_only_to_shuffle", "Buscador usado solo para barajar",
        "Usar un Buscador y no encontrar la carta buscada, simplemente con la "
        "finalidad de barajar el mazo.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("trench_not_turned", "Blobbie de trinchera mal girado",
        "No poner el Blobbie de trinchera apuntando hacia abajo (180°) o "
        "sacarlo y no volverlo a su posición normal.",
        _P.WARNING, "advertencia", ("R-001-05",)),
    _bm("grave_error", "Error grave",
        "Un error grave durante el Combate.",
        _P.BLOBBIE_LOSS, "grave_error", ("R-001-07",),
        counts_as_warning=False, suggested=True),
    _bm("grave_fault", "Falta grave",
        "Una falta grave: algún tipo de trampa.",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
    _bm("unregistered_cards", "Cartas no registradas",
        "Meter cartas que no registró al torneo (falta grave).",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
    _bm("side_deck_not_swapped", "Side deck agregado sin reemplazo",
        "Jugar con más cartas porque agregó side deck sin sacar cartas en "
        "reemplazo (falta grave).",
        _P.GAME_LOSS, "grave_fault", ("R-001-08",),
        counts_as_warning=False, suggested=True),
)


def _bm_advertencia(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — an infraction is a simple Advertencia."""
    return _Outcome(_P.WARNING, (), "bm.advertencia", f"{inf.name_es}: Advertencia simple.")


_SUGGESTED_ES = " Sanción sugerida: el juez puede aplicar una menor indicando el motivo."


def _bm_grave_error(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — a grave error "podría" lose one Blobbie.

    Suggested (Default: RULES-TRACE ambiguity 33). Not an Advertencia.
    """
    return _Outcome(_P.BLOBBIE_LOSS, (_C.LOSE_ONE_BLOBBIE,), "bm.grave_error",
                    f"{inf.name_es}: pierde un Blobbie inmediatamente." + _SUGGESTED_ES,
                    source="Default: RULES-TRACE ambiguity 33", suggested=True)


def _bm_grave_fault(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 001 § "Penalidades" — a grave fault "podría" lose the combat.

    Suggested (Default: RULES-TRACE ambiguity 33). Not an Advertencia.
    """
    return _Outcome(_P.GAME_LOSS, (_C.LOSE_COMBAT,), "bm.grave_fault",
                    f"{inf.name_es}: pierde el combate." + _SUGGESTED_ES,
                    source="Default: RULES-TRACE ambiguity 33", suggested=True)


def _bm_escalate(ladder: Ladder, inf: Infraction, out: _Outcome, count_after: int,
                 ctx: _Context) -> _Outcome | None:
    """Rule: 001 § "Penalidades" — 3 Advertencias lose a basic Blobbie.

    Counted per combat, and every third Advertencia (3, 6, …) costs one
    (Default: RULES-TRACE ambiguity 32).
    """
    if count_after == 0 or count_after % 3:
        return None
    return _Outcome(
        _P.BASIC_BLOBBIE_LOSS, (_C.LOSE_BASIC_BLOBBIE,), "bm.third_advertencia",
        f"{inf.name_es}: Advertencia simple. Es su "
        f"{_ordinal_es(count_after, feminine=True)} Advertencia del combate: "
        "pierde un Blobbie básico de su mini-mazo (si no tiene, desecha "
        "un Blobbie del campo a su elección, con sus formas y Blobbie Esencia).",
        source="Default: RULES-TRACE ambiguity 32",
    )


# --------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------

LADDERS: Mapping[str, Ladder] = MappingProxyType(
    {
        WEED_MONSTERS: Ladder(
            game=WEED_MONSTERS,
            name_es="Weed Monsters TCG",
            infractions=MappingProxyType({i.code: i for i in _WM_INFRACTIONS}),
            steps=MappingProxyType({
                "procedural": _wm_procedural,
                "irreversible": _wm_irreversible,
                "misconduct": _wm_misconduct,
                "tardiness": _wm_tardiness,
                "deck_size": _wm_deck_size,
                "missing_cards_short": _wm_missing_short,
                "judge_choice": _wm_judge_choice,
            }),
            consequences=_WM_CONSEQUENCES,
            labels_es=_WM_LABELS,
            warning_scope="event",
            escalate=_wm_escalate,
            authority_source=_WM_AUTHORITY,
        ),
        BLOBBIEMUNDO: Ladder(
            game=BLOBBIEMUNDO,
            name_es="Blobbiemundo",
            infractions=MappingProxyType({i.code: i for i in _BM_INFRACTIONS}),
            steps=MappingProxyType({
                "advertencia": _bm_advertencia,
                "grave_error": _bm_grave_error,
                "grave_fault": _bm_grave_fault,
            }),
            consequences=_BM_CONSEQUENCES,
            labels_es=_BM_LABELS,
            warning_scope="combat",
            escalate=_bm_escalate,
            authority_source="Default: RULES-TRACE ambiguity 33",
            disqualification_ends_record=False,
        ),
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


def _ordinal_es(n: int, *, feminine: bool = False) -> str:
    words = {1: "primer", 2: "segundo", 3: "tercer", 4: "cuarto", 5: "quinto",
             6: "sexto", 7: "séptimo", 8: "octavo", 9: "noveno"}
    if n not in words:
        return f"{n}.ª" if feminine else f"{n}.º"
    word = words[n]
    if feminine:
        word = {"primer": "primera", "tercer": "tercera"}.get(word, word[:-1] + "a")
    return word


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


def _context(**kw: object) -> _Context:
    base: dict[str, object] = dict(minutes_late=None, head_judge_disqualifies=False,
                                   chosen_penalty=None, in_match=True, round_number=None,
                                   game_number=None, hearts_before=None, deck_count=None,
                                   exact_60_required=True)
    base.update(kw)
    return _Context(**base)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# decide / revise
# --------------------------------------------------------------------------


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


def revise(decision: PenaltyDecision, new_penalty_type: PenaltyType | str, reason: str,
           *, in_match: bool | None = None) -> PenaltyDecision:
    """The head judge's upgrade or downgrade of ``decision``.

    Returns a new decision with the default consequences of
    ``new_penalty_type`` in the decision's game, ``original`` set to
    ``decision`` (so the whole history is kept) and the ``reason``.
    ``in_match`` defaults to the original decision's. The warning count is
    adjusted when the revision makes the penalty count or stop counting.

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
    count_after = decision.warning_count_after + int(counts) - int(decision.counts_as_warning)
    upgrade = SEVERITY[new_type] > SEVERITY[decision.penalty_type]
    verb = "agravada" if upgrade else "atenuada"
    old_label = ladder.labels_es.get(decision.penalty_type, str(decision.penalty_type))
    message = (f"Penalidad {verb} por el juez principal: de {old_label} a "
               f"{ladder.labels_es[new_type]}. Motivo: {reason.strip()}")
    return PenaltyDecision(
        penalty_type=new_type,
        consequences=consequences,
        source=_join(decision.source, ladder.authority_source),
        message_es=message,
        warning_count_after=count_after,
        game=decision.game,
        infraction_code=decision.infraction_code,
        message_code="penalty.revised_upgrade" if upgrade else "penalty.revised_downgrade",
        counts_as_warning=counts,
        escalated=False,
        suggested=False,
        requires_head_judge=True,
        in_match=where,
        prior_same_kind=decision.prior_same_kind,
        linked_incident=decision.linked_incident,
        original=decision,
        revision_reason=reason.strip(),
    )


# --------------------------------------------------------------------------
# Consequences on the match score
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Games won by each player and drawn games; ``finished`` once decided.

    A best-of-N match is decided when a player has ``N // 2 + 1`` game wins
    or when N games (drawn ones included, DESIGN.md decision 12) are used.
    """

    games_a: int
    games_b: int
    games_drawn: int
    finished: bool


_SCORE_CONSEQUENCES = frozenset({
    _C.LOSE_CURRENT_GAME, _C.LOSE_GAME_1, _C.LOSE_MATCH_0_2, _C.FORFEIT_MATCH,
    _C.DISQUALIFY_FROM_EVENT, _C.LOSE_COMBAT,
})


def _finished(pen: int, opp: int, drawn: int, best_of: int) -> bool:
    return max(pen, opp) >= best_of // 2 + 1 or pen + opp + drawn >= best_of


def apply_to_match(
    games_a: int,
    games_b: int,
    games_drawn: int,
    best_of: int,
    penalized_is_a: bool,
    consequences: Iterable[Consequence | str],
    current_game_index: int | None,
) -> MatchScore:
    """The game score after a penalty's consequences.

    Shapes: ``games_a``/``games_b`` are games won so far by each player,
    ``games_drawn`` the drawn games, all finished games; ``best_of`` is odd
    or even ≥ 1; ``current_game_index`` is the 1-based number of the game in
    progress (it must be the finished games + 1), or ``None`` between games.
    ``consequences`` may hold any :class:`Consequence`; the ones applied at
    the table (hearts, Blobbies, spectators) leave the score alone.

    - ``lose_current_game`` / ``lose_combat``: the game in progress goes to
      the opponent; between games, the next game of the match.
    - ``forfeit_match`` / ``disqualify_from_event``: the current game and
      then every remaining game go to the opponent until the match is
      decided; finished games stand (DQ in game 2 after winning game 1 →
      1-2; in game 1 → 0-2).
    - ``lose_game_1``: tardiness, before any game: the opponent wins game 1.
    - ``lose_match_0_2``: tardiness: the opponent wins every game needed
      (0-2 in a best of three); the penalized player must have no game.

    A match already decided is returned unchanged (whether a penalty then
    carries to the next match is the service's call; no seed says).

    Errors: :class:`PenaltyInvariantError` for negative counts, more games
    than ``best_of``, a ``current_game_index`` that does not follow the
    finished games, a tardiness consequence after games were played, or an
    unknown consequence code.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas", § "10.3. Los Jueces". Default: DESIGN.md decisions 10 and 12;
    RULES-TRACE ambiguity 26.
    """
    if min(games_a, games_b, games_drawn) < 0 or best_of < 1:
        raise PenaltyInvariantError("negative game counts or best_of < 1")
    played = games_a + games_b + games_drawn
    if played > best_of:
        raise PenaltyInvariantError(f"{played} games do not fit a best of {best_of}")
    try:
        codes = {Consequence(c) for c in consequences}
    except ValueError as exc:
        raise PenaltyInvariantError(str(exc)) from None

    pen, opp = (games_a, games_b) if penalized_is_a else (games_b, games_a)
    drawn = games_drawn
    done = _finished(pen, opp, drawn, best_of)
    if current_game_index is not None and (done or current_game_index != played + 1):
        raise PenaltyInvariantError(
            f"current game {current_game_index} does not follow {played} finished games"
        )

    def result() -> MatchScore:
        a, b = (pen, opp) if penalized_is_a else (opp, pen)
        return MatchScore(a, b, drawn, _finished(pen, opp, drawn, best_of))

    if not codes & _SCORE_CONSEQUENCES or done:
        return result()

    if _C.LOSE_GAME_1 in codes or _C.LOSE_MATCH_0_2 in codes:
        if pen or drawn or (_C.LOSE_GAME_1 in codes and opp):
            raise PenaltyInvariantError("a tardiness loss after games were played")
        if _C.LOSE_GAME_1 in codes:
            opp += 1
        if _C.LOSE_MATCH_0_2 in codes:
            while not _finished(pen, opp, drawn, best_of):
                opp += 1
        return result()

    if codes & {_C.LOSE_CURRENT_GAME, _C.LOSE_COMBAT, _C.FORFEIT_MATCH, _C.DISQUALIFY_FROM_EVENT}:
        opp += 1  # the game in progress (or the next one between games)
    if codes & {_C.FORFEIT_MATCH, _C.DISQUALIFY_FROM_EVENT}:
        while not _finished(pen, opp, drawn, best_of):
            opp += 1
    return result()


__all__ = [
    "BLOBBIEMUNDO",
    "EMPTY_RECORD",
    "LADDERS",
    "SEVERITY",
    "WEED_MONSTERS",
    "Consequence",
    "Infraction",
    "Ladder",
    "MatchScore",
    "PenaltyDecision",
    "PenaltyError",
    "PenaltyInvariantError",
    "PenaltyRecord",
    "PenaltyType",
    "PriorPenalty",
    "apply_to_match",
    "decide",
    "decide_missing_cards",
    "get_ladder",
    "infractions",
    "revise",
    "warning_count",
]
