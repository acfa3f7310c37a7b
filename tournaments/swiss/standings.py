"""Swiss standings: match points and the tiebreaker registry.

Terms (000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un torneo
suizo?"):

- *match points* ("Puntaje total"): win 1, draw 0.5, loss 0, as floats in
  steps of 0.5 (exact in binary floating point, so ``==`` is safe).
- *totals*: what every registration accumulated over the matches given, kept
  column by column in a :class:`TotalsTable` (one row per registration).
- *tiebreaker*: a registry entry (:data:`REGISTRY`) that orders players left
  level by the criteria before it. The default order is the rulebook's:
  match points, wins, Buchholz, head-to-head, game differential
  (:data:`DEFAULT_TIEBREAKERS`); whatever still ties is a technical tie
  ("Técnico"), which shares the rank.

Scoring conventions where the rulebook is silent:

- a bye is a 2-0 match win: 1 point, 1 win, games 2-0 unless the record
  carries the event's own bye games, and it is not an opponent for
  Buchholz (Default: DESIGN.md decision 1);
- a double loss (both absent) is a loss for both, 0 points each, games 0-2
  each unless games are recorded (Default: RULES-TRACE.md ambiguity 10);
  the two players were paired, so each counts as the other's opponent for
  Buchholz and head-to-head (a loss for both there too).

Nothing here imports Django; the same input always gives the same output.
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter, itemgetter

from .errors import PairingError, SwissInvariantError
from .types import MatchRecord, Outcome, Standing

RULEBOOK = "000_0014b2ac83da54b4.txt"

WIN_POINTS = 1.0
DRAW_POINTS = 0.5
LOSS_POINTS = 0.0
BYE_GAMES = (2, 0)
DOUBLE_LOSS_GAMES = (0, 2)

__all__ = [
    "DEFAULT_TIEBREAKERS",
    "REGISTRY",
    "TECHNICAL_TIE_NAME_ES",
    "Tiebreaker",
    "TotalsTable",
    "compute_standings",
    "compute_totals",
    "match_points_of",
    "result_of",
    "validate_tiebreakers",
]


# --------------------------------------------------------------------------
# Points of one match
# --------------------------------------------------------------------------


def result_of(outcome: Outcome, for_a: bool) -> int:
    """The result of one match for one side: ``+1`` won, ``0`` drew, ``-1`` lost.

    ``for_a`` selects ``player_a``'s side (``False``: ``player_b``). A bye is
    a win for ``player_a``; a double loss is a loss for both sides.

    Raises :class:`SwissInvariantError` for the ``player_b`` side of a bye.

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un
    torneo suizo?"; Default: DESIGN.md decision 1 (bye) and RULES-TRACE.md
    ambiguity 10 (double loss).
    """
    if outcome is Outcome.A_WINS:
        return 1 if for_a else -1
    if outcome is Outcome.B_WINS:
        return -1 if for_a else 1
    if outcome is Outcome.DRAW:
        return 0
    if outcome is Outcome.DOUBLE_LOSS:
        return -1
    if outcome is Outcome.BYE:
        if not for_a:
            raise SwissInvariantError("a bye has no player_b")
        return 1
    raise SwissInvariantError(f"unknown outcome {outcome!r}")


def match_points_of(outcome: Outcome, for_a: bool) -> float:
    """Match points (float: 1, 0.5 or 0) one side earns from one match.

    Win 1, draw 0.5, loss 0; a bye is a win (1 point) and a double loss
    gives 0 to both.

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un
    torneo suizo?" and § "1- Puntaje total."; Default: DESIGN.md decision 1.
    """
    result = result_of(outcome, for_a)
    if result > 0:
        return WIN_POINTS
    if result == 0:
        return DRAW_POINTS
    return LOSS_POINTS


# --------------------------------------------------------------------------
# Totals per registration
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TotalsTable:
    """What every registration accumulated, one column per quantity.

    Row ``i`` of every column belongs to ``registration_ids[i]``;
    ``index`` maps a registration id back to its row. ``match_points`` and
    ``buchholz`` are match points (floats in steps of 0.5); the other
    columns are integers. ``wins`` includes byes (``byes`` counts them again
    on their own). ``opponents[i]`` holds the *row* of the opponent faced in
    each match of row ``i`` (byes excluded; a repeated opponent appears
    twice; :meth:`opponent_ids` gives registration ids) and ``results[i]``
    the result of that match, aligned with it: ``+1`` won, ``0`` drew, ``-1``
    lost; both in the order the matches were given (read-only lists: the
    table is built once and never changed).

    Rule: 000_0014b2ac83da54b4.txt § "1- Puntaje total." to § "5- Resultado
    en partidas." (the quantities the tiebreakers read).
    """

    registration_ids: tuple[int, ...]
    index: Mapping[int, int]
    match_points: tuple[float, ...]
    wins: tuple[int, ...]
    draws: tuple[int, ...]
    losses: tuple[int, ...]
    byes: tuple[int, ...]
    game_wins: tuple[int, ...]
    game_losses: tuple[int, ...]
    game_draws: tuple[int, ...]
    game_differential: tuple[int, ...]
    buchholz: tuple[float, ...]
    opponents: tuple[Sequence[int], ...]
    results: tuple[Sequence[int], ...]

    def __len__(self) -> int:
        return len(self.registration_ids)

    def matches_played(self, row: int) -> int:
        """Wins + draws + losses of ``row`` (byes included)."""
        return self.wins[row] + self.draws[row] + self.losses[row]

    def opponent_ids(self, row: int) -> list[int]:
        """Registration ids faced by ``row``, one per match, in match order."""
        ids = self.registration_ids
        return [ids[opponent] for opponent in self.opponents[row]]


def compute_totals(registration_ids: Iterable[int], matches: Iterable[MatchRecord]) -> TotalsTable:
    """Accumulate the totals of every registration.

    ``registration_ids``: every registration of the event, dropped ones
    included, any order (duplicates are ignored; rows follow first
    appearance). ``matches``: every finished Swiss match and bye, any order.
    Returns a :class:`TotalsTable` with one row per registration (zeros for
    one without matches).

    Match points: win 1, draw 0.5, loss 0; a bye is a win and a double loss
    a loss for both (Rule: 000_0014b2ac83da54b4.txt § "1- Puntaje total.";
    Default: DESIGN.md decision 1, RULES-TRACE.md ambiguity 10).

    Buchholz is the sum of the final match points of every opponent faced,
    one term per match: byes add nothing, and an opponent who dropped counts
    with the points they finished with (Rule: 000_0014b2ac83da54b4.txt §
    "3- Buchholz."; Default: DESIGN.md decisions 1 and 2).

    Game counts: the games each side won, and drawn games for both (Default:
    DESIGN.md decision 4). A bye or a double loss recorded without any game
    counts 2-0 (DESIGN.md decision 1) or 0-2 for each player
    (RULES-TRACE.md ambiguity 10); recorded games (an event's own bye
    setting) are taken as they are.

    Raises :class:`SwissInvariantError` when a match names a registration
    that is not in ``registration_ids``, pairs a player with themself, puts
    one registration in two matches of the same round, has negative game
    counts, or an outcome that does not fit (a bye with an opponent, a
    double loss without one).
    """
    index: dict[int, int] = {}
    ids: list[int] = []
    for rid in registration_ids:
        if rid not in index:
            index[rid] = len(ids)
            ids.append(rid)
    n = len(ids)
    byes = [0] * n
    game_wins = [0] * n
    game_losses = [0] * n
    game_draws = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    results: list[list[int]] = [[] for _ in range(n)]
    # One byte per row and round: 1 once the row has played that round.
    played_in: dict[int, bytearray] = {}
    busy_round: int | None = None
    busy = bytearray()
    get = index.get
    a_wins, b_wins = Outcome.A_WINS, Outcome.B_WINS
    double_loss, bye = Outcome.DOUBLE_LOSS, Outcome.BYE

    for record in matches:
        player_a = record.player_a
        player_b = record.player_b
        games_a = record.games_a
        games_b = record.games_b
        round_number = record.round_number
        outcome = record.outcome
        a = get(player_a)
        if a is None:
            raise SwissInvariantError(f"round {round_number}: registration {player_a} is not in registration_ids")
        if games_a < 0 or games_b < 0 or record.games_drawn < 0:
            raise SwissInvariantError(f"round {round_number}: negative game count in {record!r}")
        if round_number != busy_round:
            busy_round = round_number
            busy = played_in.get(round_number)
            if busy is None:
                busy = played_in[round_number] = bytearray(n)
        if busy[a]:
            raise SwissInvariantError(f"round {round_number}: registration {player_a} plays twice")
        busy[a] = 1
        if player_b is None:
            if outcome is not None and outcome is not bye:
                raise SwissInvariantError(f"round {round_number}: {outcome} without player_b")
            byes[a] += 1
            if games_a or games_b or record.games_drawn:
                game_wins[a] += games_a
                game_losses[a] += games_b
                game_draws[a] += record.games_drawn
            else:
                game_wins[a] += BYE_GAMES[0]
                game_losses[a] += BYE_GAMES[1]
            continue
        b = get(player_b)
        if b is None:
            raise SwissInvariantError(f"round {round_number}: registration {player_b} is not in registration_ids")
        if b == a:
            raise SwissInvariantError(f"round {round_number}: {player_a} paired with themself")
        if busy[b]:
            raise SwissInvariantError(f"round {round_number}: registration {player_b} plays twice")
        busy[b] = 1
        opponents[a].append(b)
        opponents[b].append(a)
        if outcome is None:
            result = 1 if games_a > games_b else (-1 if games_b > games_a else 0)
        elif outcome is double_loss:
            results[a].append(-1)
            results[b].append(-1)
            if not (games_a or games_b or record.games_drawn):
                for i in (a, b):
                    game_wins[i] += DOUBLE_LOSS_GAMES[0]
                    game_losses[i] += DOUBLE_LOSS_GAMES[1]
                continue
            result = None
        elif outcome is bye:
            raise SwissInvariantError(f"round {round_number}: a bye with player_b {player_b}")
        else:
            result = 1 if outcome is a_wins else (-1 if outcome is b_wins else 0)
        if result is not None:
            results[a].append(result)
            results[b].append(-result)
        game_wins[a] += games_a
        game_losses[a] += games_b
        game_wins[b] += games_b
        game_losses[b] += games_a
        drawn = record.games_drawn
        if drawn:
            game_draws[a] += drawn
            game_draws[b] += drawn

    wins = [own.count(1) + extra for own, extra in zip(results, byes)]
    draws = [own.count(0) for own in results]
    half_points = [2 * w + d for w, d in zip(wins, draws)]
    return TotalsTable(
        registration_ids=tuple(ids),
        index=index,
        match_points=tuple([h / 2 for h in half_points]),
        wins=tuple(wins),
        draws=tuple(draws),
        losses=tuple([own.count(-1) for own in results]),
        byes=tuple(byes),
        game_wins=tuple(game_wins),
        game_losses=tuple(game_losses),
        game_draws=tuple(game_draws),
        game_differential=tuple([won - lost for won, lost in zip(game_wins, game_losses)]),
        buchholz=tuple([sum([half_points[o] for o in faced]) / 2 for faced in opponents]),
        opponents=tuple(opponents),
        results=tuple(results),
    )


# --------------------------------------------------------------------------
# Tiebreaker registry
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    """One ranking criterion, with its display metadata.

    ``values(table, rows)`` returns one number per row of ``rows`` (row
    numbers of ``table``); ``higher_is_better`` is the sort direction (True
    for every rulebook criterion). A criterion with
    ``needs_group=True`` depends on who is still level: ``rows`` is then
    exactly that group; the others ignore the group and are sorted on
    together in one pass. ``name_es`` and ``short_label`` are the Spanish
    labels of the standings table (Rule: 000_0014b2ac83da54b4.txt § "¿Cómo
    se calculan los puntos en un torneo suizo?", R-000-67); ``rule`` names
    the clause it implements.
    """

    key: str
    name_es: str
    short_label: str
    values: Callable[[TotalsTable, Sequence[int]], list[float]]
    needs_group: bool = False
    rule: str = ""
    higher_is_better: bool = True

    def value(self, table: TotalsTable, registration_id: int, group: Iterable[int] = ()) -> float:
        """The criterion's value for one registration (group: ids level with it)."""
        rows = [table.index[registration_id]]
        if self.needs_group:
            rows.extend(table.index[rid] for rid in group if rid != registration_id)
        return self.values(table, rows)[0]


def _column(name: str) -> Callable[[TotalsTable, Sequence[int]], list[float]]:
    """Values taken from one :class:`TotalsTable` column."""
    column = attrgetter(name)

    def values(table: TotalsTable, rows: Sequence[int]) -> list[float]:
        return list(map(column(table).__getitem__, rows))

    values.__name__ = name
    return values


def _head_to_head(table: TotalsTable, rows: Sequence[int]) -> list[float]:
    """Each row's wins minus losses in matches against the rest of ``rows``.

    Two tied players: the winner of their match gets +1, the loser -1, and a
    draw or no match leaves both at 0 (next criterion). Three or more: the
    balance among them ("si A* ganó contra B* pero perdió contra C*, su saldo
    es neutro"), applied once to the whole group.

    Rule: 000_0014b2ac83da54b4.txt § "4- Enfrentamiento directo.";
    Default: DESIGN.md decision 3.
    """
    group = set(rows)
    opponents = table.opponents
    results = table.results
    disjoint = group.isdisjoint
    return [
        0
        if disjoint(opponents[i])
        else sum([result for opponent, result in zip(opponents[i], results[i]) if opponent in group])
        for i in rows
    ]


REGISTRY: dict[str, Tiebreaker] = {
    tiebreaker.key: tiebreaker
    for tiebreaker in (
        Tiebreaker(
            "match_points",
            "Puntaje total",
            "Pts",
            _column("match_points"),
            rule=f'{RULEBOOK} § "1- Puntaje total."',
        ),
        Tiebreaker(
            "wins", "Número de victorias", "V", _column("wins"), rule=f'{RULEBOOK} § "2- Número de victorias."'
        ),
        Tiebreaker(
            "buchholz", "Variante Buchholz", "Buchholz", _column("buchholz"), rule=f'{RULEBOOK} § "3- Buchholz."'
        ),
        Tiebreaker(
            "head_to_head",
            "Enfrentamiento directo",
            "Handicap: vs",
            _head_to_head,
            needs_group=True,
            rule=f'{RULEBOOK} § "4- Enfrentamiento directo."',
        ),
        Tiebreaker(
            "game_differential",
            "Resultado en partidas",
            "Handicap: x",
            _column("game_differential"),
            rule=f'{RULEBOOK} § "5- Resultado en partidas."',
        ),
    )
}
"""Every tiebreaker by stable key.

Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un torneo
suizo?" (R-000-66, R-000-67).
"""

DEFAULT_TIEBREAKERS: tuple[str, ...] = ("match_points", "wins", "buchholz", "head_to_head", "game_differential")
"""The rulebook's order, 1 to 5; 6 ("Técnico") is what remains level.

Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un torneo
suizo?" (R-000-66).
"""

TECHNICAL_TIE_NAME_ES = "Técnico"
"""Label of a technical tie (Rule: 000_0014b2ac83da54b4.txt § "6- Técnico.")."""


def validate_tiebreakers(keys: Sequence[str]) -> tuple[Tiebreaker, ...]:
    """Resolve tiebreaker keys to registry entries, in order.

    Raises :class:`PairingError` with code ``"unknown_tiebreaker"`` for a key
    not in :data:`REGISTRY` and ``"duplicate_tiebreaker"`` for a repeated
    key (both are organizer settings).

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un
    torneo suizo?" (the event stores an ordered list, R-000-66).
    """
    if isinstance(keys, str):
        keys = (keys,)
    resolved: list[Tiebreaker] = []
    seen: set[str] = set()
    for key in keys:
        if key not in REGISTRY:
            raise PairingError("unknown_tiebreaker", f"unknown tiebreaker {key!r}")
        if key in seen:
            raise PairingError("duplicate_tiebreaker", f"tiebreaker {key!r} given twice")
        seen.add(key)
        resolved.append(REGISTRY[key])
    return tuple(resolved)


# --------------------------------------------------------------------------
# Ranking
# --------------------------------------------------------------------------

_STANDING_FIELDS = (
    "rank",
    "registration_id",
    "match_points",
    "wins",
    "draws",
    "losses",
    "byes",
    "buchholz",
    "head_to_head",
    "game_wins",
    "game_losses",
    "game_draws",
    "matches_played",
    "active",
    "separated_by",
    "technical_tie",
)
# Standing rows are built positionally (a third faster than keywords on big
# fields); fail at import if the dataclass ever changes its field order.
if tuple(f.name for f in fields(Standing))[: len(_STANDING_FIELDS)] != _STANDING_FIELDS:  # pragma: no cover
    raise SwissInvariantError("Standing fields changed order; update standings._STANDING_FIELDS")


class _Ranking:
    """Orders rows of a :class:`TotalsTable` by a list of criteria.

    The result is three parallel lists: ``rows`` best first,
    ``separated_by`` (criterion key that put the row below the previous
    one, ``None`` when level with it or first) and ``tied`` (level with the
    previous row: a technical tie). ``group_values`` records the value of a
    group criterion (head-to-head) for each row it was applied to.
    """

    __slots__ = ("table", "draw_key", "group_values", "rows", "separated_by", "tied")

    def __init__(self, table: TotalsTable, draw_key: Callable[[int], tuple[int, int, int]]) -> None:
        self.table = table
        self.draw_key = draw_key
        self.group_values: dict[int, float] = {}
        self.rows: list[int] = []
        self.separated_by: list[str | None] = []
        self.tied: list[bool] = []

    def order(self, rows: list[int], criteria: Sequence[Tiebreaker]) -> None:
        """Append ``rows`` (level on every earlier criterion) in order.

        Criteria that do not need the group are sorted on together (stable
        sorts, least significant first); a group criterion is applied once
        to each group still level (Default: DESIGN.md decision 3). The
        first appended row gets ``separated_by=None``; the caller sets it.
        """
        out_rows = self.rows
        out_separated = self.separated_by
        out_tied = self.tied
        if len(rows) == 1:
            out_rows.append(rows[0])
            out_separated.append(None)
            out_tied.append(False)
            return
        if not criteria:
            # Rule: 000_0014b2ac83da54b4.txt § "6- Técnico."; rows follow the recorded
            # draw (Default: DESIGN.md decision 11).
            out_rows.extend(sorted(rows, key=self.draw_key))
            out_separated.extend([None] * len(rows))
            out_tied.append(False)
            out_tied.extend([True] * (len(rows) - 1))
            return

        lead = 0
        while lead < len(criteria) and not criteria[lead].needs_group:
            lead += 1
        used = criteria[: lead or 1]
        rest = criteria[len(used) :]
        columns = [criterion.values(self.table, rows) for criterion in used]
        if not lead:
            self.group_values.update(zip(rows, columns[0]))
        columns = [
            column if criterion.higher_is_better else [-value for value in column]
            for criterion, column in zip(used, columns)
        ]
        permutation = list(range(len(rows)))
        for column in reversed(columns):
            permutation.sort(key=column.__getitem__, reverse=True)  # stable
        ordered = [rows[p] for p in permutation]
        keys = list(zip(*[[column[p] for p in permutation] for column in columns]))

        start = 0
        separator: str | None = None
        total = len(ordered)
        for i in range(1, total + 1):
            if i < total:
                if keys[i] == keys[i - 1]:
                    continue
                differs = next(c for c, (new, old) in enumerate(zip(keys[i], keys[i - 1])) if new != old)
            first = len(out_rows)
            if i - start == 1:
                out_rows.append(ordered[start])
                out_separated.append(separator)
                out_tied.append(False)
            else:
                self.order(ordered[start:i], rest)
                out_separated[first] = separator
            if i < total:
                separator = used[differs].key
                start = i


def compute_standings(
    registration_ids: Iterable[int],
    matches: Iterable[MatchRecord],
    *,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    active: Container[int] | None = None,
    draw_order: Mapping[int, int] | None = None,
) -> tuple[Standing, ...]:
    """Rank every registration by match points and the tiebreakers.

    Shapes: ``registration_ids`` holds every registration of the event,
    dropped and disqualified ones included (they keep their results and are
    ranked like anyone else, with ``active=False``), any order.
    ``matches`` holds every finished Swiss match and bye, any order.
    ``tiebreakers`` is the ordered list of :data:`REGISTRY` keys.
    ``active`` is the set of registrations still playing (``None``: all).
    ``draw_order`` maps a registration id to its place in the event's
    recorded seeded draw; ids missing from it come after those present.

    Returns one :class:`Standing` per registration, best first. ``rank`` is
    the 1-based position, shared by a technical tie (1, 2, 2, 4); rows of a
    technical tie are ordered by ``draw_order`` then by id and carry
    ``technical_tie=True``. ``separated_by`` is the key of the criterion
    that put the row below the row above (``None`` for row 1 and for a row
    level with the row above). ``head_to_head`` is the balance used when
    that criterion was applied to the row's group, else 0. Points are match
    points (floats in steps of 0.5).

    Buchholz uses the opponents' points over ``matches`` (pass every match so
    far: current points during the event, final points at the end;
    RULES-TRACE.md ambiguity 2).

    Raises :class:`PairingError` (``"unknown_tiebreaker"``,
    ``"duplicate_tiebreaker"``) for a bad tiebreaker list and
    :class:`SwissInvariantError` for inconsistent matches (see
    :func:`compute_totals`).

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo se calculan los puntos en un
    torneo suizo?", § "1- Puntaje total." to § "6- Técnico."; Default:
    DESIGN.md decisions 1, 2, 3 and 11.
    """
    criteria = validate_tiebreakers(tiebreakers)
    table = compute_totals(registration_ids, matches)
    ids = table.registration_ids
    order = draw_order or {}

    def draw_key(row: int) -> tuple[int, int, int]:
        rid = ids[row]
        position = order.get(rid)
        return (0, position, rid) if position is not None else (1, 0, rid)

    ranking = _Ranking(table, draw_key)
    if ids:
        ranking.order(list(range(len(ids))), criteria)
    rows = ranking.rows
    tied = ranking.tied
    total = len(rows)
    if not total:
        return ()
    ranks = []
    rank = 0
    for position, level in enumerate(tied, start=1):
        if not level:
            rank = position
        ranks.append(rank)
    technical = [level or after for level, after in zip(tied, tied[1:] + [False])]
    separated = [None if level else key for key, level in zip(ranking.separated_by, tied)]
    gather = itemgetter(*rows) if total > 1 else (lambda column: (column[rows[0]],))
    ordered_ids = gather(ids)
    wins = gather(table.wins)
    draws = gather(table.draws)
    losses = gather(table.losses)
    group_values = ranking.group_values
    return tuple(
        map(
            Standing,
            ranks,
            ordered_ids,
            gather(table.match_points),
            wins,
            draws,
            losses,
            gather(table.byes),
            gather(table.buchholz),
            [group_values.get(row, 0) for row in rows],
            gather(table.game_wins),
            gather(table.game_losses),
            gather(table.game_draws),
            [won + drawn + lost for won, drawn, lost in zip(wins, draws, losses)],
            [True] * total if active is None else [rid in active for rid in ordered_ids],
            separated,
            technical,
        )
    )
