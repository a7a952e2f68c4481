"""Scaling: compile, LOS ready, memory, lookup, reach and validate on 1, 2, 4 (8, 16) sheets.

Maps: bench/mapgen.assembly(n), n generated sheets of ~1,200 locations each with continuous
grids. Each size runs in a fresh process (its peak RSS is its own; nothing is cached between
sizes, the disk cache is off). Per size:

- compile: locations and steps (min and median of the repeats);
- LOS ready: the LOS table made, ready to answer (maps of up to 4,000 locations build every
  row then; larger ones build each row when first asked: `row` is the mean cost of a row
  built on demand, over random sources);
- LOS per pair, amortised: the table's cost per pair (a full build divided by the pairs it
  decides, or a row divided by the locations it holds) against the exact rule (los.py) per
  pair, on the same random pairs; the table's answers are checked equal to los() there and
  on pairs into rooms from their apertures' arcs (up front and on demand): the exact-rule
  agreement check at 4 sheets and more (the suite checks 1 sheet and the sample);
- memory: the process's peak RSS after compile, table, the measured rows and the exact-rule
  checks (before validating, which loads the sheets again), and what the whole table would
  hold (n^2 / 8 bytes);
- lookup: a lookup in built rows; reach: 9 MP on foot from random hexes; validate: the
  assembly as a scenario (`uo validate`'s code path) from freshly written YAML files, which
  must raise no problem about the map (the generator's ids are unique across 16 sheets).

Growth exponents are fitted (least squares on log-log) over the sizes run. 8 and 16 sheets
take minutes on a shared machine: `UO_BENCH_SCALING=16` (or 8) adds them, with fewer repeats
(said in the table). The load average is printed beside the figures.
"""

from __future__ import annotations

import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: sheets per size and repeats of the compile at that size
REPEATS = {1: 5, 2: 5, 4: 3, 8: 2, 16: 1}
ROWS_SAMPLE = 40
PAIRS_SAMPLE = 300
ROOM_PAIRS = 300


def run() -> None:
    largest = int(os.environ.get("UO_BENCH_SCALING", "4"))
    sizes = [n for n in (1, 2, 4, 8, 16) if n <= largest]
    print(f"  load average before: {_load()}; sizes {sizes} (UO_BENCH_SCALING=16 for all)")
    results = []
    for n in sizes:
        out = subprocess.run(
            [sys.executable, "-m", "bench.bench_scaling", str(n)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "UO_CACHE": "off"},
            check=False,
        )
        if out.returncode != 0:
            print(f"  {n} sheets failed:\n{out.stderr}")
            return
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
        _print_size(results[-1])
    _print_table(results)
    print(f"  load average after: {_load()}")


def _print_size(r: dict[str, float]) -> None:
    print(
        f"  {r['sheets']:>2} sheets, {r['locations']:,} locations: done (load {r['load']}, "
        f"{r['repeats']} compile repeat(s))",
        flush=True,
    )


