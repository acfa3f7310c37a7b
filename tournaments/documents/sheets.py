"""The sheets a round's documents print (:mod:`tournaments.pdf.data`), read like selectors.

Which documents a round gets and what builds each one is the event's
format's answer (:attr:`~tournaments.formats.base.EventFormat.document_sheets`,
:meth:`~tournaments.formats.base.EventFormat.document_kinds`): a document
kind maps to a key of :data:`SHEETS`, the builders here. Every builder
reads the format (its tables, its standings ``as_of_round``, its final
order) and the selectors; none writes.

Sheets are deterministic for a round: the standings printed with Swiss
round N are those after round N - 1 (round 1: the registered players, all
at 0); in the top cut, the final Swiss standings; on the last round of a
finished event, the final order (:func:`tournaments.selectors.final_rows`,
DESIGN.md decision 20). The bracket shows results of earlier stages only,
however late a worker renders it. Printed documents are in Spanish.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

from django.db.models import Max
from django.template.defaultfilters import floatformat
from django.utils import timezone, translation

from .. import selectors
from ..adapters import match_winner_id
from ..enums import EventState, RoundPhase
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..labels import TIEBREAKER_LABELS
from ..models import Event, Registration, Round
from ..pdf.data import (
    BracketBox,
    BracketSheet,
    BracketSide,
    PairingSheet,
    PostingSheet,
    SheetHeader,
    SlipSeat,
    SlipSheet,
    StandingLine,
    StandingsSheet,
    TableRow,
    TableSlip,
    games_cells,
    games_layout,
    places_cells,
    places_layout,
    posting_rows,
)
from ..selectors import seated_tables, top_cut_rounds
from ..swiss import topcut
from ..swiss.errors import PairingError
from ..swiss.types import Standing
from ..text import match_name, round_label, stage_name
from .urls import judge_table_url

WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
          "octubre", "noviembre", "diciembre")


# --------------------------------------------------------------------------- what is printed


def kinds_for_round(rnd: Round) -> list[str]:
    """The document kinds printed for ``rnd``, as its event's format lists them."""
    return format_for(rnd.event).document_kinds(rnd.event)


def sheet_for(rnd: Round, kind: str):
    """The sheet of document ``kind`` for ``rnd``, built as the event's format prints it.

    Raises :class:`KeyError` for a kind the format does not print.
    """
    return SHEETS[format_for(rnd.event).document_sheets[kind]](rnd)


# --------------------------------------------------------------------------- shared parts


def date_text(day: date) -> str:
    """``sábado 3 de febrero de 2024``."""
    return f"{WEEKDAYS[day.weekday()]} {day.day} de {MONTHS[day.month - 1]} de {day.year}"


def sheet_header(rnd: Round) -> SheetHeader:
    """The header every sheet of ``rnd`` prints: event, date, venue, game, round, when generated."""
    event = rnd.event
    venue = f"{event.venue.name} ({event.venue.province})" if event.venue_id else "Virtual"
    now = timezone.localtime()
    return SheetHeader(
        event_name=event.name,
        date_text=date_text(event.date),
        venue_text=venue,
        game_name=event.game.name,
        round_label=round_label(rnd, translated=False),  # printed documents are in Spanish
        generated_text=f"Generado el {now:%d/%m/%Y} a las {now:%H:%M}",
    )


def _is_final(rnd: Round) -> bool:
    """True when ``rnd`` is the last round of a finished event."""
    event = rnd.event
    return event.state == EventState.FINISHED and not event.rounds.filter(number__gt=rnd.number).exists()


def _printed_after(rnd: Round) -> int:
    """The round whose standings are printed with ``rnd``.

    A Swiss round prints those after the previous round; a top-cut round,
    or the last round of a finished event, those after the last Swiss round.
    """
    if rnd.phase == RoundPhase.SWISS and not _is_final(rnd):
        return rnd.number - 1
    return rnd.event.rounds.filter(phase=RoundPhase.SWISS).aggregate(last=Max("number"))["last"] or 0


def _standings_title(rnd: Round, after: int, *, final: bool) -> str:
    if final:
        return "Posiciones finales"
    if rnd.phase == RoundPhase.TOP_CUT:
        return "Posiciones finales de las rondas suizas"
    if after:
        return f"Posiciones tras la ronda {after}"
    return "Inscriptos: posiciones antes de la ronda 1"


