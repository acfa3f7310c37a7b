"""Single elimination ("Eliminación directa"): a bracket from round 1, two a table.

- **Players**: 3 to 16 active players when round 1 is paired (the bracket's
  stages are named up to the round of 16); any other count is refused
  naming it.
- **Seeds**: registration order (the order the registrations were
  entered), ties by the event's recorded draw (``Registration.draw_order``,
  DESIGN.md decision 11). The project keeps no rating the tournaments app
  may read (ratings live in ``leagues``, which it must not import), so
  registration order is the only seeding.
- **Bracket**: the next power of two, standard order
  (:func:`tournaments.swiss.topcut.seed_knockout`); the missing places are
  byes for the top seeds — 6 players: 1 and 2 wait for the winners of 4v5
  and 3v6. A bye is a 2-0 win (DESIGN.md decision 1).
- **Rounds**: every round is a round of phase ``top_cut`` with its stage
  (4 round of 16, 3 quarterfinals, 2 semifinals, 1 final), so the bracket
  page, the PDFs, results and corrections work as for a Swiss top cut; the
  event goes straight from «Inscripción cerrada» to «Reducido» when round 1
  is paired. A knockout match needs a winner: a draw is refused (the
  results service refuses draws in top-cut rounds).
- **Third place**: the third-place match when ``event.third_place_match``
  (played with the final), else the semifinal loser with the better seed
  (DESIGN.md decision 6). ``cut_size`` is not used: there is no top cut
  after a bracket.
- **A dropped player** loses the rest: when the next stage is paired, an
  opponent of a dropped or disqualified player goes on with a bye (a walkover).
- **Standings** before the end: matches won in the bracket, then seed;
  the final order of a finished event is the bracket's (podium, then the
  losers stage by stage, each stage by that order; DESIGN.md decision 20).

Rule: 000_0014b2ac83da54b4.txt § "¿Cómo funciona un torneo suizo?"
("Reducido de Eliminación Directa", R-000-63) for the bracket and § "10.1.
Desarrollo de las Rondas Suizas" ("el podio de 3", R-000-80); Default:
DESIGN.md decisions 6, 11 and 22.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..adapters import EventSnapshot, load_snapshot, match_record
from ..enums import EventState, MatchOutcome, MatchStatus, RoundPhase
from ..errors import PairingRefused, StateError
from ..models import Event, Registration, Round, Table
from ..swiss import topcut
from ..swiss.errors import PairingError
from ..swiss.standings import compute_standings
from ..swiss.types import BracketMatch
from .base import TableRow, insert_tables, missing_results_error
from .duels import Duels, _bracket_of

MIN_PLAYERS = 3
MAX_PLAYERS = 16


def knockout_round(event: Event, number: int, stage: int, bracket: Iterable[BracketMatch]) -> Round:
    """Store one stage of the bracket as a top-cut round; a bye is a confirmed 2-0 bye match in its slot.

    Tables 1.. go to the matches played, in slot order (the third-place match last).
    """
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.TOP_CUT, stage=stage)
    rows, table = [], 0
    for bm in sorted(bracket, key=lambda b: (b.stage == 0, b.slot)):
        slot = bm.slot if bm.stage else 0
        if topcut.is_bye(bm):
            rows.append(TableRow(number=None, registrations=(bm.player_a or bm.player_b,), is_bye=True,
                                 seat_games=(event.bye_game_wins,), outcome=MatchOutcome.BYE,
                                 status=MatchStatus.CONFIRMED, bracket_slot=slot))
        else:
            table += 1
            rows.append(TableRow(number=table, registrations=(bm.player_a, bm.player_b), bracket_slot=slot))
    insert_tables(rnd, rows)
    return rnd


class SingleElimination(Duels):
    """Knockout from round 1 (3–16 players), byes to the top seeds, optional third-place match."""

    key = "single_elimination"
    label = gettext_lazy("Eliminación directa")
    #: Its rounds are a fixed schedule (a bracket): never paired or edited by hand.
    supports_manual_pairing = False
    has_top_cut = False  # the bracket is the event: no «Iniciar reducido»

    def phase_label(self, rnd: Round) -> str:
        """«Eliminación directa»: every round is the bracket's, none a cut after other rounds."""
        return str(self.label)

    def document_kinds(self, event: Event) -> list[str]:
        """Every kind of :attr:`document_sheets`, the bracket always: the bracket is the event."""
        return [str(kind) for kind in self.document_sheets]

    def supports(self, profile) -> bool:
        """Two-player games only (a game whose tables always seat two; ``None``: any)."""
        return profile is None or profile.players_max == 2

    # -- reading -----------------------------------------------------------------------------

    @staticmethod
    def seeds(event: Event) -> list[int]:
        """Every registration of ``event``, seed 1 first: registration order, ties by the recorded draw."""
        return list(Registration.objects.filter(event=event).order_by("created_at", "draw_order", "pk")
                    .values_list("pk", flat=True))

    def standings(self, event: Event, snapshot: EventSnapshot | None = None, *, as_of_round: int | None = None):
        """The players in seed order (core rows, all level): the order the bracket calls "better".

        Seeds do not depend on results, so ``as_of_round`` changes nothing."""
        snapshot = snapshot or load_snapshot(event)
        return compute_standings(
            snapshot.registrations.keys(), (), tiebreakers=("match_points",),
            active=set(snapshot.active_ids), draw_order={rid: i for i, rid in enumerate(self.seeds(event))},
        )

    def standings_shown(self, event: Event, snapshot: EventSnapshot | None = None, *,
                        as_of_round: int | None = None):
        """What pages rank by: matches won in the bracket (a bye counts as won), then seed; with
        ``as_of_round`` N, the bracket's rounds 1 to N only."""
        snapshot = snapshot or load_snapshot(event)
        played = Table.objects.filter(round__event=event, round__phase=RoundPhase.TOP_CUT).exclude(
            status=MatchStatus.PENDING).select_related("round")
        if as_of_round is not None:
            played = played.filter(round__number__lte=as_of_round)
        return compute_standings(
            snapshot.registrations.keys(), [match_record(m, m.round.number) for m in played],
            tiebreakers=("match_points",), active=set(snapshot.active_ids),
            draw_order={rid: i for i, rid in enumerate(self.seeds(event))},
        )

    # -- changing ------------------------------------------------------------------------------

    def round_pair_next(self, event: Event) -> Round:
        """Store the bracket's first stage (the event enters «Reducido») or its next stage.

        Raises :class:`PairingRefused` ``knockout_size`` for fewer than 3 or
        more than 16 active players, ``results_missing`` naming the tables,
        ``top_cut_complete`` after the final.
        """
        if event.state == EventState.TOP_CUT:
            return self._stage_pair_next(event)
        active = set(event.registrations.filter(dropped=False, disqualified=False).values_list("pk", flat=True))
        if not MIN_PLAYERS <= len(active) <= MAX_PLAYERS:
            raise PairingRefused(
                "knockout_size",
                _("La eliminación directa se juega con %(min)d a %(max)d jugadores activos, y hay %(n)d.")
                % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "n": len(active)},
            )
        bracket = topcut.seed_knockout([rid for rid in self.seeds(event) if rid in active])
        self.open_rounds_confirm(event)
        rnd = knockout_round(event, event.rounds.count() + 1, bracket[0].stage, bracket)
        event.state = EventState.TOP_CUT
        event.save(update_fields=["state"])
        return rnd

    def _stage_pair_next(self, event: Event) -> Round:
        rnd = event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("-number").first()
        pending = self.pending_tables(rnd)
        if pending:
            raise missing_results_error(pending)
        if rnd.stage == topcut.FINAL_STAGE:
            raise PairingRefused("top_cut_complete", _("La final ya se jugó; finalizá el evento."))
        bracket, winners = _bracket_of([rnd])
        try:
            following = topcut.next_stage(
                bracket, winners, third_place_match=event.third_place_match, standings=self.standings(event))
        except PairingError as exc:  # a draw entered as a final result leaves a match without a winner
            raise PairingRefused(exc.code, _("Hay una mesa sin ganador; corregí su resultado.")) from exc
        out = set(event.registrations.filter(dropped=True).values_list("pk", flat=True)) | set(
            event.registrations.filter(disqualified=True).values_list("pk", flat=True))
        self.open_rounds_confirm(event)
        return knockout_round(event, event.rounds.count() + 1, rnd.stage - 1, [_walkover(bm, out) for bm in following])

    def podium(self, event: Event):
        """The bracket's podium (:meth:`Duels.podium` in the top-cut phase); :class:`StateError` before round 1."""
        if event.state != EventState.TOP_CUT:
            raise StateError("bracket_not_started", _("La llave todavía no empezó: emparejá la primera ronda."))
        return super().podium(event)

    def top_cut_start(self, event: Event) -> Round:
        raise StateError("no_top_cut", _("La eliminación directa no tiene reducido: emparejá la ronda siguiente."))


def _walkover(bm: BracketMatch, out: set[int]) -> BracketMatch:
    """``bm`` with a dropped or disqualified player taken out: the other goes on with a bye."""
    a_out, b_out = bm.player_a in out, bm.player_b in out
    if a_out == b_out or bm.player_a is None or bm.player_b is None:
        return bm
    if a_out:
        return BracketMatch(stage=bm.stage, slot=bm.slot, player_a=bm.player_b, player_b=None, seed_a=bm.seed_b)
    return BracketMatch(stage=bm.stage, slot=bm.slot, player_a=bm.player_a, player_b=None, seed_a=bm.seed_a)


SINGLE_ELIMINATION = SingleElimination()
