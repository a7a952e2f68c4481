"""Building, room and zone outlines. Ids come in printed style: buildings the next free
number, rooms and zones '<building>.<n>' with the next free n of their building."""

from __future__ import annotations

from engine.model.sheet import Building, Room, Zone

from .drawing_tools import PointsTool, within
from .geometry import Pt
from .ids import next_building_id, next_interior_ids


class BuildingTool(PointsTool):
    name = "Building"
    key = "B"
    tip = "Draw a building outline"
    what = "building outline"

    def commit(self, points: list[Pt]) -> str:
        sheet = self.ctx.sheet
        assert sheet is not None
        building = Building(id=next_building_id(sheet), outline=points)
        pointer = f"/buildings/{len(sheet.buildings)}"
        self.ctx.add(f"Add building {building.id}", pointer, building)
        return ""


class RoomTool(PointsTool):
    name = "Room"
    key = "R"
    tip = "Draw a room inside a building"
    what = "room outline"

    def commit(self, points: list[Pt]) -> str:
        sheet = self.ctx.sheet
        assert sheet is not None
        for b, building in enumerate(sheet.buildings):
            if within(points, building.outline):
                room = Room(id=next_interior_ids(building)[0], outline=points)
                pointer = f"/buildings/{b}/rooms/{len(building.rooms)}"
                self.ctx.add(f"Add room {room.id}", pointer, room)
                return ""
        return "draw the room inside a building's outline"


class ZoneTool(PointsTool):
    name = "Zone"
    key = "Z"
    tip = "Draw a zone inside a room (or split a room with the Zone limit tool)"
    what = "zone outline"

    def commit(self, points: list[Pt]) -> str:
        sheet = self.ctx.sheet
        assert sheet is not None
        for b, building in enumerate(sheet.buildings):
            for r, room in enumerate(building.rooms):
                if within(points, room.outline):
                    zone = Zone(id=next_interior_ids(building)[0], outline=points)
                    pointer = f"/buildings/{b}/rooms/{r}/zones/{len(room.zones)}"
                    self.ctx.add(f"Add zone {zone.id}", pointer, zone)
                    return ""
        return "draw the zone inside a room's outline"
