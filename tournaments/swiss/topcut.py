"""Top cut ("Reducido"): the single-elimination bracket after the Swiss rounds.

Terms (000_0014b2ac83da54b4.txt § "¿Cómo funciona un torneo suizo?": the
best players reach "una siguiente ronda de Reducido de Eliminación
Directa"; DESIGN.md decision 6):

- *cut size*: 4, 8 or 16 players, the top active rows of the final
  standings (dropped or disqualified players are skipped; the next moves up).
- *seed*: 1-based place of a player among those rows (seed 1 = best Swiss
  rank). Technical ties are already ordered by the recorded draw in the
  standings (DESIGN.md decision 11).
- *stage*: counts down to the final: 4 = round of 16, 3 = quarterfinals,
  2 = semifinals, 1 = final, 0 = the optional third-place match.
- *slot*: 1-based match number inside a stage. The winners of slots
  ``2k - 1`` and ``2k`` meet in slot ``k`` of the next stage.
- *winners*: a mapping ``(stage, slot) -> registration id`` of decided
  matches; one mapping can hold the whole bracket.

Standard seeding keeps the best seeds apart: 4 -> 1v4, 2v3; 8 -> 1v8, 4v5,
2v7, 3v6; so seeds 1 and 2 can only meet in the final.

A single-elimination event (:func:`seed_knockout`) uses the same bracket for
any count: the bracket is the next power of two and the missing seeds are
*byes* (``player_b`` ``None``), so the top seeds get them — 6 players: 1 and
2 wait for the winners of 4v5 and 3v6. A bye match is decided without an
entry in ``winners``: its player goes on (DESIGN.md decision 22).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from .errors import PairingError
from .types import BracketMatch, Podium, Standing

CUT_SIZES: tuple[int, ...] = (4, 8, 16)
"""Allowed cut sizes (Default: DESIGN.md decision 6)."""

THIRD_PLACE_STAGE = 0
FINAL_STAGE = 1
SEMIFINAL_STAGE = 2

Winners = Mapping[tuple[int, int], int]
"""``(stage, slot) -> winning registration id``."""

__all__ = [
    "CUT_SIZES",
    "Winners",
    "bracket_order",
    "is_bye",
    "knockout_size",
    "next_stage",
    "podium",
    "seed_bracket",
    "seed_knockout",
]


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order; consecutive pairs are the first-stage matches.

    ``bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)``. Each step doubles the
    bracket and puts seed ``s`` against ``2 * len + 1 - s``, so the sum of
    every first-stage match is ``size + 1`` and seeds 1 and 2 sit in
    opposite halves. Raises :class:`PairingError` ``"bad_cut_size"`` unless
    ``size`` is in :data:`CUT_SIZES`.

    Default: DESIGN.md decision 6 (top 4 seeded 1v4, 2v3; standard
    seeding for 8 and 16).
    """
    if size not in CUT_SIZES:
        raise PairingError("bad_cut_size", f"cut size must be one of {CUT_SIZES}, not {size}")
    return _standard_order(size)


