"""The Weed Monsters penalty ladder (000_0014b2ac83da54b4.txt).

The infraction catalogue, the step that decides each infraction, and the
escalation of the third Warning of the event day.
"""
from __future__ import annotations

from types import MappingProxyType

from tournaments.swiss.results import tardiness_step

from .core import (
    WEED_MONSTERS,
    Consequence,
    Infraction,
    Ladder,
    PenaltyError,
    PenaltyType,
    _Context,
    _join,
    _ordinal_es,
    _Outcome,
    _rule,
)

WM_SEED = "000_0014b2ac83da54b4.txt"

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
    _wm("no_show", "No se presentó a la mesa",
        "No presentarse en la mesa en toda la ronda: el Breeder presente gana "
        "la ronda 2-0.",
        _P.MATCH_LOSS, _WM_RONDAS, "no_show", ("R-000-77",),
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
    step = tardiness_step(minutes)
    if step == "on_time":
        return _Outcome(_P.NONE, (), "wm.tardiness_on_time",
                        f"Llegó {minutes:g} minutos tarde: dentro de los 5 minutos, "
                        "no corresponde sanción.", source=design)
    if step == "game_one":
        return _Outcome(_P.GAME_LOSS, (_C.LOSE_GAME_1,), "wm.tardiness_game_1",
                        f"Llegó {minutes:g} minutos tarde (más de 5): pierde la "
                        "primera partida.", source=design)
    return _Outcome(_P.MATCH_LOSS, (_C.LOSE_MATCH_0_2,), "wm.tardiness_match",
                    f"Llegó {minutes:g} minutos tarde (más de 10): pierde la "
                    "ronda 0-2.", source=design)


def _wm_no_show(ladder: Ladder, inf: Infraction, ctx: _Context) -> _Outcome:
    """Rule: 000 § "10.1. Desarrollo de las Rondas Suizas"; DESIGN.md 9 and 15.

    A Breeder who never comes to the table is past both 5-minute marks: the
    one present wins the round 2-0. Not a Warning; the service records the
    seat as absent (no participation, decision 15).
    """
    return _Outcome(_P.MATCH_LOSS, (_C.LOSE_MATCH_0_2,), "wm.no_show",
                    "No se presentó a la mesa: pierde la ronda 0-2.",
                    source="Default: DESIGN.md decisions 9 and 15")


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


LADDER = Ladder(
    game=WEED_MONSTERS,
    name_es="Weed Monsters TCG",
    infractions=MappingProxyType({i.code: i for i in _WM_INFRACTIONS}),
    steps=MappingProxyType({
        "procedural": _wm_procedural,
        "irreversible": _wm_irreversible,
        "misconduct": _wm_misconduct,
        "tardiness": _wm_tardiness,
        "no_show": _wm_no_show,
        "deck_size": _wm_deck_size,
        "missing_cards_short": _wm_missing_short,
        "judge_choice": _wm_judge_choice,
    }),
    consequences=_WM_CONSEQUENCES,
    labels_es=_WM_LABELS,
    warning_scope="event",
    escalate=_wm_escalate,
    authority_source=_WM_AUTHORITY,
)
"""The Weed Monsters ladder: ``LADDERS["weed_monsters"]`` of :mod:`rules.penalties`."""
