"""Rule resolvers of Weed Monsters and Blobbiemundo (pure: no Django).

Chains of plays, simultaneous triggers, hearts and empty decks, mulligans,
the hand limit, extra turns at time, board limits and sales. Every result
carries its rule ``source``.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..sources import source_label
from .base import BLOBBIEMUNDO, WEED_MONSTERS, RulingError, _bm, _wm
from .lookup import normalize

# --------------------------------------------------------------------------
# Chains of plays
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A card or power announced in a chain, in declaration order.

    ``priority`` is the Blobbiemundo priority of the card or power (higher
    resolves first; ignored in Weed Monsters). ``negates`` is the 0-based
    declaration index of an earlier play this one cancels ("Black Jack
    anula Quemaduras"). ``is_battle`` marks a Blobbiemundo battle, the
    slowest action. Weed Monsters: ``is_instant`` marks an Instantánea and
    ``affects_damage`` a card that modifies or negates the damage received
    (what the damage step allows, :func:`battle_step_check`).
    """

    card: str
    player: str
    priority: int = 0
    negates: int | None = None
    is_battle: bool = False
    is_instant: bool = False
    affects_damage: bool = False


@dataclass(frozen=True, slots=True)
class ResolvedPlay:
    """One step of a resolution: ``step`` is 1-based, ``index`` the play's
    declaration index. ``applies`` is False when an earlier-resolving play
    negated it (``negated_by`` = that play's index). ``negation_effective``
    is None for plays that negate nothing, else whether the negation landed
    (False when its target had already resolved)."""

    step: int
    index: int
    play: Play
    applies: bool
    negated_by: int | None = None
    negation_effective: bool | None = None


@dataclass(frozen=True, slots=True)
class ChainResolution:
    """Plays in resolution order, with the rule source."""

    steps: tuple[ResolvedPlay, ...]
    source: str

    @property
    def cards(self) -> tuple[str, ...]:
        """Card names in resolution order."""
        return tuple(s.play.card for s in self.steps)

    @property
    def applied(self) -> tuple[str, ...]:
        """Card names whose effect applies, in resolution order."""
        return tuple(s.play.card for s in self.steps if s.applies)


def _lifo(plays: Sequence[Play]) -> list[int]:
    """Rule: 000 § "¿En qué orden ocurre la ejecución de las cartas?"."""
    return list(range(len(plays) - 1, -1, -1))


def _by_priority(plays: Sequence[Play]) -> list[int]:
    """Rule: 001 § "Acciones": priority, then declaration; battles last."""
    return sorted(range(len(plays)), key=lambda i: (plays[i].is_battle, -plays[i].priority, i))


_CHAIN_ORDER = MappingProxyType({WEED_MONSTERS: _lifo, BLOBBIEMUNDO: _by_priority})
_CHAIN_SOURCE = MappingProxyType({
    WEED_MONSTERS: _wm("¿En qué orden ocurre la ejecución de las cartas?",
                       "¿Cuándo estoy cediendo la Prioridad?"),
    BLOBBIEMUNDO: _bm("Acciones", "Fases de Combate y Tiempos"),
})


