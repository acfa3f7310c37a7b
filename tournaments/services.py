"""State changes of a tournament day; each service is one transaction.

Services load what they need (locking the event row with
``select_for_update()`` where two people can race), call the pure core in
:mod:`tournaments.swiss`, write the result and raise an
:class:`~tournaments.errors.ArenaError` subclass when a request is refused —
in which case nothing has been changed.

Names follow ``<entity>_<verb>`` where it reads well; the issue's verbs
(``register``, ``drop``, ``round_pair_next``, ``match_result_record``,
``top_cut_start``, ``event_finish``) are kept as the public names.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import hooks, selectors
from .adapters import load_snapshot
from .enums import EventState, MatchOutcome, MatchStatus, RoundPhase, RoundState
from .errors import IllegalResult, PairingRefused, RegistrationError, StaleEdit, StateError
from .models import Event, Match, Player, Registration, ResultEntry, Round
from .swiss import topcut
from .swiss.errors import PairingError
from .swiss.pairing import pair_round, rounds_for
from .swiss.results import apply_tardiness, late_game_one_problem, result_problems
from .swiss.standings import compute_standings
from .swiss.types import BracketMatch, Outcome, Podium, outcome_from_games

User = AbstractBaseUser


def derived_seed(event_seed: int, *parts: object) -> int:
    """A reproducible 63-bit seed derived from the event's recorded seed.

    Round ``n`` is drawn from ``derived_seed(event.seed, "round", n)``; the
    tie-break draw of a registration from ``derived_seed(event.seed, "draw",
    player_id)``. Default: DESIGN.md decision 11.
    """
    return random.Random(":".join(str(p) for p in (event_seed, *parts))).getrandbits(63)


def _in_pods(event: Event | int) -> bool:
    """Whether ``event`` is played in pods (issue #9): its services live in :mod:`.pods_services`."""
    if not isinstance(event, Event):
        event = Event.objects.select_related("game").get(pk=event)
    return event.in_pods


def _locked_event(event: Event | int) -> Event:
    pk = event.pk if isinstance(event, Event) else event
    return Event.objects.select_for_update().get(pk=pk)


# --------------------------------------------------------------------------- registration


@transaction.atomic
def registration_open(*, event: Event) -> Event:
    """Open registration (draft → registration). Raises :class:`StateError` otherwise."""
    event = _locked_event(event)
    if event.state not in (EventState.DRAFT, EventState.CLOSED):
        raise StateError("registration_not_openable", _("La inscripción sólo se abre antes de la ronda 1."))
    event.state = EventState.REGISTRATION
    event.save(update_fields=["state"])
    return event


@transaction.atomic
def registration_close(*, event: Event) -> Event:
    """Close registration (registration → closed), ready to pair round 1."""
    event = _locked_event(event)
    if event.state != EventState.REGISTRATION:
        raise StateError("registration_not_open", _("La inscripción no está abierta."))
    event.state = EventState.CLOSED
    event.save(update_fields=["state"])
    return event


@transaction.atomic
def registration_create(*, event: Event, player: Player, checked_in: bool = True) -> Registration:
    """Register ``player`` in ``event``.

    While registration is open this is a normal entry. Once the Swiss rounds
    have started it is a *late entry*: the player joins the next round with 0
    match points (issue #2). Raises :class:`RegistrationError` if the player
    is already registered, :class:`StateError` if the event is not taking
    entries (draft, top cut, finished).
    """
    event = _locked_event(event)
    if event.state in (EventState.DRAFT, EventState.TOP_CUT, EventState.FINISHED):
        raise StateError(
            "registration_closed",
            _("El evento «%(event)s» no admite inscripciones en estado «%(state)s».")
            % {"event": event.name, "state": event.get_state_display()},
        )
    if Registration.objects.filter(event=event, player=player).exists():
        raise RegistrationError(
            "already_registered",
            _("%(player)s ya está inscripto en «%(event)s».") % {"player": player, "event": event.name},
        )
    late = event.state == EventState.SWISS
    next_round = event.rounds.filter(phase=RoundPhase.SWISS).count() + 1
    try:
        with transaction.atomic():
            return Registration.objects.create(
                event=event,
                player=player,
                checked_in=checked_in,
                late_entry=late,
                joined_round=next_round if late else 1,
                draw_order=derived_seed(event.seed, "draw", player.pk) % 2_000_000_000,
            )
    except IntegrityError as exc:  # a concurrent double submission
        raise RegistrationError(
            "already_registered",
            _("%(player)s ya está inscripto en «%(event)s».") % {"player": player, "event": event.name},
        ) from exc


@transaction.atomic
def registration_drop(*, registration: Registration) -> Registration:
    """Drop a player from the event: never paired again, results kept.

    The drop takes effect from the next pairing; results already played keep
    counting for opponents' Buchholz (DESIGN.md decision 2). Raises
    :class:`RegistrationError` if already dropped or the event is finished.
    """
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if registration.event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if registration.dropped:
        raise RegistrationError("already_dropped", _("%(player)s ya abandonó el evento.") % {
            "player": registration.player.display_name})
    registration.dropped = True
    registration.dropped_after_round = registration.event.rounds.filter(phase=RoundPhase.SWISS).count()
    registration.save(update_fields=["dropped", "dropped_after_round"])
    return registration


@transaction.atomic
def registration_drop_undo(*, registration: Registration) -> Registration:
    """Undo a drop (a mistaken click); the player is paired again from the next round."""
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if not registration.dropped:
        raise RegistrationError("not_dropped", _("%(player)s no abandonó el evento.") % {
            "player": registration.player.display_name})
    if registration.disqualified:
        raise RegistrationError("disqualified", _("Un jugador descalificado no puede volver al evento."))
    if registration.event.state in (EventState.TOP_CUT, EventState.FINISHED):
        raise StateError("swiss_over", _("Las rondas suizas ya terminaron."))
    registration.dropped = False
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped", "dropped_after_round"])
    return registration


@transaction.atomic
def registration_check_in(*, registration: Registration, present: bool = True) -> Registration:
    """Mark a registered player as present (or not) at the venue.

    Check-in is a record for the organizer; pairing does not read it (a
    player who did not come is dropped). Setting the value it already has is
    a no-op, so a double click is harmless. Raises :class:`StateError` once
    the event is finished.
    """
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if registration.event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if registration.checked_in != present:
        registration.checked_in = present
        registration.save(update_fields=["checked_in"])
    return registration


# --------------------------------------------------------------------------- rounds


def _missing_results_error(pending: Iterable[int | None]) -> PairingRefused:
    """``pending``: table numbers of the matches still without a result."""
    tables = sorted(t for t in pending if t is not None)
    return PairingRefused(
        "results_missing",
        _("Faltan resultados en las mesas %(tables)s; cárguelos antes de emparejar la ronda siguiente.")
        % {"tables": ", ".join(str(t) for t in tables)},
    )


def _close_open_rounds(event: Event) -> None:
    now = timezone.now()
    Match.objects.filter(round__event=event, status=MatchStatus.REPORTED).update(status=MatchStatus.CONFIRMED)
    event.rounds.filter(state=RoundState.PAIRED).update(state=RoundState.CLOSED, closed_at=now)


def require_pairable(event: Event) -> None:
    """Raise :class:`StateError` unless registration is closed or the Swiss rounds are on."""
    if event.state not in (EventState.CLOSED, EventState.SWISS):
        raise StateError(
            "not_pairable",
            _("No se puede emparejar con el evento en estado «%(state)s»; cierre la inscripción primero.")
            % {"state": event.get_state_display()},
        )


def next_round_number(event: Event, active_count: int, *, complete_message: str) -> int:
    """The number of the round to pair next (Swiss or pods), fixing the planned rounds at round 1.

    Planned rounds default to ceil(log2 N), minimum ``event.min_rounds``
    (DESIGN.md decision 5). Raises :class:`PairingRefused` ``too_few_players``
    or ``swiss_complete`` (``complete_message`` % {"n": planned}).
    """
    played = event.rounds.filter(phase=RoundPhase.SWISS).count()
    if event.planned_rounds is None:
        try:
            event.planned_rounds = rounds_for(active_count, minimum=event.min_rounds)
        except PairingError as exc:
            raise PairingRefused("too_few_players", _("Hacen falta al menos dos jugadores activos.")) from exc
        event.save(update_fields=["planned_rounds"])
    if played >= event.planned_rounds:
        raise PairingRefused("swiss_complete", complete_message % {"n": event.planned_rounds})
    return played + 1


@transaction.atomic
def round_pair_next(*, event: Event) -> Round:
    """Pair the next Swiss round, or the next top-cut stage.

    Round 1 is random from a seed derived from the event's recorded seed;
    later rounds pair by standings (maximum-weight matching, no avoidable
    rematch, at most one bye per player). The previous round is closed.
    Returns the new :class:`Round` with its matches.

    Raises :class:`PairingRefused` when results are missing (naming the
    tables), when every planned Swiss round is played, or with fewer than two
    active players; :class:`StateError` when registration is still open or
    the event is finished.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    (R-000-75, R-000-78), § "¿Cómo funciona el emparejamiento en los torneos
    suizos?" (R-000-64).
    """
    if _in_pods(event):
        from .pods_services import pod_round_pair_next

        return pod_round_pair_next(event=event)
    event = _locked_event(event)
    if event.state == EventState.TOP_CUT:
        return _pair_next_stage(event)
    require_pairable(event)
    snapshot = load_snapshot(event)
    if snapshot.pending:
        raise _missing_results_error(snapshot.pending)
    active = snapshot.active_ids
    number = next_round_number(
        event, len(active),
        complete_message=_("Ya se jugaron las %(n)d rondas suizas; inicie el reducido o finalice el evento."),
    )
    seed = derived_seed(event.seed, "round", number)
    standings = compute_standings(
        snapshot.registrations.keys(),
        snapshot.swiss_records,
        active=set(active),
        draw_order=snapshot.draw_order,
    )
    try:
        core = pair_round(
            number,
            sorted(active),
            snapshot.swiss_records,
            rng=random.Random(seed),
            standings=standings,
        )
    except PairingError as exc:
        raise PairingRefused(exc.code, _("No se puede emparejar: hacen falta al menos dos jugadores activos.")) from exc
    _close_open_rounds(event)
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS, seed=seed)
    _insert_matches(
        rnd,
        [
            (None, p.player_a, None, True, event.bye_game_wins, MatchOutcome.BYE, MatchStatus.CONFIRMED, False)
            if p.is_bye
            else (p.table_number, p.player_a, p.player_b, False, 0, "", MatchStatus.PENDING, p.rematch)
            for p in core.pairings
        ],
    )
    if event.state != EventState.SWISS:
        event.state = EventState.SWISS
        event.save(update_fields=["state"])
    hooks.round_paired(rnd)
    return rnd