@dataclass(frozen=True, slots=True)
class _Entrant:
    """What the sheets print of a registration."""

    id: int
    name: str
    number: str
    venue: str
    dropped: bool
    dropped_after_round: int | None
    disqualified: bool


def _entrants(event: Event) -> dict[int, _Entrant]:
    """Registrations of ``event`` by id (one query, no model instances)."""
    rows = Registration.objects.filter(event=event).values_list(
        "id", "player__display_name", "player__player_number", "player__home_venue__name",
        "dropped", "dropped_after_round", "disqualified",
    )
    return {row[0]: _Entrant(row[0], row[1], row[2], row[3] or "", *row[4:]) for row in rows}


def _inactive_note(reg: _Entrant, after: int) -> str:
    """The note printed after a name: disqualified, dropped by round ``after``, or none."""
    if reg.disqualified:
        return "descalificado"
    if reg.dropped and (reg.dropped_after_round is None or reg.dropped_after_round <= after):
        return "abandonó"
    return ""


def _seeds(standings: Iterable[Standing]) -> dict[int, int]:
    """Top-cut seed of every active registration: its place among active rows."""
    return {row.registration_id: index for index, row in
            enumerate((s for s in standings if s.active), start=1)}


def _load_round(rnd: Round | int) -> Round:
    pk = rnd.pk if isinstance(rnd, Round) else rnd
    return Round.objects.select_related("event", "event__venue", "event__game").get(pk=pk)


def _ranked(rnd: Round, after: int, *, final: bool) -> list[tuple[int, object]]:
    """``(printed rank, standings row)`` in printed order: the final order, or the standings after ``after``."""
    fmt = format_for(rnd.event)
    if final:
        return [(row.place, row) for row in selectors.final_rows(rnd.event)]
    return [(row.rank, row) for row in fmt.standings(rnd.event, as_of_round=after)]


# --------------------------------------------------------------------------- pairings


def pairing_sheet(rnd: Round | int) -> PairingSheet:
    """The tables of ``rnd`` in table order, the bye last, with each player's points before the round.

    A table of two players is one row, player against rival; the tables of a
    format played in pods (its ``table_results`` are places) print a row per
    seat ("Asiento 2"), with no rival column. Points are printed as the pages
    print them (:func:`points_shown`). A top-cut round prints each player's
    seed instead of points and names the match ("Semifinal 1", "Tercer puesto").
    """
    rnd = _load_round(rnd)
    event = rnd.event
    fmt = format_for(event)
    top_cut = rnd.phase == RoundPhase.TOP_CUT
    standings = fmt.standings(event, as_of_round=_printed_after(rnd) if top_cut else rnd.number - 1)
    points = dict(fmt.standing_points(row) for row in standings)
    by_number = {reg.number: rid for rid, reg in _entrants(event).items()}
    seeds = _seeds(standings) if top_cut else {}

    def shown(number: str) -> str | None:
        rid = by_number.get(number)
        return None if top_cut else points_shown(points.get(rid, 0))

    def seed(number: str) -> int | None:
        return seeds.get(by_number.get(number)) if top_cut else None

    tables = sorted(seated_tables(rnd), key=lambda t: (t.is_bye, t.table_number is None, t.table_number or 0))
    if fmt.table_results == PLACE_RESULTS:
        rows = tuple(
            TableRow(match_id=table.table_id, table=table.table_number, player_a=name, number_a=number,
                     points_a=shown(number), is_bye=True, caption=f"Asiento {seat}")
            for table in tables for seat, name, number in table.seats
        )
        return PairingSheet(header=sheet_header(rnd), tables=rows, bye_text="", by_seat=True)
    rows = []
    for table in tables:
        (_seat_a, name_a, number_a), *rest = table.seats
        name_b, number_b = (rest[0][1], rest[0][2]) if rest else (None, None)
        rows.append(TableRow(
            match_id=table.table_id, table=None if table.is_bye else table.table_number,
            player_a=name_a, number_a=number_a, player_b=name_b, number_b=number_b,
            points_a=shown(number_a), points_b=shown(number_b) if number_b else None,
            seed_a=seed(number_a), seed_b=seed(number_b) if number_b else None,
            is_bye=table.is_bye, rematch=table.rematch,
            caption=match_name(rnd.stage, table.bracket_slot, translated=False) if top_cut else "",
        ))
    return PairingSheet(header=sheet_header(rnd), tables=tuple(rows))


