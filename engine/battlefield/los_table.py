"""All-pairs line of sight, precomputed so that a lookup is a bit test.

The exact rule (los.py) costs 0.1-1 ms a pair; a map of 2,300 locations has 2.6 million
pairs. Per source location we instead sweep the obstacles once, with targets held in
Python integers used as bitsets:

- targets are sorted by bearing and by distance from the source; prefix bitsets of both
  orders turn "in the obstacle's angular extent" and "farther than r" into two integer
  operations;
- the angular extent of a connected obstacle is an arc, and every ray in it meets the
  obstacle no farther than its farthest vertex: targets in the arc and beyond that are in
  its shadow for certain; only targets in the thin band between the obstacle's nearest and
  farthest points, or on the arc's edges, are tested exactly (same geometry as los.py);
- obstacles are taken nearest first and skipped when everything behind them is already
  hidden, so far obstacles cost two integer operations.

Levels are applied per target class with bitsets of the targets' standing levels, and the
few blind-hex cases (5.1.7.3) are decided per target with los.py's own test. The table
holds the static map (no Smoke, Wreck or Vehicles counters, breaches closed); queries with
dynamic blockers go to los.py. tests/engine/battlefield/test_los_table.py checks the table
against los() pair by pair.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ..geometry.polygons import dist, in_arc, segment_intersection
from ..model.sheet import ApertureKind, WallKind
from .battlefield import Battlefield
from .locations import SURFACE, Location, LocKind, Pt
from .los import Facade, facade_edges, los

SQRT3 = math.sqrt(3.0)
EPS_ANGLE = 1e-9
EPS_DIST = 1e-7


@dataclass
class _Target:
    bit: int
    point: Pt
    stand: int
    building: str | None  # a roof's building: its own outline does not hide it (5.1.7.3)
    hex_index: int | None  # a hex location's index: its own obstacle hex does not hide it
    aperture: bool
    blind_point: Pt  # where the block stands, for the blind hex test (a room's centre dot)
    ident: str = ""
    #: an aperture's building and the edges of its outline holding it: the line passes
    #: there only, the rest of the outline hides the aperture like any building (8.2.5.3)
    facade: Facade | None = None


@dataclass
class _Obstacle:
    level: int
    vertices: tuple[Pt, ...]
    closed: bool  # polygon (building, hex) or open segment (wall)
    building: str | None = None
    hex_index: int | None = None
    centre: Pt | None = None
    circle: tuple[float, float, float] = (0.0, 0.0, 0.0)  # bounding circle: x, y, radius

    def __post_init__(self) -> None:
        xs = [v[0] for v in self.vertices]
        ys = [v[1] for v in self.vertices]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        self.circle = (cx, cy, max(math.hypot(v[0] - cx, v[1] - cy) for v in self.vertices))


class LosTable:
    """clear(a, b) for every pair of locations of the static battlefield."""

    def __init__(self, bf: Battlefield):
        self.bf = bf
        n = len(bf.locations)
        #: rows[bit of a] has the bit of every location a sees. Bits: outside locations of
        #: the surface in id order first (so a source's sweep result is already a row),
        #: then interiors and underground locations.
        self.rows: list[int] = [0] * n
        self.bit: list[int] = [0] * n
        self._build()
        self._bit_of = {loc.id: self.bit[loc.index] for loc in bf.locations}
        self._bit_of.update({alias: self._bit_of[loc.id] for alias, loc in bf.by_id.items()})

    def clear(self, a: str, b: str) -> bool:
        bits = self._bit_of
        return bool((self.rows[bits[a]] >> bits[b]) & 1)

    def visible_from(self, a: str) -> list[str]:
        row = self.rows[self._bit_of[a]]
        return [loc.id for loc in self.bf.locations if (row >> self.bit[loc.index]) & 1]

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        bf = self.bf
        locs = bf.locations
        # bits follow id order, so the pairs a source decides (those whose other end has a
        # greater id: los() reasons from the lower id) are one contiguous run of bits
        outside = sorted(
            (loc for loc in locs if loc.layer == SURFACE and not loc.interior), key=lambda x: x.id
        )
        apertures = [
            ap
            for ap in bf.apertures.values()
            if ap.wall_kind == WallKind.facade
            and ap.kind != ApertureKind.breach  # breaches open during play: dynamic
            and ap.interior in bf.by_id
        ]
        targets: list[_Target] = []
        for loc in outside:
            targets.append(
                _Target(
                    len(targets),
                    loc.centre,
                    loc.stand,
                    loc.building if loc.kind == LocKind.roof else None,
                    loc.index if loc.kind == LocKind.hex else None,
                    False,
                    loc.centre,
                    loc.id,
                )
            )
        ap_targets = []
        for ap in apertures:
            inside = bf.by_id[ap.interior or ""]
            building = inside.building or ""
            t = _Target(
                len(targets),
                ap.at,
                inside.stand,
                None,
                None,
                True,
                inside.centre,
                inside.id,
                (building, facade_edges(bf.buildings.get(building, ()), ap.at)),
            )
            targets.append(t)
            ap_targets.append((ap, inside, t))
        obstacles = self._obstacles()
        levels = sorted({t.stand for t in targets})
        stand_mask = {lv: sum(1 << t.bit for t in targets if t.stand == lv) for lv in levels}
        step = SQRT3 * bf.hex_size.get(SURFACE, 1.0)

        lt = {lv: sum(m for x, m in stand_mask.items() if x < lv) for lv in range(-1, 5)}
        le = {lv: sum(m for x, m in stand_mask.items() if x <= lv) for lv in range(-1, 5)}
        gt = {lv: sum(m for x, m in stand_mask.items() if x > lv) for lv in range(-1, 5)}
        own_building_bits: dict[str, int] = {}
        for t in targets:
            if t.building:
                own_building_bits[t.building] = own_building_bits.get(t.building, 0) | (1 << t.bit)
        # apertures are on their building's outline: always tested exactly against it
        aperture_bits: dict[str, int] = {}
        for t in targets:
            if t.facade is not None:
                aperture_bits[t.facade[0]] = aperture_bits.get(t.facade[0], 0) | (1 << t.bit)
        hex_bit: dict[int, int] = {t.hex_index: t.bit for t in targets if t.hex_index is not None}

        ap_bits = [t.bit for _, _, t in ap_targets]
        n_out = len(outside)
        for k, loc in enumerate(outside):
            self.bit[loc.index] = k
        others = [loc for loc in locs if loc.layer != SURFACE or loc.interior]
        for k, loc in enumerate(others):
            self.bit[loc.index] = n_out + k
        bit = self.bit
        all_outside = (1 << n_out) - 1
        self._tx = [t.point[0] for t in targets]
        self._ty = [t.point[1] for t in targets]
        self._bit = [1 << t.bit for t in targets]
        for rank, src in enumerate(outside):
            subset = list(range(rank + 1, len(outside))) + ap_bits
            visible = self._sweep(
                src, subset, targets, obstacles, lt, le, gt, own_building_bits, aperture_bits, hex_bit, step
            )
            # target bits of outside locations are their location bits
            row = visible & all_outside & ~((1 << (rank + 1)) - 1)
            for ap, inside, t in ap_targets:
                own = src.kind == LocKind.roof and src.building == inside.building
                if (visible >> t.bit) & 1 and not own and in_arc(_bearing(ap.at, src.centre), *ap.arc):
                    row |= 1 << bit[inside.index]
            row |= 1 << rank
            self.rows[rank] |= row
        # interiors: reciprocity gives their rows; zones see the zones of their room (5.1.2)
        rooms: dict[tuple[str | None, str | None], int] = {}
        for loc in locs:
            if loc.interior:
                key = (loc.building, loc.room)
                rooms[key] = rooms.get(key, 0) | (1 << bit[loc.index])
        for loc in locs:
            if loc.interior:
                self.rows[bit[loc.index]] |= rooms[(loc.building, loc.room)]
        # underground layers are small: ask the exact rule
        for layer in {loc.layer for loc in locs if loc.layer != SURFACE}:
            group = [loc for loc in locs if loc.layer == layer]
            for i, a in enumerate(group):
                ba = bit[a.index]
                self.rows[ba] |= 1 << ba
                for b in group[i + 1 :]:
                    if los(bf, a.id, b.id).clear:
                        self.rows[ba] |= 1 << bit[b.index]
                        self.rows[bit[b.index]] |= 1 << ba
        self._symmetrise()

    def _symmetrise(self) -> None:
        """Rows were filled from outside sources only: mirror them (LOS is reciprocal)."""
        rows = self.rows
        for i, row in enumerate(list(rows)):
            j = 0
            r = row
            while r:
                low = r & -r
                j = low.bit_length() - 1
                rows[j] |= 1 << i
                r ^= low

    def _obstacles(self) -> list[_Obstacle]:
        bf = self.bf
        chart = bf.chart
        out: list[_Obstacle] = []
        for bid, outline in bf.buildings.items():
            out.append(
                _Obstacle(
                    bf.building_level.get(bid, chart.walls.facade.obstacle), outline, True, building=bid
                )
            )
        # a free-standing wall is one obstacle: a connected polyline projects onto one arc
        # of bearings, like a building, so the same shadow reasoning holds
        chains: dict[tuple[str, str], list[Pt]] = {}
        chain_level: dict[tuple[str, str], int] = {}
        for piece in bf.walls:
            level = chart.wall_obstacle(piece.kind)
            if piece.layer != SURFACE or level is None or bf.piece_buildings.get(piece):
                continue
            key = (piece.sheet, piece.wall)
            pts = chains.setdefault(key, [])
            if pts and pts[-1] == piece.a:
                pts.append(piece.b)
            else:
                if pts:  # not contiguous with the previous piece: start another chain
                    key = (piece.sheet, f"{piece.wall}#{len(chains)}")
                    pts = chains.setdefault(key, [])
                pts.extend((piece.a, piece.b))
            chain_level[key] = level
        for key, pts in chains.items():
            out.append(_Obstacle(chain_level[key], tuple(pts), False))
        for loc in bf.locations:
            if loc.kind == LocKind.hex and loc.terrain is not None:
                level = chart.hexes[loc.terrain].obstacle
                if level is not None:
                    out.append(_Obstacle(level, loc.outline, True, hex_index=loc.index, centre=loc.centre))
        return out

    def _sweep(
        self,
        src: Location,
        subset: list[int],
        targets: list[_Target],
        obstacles: list[_Obstacle],
        lt: dict[int, int],
        le: dict[int, int],
        gt: dict[int, int],
        own_building_bits: dict[str, int],
        aperture_bits: dict[str, int],
        hex_bit: dict[int, int],
        step: float,
    ) -> int:
        """Bits of the targets in `subset` that `src` sees."""
        sx, sy = src.centre
        dxs = [self._tx[b] - sx for b in subset]
        dys = [self._ty[b] - sy for b in subset]
        angles = list(map(math.atan2, dys, dxs))
        dists = list(map(math.hypot, dxs, dys))
        by_angle = sorted(range(len(subset)), key=angles.__getitem__)
        by_dist = sorted(range(len(subset)), key=dists.__getitem__)
        sorted_angles = [angles[k] for k in by_angle]
        sorted_dists = [dists[k] for k in by_dist]
        ang_prefix = self._prefix([subset[k] for k in by_angle])
        dist_prefix = self._prefix([subset[k] for k in by_dist])
        full = ang_prefix[-1]
        if not full:
            return 0
        a_level = src.stand
        blocked = 0
        two_pi = 2 * math.pi

        def arc_mask(lo: float, hi: float) -> int:
            """Targets with angle in [lo, hi] (radians; hi - lo < 2 pi, any turn)."""
            width = hi - lo
            if width >= two_pi:
                return full
            lo = (lo + math.pi) % two_pi - math.pi
            hi = lo + width
            if hi <= math.pi:
                return (
                    ang_prefix[bisect_right(sorted_angles, hi)] ^ ang_prefix[bisect_left(sorted_angles, lo)]
                )
            hi -= two_pi
            return (full ^ ang_prefix[bisect_left(sorted_angles, lo)]) | ang_prefix[
                bisect_right(sorted_angles, hi)
            ]

        prepared = []
        for ob in obstacles:
            if ob.building is not None and src.kind == LocKind.roof and ob.building == src.building:
                continue  # 5.1.7.3: the roof's own building does not count
            if ob.hex_index is not None and ob.hex_index == src.index:
                continue  # nor does the hex the block stands in
            cx, cy, r = ob.circle
            d = math.hypot(cx - sx, cy - sy)
            prepared.append((d - r, d, ob))
        prepared.sort(key=lambda item: item[0])

        for lower_bound, d, ob in prepared:
            cx, cy, r = ob.circle
            near = max(0.0, lower_bound)
            beyond_near = full ^ dist_prefix[bisect_left(sorted_dists, near - EPS_DIST)]
            open_ = beyond_near & ~blocked
            if not open_:
                if lower_bound > 0:
                    break  # everything from here on is already hidden
                continue
            if d > r + EPS_DIST:
                # cheap superset of the angular extent, from the bounding circle
                half = math.asin(r / d) + 1e-6
                centre = math.atan2(cy - sy, cx - sx)
                if not (arc_mask(centre - half, centre + half) & open_):
                    continue
            lo, hi = _arc_of(ob.vertices, ob.closed, sx, sy)
            loose = arc_mask(lo - EPS_ANGLE, hi + EPS_ANGLE) & open_
            if not loose:
                continue
            far = max(math.hypot(v[0] - sx, v[1] - sy) for v in ob.vertices)
            strict = arc_mask(lo + EPS_ANGLE, hi - EPS_ANGLE) if hi - lo > 2 * EPS_ANGLE else 0
            beyond_far = full ^ dist_prefix[bisect_right(sorted_dists, far + EPS_DIST)]
            shadow = strict & beyond_far & loose
            if ob.building is not None:
                shadow &= ~aperture_bits.get(ob.building, 0)
            doubtful = loose & ~shadow
            while doubtful:
                low = doubtful & -doubtful
                doubtful ^= low
                if _meets(src.centre, targets[low.bit_length() - 1], ob):
                    shadow |= low
            # what an obstacle cannot hide: its own building's roof and apertures, its own hex
            if ob.building is not None:
                shadow &= ~own_building_bits.get(ob.building, 0)
            if ob.hex_index is not None:
                shadow &= ~(1 << hex_bit[ob.hex_index])
            if not shadow:
                continue
            level = ob.level
            if a_level < level:
                blocked |= shadow & le[level]  # visual obstruction / plateau effect
                higher = shadow & gt[level]
                if higher and near <= step * 1.05:  # the source may lie right behind it
                    blocked |= self._blind_targets(src.centre, higher, targets, ob, step, lower_is_src=True)
            elif a_level == level:
                blocked |= shadow & lt[level]  # plateau effect
            else:
                lower = shadow & lt[level]
                if lower:
                    blocked |= self._blind_targets(src.centre, lower, targets, ob, step, lower_is_src=False)
        return full & ~blocked

    def _prefix(self, order: list[int]) -> list[int]:
        """out[k]: the bits of the first k targets of `order`."""
        bit = self._bit
        out = [0]
        acc = 0
        for i in order:
            acc |= bit[i]
            out.append(acc)
        return out

    def _blind_targets(
        self, s: Pt, candidates: int, targets: list[_Target], ob: _Obstacle, step: float, lower_is_src: bool
    ) -> int:
        """Targets among `candidates` for which the lower end is blind (5.1.7.3), using the
        same test as los.blind."""
        out = 0
        while candidates:
            low = candidates & -candidates
            bit = low.bit_length() - 1
            candidates ^= low
            t = targets[bit]
            lower = s if lower_is_src else t.blind_point
            if ob.centre is not None:
                if dist(lower, ob.centre) <= step * 1.05:
                    out |= low
                continue
            hits = _hit_points(s, t, ob)
            if hits and min(dist(lower, hits[0]), dist(lower, hits[1])) <= step:
                out |= low
        return out


def _arc_of(vertices: tuple[Pt, ...], closed: bool, sx: float, sy: float) -> tuple[float, float]:
    """Bearings (radians) the obstacle covers as seen from (sx, sy): (lo, hi), hi >= lo;
    hi - lo >= 2 pi when it surrounds the point. Unwrapping the angle along the outline
    (each edge turns by less than pi) gives exactly the covered interval, however the
    outline winds (a walled yard, a U-shaped building)."""
    first = math.atan2(vertices[0][1] - sy, vertices[0][0] - sx)
    prev = first
    cum = lo = hi = 0.0
    pts = [*vertices[1:], vertices[0]] if closed else list(vertices[1:])
    for x, y in pts:
        ang = math.atan2(y - sy, x - sx)
        delta = (ang - prev + math.pi) % (2 * math.pi) - math.pi
        cum += delta
        lo, hi = min(lo, cum), max(hi, cum)
        prev = ang
    if closed and abs(cum) > math.pi:  # non-zero winding: the point is enclosed
        return first, first + 2 * math.pi
    return first + lo, first + hi


def _edges(ob: _Obstacle) -> list[tuple[Pt, Pt]]:
    v = ob.vertices
    if ob.closed:
        return [(v[i], v[(i + 1) % len(v)]) for i in range(len(v))]
    return [(v[i], v[i + 1]) for i in range(len(v) - 1)]


def _edges_towards(t: _Target, ob: _Obstacle) -> list[tuple[Pt, Pt]]:
    """The obstacle's edges a line to the target may meet: for an aperture's own building,
    all but the facade segment holding it (los.py: facade_edges)."""
    edges = _edges(ob)
    if t.facade is not None and ob.building == t.facade[0]:
        skip = t.facade[1]
        return [e for i, e in enumerate(edges) if i not in skip]
    return edges


def _meets(s: Pt, t: _Target, ob: _Obstacle) -> bool:
    """Exactly los.py's test: does the segment from s to the target meet the obstacle?"""
    for a, b in _edges_towards(t, ob):
        hit = segment_intersection(s, t.point, a, b)
        if hit is not None:
            if t.aperture and not ob.closed and hit[0] >= 1.0 - 1e-6:
                continue  # the wall the aperture is in, where the line ends (los.py: end_at_wall)
            return True
    return False


def _hit_points(s: Pt, target: _Target, ob: _Obstacle) -> tuple[Pt, Pt] | None:
    t = target.point
    ts = [
        hit[0] for a, b in _edges_towards(target, ob) if (hit := segment_intersection(s, t, a, b)) is not None
    ]
    if not ts:
        return None
    lo, hi = min(ts), max(ts)
    return (
        (s[0] + (t[0] - s[0]) * lo, s[1] + (t[1] - s[1]) * lo),
        (s[0] + (t[0] - s[0]) * hi, s[1] + (t[1] - s[1]) * hi),
    )


def _bearing(a: Pt, b: Pt) -> float:
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360.0