def resolve_chain(game: str, plays: Sequence[Play], *, battle_step: str | None = None) -> ChainResolution:
    """The order in which announced plays resolve, and which apply.

    Shapes: ``plays`` in declaration order (both players, interleaved as
    announced). Weed Monsters: the last play resolves first. Blobbiemundo:
    higher priority first, equal priority in declaration order, battles
    after everything else. A play negated by a play that resolved (and
    applied) before it does not apply; a negation whose target already
    resolved has no effect (possible only in Blobbiemundo, when a response
    has lower priority than its target).

    ``battle_step`` (Weed Monsters only) is the subphase of the Fase de
    Batalla the chain is played in (:data:`BATTLE_STEPS`): every play is
    first checked by :func:`battle_step_check`, and the first refused one
    raises its code with the Spanish reason (R-000-27).

    Errors: :class:`RulingError` ``unknown_game``; ``invalid_negation``
    when ``negates`` does not name an earlier play; with ``battle_step``,
    ``unknown_battle_step``, ``instant_not_damage``,
    ``not_instant_in_damage_step`` or ``not_instant_in_battle``.

    Rule: 000_0014b2ac83da54b4.txt § "¿En qué orden ocurre la ejecución de
    las cartas?" (Medallón ← Quemaduras ← Black Jack);
    001_eff5eaaa4c47c954.txt § "Acciones".
    """
    if game not in _CHAIN_ORDER:
        raise RulingError("unknown_game", f"no chain rule for game {game!r}")
    for i, play in enumerate(plays):
        if play.negates is not None and not 0 <= play.negates < i:
            raise RulingError("invalid_negation",
                              f"play {i} ({play.card}) negates {play.negates}, not an earlier play")
    if battle_step is not None:
        if game != WEED_MONSTERS:
            raise RulingError("unknown_battle_step", f"battle steps are Weed Monsters rules, not {game!r}")
        for play in plays:
            check = battle_step_check(play, step=battle_step)
            if not check.allowed:
                raise RulingError(check.code, check.reason_es)
    order = _CHAIN_ORDER[game](plays)
    resolved: set[int] = set()
    negated: dict[int, int] = {}
    steps: list[ResolvedPlay] = []
    for step, i in enumerate(order, start=1):
        play = plays[i]
        applies = i not in negated
        effective: bool | None = None
        if play.negates is not None:
            effective = applies and play.negates not in resolved
            if effective:
                negated[play.negates] = i
        steps.append(ResolvedPlay(step, i, play, applies, negated.get(i), effective))
        resolved.add(i)
    return ChainResolution(tuple(steps), _CHAIN_SOURCE[game])


# --------------------------------------------------------------------------
# Plays in the Fase de Batalla
# --------------------------------------------------------------------------

#: The subphases of 000 § "6.4. Fase de Batalla", in order.
BATTLE_STEPS = ("attacks", "defenders", "damage", "end_of_battle")

_BATTLE_STEP_ES = MappingProxyType({
    "attacks": "la declaración de ataques",
    "defenders": "la declaración de defensores",
    "damage": "el cálculo de daños",
    "end_of_battle": "el final de la batalla",
})


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """Whether a play may be made now. ``code``: ``"ok"`` or the refusal's
    stable key; ``reason_es`` says why, in Spanish, naming the card and the
    section; ``source`` cites the rule."""

    allowed: bool
    code: str
    reason_es: str
    source: str


def battle_step_check(play: Play, *, step: str) -> PlayCheck:
    """Whether ``play`` (a Weed Monsters card) may be played in ``step`` of the battle.

    Shapes: ``step`` is one of :data:`BATTLE_STEPS`. In the damage step
    (``"damage"``) only an Instantánea that modifies or negates the damage
    received may be played: any other Instantánea is refused
    (``instant_not_damage``), and so is a card that is not an Instantánea
    (``not_instant_in_damage_step``). In the other steps an Instantánea may
    be played (they are used "en cualquier fase de ambos turnos"); a card
    that is not one is refused (``not_instant_in_battle``: other cards are
    played in the Fase Principal). Abilities that trigger on attacking or
    defending are not plays of a card and are not judged here.

    Errors: :class:`RulingError` ``unknown_battle_step``.

    Rule: 000_0014b2ac83da54b4.txt § "6.4. Fase de Batalla" ("En esta
    subfase solo se pueden activar cartas Instantáneas que modifiquen el
    daño recibido o que nieguen este efecto"), § "Instantáneas", § "6.3.
    Fase Principal" (R-000-27).
    """
    if step not in _BATTLE_STEP_ES:
        raise RulingError("unknown_battle_step",
                          f"Subfase de batalla desconocida: «{step}» (son {', '.join(BATTLE_STEPS)}).")
    where = _BATTLE_STEP_ES[step]
    if step == "damage":
        source = _wm("6.4. Fase de Batalla")
        if not play.is_instant:
            return PlayCheck(False, "not_instant_in_damage_step",
                             f"«{play.card}» no es una Instantánea: en {where} solo se pueden jugar "
                             "Instantáneas que modifiquen o nieguen el daño recibido "
                             f"({source_label(_wm('6.4. Fase de Batalla'))}).", source)
        if not play.affects_damage:
            return PlayCheck(False, "instant_not_damage",
                             f"«{play.card}» es una Instantánea que no modifica ni niega el daño: en "
                             f"{where} solo se pueden jugar Instantáneas que modifiquen o nieguen el "
                             f"daño recibido ({source_label(_wm('6.4. Fase de Batalla'))}).", source)
        return PlayCheck(True, "ok",
                         f"«{play.card}» modifica o niega el daño: se puede jugar en {where} "
                         f"({source_label(_wm('6.4. Fase de Batalla'))}).", source)
    if not play.is_instant:
        return PlayCheck(False, "not_instant_in_battle",
                         f"«{play.card}» no es una Instantánea: durante la batalla solo se juegan "
                         "Instantáneas; las demás cartas se juegan en tu Fase Principal "
                         f"({source_label(_wm('Instantáneas', '6.3. Fase Principal'))}).",
                         _wm("Instantáneas", "6.3. Fase Principal", "6.4. Fase de Batalla"))
    return PlayCheck(True, "ok",
                     f"«{play.card}» es una Instantánea: se puede jugar en {where}, respetando la "
                     f"Prioridad ({source_label(_wm('Instantáneas'))}).", _wm("Instantáneas", "6.4. Fase de Batalla"))


