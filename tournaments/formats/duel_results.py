"""How a two-seat table's result is checked: best of N games, tardiness, double losses, how each side lost.

Read by the duel formats (:meth:`tournaments.formats.duels.Duels.result_validate`), the corrections
and the event file's checks, so each accepts exactly what entering a result accepts.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"; Default: DESIGN.md
decisions 4, 9, 12 and 15.
"""
from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..enums import RoundPhase, SeatOutcomeHow
from ..errors import IllegalResult
from ..models import Event, Round
from ..swiss.results import apply_tardiness, late_game_one_problem, result_problems, tardiness_step
from ..swiss.types import Outcome, outcome_from_games
from ..text import score_text

_HOWS = frozenset(SeatOutcomeHow.values)


_PROBLEM_MESSAGES = {
    "negative_games": lambda p: _("La cantidad de partidas no puede ser negativa."),
    "too_many_wins": lambda p: ngettext("Nadie puede ganar más de %(needed)d partida en este formato.",
                                        "Nadie puede ganar más de %(needed)d partidas en este formato.",
                                        p["needed"]) % p,
    "too_many_games": lambda p: ngettext(
        "Al mejor de %(best_of)d no se juega más de %(best_of)d partida (los empates cuentan).",
        "Al mejor de %(best_of)d no se juegan más de %(best_of)d partidas (los empates cuentan).", p["best_of"]) % p,
    "played_after_win": lambda p: ngettext(
        "El match termina cuando alguien gana %(needed)d partida; ambos no pueden llegar a %(needed)d.",
        "El match termina cuando alguien gana %(needed)d partidas; ambos no pueden llegar a %(needed)d.",
        p["needed"]) % p,
    "draw_in_top_cut": lambda p: _("En el reducido no hay empates: el match necesita un ganador."),
    "late_game_one_not_counted": lambda p: _(
        "Con más de 5 minutos de demora, la primera partida es para el rival: el resultado debe incluirla."),
}


def _problem_text(problem) -> str:
    return str(_PROBLEM_MESSAGES[problem.code](dict(problem.params)))


# The input field each score problem is about (the API names it in ``errors``).
_PROBLEM_FIELDS = {
    "negative_games": "games_a",
    "too_many_wins": "games_a",
    "too_many_games": "games_drawn",
    "played_after_win": "games_b",
    "draw_in_top_cut": "games_a",
}


def _illegal(code: str, message: str, field: str) -> IllegalResult:
    """An :class:`IllegalResult` that names the input ``field`` it is about (``exc.field``)."""
    exc = IllegalResult(code, message)
    exc.field = field
    return exc


def result_entry_problems(
    *,
    games_a: int | None,
    games_b: int | None,
    games_drawn: int | None = 0,
    intentional_draw: bool = False,
    double_loss: bool = False,
    went_to_time: bool = False,
) -> list[tuple[str, str, str]]:
    """What an entry refuses before the format is consulted: ``[(field, code, message)]``.

    Shared by the judge form (:class:`tournaments.views.forms.ResultForm`)
    and :func:`match_result_validate` (the API, the judge page, corrections),
    so both refuse the same combinations: negative games, an intentional
    draw with a decided score, a double loss with games, an intentional draw
    or time. Empty when the entry is acceptable so far.
    """
    problems: list[tuple[str, str, str]] = []
    for field, value in (("games_a", games_a), ("games_b", games_b), ("games_drawn", games_drawn)):
        if value is not None and value < 0:
            problems.append((field, "negative_games", str(_PROBLEM_MESSAGES["negative_games"]({}))))
    if double_loss:
        if any(value for value in (games_a, games_b, games_drawn)):
            problems.append(("double_loss", "double_loss_with_games", _(
                "Una doble derrota (ambos ausentes) no lleva partidas: dejá las partidas en 0.")))
        if intentional_draw:
            problems.append(("intentional_draw", "double_loss_with_draw", _(
                "Una doble derrota no puede ser a la vez un empate intencional.")))
        if went_to_time:
            problems.append(("went_to_time", "double_loss_with_time", _(
                "Una doble derrota no se juega: no puede terminar por tiempo.")))
    elif intentional_draw and games_a is not None and games_b is not None and games_a != games_b:
        problems.append(("intentional_draw", "intentional_draw_not_level", _(
            "Un empate intencional deja a ambos jugadores con las mismas partidas ganadas.")))
    return problems