@transaction.atomic
def round_repair(*, event: Event) -> Round:
    """Delete the current round and pair it again (only while it has no result).

    Useful after a late check-in or a drop noticed just after pairing. Byes
    do not count as results here. Raises :class:`StateError` when a result has
    been entered or there is no Swiss round to re-pair.
    """
    event = _locked_event(event)
    rnd = event.rounds.filter(state=RoundState.PAIRED, phase=RoundPhase.SWISS).order_by("-number").first()
    if rnd is None or event.state != EventState.SWISS:
        raise StateError("nothing_to_repair", _("No hay una ronda suiza abierta para volver a emparejar."))
    has_results = (rnd.pods.exclude(status=MatchStatus.PENDING) if event.in_pods
                   else rnd.matches.filter(is_bye=False).exclude(status=MatchStatus.PENDING))
    if has_results.exists():
        raise StateError("round_has_results", _("La ronda %(n)d ya tiene resultados cargados; no se puede rehacer.")
                         % {"n": rnd.number})
    rnd.delete()
    if not event.rounds.exists():
        event.state = EventState.CLOSED
        event.save(update_fields=["state"])
    return round_pair_next(event=event)


@transaction.atomic
def round_close(*, event: Event) -> Round:
    """Close the current round: its reported results become confirmed.

    Once closed, the round's results no longer change (:func:`match_result_record`
    only accepts the round in progress). Pairing the next round, starting the
    top cut or finishing the event also close the open round; this is the
    explicit "cerrar ronda / confirmar resultados" step of the organizer.
    Raises :class:`StateError` when no round is open (``no_open_round``, e.g.
    a second click) or when results are missing (``results_missing``, naming
    the tables).
    """
    event = _locked_event(event)
    rnd = event.rounds.filter(state=RoundState.PAIRED).order_by("-number").first()
    if rnd is None:
        raise StateError("no_open_round", _("No hay ninguna ronda abierta para cerrar."))
    pending = sorted(
        m.table_number or 0 for m in rnd.matches.filter(status=MatchStatus.PENDING, is_bye=False)
    )
    if pending:
        raise StateError(
            "results_missing",
            _("Faltan resultados en las mesas %(tables)s; cárguelos antes de cerrar la ronda %(n)d.")
            % {"tables": ", ".join(str(t) for t in pending), "n": rnd.number},
        )
    rnd.matches.filter(status=MatchStatus.REPORTED).update(status=MatchStatus.CONFIRMED)
    rnd.state = RoundState.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["state", "closed_at"])
    return rnd