# --------------------------------------------------------------------------
# Simultaneous triggers
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger:
    """A "Gatillo" ability whose condition was met; ``name`` is unique."""

    name: str
    player: str


@dataclass(frozen=True, slots=True)
class TriggerOrder:
    order: tuple[Trigger, ...]
    source: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.order)


def order_simultaneous_triggers(active_player: str, triggers: Sequence[Trigger],
                                chosen_order: Sequence[str]) -> TriggerOrder:
    """The execution order of "Gatillo" triggers met at the same time.

    Shapes: ``triggers`` in any order, unique names; ``chosen_order`` lists
    trigger names: all of the active player's, in the order they choose, and
    optionally the rival's in the rival's chosen order. Returns the active
    player's triggers first, then the rival's (listed ones in the listed
    order, the rest as given — the rival's order is not stated, inferred).

    Errors: :class:`RulingError` ``duplicate_trigger``, ``unknown_trigger``
    (a chosen name not among ``triggers``), ``chosen_order_incomplete``
    (an active player's trigger missing or repeated).

    Rule: 000_0014b2ac83da54b4.txt § "¿En qué orden se ejecutan los efectos
    Gatillo que cumplen su condición al mismo tiempo?".
    """
    by_name = {t.name: t for t in triggers}
    if len(by_name) != len(triggers):
        raise RulingError("duplicate_trigger", "trigger names must be unique")
    unknown = [n for n in chosen_order if n not in by_name]
    if unknown:
        raise RulingError("unknown_trigger", f"not among the triggers: {unknown}")
    active_chosen = [n for n in chosen_order if by_name[n].player == active_player]
    active_all = [t.name for t in triggers if t.player == active_player]
    if sorted(active_chosen) != sorted(active_all):
        raise RulingError("chosen_order_incomplete",
                          "chosen_order must list every trigger of the active player once")
    rank = {n: i for i, n in enumerate(chosen_order)}
    others = [t for t in triggers if t.player != active_player]
    others.sort(key=lambda t: (t.name not in rank, rank.get(t.name, 0)))
    order = tuple(by_name[n] for n in active_chosen) + tuple(others)
    return TriggerOrder(order, _wm("¿En qué orden se ejecutan los efectos Gatillo que "
                                   "cumplen su condición al mismo tiempo?"))


# --------------------------------------------------------------------------
# Game end: hearts, empty deck
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeartsOutcome:
    """A game's result by Corazones and the match after it.

    ``game_result``: ``"draw"``, ``"a"`` or ``"b"`` (the winner), or
    ``None`` while both have Corazones. ``games_*`` are the match's game
    counts after this game; ``match_result`` (``"a"``, ``"b"``, ``"draw"``)
    is set once the match is over.
    """

    game_result: str | None
    games_a: int
    games_b: int
    games_drawn: int
    match_finished: bool
    match_result: str | None
    source: str


