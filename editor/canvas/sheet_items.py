"""The items of each object of a sheet's lists, kept as a group per object so an edit
replaces the items of the objects it touched and leaves the others alone; and what an edit
touched (`Changes`), from the pointers its undo commands name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.geometry.hexgrid import HexGrid
from engine.io.problems import pointer_parts

from . import style
from .building_items import BuildingItem, BuildingTagItem, RoofAccessItem, RoomItem, ZoneItem
from .manhole_item import ManholeItem, UndergroundZoneItem
from .model_item import ModelItem
from .wall_items import ApertureItem, WallItem

#: The sheet's lists of drawn objects, in drawing order. An object's items depend on it
#: alone (and on the grid, which redraws everything when it changes).
LISTS = ("buildings", "walls", "manholes", "underground_zones")
#: Fields of a sheet nothing on the canvas draws: an edit of them redraws nothing.
NOT_DRAWN = frozenset({"schema", "id", "title", "description", "sewer_links"})
#: Fields drawn by the hex grid's terrain.
TERRAIN = frozenset({"terrain", "default_terrain"})


#: Within an object, the order its parts are listed in (rooms before roof accesses)
_PART_ORDER = {"rooms": 0, "zones": 1, "roof_accesses": 2, "apertures": 0}


def document_order(pointer: str) -> tuple[tuple[int, int], ...]:
    """A sort key putting the pointers of drawn objects in the order of the sheet (the
    order of LISTS, then of their indices and parts)."""
    key: list[tuple[int, int]] = []
    for token in pointer_parts(pointer):
        if token.isdigit():
            key.append((0, int(token)))
        elif token in LISTS:
            key.append((1, LISTS.index(token)))
        else:
            key.append((2, _PART_ORDER.get(token, len(_PART_ORDER))))
    return tuple(key)


@dataclass(eq=False)
class Group:
    """The items drawing `obj`, the object at `index` of its list."""

    obj: Any
    index: int
    items: list[ModelItem] = field(default_factory=list)


def build_group(name: str, index: int, obj: Any, metrics: style.Metrics, grid: HexGrid) -> Group:
    p = f"/{name}/{index}"
    items: list[ModelItem] = []
    if name == "buildings":
        items.append(BuildingItem(p, metrics, obj))
        items.append(BuildingTagItem(p, metrics, obj))
        for r, room in enumerate(obj.rooms):
            rp = f"{p}/rooms/{r}"
            items.append(RoomItem(rp, metrics, room))
            for z, zone in enumerate(room.zones):
                items.append(ZoneItem(f"{rp}/zones/{z}", metrics, zone))
        for a, access in enumerate(obj.roof_accesses):
            items.append(RoofAccessItem(f"{p}/roof_accesses/{a}", metrics, access))
    elif name == "walls":
        items.append(WallItem(p, metrics, obj))
        for a, aperture in enumerate(obj.apertures):
            items.append(ApertureItem(f"{p}/apertures/{a}", metrics, aperture))
    elif name == "manholes":
        items.append(ManholeItem(p, metrics, obj, grid))
    elif name == "underground_zones":
        items.append(UndergroundZoneItem(p, metrics, obj, grid))
    else:
        raise KeyError(name)
    return Group(obj, index, items)


def repoint(group: Group, name: str, index: int) -> None:
    """The object moved in its list (one before it came or went): renumber its items."""
    old, new = f"/{name}/{group.index}", f"/{name}/{index}"
    for item in group.items:
        item.pointer = new + item.pointer[len(old) :]
    group.index = index


@dataclass(frozen=True)
class Changes:
    """What an edit touched: per list, the indices of the objects changed in place (their
    items are rebuilt; objects added, removed or replaced are told by identity), None for
    a whole list; and whether the terrain changed."""

    dirty_indices: dict[str, frozenset[int] | None]
    terrain: bool
    #: a field the canvas does not draw changed (the sheet's id, title...)
    other: bool = False
    #: objects were inserted into or removed from a list (indices after them shifted)
    structural: bool = False

    @classmethod
    def of(cls, pointers: Iterable[str]) -> Changes | None:
        """The changes the pointers name; None when one names something only a full
        redraw handles (the grid, the size, the scan, an unknown field)."""
        dirty: dict[str, set[int] | None] = {}
        terrain = other = False
        for pointer in pointers:
            parts = pointer_parts(pointer)
            if not parts:
                return None
            head = parts[0]
            if head in NOT_DRAWN:
                other = True
                continue
            if head in TERRAIN:
                terrain = True
                continue
            if head not in LISTS:
                return None
            if len(parts) == 1 or not parts[1].isdigit():
                dirty[head] = None
                continue
            indices = dirty.setdefault(head, set())
            if indices is not None:
                indices.add(int(parts[1]))
        return cls({k: None if v is None else frozenset(v) for k, v in dirty.items()}, terrain, other)

    def dirty(self, name: str, objects: list[Any]) -> set[int]:
        """ids of the objects of list `name` whose items must be rebuilt."""
        if name not in self.dirty_indices:
            return set()
        indices = self.dirty_indices[name]
        if indices is None:
            return {id(o) for o in objects}
        return {id(objects[i]) for i in indices if i < len(objects)}
