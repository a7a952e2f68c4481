"""Which hexes of a sheet's grid are locations (5.1.1): the one rule the battlefield
compiler and the validator (engine/lint) both call."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..geometry.hexgrid import HexGrid
from ..geometry.polygons import strictly_inside
from ..model.kinds import Terrain

if TYPE_CHECKING:
    from ..model.sheet import MapSheet

Pt = tuple[float, float]


class Footprint:
    """A building outline with its bounding box, for fast point-in-building tests."""

    __slots__ = ("box", "outline")

    def __init__(self, outline: Sequence[Pt]):
        self.outline = tuple(outline)
        xs = [q[0] for q in outline]
        ys = [q[1] for q in outline]
        self.box = (min(xs), min(ys), max(xs), max(ys))

    def holds(self, p: Pt) -> bool:
        """Whether p lies strictly inside the outline."""
        x0, y0, x1, y1 = self.box
        return x0 < p[0] < x1 and y0 < p[1] < y1 and strictly_inside(self.outline, p)


def hex_is_location(terrain: Terrain, centre: Pt, buildings: Sequence[Footprint]) -> bool:
    """A playable hex is a location unless it is solid rock (an insert's) or its centre dot
    lies inside a building (5.1.1: the grid covers the ground outside buildings; the
    building's rooms are its locations)."""
    return terrain != Terrain.solid and not any(b.holds(centre) for b in buildings)


def hex_locations(sheet: MapSheet) -> list[str]:
    """CCRR labels of the sheet's hexes that are locations, in grid order."""
    grid = HexGrid(sheet.grid)
    w, h = sheet.size
    buildings = [Footprint(b.outline) for b in sheet.buildings]
    return [
        label
        for label in grid.playable_labels(w, h)
        if hex_is_location(sheet.terrain.get(label, sheet.default_terrain), grid.centre(label), buildings)
    ]