def _standard_order(size: int) -> tuple[int, ...]:
    """:func:`bracket_order` for any power of two ``size`` >= 2."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return tuple(order)


def seed_bracket(standings: Sequence[Standing], size: int) -> tuple[BracketMatch, ...]:
    """First stage of the top cut from the final standings.

    Shapes: ``standings`` is the final standings, best first (the order of
    :func:`tournaments.swiss.standings.compute_standings`, technical ties
    already ordered by the recorded draw). The top ``size`` rows with
    ``active=True`` are the cut, seeded 1..``size`` in that order. Returns
    ``size // 2`` matches of stage ``log2(size)``, slots 1.. in bracket
    order, the better seed as ``player_a``.

    Raises :class:`PairingError` ``"bad_cut_size"`` for a size not in
    :data:`CUT_SIZES` and ``"too_few_for_cut"`` with fewer than ``size``
    active rows.

    Rule: 000_0014b2ac83da54b4.txt § "¿Cómo funciona un torneo suizo?"
    (R-000-63); Default: DESIGN.md decision 6 (4, 8 or 16; 1v4, 2v3),
    DESIGN.md decision 10 (a disqualified player is dropped).
    """
    order = bracket_order(size)
    cut: list[int] = []
    for row in standings:
        if row.active:
            cut.append(row.registration_id)
            if len(cut) == size:
                break
    if len(cut) < size:
        raise PairingError("too_few_for_cut", f"a top {size} needs {size} active players, {len(cut)} remain")
    stage = size.bit_length() - 1
    return tuple(
        BracketMatch(
            stage=stage,
            slot=slot,
            player_a=cut[order[2 * slot - 2] - 1],
            player_b=cut[order[2 * slot - 1] - 1],
            seed_a=order[2 * slot - 2],
            seed_b=order[2 * slot - 1],
        )
        for slot in range(1, size // 2 + 1)
    )


def knockout_size(count: int) -> int:
    """The bracket of a single-elimination event of ``count`` players: the next power of two.

    ``knockout_size(6) == 8``, ``knockout_size(8) == 8``. Raises
    :class:`PairingError` ``"too_few_for_knockout"`` below 2.
    """
    if count < 2:
        raise PairingError("too_few_for_knockout", f"a knockout needs at least 2 players, not {count}")
    return 1 << (count - 1).bit_length()


def seed_knockout(players: Sequence[int]) -> tuple[BracketMatch, ...]:
    """First stage of a single-elimination event, byes to the top seeds.

    Shapes: ``players`` registration ids, seed 1 first (the caller's order:
    registration order, ties by the recorded draw). The bracket is
    :func:`knockout_size` places in :func:`bracket_order`; a seed beyond
    ``len(players)`` is a bye, so the match of a top seed has ``player_b``
    ``None`` (``seed_b`` ``None``). Returns ``size // 2`` matches of stage
    ``log2(size)``, slots 1.. in bracket order, the better seed as
    ``player_a``. 6 players: slots (1 v bye), (4 v 5), (2 v bye), (3 v 6).

    Raises :class:`PairingError` ``"too_few_for_knockout"`` below 2 players
    and ``"duplicate_player"`` for a repeated id.

    Default: DESIGN.md decision 22 (byes to the top seeds), decision 6
    (standard bracket order).
    """
    if len(set(players)) != len(players):
        raise PairingError("duplicate_player", "a player appears twice in the bracket")
    size = knockout_size(len(players))
    order = _standard_order(size)
    stage = size.bit_length() - 1

    def side(seed: int) -> tuple[int | None, int | None]:
        return (players[seed - 1], seed) if seed <= len(players) else (None, None)

    matches = []
    for slot in range(1, size // 2 + 1):
        (a, seed_a), (b, seed_b) = side(order[2 * slot - 2]), side(order[2 * slot - 1])
        matches.append(BracketMatch(stage=stage, slot=slot, player_a=a, player_b=b, seed_a=seed_a, seed_b=seed_b))
    return tuple(matches)


def is_bye(match: BracketMatch) -> bool:
    """Whether ``match`` has exactly one player (a bye: that player goes on)."""
    return (match.player_a is None) != (match.player_b is None)


def _winner_and_loser(match: BracketMatch, winners: Winners) -> tuple[tuple[int, int | None], tuple[int, int | None]]:
    """``((winner id, seed), (loser id, seed))`` of a decided match.

    A bye is decided by itself: its player wins and the loser is ``(None,
    None)``. Raises :class:`PairingError` ``"missing_winner"`` when
    ``winners`` has no entry for the match and ``"bad_winner"`` when it
    names someone else (or the match has no player at all).
    """
    winner = winners.get((match.stage, match.slot))
    if is_bye(match):
        present = (match.player_a, match.seed_a) if match.player_a is not None else (match.player_b, match.seed_b)
        if winner is not None and winner != present[0]:
            raise PairingError("bad_winner", f"{winner} did not play stage {match.stage} slot {match.slot}")
        return present, (None, None)
    if winner is None:
        raise PairingError("missing_winner", f"stage {match.stage} slot {match.slot} has no winner yet")
    if match.player_a is None or match.player_b is None:
        raise PairingError("bad_winner", f"stage {match.stage} slot {match.slot} is missing a player")
    side_a = (match.player_a, match.seed_a)
    side_b = (match.player_b, match.seed_b)
    if winner == match.player_a:
        return side_a, side_b
    if winner == match.player_b:
        return side_b, side_a
    raise PairingError("bad_winner", f"{winner} did not play stage {match.stage} slot {match.slot}")


_Side = tuple[int, int | None]  # (registration id, seed)
_UNSEEDED = 1 << 30


def _seed_key(side: _Side) -> tuple[int, int]:
    """Better seed first; an unseeded player after every seeded one, then by id."""
    player, seed = side
    return (seed if seed is not None else _UNSEEDED, player)


def _better_first(standings: Sequence[Standing] | None) -> Callable[[_Side], tuple[int, int]]:
    """Sort key putting the better seed first.

    With ``standings`` (for brackets stored without seeds) "better" is
    earlier in the standings; otherwise the seed carried by the match.
    """
    if standings is None:
        return _seed_key
    place = {row.registration_id: i for i, row in enumerate(standings)}

    def key(side: _Side) -> tuple[int, int]:
        return (place.get(side[0], _UNSEEDED), side[0])

    return key


def _pair(stage: int, slot: int, first: _Side, second: _Side, key: Callable[[_Side], tuple[int, int]]) -> BracketMatch:
    """A match with the better seed as ``player_a``; a missing side (``None``) makes it a bye."""
    if first[0] is None or second[0] is None:
        high, low = (second, first) if first[0] is None else (first, second)
        return BracketMatch(stage=stage, slot=slot, player_a=high[0], player_b=None, seed_a=high[1], seed_b=None)
    high, low = sorted((first, second), key=key)
    return BracketMatch(stage=stage, slot=slot, player_a=high[0], player_b=low[0], seed_a=high[1], seed_b=low[1])


def next_stage(
    matches: Sequence[BracketMatch],
    winners: Winners,
    *,
    third_place_match: bool = False,
    standings: Sequence[Standing] | None = None,
) -> tuple[BracketMatch, ...]:
    """The next stage of the bracket from the finished current one.

    Shapes: ``matches`` is every match of the current stage (stage >= 2),
    any order; ``winners`` maps ``(stage, slot)`` to the winning
    registration id and must decide each of them (extra entries for other
    stages are ignored). Returns the next stage's matches, slot ``k`` =
    winner of slot ``2k - 1`` against winner of slot ``2k``, the better seed
    as ``player_a``, sorted by slot. After the semifinals with
    ``third_place_match=True`` a stage-0 match between the two semifinal
    losers (better seed as ``player_a``) comes last. "Better seed" is the
    lower ``seed_a``/``seed_b`` carried by the matches, or, when
    ``standings`` (the final Swiss standings) is given, the earlier row:
    pass it for brackets stored without seeds. Seeds are copied through.

    Raises :class:`PairingError` ``"bad_bracket"`` when ``matches`` is not
    one complete stage (mixed stages, missing or repeated slots),
    ``"bracket_finished"`` when given the final or the third-place match,
    and ``"missing_winner"`` / ``"bad_winner"`` for an undecided match or a
    winner who did not play it.

    Default: DESIGN.md decision 6 (third place by Swiss rank unless the
    event turns on a third-place match).
    """
    if not matches:
        raise PairingError("bad_bracket", "no matches given")
    stage = matches[0].stage
    if any(match.stage != stage for match in matches):
        raise PairingError("bad_bracket", "matches of different stages given together")
    if stage <= FINAL_STAGE:
        raise PairingError("bracket_finished", f"stage {stage} has no next stage")
    by_slot = {match.slot: match for match in matches}
    expected = 1 << (stage - 1)
    if len(by_slot) != len(matches) or sorted(by_slot) != list(range(1, expected + 1)):
        raise PairingError("bad_bracket", f"stage {stage} needs slots 1..{expected} exactly once")
    results = {slot: _winner_and_loser(match, winners) for slot, match in by_slot.items()}
    key = _better_first(standings)
    following = [
        _pair(stage - 1, k, results[2 * k - 1][0], results[2 * k][0], key) for k in range(1, expected // 2 + 1)
    ]
    semifinal_losers = (results[1][1], results[2][1]) if stage == SEMIFINAL_STAGE else ()
    if third_place_match and any(loser[0] is not None for loser in semifinal_losers):
        # a semifinal that was a bye has no loser: the other loser takes the third-place match as a bye
        following.append(_pair(THIRD_PLACE_STAGE, 1, results[1][1], results[2][1], key))
    return tuple(following)


def podium(
    matches: Iterable[BracketMatch], winners: Winners, *, standings: Sequence[Standing] | None = None
) -> Podium:
    """First, second and third place from the decided bracket.

    Shapes: ``matches`` holds at least the semifinals (stage 2) and the
    final (stage 1), plus the third-place match (stage 0) when one was
    played; other stages are ignored. ``winners`` maps ``(stage, slot)`` to
    the winning registration id.

    1st is the winner of the final, 2nd its loser. 3rd is the winner of the
    third-place match when there is one (``third_decided_by=
    "third_place_match"``), otherwise the semifinal loser with the better
    seed, i.e. the better Swiss rank (``"swiss_rank"``): the lower seed
    carried by the matches or, when ``standings`` (the final Swiss
    standings) is given, the earlier row.

    A bye (a match with one player, :func:`is_bye`) is decided by itself:
    a semifinal bye has no loser, so third place is the other semifinal's
    loser (or nobody).

    Raises :class:`PairingError` ``"bracket_unfinished"`` when the final,
    the semifinals or a listed third-place match is missing or undecided,
    and ``"bad_winner"`` for a winner who did not play the match.

    Rule: 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas" ("los vencedores en el podio de 3", R-000-80); Default:
    DESIGN.md decision 6.
    """
    by_stage: dict[int, list[BracketMatch]] = {}
    for match in matches:
        by_stage.setdefault(match.stage, []).append(match)
    finals = by_stage.get(FINAL_STAGE, [])
    semifinals = sorted(by_stage.get(SEMIFINAL_STAGE, []), key=lambda match: match.slot)
    third_place = by_stage.get(THIRD_PLACE_STAGE, [])
    def decided(match: BracketMatch) -> bool:
        return (match.stage, match.slot) in winners or is_bye(match)

    if len(finals) != 1 or not decided(finals[0]):
        raise PairingError("bracket_unfinished", "the final is missing or undecided")
    if len(semifinals) != 2 or not all(decided(m) for m in semifinals):
        raise PairingError("bracket_unfinished", "the semifinals are missing or undecided")
    (first, _), (second, _) = _winner_and_loser(finals[0], winners)
    if third_place:
        if len(third_place) != 1 or not decided(third_place[0]):
            raise PairingError("bracket_unfinished", "the third-place match is undecided")
        (third, _), _ = _winner_and_loser(third_place[0], winners)
        return Podium(first=first, second=second, third=third, third_decided_by="third_place_match")
    losers = [loser for loser in (_winner_and_loser(match, winners)[1] for match in semifinals) if loser[0] is not None]
    third = min(losers, key=_better_first(standings))[0] if losers else None
    return Podium(first=first, second=second, third=third, third_decided_by="swiss_rank")


def podium_without(
    played: Sequence[int | None], candidates: Iterable[int], excluded: Iterable[int], *,
    decided_by: str = "swiss_rank",
) -> Podium:
    """The podium with ``excluded`` players (disqualified) removed and the next moved up.

    Shapes: ``played`` is the podium as played (first, second, third; empty
    for an event without a top cut), ``candidates`` the players who may move
    up, best first (the other top-cut players by Swiss rank, then the whole
    standings; for an event without a cut, its standings rows of active
    players). Registration ids; places nobody can fill are ``None``.
    ``third_decided_by`` is ``"disqualification"`` when an excluded player
    was taken off a played podium, ``decided_by`` (how the played third
    place was decided) otherwise.

    Rule: DESIGN.md decision 10 (a disqualified player earns no podium);
    RULES-TRACE ambiguity 13; 000_0014b2ac83da54b4.txt § "10.1. Desarrollo
    de las Rondas Suizas" ("el podio de 3", R-000-80).
    """
    excluded = set(excluded)
    chosen: list[int] = []
    for player in [p for p in played if p is not None] + list(candidates):
        if player not in excluded and player not in chosen:
            chosen.append(player)
        if len(chosen) == 3:
            break
    chosen += [None] * (3 - len(chosen))
    if played and excluded.intersection(p for p in played if p is not None):
        return Podium(first=chosen[0], second=chosen[1], third=chosen[2], third_decided_by="disqualification")
    return Podium(first=chosen[0], second=chosen[1], third=chosen[2], third_decided_by=decided_by)


def final_order(
    ranking: Sequence[int], podium: Podium, *, eliminated_at: Mapping[int, int] | None = None,
    excluded: Iterable[int] = (),
) -> tuple[int, ...]:
    """Every player of a finished event in final order (registration ids).

    Shapes: ``ranking`` is the Swiss (or pod) standings order, best first;
    ``podium`` the event's podium (disqualified players already skipped);
    ``eliminated_at`` maps a top-cut player to the stage they lost in (2
    semifinal, 3 quarterfinal, 4 round of 16; the third-place match does not
    count); ``excluded`` are the disqualified, listed last in Swiss order.

    Order: the podium; then the other semifinal loser; then the losers of
    each earlier stage, a stage at a time, by Swiss rank; then everyone else
    by Swiss rank; then the excluded.

    Rule: DESIGN.md decision 20 (and 6 for third place, 10 for the
    disqualified); 000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas" ("el podio de 3", R-000-80).
    """
    excluded = set(excluded)
    eliminated_at = dict(eliminated_at or {})
    position = {player: index for index, player in enumerate(ranking)}
    order: list[int] = [p for p in podium.as_tuple() if p is not None]
    seen = set(order)
    for stage in sorted(set(eliminated_at.values())):
        losers = [p for p, lost in eliminated_at.items() if lost == stage and p not in seen and p not in excluded]
        for player in sorted(losers, key=lambda p: position.get(p, 1 << 30)):
            order.append(player)
            seen.add(player)
    order += [p for p in ranking if p not in seen and p not in excluded]
    order += [p for p in ranking if p in excluded and p not in seen]
    return tuple(order)
