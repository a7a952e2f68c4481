"""Battlefield: compile with the all-pairs LOS table, LOS lookup, reach, against baselines.

Map: bench/mapgen.py's two generated sheets (~2,000 hexes, 300 rooms, ~3,000 wall
segments, buildings off the hex grid). Baselines: LOS by brute force over every wall
segment, building and obstacle hex per query (los.py with its spatial index switched
off); reach by networkx's Dijkstra on the same steps. Targets (issue 3): LOS lookup
< 5 us after compile, all-pairs compile < 10 s on one core, reach < 200 us.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from unittest import mock

import networkx as nx

from engine.battlefield import Placement, compile_sheets
from engine.battlefield import compile as compile_module
from engine.battlefield.los import los
from engine.battlefield.los_table import LosTable
from engine.battlefield.movement import FOOT, reach, step_cost
from engine.battlefield.spatial import SegmentIndex
from engine.model.sheet import MapSheet

from .mapgen import two_sheets
from .timing import best_of, fmt, row


def run() -> None:
    sheets = two_sheets()
    compile_module._CACHE.clear()
    t0 = time.perf_counter()
    bf = compile_sheets(sheets)
    t_compile = time.perf_counter() - t0
    t0 = time.perf_counter()
    table = LosTable(bf)
    t_table = time.perf_counter() - t0
    kinds = Counter(loc.kind.value for loc in bf.locations)
    segments = len(bf.walls)
    print(f"  map: {dict(kinds)}, {segments} wall segments, {len(bf.steps)} steps")
    row("compile: locations and steps", t_compile)
    row("compile: all-pairs LOS table", t_table, f"{len(bf) ** 2 / 1e6:.1f} M pairs")
    total = t_compile + t_table
    row("compile total", total, f"target 10 s: x{total / 10:.2f} of target")

    rng = random.Random(7)
    ids = [loc.id for loc in bf.locations]
    pairs = [(rng.choice(ids), rng.choice(ids)) for _ in range(2000)]
    lookup = best_of(lambda: [table.clear(a, b) for a, b in pairs], repeat=5) / len(pairs)
    exact = best_of(lambda: [los(bf, a, b) for a, b in pairs[:300]], repeat=1) / 300

    def brute() -> None:
        everything = mock.patch.object(SegmentIndex, "near", lambda self, a, b: range(len(self.pieces)))
        with everything:
            for a, b in pairs[:100]:
                los(bf, a, b)

    brute_force = best_of(brute, repeat=1) / 100
    row("LOS lookup in the table", lookup, f"target 5 us: x{lookup / 5e-6:.2f} of target")
    row("LOS exact with explanation (los.py)", exact, f"x{exact / lookup:,.0f} of lookup")
    amortised = t_table / (len(bf) * (len(bf) - 1) / 2)
    row("LOS table per pair, amortised (build / pairs)", amortised, f"exact x{exact / amortised:,.0f}")
    row("LOS baseline: brute force over all segments", brute_force, f"x{brute_force / lookup:,.0f} of lookup")
    disagreements = sum(table.clear(a, b) != los(bf, a, b).clear for a, b in pairs[:300])
    print(f"  table vs exact on 300 random pairs: {disagreements} disagreements")

    graph = nx.DiGraph()
    for step in bf.steps:
        cost = step_cost(bf, step, FOOT)
        if cost is not None:
            graph.add_edge(step.src, step.dst, weight=cost)
    hexes = [loc for loc in bf.locations if loc.kind.value == "hex"]
    starts = [rng.choice(hexes) for _ in range(50)]
    reach(bf, starts[0].id, FOOT, 9)  # builds the per-mover adjacency once
    ours = best_of(lambda: [reach(bf, s.id, FOOT, 9) for s in starts], repeat=5) / len(starts)
    base = best_of(
        lambda: [nx.single_source_dijkstra_path_length(graph, s.index, cutoff=9) for s in starts],
        repeat=3,
    ) / len(starts)
    sizes = sum(len(reach(bf, s.id, FOOT, 9)) for s in starts) / len(starts)
    row(
        "reach 9 MP (foot), Dial's buckets",
        ours,
        f"target 200 us: x{ours / 200e-6:.2f}; {sizes:.0f} locations",
    )
    row("reach baseline: networkx Dijkstra with cutoff", base, f"x{base / ours:.1f} slower than ours")
    print(f"  (figures: best of several runs; one core; {fmt(total).strip()} compile)")
    huge_hexes()


def huge_hexes() -> None:
    """Issue 17 item 9: the schema's largest grid (99 x 99 hexes of 1000 mm) with one
    building and one outer wall. The wall index's work follows the walls, not the extent
    (was 68 s for `uo query los`, nearly all of it walking empty 8 mm cells)."""
    box = [[20000.0, 20000.0], [26000.0, 20000.0], [26000.0, 26000.0], [20000.0, 26000.0]]
    sheet = MapSheet.model_validate(
        {
            "schema": "uo-map/1",
            "id": "A",
            "size": [150000.0, 175000.0],
            "grid": {"size": 1000.0, "origin": [1000.0, 1000.0], "columns": 99, "rows": 99},
            "buildings": [{"id": "1", "outline": box, "rooms": [{"id": "1.1", "outline": box}]}],
            "walls": [
                {"id": "F1", "kind": "facade", "points": [*box, box[0]]},
                {"id": "W1", "kind": "outer_wall", "points": [[40000.0, 30000.0], [40000.0, 60000.0]]},
            ],
        }
    )
    compile_module._CACHE.clear()
    t0 = time.perf_counter()
    bf = compile_sheets([(sheet, Placement())])
    t_compile = time.perf_counter() - t0
    t0 = time.perf_counter()
    result = los(bf, "A0101", "A9999")
    t_los = time.perf_counter() - t0
    cells = sum(len(index.cells) for index in bf.wall_index.values())
    print(f"  99 x 99 hexes of 1000 mm: {len(bf)} locations, {len(bf.walls)} wall pieces, {cells} cells")
    row("compile (1000 mm hexes)", t_compile, "was ~68 s with 8 mm cells over the whole extent")
    row("LOS A0101-A9999 (1000 mm hexes)", t_los, result.reason)
