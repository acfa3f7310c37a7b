"""Pods: 3–6 players a table, ranked by placement points (issue #9).

A game plays in pods when its profile seats more than two players at a
table (La Copa del Mundo, the stoner-points game). Rounds are
:class:`~tournaments.models.Table` rows with
:class:`~tournaments.models.Seat` seats; results are finishing places
(ties shared) and, when the game has one, a secondary score (stoner
points). Pod events have no top cut: the podium is the top three of the pod
standings (Default: issue #9 describes Swiss in pods only).

Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" and § "6 FAQ";
002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL JUEGO".
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..adapters import PodSnapshot, core_pod_standings, load_pod_snapshot, secondary_score_label
from ..enums import DocumentKind, MatchStatus, RoundPhase, SeatOutcomeHow
from ..errors import IllegalResult, PairingRefused, StateError
from ..models import Event, Round, Table
from ..swiss import topcut
from ..swiss.errors import PairingError
from ..swiss.pods import (
    Placement,
    check_placements,
    pair_pods,
    placements_from_elimination,
    placements_from_scores,
    pod_standings,
)
from ..swiss.types import Podium
from .base import (
    PLACE_RESULTS,
    EventFormat,
    TableResult,
    TableRow,
    derived_seed,
    insert_tables,
    missing_results_error,
    next_round_number,
    require_swiss_complete,
)

_PLACEMENT_MESSAGES = {
    "empty_pod_result": _("Cargá el puesto de cada jugador de la mesa."),
    "duplicate_player": _("Un jugador aparece dos veces en la mesa."),
    "bad_place": _("Cada puesto va de 1 a la cantidad de jugadores de la mesa."),
    "places_not_ranked": _("Los puestos no son válidos: los empatados comparten el puesto y se saltean los "
                           "siguientes (1, 2, 2, 4)."),
    "missing_player": _("Falta el puesto de algún jugador de la mesa."),
    "unknown_player": _("Un jugador cargado no juega en esta mesa."),
    "tied_lead": _("Dos o más jugadores empatan el puntaje más alto: la partida sigue hasta que haya un único "
                   "líder."),
}


WIN_TARGETS = {"stoner_points": 20}
"""The score that ends a game of pods normally, by the profile's secondary
score key: 20 stoner points (004_4a3d59c736a1e8f3.txt § "1 Objetivo").
A pod in which nobody reached it ended by time."""


def _illegal(code: str, table: int) -> IllegalResult:
    text = _PLACEMENT_MESSAGES.get(code, _("Resultado no válido."))
    return IllegalResult(code, _("Mesa %(table)d: %(why)s") % {"table": table, "why": str(text)})


class Pods(EventFormat):
    """3–6 players a table: seating without repeated pod-mates, placement points, no top cut."""

    key = "pods"
    label = gettext_lazy("Suizo en mesas multijugador")
    has_top_cut = False
    templates = {
        "public_round_cells": "public/_round_cells_places.html",
        "public_standings_cells": "public/_standings_cells_places.html",
        "public_player_cells": "public/_player_cells_places.html",
        "me_rounds_cells": "me/_rounds_cells_places.html",
        "judge_card": "judge/_card_pod.html",
        "judge_queue_row": "judge/_queue_pod.html",
        "judge_saved": "judge/_saved_pod.html",
        "judge_result": "judge/_places.html",
        "judge_entry": "judge/_entry_pod.html",
    }
    result_form = "tournaments.views.forms.PodResultForm"
    report_reader = "tournaments.views.me_reports.read_pod_report"
    extra_turns_at_time = 0
    penalties_at_tables = False

    def supports(self, profile) -> bool:
        return profile is not None and profile.pod_rules is not None and profile.players_max > 2

    @staticmethod
    def rules(event: Event):
        """The game's pod rules (:class:`rules.games.base.PodRules`); :class:`StateError` when it has none."""
        profile = event.profile
        if profile is None or profile.pod_rules is None:
            raise StateError("not_in_pods", _("El juego de «%(event)s» no se juega en mesas multijugador.")
                             % {"event": event.name})
        return profile.pod_rules

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self, event: Event) -> PodSnapshot:
        return load_pod_snapshot(event)

    def table_queryset(self, rnd: Round):
        return Table.objects.filter(round=rnd)

    def pending_tables(self, rnd: Round) -> list[int]:
        return sorted(self.table_queryset(rnd).filter(status=MatchStatus.PENDING).values_list(
            "table_number", flat=True))

    def standings(self, event: Event, snapshot: PodSnapshot | None = None, *, as_of_round: int | None = None):
        if as_of_round is None:
            return core_pod_standings(event, snapshot)
        snapshot = snapshot or load_pod_snapshot(event)
        return pod_standings(
            snapshot.registrations.keys(), [r for r in snapshot.results if r.round_number <= as_of_round],
            points_table=event.points_table(),
            active={rid for rid, reg in snapshot.registrations.items() if reg.active_after(as_of_round)},
            draw_order=snapshot.draw_order,
        )

    # -- changing ------------------------------------------------------------------------------

    def round_pair_next(self, event: Event) -> Round:
        """Seat the next round: round 1 random, later rounds grouped by placement points.

        Pods take the game's sizes, the largest preferred; nobody sits out; no
        repeated pod-mates while avoidable (:func:`tournaments.swiss.pods.pair_pods`).
        """
        rules = self.rules(event)
        snapshot = load_pod_snapshot(event)
        if snapshot.pending:
            raise missing_results_error(snapshot.pending)
        active = sorted(snapshot.active_ids)
        number = next_round_number(
            event, len(active), complete_message=_("Ya se jugaron las %(n)d rondas; finalizá el evento.")
        )
        seed = derived_seed(event.seed, "round", number)
        try:
            core = pair_pods(
                number, active, snapshot.results, rng=random.Random(seed), sizes=rules.sizes,
                preferred=rules.preferred_size, standings=core_pod_standings(event, snapshot),
            )
        except PairingError as exc:
            raise PairingRefused(
                exc.code,
                ngettext("No se puede sentar a %(n)d jugador activo en mesas de %(min)d a %(max)d.",
                         "No se puede sentar a %(n)d jugadores activos en mesas de %(min)d a %(max)d.", len(active))
                % {"n": len(active), "min": rules.min_size, "max": rules.max_size},
            ) from exc
        self.open_rounds_confirm(event)
        rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS, seed=seed)
        insert_tables(rnd, [TableRow(number=pod.pod_number, registrations=tuple(pod.players), repeats=pod.repeats)
                            for pod in core.tables])
        return rnd

    def placements_check(
        self, event: Event, pod: Table, seats: Iterable[int], placements: Sequence[tuple[int, int, int | None]]
    ) -> list[Placement]:
        """The checked placement lines of one pod (see :meth:`result_check`)."""
        return self.result_check(event, pod, seats, placements)[0]

    def result_check(
        self,
        event: Event,
        pod: Table,
        seats: Iterable[int],
        placements: Sequence[tuple[int, int, int | None]],
        *,
        ended_by_time: bool = False,
    ) -> tuple[list[Placement], bool]:
        """The checked placement lines of one pod and whether it ended by time,
        or :class:`IllegalResult` naming the table.

        For a game whose places go by its score (``places_by == "score"``)
        with every score given, the places must be the ones the scores give.
        A pod in which nobody reached the game's winning score
        (:data:`WIN_TARGETS`, 20 stoner points) ended by time whatever
        ``ended_by_time`` says: the round's clock, not the game, ended it.
        A tied lead is refused (the game goes on) unless the pod ended by
        time; then the tied players share 1st place.

        Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" ("20 o más stoner
        points … gana la partida") and § "5 Fin de partida"; Default:
        RULES-TRACE.md ambiguity 38 (places by score), issue #16 point 6.
        """
        try:
            lines = check_placements(placements, pod_players=seats)
        except PairingError as exc:
            raise _illegal(exc.code, pod.table_number) from exc
        rules = self.rules(event)
        scores = [line.score for line in lines]
        by_time = bool(ended_by_time)
        if rules.places_by == "score" and all(score is not None for score in scores):
            target = WIN_TARGETS.get(rules.secondary_score_key or "")
            if target is not None and max(scores) < target:
                by_time = True
            try:
                expected = {line.player_id: line.place for line in placements_from_scores(
                    {line.player_id: line.score for line in lines}, ended_by_time=by_time)}
            except PairingError as exc:
                raise _illegal(exc.code, pod.table_number) from exc
            if any(expected[line.player_id] != line.place for line in lines):
                raise IllegalResult(
                    "places_score_mismatch",
                    _("Mesa %(table)d: los puestos no coinciden con los puntos stoner (más puntos, mejor puesto).")
                    % {"table": pod.table_number},
                )
        return lines, by_time

    result_log_action = "pod_result_record"

    def result_simulate(self, event: Event, rnd: Round, table: Table, rng: random.Random) -> dict:
        """Places (and the secondary score) of every seat from :func:`simulate_pod`."""
        lines = simulate_pod(rng, table.registration_ids, by_score=self.rules(event).places_by == "score")
        return {"seats": [{"registration": r, "place": p, "score": s} for r, p, s in lines]}

    def result_validate(self, event: Event, table: Table, seats, *, games_drawn: int = 0,
                        went_to_time: bool = False, intentional_draw: bool = False, double_loss: bool = False,
                        provisional: bool = False) -> TableResult:
        """Finishing places and stoner points by :meth:`result_check`; who never came to the table.

        ``seats``: one entry per seated player with its ``registration``,
        ``place`` and ``score`` (``None`` for a game without one), any
        order; ``went_to_time``: the round's time ended the game. ``how``
        ``"absent"`` marks a player who never came to the table: when any
        entry gives a ``how``, the others are ``"played"``; when none does,
        the seats keep theirs (a drop before the table started marked its
        seat absent). Rule: 004_4a3d59c736a1e8f3.txt § "1 Objetivo" and
        § "6 FAQ"; 002_c95a30c488414cab.txt § "La Copa del Mundo › FIN DEL
        JUEGO"; Default: issue #9 (ties allowed as shared places).
        """
        held = {seat.registration_id: seat.how for seat in table.seat_list}
        placements = [(entry.get("registration"), entry.get("place"), entry.get("score")) for entry in seats]
        lines, by_time = self.result_check(event, table, held.keys(), placements, ended_by_time=went_to_time)
        given = {entry.get("registration"): entry.get("how") for entry in seats if entry.get("how")}
        if given:
            hows = {rid: SeatOutcomeHow.ABSENT if given.get(rid) == SeatOutcomeHow.ABSENT else SeatOutcomeHow.PLAYED
                    for rid in held}
        else:
            hows = held
        by_player = {line.player_id: line for line in lines}
        return TableResult(
            seats={rid: {"place": by_player[rid].place if rid in by_player else None,
                         "score": by_player[rid].score if rid in by_player else None, "how": hows[rid]}
                   for rid in held},
            status=MatchStatus.REPORTED, went_to_time=by_time,
        )

    report_log_action = "pod_report_submit"

    def report_log_values(self, report) -> dict:
        return {"placements": report.placements, "ended_by_time": report.went_to_time}

    def result_log_values(self, table: Table, *, after: bool = False) -> dict:
        seats = table.seat_list
        values = {"places": sorted([seat.registration_id, seat.place, seat.score] for seat in seats
                                   if seat.place is not None), "version": table.version}
        if table.went_to_time:
            values["ended_by_time"] = True
        absent = sorted(seat.registration_id for seat in seats if seat.how == SeatOutcomeHow.ABSENT)
        if after and absent:
            values["absent"] = absent
        return values

    def top_cut_start(self, event: Event) -> Round:
        raise StateError("no_top_cut", _("Este evento no tiene reducido; finalizalo directamente."))

    def podium(self, event: Event) -> Podium:
        snapshot = load_pod_snapshot(event)
        require_swiss_complete(event, snapshot.pending)
        return self._podium(event, snapshot)

    def podium_recompute(self, event: Event) -> Podium:
        return self._podium(event, load_pod_snapshot(event))

    def _podium(self, event: Event, snapshot: PodSnapshot) -> Podium:
        disqualified = {rid for rid, reg in snapshot.registrations.items() if reg.disqualified}
        ranking = [s.player_id for s in core_pod_standings(event, snapshot) if s.active]
        return topcut.podium_without((), ranking, disqualified)

    # -- what the organizer's console asks (tournaments.admin) ---------------------------------

    table_results = PLACE_RESULTS

    def places_by_score(self, event: Event) -> bool:
        return self.rules(event).places_by == "score"

    # -- documents and services ask the format (issue #24) ------------------------------------

    #: The same kinds and URLs as duels, with one slip per pod and the pod standings; no bracket.
    document_sheets = {
        DocumentKind.PAIRINGS_BY_TABLE: "pairings",
        DocumentKind.PAIRINGS_BY_NAME: "posting",
        DocumentKind.RESULT_SLIPS: "slips",
        DocumentKind.STANDINGS: "standings",
    }

    def standing_points(self, row) -> tuple[int, object]:
        return row.player_id, row.points

    def score_label(self, event: Event) -> str:
        return secondary_score_label(event) or ""

    def table_setup(self, event: Event, seats: int) -> str:
        return self.rules(event).setup_for(seats)

    # -- faces: what pages, the API and a player's own pages read (issue #24) -------------------

    names_per_table = 4

    def table_search_text(self, row) -> str:
        return " ".join(f"{seat.display_name} {seat.player_number}" for seat in row.seats)


PODS = Pods()


def simulate_pod(rng: random.Random, players: list[int], *, by_score: bool) -> list[tuple[int, int, int | None]]:
    """Plausible random places ``(registration_id, place, score)`` for one pod.

    By score (stoner points): the winner reaches 20–25, the others 0–19
    (equal scores, and so shared places, happen now and then). Otherwise
    (La Copa del Mundo) by elimination order, about one pod in eight with
    two players knocked out at once.
    """
    if by_score:
        winner = rng.choice(players)
        scores = {pid: (rng.randint(20, 25) if pid == winner else rng.randint(0, 19)) for pid in players}
        lines = placements_from_scores(scores)
    else:
        order = list(players)
        rng.shuffle(order)
        winner, rest = order[0], order[1:]
        groups: list[list[int]] = []
        while rest:
            take = 2 if len(rest) >= 2 and rng.random() < 0.125 else 1
            groups.append(rest[:take])
            rest = rest[take:]
        lines = placements_from_elimination(winner, groups)
    return [(line.player_id, line.place, line.score) for line in lines]