def posting_sheet(rnd: Round | int) -> PostingSheet:
    """Every player of ``rnd`` alphabetically, with table and opponent."""
    sheet = pairing_sheet(rnd)
    return PostingSheet(header=sheet.header, rows=posting_rows(sheet.tables))


# --------------------------------------------------------------------------- slips


def slip_sheet(rnd: Round | int) -> SlipSheet:
    """One slip per table of ``rnd`` (byes excluded): its seats in seat order, the judge form's URL.

    The event's format gives what each seat writes (its ``table_results``:
    the games of a best of ``event.best_of``, or a place and the game's
    score), the score's name and the game's set-up for the table's size.
    """
    rnd = _load_round(rnd)
    event = rnd.event
    fmt = format_for(event)
    top_cut = rnd.phase == RoundPhase.TOP_CUT
    slips = tuple(
        TableSlip(
            table=table.table_number,
            seats=tuple(SlipSeat(*seat) for seat in table.seats),
            result_url=judge_table_url(event_id=rnd.event_id, round_number=rnd.number, table=table.table_number),
            caption=stage_name(0, translated=False) if top_cut and table.bracket_slot == 0 else "",
            extra_minutes=table.extra_minutes,
            setup=fmt.table_setup(event, len(table.seats)),
        )
        for table in seated_tables(rnd)
        if not table.is_bye and table.table_number is not None
    )
    return SlipSheet(header=sheet_header(rnd), slips=slips, boxes=fmt.table_results, best_of=event.best_of,
                     score_label=fmt.score_label(event))


# --------------------------------------------------------------------------- standings


def points_shown(points) -> str:
    """Points as the Spanish pages print them: "3", "4,5", "0,8".

    The pages' own ``floatformat:"-1"`` under es-AR: one decimal at most,
    rounded half up, decimal comma (DESIGN.md decision 17). ``points``: a
    :class:`~decimal.Decimal`, float or int.
    """
    with translation.override("es-ar"):
        return str(floatformat(points, "-1"))


def _points_text(table: dict[int, int] | None) -> str:
    """``1.º 3, 2.º 2, 3.º 1`` from the event's points by place; the shared rule without a table (decision 17)."""
    if table is None:
        return "3 × la parte de los rivales de la mesa que terminaron detrás (un empatado cuenta la mitad)"
    return ", ".join(f"{place}.º {points}" for place, points in sorted(table.items()))


def standings_sheet(rnd: Round | int) -> StandingsSheet:
    """The standings printed with ``rnd`` (see the module docstring), with the columns the event's
    format ranks by: match points, V-E-D and the rulebook's tiebreakers for two-seat tables; placement
    points, the pod-mates' points, the game's score and each round's place for pods (the format's
    ``table_results`` are places). Players dropped by then are marked.
    """
    rnd = _load_round(rnd)
    event = rnd.event
    fmt = format_for(event)
    final, after = _is_final(rnd), _printed_after(rnd)
    regs = _entrants(event)
    ranked = [(rank, row, regs[fmt.standing_points(row)[0]]) for rank, row in _ranked(rnd, after, final=final)]
    header, title = sheet_header(rnd), _standings_title(rnd, after, final=final)
    if fmt.table_results == PLACE_RESULTS:
        label = fmt.score_label(event)
        layout = places_layout(score_label=label, points_text=_points_text(event.points_table()))
        cells = [places_cells(points=points_shown(row.points), opponents_points=points_shown(row.opponents_points),
                              places="-".join(str(place) for place in row.places),
                              secondary_score=row.secondary_score, with_score=bool(label))
                 for _rank, row, _reg in ranked]
    else:
        with translation.override("es-ar"):
            layout = games_layout({key: str(TIEBREAKER_LABELS[key]) for key in
                                   ("match_points", "buchholz", "head_to_head", "game_differential")})
        cells = [games_cells(match_points=row.match_points, wins=row.wins, draws=row.draws, losses=row.losses,
                             buchholz=row.buchholz, head_to_head=row.head_to_head,
                             game_differential=row.game_differential)
                 for _rank, row, _reg in ranked]
    return StandingsSheet(header=header, title=title, layout=layout, rows=tuple(
        StandingLine(rank=rank, name=reg.name, number=reg.number, venue=reg.venue, cells=line_cells,
                     technical_tie=row.technical_tie, note=_inactive_note(reg, after))
        for (rank, row, reg), line_cells in zip(ranked, cells, strict=True)
    ))