def both_at_zero_hearts(hearts_a: int, hearts_b: int, *, games_a: int = 0, games_b: int = 0,
                        games_drawn: int = 0, best_of: int = 3,
                        time_over: bool = False) -> HeartsOutcome:
    """The game and match result when Corazones run out.

    Shapes: ``hearts_*`` are each Breeder's Corazones after the damage (0 or
    less = out); ``games_*`` the finished games of the match before this
    one; ``time_over`` means no further game may start (000 § 10.1).
    Both out at once → a drawn game; only one → the other wins the game.
    The match is over when a player has ``best_of // 2 + 1`` game wins,
    ``best_of`` games were used (a drawn game uses one, DESIGN.md decision
    12) or time is over; its winner is the player with more game wins, and
    equal wins is a drawn match (1-0-1 win, 1-1-1 draw; DESIGN.md decision 4).

    Errors: :class:`RulingError` ``invalid_score`` for negative counts or
    more games than ``best_of``.

    Rule: 000_0014b2ac83da54b4.txt § "-¿Qué pasa cuando ambos Breeders ganan
    al mismo tiempo?"; § "La Arena › Corazones".
    """
    if min(games_a, games_b, games_drawn) < 0 or best_of < 1:
        raise RulingError("invalid_score", "negative game counts or best_of < 1")
    out_a, out_b = hearts_a <= 0, hearts_b <= 0
    result = "draw" if out_a and out_b else "b" if out_a else "a" if out_b else None
    if result is not None:
        games_a += result == "a"
        games_b += result == "b"
        games_drawn += result == "draw"
    if games_a + games_b + games_drawn > best_of:
        raise RulingError("invalid_score", f"more than {best_of} games")
    finished = (time_over or max(games_a, games_b) >= best_of // 2 + 1
                or games_a + games_b + games_drawn >= best_of)
    match_result = None
    if finished:
        match_result = "a" if games_a > games_b else "b" if games_b > games_a else "draw"
    return HeartsOutcome(result, games_a, games_b, games_drawn, finished, match_result,
                         _wm("-¿Qué pasa cuando ambos Breeders ganan al mismo tiempo?",
                             "La Arena › Corazones"))


@dataclass(frozen=True, slots=True)
class DrawOutcome:
    """Cards actually drawn and whether the drawing player loses the game."""

    cards_drawn: int
    loses_game: bool
    source: str


def empty_deck_draw(at_start_of_turn: bool, cards_in_deck: int = 0,
                    cards_to_draw: int = 1) -> DrawOutcome:
    """Drawing with too few cards in the deck.

    The start-of-turn draw from an empty deck loses the game; a card's
    effect asking for more cards than remain draws what remains and play
    goes on (Fasent draws 3 with 2 left → 2, no loss).

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 000_0014b2ac83da54b4.txt § "-¿Qué ocurre cuando tenés que robar
    más cartas de las que tenés?"; § "¿Cómo se gana una partida de Weed
    Monsters TCG?".
    """
    if cards_in_deck < 0 or cards_to_draw < 0:
        raise RulingError("invalid_count", "card counts must be >= 0")
    drawn = min(cards_in_deck, cards_to_draw)
    loses = at_start_of_turn and cards_to_draw > 0 and cards_in_deck == 0
    return DrawOutcome(drawn, loses,
                       _wm("-¿Qué ocurre cuando tenés que robar más cartas de las que tenés?",
                           "¿Cómo se gana una partida de Weed Monsters TCG?"))


# --------------------------------------------------------------------------
# Mulligan and hand limit
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MulliganResult:
    hand_size: int
    n_mulligans: int
    source: str


@dataclass(frozen=True, slots=True)
class _MulliganRule:
    opening: int
    shrinks: bool  # one card fewer each time (WM) or the same hand size (BM)
    max_mulligans: int | None  # None: until no cards remain
    source: str


_MULLIGAN = MappingProxyType({
    WEED_MONSTERS: _MulliganRule(6, True, None,
                                 _wm("¿Qué es el Mulligan?", "Principio de partida")),
    BLOBBIEMUNDO: _MulliganRule(7, False, 1, _bm("Inicio del Juego")),
})


