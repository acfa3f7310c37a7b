"""Results of the current round: matches (duels) and pods; the event row locked first.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(tardiness, best of three); 004_4a3d59c736a1e8f3.txt § "1 Objetivo" (pods).
"""
from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..enums import EventState, MatchOutcome, MatchStatus, ResultSource, RoundPhase, RoundState, SeatOutcomeHow
from ..errors import IllegalResult, StaleEdit, StateError
from ..formats import format_for
from ..models import Event, ResultEntry, Round, Seat, Table
from ..swiss.results import apply_tardiness, late_game_one_problem, result_problems, tardiness_step
from ..swiss.types import Outcome, outcome_from_games
from ..text import round_label, score_text
from .eventlog import event_log_append, table_place
from .locks import table_lock

User = AbstractBaseUser
_HOWS = frozenset(SeatOutcomeHow.values)


def _require_current(event: Event, rnd: Round, table_number) -> None:
    """Refuse a result outside the event's round in progress (or of a finished event)."""
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó; los resultados no cambian."))
    current = event.rounds.order_by("-number").first()
    if rnd.pk != current.pk or rnd.state != RoundState.PAIRED:
        raise StateError(
            "not_current_round",
            _("La mesa %(table)s es de la ronda %(round)d, que no es la ronda en curso (%(current)d).")
            % {"table": table_number, "round": rnd.number, "current": current.number},
        )


def _stale(entries, message: str, **params) -> StaleEdit:
    last = entries.select_related("entered_by").order_by("-version").first()
    who = getattr(last.entered_by, "username", "?") if last else "?"
    return StaleEdit("stale_result", message % {"who": who, **params})


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
                "Una doble derrota (ambos ausentes) no lleva partidas: deje las partidas en 0.")))
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

    Shared by :func:`match_result_record` and the corrections
    (:mod:`.corrections`, :mod:`.corrections_preview`), so a
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


def _matches_saved(match: Table, games_a, games_b, games_drawn, outcome, went_to_time, intentional_draw,
                   hows=None) -> bool:
    return (
        (match.games_a, match.games_b, match.games_drawn, match.outcome) == (games_a, games_b, games_drawn, outcome)
        and (match.went_to_time, match.intentional_draw) == (went_to_time, intentional_draw)
        and (hows is None or (match.how_a, match.how_b) == tuple(hows))
    )


def _is_saved(match: Table, validate: dict) -> bool:
    """True when ``match`` already holds exactly the result ``validate`` describes (a retried save)."""
    try:
        games_a, games_b, games_drawn, outcome = match_result_validate(**validate)
        hows = seat_hows(outcome=outcome, minutes_late_a=validate["minutes_late_a"],
                         minutes_late_b=validate["minutes_late_b"], how_a=validate["how_a"], how_b=validate["how_b"])
    except IllegalResult:
        return False
    pending = match.status == MatchStatus.PENDING
    return pending == bool(validate["provisional"]) and _matches_saved(
        match, games_a, games_b, games_drawn, outcome, validate["went_to_time"], validate["intentional_draw"], hows)


def table_result_store(
    table: Table,
    *,
    seats: dict[int, dict],
    status: str,
    games_drawn: int = 0,
    outcome: str = "",
    went_to_time: bool = False,
    intentional_draw: bool = False,
    entered_by: User | None = None,
    note: str = "",
    source: str = ResultSource.JUDGE,
) -> ResultEntry:
    """Write a checked result onto ``table`` (locked by the caller): its seats, its shared values, a new version
    and the :class:`ResultEntry` that keeps it.

    ``seats`` maps each seated registration id to its values: ``games``
    (won), ``place``, ``score``, ``how`` and ``minutes_late`` (missing keys:
    0, ``None``, ``"played"``, ``None``). Every format records through here,
    so every table's history has one shape. Raises ``KeyError`` for a
    registration not seated at the table (a programming error: formats check
    results first).
    """
    ordered = table.seat_list
    if set(seats) != {seat.registration_id for seat in ordered}:
        raise KeyError(sorted(set(seats) ^ {seat.registration_id for seat in ordered}))
    changed = []
    history = []
    for seat in ordered:
        values = seats[seat.registration_id]
        new = (values.get("games", 0) or 0, values.get("place"), values.get("score"),
               values.get("how") or SeatOutcomeHow.PLAYED)
        if (seat.games, seat.place, seat.score, seat.how) != new:
            seat.games, seat.place, seat.score, seat.how = new
            changed.append(seat)
        history.append({"registration": seat.registration_id, "games": new[0], "place": new[1], "score": new[2],
                        "how": str(new[3]), "minutes_late": values.get("minutes_late")})
    if changed:
        Seat.objects.bulk_update(changed, ["games", "place", "score", "how"])
    table.version += 1
    table.status = status
    table.games_drawn, table.outcome = games_drawn, outcome
    table.went_to_time, table.intentional_draw = went_to_time, intentional_draw
    table.save(update_fields=["version", "status", "games_drawn", "outcome", "went_to_time", "intentional_draw"])
    return ResultEntry.objects.create(
        table=table, version=table.version, seats=history, games_drawn=games_drawn, outcome=outcome,
        went_to_time=went_to_time, intentional_draw=intentional_draw,
        entered_by=entered_by if getattr(entered_by, "pk", None) else None, note=note, source=source,
    )