# --------------------------------------------------------------------------- the bracket


def bracket_sheet(rnd: Round | int) -> BracketSheet:
    """The top cut as of ``rnd``: its stages so far, results of earlier stages.

    Seeds are the places among active players of the final Swiss standings.
    On the last round of a finished event every result is shown with the
    champion and the podium.
    """
    rnd = _load_round(rnd)
    event = rnd.event
    final, after = _is_final(rnd), _printed_after(rnd)
    standings = format_for(event).standings(event, as_of_round=after)
    regs = _entrants(event)
    seeds = _seeds(standings)
    rounds = [r for r in top_cut_rounds(event) if r.number <= rnd.number]
    if not rounds and event.cut_size:
        return _projected_bracket(rnd, standings, seeds, regs)
    first_stage = max((r.stage or 1 for r in rounds), default=2)
    boxes = []
    for top_round in rounds:
        show = final or top_round.number < rnd.number
        for match in top_round.tables.all():
            stage = 0 if match.bracket_slot == 0 else (top_round.stage or 1)
            winner = match_winner_id(match) if show else None
            side_a = BracketSide(
                name=match.player_a.player.display_name,
                seed=seeds.get(match.player_a_id),
                games=match.games_a if show and match.has_result else None,
                won=winner is not None and winner == match.player_a_id,
            )
            side_b = BracketSide(
                name=match.player_b.player.display_name if match.player_b_id else "",
                seed=seeds.get(match.player_b_id) if match.player_b_id else None,
                games=match.games_b if show and match.has_result else None,
                won=winner is not None and winner == match.player_b_id,
            )
            boxes.append(BracketBox(stage=stage, slot=match.bracket_slot or 1, side_a=side_a, side_b=side_b,
                                    table=match.table_number))
    podium: tuple[str, ...] = ()
    champion = ""
    if final and event.podium_first_id:
        podium_regs = (event.podium_first_id, event.podium_second_id, event.podium_third_id)
        podium = tuple(regs[rid].name if rid in regs else "" for rid in podium_regs)
        champion = podium[0]
    return BracketSheet(
        header=sheet_header(rnd),
        size=2 ** first_stage,
        boxes=tuple(boxes),
        third_place_match=event.third_place_match,
        champion=champion,
        podium=podium,
    )


def _projected_bracket(rnd: Round, standings, seeds, regs) -> BracketSheet:
    """During the Swiss rounds: the top cut as it would be seeded from the standings printed with ``rnd``.

    Seeded as the real cut will be (1v4 and 2v3 for a top 4, DESIGN.md
    decision 6), from the active players; empty boxes while fewer players
    than the cut are active.
    """
    event = rnd.event
    after = rnd.number - 1
    try:
        bracket = topcut.seed_bracket(standings, event.cut_size)
    except PairingError:
        bracket = ()
    boxes = tuple(
        BracketBox(
            stage=bm.stage,
            slot=bm.slot,
            side_a=BracketSide(name=regs[bm.player_a].name, seed=seeds.get(bm.player_a)),
            side_b=BracketSide(name=regs[bm.player_b].name, seed=seeds.get(bm.player_b)),
        )
        for bm in bracket
    )
    note = (
        f"Proyección: así se armaría el reducido con las posiciones tras la ronda {after}."
        if after
        else "Proyección: el reducido se arma con las posiciones finales de las rondas suizas."
    )
    return BracketSheet(
        header=sheet_header(rnd),
        size=event.cut_size,
        boxes=boxes if after else (),
        third_place_match=event.third_place_match,
        note=note,
    )


#: The sheet builders by key; a format names the ones it prints in ``document_sheets``.
SHEETS: dict[str, Callable[[Round], object]] = {
    "pairings": pairing_sheet,
    "posting": posting_sheet,
    "slips": slip_sheet,
    "standings": standings_sheet,
    "bracket": bracket_sheet,
}