def mulligan_hand_size(n_mulligans: int, opening: int | None = None, *,
                       game: str = WEED_MONSTERS) -> MulliganResult:
    """The hand size after ``n_mulligans`` mulligans.

    Weed Monsters: opening hand 6 (not 7), one card fewer each time, until
    no cards remain (6 → 5 → … → 0). Blobbiemundo: 7 cards, one redraw of 7
    per combat, without penalty. ``opening`` overrides the game's opening
    hand size.

    Errors: :class:`RulingError` ``unknown_game``, ``invalid_count``
    (negative), ``mulligan_refused`` (past 0 cards; a 2nd Blobbiemundo
    redraw).

    Rule: 000_0014b2ac83da54b4.txt § "¿Qué es el Mulligan?", § "Principio de
    partida"; 001_eff5eaaa4c47c954.txt § "Inicio del Juego".
    """
    rule = _MULLIGAN.get(game)
    if rule is None:
        raise RulingError("unknown_game", f"no mulligan rule for game {game!r}")
    if n_mulligans < 0:
        raise RulingError("invalid_count", "n_mulligans must be >= 0")
    start = rule.opening if opening is None else opening
    limit = start if rule.max_mulligans is None else rule.max_mulligans
    if n_mulligans > limit:
        raise RulingError("mulligan_refused",
                          f"{game}: at most {limit} mulligans from {start} cards")
    size = start - n_mulligans if rule.shrinks else start
    return MulliganResult(size, n_mulligans, rule.source)


@dataclass(frozen=True, slots=True)
class HandLimitOutcome:
    hand_size: int
    to_grey_area: int
    source: str


def hand_limit_overflow(hand_size: int, cards_drawn: int, *, limit: int = 8) -> HandLimitOutcome:
    """Blobbiemundo hand limit: cards drawn past 8 go to the Área Gris.

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 001_eff5eaaa4c47c954.txt § "Límite de Mano".
    """
    if hand_size < 0 or cards_drawn < 0:
        raise RulingError("invalid_count", "card counts must be >= 0")
    total = hand_size + cards_drawn
    kept = max(hand_size, min(total, limit))
    return HandLimitOutcome(kept, total - kept, _bm("Límite de Mano"))


# --------------------------------------------------------------------------
# Time: extra turns
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    number: int  # 1-based, in play order
    player: str
    in_progress: bool  # the turn under way when time ran out


@dataclass(frozen=True, slots=True)
class ExtraTurns:
    turns: tuple[ExtraTurn, ...]
    source: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(t.player for t in self.turns)


def extra_turns_at_time(active_player: str, opponent: str, *, turns_each: int = 3) -> ExtraTurns:
    """The turns played after the round clock reaches 0.

    3 full turns each, starting with the player whose turn it is. The turn
    in progress counts as the active player's first (Default: RULES-TRACE
    ambiguity 9), so the order is active, opponent, active, opponent,
    active, opponent. If the game is still open afterwards it is drawn.

    Errors: :class:`RulingError` ``invalid_count`` for ``turns_each < 0``.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas".
    """
    if turns_each < 0:
        raise RulingError("invalid_count", "turns_each must be >= 0")
    turns = tuple(
        ExtraTurn(n + 1, active_player if n % 2 == 0 else opponent, n == 0)
        for n in range(2 * turns_each)
    )
    return ExtraTurns(turns, _wm("10.1. Desarrollo de las Rondas Suizas"))


# --------------------------------------------------------------------------
# Board limits
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardState:
    """One Breeder's Arena and what they did this turn (Weed Monsters).

    ``ambientales`` counts the Ambientales in play on the table (shared by
    both Breeders). ``equipped`` lists ``(monster, card type)`` pairs, one
    per equipped card (``("Fasent", "Objeto")``).
    """

    monsters: int = 0
    artefactos: int = 0
    ambientales: int = 0
    gems_played_this_turn: int = 0
    grow_ups_this_turn: int = 0
    sales_this_turn: int = 0
    equipped: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class BoardViolation:
    """A broken board limit: stable ``code``, the ``limit`` and what was
    ``found``, a Spanish message and the rule source."""

    code: str
    limit: int
    found: int
    message_es: str
    source: str


