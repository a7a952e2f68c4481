"""Which location a point of a sheet is in (pure model geometry, no Qt)."""

from __future__ import annotations

from engine.geometry.hexgrid import HexGrid
from engine.geometry.polygons import contains_point
from engine.model.common import Point
from engine.model.sheet import MapSheet


class Locator:
    def __init__(self, sheet: MapSheet):
        self.sheet = sheet
        self.grid = HexGrid(sheet.grid)
        #: (id, outline) of every interior location: zones, and rooms that have none
        self.interiors: list[tuple[str, list[Point]]] = []
        for building in sheet.buildings:
            for room in building.rooms:
                if room.zones:
                    self.interiors.extend((zone.id, zone.outline) for zone in room.zones)
                else:
                    self.interiors.append((room.id, room.outline))

    def hex_at(self, x: float, y: float) -> str | None:
        """Full hex id (`A0512`) under a point of the sheet, or None off the sheet or grid."""
        width, height = self.sheet.size
        if not (0 <= x <= width and 0 <= y <= height):
            return None
        label = self.grid.label_at(x, y)
        return f"{self.sheet.id}{label}" if label else None

    def location_at(self, x: float, y: float) -> str | None:
        """A room or zone id when the point is inside one, else the hex id."""
        for ident, outline in self.interiors:
            if contains_point(outline, (x, y)):
                return ident
        return self.hex_at(x, y)