def match_result_validate(
    *,
    event: Event,
    rnd: Round,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    minutes_late_a: int | None = None,
    minutes_late_b: int | None = None,
    double_loss: bool = False,
    provisional: bool = False,
    intentional_draw: bool = False,
    went_to_time: bool = False,
    how_a: str | None = None,
    how_b: str | None = None,
) -> tuple[int, int, int, Outcome]:
    """The score a match of ``rnd`` would store, or :class:`IllegalResult`.

    Shared by :meth:`Duels.result_validate` (entering a result) and the corrections
    (:mod:`tournaments.services.corrections` and its preview), so a
    correction accepts exactly what entering the result accepts. Returns
    ``(games_a, games_b, games_drawn, outcome)`` after tardiness (more than
    10 minutes late loses 0-2, more than 5 loses game 1) and a double loss
    (no games). Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las
    Rondas Suizas"; Default: DESIGN.md decisions 4, 9 and 12. Every
    :class:`IllegalResult` raised here names its input field (``exc.field``).

    ``how_a``/``how_b`` ``"absent"`` records a player who did not come to
    the table: the other wins the match as if that player were more than 10
    minutes late (0-2; both absent is a double loss). Other values are
    checked by :func:`seat_hows`.
    """
    absent_a, absent_b = how_a == SeatOutcomeHow.ABSENT, how_b == SeatOutcomeHow.ABSENT
    if absent_a or absent_b:
        if absent_a and absent_b:
            double_loss, games_a, games_b, games_drawn = True, 0, 0, 0
        else:
            wins = event.best_of // 2 + 1
            games_a, games_b, games_drawn = (0, wins, 0) if absent_a else (wins, 0, 0)
        if intentional_draw or went_to_time:
            raise _illegal("absent_match_played", _(
                "Con un jugador ausente el match no se juega: no puede ser empate intencional ni terminar por "
                "tiempo."), "intentional_draw" if intentional_draw else "went_to_time")
    entry = result_entry_problems(games_a=games_a, games_b=games_b, games_drawn=games_drawn,
                                  intentional_draw=intentional_draw, double_loss=double_loss,
                                  went_to_time=went_to_time)
    if entry:
        field, code, message = entry[0]
        raise _illegal(code, message, field)
    if double_loss:
        games_a, games_b, games_drawn, forced = 0, 0, 0, Outcome.DOUBLE_LOSS
    else:
        games_a, games_b, games_drawn, forced = apply_tardiness(
            event.best_of, games_a, games_b, games_drawn, minutes_late_a, minutes_late_b
        )
    problems = result_problems(
        event.best_of, games_a, games_b, games_drawn,
        require_winner=rnd.phase == RoundPhase.TOP_CUT and not provisional,
    )
    late = late_game_one_problem(games_a, games_b, minutes_late_a, minutes_late_b)
    if late and forced is None:
        problems.append(late)
    if forced == Outcome.DOUBLE_LOSS and rnd.phase == RoundPhase.TOP_CUT:
        raise _illegal(
            "double_loss_in_top_cut",
            _("En el reducido el match necesita un ganador; resuelva la ausencia de ambos con el juez principal."),
            "double_loss",
        )
    if problems:
        first = problems[0]
        if first.code == "late_game_one_not_counted":
            field = "minutes_late_b" if dict(first.params).get("player") else "minutes_late_a"
        elif first.code == "too_many_wins" and games_b > games_a:
            field = "games_b"
        elif first.code == "too_many_games" and not games_drawn:
            field = "games_b"
        else:
            field = _PROBLEM_FIELDS.get(first.code, "games_a")
        raise _illegal(
            first.code,
            _("Resultado %(score)s no válido: %(why)s")
            % {"score": score_text(games_a, games_b, games_drawn),
               "why": " ".join(_problem_text(p) for p in problems)},
            field,
        )
    return games_a, games_b, games_drawn, forced or outcome_from_games(games_a, games_b)


_LOST = {"a": (Outcome.B_WINS, Outcome.DOUBLE_LOSS), "b": (Outcome.A_WINS, Outcome.DOUBLE_LOSS)}

