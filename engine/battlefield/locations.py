"""Locations and the steps between them: the compiled battlefield's vocabulary."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..model.kinds import LocKind, Terrain, WallKind

Pt = tuple[float, float]


SURFACE = "surface"


@dataclass(frozen=True, slots=True)
class Location:
    """A place a block can stand (2.3): hex, room, zone, roof or underground hex."""

    index: int
    id: str
    kind: LocKind
    layer: str  # "surface" or the underground insert's id: LOS never crosses layers
    sheet: str
    centre: Pt  # the centre dot, in the layer's frame (mm of the assembly)
    stand: int  # level of a block standing here (5.1.4)
    outline: tuple[Pt, ...]
    terrain: Terrain | None = None
    building: str | None = None
    room: str | None = None  # the room a zone belongs to; a room's own id

    @property
    def interior(self) -> bool:
        return self.kind in (LocKind.room, LocKind.zone)

    def __reduce__(self) -> tuple[type[Location], tuple[object, ...]]:
        # the constructor's arguments: reading a stored battlefield (store.py) builds its
        # thousands of locations at constructor speed, not through dataclasses' generic
        # __setstate__ (a third of `uo query`'s start-up)
        return (Location, _values(self))


@dataclass(frozen=True)
class WallPiece:
    """One segment of a wall in the frame of its layer, for movement and LOS."""

    a: Pt
    b: Pt
    kind: WallKind
    wall: str
    sheet: str
    layer: str


class StepKind(StrEnum):
    hex = "hex"  # hex to hex across a clear side
    outer_wall = "outer_wall"  # hex to hex across an outer wall (8.1.6)
    aperture = "aperture"  # through a door, window or breach (8.1.4, 8.1.5)
    partition = "partition"  # type: ignore[assignment]  # room to room (8.1.3)
    zone = "zone"  # zone to zone in one room (8.1.3)
    stairs = "stairs"  # room or zone with an access symbol <-> roof (8.1.8)
    roof_to_roof = "roof_to_roof"  # 8.1.9
    climb = "climb"  # hex <-> roof by ladder or over a block (8.1.7)
    manhole = "manhole"  # surface <-> underground zone (8.1.10)
    sewer = "sewer"  # open sewer <-> underground sewer (5.1.6)
    effect = "effect"  # no movement: effects only (through a facade, between roofs)


@dataclass(frozen=True, slots=True)
class Step:
    """One directed step between adjacent locations, with its costs.

    MP costs are for the whole step (None: impassable for that class). `over_block` is the
    chart's total when a friendly vehicle or ladder block stands at either end (8.1.6,
    8.1.7: "1+2"); the 1 MP is the move into the helper's hex, so the step itself costs
    `over_block - movement.ONTO_BLOCK` (see `movement.step_cost`)."""

    src: int
    dst: int
    kind: StepKind
    ep: int
    foot: int | None = None
    foot_ladder: int | None = None
    vehicle: int | None = None
    over_block: int | None = None
    aperture: str | None = None  # aperture id
    breach: bool = False  # needs the breach opened (a Breach marker) to be crossed
    rule: str = ""  # rulebook section the cost comes from

    def __reduce__(self) -> tuple[type[Step], tuple[object, ...]]:
        return (Step, _values(self))  # as Location's


def _values(obj: object) -> tuple[object, ...]:
    return tuple(getattr(obj, name) for name in obj.__slots__)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Dynamic:
    """What changes during a game and the static battlefield does not hold."""

    opened_breaches: frozenset[str] = frozenset()  # aperture ids with a Breach marker
    helpers: frozenset[str] = frozenset()  # locations holding a friendly vehicle or ladder block
    barricades: frozenset[str] = frozenset()  # locations holding a barricade (5.2.3.5)
    impassable: frozenset[str] = frozenset()  # IED/UXO counters and other no-go locations
    smoke: frozenset[str] = frozenset()  # LOS blockers (5.1.7.1)
    wrecks: frozenset[str] = frozenset()
    vehicles: frozenset[str] = frozenset()


NO_DYNAMIC = Dynamic()
