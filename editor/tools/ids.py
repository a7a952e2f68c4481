"""Ids in printed style for new objects: buildings numbered, rooms and zones
'<building>.<n>', other objects a short prefix and a number (w3, d2, win1, b1, r1, m1)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.model.sheet import ApertureKind, Building, MapSheet

APERTURE_PREFIX = {ApertureKind.door: "d", ApertureKind.window: "win", ApertureKind.breach: "b"}


def sheet_ids(sheet: MapSheet) -> Iterator[str]:
    """Every id that must be unique in a sheet (the validator's L101 list)."""
    for building in sheet.buildings:
        yield building.id
        for room in building.rooms:
            yield room.id
            yield from (zone.id for zone in room.zones)
        yield from (acc.id for acc in building.roof_accesses)
    for wall in sheet.walls:
        yield wall.id
        yield from (ap.id for ap in wall.apertures)
    yield from (m.id for m in sheet.manholes)


def _numbers(ids: Iterator[str], pattern: str) -> list[int]:
    rx = re.compile(pattern)
    return [int(m[1]) for m in map(rx.fullmatch, ids) if m]


def next_building_id(sheet: MapSheet, taken: set[str] | None = None) -> str:
    """One more than the highest printed number (buildings are numbered across a map)."""
    used = set(sheet_ids(sheet)) | (taken or set())
    n = max(_numbers(iter(used), r"([0-9]+)"), default=0) + 1
    while str(n) in used:
        n += 1
    return str(n)


def interior_numbers(building: Building) -> list[int]:
    ids = [r.id for r in building.rooms] + [z.id for r in building.rooms for z in r.zones]
    return _numbers(iter(ids), re.escape(building.id) + r"\.([0-9]+)")


def next_interior_ids(building: Building, count: int = 1, taken: set[str] | None = None) -> list[str]:
    """The next free '<building>.<n>' ids: rooms and zones share one numbering, as printed."""
    n = max(
        interior_numbers(building) + _numbers(iter(taken or ()), re.escape(building.id) + r"\.([0-9]+)"),
        default=0,
    )
    return [f"{building.id}.{n + k}" for k in range(1, count + 1)]


def next_ident(sheet: MapSheet, prefix: str, taken: set[str] | None = None) -> str:
    used = set(sheet_ids(sheet)) | (taken or set())
    n = max(_numbers(iter(used), re.escape(prefix) + r"([0-9]+)"), default=0) + 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"
