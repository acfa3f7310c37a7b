"""Render time and size of each printed document for 64, 1,024 and 8,192 players.

Times only the pure renderers of ``tournaments/pdf/`` on synthetic sheets
(the database side — one round's pairings and standings — is a few queries
and is timed by the pairing benchmark). Every document is rendered
``--repeat`` times; the median and the fastest run are printed, with the
page count and the size of the file. The sheet is a Swiss round 5 with
accented Spanish names, a bye when the field is odd, standings with every
tiebreak column and a top-16 bracket with results (its size does not depend
on the field).

    .venv/bin/python benchmarks/pdf.py                 # 64, 1,024 and 8,192 players, 3 runs each
    .venv/bin/python benchmarks/pdf.py --sizes 64 --repeat 5 --out /tmp/pdfs   # also keep the files

Then the QR matrix of one slip (median over ``--qr-calls`` distinct slip URLs)
and one line per target of issue "Fast under a crowd" (item 5): met, or by
how much it falls short. A target whose field size was not run is skipped.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import reportlab  # noqa: E402

from tournaments.pdf import (  # noqa: E402
    BracketRenderer,
    PairingsByNameRenderer,
    PairingsByTableRenderer,
    ResultSlipsRenderer,
    StandingsRenderer,
    register_fonts,
)
from tournaments.pdf.data import (  # noqa: E402
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
    posting_rows,
)
from tournaments.pdf.slips import qr_matrix  # noqa: E402
from tournaments.swiss.topcut import bracket_order  # noqa: E402

FIRST = ("Agustín", "Ángela", "Belén", "Joaquín", "José", "Lucía", "María", "Martín", "Ñandú", "Renée",
         "Sofía", "Tomás", "Úrsula", "Valentín", "Zoë", "Iñaki", "Mónica", "Germán", "Inés", "Ramón")
LAST = ("Álvarez", "Benítez", "Díaz", "Fernández", "Gómez", "González", "Ibáñez", "Muñoz", "Núñez",
        "Pérez", "Rodríguez", "Sánchez", "Güemes", "Peña", "Echeverría Sáenz Valiente", "Saldías")
VENUES = ("Sede Palermo", "Sede Córdoba Centro", "La Cueva del Dragón", "Sede Ñuñoa", "Sede Mendoza")
HEADER = SheetHeader(
    event_name="Super Liga — Fecha 7 · Córdoba",
    date_text="sábado 3 de febrero de 2024",
    venue_text="Sede Córdoba Centro (Córdoba)",
    game_name="Weed Monsters TCG",
    round_label="Ronda 5",
    generated_text="Generado el 03/02/2024 a las 14:05",
)


def field(size: int, rng: random.Random) -> list[tuple[str, str, str]]:
    return [(f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"WM-{i:05d}", rng.choice(VENUES))
            for i in range(1, size + 1)]


def sheets(size: int, seed: int = 2024) -> dict[str, tuple[type, object]]:
    """One synthetic sheet per document for ``size`` players."""
    rng = random.Random(seed)
    players = field(size, rng)
    points = [rng.choice((0, 1, 1.5, 2, 2.5, 3, 4)) for _ in players]
    tables = [
        TableRow(match_id=10_000 + i, table=i // 2 + 1, player_a=players[i][0], number_a=players[i][1],
                 player_b=players[i + 1][0], number_b=players[i + 1][1], points_a=points[i], points_b=points[i + 1])
        for i in range(0, size - 1, 2)
    ]
    if size % 2:
        tables.append(TableRow(match_id=9_999, table=None, player_a=players[-1][0], number_a=players[-1][1],
                               points_a=points[-1], is_bye=True))
    slips = tuple(
        TableSlip(row.table,
                  (SlipSeat(1, row.player_a, row.number_a), SlipSeat(2, row.player_b or "", row.number_b or "")),
                  f"http://127.0.0.1:8000/juez/eventos/1/rondas/5/mesas/{row.table}/")
        for row in tables if not row.is_bye
    )
    ranked = sorted(zip(players, points), key=lambda item: -item[1])
    standings = tuple(
        StandingLine(rank=rank, name=name, number=number, venue=venue, note="abandonó" if rank % 37 == 0 else "",
                     cells=games_cells(match_points=pts, wins=int(pts), draws=int(pts * 2) % 2,
                                       losses=max(0, 4 - int(pts)), buchholz=rng.choice((7.5, 8, 9.5, 10, 11.5)),
                                       head_to_head=rng.choice((-1, 0, 0, 1)), game_differential=rng.randint(-8, 8)))
        for rank, ((name, number, venue), pts) in enumerate(ranked, start=1)
    )
    cut = [name for (name, _n, _v), _p in ranked[:16]]
    sides = [(cut[seed - 1], seed) for seed in bracket_order(16)]
    boxes, stage = [], 4
    while len(sides) > 1:
        winners = []
        for slot in range(1, len(sides) // 2 + 1):
            a, b = sides[2 * slot - 2], sides[2 * slot - 1]
            a_wins = rng.random() < 0.6
            boxes.append(BracketBox(stage, slot, BracketSide(a[0], a[1], 2 if a_wins else 1, a_wins),
                                    BracketSide(b[0], b[1], 1 if a_wins else 2, not a_wins), table=slot))
            winners.append(a if a_wins else b)
        sides, stage = winners, stage - 1
    return {
        "por mesa": (PairingsByTableRenderer, PairingSheet(HEADER, tuple(tables))),
        "por nombre": (PairingsByNameRenderer, PostingSheet(HEADER, posting_rows(tables))),
        "planillas": (ResultSlipsRenderer, SlipSheet(HEADER, slips)),
        "posiciones": (StandingsRenderer,
                       StandingsSheet(HEADER, "Posiciones tras la ronda 4", standings, games_layout())),
        "llave (top 16)": (BracketRenderer, BracketSheet(HEADER, 16, tuple(boxes), champion=sides[0][0])),
    }


#: Targets: (label, what is summed, players, limit in seconds).
TARGETS = (
    ("pairings by table, 8,192 players", ("por mesa",), 8192, 1.0),
    ("pairings by table + result slips, 1,024 players", ("por mesa", "planillas"), 1024, 2.0),
)
QR_TARGET_MS = 1.0


def qr_median_ms(calls: int) -> float:
    """Median time of one slip's QR matrix in milliseconds, over ``calls`` distinct slip URLs."""
    times = []
    for table in range(1, calls + 1):
        url = f"http://127.0.0.1:8000/juez/eventos/1/rondas/5/mesas/{table}/"
        started = time.perf_counter()
        qr_matrix(url)
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def verdict(measured: float, limit: float, unit: str) -> str:
    if measured <= limit:
        return f"met ({measured:.3f} {unit} ≤ {limit:g} {unit})"
    over = measured - limit
    return f"NOT met: {measured:.3f} {unit}, {over:.3f} {unit} ({over / limit:.0%}) over {limit:g} {unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 1024, 8192])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--qr-calls", type=int, default=1000, help="slip URLs timed for the QR median")
    parser.add_argument("--out", type=Path, help="folder to keep one PDF of each document")
    args = parser.parse_args()
    medians: dict[tuple[int, str], float] = {}
    register_fonts()
    print(f"# PDF rendering — CPython {platform.python_version()}, reportlab {reportlab.Version}, "
          f"{args.repeat} runs each, times in seconds")
    print()
    print("| players | document | pages | size (KB) | median (s) | fastest (s) | ms per page |")
    print("|--------:|----------|------:|----------:|-----------:|------------:|------------:|")
    for size in args.sizes:
        total = 0.0
        for name, (renderer, sheet) in sheets(size).items():
            times, pdf = [], None
            for _ in range(args.repeat):
                started = time.perf_counter()
                pdf = renderer().render(sheet)
                times.append(time.perf_counter() - started)
            median = statistics.median(times)
            medians[size, name] = median
            total += median
            print(f"| {size:>7,} | {name} | {pdf.pages:,} | {pdf.size_bytes / 1024:,.0f} | {median:.3f} | "
                  f"{min(times):.3f} | {1000 * median / pdf.pages:.1f} |", flush=True)
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / f"{size}-{pdf.filename}").write_bytes(pdf.content)
        print(f"| {size:>7,} | **all five** | | | {total:.3f} | | |", flush=True)
    qr_ms = qr_median_ms(args.qr_calls)
    print()
    print(f"QR matrix of one slip: median {qr_ms:.3f} ms over {args.qr_calls:,} slip URLs")
    print()
    for label, names, size, limit in TARGETS:
        if all((size, name) in medians for name in names):
            print(f"- target {label} ≤ {limit:g} s: {verdict(sum(medians[size, n] for n in names), limit, 's')}")
    print(f"- target QR matrix of one slip ≤ {QR_TARGET_MS:g} ms: {verdict(qr_ms, QR_TARGET_MS, 'ms')}")


if __name__ == "__main__":
    main()
