"""A uniform-grid index of wall segments: which walls does a segment meet?

Lines of sight and hex sides are short compared with the map, so walking the grid cells
along the query segment (Amanatides-Woo traversal) touches a handful of walls instead of
all of them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator, Sequence

from ..geometry.polygons import segment_intersection, segments_cross
from .locations import Pt, WallPiece


class SegmentIndex:
    def __init__(self, pieces: Sequence[WallPiece], cell: float = 8.0):
        self.pieces = list(pieces)
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = defaultdict(list)
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

    def near(self, a: Pt, b: Pt) -> set[int]:
        found: set[int] = set()
        for ix, iy in self._cells_along(a, b):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    found.update(self.cells.get((ix + dx, iy + dy), ()))
        return found

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