def _insert_matches(rnd: Round, rows: list[tuple]) -> None:
    """Insert a round's matches in one ``executemany``.

    ``rows`` holds ``(table_number, player_a_id, player_b_id, is_bye,
    games_a, outcome, status, rematch)``. A 16,384-player round has 8,192
    matches; building that many model instances for ``bulk_create`` costs
    more than the pairing itself, so the hot path writes plain tuples.
    """
    columns = (
        "round_id", "table_number", "player_a_id", "player_b_id", "is_bye", "games_a", "games_b", "games_drawn",
        "outcome", "status", "went_to_time", "intentional_draw", "rematch", "bracket_slot", "version",
    )
    table = connection.ops.quote_name(Match._meta.db_table)
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})"
    params = [
        (rnd.pk, tbl, a, b, bye, ga, 0, 0, str(outcome), str(status), False, False, rematch, None, 0)
        for tbl, a, b, bye, ga, outcome, status, rematch in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


# --------------------------------------------------------------------------- results


_PROBLEM_MESSAGES = {
    "negative_games": lambda p: _("La cantidad de partidas no puede ser negativa."),
    "too_many_wins": lambda p: _("Nadie puede ganar más de %(needed)d partidas en este formato.") % p,
    "too_many_games": lambda p: _("Al mejor de %(best_of)d no se juegan más de %(best_of)d partidas (los empates cuentan).") % p,
    "played_after_win": lambda p: _("El match termina cuando alguien gana %(needed)d partidas; ambos no pueden llegar a %(needed)d.") % p,
    "draw_in_top_cut": lambda p: _("En el reducido no hay empates: el match necesita un ganador."),
    "late_game_one_not_counted": lambda p: _("Con más de 5 minutos de demora, la primera partida es para el rival: el resultado debe incluirla."),
}


def _problem_text(problem) -> str:
    return str(_PROBLEM_MESSAGES[problem.code](dict(problem.params)))


@transaction.atomic
def match_result_record(
    *,
    match: Match | int,
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
) -> Match:
    """Record (or correct) the result of a match in the current round.

    Units: games won by each player and drawn games. ``expected_version`` is
    the match version the form was loaded with; if the match changed since,
    :class:`StaleEdit` is raised and nothing is written (two judges saving
    the same table). Re-sending the same result is a no-op. Every accepted
    change adds a :class:`ResultEntry` (who, when, the values; the previous
    entry is the "before").

    Tardiness: more than 10 minutes late loses the match 0-2 whatever was
    entered; more than 5 loses game 1, so the opponent must have a game win
    (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas").
    ``double_loss`` records a loss for both (both absent, a double forfeit;
    RULES-TRACE ambiguity 10) with no games. ``provisional`` stores games
    counted before the match ends (a game lost to a penalty) and leaves the
    match pending: the judge still enters the final result.

    Raises :class:`IllegalResult` for a score the format does not allow (3-0
    in best of three, a draw in the top cut), :class:`StateError` for a bye,
    a match outside the event's current round, or a finished event.
    """
    pk = match.pk if isinstance(match, Match) else match
    match = Match.objects.select_for_update(of=("self",)).select_related("round", "round__event").get(pk=pk)
    rnd = match.round
    event = rnd.event
    if match.is_bye:
        raise StateError("bye_has_no_result", _("Un bye no lleva resultado."))
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó; los resultados no cambian."))
    current = event.rounds.order_by("-number").first()
    if rnd.pk != current.pk or rnd.state != RoundState.PAIRED:
        raise StateError(
            "not_current_round",
            _("La mesa %(table)s es de la ronda %(round)d, que no es la ronda en curso (%(current)d).")
            % {"table": match.table_number, "round": rnd.number, "current": current.number},
        )
    if expected_version is not None and expected_version != match.version:
        last = match.entries.select_related("entered_by").order_by("-version").first()
        who = getattr(last.entered_by, "username", "?") if last else "?"
        raise StaleEdit(
            "stale_result",
            _("Otra persona (%(who)s) cargó esta mesa mientras usted editaba: %(a)d-%(b)d-%(d)d. "
              "Revise el resultado actual antes de corregirlo.")
            % {"who": who, "a": match.games_a, "b": match.games_b, "d": match.games_drawn},
        )
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
        raise IllegalResult(
            "double_loss_in_top_cut",
            _("En el reducido el match necesita un ganador; resuelva la ausencia de ambos con el juez principal."),
        )
    if problems:
        raise IllegalResult(
            problems[0].code,
            _("Resultado %(a)d-%(b)d-%(d)d no válido: %(why)s")
            % {"a": games_a, "b": games_b, "d": games_drawn, "why": " ".join(_problem_text(p) for p in problems)},
        )
    outcome = forced or outcome_from_games(games_a, games_b)
    same = (
        match.status != MatchStatus.PENDING
        and (match.games_a, match.games_b, match.games_drawn, match.outcome) == (games_a, games_b, games_drawn, outcome)
        and (match.went_to_time, match.intentional_draw) == (went_to_time, intentional_draw)
    )
    if same:
        return match
    match.version += 1
    match.games_a, match.games_b, match.games_drawn = games_a, games_b, games_drawn
    match.outcome = MatchOutcome(outcome.value)
    match.went_to_time = went_to_time
    match.intentional_draw = intentional_draw
    match.status = MatchStatus.PENDING if provisional else MatchStatus.REPORTED
    match.save(update_fields=[
        "version", "games_a", "games_b", "games_drawn", "outcome", "went_to_time", "intentional_draw", "status",
    ])
    ResultEntry.objects.create(
        match=match,
        version=match.version,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        outcome=match.outcome,
        went_to_time=went_to_time,
        intentional_draw=intentional_draw,
        minutes_late_a=minutes_late_a,
        minutes_late_b=minutes_late_b,
        entered_by=entered_by if getattr(entered_by, "pk", None) else None,
        note=note,
    )
    return match


@transaction.atomic
def round_pair_manual(
    *,
    event: Event,
    pairings: Iterable[tuple[Registration | int, Registration | int | None]],
    absent: Iterable[Registration | int] = (),
) -> Round:
    """Create the next Swiss round from given pairings (a recorded event, a manual fix).

    ``pairings`` holds ``(player_a, player_b)`` registrations, ``player_b``
    ``None`` for a bye; tables are numbered in the given order. Every active
    registration must appear exactly once, except those listed in ``absent``
    (a replayed file's player who sat the round out: no match, no points);
    dropped players may not appear.
    Raises :class:`PairingRefused` naming the offending player, or when the
    previous round still misses results.
    """
    event = _locked_event(event)
    if event.state not in (EventState.CLOSED, EventState.SWISS):
        raise StateError("not_pairable", _("No se puede emparejar con el evento en estado «%(state)s».")
                         % {"state": event.get_state_display()})
    snapshot = load_snapshot(event)
    if snapshot.pending:
        raise _missing_results_error(snapshot.pending)
    ids = lambda r: r.pk if isinstance(r, Registration) else r  # noqa: E731
    seen: set[int] = set()
    rows: list[tuple[int, int | None]] = []
    for a, b in pairings:
        pair = (ids(a), ids(b) if b is not None else None)
        for rid in pair:
            if rid is None:
                continue
            reg = snapshot.registrations.get(rid)
            if reg is None or not reg.active:
                raise PairingRefused("not_active", _("La inscripción %(id)s no está activa en este evento.") % {"id": rid})
            if rid in seen:
                raise PairingRefused("paired_twice", _("%(player)s aparece dos veces en la ronda.")
                                     % {"player": reg.display_name})
            seen.add(rid)
        rows.append(pair)
    missing = set(snapshot.active_ids) - seen - {ids(r) for r in absent}
    if missing:
        names = sorted(snapshot.registrations[r].display_name for r in missing)
        raise PairingRefused("players_unpaired", _("Quedan jugadores sin emparejar: %(names)s.")
                             % {"names": ", ".join(names)})
    number = event.rounds.filter(phase=RoundPhase.SWISS).count() + 1
    if event.planned_rounds is None:
        event.planned_rounds = rounds_for(max(len(snapshot.active_ids), 2), minimum=event.min_rounds)
    event.planned_rounds = max(event.planned_rounds, number)
    event.save(update_fields=["planned_rounds"])
    _close_open_rounds(event)
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS)
    matches, table = [], 0
    for a, b in rows:
        if b is None:
            matches.append(Match(round=rnd, player_a_id=a, is_bye=True, games_a=event.bye_game_wins,
                                 outcome=MatchOutcome.BYE, status=MatchStatus.CONFIRMED))
        else:
            table += 1
            matches.append(Match(round=rnd, table_number=table, player_a_id=a, player_b_id=b))
    Match.objects.bulk_create(matches)
    if event.state != EventState.SWISS:
        event.state = EventState.SWISS
        event.save(update_fields=["state"])
    hooks.round_paired(rnd)
    return rnd