def _print_table(results: list[dict[str, float]]) -> None:
    print("  wall-clock seconds, with the process's own CPU seconds in brackets (the machine is shared)")
    head = (
        f"  {'sheets':>6} {'locations':>9} {'compile min/med (cpu) s':>24} {'LOS ready (cpu) s':>18} "
        f"{'row (cpu) ms':>13} {'pair us tbl/exact':>17} {'RSS MB':>7} {'table MB':>8} "
        f"{'lookup us':>9} {'reach us':>8} {'validate s':>10}"
    )
    print(head)
    for r in results:
        compiled = f"{r['compile_min']:.2f}/{r['compile_median']:.2f} ({r['compile_cpu']:.2f})"
        ready = f"{r['ready']:.2f} ({r['ready_cpu']:.2f})"
        row = f"{r['row'] * 1e3:.1f} ({r['row_cpu'] * 1e3:.1f})"
        pair = f"{r['pair_table'] * 1e6:.1f}/{r['pair_exact'] * 1e6:.0f}"
        print(
            f"  {r['sheets']:>6} {r['locations']:>9,} {compiled:>24} {ready:>18} {row:>13} {pair:>17} "
            f"{r['rss_mb']:>7.0f} {r['table_mb']:>8.1f} {r['lookup'] * 1e6:>9.2f} {r['reach'] * 1e6:>8.0f} "
            f"{r['validate']:>10.2f}"
        )
    if len(results) >= 2:
        xs = [math.log(r["locations"]) for r in results]
        for key, label in (
            ("compile_cpu", "compile (cpu)"),
            ("row_cpu", "LOS row on demand (cpu)"),
            ("full_cpu", "LOS whole table (cpu; built, or rows x row cost / 2)"),
            ("validate", "validate"),
        ):
            print(f"  growth of {label}: n^{_slope(xs, [math.log(max(r[key], 1e-9)) for r in results]):.2f}")
    full = results[-1]
    print(
        f"  {full['sheets']} sheets: whole table {full['full']:.0f} s "
        f"({full['full_cpu']:.0f} s cpu) on one core "
        f"({'built' if full['eager'] else 'estimated: rows x mean row'}), "
        f"table vs exact per pair x{full['pair_exact'] / full['pair_table']:.0f}; "
        f"{full['mismatches']} disagreements with los() on {PAIRS_SAMPLE} random pairs and "
        f"{ROOM_PAIRS} pairs into rooms from their apertures' arcs per size"
    )


