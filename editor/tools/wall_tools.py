"""Wall polylines, one tool per kind. A zone limit drawn across a room, from its outline
to its outline, also splits the room into two zones (or a zone into two): one undo entry."""

from __future__ import annotations

from engine.geometry.polygons import centroid
from engine.model.sheet import Building, MapSheet, Wall, WallKind, Zone

from ..commands import SplitRoom
from .drawing_tools import PointsTool
from .geometry import Pt, rounded, split_polygon
from .ids import next_ident, next_interior_ids

TOOLS = {
    WallKind.facade: ("Facade", "W", "Draw a facade (apertures go on facades and outer walls)"),
    WallKind.outer_wall: ("Outer wall", "O", "Draw an outer wall (courtyards, garden walls)"),
    WallKind.partition: ("Partition", "P", "Draw a partition between rooms"),
    WallKind.zone_limit: (
        "Zone limit",
        "L",
        "Draw a zone limit; across a room it splits the room into zones",
    ),
}


def reading_order(parts: list[list[Pt]]) -> list[list[Pt]]:
    """Two parts in printed reading order: the upper first, or the left one when side by side."""
    (ax, ay), (bx, by) = centroid(parts[0]), centroid(parts[1])
    first_b = by < ay if abs(by - ay) > abs(bx - ax) else bx < ax
    return [parts[1], parts[0]] if first_b else parts


class WallTool(PointsTool):
    closed = False
    min_points = 2

    def __init__(self, ctx, kind: WallKind):
        super().__init__(ctx)
        self.kind = kind
        self.name, self.key, self.tip = TOOLS[kind]
        self.what = self.name.lower()

    def commit(self, points: list[Pt]) -> str:
        sheet = self.ctx.sheet
        assert sheet is not None
        wall = Wall(id=next_ident(sheet, "w"), kind=self.kind, points=points)
        pointer = f"/walls/{len(sheet.walls)}"
        if self.kind == WallKind.zone_limit:
            split = self._split(sheet, wall, pointer)
            if split is not None:
                self.ctx.push(split)
                self.ctx.select([pointer])
                return ""
        text = f"Add {self.what} {wall.id}"
        self.ctx.add(text, pointer, wall)
        return ""

    def _split(self, sheet: MapSheet, wall: Wall, wall_pointer: str) -> SplitRoom | None:
        for b, building in enumerate(sheet.buildings):
            for r, room in enumerate(building.rooms):
                zones_pointer = f"/buildings/{b}/rooms/{r}/zones"
                if room.zones:
                    for z, zone in enumerate(room.zones):
                        parts = split_polygon(zone.outline, wall.points)
                        if parts is not None:
                            first, second = reading_order(parts)
                            new_id = next_interior_ids(building)[0]
                            zones = list(room.zones)
                            zones[z : z + 1] = [
                                Zone(id=zone.id, outline=first),
                                Zone(id=new_id, outline=second),
                            ]
                            text = f"Split zone {zone.id} with zone limit {wall.id}"
                            return SplitRoom(
                                self.ctx.document, text, zones_pointer, room.zones, zones, wall_pointer, wall
                            )
                    continue
                parts = split_polygon(room.outline, wall.points)
                if parts is not None:
                    return self._split_room(building, room.id, parts, zones_pointer, wall, wall_pointer)
        return None

    def _split_room(
        self,
        building: Building,
        room_id: str,
        parts: list[list[Pt]] | tuple,
        zones_pointer: str,
        wall: Wall,
        wall_pointer: str,
    ) -> SplitRoom:
        ids = next_interior_ids(building, 2)
        ordered = reading_order([[rounded(p) for p in part] for part in parts])
        zones = [Zone(id=i, outline=o) for i, o in zip(ids, ordered, strict=True)]
        text = f"Split room {room_id} with zone limit {wall.id}"
        return SplitRoom(self.ctx.document, text, zones_pointer, [], zones, wall_pointer, wall)
