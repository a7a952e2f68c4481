"""Uniform-grid indexes: of wall segments (which walls does a segment meet?) and of
bounding boxes (which buildings or hexes may hold a point or overlap a box?).

Lines of sight and hex sides are short compared with the map, so walking the grid cells
along the query segment (Amanatides-Woo traversal) touches a handful of walls instead of
all of them. The work is bounded by the walls, not by the map's extent: the cell size
grows with the area the walls spread over (about one cell per wall), and a query walks only
the part of its segment that lies within the walls' bounding box (issue 17 item 9: hexes of
1000 mm made every hex side walk a hundred empty 8 mm cells).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

from ..geometry.polygons import clip_segment, segment_intersection, segments_cross
from .locations import Pt, WallPiece

T = TypeVar("T")

#: cells an item of a BoxIndex may cover before it is kept aside as a large one
LARGE = 256

#: the smallest cell, in mm (a printed sheet's walls are centimetres apart)
MIN_CELL = 8.0


class SegmentIndex:
    def __init__(self, pieces: Sequence[WallPiece], cell: float | None = None):
        self.pieces = list(pieces)
        self.cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        if not self.pieces:
            self.cell = cell or MIN_CELL
            self.box = (0.0, 0.0, 0.0, 0.0)
            return
        xs = [c for p in self.pieces for c in (p.a[0], p.b[0])]
        ys = [c for p in self.pieces for c in (p.a[1], p.b[1])]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        if cell is None:
            n = len(self.pieces)
            w, h = x1 - x0, y1 - y0
            # about one cell per piece over the walls' box (a line of walls: four per piece)
            cell = max(MIN_CELL, math.sqrt(w * h / n), math.hypot(w, h) / (4 * n))
        self.cell = cell
        # a query meets a piece only inside the pieces' box: one cell of margin keeps the
        # neighbour padding of `near` whole at the edges
        self.box = (x0 - cell, y0 - cell, x1 + cell, y1 + cell)
        for i, piece in enumerate(self.pieces):
            for key in self._cells_along(piece.a, piece.b):
                self.cells[key].append(i)

    def _cells_along(self, a: Pt, b: Pt) -> Iterator[tuple[int, int]]:
        c = self.cell
        x0, y0 = a[0] / c, a[1] / c
        x1, y1 = b[0] / c, b[1] / c
        ix, iy = math.floor(x0), math.floor(y0)
        ex, ey = math.floor(x1), math.floor(y1)
        dx, dy = x1 - x0, y1 - y0
        sx = 1 if dx > 0 else -1
        sy = 1 if dy > 0 else -1
        tdx = abs(1.0 / dx) if dx else math.inf
        tdy = abs(1.0 / dy) if dy else math.inf
        tx = ((ix + (sx > 0)) - x0) / dx if dx else math.inf
        ty = ((iy + (sy > 0)) - y0) / dy if dy else math.inf
        yield ix, iy
        # a segment through a cell corner also visits the diagonal neighbours: pad by one
        steps = abs(ex - ix) + abs(ey - iy)
        for _ in range(steps):
            if tx < ty:
                tx += tdx
                ix += sx
            else:
                ty += tdy
                iy += sy
            yield ix, iy

    def overlaps(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Whether a box may hold a piece (a cheap test before any segment query)."""
        bx0, by0, bx1, by1 = self.box
        return bool(self.cells) and x0 <= bx1 and bx0 <= x1 and y0 <= by1 and by0 <= y1

    def cells_along(self, a: Pt, b: Pt) -> list[tuple[int, int]]:
        """The cells a query along ab walks: those of its part inside the walls' box."""
        if not self.cells:
            return []
        clipped = clip_segment(a, b, self.box)
        return [] if clipped is None else list(self._cells_along(*clipped))

    def near(self, a: Pt, b: Pt) -> list[int]:
        """Pieces registered in or next to the cells along ab, in piece order (a superset
        of those meeting ab; the exact tests follow)."""
        found: set[int] = set()
        for ix, iy in self.cells_along(a, b):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    found.update(self.cells.get((ix + dx, iy + dy), ()))
        return sorted(found)

    def crossing(self, a: Pt, b: Pt) -> list[WallPiece]:
        """Pieces that properly cross segment ab (an interior point of both)."""
        return [
            self.pieces[i]
            for i in self.near(a, b)
            if segments_cross(a, b, self.pieces[i].a, self.pieces[i].b)
        ]

    def meeting(self, a: Pt, b: Pt) -> list[tuple[float, WallPiece]]:
        """Pieces that meet segment ab anywhere (touching counts), with the parameter t
        along ab of the meeting point, nearest first."""
        out = []
        for i in self.near(a, b):
            piece = self.pieces[i]
            hit = segment_intersection(a, b, piece.a, piece.b)
            if hit is not None:
                out.append((hit[0], piece))
        out.sort(key=lambda item: item[0])
        return out


