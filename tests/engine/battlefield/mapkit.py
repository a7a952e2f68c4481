"""Tiny map sheets built in code, so each battlefield test makes exactly the map it needs.

The default grid is flat-topped, hex size 10 mm, origin (10, 10), 6 columns x 5 rows
printed from 0101, even columns half a hex lower (`stagger: even`)::

    A0101 (10, 10)    A0201 (25, 18.66)   A0301 (40, 10)  ...
    A0102 (10, 27.32) A0202 (25, 35.98)   A0302 (40, 27.32) ...

Buildings are unions of whole hexes: their outline, rooms, zones and walls run along hex
edges, so a hex is under a building exactly when the building was made from it.
Apertures sit at the middle of a hex side, with a fire arc centred on the outward normal.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from engine.battlefield import Battlefield, Placement, compile_sheets
from engine.geometry.hexgrid import DIRECTIONS, HexGrid
from engine.geometry.polygons import bearing, polyline_distance
from engine.model.sheet import Grid, MapSheet
from engine.model.terrain_chart import TerrainChart

Pt = tuple[float, float]
SQRT3 = math.sqrt(3.0)


def _key(p: Pt) -> tuple[int, int]:
    return (round(p[0] * 1000), round(p[1] * 1000))


def _chain(segments: Iterable[tuple[Pt, Pt]]) -> list[list[Pt]]:
    """Join segments sharing end points into polylines (closed ones repeat their start)."""
    segs = [tuple(s) for s in segments]
    ends: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (a, b) in enumerate(segs):
        ends[_key(a)].append(i)
        ends[_key(b)].append(i)
    used: set[int] = set()
    lines: list[list[Pt]] = []
    # start from free ends (points of one segment) so open chains come out whole
    free = [i for i, (a, b) in enumerate(segs) if len(ends[_key(a)]) == 1 or len(ends[_key(b)]) == 1]
    order = free + list(range(len(segs)))
    for first in order:
        if first in used:
            continue
        a, b = segs[first]
        if len(ends[_key(a)]) != 1 and len(ends[_key(b)]) == 1:
            a, b = b, a
        used.add(first)
        line = [a, b]
        while True:
            nxt = [i for i in ends[_key(line[-1])] if i not in used]
            if not nxt:
                break
            i = nxt[0]
            used.add(i)
            c, d = segs[i]
            line.append(d if _key(c) == _key(line[-1]) else c)
        lines.append(line)
    return lines


def _simplify(points: list[Pt]) -> list[Pt]:
    """Drop vertices in the middle of straight runs."""
    out: list[Pt] = []
    for p in points:
        if len(out) >= 2:
            a, b = out[-2], out[-1]
            cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
            if abs(cross) < 1e-6:
                out[-1] = p
                continue
        out.append(p)
    return out


class MapKit:
    """Builds one `MapSheet` (surface sheet or underground insert) hex by hex."""

    def __init__(
        self,
        sheet_id: str = "A",
        columns: int = 6,
        rows: int = 5,
        size: float = 10.0,
        origin: Pt = (10.0, 10.0),
        kind: str = "surface",
        default_terrain: str | None = None,
        width: float | None = None,
        height: float | None = None,
    ):
        self.id = sheet_id
        self.kind = kind
        self.size = size
        self.grid_model = Grid(size=size, origin=origin, columns=columns, rows=rows)
        self.grid = HexGrid(self.grid_model)
        self.width = width or origin[0] + (columns - 1) * 1.5 * size + size
        self.height = height or origin[1] + rows * SQRT3 * size
        self.default_terrain = default_terrain or ("solid" if kind == "underground" else "clear")
        self.terrain: dict[str, str] = {}
        self.buildings: list[dict[str, Any]] = []
        self.walls: list[dict[str, Any]] = []
        self.manholes: list[dict[str, Any]] = []
        self.underground_zones: list[dict[str, Any]] = []
        self.sewer_links: list[dict[str, Any]] = []
        self._n = 0

    # -- hex geometry ---------------------------------------------------------------------
    def labels(self) -> list[str]:
        return list(self.grid.labels())

    def hid(self, label: str) -> str:
        """The location id of a hex of this sheet."""
        return self.id + label

    def centre(self, label: str) -> Pt:
        return self.grid.centre(label)

    def corners(self, label: str) -> list[Pt]:
        return self.grid.corners(label)

    def neighbours(self, label: str) -> list[str]:
        c = self.grid.cube_of(label)
        out = []
        for d in DIRECTIONS:
            n = self.grid.label_of(c + d)
            if self.grid.contains(n):
                out.append(n)
        return out

    def side(self, a: str, b: str) -> tuple[Pt, Pt]:
        """The two corners of the side shared by neighbouring hexes a and b."""
        kb = {_key(p) for p in self.corners(b)}
        shared = [p for p in self.corners(a) if _key(p) in kb]
        assert len(shared) == 2, f"{a} and {b} are not neighbours"
        return shared[0], shared[1]

    def mid(self, a: str, b: str) -> Pt:
        p, q = self.side(a, b)
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)

    def outline(self, labels: Sequence[str]) -> list[Pt]:
        """Outline of a union of hexes (one simply connected region), along hex edges."""
        count: dict[frozenset[tuple[int, int]], int] = defaultdict(int)
        pts: dict[tuple[int, int], Pt] = {}
        for label in labels:
            cs = self.corners(label)
            for i in range(6):
                a, b = cs[i], cs[(i + 1) % 6]
                pts[_key(a)], pts[_key(b)] = a, b
                count[frozenset((_key(a), _key(b)))] += 1
        boundary = [tuple(pts[k] for k in edge) for edge, n in count.items() if n == 1]
        (ring,) = _chain(boundary)  # type: ignore[arg-type]
        ring = _simplify(ring)[:-1]  # closed: drop the repeated start
        # the start itself may sit in the middle of a straight run
        if len(ring) > 3 and len(_simplify([ring[-1], ring[0], ring[1]])) == 2:
            ring = ring[1:]
        return ring

    def inner_edges(self, group_a: Sequence[str], group_b: Sequence[str]) -> list[list[Pt]]:
        """Polylines along the sides shared by two groups of hexes."""
        segs = []
        for a in group_a:
            for b in group_b:
                if b in self.neighbours(a):
                    segs.append(self.side(a, b))
        return [_simplify(line) for line in _chain(segs)]

    def split_pairs(self, row: int) -> list[tuple[str, str]]:
        """Neighbouring pairs (upper, lower) across the zigzag line between printed rows
        `row` and `row + 1`: a wall along them cuts the sheet in two."""
        pairs = []
        for a in self.labels():
            if int(a[2:]) > row:
                continue
            for b in self.neighbours(a):
                if int(b[2:]) > row:
                    pairs.append((a, b))
        return pairs

    def arc_out(self, inside: str, outside: str, half: float = 60.0) -> dict[str, float]:
        """A fire arc centred on the direction from hex `inside` to hex `outside`."""
        normal = bearing(self.centre(inside), self.centre(outside))
        return {"start": (normal - half) % 360.0, "end": (normal + half) % 360.0}

    # -- content --------------------------------------------------------------------------
    def set_terrain(self, terrain: str, *labels: str) -> MapKit:
        for label in labels:
            self.terrain[label] = terrain
        return self

    def _wall_id(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    def wall(self, kind: str, points: Sequence[Pt], wall_id: str | None = None) -> str:
        wid = wall_id or self._wall_id("W")
        self.walls.append({"id": wid, "kind": kind, "points": [list(p) for p in points], "apertures": []})
        return wid

    def side_wall(self, kind: str, *pairs: tuple[str, str], wall_id: str | None = None) -> str:
        """A wall along the sides between the given pairs of neighbouring hexes (one chain)."""
        (line,) = _chain(self.side(a, b) for a, b in pairs)
        return self.wall(kind, _simplify(line), wall_id)

    def building(
        self,
        bid: str,
        rooms: dict[str, Sequence[str] | dict[str, Sequence[str]]],
        *,
        vehicles_may_enter: bool = False,
        roof: Sequence[tuple[str, str, float]] = (),
    ) -> list[str]:
        """A building made of whole hexes. `rooms` maps a room id to its hexes, or to a
        dict of zone id -> hexes for a divided room. `roof`: access symbols as
        (interior hex, symbol id, arrow bearing), the dot at that hex's centre.
        Facades run along the outline, partitions between rooms, zone limits between
        zones. Returns the building's hexes."""
        groups: dict[str, list[str]] = {}
        room_models = []
        for rid, spec in rooms.items():
            if isinstance(spec, dict):
                hexes = [h for z in spec.values() for h in z]
                zones = [
                    {"id": zid, "outline": [list(p) for p in self.outline(zh)]} for zid, zh in spec.items()
                ]
                for i, (_, za) in enumerate(spec.items()):
                    for _, zb in list(spec.items())[i + 1 :]:
                        for line in self.inner_edges(za, zb):
                            self.wall("zone_limit", line)
            else:
                hexes = list(spec)
                zones = []
            groups[rid] = hexes
            room_models.append({"id": rid, "outline": [list(p) for p in self.outline(hexes)], "zones": zones})
        items = list(groups.items())
        for i, (_, ha) in enumerate(items):
            for _, hb in items[i + 1 :]:
                for line in self.inner_edges(ha, hb):
                    self.wall("partition", line)
        all_hexes = [h for hs in groups.values() for h in hs]
        outline = self.outline(all_hexes)
        self.wall("facade", [*outline, outline[0]], wall_id=f"F{bid}")
        self.buildings.append(
            {
                "id": bid,
                "outline": [list(p) for p in outline],
                "vehicles_may_enter": vehicles_may_enter,
                "rooms": room_models,
                "roof_accesses": [
                    {"id": sid, "at": list(self.centre(at)), "direction": direction % 360.0}
                    for at, sid, direction in roof
                ],
            }
        )
        return all_hexes

    def aperture(
        self,
        ap_id: str,
        inside: str,
        outside: str,
        *,
        kind: str = "door",
        interior: str | None = None,
        half: float = 60.0,
        arc: tuple[float, float] | None = None,
    ) -> Pt:
        """An aperture at the middle of the side between hexes `inside` and `outside`, on
        whichever wall runs along it, its arc centred on the direction inside -> outside."""
        at = self.mid(inside, outside)
        for wall in self.walls:
            if (
                wall["kind"] in ("facade", "outer_wall")
                and polyline_distance(at, [tuple(p) for p in wall["points"]]) < 1e-6
            ):
                break
        else:
            raise AssertionError(f"no facade or outer wall between {inside} and {outside}")
        fire = {"start": arc[0], "end": arc[1]} if arc else self.arc_out(inside, outside, half)
        entry: dict[str, Any] = {"id": ap_id, "kind": kind, "at": list(at), "arc": fire}
        if interior is not None:
            entry["interior"] = interior
        wall["apertures"].append(entry)
        return at

    def manhole(self, label: str, letter: str | None, *, dummy: bool = False) -> None:
        self.manholes.append({"id": f"M{label}", "hex": label, "letter": letter, "dummy": dummy})

    def underground_zone(self, letter: str, *labels: str) -> None:
        self.underground_zones.append({"letter": letter, "hexes": list(labels)})

    def sewer_link(self, label: str, surface: str) -> None:
        self.sewer_links.append({"hex": label, "surface": surface})

    # -- output ---------------------------------------------------------------------------
    def sheet(self) -> MapSheet:
        data: dict[str, Any] = {
            "schema": "uo-map/1",
            "id": self.id,
            "kind": self.kind,
            "size": [self.width, self.height],
            "grid": self.grid_model.model_dump(mode="json"),
            "default_terrain": self.default_terrain,
            "terrain": dict(self.terrain),
            "buildings": self.buildings,
            "walls": self.walls,
            "manholes": self.manholes,
            "underground_zones": self.underground_zones,
            "sewer_links": self.sewer_links,
        }
        return MapSheet.model_validate(data)

    def compile(self, *inserts: MapKit, chart: TerrainChart | None = None) -> Battlefield:
        """Compile this sheet alone (or this insert alone), with underground inserts."""
        if self.kind == "underground":
            return compile_sheets([], [self.sheet()], chart=chart)
        return compile_sheets([(self.sheet(), Placement())], [i.sheet() for i in inserts], chart=chart)


def step_between(bf: Battlefield, a: str, b: str, kind: object | None = None) -> list[Any]:
    """The steps from location a to location b (optionally of one kind)."""
    src, dst = bf.location(a).index, bf.location(b).index
    return [s for s in bf.out[src] if s.dst == dst and (kind is None or s.kind == kind)]
