"""Checks of map sheets and underground inserts (L1xx)."""

from __future__ import annotations

from collections.abc import Iterator

from ..context import SheetContext
from ..registry import Finding, check

FMT = "uo-map/1"


def _ids(ctx: SheetContext) -> Iterator[tuple[str, str]]:
    """Every (id, pointer) that must be unique in a sheet: buildings, rooms, zones, walls,
    apertures, roof accesses, manholes."""
    s = ctx.sheet
    for b, building in enumerate(s.buildings):
        yield building.id, f"/buildings/{b}/id"
        for r, room in enumerate(building.rooms):
            yield room.id, f"/buildings/{b}/rooms/{r}/id"
            for z, zone in enumerate(room.zones):
                yield zone.id, f"/buildings/{b}/rooms/{r}/zones/{z}/id"
        for a, acc in enumerate(building.roof_accesses):
            yield acc.id, f"/buildings/{b}/roof_accesses/{a}/id"
    for w, wall in enumerate(s.walls):
        yield wall.id, f"/walls/{w}/id"
        for a, ap in enumerate(wall.apertures):
            yield ap.id, f"/walls/{w}/apertures/{a}/id"
    for m, manhole in enumerate(s.manholes):
        yield manhole.id, f"/manholes/{m}/id"


@check("L101", "duplicate-id", FMT)
def duplicate_ids(ctx: SheetContext) -> Iterator[Finding]:
    """An id is used twice in a sheet (buildings, rooms, zones, walls, apertures, manholes)."""
    first: dict[str, str] = {}
    for ident, pointer in _ids(ctx):
        if ident in first:
            yield Finding(pointer, f"duplicate id '{ident}' (first used at {first[ident]})")
        else:
            first[ident] = pointer
