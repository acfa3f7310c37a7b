"""Benchmark of the Swiss core: pairing and standings on synthetic events.

Run from the repository root::

    .venv/bin/python benchmarks/pairing.py [--sizes 256,1024,4096,8192,16384]
        [--repeat 3] [--seed 2024] [--baseline-sizes 256,1024]

For each field size N it plays ``rounds_for(N)`` seeded rounds: round 1 is
random, later rounds are paired by :func:`tournaments.swiss.pairing.pair_round`
with the standings given (as the service does after publishing them);
results are random with about 5 % draws, and about 2 % of the active players
drop after each round. Per size it prints the median over the repeats of:

- pair: median and max time to pair one round (standings given);
- pair+st: max time of standings + pairing of one round (pairing straight
  from the history);
- standings: time of ``compute_standings`` after the last round;
- rematches and cross-group pairings over the whole event.

The baseline, measured in the same run on the last round of the first
repeat, is one maximum-weight matching (rustworkx) over the *complete*
rematch-free graph of the field with the same cost function; it gives the
exact optimum, so the table also shows our cost over the optimum. It is
skipped above 1,024 players: the complete graph has N^2/2 edges (8.4
million at 4,096: gigabytes of Python tuples and minutes of matching).

Nothing here is a test; the figures go to benchmarks/RESULTS.md.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rustworkx as rx  # noqa: E402

from tournaments.swiss.pairing import pair_round, played_pairs, rounds_for  # noqa: E402
from tournaments.swiss.standings import compute_standings  # noqa: E402
from tournaments.swiss.types import MatchRecord, Outcome, RoundPairings, Standing  # noqa: E402

DRAW_RATE = 0.05
DROP_RATE = 0.02


@dataclass
class Run:
    """Figures of one simulated event."""

    pair_times: list[float] = field(default_factory=list)
    pair_with_standings: list[float] = field(default_factory=list)
    final_standings: float = 0.0
    rematches: int = 0
    cross_group: int = 0
    pairings: int = 0
    last_round: tuple[list[int], Standing, RoundPairings, list[MatchRecord]] | None = None


def play(rng: random.Random, result: RoundPairings) -> list[MatchRecord]:
    """Random results: ~5 % draws (1-1), otherwise 2-0 or 2-1 either way."""
    records = []
    for p in result.pairings:
        if p.player_b is None:
            records.append(MatchRecord(result.round_number, p.player_a, None, 2, 0, 0, Outcome.BYE))
        elif rng.random() < DRAW_RATE:
            records.append(MatchRecord(result.round_number, p.player_a, p.player_b, 1, 1))
        elif rng.random() < 0.5:
            records.append(MatchRecord(result.round_number, p.player_a, p.player_b, 2, rng.randrange(2)))
        else:
            records.append(MatchRecord(result.round_number, p.player_a, p.player_b, rng.randrange(2), 2))
    return records


def simulate(players: int, seed: int) -> Run:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    active = list(ids)
    history: list[MatchRecord] = []
    run = Run()
    standings: tuple[Standing, ...] | None = None
    rounds = rounds_for(players)
    for round_number in range(1, rounds + 1):
        standings_time = 0.0
        if history:
            start = time.perf_counter()
            standings = compute_standings(ids, history, active=set(active))
            standings_time = time.perf_counter() - start
        round_rng = random.Random(rng.randrange(2**32))
        start = time.perf_counter()
        result = pair_round(round_number, active, history, rng=round_rng, standings=standings)
        elapsed = time.perf_counter() - start
        run.pair_times.append(elapsed)
        run.pair_with_standings.append(elapsed + standings_time)
        run.rematches += result.rematches
        run.cross_group += result.cross_group
        run.pairings += sum(1 for p in result.pairings if not p.is_bye)
        if round_number == rounds:
            run.last_round = (list(active), standings, result, list(history))
        history += play(rng, result)
        active = [p for p in active if rng.random() >= DROP_RATE]
    start = time.perf_counter()
    compute_standings(ids, history, active=set(active))
    run.final_standings = time.perf_counter() - start
    return run


def cost(order: list[int], scores: dict[int, int], pairs: list[tuple[int, int]]) -> int:
    """Total pairing cost: K * (score difference in half-points)^2 + rank distance."""
    position = {rid: i for i, rid in enumerate(order)}
    k = len(order) ** 2
    return sum(k * (scores[a] - scores[b]) ** 2 + abs(position[a] - position[b]) for a, b in pairs)


def baseline(last_round: tuple) -> dict[str, float]:
    """Complete-graph blossom on the last round, same bye as ours."""
    active, standings, ours, history = last_round
    active_set = set(active)
    order = [row.registration_id for row in standings if row.registration_id in active_set]
    scores = {row.registration_id: round(row.match_points * 2) for row in standings}
    if ours.bye is not None:
        order.remove(ours.bye)
    met = played_pairs(history)
    n = len(order)
    k = n * n
    start = time.perf_counter()
    edges = []
    for i in range(n):
        a = order[i]
        for j in range(i + 1, n):
            b = order[j]
            if (min(a, b), max(a, b)) in met:
                continue
            edges.append((i, j, k * (scores[a] - scores[b]) ** 2 + (j - i)))
    offset = max(c for _, _, c in edges) + 1
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from([(i, j, offset - c) for i, j, c in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    elapsed = time.perf_counter() - start
    best = [(order[i], order[j]) for i, j in matching]
    ours_pairs = [(p.player_a, p.player_b) for p in ours.pairings if not p.is_bye]
    return {
        "time": elapsed,
        "cost_ratio": cost(order, scores, ours_pairs) / max(1, cost(order, scores, best)),
        "cross_ours": sum(scores[a] != scores[b] for a, b in ours_pairs),
        "cross_best": sum(scores[a] != scores[b] for a, b in best),
        "edges": len(edges),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="256,1024,4096,8192,16384")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--baseline-sizes", default="256,1024")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    baseline_sizes = {int(s) for s in args.baseline_sizes.split(",") if s}

    print(f"# {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"rustworkx {rx.__version__}, repeat {args.repeat}, seed {args.seed}")
    header = (
        f"{'players':>7} {'rounds':>6} {'pair med':>9} {'pair max':>9} {'pair+st max':>11} "
        f"{'standings':>9} {'rematches':>9} {'cross':>6} {'pairings':>9}"
    )
    print(header)
    rows = []
    for players in sizes:
        runs = [simulate(players, args.seed + r) for r in range(args.repeat)]
        row = {
            "players": players,
            "rounds": rounds_for(players),
            "pair_median": statistics.median(statistics.median(r.pair_times) for r in runs),
            "pair_max": statistics.median(max(r.pair_times) for r in runs),
            "pair_st_max": statistics.median(max(r.pair_with_standings) for r in runs),
            "standings": statistics.median(r.final_standings for r in runs),
            "rematches": statistics.median(r.rematches for r in runs),
            "cross": statistics.median(r.cross_group for r in runs),
            "pairings": statistics.median(r.pairings for r in runs),
        }
        if players in baseline_sizes and runs[0].last_round is not None:
            base = baseline(runs[0].last_round)
            row["baseline"] = base
            row["ours_last"] = runs[0].pair_times[-1]
        rows.append(row)
        print(
            f"{players:>7} {row['rounds']:>6} {row['pair_median']:>9.4f} {row['pair_max']:>9.4f} "
            f"{row['pair_st_max']:>11.4f} {row['standings']:>9.4f} {row['rematches']:>9} "
            f"{row['cross']:>6} {row['pairings']:>9}",
            flush=True,
        )
    print()
    print("# baseline: complete rematch-free graph, one rustworkx blossom, last round (seconds)")
    for row in rows:
        if "baseline" in row:
            base = row["baseline"]
            print(
                f"{row['players']:>7} players: full graph {base['time']:.3f} s ({base['edges']} edges), "
                f"ours {row['ours_last']:.4f} s, time ours/baseline {row['ours_last'] / base['time']:.4f}, "
                f"cost ours/optimum {base['cost_ratio']:.4f}, cross-group ours {base['cross_ours']} "
                f"vs optimum {base['cross_best']}"
            )
        else:
            print(f"{row['players']:>7} players: baseline skipped (complete graph of {row['players']} players has "
                  f"{row['players'] * (row['players'] - 1) // 2:,} edges)")


if __name__ == "__main__":
    main()