_BOARD_LIMITS = (
    ("monsters", "too_many_monsters", 5,
     "Hay {found} Monsters en juego; el máximo es 5.", _wm("La Arena › Monsters")),
    ("artefactos", "too_many_artefactos", 2,
     "Hay {found} Artefactos en juego; el máximo es 2 y no se puede bajar otro para "
     "reemplazar uno anterior.", _wm("Artefactos", "La Arena › Artefactos")),
    ("ambientales", "too_many_ambientales", 1,
     "Hay {found} Ambientales en juego; solo puede haber una: al jugar otra se descarta "
     "la activa.", _wm("Ambientales", "La Arena › Ambiental")),
    ("gems_played_this_turn", "too_many_gems_this_turn", 1,
     "Se bajaron {found} Gemas este turno; solo se puede bajar una por turno.",
     _wm("Gemas", "La Arena › Gemas", "6.3. Fase Principal")),
    ("grow_ups_this_turn", "too_many_grow_ups_this_turn", 1,
     "Se hicieron {found} Grow Up este turno; solo se puede hacer uno por turno.",
     _wm("Grow Up")),
    ("sales_this_turn", "too_many_sales_this_turn", 1,
     "Se vendió {found} veces este turno; solo se puede vender una vez por turno.",
     _wm("6.3. Fase Principal")),
)


def check_board(state: BoardState) -> list[BoardViolation]:
    """Weed Monsters board limits broken by ``state``.

    Limits: 5 Monsters, 2 Artefactos, 1 Ambiental, 1 Gema and 1 Grow Up per
    turn, 1 sale per turn, one equipped card of each type per Monster.
    Returns violations in that order (empty list: legal).

    Errors: :class:`RulingError` ``invalid_count`` for negative counts.

    Rule: 000_0014b2ac83da54b4.txt § "La Arena › Monsters", § "Gemas",
    § "Artefactos", § "Ambientales", § "Grow Up", § "Monsters", § "6.3. Fase
    Principal".
    """
    violations: list[BoardViolation] = []
    for attr, code, limit, message, source in _BOARD_LIMITS:
        found = getattr(state, attr)
        if found < 0:
            raise RulingError("invalid_count", f"{attr} must be >= 0")
        if found > limit:
            violations.append(BoardViolation(code, limit, found,
                                             message.format(found=found), source))
    seen: dict[tuple[str, str], int] = {}
    for monster, card_type in state.equipped:
        key = (monster, normalize(card_type))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 2:
            violations.append(BoardViolation(
                "two_equipped_same_type", 1, 2,
                f"{monster} ya tiene equipada una carta de tipo {card_type}: solo se le "
                "puede equipar una de cada tipo.", _wm("Monsters")))
    return violations


@dataclass(frozen=True, slots=True)
class SaleCheck:
    legal: bool
    total_value: int
    code: str
    source: str


def sale_is_legal(values: Sequence[int]) -> SaleCheck:
    """Whether discarding cards of these Valor values, in the order the
    player names them, is a legal sale.

    Cards are added one by one and the sale is complete as soon as the sum
    reaches 5; a card named after that is refused ({1, 3, 4} legal: 1, 4,
    then 8; {4, 3, 1} not: the 1 comes after 7; {3, 3} and {5} legal;
    {3, 2, 1} not). ``total_value`` is the sum of every card named. Cards
    without Valor count 0. Codes: ``"ok"``, ``"below_5"``,
    ``"card_not_needed"``.

    Errors: :class:`RulingError` ``invalid_count`` for a negative value.

    Rule: 000_0014b2ac83da54b4.txt § "6.3. Fase Principal"; reading:
    DESIGN.md decision 18.
    """
    if any(v < 0 for v in values):
        raise RulingError("invalid_count", "Valor must be >= 0")
    total = sum(values)
    source = _wm("6.3. Fase Principal")
    if total < 5:
        return SaleCheck(False, total, "below_5", source)
    running = 0
    for value in values[:-1]:
        running += value
        if running >= 5:  # complete before the last card was named
            return SaleCheck(False, total, "card_not_needed", source)
    return SaleCheck(True, total, "ok", source)