# --------------------------------------------------------------------------- top cut and finish


def _bracket_round(event: Event, number: int, stage: int, bracket) -> Round:
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.TOP_CUT, stage=stage)
    Match.objects.bulk_create(
        Match(
            round=rnd,
            table_number=index,
            bracket_slot=bm.slot if bm.stage else 0,
            player_a_id=bm.player_a,
            player_b_id=bm.player_b,
        )
        for index, bm in enumerate(sorted(bracket, key=lambda b: (b.stage == 0, b.slot)), start=1)
    )
    return rnd


def _require_swiss_done(event: Event, snapshot) -> None:
    if snapshot.pending:
        raise _missing_results_error(snapshot.pending)
    played = event.rounds.filter(phase=RoundPhase.SWISS).count()
    if event.state != EventState.SWISS or played < (event.planned_rounds or 0):
        raise StateError(
            "swiss_not_complete",
            _("Faltan rondas suizas: se jugaron %(played)d de %(planned)d.")
            % {"played": played, "planned": event.planned_rounds or 0},
        )


@transaction.atomic
def top_cut_start(*, event: Event) -> Round:
    """Close the Swiss rounds and pair the top cut's first stage.

    Takes the top ``event.cut_size`` active players of the final Swiss
    standings (dropped and disqualified players are skipped; the next moves
    up), seeded 1v4 and 2v3 for a top 4 (DESIGN.md decision 6). Raises
    :class:`StateError` if Swiss rounds or results are missing or the event
    has no top cut, :class:`PairingRefused` with too few active players.

    Rule: 000_0014b2ac83da54b4.txt § "Super Liga" ("un reducido final entre
    los 4 primeros puestos", R-000-39).
    """
    event = _locked_event(event)
    if not event.cut_size or event.in_pods:
        raise StateError("no_top_cut", _("Este evento no tiene reducido; finalícelo directamente."))
    snapshot = load_snapshot(event)
    _require_swiss_done(event, snapshot)
    standings = compute_standings(
        snapshot.registrations.keys(), snapshot.swiss_records,
        active=set(snapshot.active_ids), draw_order=snapshot.draw_order,
    )
    try:
        bracket = topcut.seed_bracket(standings, event.cut_size)
    except PairingError as exc:
        raise PairingRefused(exc.code, _("No hay suficientes jugadores activos para un reducido de %(n)d.")
                             % {"n": event.cut_size}) from exc
    _close_open_rounds(event)
    number = event.rounds.count() + 1
    rnd = _bracket_round(event, number, bracket[0].stage, bracket)
    event.state = EventState.TOP_CUT
    event.save(update_fields=["state"])
    hooks.round_paired(rnd)
    return rnd


