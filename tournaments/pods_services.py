"""State changes of an event played in pods (issue #9); one transaction each.

An event is *in pods* when its game's profile seats more than two players
at a table (:attr:`tournaments.models.Event.in_pods`: La Copa del Mundo,
the stoner-points game). Its rounds are :class:`~tournaments.models.PodTable`
rows with :class:`~tournaments.models.PodSeat` seats instead of matches;
results are finishing places (ties shared) and, when the game has one, a
secondary score (stoner points). :func:`tournaments.services.round_pair_next`
and :func:`tournaments.services.event_finish` delegate here for such events,
so the admin buttons and the API keep working.

Pod events have no top cut: the podium is the top three of the pod
standings (Default: issue #9 describes Swiss in pods only).
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import hooks, services
from .enums import EventState, MatchStatus, RoundPhase, RoundState
from .errors import IllegalResult, PairingRefused, StaleEdit, StateError
from .models import Event, PodResultEntry, PodSeat, PodTable, Round
from .pods_selectors import core_pod_standings, load_pod_snapshot
from .swiss.errors import PairingError
from .swiss.pods import Placement, check_placements, pair_pods, placements_from_scores
from .swiss.types import Podium


def _derived_seed(event_seed: int, *parts: object) -> int:
    from .services import derived_seed

    return derived_seed(event_seed, *parts)


def _locked_event(event: Event | int) -> Event:
    pk = event.pk if isinstance(event, Event) else event
    return Event.objects.select_for_update(of=("self",)).select_related("game").get(pk=pk)


def _pod_rules(event: Event):
    profile = event.profile
    if profile is None or profile.pods is None:
        raise StateError("not_in_pods", _("El juego de «%(event)s» no se juega en mesas multijugador.")
                         % {"event": event.name})
    return profile.pods


def _missing_pods_error(tables: Iterable[int]) -> PairingRefused:
    return PairingRefused(
        "results_missing",
        _("Faltan resultados en las mesas %(tables)s; cárguelos antes de emparejar la ronda siguiente.")
        % {"tables": ", ".join(str(t) for t in sorted(tables))},
    )


def close_open_pod_rounds(event: Event) -> None:
    """Confirm the reported pods and close the open rounds of ``event``."""
    PodTable.objects.filter(round__event=event, status=MatchStatus.REPORTED).update(status=MatchStatus.CONFIRMED)
    event.rounds.filter(state=RoundState.PAIRED).update(state=RoundState.CLOSED, closed_at=timezone.now())


@transaction.atomic
def pod_round_pair_next(*, event: Event | int) -> Round:
    """Seat the next round of a pod event; returns the new :class:`Round`.

    Rounds by attendance as Swiss (ceil(log2 N), at least ``min_rounds``;
    DESIGN.md decision 5), unless the organizer set ``planned_rounds``.
    Round 1 is random, later rounds grouped by placement points with no
    repeated pod-mates while avoidable
    (:func:`tournaments.swiss.pods.pair_pods`), from the seed
    ``derived_seed(event.seed, "round", n)`` recorded on the round. Pods
    take the game's sizes, the largest preferred; nobody sits out. The
    previous round is closed (its reported pods confirmed).

    Raises :class:`PairingRefused` when results are missing (naming the
    tables), when every planned round is played (``swiss_complete``) or the
    players cannot be seated (``too_few_players``); :class:`StateError` when
    registration is open or the event is finished.
    """
    event = _locked_event(event)
    rules = _pod_rules(event)
    services.require_pairable(event)
    snapshot = load_pod_snapshot(event)
    if snapshot.pending:
        raise _missing_pods_error(snapshot.pending)
    active = sorted(snapshot.active_ids)
    number = services.next_round_number(
        event, len(active), complete_message=_("Ya se jugaron las %(n)d rondas; finalice el evento.")
    )
    seed = _derived_seed(event.seed, "round", number)
    try:
        core = pair_pods(
            number,
            active,
            snapshot.results,
            rng=random.Random(seed),
            sizes=rules.sizes,
            preferred=rules.preferred_size,
            standings=core_pod_standings(event, snapshot),
        )
    except PairingError as exc:
        raise PairingRefused(
            exc.code,
            _("No se puede sentar a %(n)d jugadores activos en mesas de %(min)d a %(max)d.")
            % {"n": len(active), "min": rules.min_size, "max": rules.max_size},
        ) from exc
    close_open_pod_rounds(event)
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS, seed=seed)
    tables = PodTable.objects.bulk_create(
        PodTable(round=rnd, table_number=pod.pod_number, repeats=pod.repeats) for pod in core.pods
    )
    PodSeat.objects.bulk_create(
        PodSeat(pod=table, registration_id=player, seat=seat)
        for table, pod in zip(tables, core.pods, strict=True)
        for seat, player in enumerate(pod.players, start=1)
    )
    if event.state != EventState.SWISS:
        event.state = EventState.SWISS
        event.save(update_fields=["state"])
    hooks.round_paired(rnd)
    return rnd


_PLACEMENT_MESSAGES = {
    "empty_pod_result": _("Cargue el puesto de cada jugador de la mesa."),
    "duplicate_player": _("Un jugador aparece dos veces en la mesa."),
    "bad_place": _("Cada puesto va de 1 a la cantidad de jugadores de la mesa."),
    "places_not_ranked": _("Los puestos no son válidos: los empatados comparten el puesto y se saltean los "
                           "siguientes (1, 2, 2, 4)."),
    "missing_player": _("Falta el puesto de algún jugador de la mesa."),
    "unknown_player": _("Un jugador cargado no juega en esta mesa."),
    "tied_lead": _("Dos o más jugadores empatan el puntaje más alto: la partida sigue hasta que haya un único "
                   "líder."),
}


def _illegal(code: str, table: int) -> IllegalResult:
    text = _PLACEMENT_MESSAGES.get(code, _("Resultado no válido."))
    return IllegalResult(code, _("Mesa %(table)d: %(why)s") % {"table": table, "why": text})


@transaction.atomic
def pod_result_record(
    *,
    pod: PodTable | int,
    placements: Sequence[tuple[int, int, int | None]],
    expected_version: int | None = None,
    entered_by=None,
) -> PodTable:
    """Record (or correct) the finishing places of one pod of the current round.

    ``placements``: one ``(registration_id, place, score)`` per seated
    player, any order; ``place`` 1 is the winner, tied players share a place
    and skip the places their tie covers (1, 2, 2, 4); ``score`` is the
    secondary score (integer stoner points) or ``None``. For a game whose
    places go by that score (``places_by == "score"``) with every score
    given, the places must be the ones the scores give and a tied lead is
    refused (the game goes on). ``expected_version`` is the pod version the
    form was loaded with: if the pod changed since, :class:`StaleEdit` is
    raised and nothing is written. Re-sending the saved result is a no-op.
    Every accepted change adds a :class:`PodResultEntry`.

    Raises :class:`IllegalResult` for illegal places, :class:`StateError`
    for a pod outside the current round or a finished event.

    Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" and § "6 FAQ";
    002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL JUEGO";
    Default: issue #9 (ties allowed as shared places).
    """
    pk = pod.pk if isinstance(pod, PodTable) else pod
    event_id = PodTable.objects.filter(pk=pk).values_list("round__event_id", flat=True).get()
    event = _locked_event(event_id)
    pod = PodTable.objects.select_for_update(of=("self",)).select_related("round").get(pk=pk)
    rnd = pod.round
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó; los resultados no cambian."))
    current = event.rounds.order_by("-number").first()
    if rnd.pk != current.pk or rnd.state != RoundState.PAIRED:
        raise StateError(
            "not_current_round",
            _("La mesa %(table)s es de la ronda %(round)d, que no es la ronda en curso (%(current)d).")
            % {"table": pod.table_number, "round": rnd.number, "current": current.number},
        )
    seats = {seat.registration_id: seat for seat in pod.seats.all()}
    if expected_version is not None and expected_version != pod.version:
        last = pod.entries.select_related("entered_by").order_by("-version").first()
        who = getattr(last.entered_by, "username", "?") if last else "?"
        raise StaleEdit(
            "stale_result",
            _("Otra persona (%(who)s) cargó esta mesa mientras usted editaba. Revise el resultado actual antes "
              "de corregirlo.") % {"who": who},
        )
    try:
        lines = check_placements(placements, pod_players=seats.keys())
    except PairingError as exc:
        raise _illegal(exc.code, pod.table_number) from exc
    rules = _pod_rules(event)
    scores = [line.score for line in lines]
    if rules.places_by == "score" and all(score is not None for score in scores):
        try:
            expected = {line.player_id: line.place for line in placements_from_scores(
                {line.player_id: line.score for line in lines})}
        except PairingError as exc:
            raise _illegal(exc.code, pod.table_number) from exc
        if any(expected[line.player_id] != line.place for line in lines):
            raise IllegalResult(
                "places_score_mismatch",
                _("Mesa %(table)d: los puestos no coinciden con los puntos stoner (más puntos, mejor puesto).")
                % {"table": pod.table_number},
            )
    same = pod.status != MatchStatus.PENDING and all(
        (seats[line.player_id].place, seats[line.player_id].score) == (line.place, line.score) for line in lines
    )
    if same:
        return pod
    for line in lines:
        seat = seats[line.player_id]
        seat.place, seat.score = line.place, line.score
    PodSeat.objects.bulk_update(list(seats.values()), ["place", "score"])
    pod.version += 1
    pod.status = MatchStatus.REPORTED
    pod.save(update_fields=["version", "status"])
    PodResultEntry.objects.create(
        pod=pod,
        version=pod.version,
        placements=[[line.player_id, line.place, line.score] for line in sorted(lines, key=_line_key)],
        entered_by=entered_by if getattr(entered_by, "pk", None) else None,
    )
    return pod


def _line_key(line: Placement) -> tuple[int, int]:
    return (line.place, line.player_id)


@transaction.atomic
def pod_event_finish(*, event: Event | int) -> Event:
    """Finish a pod event and fix its podium: the top three of the pod standings.

    Dropped and disqualified players are skipped and the next move up
    (DESIGN.md decision 10). Raises :class:`StateError` when rounds or
    results are missing or the event is already finished.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas" ("el podio de 3", R-000-80); Default: issue #9 (no top cut).
    """
    event = _locked_event(event)
    if event.state == EventState.FINISHED:
        raise StateError("already_finished", _("El evento ya está finalizado."))
    snapshot = load_pod_snapshot(event)
    if snapshot.pending:
        raise StateError(
            "results_missing",
            _("Faltan resultados en las mesas %(tables)s.") % {"tables": ", ".join(map(str, snapshot.pending))},
        )
    played = event.rounds.filter(phase=RoundPhase.SWISS).count()
    if event.state != EventState.SWISS or played < (event.planned_rounds or 0):
        raise StateError(
            "swiss_not_complete",
            _("Faltan rondas: se jugaron %(played)d de %(planned)d.")
            % {"played": played, "planned": event.planned_rounds or 0},
        )
    disqualified = {rid for rid, reg in snapshot.registrations.items() if reg.disqualified}
    top = [s.player_id for s in core_pod_standings(event, snapshot) if s.active and s.player_id not in disqualified]
    top += [None, None, None]
    podium = Podium(first=top[0], second=top[1], third=top[2])
    close_open_pod_rounds(event)
    event.podium_first_id, event.podium_second_id, event.podium_third_id = podium.as_tuple()
    event.state = EventState.FINISHED
    event.finished_at = timezone.now()
    event.save(update_fields=["podium_first", "podium_second", "podium_third", "state", "finished_at"])
    hooks.event_finished(event)
    return event