_HOW_MESSAGES = {
    SeatOutcomeHow.ABSENT: gettext_lazy("Un jugador ausente no puede ganar ni empatar el match."),
    SeatOutcomeHow.LATE: gettext_lazy("Un jugador que perdió por demora no puede ganar ni empatar el match."),
    SeatOutcomeHow.PENALTY: gettext_lazy("Un jugador que perdió por penalidad no puede ganar ni empatar el match."),
}


def seat_hows(
    *,
    outcome: Outcome,
    minutes_late_a: int | None = None,
    minutes_late_b: int | None = None,
    how_a: str | None = None,
    how_b: str | None = None,
) -> tuple[SeatOutcomeHow, SeatOutcomeHow]:
    """How each side's result came about: ``(how_a, how_b)``.

    Without an explicit value a side is ``late`` when it was more than 10
    minutes late (it lost the match 0-2 without playing), ``absent`` in a
    double loss (both absent), else ``played``. An explicit value is kept
    when it fits: ``absent``, ``late`` and ``penalty`` need the side to have
    lost the match, and ``late`` needs more than 10 minutes late.

    Raises :class:`IllegalResult` (``seat_how_unknown``,
    ``seat_how_not_a_loss``, ``late_without_minutes``) naming the field.
    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas"; Default: DESIGN.md decisions 9 and 15.
    """
    out = []
    for side, minutes, given in (("a", minutes_late_a, how_a), ("b", minutes_late_b, how_b)):
        field = f"how_{side}"
        if given in (None, ""):
            if tardiness_step(minutes) == "match":
                out.append(SeatOutcomeHow.LATE)
            elif outcome == Outcome.DOUBLE_LOSS:
                out.append(SeatOutcomeHow.ABSENT)
            else:
                out.append(SeatOutcomeHow.PLAYED)
            continue
        if given not in _HOWS:
            raise _illegal("seat_how_unknown", _("«%(value)s» no es una forma de terminar el match (jugó, ausente, "
                                                 "llegó tarde, perdió por penalidad).") % {"value": given}, field)
        how = SeatOutcomeHow(given)
        if how != SeatOutcomeHow.PLAYED and outcome not in _LOST[side]:
            raise _illegal("seat_how_not_a_loss", str(_HOW_MESSAGES[how]), field)
        if how == SeatOutcomeHow.LATE and tardiness_step(minutes) != "match":
            raise _illegal("late_without_minutes", _(
                "«Llegó tarde» es perder el match por más de 10 minutos de demora: indicá los minutos."),
                f"minutes_late_{side}")
        out.append(how)
    return out[0], out[1]


def duel_seats(values: dict) -> tuple[list[dict], dict]:
    """Split a two-sided entry (``games_a``, ``games_b``, ``minutes_late_a``/``_b``, ``how_a``/``_b``: a form's,
    the API's, a penalty's) into the per-seat list of
    :func:`tournaments.services.results.table_result_record` (side A, then B) and the remaining values."""
    rest = dict(values)
    seats = []
    for side in "ab":
        seat = {"games": rest.pop(f"games_{side}", 0)}
        for key in ("minutes_late", "how"):
            if f"{key}_{side}" in rest:
                seat[key] = rest.pop(f"{key}_{side}")
        seats.append(seat)
    return seats, rest


def simulate_games(rng: random.Random, best_of: int, *, allow_draw: bool) -> tuple[int, int, int]:
    """A plausible random score ``(games_a, games_b, games_drawn)`` for a match.

    Best of three: 2-0, 2-1, 1-2, 0-2 mostly; about 4 % go to time at 1-1
    (a drawn match) and 2 % end 1-0 with a drawn game. Best of one: 1-0, 0-1
    or, rarely, a drawn game. Top-cut matches always have a winner.
    """
    roll = rng.random()
    if best_of == 1:
        if allow_draw and roll < 0.05:
            return 0, 0, 1
        return (1, 0, 0) if rng.random() < 0.5 else (0, 1, 0)
    if allow_draw and roll < 0.04:
        return 1, 1, 0
    if roll < 0.06:
        return (1, 0, 1) if rng.random() < 0.5 else (0, 1, 1)
    return rng.choice([(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0)])
