"""Outline checks on one building of 10k-60k vertices (issue 17.8): validation time by size.

`python -m bench bench_outline` (or `python -m bench.bench_outline N...`): a sheet with one
wavy building outline of N vertices and one room on every 20th of its vertices (60,000
vertices and their room fill the loader's 200,000 values), so the self-crossing check (L102)
sees N vertices and the room-in-building check (L103) N against N/20. The time should grow as
N log N: the ratio column divides each time by the first one's N log N share. With the
quadratic pure-Python checks this bench took 39 s at 10,000 vertices and 334 s at 20,000
(the R-tree checks: 0.5 s and 1.1 s, on the same loaded machine).
"""

from __future__ import annotations

import math
import sys
import tempfile
from pathlib import Path

from engine.lint.context import Workspace
from engine.lint.runner import validate_paths

from .timing import best_of, row

SIZES = (10_000, 20_000, 60_000)


def outline(n: int, cx: float = 50.0, cy: float = 40.0, r: float = 30.0) -> list[tuple[float, float]]:
    """A simple, non-convex polygon of n vertices: a circle whose radius wavers."""
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        rr = r + (0.4 if k % 2 else 0.0)
        pts.append((round(cx + rr * math.cos(a), 4), round(cy + rr * math.sin(a), 4)))
    return pts


def outline_sheet_text(n: int) -> str:
    """A uo-map/1 sheet of one building with an n-vertex outline and a room inside it."""
    building = outline(n)
    pts = ", ".join(f"[{x}, {y}]" for x, y in building)
    room = ", ".join(f"[{x}, {y}]" for x, y in building[::20])
    return (
        "schema: uo-map/1\nid: A\nkind: surface\ntitle: Many vertices\nsize: [100, 80]\n"
        "grid: {size: 10, origin: [10, 10], columns: 6, rows: 4}\n"
        f'buildings:\n  - id: "1"\n    outline: [{pts}]\n'
        f'    rooms:\n      - id: "1.1"\n        outline: [{room}]\n'
    )


def run(sizes: tuple[int, ...] = SIZES) -> None:
    first: tuple[int, float] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"outline-{n}.yaml"
            path.write_text(outline_sheet_text(n), encoding="utf-8")
            report = validate_paths([path], Workspace())
            assert report.exit_code == 0, [p.format() for p in report.problems]
            seconds = best_of(lambda p=path: validate_paths([p], Workspace()), repeat=2)
            if first is None:
                first = (n, seconds)
            base_n, base_s = first
            expected = base_s * (n * math.log(n)) / (base_n * math.log(base_n))
            ratio = f"x{seconds / expected:.2f} of N log N"
            row(f"validate one building + room of {n:,} vertices", seconds, ratio)


if __name__ == "__main__":  # python -m bench.bench_outline [N...]
    run(tuple(int(a) for a in sys.argv[1:]) or SIZES)