def _bracket_of(rounds: Iterable[Round]) -> tuple[list[BracketMatch], dict[tuple[int, int], int]]:
    """Core bracket matches and winners of stored top-cut rounds."""
    bracket, winners = [], {}
    for rnd in rounds:
        for m in rnd.matches.all():
            stage = 0 if m.bracket_slot == 0 else rnd.stage
            bm = BracketMatch(stage=stage, slot=m.bracket_slot or 1, player_a=m.player_a_id, player_b=m.player_b_id)
            bracket.append(bm)
            winner = selectors.match_winner_id(m)
            if winner is not None:
                winners[(stage, bm.slot)] = winner
    return bracket, winners


def _final_standings(event: Event):
    snapshot = load_snapshot(event)
    return compute_standings(
        snapshot.registrations.keys(), snapshot.swiss_records,
        active=set(snapshot.active_ids), draw_order=snapshot.draw_order,
    )


def _pair_next_stage(event: Event) -> Round:
    rnd = event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("-number").first()
    pending = list(rnd.matches.filter(status=MatchStatus.PENDING).values_list("table_number", flat=True))
    if pending:
        raise _missing_results_error(pending)
    if rnd.stage == 1:
        raise PairingRefused("top_cut_complete", _("La final ya se jugó; finalice el evento."))
    bracket, winners = _bracket_of([rnd])
    nxt = topcut.next_stage(
        bracket, winners, third_place_match=event.third_place_match, standings=_final_standings(event)
    )
    _close_open_rounds(event)
    following = _bracket_round(event, event.rounds.count() + 1, rnd.stage - 1, nxt)
    hooks.round_paired(following)
    return following


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """Finish the event and fix its podium (1st, 2nd, 3rd).

    With a top cut: 1st and 2nd from the final, 3rd from the third-place
    match if played, else the semifinal loser with the better Swiss rank
    (DESIGN.md decision 6). Without a top cut: the first three active rows of
    the Swiss standings. Finishing twice is refused with :class:`StateError`.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
    ("el podio de 3", R-000-80).
    """
    if _in_pods(event):
        from .pods_services import pod_event_finish

        return pod_event_finish(event=event)
    event = _locked_event(event)
    if event.state == EventState.FINISHED:
        raise StateError("already_finished", _("El evento ya está finalizado."))
    snapshot = load_snapshot(event)
    standings = compute_standings(
        snapshot.registrations.keys(), snapshot.swiss_records,
        active=set(snapshot.active_ids), draw_order=snapshot.draw_order,
    )
    if event.state == EventState.TOP_CUT:
        final = event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("-number").first()
        if final.stage != 1 or final.matches.filter(status=MatchStatus.PENDING).exists():
            raise StateError("top_cut_not_complete", _("El reducido todavía no terminó."))
        bracket, winners = _bracket_of(event.rounds.filter(phase=RoundPhase.TOP_CUT, stage__lte=2))
        podium = _without_disqualified(
            topcut.podium(bracket, winners, standings=standings), event, standings,
            [p for bm in bracket for p in (bm.player_a, bm.player_b)],
        )
    else:
        if event.cut_size:
            raise StateError("top_cut_not_started", _("Falta jugar el reducido."))
        _require_swiss_done(event, snapshot)
        disqualified = {rid for rid, reg in snapshot.registrations.items() if reg.disqualified}
        top = [s.registration_id for s in standings if s.active and s.registration_id not in disqualified]
        top += [None, None, None]
        podium = Podium(first=top[0], second=top[1], third=top[2])
    _close_open_rounds(event)
    event.podium_first_id, event.podium_second_id, event.podium_third_id = podium.as_tuple()
    event.state = EventState.FINISHED
    event.finished_at = timezone.now()
    event.save(update_fields=["podium_first", "podium_second", "podium_third", "state", "finished_at"])
    hooks.event_finished(event)
    return event