Box = tuple[float, float, float, float]


class BoxIndex(Generic[T]):
    """A uniform-grid index of items by bounding box (x0, y0, x1, y1): which items may
    hold a point, which may overlap a box. Candidates only (a superset): the exact test is
    the caller's. Compiling a map asks this for every hex side and every wall piece, so
    the cost follows the neighbourhood, not the map (issue 14: compile grew as n^1.6)."""

    def __init__(self, items: Sequence[tuple[Box, T]], cell: float | None = None):
        self.items = [item for _, item in items]
        self.boxes = [box for box, _ in items]
        if cell is None:
            # about the size of a typical item: each lands in a few cells, each cell holds few
            sizes = sorted(max(b[2] - b[0], b[3] - b[1]) for b in self.boxes) or [MIN_CELL]
            cell = max(MIN_CELL, sizes[len(sizes) // 2])
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        #: items far larger than the cell (a few, or the grid would hold them many times
        #: over): candidates for every query
        self.large: list[int] = []
        for i, (x0, y0, x1, y1) in enumerate(self.boxes):
            cols = range(math.floor(x0 / cell), math.floor(x1 / cell) + 1)
            rows = range(math.floor(y0 / cell), math.floor(y1 / cell) + 1)
            if len(cols) * len(rows) > LARGE:
                self.large.append(i)
                continue
            for ix in cols:
                for iy in rows:
                    self.cells[(ix, iy)].append(i)

    def at(self, p: Pt) -> list[T]:
        """Items whose box holds p (on its edge too)."""
        c = self.cell
        x, y = p
        cell = self.cells.get((math.floor(x / c), math.floor(y / c)), [])
        boxes = self.boxes
        return [
            self.items[i]
            for i in (sorted(cell + self.large) if self.large else cell)
            if boxes[i][0] <= x <= boxes[i][2] and boxes[i][1] <= y <= boxes[i][3]
        ]

    def overlapping(self, box: Box) -> list[T]:
        """Items whose box overlaps `box` (touching counts), in the order they were given."""
        c = self.cell
        x0, y0, x1, y1 = box
        cols = range(math.floor(x0 / c), math.floor(x1 / c) + 1)
        rows = range(math.floor(y0 / c), math.floor(y1 / c) + 1)
        found: set[int] = set()
        if len(cols) * len(rows) > len(self.cells):  # a query larger than the items' spread
            found.update(range(len(self.items)))
        else:
            for ix in cols:
                for iy in rows:
                    found.update(self.cells.get((ix, iy), ()))
            found.update(self.large)
        boxes = self.boxes
        return [
            self.items[i]
            for i in sorted(found)
            if boxes[i][0] <= x1 and x0 <= boxes[i][2] and boxes[i][1] <= y1 and y0 <= boxes[i][3]
        ]


def box_of(points: Sequence[Pt], margin: float = 0.0) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
