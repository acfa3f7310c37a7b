"""Benchmark of «¿me alcanza con empatar?» (:func:`tournaments.swiss.cutline.cut_outlook`).

Run from the repository root::

    .venv/bin/python benchmarks/cutline.py [--sizes 256,1024,4096] [--repeat 5] [--seed 29] [--drop 0.005]

For each field size N it plays a seeded Swiss event (the core's pairing, random results with about
5 % draws and 0.5 % drops a round unless told) up to the start of the last round and of the round before it, pairs
that round (every table pending) and times one call that answers every active player for a win, a
draw and a loss of their own table, with a cut of 8 (16 above 1,024 players). Prints the median and
the worst of the repeats, and how many answers of each kind came out. Nothing here is a test; the
figures go to benchmarks/RESULTS.md.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.swiss.cutline import PendingTable, cut_outlook  # noqa: E402
from tournaments.swiss.pairing import pair_round, rounds_for  # noqa: E402
from tournaments.swiss.standings import compute_totals  # noqa: E402
from tournaments.swiss.types import MatchRecord  # noqa: E402


def play(size: int, rounds: int, rng: random.Random, drop: float):
    """Records of ``rounds`` played rounds, the active set, and the pairings of the next round."""
    ids = list(range(1, size + 1))
    active = set(ids)
    records: list[MatchRecord] = []
    for number in range(1, rounds + 2):
        pairing = pair_round(number, sorted(active), records, rng=rng)
        if number == rounds + 1:
            return records, active, pairing
        for p in pairing.pairings:
            if p.player_b is None:
                records.append(MatchRecord(number, p.player_a, None, 2, 0))
                continue
            roll = rng.random()
            games = (1, 1) if roll < 0.05 else (2, 0) if roll < 0.525 else (0, 2)
            records.append(MatchRecord(number, p.player_a, p.player_b, *games))
        for rid in sorted(active):
            if rng.random() < drop:
                active.discard(rid)
    raise AssertionError("unreachable")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="256,1024,4096")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--drop", type=float, default=0.005)
    args = parser.parse_args()
    print(f"{'players':>8} {'round':>9} {'cut':>4} {'median ms':>10} {'max ms':>8}  answers (G/P/X of 3 per player)")
    for size in [int(s) for s in args.sizes.split(",")]:
        total = rounds_for(size)
        cut = 8 if size <= 1024 else 16
        for left in (0, 1):
            rng = random.Random(args.seed + size + left)
            records, active, pairing = play(size, total - 1 - left, rng, args.drop)
            totals = compute_totals(range(1, size + 1), records)
            points = dict(zip(totals.registration_ids, totals.match_points))
            pending = []
            for p in pairing.pairings:
                if p.player_b is None:
                    points[p.player_a] += 1.0
                else:
                    pending.append(PendingTable(p.table_number, p.player_a, p.player_b))
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                got = cut_outlook(points, active, cut_size=cut, rounds_left=left, pending=pending)
                times.append(time.perf_counter() - start)
            counts = {"guaranteed": 0, "possible": 0, "out": 0}
            for outlook in got.values():
                for verdict in (outlook.win, outlook.draw, outlook.loss):
                    if verdict is not None:
                        counts[verdict.status.value] += 1
            label = f"{total - left}/{total}"
            print(f"{len(active):>8} {label:>9} {cut:>4} {statistics.median(times) * 1000:>10.1f} "
                  f"{max(times) * 1000:>8.1f}  {counts['guaranteed']}/{counts['possible']}/{counts['out']}")


if __name__ == "__main__":
    main()