def _without_disqualified(podium: Podium, event: Event, standings, cut_players: Iterable[int | None]) -> Podium:
    """The podium with disqualified players removed and the next players moved up.

    Candidates in order: the podium as played, the other top-cut players by
    Swiss rank, then the rest of the Swiss standings. A disqualified player
    earns no podium (DESIGN.md decision 10; RULES-TRACE ambiguity 13).
    """
    disqualified = set(event.registrations.filter(disqualified=True).values_list("pk", flat=True))
    if not disqualified.intersection(podium.as_tuple()):
        return podium
    rank = {s.registration_id: i for i, s in enumerate(standings)}
    others = sorted({p for p in cut_players if p is not None} - set(podium.as_tuple()), key=lambda p: rank.get(p, 1 << 30))
    order = [p for p in podium.as_tuple() if p is not None] + others + [s.registration_id for s in standings]
    chosen: list[int] = []
    for player in order:
        if player not in disqualified and player not in chosen:
            chosen.append(player)
    chosen += [None, None, None]
    return Podium(first=chosen[0], second=chosen[1], third=chosen[2], third_decided_by="disqualification")


@transaction.atomic
def event_podium_recompute(*, event: Event) -> Event:
    """Recompute a finished event's podium after a disqualification (next players move up).

    League points are posted again as a diff (reversals and new entries).
    """
    event = _locked_event(event)
    if event.state != EventState.FINISHED:
        return event
    standings = _final_standings(event)
    current = Podium(first=event.podium_first_id, second=event.podium_second_id, third=event.podium_third_id)
    cut = event.rounds.filter(phase=RoundPhase.TOP_CUT).values_list("matches__player_a", "matches__player_b")
    podium = _without_disqualified(current, event, standings, [p for pair in cut for p in pair])
    if podium.as_tuple() != current.as_tuple():
        event.podium_first_id, event.podium_second_id, event.podium_third_id = podium.as_tuple()
        event.save(update_fields=["podium_first", "podium_second", "podium_third"])
        hooks.event_finished(event)
    return event


