"""Duels: two players a table — Swiss rounds, then a single-elimination top cut.

Round 1 is random from a seed derived from the event's recorded seed; later
rounds pair by standings (maximum-weight matching, no avoidable rematch, at
most one bye per player). The top cut takes the top ``cut_size`` active
players of the Swiss standings.

Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas Suizas"
(R-000-75, R-000-78, R-000-80), § "¿Cómo funciona el emparejamiento en los
torneos suizos?" (R-000-64), § "Super Liga" (R-000-39).
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..adapters import EventSnapshot, load_snapshot, match_winner_id
from ..enums import DocumentKind, EventState, MatchOutcome, MatchStatus, RoundPhase, SeatOutcomeHow
from ..errors import PairingRefused, StateError
from ..models import Event, Registration, Round, Seat, Table
from ..swiss import topcut
from ..swiss.errors import PairingError
from ..swiss.pairing import pair_round
from ..swiss.standings import compute_standings
from ..swiss.tables import assign_fixed_tables
from ..swiss.types import BracketMatch, Podium
from ..text import score_text
from .base import (
    GAME_RESULTS,
    EventFormat,
    TableResult,
    TableRow,
    derived_seed,
    insert_tables,
    missing_results_error,
    next_round_number,
    require_swiss_complete,
    seat_values,
)
from .duel_results import match_result_validate, seat_hows, simulate_games


def insert_matches(rnd: Round, rows: list[tuple]) -> None:
    """Insert a round's two-seat tables: ``rows`` holds ``(table_number, player_a_id, player_b_id, is_bye,
    games_a, outcome, status, rematch)`` (see :func:`~tournaments.formats.base.insert_tables`)."""
    insert_tables(rnd, [
        TableRow(number=tbl, registrations=(a,) if b is None else (a, b), is_bye=bye,
                 seat_games=(ga,) if b is None else (ga, 0), outcome=str(outcome), status=str(status),
                 repeats=1 if rematch else 0)
        for tbl, a, b, bye, ga, outcome, status, rematch in rows
    ])


def _bracket_round(event: Event, number: int, stage: int, bracket: Iterable[BracketMatch]) -> Round:
    rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.TOP_CUT, stage=stage)
    insert_tables(rnd, [
        TableRow(number=index, registrations=(bm.player_a, bm.player_b), bracket_slot=bm.slot if bm.stage else 0)
        for index, bm in enumerate(sorted(bracket, key=lambda b: (b.stage == 0, b.slot)), start=1)
    ])
    return rnd


def _bracket_of(rounds: Iterable[Round]) -> tuple[list[BracketMatch], dict[tuple[int, int], int]]:
    """Core bracket matches and winners of stored top-cut rounds."""
    bracket, winners = [], {}
    for rnd in rounds:
        for m in rnd.tables.all():
            stage = 0 if m.bracket_slot == 0 else rnd.stage
            bm = BracketMatch(stage=stage, slot=m.bracket_slot or 1, player_a=m.player_a_id, player_b=m.player_b_id)
            bracket.append(bm)
            winner = match_winner_id(m)
            if winner is not None:
                winners[(stage, bm.slot)] = winner
    return bracket, winners


class Duels(EventFormat):
    """Two players a table: Swiss rounds with byes, then the top cut (4, 8 or 16)."""

    key = "duels"
    label = gettext_lazy("Suizo con reducido")
    has_top_cut = True
    templates = {
        "public_round_cells": "public/_round_cells_games.html",
        "public_standings_cells": "public/_standings_cells_games.html",
        "public_player_cells": "public/_player_cells_games.html",
        "me_rounds_cells": "me/_rounds_cells_games.html",
        "judge_card": "judge/_card_duel.html",
        "judge_queue_row": "judge/_queue_duel.html",
        "judge_players": "judge/_players_duel.html",
        "judge_reports": "judge/_reports_duel.html",
        "judge_saved": "judge/_saved_duel.html",
        "judge_result": "judge/_score.html",
        "judge_entry": "judge/_entry_duel.html",
    }

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self, event: Event) -> EventSnapshot:
        return load_snapshot(event)

    def table_queryset(self, rnd: Round):
        return Table.objects.filter(round=rnd, is_bye=False)

    def pending_tables(self, rnd: Round) -> list[int]:
        return sorted(
            t or 0 for t in self.table_queryset(rnd).filter(status=MatchStatus.PENDING).values_list(
                "table_number", flat=True)
        )

    def standings(self, event: Event, snapshot: EventSnapshot | None = None, *, as_of_round: int | None = None):
        snapshot = snapshot or load_snapshot(event)
        records, active = snapshot.swiss_records, set(snapshot.active_ids)
        if as_of_round is not None:
            records = tuple(r for r in records if r.round_number <= as_of_round)
            active = {rid for rid, reg in snapshot.registrations.items() if reg.active_after(as_of_round)}
        return compute_standings(
            snapshot.registrations.keys(), records, active=active, draw_order=snapshot.draw_order,
        )

    def eliminated_at(self, event: Event) -> dict[int, int]:
        lost: dict[int, int] = {}
        for rnd in event.rounds.filter(phase=RoundPhase.TOP_CUT, stage__gte=2).prefetch_related("tables"):
            for match in rnd.tables.all():
                if match.bracket_slot == 0:  # the third-place match
                    continue
                winner = match_winner_id(match)
                if winner is not None:
                    loser = match.player_b_id if winner == match.player_a_id else match.player_a_id
                    if loser is not None:
                        lost[loser] = rnd.stage
        return lost

    # -- changing ------------------------------------------------------------------------------

    def round_pair_next(self, event: Event) -> Round:
        if event.state == EventState.TOP_CUT:
            return self._stage_pair_next(event)
        snapshot = load_snapshot(event)
        if snapshot.pending:
            raise missing_results_error(snapshot.pending)
        active = snapshot.active_ids
        number = next_round_number(
            event, len(active),
            complete_message=_("Ya se jugaron las %(n)d rondas suizas; iniciá el reducido o finalizá el evento."),
        )
        seed = derived_seed(event.seed, "round", number)
        standings = self.standings(event, snapshot)
        try:
            core = pair_round(
                number, sorted(active), snapshot.swiss_records,
                rng=random.Random(seed), standings=standings,
            )
        except PairingError as exc:
            raise PairingRefused(
                exc.code, _("No se puede emparejar: hacen falta al menos dos jugadores activos.")) from exc
        fixed = dict(Registration.objects.filter(event=event, fixed_table__isnull=False)
                     .values_list("id", "fixed_table"))
        # Fixed tables (access needs) after the core paired: the match of such a player sits at their table.
        seated = assign_fixed_tables(core.pairings, fixed, [s.registration_id for s in standings])
        self.open_rounds_confirm(event)
        rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS, seed=seed)
        rnd.fixed_table_conflicts = seated.conflicts
        insert_matches(
            rnd,
            [
                (None, p.player_a, None, True, event.bye_game_wins, MatchOutcome.BYE, MatchStatus.CONFIRMED, False)
                if p.is_bye
                else (p.table_number, p.player_a, p.player_b, False, 0, "", MatchStatus.PENDING, p.rematch)
                for p in seated.pairings
            ],
        )
        return rnd

    def round_pair_given(self, event: Event, number: int, rows: list[tuple[int, int | None]]) -> Round:
        """Store round ``number`` from given ``(player_a, player_b)`` pairs (``player_b`` ``None``: a bye)."""
        self.open_rounds_confirm(event)
        rnd = Round.objects.create(event=event, number=number, phase=RoundPhase.SWISS)
        tables, table = [], 0
        for a, b in rows:
            if b is None:
                tables.append(TableRow(number=None, registrations=(a,), is_bye=True, seat_games=(event.bye_game_wins,),
                                       outcome=MatchOutcome.BYE, status=MatchStatus.CONFIRMED))
            else:
                table += 1
                tables.append(TableRow(number=table, registrations=(a, b)))
        insert_tables(rnd, tables)
        return rnd

    def top_cut_start(self, event: Event) -> Round:
        """Close the Swiss rounds and store the cut's first stage, seeded from the final Swiss standings.

        The top ``event.cut_size`` active players, 1v4 and 2v3 for a top 4
        (DESIGN.md decision 6). Raises :class:`StateError` when the event has
        no cut or Swiss rounds are missing, :class:`PairingRefused` when
        results are missing or too few players are active.
        """
        if not event.cut_size:
            raise StateError("no_top_cut", _("Este evento no tiene reducido; finalizalo directamente."))
        snapshot = load_snapshot(event)
        require_swiss_complete(event, snapshot.pending)
        try:
            bracket = topcut.seed_bracket(self.standings(event, snapshot), event.cut_size)
        except PairingError as exc:
            raise PairingRefused(exc.code, _("No hay suficientes jugadores activos para un reducido de %(n)d.")
                                 % {"n": event.cut_size}) from exc
        self.open_rounds_confirm(event)
        return _bracket_round(event, event.rounds.count() + 1, bracket[0].stage, bracket)

    def _stage_pair_next(self, event: Event) -> Round:
        rnd = event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("-number").first()
        pending = self.pending_tables(rnd)
        if pending:
            raise missing_results_error(pending)
        if rnd.stage == 1:
            raise PairingRefused("top_cut_complete", _("La final ya se jugó; finalice el evento."))
        bracket, winners = _bracket_of([rnd])
        following = topcut.next_stage(
            bracket, winners, third_place_match=event.third_place_match, standings=self.standings(event)
        )
        self.open_rounds_confirm(event)
        return _bracket_round(event, event.rounds.count() + 1, rnd.stage - 1, following)

    def podium(self, event: Event) -> Podium:
        snapshot = load_snapshot(event)
        standings = self.standings(event, snapshot)
        disqualified = {rid for rid, reg in snapshot.registrations.items() if reg.disqualified}
        if event.state == EventState.TOP_CUT:
            final = event.rounds.filter(phase=RoundPhase.TOP_CUT).order_by("-number").first()
            if final.stage != 1 or self.pending_tables(final):
                raise StateError("top_cut_not_complete", _("El reducido todavía no terminó."))
            bracket, winners = _bracket_of(event.rounds.filter(phase=RoundPhase.TOP_CUT, stage__lte=2))
            played = topcut.podium(bracket, winners, standings=standings)
            return self._without(played, standings, [p for bm in bracket for p in (bm.player_a, bm.player_b)],
                                 disqualified)
        if event.cut_size:
            raise StateError("top_cut_not_started", _("Falta jugar el reducido."))
        require_swiss_complete(event, snapshot.pending)
        return topcut.podium_without((), [s.registration_id for s in standings if s.active], disqualified)

    def podium_recompute(self, event: Event) -> Podium:
        standings = self.standings(event)
        current = Podium(first=event.podium_first_id, second=event.podium_second_id, third=event.podium_third_id)
        cut = Seat.objects.filter(round__event=event, round__phase=RoundPhase.TOP_CUT).values_list(
            "registration_id", flat=True)
        disqualified = set(event.registrations.filter(disqualified=True).values_list("pk", flat=True))
        return self._without(current, standings, list(cut), disqualified)

    @staticmethod
    def _without(played: Podium, standings, cut_players, disqualified: set[int]) -> Podium:
        """Candidates after the played podium: the other cut players by Swiss rank, then the standings."""
        rank = {s.registration_id: i for i, s in enumerate(standings)}
        others = sorted({p for p in cut_players if p is not None} - set(played.as_tuple()),
                        key=lambda p: rank.get(p, 1 << 30))
        return topcut.podium_without(
            played.as_tuple(), others + [s.registration_id for s in standings], disqualified,
            decided_by=played.third_decided_by,
        )

    # -- what the organizer's console asks (tournaments.admin) ---------------------------------

    table_results = GAME_RESULTS

    # -- documents and services ask the format (issue #24) ------------------------------------

    document_sheets = {
        DocumentKind.PAIRINGS_BY_TABLE: "pairings",
        DocumentKind.PAIRINGS_BY_NAME: "posting",
        DocumentKind.RESULT_SLIPS: "slips",
        DocumentKind.STANDINGS: "standings",
        DocumentKind.BRACKET: "bracket",
    }
    supports_manual_pairing = True

    def standing_points(self, row) -> tuple[int, float]:
        return row.registration_id, row.match_points

    def document_kinds(self, event: Event) -> list[str]:
        """Every kind of :attr:`document_sheets`; the bracket only for an event with a top cut."""
        return [kind for kind in super().document_kinds(event) if kind != DocumentKind.BRACKET or event.cut_size]

    def bracket_of(self, rounds: Iterable[Round]) -> tuple[list[BracketMatch], dict[tuple[int, int], int]]:
        """The core's bracket matches of stored top-cut ``rounds`` and their winners by ``(stage, slot)``.

        The third-place match is stage 0; a match without a result has no
        winner. Feed :func:`tournaments.swiss.topcut.next_stage` (a re-seed,
        its preview).
        """
        return _bracket_of(rounds)

    # -- results (tournaments.services.results.table_result_record) ---------------------------

    def result_simulate(self, event: Event, rnd: Round, table: Table, rng: random.Random) -> dict:
        """Games of each side from :func:`~tournaments.formats.duel_results.simulate_games`; drawn
        matches only in the Swiss rounds (a top-cut match has a winner)."""
        games_a, games_b, drawn = simulate_games(rng, event.best_of, allow_draw=rnd.phase == RoundPhase.SWISS)
        return {"seats": [{"games": games_a}, {"games": games_b}], "games_drawn": drawn}

    def result_validate(self, event: Event, table: Table, seats, *, games_drawn: int = 0,
                        went_to_time: bool = False, intentional_draw: bool = False, double_loss: bool = False,
                        provisional: bool = False) -> TableResult:
        """Best of ``event.best_of`` games, tardiness, a double loss and how each side lost.

        ``seats``: two entries (side A, then B) with ``games`` won and
        optionally ``minutes_late`` and ``how``. Checked by
        :func:`~tournaments.formats.duel_results.match_result_validate` and
        :func:`~tournaments.formats.duel_results.seat_hows`, whose error codes
        and fields it raises. Rule: 000_0014b2ac83da54b4.txt § "10.1.
        Desarrollo de las Rondas Suizas".
        """
        by_registration = seat_values(table, seats)
        sides = [by_registration.get(rid, {}) for rid in (table.player_a_id, table.player_b_id)]
        a, b = sides
        late_a, late_b = a.get("minutes_late"), b.get("minutes_late")
        games_a, games_b, games_drawn, outcome = match_result_validate(
            event=event, rnd=table.round, games_a=a.get("games") or 0, games_b=b.get("games") or 0,
            games_drawn=games_drawn, minutes_late_a=late_a, minutes_late_b=late_b, double_loss=double_loss,
            provisional=provisional, intentional_draw=intentional_draw, went_to_time=went_to_time,
            how_a=a.get("how"), how_b=b.get("how"),
        )
        how_a, how_b = seat_hows(outcome=outcome, minutes_late_a=late_a, minutes_late_b=late_b,
                                 how_a=a.get("how"), how_b=b.get("how"))
        return TableResult(
            seats={table.player_a_id: {"games": games_a, "how": how_a, "minutes_late": late_a},
                   table.player_b_id: {"games": games_b, "how": how_b, "minutes_late": late_b}},
            status=MatchStatus.PENDING if provisional else MatchStatus.REPORTED,
            games_drawn=games_drawn, outcome=MatchOutcome(outcome.value), went_to_time=went_to_time,
            intentional_draw=intentional_draw,
        )

    def result_log_values(self, table: Table, *, after: bool = False) -> dict:
        values = {"games": [table.games_a, table.games_b, table.games_drawn], "outcome": str(table.outcome),
                  "status": str(table.status), "version": table.version}
        if (table.how_a, table.how_b) != (SeatOutcomeHow.PLAYED, SeatOutcomeHow.PLAYED):
            values["how"] = [str(table.how_a), str(table.how_b)]
        return values

    def result_summary(self, table: Table) -> str:
        return score_text(table.games_a, table.games_b, table.games_drawn)

    # -- faces: what pages, the API and a player's own pages read (issue #24) -------------------

    names_per_table = 2

    def table_search_text(self, row) -> str:
        return f"{row.player_a} {row.player_b or ''} {row.player_a_number} {row.player_b_number or ''}"


DUELS = Duels()
