"""Copy and paste of sheet objects. Pasted objects get fresh ids in printed style and sit
one hex further on (a step that keeps hex-corner vertices on hex corners); a pasted
building renumbers its rooms and zones after its new number."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Aperture, Building, Manhole, MapSheet, RoofAccess, Room, Wall, Zone

from ..commands import pointers
from .geometry import nearest_on_path, rounded
from .ids import APERTURE_PREFIX, next_building_id, next_ident, next_interior_ids
from .moves import top_level, translated


@dataclass
class Clipboard:
    #: (pointer copied from, copy of the object)
    items: list[tuple[str, Any]] = field(default_factory=list)
    pastes: int = 0

    def copy(self, sheet: MapSheet, selected: list[str]) -> int:
        self.items = [(p, pointers.copy(pointers.get(sheet, p))) for p in top_level(selected)]
        self.pastes = 0
        return len(self.items)


def paste_offset(grid: HexGrid) -> tuple[float, float]:
    s = grid.size
    return (1.5 * s, math.sqrt(3) / 2 * s) if grid.flat else (math.sqrt(3) / 2 * s, 1.5 * s)


class _Ids:
    """Hands out fresh ids, remembering those given in this paste."""

    def __init__(self, sheet: MapSheet):
        self.sheet = sheet
        self.taken: set[str] = set()

    def take(self, ident: str) -> str:
        self.taken.add(ident)
        return ident

    def building(self) -> str:
        return self.take(next_building_id(self.sheet, self.taken))

    def interior(self, building: Building) -> str:
        return self.take(next_interior_ids(building, 1, self.taken)[0])

    def ident(self, prefix: str) -> str:
        return self.take(next_ident(self.sheet, prefix, self.taken))


def _renumber_building(b: Building, ids: _Ids) -> dict[str, str]:
    old = b.id
    b.id = ids.building()
    renamed: dict[str, str] = {}
    for room in b.rooms:
        # '32.2' becomes '33.2': the same room of the new building
        renamed[room.id] = ids.take(f"{b.id}.{room.id.rsplit('.', 1)[1]}")
        room.id = renamed[room.id]
        for zone in room.zones:
            renamed[zone.id] = ids.take(f"{b.id}.{zone.id.rsplit('.', 1)[1]}")
            zone.id = renamed[zone.id]
    for acc in b.roof_accesses:
        acc.id = ids.ident("r")
    del old
    return renamed


def pasted(sheet: MapSheet, clip: Clipboard) -> list[tuple[str, Any]]:
    """(pointer, object) to insert for one paste; objects whose container is gone are skipped."""
    grid = HexGrid(sheet.grid)
    clip.pastes += 1
    ox, oy = paste_offset(grid)
    dx, dy = ox * clip.pastes, oy * clip.pastes
    ids = _Ids(sheet)
    out: list[tuple[str, Any]] = []
    appended: dict[str, int] = {}
    renamed: dict[str, str] = {}

    def slot(list_pointer: str) -> str | None:
        try:
            listing = pointers.get(sheet, list_pointer)
        except (IndexError, AttributeError, KeyError, ValueError):
            return None
        n = len(listing) + appended.get(list_pointer, 0)
        appended[list_pointer] = appended.get(list_pointer, 0) + 1
        return f"{list_pointer}/{n}"

    for source, obj in clip.items:
        parent = pointers.parent_of(source)
        new = translated(obj, dx, dy, grid)
        if isinstance(new, Building):
            renamed.update(_renumber_building(new, ids))
        elif isinstance(new, Room | Zone):
            building_pointer = "/".join(source.split("/")[:3])
            building = pointers.get(sheet, building_pointer) if _exists(sheet, building_pointer) else None
            if not isinstance(building, Building):
                continue
            new.id = ids.interior(building)
            for zone in getattr(new, "zones", []):
                zone.id = ids.interior(building)
        elif isinstance(new, Wall):
            new.id = ids.ident("w")
            for ap in new.apertures:
                ap.id = ids.ident(APERTURE_PREFIX[ap.kind])
        elif isinstance(new, Aperture):
            wall = pointers.get(sheet, "/".join(source.split("/")[:3])) if _exists(sheet, parent) else None
            if not isinstance(wall, Wall):
                continue
            new.id = ids.ident(APERTURE_PREFIX[new.kind])
            new.at = rounded(nearest_on_path(new.at, wall.points, closed=False)[0])
        elif isinstance(new, RoofAccess):
            new.id = ids.ident("r")
        elif isinstance(new, Manhole):
            new.id = ids.ident("m")
        target = slot(parent)
        if target is not None:
            out.append((target, new))
    # apertures of pasted walls open into the pasted building's rooms when both came along
    for _p, obj in out:
        if isinstance(obj, Wall):
            for ap in obj.apertures:
                if ap.interior in renamed:
                    ap.interior = renamed[ap.interior]
    return out


def _exists(sheet: MapSheet, pointer: str) -> bool:
    try:
        pointers.get(sheet, pointer)
    except (IndexError, AttributeError, KeyError, ValueError):
        return False
    return True