# --------------------------------------------------------------------------- round clock


def _locked_clock_round(rnd: Round | int) -> Round:
    pk = rnd.pk if isinstance(rnd, Round) else rnd
    rnd = Round.objects.select_for_update().get(pk=pk)
    if rnd.state != RoundState.PAIRED:
        raise StateError("round_closed", _("La ronda %(n)d ya está cerrada.") % {"n": rnd.number})
    return rnd


@transaction.atomic
def round_clock_start(*, round: Round | int) -> Round:
    """Start the round's countdown now (the event's ``round_minutes``).

    Units: UTC datetimes on the round. Raises :class:`StateError` when the
    clock was already started or the round is closed.
    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas".
    """
    rnd = _locked_clock_round(round)
    if rnd.clock_started_at is not None:
        raise StateError("clock_started", _("El reloj de la ronda %(n)d ya está en marcha.") % {"n": rnd.number})
    rnd.clock_started_at = timezone.now()
    rnd.clock_paused_at = None
    rnd.clock_paused_seconds = 0
    rnd.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds"])
    return rnd


@transaction.atomic
def round_clock_pause(*, round: Round | int) -> Round:
    """Pause a running clock. Raises :class:`StateError` if not running."""
    rnd = _locked_clock_round(round)
    if rnd.clock_started_at is None or rnd.clock_paused_at is not None:
        raise StateError("clock_not_running", _("El reloj no está corriendo."))
    rnd.clock_paused_at = timezone.now()
    rnd.save(update_fields=["clock_paused_at"])
    return rnd


@transaction.atomic
def round_clock_resume(*, round: Round | int) -> Round:
    """Resume a paused clock; the pause is added to ``clock_paused_seconds``.

    Raises :class:`StateError` if the clock is not paused.
    """
    rnd = _locked_clock_round(round)
    if rnd.clock_paused_at is None:
        raise StateError("clock_not_paused", _("El reloj no está en pausa."))
    paused = int((timezone.now() - rnd.clock_paused_at).total_seconds())
    rnd.clock_paused_seconds += max(0, paused)
    rnd.clock_paused_at = None
    rnd.save(update_fields=["clock_paused_seconds", "clock_paused_at"])
    return rnd
