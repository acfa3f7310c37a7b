"""Round robin ("Todos contra todos"): every pair of players meets once, two a table.

- **Players**: 3 to 12 active players when round 1 is paired; any other
  count is refused naming it.
- **Rounds**: ``N - 1`` for an even count, ``N`` for an odd one (each round
  one player has the bye, a 2-0 win: DESIGN.md decision 1). The number is
  fixed when round 1 is paired (``Event.planned_rounds`` is overwritten);
  re-pairing round 1 fixes it again.
- **Schedule**: the circle method of :mod:`tournaments.swiss.round_robin`,
  the players placed by a draw from the event's recorded seed
  (``derived_seed(seed, "round_robin")``, DESIGN.md decision 11). The
  players of round 1 are the schedule's players for the whole event; a
  player entered later is not paired.
- **A dropped player's remaining matches** are not played: the opponent
  gets a bye (a 2-0 win by forfeit, like the bye of decision 1, which adds
  nothing to Buchholz). A match between two dropped players is not stored.
  The results already played keep counting (DESIGN.md decision 2).
- **Standings**: the Swiss standings core with the event's tiebreakers
  (:func:`tournaments.swiss.standings.compute_standings`: match points,
  wins, Buchholz, head-to-head, game differential, the recorded draw).
- **Top cut**: like Swiss duels, the event's ``cut_size`` decides — with a
  cut the top players of the table play it once every round is played
  (1v4, 2v3 for a top 4; DESIGN.md decision 6); ``Sin reducido`` ends on
  the table (podium: its first three active rows).

Every other step (results, corrections, the cut, the podium, the pages'
rows) is the one of :class:`~.duels.Duels`.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(results and standings, R-000-75); Default: DESIGN.md decision 22.
"""
from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..adapters import load_snapshot
from ..enums import EventState, MatchOutcome, MatchStatus, RoundPhase
from ..errors import PairingRefused
from ..models import Event, Registration, Round, Seat
from ..swiss import round_robin as core
from ..swiss.errors import PairingError
from ..swiss.tables import assign_fixed_tables
from ..swiss.types import Pairing
from .base import derived_seed, missing_results_error
from .duels import Duels, insert_matches


def _too_many_or_few(count: int) -> PairingRefused:
    return PairingRefused(
        "round_robin_size",
        _("Todos contra todos se juega con %(min)d a %(max)d jugadores activos, y hay %(n)d.")
        % {"min": core.MIN_PLAYERS, "max": core.MAX_PLAYERS, "n": count},
    )


class RoundRobin(Duels):
    """Everyone meets everyone once (3–12 players), a bye a round for an odd count."""

    key = "round_robin"
    label = gettext_lazy("Todos contra todos")
    rounds_label = gettext_lazy("Todos contra todos")
    main_phase_label = gettext_lazy("Todos contra todos")
    next_round_text = gettext_lazy(
        "se empareja la ronda siguiente del calendario de todos contra todos y se imprimen sus documentos.")
    #: Its rounds are a fixed schedule (a bracket): never paired or edited by hand.
    supports_manual_pairing = False

    def supports(self, profile) -> bool:
        """Two-player games only (a game whose tables always seat two; ``None``: any)."""
        return profile is None or profile.players_max == 2

    @staticmethod
    def seating(event: Event, players) -> list[int]:
        """``players`` (registration ids) in their drawn places, place 1 first (DESIGN.md decision 11)."""
        order = sorted(players)
        random.Random(derived_seed(event.seed, "round_robin")).shuffle(order)
        return order

    def schedule_players(self, event: Event) -> list[int]:
        """The registrations of the schedule: those who sat in round 1 (tables and bye)."""
        first = event.rounds.filter(phase=RoundPhase.SWISS, number=1).first()
        if first is None:
            return []
        return sorted(set(Seat.objects.filter(round=first).values_list("registration_id", flat=True)))

    def planned_rounds(self, event: Event, active: int) -> int | None:
        """Everyone meets everyone: n − 1 rounds, n for an odd count (one bye a round); fixed at round 1."""
        if event.planned_rounds is not None:
            return event.planned_rounds
        try:
            return core.round_robin_rounds(active)
        except PairingError:
            return None

    def round_pair_next(self, event: Event) -> Round:
        """Store the next round of the schedule (or the next stage of the cut).

        Raises :class:`PairingRefused` ``results_missing`` naming the
        tables, ``round_robin_size`` for fewer than 3 or more than 12 active
        players at round 1, ``swiss_complete`` once every round is played.
        """
        if event.state == EventState.TOP_CUT:
            return self._stage_pair_next(event)
        snapshot = load_snapshot(event)
        if snapshot.pending:
            raise missing_results_error(snapshot.pending)
        number = event.rounds.filter(phase=RoundPhase.SWISS).count() + 1
        if number == 1:
            players = snapshot.active_ids
            try:
                planned = core.round_robin_rounds(len(players))
            except PairingError as exc:
                raise _too_many_or_few(len(players)) from exc
            event.planned_rounds = planned
            event.save(update_fields=["planned_rounds"])
        else:
            players = self.schedule_players(event)
        if number > (event.planned_rounds or 0):
            raise PairingRefused(
                "swiss_complete",
                _("Ya se jugaron las %(n)d rondas de todos contra todos; iniciá el reducido o finalizá el evento.")
                % {"n": event.planned_rounds or 0},
            )
        scheduled = core.round_robin_schedule(self.seating(event, players))[number - 1]
        active = set(snapshot.active_ids)
        tables: list[Pairing] = []
        byes: list[int] = []
        for pairing in scheduled:
            present = [p for p in (pairing.player_a, pairing.player_b) if p is not None and p in active]
            if len(present) == 2:
                tables.append(Pairing(table_number=len(tables) + 1, player_a=present[0], player_b=present[1]))
            elif present:  # the scheduled bye, or a forfeit of a dropped opponent
                byes.append(present[0])
        fixed = dict(Registration.objects.filter(event=event, fixed_table__isnull=False)
                     .values_list("id", "fixed_table"))
        seated = assign_fixed_tables(tables, fixed, [s.registration_id for s in self.standings(event, snapshot)])
        self.open_rounds_confirm(event)
        seed = derived_seed(event.seed, "round_robin")
        rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS, seed=seed)
        rnd.fixed_table_conflicts = seated.conflicts
        insert_matches(
            rnd,
            [(p.table_number, p.player_a, p.player_b, False, 0, "", MatchStatus.PENDING, False)
             for p in seated.pairings]
            + [(None, p, None, True, event.bye_game_wins, MatchOutcome.BYE, MatchStatus.CONFIRMED, False)
               for p in sorted(byes)],
        )
        return rnd


ROUND_ROBIN = RoundRobin()