@transaction.atomic
def match_result_record(
    *,
    match: Table | int,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    expected_version: int | None = None,
    went_to_time: bool = False,
    intentional_draw: bool = False,
    minutes_late_a: int | None = None,
    minutes_late_b: int | None = None,
    double_loss: bool = False,
    provisional: bool = False,
    entered_by: User | None = None,
    note: str = "",
    source: str = ResultSource.JUDGE,
    how_a: str | None = None,
    how_b: str | None = None,
) -> Table:
    """Record (or correct) the result of a match in the current round.

    Units: games won by each player and drawn games. ``expected_version`` is
    the match version the form was loaded with; if the match changed since,
    :class:`StaleEdit` is raised and nothing is written (two judges saving
    the same table). Re-sending the same result is a no-op, also with the
    version it was sent with the first time (a retry after a lost answer:
    the saved match is returned). Every accepted
    change adds a :class:`ResultEntry` (who, when, the values, ``source``:
    a judge's entry or the players' agreeing reports; the previous entry is
    the "before").

    Tardiness: more than 10 minutes late loses the match 0-2 whatever was
    entered; more than 5 loses game 1, so the opponent must have a game win
    (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas").
    ``double_loss`` records a loss for both (both absent, a double forfeit;
    RULES-TRACE ambiguity 10) with no games. ``provisional`` stores games
    counted before the match ends (a game lost to a penalty) and leaves the
    match pending: the judge still enters the final result.

    ``how_a``/``how_b`` (:class:`~tournaments.enums.SeatOutcomeHow` values)
    record how each side lost without playing: ``"absent"`` (a no-show: the
    other wins 0-2, both absent a double loss), ``"late"`` or ``"penalty"``;
    left out, they are derived (:func:`seat_hows`). The match and the new
    entry store them; participation reads them (DESIGN.md decision 15).

    Raises :class:`IllegalResult` for a score the format does not allow (3-0
    in best of three, a draw in the top cut), :class:`StateError` for a bye,
    a match outside the event's current round, a match a re-pair replaced
    (``table_gone``), or a finished event.
    """
    event, match = table_lock(match)
    rnd = match.round
    if match.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    _require_current(event, rnd, match.table_number)
    validate = {
        "event": event, "rnd": rnd, "games_a": games_a, "games_b": games_b, "games_drawn": games_drawn,
        "minutes_late_a": minutes_late_a, "minutes_late_b": minutes_late_b, "double_loss": double_loss,
        "provisional": provisional, "intentional_draw": intentional_draw, "went_to_time": went_to_time,
        "how_a": how_a, "how_b": how_b,
    }
    if expected_version is not None and expected_version != match.version:
        # A client retrying the request that saved this very version (the answer
        # was lost) gets the saved match, not a 409 blaming its own first try.
        if expected_version + 1 == match.version and _is_saved(match, validate):
            return match
        raise _stale(
            match.entries,
            _("Otra persona (%(who)s) cargó esta mesa mientras editabas: %(score)s. "
              "Revisá el resultado actual antes de corregirlo."),
            score=score_text(match.games_a, match.games_b, match.games_drawn),
        )
    games_a, games_b, games_drawn, outcome = match_result_validate(**validate)
    hows = seat_hows(outcome=outcome, minutes_late_a=minutes_late_a, minutes_late_b=minutes_late_b,
                     how_a=how_a, how_b=how_b)
    before = {"games": [match.games_a, match.games_b, match.games_drawn], "outcome": str(match.outcome),
              "status": str(match.status), "version": match.version}
    if (match.how_a, match.how_b) != (SeatOutcomeHow.PLAYED, SeatOutcomeHow.PLAYED):
        before["how"] = [str(match.how_a), str(match.how_b)]
    same = match.status != MatchStatus.PENDING and _matches_saved(
        match, games_a, games_b, games_drawn, outcome, went_to_time, intentional_draw, hows)
    if same:
        return match
    table_result_store(
        match,
        seats={match.player_a_id: {"games": games_a, "how": hows[0], "minutes_late": minutes_late_a},
               match.player_b_id: {"games": games_b, "how": hows[1], "minutes_late": minutes_late_b}},
        status=MatchStatus.PENDING if provisional else MatchStatus.REPORTED,
        games_drawn=games_drawn, outcome=MatchOutcome(outcome.value), went_to_time=went_to_time,
        intentional_draw=intentional_draw, entered_by=entered_by, note=note, source=source,
    )
    after = {"games": [games_a, games_b, games_drawn], "outcome": str(match.outcome), "status": str(match.status),
             "version": match.version, **table_place(match)}
    if hows != (SeatOutcomeHow.PLAYED, SeatOutcomeHow.PLAYED):
        after["how"] = [str(h) for h in hows]
    event_log_append(
        event=event, action="match_result_record", by=entered_by,
        subject=_("%(round)s, mesa %(table)s") % {"round": round_label(rnd), "table": match.table_number},
        before=before if before["version"] else {},
        after=after,
        reason=note,
    )
    return match


