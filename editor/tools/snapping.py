"""Snapping (pure): to existing vertices, to hex grid corners, then to the nearest point
of existing edges, each within a tolerance the view gives in millimetres (a few pixels)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.geometry.hexgrid import HexGrid
from engine.geometry.polygons import dist
from engine.model.sheet import MapSheet

from ..commands.pointers import is_within
from .geometry import Pt, nearest_on_path, rounded


@dataclass(frozen=True)
class Snap:
    point: Pt
    #: 'vertex', 'grid', 'edge' or '' (not snapped)
    kind: str = ""


@dataclass(frozen=True)
class Shape:
    pointer: str
    points: Sequence[Pt]
    closed: bool


def sheet_shapes(sheet: MapSheet) -> list[Shape]:
    """Every outline and wall of a sheet, with its pointer."""
    out: list[Shape] = []
    for b, building in enumerate(sheet.buildings):
        out.append(Shape(f"/buildings/{b}", building.outline, True))
        for r, room in enumerate(building.rooms):
            out.append(Shape(f"/buildings/{b}/rooms/{r}", room.outline, True))
            for z, zone in enumerate(room.zones):
                out.append(Shape(f"/buildings/{b}/rooms/{r}/zones/{z}", zone.outline, True))
    for w, wall in enumerate(sheet.walls):
        out.append(Shape(f"/walls/{w}", wall.points, False))
    return out


def hex_corners_near(grid: HexGrid, p: Pt) -> list[Pt]:
    """Corners of the hex containing p: the nearest grid vertex is one of them."""
    col, row = grid.to_offset(grid.cube_at(*p))
    cx, cy = grid.centre_of(col, row)
    start = 0.0 if grid.flat else 30.0
    return [
        (
            cx + grid.size * math.cos(math.radians(start + 60 * i)),
            cy + grid.size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


class Snapper:
    def __init__(self, sheet: MapSheet):
        self.grid = HexGrid(sheet.grid)
        self.shapes = sheet_shapes(sheet)
        self.enabled = True

    def snap(
        self,
        p: Pt,
        tolerance: float,
        exclude: Iterable[str] = (),
        extra: Sequence[Pt] = (),
        edges: bool = True,
    ) -> Snap:
        """The snapped point for p. `exclude` names shapes (and what is inside them) not to
        snap to, e.g. the object being dragged; `extra` adds vertices (a polygon being drawn)."""
        if not self.enabled:
            return Snap(rounded(p))
        excluded = list(exclude)
        shapes = [s for s in self.shapes if not any(is_within(s.pointer, e) for e in excluded)]
        best: tuple[float, Pt] | None = None
        for q in [*(v for s in shapes for v in s.points), *extra]:
            d = dist(p, q)
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, q)
        if best is not None:
            return Snap(rounded(best[1]), "vertex")
        corner = min(hex_corners_near(self.grid, p), key=lambda q: dist(p, q))
        if dist(p, corner) <= tolerance:
            return Snap(rounded(corner), "grid")
        if edges:
            near: tuple[float, Pt] | None = None
            for s in shapes:
                if len(s.points) < 2:
                    continue
                q, _i, d = nearest_on_path(p, s.points, s.closed)
                if d <= tolerance and (near is None or d < near[0]):
                    near = (d, q)
            if near is not None:
                return Snap(rounded(near[1]), "edge")
        return Snap(rounded(p))
