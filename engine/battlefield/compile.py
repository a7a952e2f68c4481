"""Compile sheets (+ a scenario's assembly) into an immutable battlefield.

Data flows one way: files -> model -> battlefield. The battlefield holds every location
with its centre dot and level, and every step between adjacent locations with its MP and
EP costs from the terrain chart (engine/battlefield/data/terrain.yaml unless a house-rule
chart is given). It is cached by a hash of its inputs, so the editor, the CLI and the engine
share one compiled copy.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..geometry.hexgrid import HexGrid
from ..geometry.polygons import (
    bearing,
    boundary_distance,
    dist,
    in_arc,
    interior_point,
    strictly_inside,
)
from ..io.files import load_document
from ..io.problems import LoadError, Problem
from ..model.scenario import Scenario
from ..model.sheet import (
    Aperture,
    ApertureKind,
    Building,
    MapSheet,
    Room,
    SheetKind,
    Terrain,
    Wall,
    WallKind,
    Zone,
)
from ..model.terrain_chart import TerrainChart
from .battlefield import ApertureInfo, Battlefield
from .locations import SURFACE, Location, LocKind, Pt, Step, StepKind, WallPiece
from .sheet_hexes import Footprint, hex_locations
from .spatial import BoxIndex, SegmentIndex, box_of
from .store import load_battlefield, save_battlefield
from .store import los_table as stored_los_table
from .terrain import load_terrain_chart

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Placement:
    """Where a sheet sits in the assembly (mm) and whether it is turned round."""

    position: Pt = (0.0, 0.0)
    rotation: int = 0

    def apply(self, sheet: MapSheet, p: Pt) -> Pt:
        x, y = p
        if self.rotation == 180:
            x, y = sheet.size[0] - x, sheet.size[1] - y
        return (x + self.position[0], y + self.position[1])

    def turn(self, bearing_deg: float) -> float:
        return (bearing_deg + self.rotation) % 360.0


class CompileError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(p.format() for p in problems))


# --- building the battlefield --------------------------------------------------------------


class _Builder:
    def __init__(self, chart: TerrainChart):
        self.chart = chart
        self.locations: list[Location] = []
        self.steps: list[Step] = []
        self.walls: list[WallPiece] = []
        self.apertures: dict[str, ApertureInfo] = {}
        self.buildings: dict[str, tuple[Pt, ...]] = {}
        self.building_level: dict[str, int] = {}
        self.roof_dots: dict[str, Pt] = {}
        self.roof_accesses: dict[str, list[tuple[Pt, float]]] = {}
        self.hex_size: dict[str, float] = {}
        self.grids: dict[str, tuple[str, HexGrid]] = {}
        self.aliases: dict[str, str] = {}
        self.by_id: dict[str, Location] = {}
        self.hex_at: dict[tuple[str, int, int], int] = {}  # (layer, rounded x, y) -> index
        self.sheet_hexes: dict[str, dict[str, int]] = defaultdict(dict)  # sheet -> CCRR -> index
        self.underground_zones: dict[str, list[int]] = defaultdict(list)  # letter -> hex indices
        self.pairs: set[tuple[int, int, StepKind]] = set()
        self.enterable: set[str] = set()  # buildings vehicles may enter (8.1.4)

    # -- locations ------------------------------------------------------------------------
    def add(self, **kw: object) -> Location:
        loc = Location(index=len(self.locations), **kw)  # type: ignore[arg-type]
        self.locations.append(loc)
        self.by_id[loc.id] = loc
        return loc

    def add_step(self, src: int, dst: int, kind: StepKind, **kw: object) -> None:
        key = (src, dst, kind)
        if key in self.pairs or src == dst:
            return
        self.pairs.add(key)
        # a ladder changes only outer walls and roofs (8.1.6, 8.1.7): elsewhere it costs as on foot
        kw.setdefault("foot_ladder", kw.get("foot"))
        self.steps.append(Step(src=src, dst=dst, kind=kind, **kw))  # type: ignore[arg-type]

    def add_sheet(self, sheet: MapSheet, place: Placement) -> None:
        layer = SURFACE if sheet.kind == SheetKind.surface else sheet.id
        grid = HexGrid(sheet.grid)
        self.hex_size.setdefault(layer, sheet.grid.size)
        if layer != SURFACE:
            self.grids[layer] = (sheet.id, grid)
        for b in sheet.buildings:
            self.buildings[b.id] = tuple(place.apply(sheet, p) for p in b.outline)
            self.building_level[b.id] = b.level
        for label in hex_locations(sheet):
            terrain = sheet.terrain.get(label, sheet.default_terrain)
            centre = place.apply(sheet, grid.centre(label))
            key = (layer, round(centre[0] * 10), round(centre[1] * 10))
            ident = sheet.id + label
            if key in self.hex_at:  # half-hexes of two assembled sheets make one hex
                existing = self.locations[self.hex_at[key]]
                self.aliases[ident] = existing.id
                self.sheet_hexes[sheet.id][label] = existing.index
                continue
            loc = self.add(
                id=ident,
                kind=LocKind.hex if layer == SURFACE else LocKind.underground,
                layer=layer,
                sheet=sheet.id,
                centre=centre,
                stand=self.chart.hexes[terrain].stand,
                outline=tuple(place.apply(sheet, p) for p in grid.corners(label)),
                terrain=terrain,
            )
            self.hex_at[key] = loc.index
            self.sheet_hexes[sheet.id][label] = loc.index
        for b in sheet.buildings:
            self._add_building(sheet, b, place)
        for wall in sheet.walls:
            self._add_wall(sheet, wall, place, layer)
        for zone in sheet.underground_zones:
            for label in zone.hexes:
                if label in self.sheet_hexes[sheet.id]:
                    self.underground_zones[zone.letter].append(self.sheet_hexes[sheet.id][label])

    def _add_building(self, sheet: MapSheet, b: Building, place: Placement) -> None:
        for room in b.rooms:
            parts: list[Room] | list[Zone] = room.zones or [room]
            for part in parts:
                outline = tuple(place.apply(sheet, p) for p in part.outline)
                kind = LocKind.zone if room.zones else LocKind.room
                cost = self.chart.zone if room.zones else self.chart.room
                self.add(
                    id=part.id,
                    kind=kind,
                    layer=SURFACE,
                    sheet=sheet.id,
                    centre=interior_point(outline),
                    stand=cost.stand,
                    outline=outline,
                    building=b.id,
                    room=room.id,
                )
        if b.roof_accesses:
            dots = [(place.apply(sheet, a.at), place.turn(a.direction)) for a in b.roof_accesses]
            outline = self.buildings[b.id]
            self.add(
                id=f"{b.id}.R",
                kind=LocKind.roof,
                layer=SURFACE,
                sheet=sheet.id,
                centre=dots[0][0],  # 5.1.7.3: roof LOS from the access symbol's dot
                stand=b.level,  # a roof stands at its building's level (2 unless set)
                outline=outline,
                building=b.id,
            )
            self.roof_dots[b.id] = dots[0][0]
            self.roof_accesses[b.id] = dots

    def _add_wall(self, sheet: MapSheet, wall: Wall, place: Placement, layer: str) -> None:
        pts = [place.apply(sheet, p) for p in wall.points]
        for a, b in itertools.pairwise(pts):
            self.walls.append(WallPiece(a, b, wall.kind, wall.id, sheet.id, layer))
        for ap in wall.apertures:
            self.apertures[ap.id] = _aperture_info(ap, wall, sheet, place)

    # -- steps ----------------------------------------------------------------------------
    def connect(self, manholes: list[tuple[int, str]], sewer_links: list[tuple[int, str]]) -> None:
        index = {layer: SegmentIndex([w for w in self.walls if w.layer == layer]) for layer in self.hex_size}
        self._hex_steps(index)
        self._interior_steps()
        self._aperture_steps()
        self._roof_steps()
        self._underground_steps(manholes, sewer_links)

    def _hex_steps(self, index: dict[str, SegmentIndex]) -> None:
        chart = self.chart
        buckets: dict[tuple[str, int, int], list[Location]] = defaultdict(list)
        hexes = [loc for loc in self.locations if loc.kind in (LocKind.hex, LocKind.underground)]
        for loc in hexes:
            size = self.hex_size[loc.layer]
            cell = SQRT3 * size
            buckets[(loc.layer, int(loc.centre[0] // cell), int(loc.centre[1] // cell))].append(loc)
        footprints = [Footprint(o) for o in self.buildings.values()]
        building_index = BoxIndex([(fp.box, fp) for fp in footprints])
        for loc in hexes:
            size = self.hex_size[loc.layer]
            cell = SQRT3 * size
            cx, cy = int(loc.centre[0] // cell), int(loc.centre[1] // cell)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for other in buckets.get((loc.layer, cx + dx, cy + dy), ()):
                        if (
                            other.index <= loc.index
                            or abs(dist(loc.centre, other.centre) - cell) > 0.05 * size
                        ):
                            continue
                        # buildings stand on the surface only: an insert shares the frame's
                        # millimetres but not the surface's buildings
                        on_layer = building_index if loc.layer == SURFACE else None
                        crossing = _side_crossing(loc, other, index[loc.layer], on_layer, size)
                        if crossing == "blocked":
                            # effects still pass a facade or building between two hexes
                            ep = 1 + chart.walls.facade.ep
                            self.add_step(loc.index, other.index, StepKind.effect, ep=ep, rule="5.1.3.1")
                            self.add_step(other.index, loc.index, StepKind.effect, ep=ep, rule="5.1.3.1")
                            continue
                        for a, b in ((loc, other), (other, loc)):
                            enter = chart.hexes[b.terrain or Terrain.clear]
                            if crossing == "outer_wall":
                                ow = chart.walls.outer_wall
                                self.add_step(
                                    a.index,
                                    b.index,
                                    StepKind.outer_wall,
                                    ep=enter.ep + ow.ep,
                                    foot=ow.foot,
                                    foot_ladder=ow.ladder,
                                    vehicle=None,
                                    over_block=ow.over_block,
                                    rule="8.1.6",
                                )
                            else:
                                self.add_step(
                                    a.index,
                                    b.index,
                                    StepKind.hex,
                                    ep=enter.ep,
                                    foot=enter.foot,
                                    vehicle=chart.vehicle_entry_mp(b.kind, b.terrain),
                                    rule="8.1.2",
                                )

    def _interior_steps(self) -> None:
        chart = self.chart
        by_building: dict[str, list[Location]] = defaultdict(list)
        for loc in self.locations:
            if loc.interior and loc.building:
                by_building[loc.building].append(loc)
        for bid, rooms in by_building.items():
            enterable = self._enterable(bid)
            for i, a in enumerate(rooms):
                for b in rooms[i + 1 :]:
                    if _shared_boundary(a.outline, b.outline) <= 0.5:
                        continue
                    same_room = a.room == b.room
                    for x, y in ((a, b), (b, a)):
                        cost = chart.zone if y.kind == LocKind.zone else chart.room
                        if same_room:
                            wall = chart.walls.zone_limit
                            kind, rule = StepKind.zone, "8.1.3"
                        else:
                            wall = chart.walls.partition
                            kind, rule = StepKind.partition, "8.1.3"
                        foot = None if cost.foot is None else cost.foot + wall.foot_extra
                        vehicle = chart.vehicle_entry_mp(y.kind, enterable=enterable)
                        self.add_step(
                            x.index,
                            y.index,
                            kind,
                            ep=cost.ep + wall.ep,
                            foot=foot,
                            vehicle=None if vehicle is None else vehicle + wall.foot_extra,
                            rule=rule,
                        )
        # effects through facades: an interior location and the hexes touching its outline
        facade_ep = chart.walls.facade.ep
        for loc in self.locations:
            if not loc.interior:
                continue
            size = self.hex_size[SURFACE]
            for hx in self._hexes_near(loc.outline, size * 1.05):
                self.add_step(
                    hx.index, loc.index, StepKind.effect, ep=chart.room.ep + facade_ep, rule="5.1.3.1"
                )
                self.add_step(loc.index, hx.index, StepKind.effect, ep=1 + facade_ep, rule="5.1.3.1")

    def _enterable(self, building: str) -> bool:
        return building in self.enterable

    def _hexes_near(self, outline: Sequence[Pt], reach: float) -> Iterable[Location]:
        """Surface hexes whose centre lies within `reach` of the outline, in location order."""
        for loc in self.surface_hexes.overlapping(box_of(outline, reach)):
            if boundary_distance(loc.centre, outline) <= reach:
                yield loc

    @cached_property
    def surface_hexes(self) -> BoxIndex[Location]:
        # asked only once every location is added (steps come after locations)
        cell = SQRT3 * self.hex_size.get(SURFACE, 1.0)
        return BoxIndex(
            [((*loc.centre, *loc.centre), loc) for loc in self.locations if loc.kind == LocKind.hex], cell
        )

    def _aperture_steps(self) -> None:
        chart = self.chart
        size = self.hex_size.get(SURFACE, 1.0)
        for ap in self.apertures.values():
            if ap.wall_kind not in (WallKind.facade, WallKind.outer_wall):
                continue  # validation reports it (L110); nothing to cross
            near = [
                h for h in self._hexes_near([ap.at, ap.at, ap.at], size * 1.5) if _hex_touches(h, ap.at, size)
            ]
            in_arc_hexes = [h for h in near if in_arc(bearing(ap.at, h.centre), *ap.arc)]
            if ap.wall_kind == WallKind.facade:
                if ap.interior is None or ap.interior not in self.by_id:
                    continue
                room = self.by_id[ap.interior]
                enterable = room.building is not None and self._enterable(room.building)
                cost = (
                    chart.apertures.breach_facade
                    if ap.kind == ApertureKind.breach
                    else chart.apertures.door_or_window
                )
                # vehicles enter a hangar by its doors, never by a breach in a facade
                # (5.2.4.1: "vehicles may only cross the breaches opened in the outer walls")
                vehicle = cost.foot if enterable and ap.kind != ApertureKind.breach else cost.vehicle
                for h in in_arc_hexes:
                    for x, y in ((h, room), (room, h)):
                        self.add_step(
                            x.index,
                            y.index,
                            StepKind.aperture,
                            ep=1 + cost.ep,
                            foot=cost.foot,
                            vehicle=vehicle,
                            aperture=ap.id,
                            breach=ap.kind == ApertureKind.breach,
                            rule="8.1.5" if ap.kind == ApertureKind.breach else "8.1.4",
                        )
            else:
                # an aperture in an outer wall joins the hexes in its arc to those on the
                # other side, in the opposite sector (docs/rules.md, "outer-wall apertures")
                start, end = ap.arc
                behind = [
                    h
                    for h in near
                    if in_arc(bearing(ap.at, h.centre), (start + 180) % 360, (end + 180) % 360)
                ]
                cost = (
                    chart.apertures.breach_outer
                    if ap.kind == ApertureKind.breach
                    else chart.apertures.door_or_window
                )
                for a in in_arc_hexes:
                    for b in behind:
                        for x, y in ((a, b), (b, a)):
                            self.add_step(
                                x.index,
                                y.index,
                                StepKind.aperture,
                                ep=chart.hexes[y.terrain or Terrain.clear].ep + cost.ep,
                                foot=cost.foot,
                                vehicle=cost.vehicle,
                                aperture=ap.id,
                                breach=ap.kind == ApertureKind.breach,
                                rule="8.1.5" if ap.kind == ApertureKind.breach else "8.1.4",
                            )

    def _roof_steps(self) -> None:
        chart = self.chart
        size = self.hex_size.get(SURFACE, 1.0)
        roofs = {loc.building: loc for loc in self.locations if loc.kind == LocKind.roof and loc.building}
        interiors: dict[str, list[Location]] = defaultdict(list)
        for loc in self.locations:
            if loc.interior and loc.building:
                interiors[loc.building].append(loc)
        for bid, roof in roofs.items():
            # stairs: the rooms and zones holding an access symbol (8.1.8)
            for dot, _ in self.roof_accesses[bid]:
                for loc in interiors[bid]:
                    if _contains(loc.outline, dot):
                        self.add_step(
                            loc.index,
                            roof.index,
                            StepKind.stairs,
                            ep=chart.roof.ep,
                            foot=chart.roofs.stairs,
                            rule="8.1.8",
                        )
                        self.add_step(
                            roof.index,
                            loc.index,
                            StepKind.stairs,
                            ep=chart.room.ep,
                            foot=chart.roofs.stairs,
                            rule="8.1.8",
                        )
            # from the street with a ladder or over a block (8.1.7)
            for hx in self._hexes_near(self.buildings[bid], size * 1.05):
                for x, y in ((hx, roof), (roof, hx)):
                    self.add_step(
                        x.index,
                        y.index,
                        StepKind.climb,
                        ep=chart.roofs.ep,
                        foot=None,
                        foot_ladder=chart.roofs.ladder,
                        over_block=chart.roofs.over_block,
                        rule="8.1.7",
                    )
        # roof to roof: contiguous buildings whose arrows point at each other (8.1.9)
        items = list(roofs.items())
        boxes = BoxIndex([(box_of(self.buildings[bid], CONTIGUOUS), i) for i, (bid, _) in enumerate(items)])
        for i, (ba, ra) in enumerate(items):
            for j in boxes.overlapping(box_of(self.buildings[ba], CONTIGUOUS)):
                if j <= i:
                    continue
                bb, rb = items[j]
                if not _contiguous(self.buildings[ba], self.buildings[bb]):
                    continue
                facing = any(
                    _points_at(pa, da, pb) and _points_at(pb, db, pa)
                    for pa, da in self.roof_accesses[ba]
                    for pb, db in self.roof_accesses[bb]
                )
                for x, y in ((ra, rb), (rb, ra)):
                    if facing:
                        self.add_step(
                            x.index,
                            y.index,
                            StepKind.roof_to_roof,
                            ep=chart.roofs.ep,
                            foot=chart.roofs.roof_to_roof,
                            rule="8.1.9",
                        )
                    else:
                        self.add_step(x.index, y.index, StepKind.effect, ep=chart.roofs.ep, rule="5.1.7.3")

    def _underground_steps(self, manholes: list[tuple[int, str]], sewer_links: list[tuple[int, str]]) -> None:
        chart = self.chart
        for hex_index, letter in manholes:
            for u in self.underground_zones.get(letter, []):
                for x, y in ((hex_index, u), (u, hex_index)):
                    self.add_step(
                        x,
                        y,
                        StepKind.manhole,
                        ep=chart.manhole.ep,
                        foot=chart.manhole.foot,
                        rule="8.1.10",
                    )
        for u_index, surface_id in sewer_links:
            surface = self.by_id.get(self.aliases.get(surface_id, surface_id))
            if surface is None:
                continue
            underground = self.locations[u_index]
            for src, dst in ((underground, surface), (surface, underground)):
                enter = chart.hexes[dst.terrain or Terrain.clear]
                self.add_step(
                    src.index,
                    dst.index,
                    StepKind.sewer,
                    ep=enter.ep,
                    foot=enter.foot,
                    rule="5.1.6",
                )


def _aperture_info(ap: Aperture, wall: Wall, sheet: MapSheet, place: Placement) -> ApertureInfo:
    return ApertureInfo(
        id=ap.id,
        kind=ap.kind,
        at=place.apply(sheet, ap.at),
        arc=(place.turn(ap.arc.start), place.turn(ap.arc.end)),
        wall_kind=wall.kind,
        interior=ap.interior,
        sheet=sheet.id,
    )


def _contains(outline: Sequence[Pt], p: Pt) -> bool:
    return strictly_inside(outline, p) or boundary_distance(p, outline) <= 0.05


def _hex_touches(h: Location, p: Pt, size: float) -> bool:
    """A hex is adjacent to an aperture when the aperture lies on or near its outline
    (within half a hex size): docs/rules.md, "adjacent to an aperture"."""
    return strictly_inside(h.outline, p) or boundary_distance(p, h.outline) <= 0.5 * size


def _side_crossing(
    a: Location, b: Location, index: SegmentIndex, buildings: BoxIndex[Footprint] | None, size: float
) -> str:
    """What lies across the shared side of two neighbouring hexes (8.1.2): "clear" if a
    block can pass somewhere along the side, "outer_wall" if only by crossing an outer
    wall, "blocked" if facades or buildings close the WHOLE side."""
    (ax, ay), (bx, by) = a.centre, b.centre
    # most sides of a large map have no wall anywhere near: only a building can close them
    near = index.overlaps(min(ax, bx) - size, min(ay, by) - size, max(ax, bx) + size, max(ay, by) + size)
    mx, my = (a.centre[0] + b.centre[0]) / 2, (a.centre[1] + b.centre[1]) / 2
    # the shared side is perpendicular to the centre line, of length `size`
    dx, dy = b.centre[0] - a.centre[0], b.centre[1] - a.centre[1]
    length = math.hypot(dx, dy)
    ux, uy = -dy / length, dx / length
    results = []
    for t in (-0.4, 0.0, 0.4):  # three ways across the side: near each corner and the middle
        p = (mx + ux * size * t, my + uy * size * t)
        crossing = _path_crossing(a.centre, p, b.centre, index if near else None, buildings)
        if crossing == "clear":
            return "clear"
        results.append(crossing)
    if "outer_wall" in results:
        return "outer_wall"
    return "blocked"


def _path_crossing(
    a: Pt, p: Pt, b: Pt, index: SegmentIndex | None, buildings: BoxIndex[Footprint] | None
) -> str:
    """Crossing along the bent path a -> p -> b: "blocked" by a facade, a partition or a
    building holding p, else "outer_wall" if one is crossed, else "clear". `index`: the
    walls, None when none is near; `buildings`: None on a layer without any."""
    if buildings is not None and any(outline.holds(p) for outline in buildings.at(p)):
        return "blocked"
    worst = "clear"
    if index is None:
        return worst
    # each half overshoots p a little, so that a wall drawn exactly along the side (its
    # line through p) is properly crossed rather than merely touched at p
    eps = 1e-3
    beyond = (p[0] + (p[0] - a[0]) * eps, p[1] + (p[1] - a[1]) * eps)
    before = (p[0] - (b[0] - p[0]) * eps, p[1] - (b[1] - p[1]) * eps)
    for s, e in ((a, beyond), (before, b)):
        for w in index.crossing(s, e):
            if w.kind in (WallKind.facade, WallKind.partition):
                return "blocked"
            if w.kind == WallKind.outer_wall:
                worst = "outer_wall"
    return worst


def _shared_boundary(p: Sequence[Pt], q: Sequence[Pt], tol: float = 0.05) -> float:
    """Length of boundary two polygons share (collinear overlapping edges)."""
    total = 0.0
    for i in range(len(p)):
        a, b = p[i], p[(i + 1) % len(p)]
        la = dist(a, b)
        if la == 0:
            continue
        ux, uy = (b[0] - a[0]) / la, (b[1] - a[1]) / la
        for j in range(len(q)):
            c, d = q[j], q[(j + 1) % len(q)]
            # both ends of cd on the line of ab?
            if (
                abs((c[0] - a[0]) * uy - (c[1] - a[1]) * ux) > tol
                or abs((d[0] - a[0]) * uy - (d[1] - a[1]) * ux) > tol
            ):
                continue
            tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
            td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
            lo, hi = max(0.0, min(tc, td)), min(la, max(tc, td))
            if hi > lo:
                total += hi - lo
    return total


#: how far (mm) two buildings' outlines may lie apart and still be contiguous (8.1.9)
CONTIGUOUS = 0.5


def _contiguous(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    return _shared_boundary(p, q, tol=CONTIGUOUS) > CONTIGUOUS


def _points_at(origin: Pt, direction: float, target: Pt, tolerance: float = 45.0) -> bool:
    """An access arrow points at a target when the bearing to it is within 45 degrees."""
    diff = (bearing(origin, target) - direction + 180.0) % 360.0 - 180.0
    return abs(diff) <= tolerance


# --- entry points ----------------------------------------------------------------------------

#: The battlefields compiled last, by content digest, most recent last. Bounded: an editor
#: recompiles on every edit, and each battlefield carries its own derived indexes.
CACHE_SIZE = 8
_CACHE: OrderedDict[str, Battlefield] = OrderedDict()


def _digest(parts: Iterable[object]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(json.dumps(part, sort_keys=True, default=str).encode())
    return h.hexdigest()


def compile_sheets(
    sheets: Sequence[tuple[MapSheet, Placement]],
    inserts: Sequence[MapSheet] = (),
    chart: TerrainChart | None = None,
) -> Battlefield:
    """Compile placed surface sheets and underground inserts (cached in memory by content
    hash; store.compiled adds the disk). `chart`: the terrain chart (None: the shipped one)."""
    if chart is None:
        chart = load_terrain_chart()
    digest = content_digest(sheets, inserts, chart)
    cached = recall(digest)
    if cached is not None:
        return cached
    b = _Builder(chart)
    b.enterable = {bd.id for s, _ in sheets for bd in s.buildings if bd.vehicles_may_enter}
    for sheet, place in sheets:
        b.add_sheet(sheet, place)
    for insert in inserts:
        b.add_sheet(insert, Placement())
    manholes = [
        (b.sheet_hexes[s.id][m.hex], m.letter)
        for s, _ in sheets
        for m in s.manholes
        if not m.dummy and m.letter and m.hex in b.sheet_hexes[s.id]
    ]
    links = [
        (b.sheet_hexes[ins.id][link.hex], link.surface)
        for ins in inserts
        for link in ins.sewer_links
        if link.hex in b.sheet_hexes[ins.id]
    ]
    b.connect(manholes, links)
    bf = Battlefield(
        b.locations,
        b.steps,
        b.walls,
        b.apertures,
        b.buildings,
        b.roof_dots,
        b.hex_size,
        b.aliases,
        digest,
        chart,
        b.grids,
        b.building_level,
        los_table=stored_los_table,
    )
    remember(bf)
    return bf


def compile_stored(
    sheets: Sequence[tuple[MapSheet, Placement]],
    inserts: Sequence[MapSheet] = (),
    chart: TerrainChart | None = None,
) -> Battlefield:
    """`compile_sheets` through the disk cache (store.py): the battlefield of this content
    from memory, else from disk, else compiled and written for the next process. For the
    play (Game.load) and `uo query`; the editor's probes, recompiling on every edit, keep
    to memory."""
    digest = content_digest(sheets, inserts, chart)
    bf = recall(digest)
    if bf is not None:  # compiled here before, maybe not through the store
        save_battlefield(bf, replace=False)
        return bf
    bf = load_battlefield(digest)
    if bf is not None:
        remember(bf)
        return bf
    bf = compile_sheets(sheets, inserts, chart)
    save_battlefield(bf)
    return bf


def content_digest(
    sheets: Sequence[tuple[MapSheet, Placement]],
    inserts: Sequence[MapSheet] = (),
    chart: TerrainChart | None = None,
) -> str:
    """The digest of what a battlefield is compiled from (its sheets with their placements,
    inserts and terrain chart): its identity in memory and on disk (store.py)."""
    if chart is None:
        chart = load_terrain_chart()
    return _digest(
        [chart.model_dump(mode="json")]
        + [[s.model_dump(mode="json"), [p.position, p.rotation]] for s, p in sheets]
        + [s.model_dump(mode="json") for s in inserts]
    )


def recall(digest: str) -> Battlefield | None:
    """The battlefield of `digest` if compiled (or read from disk) lately in this process."""
    cached = _CACHE.get(digest)
    if cached is not None:
        _CACHE.move_to_end(digest)
    return cached


def remember(bf: Battlefield) -> None:
    """Keep `bf` among the last CACHE_SIZE battlefields of this process."""
    _CACHE[bf.digest] = bf
    _CACHE.move_to_end(bf.digest)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def compile_file(path: Path | str, chart: TerrainChart | None = None, stored: bool = False) -> Battlefield:
    """Compile a sheet file or a scenario file (its sheets and inserts) with `chart` (None:
    the shipped terrain chart); `stored`: through the disk cache (`compile_stored`)."""
    path = Path(path)
    build = compile_stored if stored else compile_sheets
    doc = load_document(path)
    if doc.model is None:
        raise CompileError(doc.problems)
    model = doc.model
    if isinstance(model, MapSheet):
        if model.kind == SheetKind.underground:
            return build([], [model], chart)
        return build([(model, Placement())], chart=chart)
    if isinstance(model, Scenario):
        sheets = []
        for placement in model.map.sheets:
            sheets.append(
                (_load_sheet(path.parent / placement.file), Placement(placement.position, placement.rotation))
            )
        inserts = [_load_sheet(path.parent / ins.file) for ins in model.map.underground]
        return build(sheets, inserts, chart)
    raise CompileError(
        [Problem(doc.name, 1, 1, "P006", "a sheet or a scenario is needed, not a card library")]
    )


def _load_sheet(path: Path) -> MapSheet:
    try:
        doc = load_document(path)
    except LoadError as exc:
        raise CompileError(exc.problems) from None
    if not isinstance(doc.model, MapSheet):
        raise CompileError(doc.problems or [Problem(doc.name, 1, 1, "P006", "not a map sheet")])
    return doc.model


__all__ = [
    "CompileError",
    "Placement",
    "compile_file",
    "compile_sheets",
    "compile_stored",
    "content_digest",
    "recall",
    "remember",
]