@transaction.atomic
def pod_result_record(
    *,
    pod: Table | int,
    placements: Sequence[tuple[int, int, int | None]],
    expected_version: int | None = None,
    entered_by=None,
    ended_by_time: bool = False,
    source: str = ResultSource.JUDGE,
    absent: Sequence[int] | None = None,
) -> Table:
    """Record (or correct) the finishing places of one pod of the current round.

    ``placements``: one ``(registration_id, place, score)`` per seated
    player, any order; ``place`` 1 is the winner, tied players share a place
    and skip the places their tie covers (1, 2, 2, 4); ``score`` is the
    secondary score (integer stoner points) or ``None``. ``expected_version``
    is the pod version the form was loaded with: if the pod changed since,
    :class:`StaleEdit` is raised and nothing is written. Re-sending the saved
    result is a no-op. Every accepted change adds a :class:`ResultEntry` (with ``source``, as for matches).
    ``ended_by_time``: the round's time ended the game; a stoner-points pod
    where nobody reached 20 is recorded as ended by time anyway
    (:meth:`tournaments.formats.pods.Pods.result_check`), so its top place
    is not a normal win.

    ``absent``: the registration ids of the seated players who never came
    to the table (their seats become ``how`` ``"absent"``, the others
    ``"played"``: no participation for them, DESIGN.md decision 15); left
    out, the seats keep what they hold (a drop before the table started
    marked its seat absent).

    Raises :class:`IllegalResult` for illegal places (see
    :meth:`tournaments.formats.pods.Pods.result_check`),
    :class:`StateError` for a pod outside the current round, a pod a re-pair
    replaced (``table_gone``) or a finished event.

    Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" and § "6 FAQ";
    002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL JUEGO";
    Default: issue #9 (ties allowed as shared places).
    """
    event, pod = table_lock(pod)
    _require_current(event, pod.round, pod.table_number)
    seats = {seat.registration_id: seat for seat in pod.seats.all()}
    if expected_version is not None and expected_version != pod.version:
        raise _stale(pod.entries, _("Otra persona (%(who)s) cargó esta mesa mientras usted editaba. Revise el "
                                    "resultado actual antes de corregirlo."))
    lines, by_time = format_for(event).result_check(event, pod, seats.keys(), placements,
                                                    ended_by_time=ended_by_time)
    if absent is None:
        hows = {rid: seat.how for rid, seat in seats.items()}
    else:
        stray = [rid for rid in absent if rid not in seats]
        if stray:
            raise _illegal("absent_not_seated", _("Sólo un jugador sentado en esta mesa puede figurar como "
                                                  "ausente (inscripción %(id)s).") % {"id": stray[0]}, "absent")
        hows = {rid: SeatOutcomeHow.ABSENT if rid in absent else SeatOutcomeHow.PLAYED for rid in seats}
    before = {"places": sorted([seat.registration_id, seat.place, seat.score] for seat in seats.values()
                               if seat.place is not None), "version": pod.version}
    if pod.went_to_time:
        before["ended_by_time"] = True
    same = pod.status != MatchStatus.PENDING and pod.went_to_time == by_time and all(
        (seats[line.player_id].place, seats[line.player_id].score) == (line.place, line.score) for line in lines
    ) and all(seat.how == hows[rid] for rid, seat in seats.items())
    if same:
        return pod
    by_player = {line.player_id: line for line in lines}
    table_result_store(
        pod,
        seats={rid: {"place": by_player[rid].place if rid in by_player else None,
                     "score": by_player[rid].score if rid in by_player else None, "how": hows[rid]}
               for rid in seats},
        status=MatchStatus.REPORTED, went_to_time=by_time, entered_by=entered_by, source=source,
    )
    event_log_append(
        event=event, action="pod_result_record", by=entered_by,
        subject=_("%(round)s, mesa %(table)s") % {"round": round_label(pod.round), "table": pod.table_number},
        before=before if before["version"] else {},
        after={"places": sorted([line.player_id, line.place, line.score] for line in lines), "version": pod.version,
               **table_place(pod), **({"ended_by_time": True} if by_time else {}),
               **({"absent": sorted(rid for rid, how in hows.items() if how == SeatOutcomeHow.ABSENT)}
                  if SeatOutcomeHow.ABSENT in hows.values() else {})},
    )
    return pod
