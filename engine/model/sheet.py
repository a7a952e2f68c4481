"""Map sheet format (`uo-map/1`): a printed sheet or an underground insert.

Everything lives in one frame per sheet, in millimetres of the printed sheet (x right,
y down). The hex grid, buildings, walls and apertures are all given in that frame; a
background scan maps into it through its calibration transform.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import (
    MAP_FORMAT,
    Bearing,
    BuildingId,
    HexLabel,
    Ident,
    InteriorId,
    Letter,
    LocationRef,
    Point,
    Polygon,
    Polyline,
    SheetId,
    Strict,
)
from .kinds import ApertureKind, Orientation, SheetKind, Stagger, Terrain, WallKind

SURFACE_TERRAIN = frozenset(
    {
        Terrain.clear,
        Terrain.hillock,
        Terrain.woods,
        Terrain.water,
        Terrain.open_sewer,
        Terrain.narrows,
        Terrain.vehicle_impassable,
    }
)
UNDERGROUND_TERRAIN = frozenset({Terrain.sewer, Terrain.passage, Terrain.solid})


class Grid(Strict):
    """The hex grid laid over the sheet."""

    orientation: Orientation = Field(Orientation.flat, description="Flat-topped or pointy-topped hexes.")
    size: float = Field(gt=0, le=1000, description="Hex size in mm: distance from centre to a corner.")
    origin: Point = Field(description="Centre, in mm, of the hex at (first_column, first_row).")
    columns: int = Field(ge=1, le=99, description="Number of hex columns.")
    rows: int = Field(ge=1, le=99, description="Number of hex rows.")
    first_column: int = Field(1, ge=0, le=98, description="Printed number of the first column.")
    first_row: int = Field(1, ge=0, le=98, description="Printed number of the first row.")
    stagger: Stagger = Field(
        Stagger.even,
        description="Printed columns (flat) or rows (pointy) shifted half a hex down (or right).",
    )
    half_hexes_playable: bool = Field(
        True, description="Whether hexes cut by the sheet edge are playable locations (5.1.1)."
    )


class Background(Strict):
    """A scanned map under the drawing, placed by its calibration transform."""

    image: str = Field(min_length=1, description="Image file (PNG or JPEG), relative to the sheet file.")
    transform: tuple[float, float, float, float, float, float] = Field(
        (1.0, 0.0, 0.0, 0.0, 1.0, 0.0),
        description="Affine map from image pixels (u, v) to sheet mm: x = a*u + b*v + c, y = d*u + e*v + f,"
        " given as [a, b, c, d, e, f].",
    )
    opacity: float = Field(1.0, ge=0, le=1, description="Opacity of the scan in the editor.")
    locked: bool = Field(True, description="Whether the scan is locked against accidental moves.")


class Zone(Strict):
    """A zone: part of a room, divided from the rest by zone limits (5.1.2)."""

    id: InteriorId = Field(description="Zone id '<building>.<n>'.")
    outline: Polygon = Field(description="Zone outline in mm.")


class Room(Strict):
    """A room. Undivided, it is one location; divided, each of its zones is a location."""

    id: InteriorId = Field(description="Room id '<building>.<n>'.")
    outline: Polygon = Field(description="Room outline in mm.")
    zones: list[Zone] = Field(default_factory=list, description="Zones dividing the room, if any.")


class RoofAccess(Strict):
    """An access-to-roof symbol: its blue dot is where roof LOS is traced from (5.1.7.3)."""

    id: Ident = Field(description="Id of the symbol.")
    at: Point = Field(
        description="Position of the symbol's dot in mm, inside a room or zone of the building."
    )
    direction: Bearing = Field(
        description="Direction the arrow points; two buildings' arrows pointing at each other allow"
        " roof-to-roof moves (8.1.9)."
    )


class Building(Strict):
    """A building: its footprint, its rooms and zones, and its roof accesses."""

    id: BuildingId = Field(description="Printed building number.")
    name: str = Field("", description="Optional name shown in the editor.")
    outline: Polygon = Field(description="Footprint of the building in mm.")
    level: int = Field(2, ge=0, le=3, description="Obstacle level of the building (buildings are level 2).")
    vehicles_may_enter: bool = Field(False, description="Vehicles may enter this building (hangars, 8.1.4).")
    rooms: list[Room] = Field(default_factory=list, description="Rooms of the building.")
    roof_accesses: list[RoofAccess] = Field(
        default_factory=list, description="Access-to-roof symbols; a roof '<building>.R' exists if any."
    )


class FireArc(Strict):
    """Sector, with the aperture as apex, from which the aperture can be crossed or fired through."""

    start: Bearing = Field(description="First edge of the sector.")
    end: Bearing = Field(description="Last edge of the sector, reached turning clockwise from start.")


class Aperture(Strict):
    """A door, window or breach point on a facade or outer wall (5.1.3.2)."""

    id: Ident = Field(description="Aperture id.")
    kind: ApertureKind = Field(description="Door and window (red arrows) or breach point (orange arrows).")
    at: Point = Field(description="Position on the wall, in mm.")
    interior: InteriorId | None = Field(
        None, description="The room or zone behind the aperture (required on facades)."
    )
    arc: FireArc = Field(description="Fire arc, outside the building.")


class Wall(Strict):
    """A wall drawn as a polyline; its kind sets what it blocks (5.1.3.1)."""

    id: Ident = Field(description="Wall id.")
    kind: WallKind = Field(description="Outer wall, facade, partition or zone limit.")
    points: Polyline = Field(description="Vertices of the wall in mm.")
    apertures: list[Aperture] = Field(default_factory=list, description="Apertures on this wall.")


class Manhole(Strict):
    """An Underground counter on a surface hex (5.1.5, 8.1.10)."""

    id: Ident = Field(description="Manhole id.")
    hex: HexLabel = Field(description="Hex of the manhole on this sheet.")
    letter: Letter | None = Field(None, description="Letter of the underground zone it leads to.")
    dummy: bool = Field(False, description="A dummy leads nowhere and only misleads the enemy.")


class UndergroundZone(Strict):
    """A lettered zone of an underground insert, reached from the manhole with the same letter."""

    letter: Letter = Field(description="Zone letter.")
    hexes: list[HexLabel] = Field(min_length=1, description="Hexes of the insert in this zone.")


class SewerLink(Strict):
    """An underground sewer hex connected to an open sewer hex of a surface sheet (5.1.6)."""

    hex: HexLabel = Field(description="Underground sewer hex of this insert.")
    surface: LocationRef = Field(description="The connected open sewer hex, as '<sheet><CCRR>'.")


class MapSheet(Strict):
    """A map sheet or an underground insert."""

    format: Literal["uo-map/1"] = Field(MAP_FORMAT, alias="schema", description="File format and version.")
    id: SheetId = Field(description="Sheet letter(s): the prefix of its hex ids.")
    kind: SheetKind = Field(SheetKind.surface, description="A surface sheet or an underground insert.")
    title: str = Field("", description="Title shown in the editor.")
    description: str = Field("", description="Notes for designers.")
    size: tuple[float, float] = Field(description="Printed size [width, height] in mm.")
    grid: Grid = Field(description="The hex grid.")
    background: Background | None = Field(None, description="Optional scan under the drawing.")
    default_terrain: Terrain = Field(
        Terrain.clear, description="Terrain of hexes not listed in `terrain` (use 'solid' for inserts)."
    )
    terrain: dict[HexLabel, Terrain] = Field(
        default_factory=dict, description="Terrain of each hex that differs from the default, by CCRR."
    )
    buildings: list[Building] = Field(default_factory=list, description="Buildings of the sheet.")
    walls: list[Wall] = Field(default_factory=list, description="Walls, facades, partitions and zone limits.")
    manholes: list[Manhole] = Field(default_factory=list, description="Underground counters on the sheet.")
    underground_zones: list[UndergroundZone] = Field(
        default_factory=list, description="Lettered zones (underground inserts only)."
    )
    sewer_links: list[SewerLink] = Field(
        default_factory=list, description="Underground sewer hexes joined to open sewers (inserts only)."
    )
