"""«¿Me alcanza con empatar?»: the read model of the cut line during the Swiss rounds (issue #29).

Built from the format's snapshot and standings (``format_for(event).standings``) and the current round's
tables without a result; the pure answer is :func:`tournaments.swiss.cutline.cut_outlook`. Only for a
format with a top cut (``has_top_cut``) and an event with a cut size, while its Swiss rounds run.
Four queries: registrations, seats (the snapshot), the current round, its pending seats.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..formats import format_for
from ..models import Event, Round, Seat
from ..swiss.cutline import CutOutlook, CutStatus, CutVerdict, PendingTable, cut_outlook
from ..swiss.errors import PairingError
from ..swiss.pairing import rounds_for

#: Up to this many tables are named one by one («depende de las mesas 3, 5 y 8»); more are counted.
NAMED_TABLES = 4


@dataclass(frozen=True, slots=True)
class CutLineRow:
    """One active player: Swiss place and points now, their table if it is still playing, the answers
    (``outlook``) and ``status``, the answer of the player's line. Language-free (cached per state);
    ``headline`` and ``details`` are the words in the language of the request."""

    registration_id: int
    rank: int
    display_name: str
    player_number: str
    match_points: float
    table_number: int | None
    outlook: CutOutlook
    status: str

    @property
    def headline(self) -> str:
        """The player's line: «seguro con empate», «posible: depende de la mesa 3», «no alcanza»…"""
        return headline_text(self.outlook)

    @property
    def details(self) -> list[tuple[str, str]]:
        """``[(result, answer)]`` for a win, a draw and a loss; empty without a table to wait for."""
        return _details(self.outlook)


@dataclass(frozen=True, slots=True)
class CutLine:
    """The cut line of an event: ``rows`` in standings order, ``round_number`` the round being played
    (``None`` between rounds), ``rounds_left`` the Swiss rounds after it."""

    cut_size: int
    round_number: int | None
    rounds_left: int
    rows: list[CutLineRow]

    def row_of(self, registration_id: int) -> CutLineRow | None:
        return next((row for row in self.rows if row.registration_id == registration_id), None)


def _tables_text(tables: tuple[int, ...]) -> str:
    if len(tables) > NAMED_TABLES:
        return _("posible: depende de %(n)d mesas") % {"n": len(tables)}
    if len(tables) == 1:
        return _("posible: depende de la mesa %(table)d") % {"table": tables[0]}
    listed = _("%(first)s y %(last)d") % {"first": ", ".join(str(t) for t in tables[:-1]), "last": tables[-1]}
    return ngettext("posible: depende de la mesa %(tables)s", "posible: depende de las mesas %(tables)s",
                    len(tables)) % {"tables": listed}


def verdict_text(verdict: CutVerdict) -> str:
    """One answer in words: «seguro», «posible: depende de la mesa 3», «no alcanza»…"""
    if verdict.status is CutStatus.GUARANTEED:
        return _("seguro")
    if verdict.status is CutStatus.OUT:
        return _("no alcanza")
    if verdict.tables:
        return _tables_text(verdict.tables)
    if verdict.future_rounds:
        return _("posible: depende de las próximas rondas")
    return _("posible: depende del desempate")


def headline_text(outlook: CutOutlook) -> str:
    """The player's line: the least they need at their table, or the answer over everything."""
    if outlook.loss is None:
        return verdict_text(outlook.overall)
    if outlook.loss.status is CutStatus.GUARANTEED:
        return _("seguro aunque pierdas")
    if outlook.draw.status is CutStatus.GUARANTEED:
        return _("seguro con empate")
    if outlook.win.status is CutStatus.GUARANTEED:
        return _("seguro con victoria")
    return verdict_text(outlook.win)


def _details(outlook: CutOutlook) -> list[tuple[str, str]]:
    if outlook.win is None:
        return []
    return [(_("Con victoria"), verdict_text(outlook.win)), (_("Con empate"), verdict_text(outlook.draw)),
            (_("Con derrota"), verdict_text(outlook.loss))]


def _pending_tables(rnd: Round) -> list[PendingTable]:
    seats: dict[int, list[int]] = {}
    for number, rid in Seat.objects.filter(
        table__round=rnd, table__status=MatchStatus.PENDING, table__is_bye=False,
    ).values_list("table__table_number", "registration_id").order_by("table__table_number", "seat"):
        seats.setdefault(number, []).append(rid)
    return [PendingTable(number, *players) for number, players in seats.items() if len(players) == 2]


def cut_line_for_event(event: Event) -> CutLine | None:
    """The cut line of ``event`` while its Swiss rounds run; ``None`` without a top cut or outside them.

    Rounds left: the event's planned Swiss rounds (DESIGN.md decision 5) after the round being played,
    or after the last one played when the next is not paired yet (then nobody has a table to wait for).
    Rule: R-000-63, R-000-39 (the cut), R-000-65 (points); see :mod:`tournaments.swiss.cutline`.
    """
    fmt = format_for(event)
    if not fmt.has_top_cut or not event.cut_size or event.state != EventState.SWISS:
        return None
    snapshot = fmt.snapshot(event)
    standings = fmt.standings(event, snapshot)
    active = [s.registration_id for s in standings if s.active]
    rnd = event.rounds.order_by("-number").first()
    if rnd is not None and rnd.phase != RoundPhase.SWISS:
        return None
    planned = event.planned_rounds
    if planned is None:
        try:
            planned = rounds_for(len(active), minimum=event.min_rounds)
        except PairingError:
            return None
    played = rnd.number if rnd is not None else 0
    if rnd is not None and rnd.state == RoundState.PAIRED:
        pending = _pending_tables(rnd)
        round_number = rnd.number
        rounds_left = max(0, planned - rnd.number)
    else:
        pending, round_number = [], None
        rounds_left = max(0, planned - played)
    points = {s.registration_id: s.match_points for s in standings}
    answers = cut_outlook(points, active, cut_size=event.cut_size, rounds_left=rounds_left, pending=pending)
    rows = []
    for standing in standings:
        outlook = answers.get(standing.registration_id)
        if outlook is None:
            continue
        reg = snapshot.registrations[standing.registration_id]
        rows.append(CutLineRow(
            registration_id=standing.registration_id, rank=standing.rank, display_name=reg.display_name,
            player_number=reg.player_number, match_points=standing.match_points, table_number=outlook.table_number,
            outlook=outlook, status=str((outlook.win or outlook.overall).status),
        ))
    return CutLine(cut_size=event.cut_size, round_number=round_number, rounds_left=rounds_left, rows=rows)
