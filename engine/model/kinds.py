"""The formats' enumerations, in a module that imports nothing but `enum`.

A compiled battlefield holds these values (a location's kind and terrain, a wall's kind, an
aperture's kind, a grid's orientation). Read back from the disk cache, it needs their classes
and nothing else: defined here rather than beside the pydantic models that use them, they
cost `uo query` no pydantic import. sheet.py and terrain_chart.py re-export them, so every
other module keeps importing them from there.
"""

from __future__ import annotations

from enum import StrEnum


class SheetKind(StrEnum):
    surface = "surface"
    underground = "underground"


class Orientation(StrEnum):
    flat = "flat"
    pointy = "pointy"


class Stagger(StrEnum):
    """Which printed columns (flat) or rows (pointy) sit half a hex lower (or further right)."""

    odd = "odd"
    even = "even"


class Terrain(StrEnum):
    """Terrain of a whole hex, read from the terrain under its centre dot (5.1.1)."""

    clear = "clear"
    hillock = "hillock"
    woods = "woods"
    water = "water"
    open_sewer = "open_sewer"
    narrows = "narrows"
    vehicle_impassable = "vehicle_impassable"
    # underground inserts
    sewer = "sewer"
    passage = "passage"
    solid = "solid"


class WallKind(StrEnum):
    outer_wall = "outer_wall"
    facade = "facade"
    partition = "partition"  # type: ignore[assignment]  # shadows str.partition, harmless
    zone_limit = "zone_limit"


class ApertureKind(StrEnum):
    door = "door"
    window = "window"
    breach = "breach"


class LocKind(StrEnum):
    """The kinds of location (2.3), each priced by its part of the terrain chart."""

    hex = "hex"
    room = "room"
    zone = "zone"
    roof = "roof"
    underground = "underground"
