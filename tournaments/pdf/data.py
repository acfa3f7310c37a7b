"""Read models of the printed documents: plain, frozen dataclasses.

Builders in :mod:`tournaments.documents.sheets` fill them from the database; the
renderers of this package turn them into PDF bytes; the benchmark builds them
synthetically. Nothing here imports Django (:mod:`tournaments.text`, which
orders the names, does not either).

Terms:

- *header*: what every page of a document repeats (event, date, venue, round).
- *table row*: one match of a round as players look for it; a bye has no
  table number and no opponent.
- *name row*: one player of a round on the posting sheet (pairings by name).
- *points*: points before the round, match points or placement points, as
  the pages print them (strings: "2,5"; the builders) or as numbers (floats
  in steps of 0.5, printed by :func:`points_text`); ``None`` where they are
  not printed (top-cut rounds print seeds instead).
- *slip*: one table's result slip, its seats in seat order (2–6), with the
  boxes the format's results take (games, or place and score).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..text import collation_key


@dataclass(frozen=True, slots=True)
class SheetHeader:
    """What every page repeats. All strings are ready to print (Spanish)."""

    event_name: str
    date_text: str  # "sábado 3 de febrero de 2024"
    venue_text: str  # "Sede Centro (Buenos Aires)" or "Virtual"
    game_name: str
    round_label: str  # "Ronda 3", "Reducido — Semifinales"
    generated_text: str = ""  # "Generado el 03/02/2024 a las 14:05"


@dataclass(frozen=True, slots=True)
class TableRow:
    """One match of a round (or a bye: ``table`` and ``player_b`` are None).

    ``seed_a``/``seed_b`` are top-cut seeds (1-based), ``caption`` a short
    label printed under the table number ("Final", "Tercer puesto").
    """

    match_id: int
    table: int | None
    player_a: str
    number_a: str
    player_b: str | None = None
    number_b: str | None = None
    points_a: float | str | None = None
    points_b: float | str | None = None
    seed_a: int | None = None
    seed_b: int | None = None
    is_bye: bool = False
    rematch: bool = False
    caption: str = ""


@dataclass(frozen=True, slots=True)
class PairingSheet:
    """Pairings of one round in table order, the bye last."""

    header: SheetHeader
    tables: tuple[TableRow, ...]
    bye_text: str = "BYE"  # how the bye's "opponent" is printed
    by_seat: bool = False  # a multiplayer table (issue #9): one row per seat, no rival column


@dataclass(frozen=True, slots=True)
class NameRow:
    """One player on the posting sheet: where they sit and against whom."""

    name: str
    number: str
    table: int | None  # None: bye
    opponent: str | None
    points: float | str | None = None


@dataclass(frozen=True, slots=True)
class PostingSheet:
    """Every paired player of a round, alphabetical (Spanish collation)."""

    header: SheetHeader
    rows: tuple[NameRow, ...]


#: What each seat of a result slip writes, as the event's format records a table
#: (:attr:`tournaments.formats.base.EventFormat.table_results`): the games it won, a box per game
#: (a duel), or its place and score (a pod).
SLIP_GAMES = "games"
SLIP_PLACES = "places"


@dataclass(frozen=True, slots=True)
class SlipSeat:
    """One seat of a result slip: seat number (1-based; a duel's side A is 1) and player."""

    seat: int
    name: str
    number: str


@dataclass(frozen=True, slots=True)
class TableSlip:
    """One result slip: one table of 2–6 seats, the QR target.

    ``caption`` is printed after the round ("Tercer puesto"), ``setup`` the
    game's set-up for a table of that size, ``extra_minutes`` the time a
    judge added to this table.
    """

    table: int
    seats: tuple[SlipSeat, ...]
    result_url: str
    caption: str = ""
    extra_minutes: int = 0
    setup: str = ""


@dataclass(frozen=True, slots=True)
class SlipSheet:
    """Result slips of a round, one per table (byes get none).

    ``boxes`` says what each seat writes (:data:`SLIP_GAMES` or
    :data:`SLIP_PLACES`). Games: ``best_of`` gives the number of game
    boxes, ``extra_turns`` the boxes for the turns each player gets once
    time is called (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las
    Rondas Suizas": "3 turnos completos, cada uno"). Places: a place box
    and, when ``score_label`` names the game's score ("Puntos stoner"), a
    score box per seat.
    """

    header: SheetHeader
    slips: tuple[TableSlip, ...]
    boxes: str = SLIP_GAMES
    best_of: int = 3
    extra_turns: int = 3
    score_label: str = ""


@dataclass(frozen=True, slots=True)
class StandingsColumn:
    """One printed standings column after position, player and venue: its title, width (mm) and alignment."""

    heading: str
    width_mm: float
    align: str = "center"


def two_lines(label: str) -> str:
    """ "Handicap: vs" → "Handicap:\\nvs", "Puntos stoner" → "Puntos\\nstoner" so narrow columns keep the words."""
    head, sep, tail = label.partition(": ")
    if sep:
        return f"{head}:\n{tail}"
    words = label.split()
    if len(words) == 2:
        return "\n".join(words)
    return label


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def points_text(points: float | str | None) -> str:
    """Match points as printed: "3", "2,5" (decimal comma, es-AR).

    A string is points already printed by the sheet's builder (pod points,
    as the pages print them: :func:`tournaments.documents.sheets.points_shown`)
    and comes back as it is.
    """
    if points is None:
        return ""
    if isinstance(points, str):
        return points
    if float(points).is_integer():
        return str(int(points))
    return f"{points:.1f}".replace(".", ",")


#: The rulebook's titles of the two-player standings columns, by tiebreaker key
#: (000_0014b2ac83da54b4.txt § "4- Enfrentamiento directo.", § "5- Resultado en partidas.").
DEFAULT_LABELS = {
    "match_points": "Puntaje total",
    "buchholz": "Buchholz",
    "head_to_head": "Handicap: vs",
    "game_differential": "Handicap: x",
}


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One printed standings row: position, player, venue, then ``cells`` (one per column of the
    sheet's layout, as printed); ``note`` is "abandonó", "descalificado" or ""."""

    rank: int
    name: str
    number: str
    venue: str
    cells: tuple[str, ...]
    technical_tie: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class StandingsLayout:
    """The columns a format's standings print after position, player and venue, the legend saying
    the order they rank by, and the player and venue column widths (mm)."""

    columns: tuple[StandingsColumn, ...]
    legend: tuple[str, ...]
    player_mm: float = 61.0
    venue_mm: float = 30.0


@dataclass(frozen=True, slots=True)
class StandingsSheet:
    """Standings of any format: ``rows`` in rank order, ``layout`` their columns; ``title`` says
    after which round ("Posiciones tras la ronda 3", "Posiciones finales")."""

    header: SheetHeader
    title: str
    rows: tuple[StandingLine, ...]
    layout: StandingsLayout


def games_layout(labels: dict[str, str] | None = None) -> StandingsLayout:
    """Tables that give game wins (000_0014b2ac83da54b4.txt § "Desempates"): match points,
    wins-draws-losses, Buchholz, head-to-head and game differential. ``labels`` maps the tiebreaker
    keys (``match_points``, ``buchholz``, ``head_to_head``, ``game_differential``) to their printed
    titles ("Handicap: vs", "Handicap: x")."""
    labels = {**DEFAULT_LABELS, **(labels or {})}
    columns = (StandingsColumn(two_lines(labels["match_points"]), 15.0), StandingsColumn("V-E-D", 16.0),
               StandingsColumn(labels["buchholz"], 17.0), StandingsColumn(two_lines(labels["head_to_head"]), 18.0),
               StandingsColumn(two_lines(labels["game_differential"]), 18.0))
    legend = (f"Orden: {labels['match_points']}, victorias, {labels['buchholz']}, "
              f"{labels['head_to_head']} (enfrentamiento directo), {labels['game_differential']} "
              "(partidas ganadas menos perdidas). V-E-D: victorias, empates y derrotas.",)
    return StandingsLayout(columns, legend)


def games_cells(*, match_points: float, wins: int, draws: int, losses: int, buchholz: float, head_to_head: int,
                game_differential: int) -> tuple[str, ...]:
    """The printed cells of :func:`games_layout` for one player."""
    return (points_text(match_points), f"{wins}-{draws}-{losses}", points_text(buchholz) or "0",
            _signed(head_to_head), _signed(game_differential))


def places_layout(*, score_label: str = "", points_text: str = "") -> StandingsLayout:
    """Tables that give places (pods, DESIGN.md decision 17): placement points, the pod-mates'
    points, the game's secondary score when it has one (``score_label``, "Puntos stoner"), each
    round's place. ``points_text`` is the points by place for the legend ("1.º 3, 2.º 2, 3.º 1")."""
    columns = [StandingsColumn("Puntos\npor puesto", 16.0), StandingsColumn("Puntos de\nlos rivales", 16.0)]
    if score_label:
        columns.append(StandingsColumn(two_lines(score_label), 20.0))
    order = [f"puntos por puesto ({points_text}; los demás puestos, 0)" if points_text else "puntos por puesto",
             "puntos de los rivales (suma de los puntos de quienes compartieron mesa con el jugador)"]
    if score_label:
        order.append(f"{score_label.lower()} (suma de todas las mesas)")
    legend = ("Orden: " + ", ".join(order) + ". Puestos: el de cada ronda, en orden.",)
    # The player column takes the score column's width when the game has no secondary score.
    return StandingsLayout((*columns, StandingsColumn("Puestos", 25.0)), legend,
                           player_mm=66.0 + (0.0 if score_label else 20.0), venue_mm=32.0)


def places_cells(*, points: str, opponents_points: str, places: str, secondary_score: int | None = None,
                 with_score: bool = False) -> tuple[str, ...]:
    """The printed cells of :func:`places_layout` for one player: ``points`` and
    ``opponents_points`` as the pages print them ("4,5", "0,8"), ``places`` "1-3-2"; the secondary
    score (an integer) only ``with_score``."""
    cells = [points, opponents_points]
    if with_score:
        cells.append("" if secondary_score is None else str(secondary_score))
    return (*cells, places or "—")


@dataclass(frozen=True, slots=True)
class BracketSide:
    """One player in a bracket box (``name`` empty: not decided yet)."""

    name: str = ""
    seed: int | None = None
    games: int | None = None
    won: bool = False


@dataclass(frozen=True, slots=True)
class BracketBox:
    """One match of the top cut: stage (1 final, 2 semis…, 0 third place), slot."""

    stage: int
    slot: int
    side_a: BracketSide = BracketSide()
    side_b: BracketSide = BracketSide()
    table: int | None = None


@dataclass(frozen=True, slots=True)
class BracketSheet:
    """The top-cut bracket: ``size`` players (4, 8 or 16), matches known so far.

    Stages without a stored match print empty boxes. ``podium`` holds up to
    three names (1st, 2nd, 3rd) once the event is finished. ``note`` is a
    line under the title (e.g. "projection" during the Swiss rounds).
    """

    header: SheetHeader
    size: int
    boxes: tuple[BracketBox, ...]
    third_place_match: bool = False
    champion: str = ""
    podium: tuple[str, ...] = ()
    note: str = ""


# --------------------------------------------------------------------------- helpers


def posting_rows(tables: Iterable[TableRow]) -> tuple[NameRow, ...]:
    """Both players of every table (and the bye) as name rows, alphabetical.

    Spanish order (:func:`tournaments.text.collation_key`), then player
    number, as the pairings-by-name page lists them.
    """
    rows: list[NameRow] = []
    for row in tables:
        rows.append(NameRow(row.player_a, row.number_a, row.table, row.player_b, row.points_a))
        if row.player_b is not None:
            rows.append(NameRow(row.player_b, row.number_b or "", row.table, row.player_a, row.points_b))
    rows.sort(key=lambda r: (collation_key(r.name), r.number))
    return tuple(rows)