def _slope(xs: list[float], ys: list[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def _load() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def measure(n: int) -> dict[str, float]:
    """One size, in this process (run by `run` in a fresh one)."""
    from engine.battlefield import compile as compile_module
    from engine.battlefield import compile_sheets
    from engine.battlefield.los import los
    from engine.battlefield.los_table import LosTable
    from engine.battlefield.movement import FOOT, reach
    from engine.geometry.polygons import bearing, in_arc

    from .mapgen import assembly
    from .timing import best_of

    sheets = assembly(n)
    times, cpu = [], []
    for _ in range(REPEATS[n]):
        compile_module._CACHE.clear()
        t0, c0 = time.perf_counter(), time.process_time()
        bf = compile_sheets(sheets)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    bf.piece_buildings  # noqa: B018 - an index compile leaves to first use: part of compiling
    locs = len(bf)
    t0, c0 = time.perf_counter(), time.process_time()
    table = LosTable(bf)
    ready, ready_cpu = time.perf_counter() - t0, time.process_time() - c0
    eager = all(table.done)
    rng = random.Random(n)
    bits = rng.sample(range(locs), ROWS_SAMPLE)
    fresh = LosTable(bf, eager=False)
    t0, c0 = time.perf_counter(), time.process_time()
    for b in bits:
        fresh.row(b)
    row = (time.perf_counter() - t0) / len(bits)
    row_cpu = (time.process_time() - c0) / len(bits)
    pairs = locs * (locs - 1) / 2
    full = ready if eager else row * locs / 2  # reciprocity: a full build sweeps half the pairs
    ids = [loc.id for loc in bf.locations]
    sample = [(rng.choice(ids), rng.choice(ids)) for _ in range(PAIRS_SAMPLE)]
    t0 = time.perf_counter()
    exact = [los(bf, a, b).clear for a, b in sample]
    pair_exact = (time.perf_counter() - t0) / len(sample)
    mismatches = sum(table.clear(a, b) != e for (a, b), e in zip(sample, exact, strict=True))
    # and where the table is most intricate: outside locations in an aperture's arc, looking
    # into the room (8.2.5.3), from rows built on demand as well
    outside = [loc for loc in bf.locations if loc.layer == "surface" and not loc.interior]
    apertures = [ap for ap in bf.apertures.values() if ap.interior]
    into = []
    while len(into) < ROOM_PAIRS:
        ap, loc = rng.choice(apertures), rng.choice(outside)
        if in_arc(bearing(ap.at, loc.centre), *ap.arc):
            into.append((loc.id, ap.interior or ""))
    on_demand = LosTable(bf, eager=False)
    mismatches += sum(
        table.clear(a, b) != los(bf, a, b).clear or on_demand.clear(b, a) != table.clear(a, b)
        for a, b in into
    )
    if mismatches:
        raise AssertionError(f"{n} sheets: {mismatches} answers of the LOS table differ from los()")
    by_bit = {table.bit[loc.index]: loc.id for loc in bf.locations}
    built = [(by_bit[b], rng.choice(ids)) for b in bits for _ in range(20)]
    for a, _ in built:
        table.clear(a, a)
    lookup = best_of(lambda: [table.clear(a, b) for a, b in built], repeat=5) / len(built)
    hexes = [loc.id for loc in bf.locations if loc.kind.value == "hex"]
    starts = [rng.choice(hexes) for _ in range(30)]
    reach(bf, starts[0], FOOT, 9)  # the per-mover graph, once
    t_reach = best_of(lambda: [reach(bf, s, FOOT, 9) for s in starts], repeat=3) / len(starts)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, before validating
    validate, map_problems = _validate(sheets, hexes[0], hexes[-1])
    if map_problems:
        raise AssertionError(f"{n} sheets do not validate: {map_problems[:5]}")
    return {
        "sheets": n,
        "locations": locs,
        "repeats": REPEATS[n],
        "compile_min": min(times),
        "compile_median": statistics.median(times),
        "compile_cpu": min(cpu),
        "ready_cpu": ready_cpu,
        "row_cpu": row_cpu,
        "full_cpu": ready_cpu if eager else row_cpu * locs / 2,
        "ready": ready,
        "eager": eager,
        "row": row,
        "full": full,
        "pair_table": full / pairs,
        "pair_exact": pair_exact,
        "mismatches": mismatches,
        "rss_mb": rss_mb,
        "table_mb": locs * locs / 8 / 2**20,
        "lookup": lookup,
        "reach": t_reach,
        "validate": validate,
        "load": _load(),
    }


def _validate(sheets: list, a_hex: str, b_hex: str) -> tuple[float, list[str]]:  # type: ignore[type-arg]
    """The assembly written as YAML files and a minimal scenario, validated like `uo validate`
    with a block of each side on the two hexes; its problems are returned."""
    import yaml

    from engine.lint.context import Workspace
    from engine.lint.runner import validate_paths

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        entries = []
        for sheet, place in sheets:
            path = folder / f"{sheet.id}.yaml"
            path.write_text(
                yaml.safe_dump(
                    sheet.model_dump(mode="json", by_alias=True, exclude_none=True), sort_keys=False
                )
            )
            entries.append({"file": path.name, "position": list(place.position)})
        cards = ROOT / "scenarios" / "cards" / "units.yaml"
        scenario = {
            "schema": "uo-scenario/1",
            "id": "generated",
            "title": f"{len(sheets)} generated sheets",
            "cards": [os.path.relpath(cards, folder)],
            "map": {"sheets": entries},
            "turns": 1,
            "sides": {
                side: {
                    "name": side,
                    "impulse_forces": [
                        {
                            "id": f"{side}-if",
                            "name": side,
                            "platoon_leader": f"{side}-pl",
                            "quality": "veteran",
                            "support_points": 1,
                            "blocks": [
                                {"id": f"{side}-pl", "card": card, "type": "platoon_leader", "at": at}
                            ],
                        }
                    ],
                }
                for side, card, at in (("green", "co-mech", a_hex), ("red", "mil-fighters", b_hex))
            },
            "victory": {
                "conditions": [
                    {"kind": "control", "id": "c", "side": "green", "locations": [a_hex], "points": 1}
                ],
                "levels": [{"side": "green", "level": "total", "min_points": 1}],
            },
        }
        path = folder / "generated.yaml"
        path.write_text(yaml.safe_dump(scenario, sort_keys=False))
        t0 = time.perf_counter()
        report = validate_paths([path], Workspace())
        elapsed = time.perf_counter() - t0
    return elapsed, [p.format() for p in report.problems]


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]))))
