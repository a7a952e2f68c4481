"""All-pairs line of sight of the static map, so that a lookup is a bit test.

The exact rule (los.py) costs 0.1-1 ms a pair; a map of 19,000 locations (16 sheets) has
180 million pairs. A row (what one location sees) is instead found by one sweep of the
obstacles from that location, with the targets held in Python integers used as bitsets:

- per source, targets are numbered by bearing, so "in the obstacle's angular extent" is a
  run of bits, and "farther than r" within that run is one vectorised comparison (numpy)
  on the run only: a row costs about the targets plus the obstacles near enough to matter,
  not targets x targets (issue 14: the bitsets used to be rebuilt in distance order for every
  source, n^2.3 in all);
- the angular extent of a connected obstacle is an arc, and every ray in it meets the
  obstacle no farther than its farthest vertex: targets in the arc and beyond that are in
  its shadow for certain; only targets in the thin band between the obstacle's nearest and
  farthest points, or on the arc's edges, are tested exactly (same geometry as los.py);
- obstacles are taken nearest first and the sweep stops once every target still in view is
  nearer than the next obstacle.

Levels are applied per target class with bitsets of the targets' standing levels, and the
few blind-hex cases (5.1.7.3) are decided per target with los.py's own test. A room or zone
sees out through its apertures (8.2.5.3): its row is swept from each aperture, which only the
facade segment holding it lets the line through.

Rows are built on first use and kept (a map's whole table is n^2 / 8 bytes: 45 MB at 16
sheets), so the table is ready at once on any map; a small map's rows are all built up front
(half the pairs, by reciprocity), so that the table stored on disk with its battlefield
(store.py) is complete. The table holds the static map (no Smoke, Wreck or Vehicles counters,
breaches closed); queries with dynamic blockers go to los.py.
tests/engine/battlefield/test_los_table.py checks the table against los() pair by pair.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..geometry.polygons import dist, in_arc, segment_intersection
from ..model.kinds import ApertureKind, LocKind, WallKind
from .battlefield import Battlefield
from .locations import SURFACE, Location, Pt
from .los import Facade, facade_edges, los

SQRT3 = math.sqrt(3.0)
EPS_ANGLE = 1e-9
EPS_DIST = 1e-7
#: maps of up to this many locations get every row at once (a few seconds); larger ones
#: build each row when it is first asked for
EAGER_LOCATIONS = 4000
#: obstacles swept between two checks of the farthest target still in view
CHECK_EVERY = 32
#: sectors of bearings over which the sweep keeps the farthest target still in view
SECTORS = 256


@dataclass
class _Target:
    point: Pt
    stand: int
    building: str | None  # a roof's building: its own outline does not hide it (5.1.7.3)
    hex_index: int | None  # a hex location's index: its own obstacle hex does not hide it
    blind_point: Pt  # where the block stands, for the blind hex test (a room's centre dot)
    #: an aperture's building and the edges of its outline holding it: the line passes
    #: there only, the rest of the outline hides the aperture like any building (8.2.5.3)
    facade: Facade | None = None
    rank: int = -1  # an outside location's rank in id order (los() reasons from the lower id)

    @property
    def aperture(self) -> bool:
        return self.facade is not None


@dataclass
class _Obstacle:
    level: int
    vertices: tuple[Pt, ...]
    closed: bool  # polygon (building, hex) or open segment (wall)
    building: str | None = None
    hex_index: int | None = None
    centre: Pt | None = None
    circle: tuple[float, float, float] = (0.0, 0.0, 0.0)  # bounding circle: x, y, radius
    edges: tuple[tuple[Pt, Pt], ...] = ()

    def __post_init__(self) -> None:
        v = self.vertices
        if self.closed:
            self.edges = tuple((v[i], v[(i + 1) % len(v)]) for i in range(len(v)))
        else:
            self.edges = tuple((v[i], v[i + 1]) for i in range(len(v) - 1))
        xs = [v[0] for v in self.vertices]
        ys = [v[1] for v in self.vertices]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        self.circle = (cx, cy, max(math.hypot(v[0] - cx, v[1] - cy) for v in self.vertices))


@dataclass(frozen=True)
class _Source:
    """Where a sweep looks from: a location's centre dot, or an aperture of a room."""

    point: Pt
    stand: int
    blind_point: Pt  # the block's own place, for the blind hex test (a room's centre)
    roof_building: str | None = None  # a roof ignores its own building (5.1.7.3)
    hex_index: int | None = None  # nor is a block hidden by its own hex
    facade: Facade | None = None  # an aperture: the facade segment it lets the line through
    rank: int = -1


class LosTable:
    """clear(a, b) for every pair of locations of the static battlefield."""

    def __init__(self, bf: Battlefield, eager: bool | None = None):
        self.bf = bf
        n = len(bf.locations)
        #: rows[bit of a] has the bit of every location a sees, once done[bit of a] is set
        self.rows: list[int] = [0] * n
        self.done = bytearray(n)
        self._setup()
        if eager if eager is not None else n <= EAGER_LOCATIONS:
            self.complete()

    def __getstate__(self) -> dict[str, object]:
        """The rows only (store.py keeps tables on disk): the rest is derived from the
        battlefield again on reading, rather than stored as copies of its locations."""
        return {"bf": self.bf, "rows": self.rows, "done": self.done}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._setup()

    def _setup(self) -> None:
        bf = self.bf
        locs = bf.locations
        #: bits follow id order for the outside locations of the surface (so the pairs a
        #: source decides in the up-front build, those whose other end has a greater id, are
        #: one run of bits, and a sweep's result is already a row), then interiors and
        #: underground locations
        self.outside = sorted((loc for loc in locs if loc.layer == SURFACE and not loc.interior), key=_id)
        others = [loc for loc in locs if loc.layer != SURFACE or loc.interior]
        self.bit: list[int] = [0] * len(locs)
        for k, loc in enumerate([*self.outside, *others]):
            self.bit[loc.index] = k
        self._by_bit: list[Location] = [*self.outside, *others]
        self._prepare()
        self._bit_of = {loc.id: self.bit[loc.index] for loc in locs}
        self._bit_of.update({alias: self._bit_of[loc.id] for alias, loc in bf.by_id.items()})

    # -- lookups --------------------------------------------------------------------------
    def clear(self, a: str, b: str) -> bool:
        bits = self._bit_of
        ia, ib = bits[a], bits[b]
        if self.done[ia]:
            return bool((self.rows[ia] >> ib) & 1)
        if self.done[ib]:
            return bool((self.rows[ib] >> ia) & 1)
        return bool((self.row(ia) >> ib) & 1)

    def built_row(self, a: str) -> int | None:
        """`a`'s row if it is built already (bit `bit_of(b)` set: `clear(a, b)`), else None:
        for a caller asking about many pairs from one location without building rows."""
        ia = self._bit_of[a]
        return self.rows[ia] if self.done[ia] else None

    def bit_of(self, a: str) -> int:
        """The bit of location `a` in a row (`built_row`)."""
        return self._bit_of[a]

    def visible_from(self, a: str) -> list[str]:
        row = self.row(self._bit_of[a])
        return [loc.id for loc in self.bf.locations if (row >> self.bit[loc.index]) & 1]

    def row(self, bit: int) -> int:
        """The row of the location with this bit, built on first use."""
        if not self.done[bit]:
            self.rows[bit] = self._row(self._by_bit[bit])
            self.done[bit] = 1
        return self.rows[bit]

    def complete(self) -> None:
        """Build every row still missing: outside sources sweep the targets of greater id
        and the apertures, interiors and underground rows follow by reciprocity."""
        if all(self.done):
            return
        bf = self.bf
        n_out = len(self.outside)
        rows = [0] * len(self.rows)
        every_ap = np.arange(n_out, len(self._targets), dtype=np.int64)
        for rank, src in enumerate(self.outside):
            subset = np.concatenate((np.arange(rank + 1, n_out, dtype=np.int64), every_ap))
            rows[rank] |= self._outside_row(src, subset) | (1 << rank)
        locs = bf.locations
        bit = self.bit
        for group in self._underground_groups():
            for i, a in enumerate(group):
                ba = bit[a.index]
                rows[ba] |= 1 << ba
                for b in group[i + 1 :]:
                    if los(bf, a.id, b.id).clear:
                        rows[ba] |= 1 << bit[b.index]
        _symmetrise(rows)
        for loc in locs:  # zones see the zones of their room (5.1.2)
            if loc.interior:
                rows[bit[loc.index]] |= self._room_mates[(loc.building, loc.room)]
        self.rows = rows
        self.done = bytearray(b"\x01" * len(rows))

    # -- preparing ------------------------------------------------------------------------
    def _prepare(self) -> None:
        bf = self.bf
        apertures = [
            ap
            for ap in bf.apertures.values()
            if ap.wall_kind == WallKind.facade
            and ap.kind != ApertureKind.breach  # breaches open during play: dynamic
            and ap.interior in bf.by_id
        ]
        targets: list[_Target] = []
        for rank, loc in enumerate(self.outside):
            targets.append(
                _Target(
                    loc.centre,
                    loc.stand,
                    loc.building if loc.kind == LocKind.roof else None,
                    loc.index if loc.kind == LocKind.hex else None,
                    loc.centre,
                    rank=rank,
                )
            )
        #: per aperture target: the aperture and the interior it looks into
        self._ap_targets = []
        self._apertures_of: dict[str, list[tuple[int, Facade]]] = {}
        for ap in apertures:
            inside = bf.by_id[ap.interior or ""]
            building = inside.building or ""
            facade = (building, facade_edges(bf.buildings.get(building, ()), ap.at))
            self._ap_targets.append((ap, inside, len(targets)))
            self._apertures_of.setdefault(inside.id, []).append((len(targets), facade))
            targets.append(_Target(ap.at, inside.stand, None, None, inside.centre, facade))
        self._targets = targets
        self._tx = np.array([t.point[0] for t in targets], dtype=np.float64)
        self._ty = np.array([t.point[1] for t in targets], dtype=np.float64)
        self._stand = np.array([t.stand for t in targets], dtype=np.int64)
        self._levels = sorted({t.stand for t in targets})
        self._roofs_of: dict[str, list[int]] = {}
        self._aps_of_building: dict[str, list[int]] = {}
        self._hex_target: dict[int, int] = {}
        for k, t in enumerate(targets):
            if t.building:
                self._roofs_of.setdefault(t.building, []).append(k)
            if t.facade is not None:
                self._aps_of_building.setdefault(t.facade[0], []).append(k)
            if t.hex_index is not None:
                self._hex_target[t.hex_index] = k
        self._obstacles = self._make_obstacles()
        self._ob_circles = np.array([ob.circle for ob in self._obstacles], dtype=np.float64).reshape(-1, 3)
        self._step = SQRT3 * bf.hex_size.get(SURFACE, 1.0)
        self._room_mates: dict[tuple[str | None, str | None], int] = {}
        for loc in bf.locations:
            if loc.interior:
                key = (loc.building, loc.room)
                self._room_mates[key] = self._room_mates.get(key, 0) | (1 << self.bit[loc.index])

    def _underground_groups(self) -> list[list[Location]]:
        locs = self.bf.locations
        return [
            [loc for loc in locs if loc.layer == layer]
            for layer in sorted({loc.layer for loc in locs} - {SURFACE})
        ]

    def _make_obstacles(self) -> list[_Obstacle]:
        bf = self.bf
        levels = bf.levels
        out: list[_Obstacle] = []
        for bid, outline in bf.buildings.items():
            out.append(_Obstacle(bf.building_level.get(bid, levels.facade), outline, True, building=bid))
        # a free-standing wall is one obstacle: a connected polyline projects onto one arc
        # of bearings, like a building, so the same shadow reasoning holds
        chains: dict[tuple[str, str], list[Pt]] = {}
        chain_level: dict[tuple[str, str], int] = {}
        for piece in bf.walls:
            level = levels.walls[piece.kind]
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
        for loc in bf.terrain_obstacles:
            assert loc.terrain is not None
            level = levels.hexes[loc.terrain]
            assert level is not None
            out.append(_Obstacle(level, loc.outline, True, hex_index=loc.index, centre=loc.centre))
        return out

    # -- rows -----------------------------------------------------------------------------
    def _row(self, loc: Location) -> int:
        bf = self.bf
        bit = self.bit
        if loc.layer != SURFACE:  # underground layers are small: ask the exact rule
            row = 0
            for other in bf.locations:
                if other.layer == loc.layer and los(bf, loc.id, other.id).clear:
                    row |= 1 << bit[other.index]
            return row
        if loc.interior:
            return self._interior_row(loc)
        n_out = len(self.outside)
        rank = bit[loc.index]
        subset = np.concatenate(
            (
                np.arange(0, rank, dtype=np.int64),
                np.arange(rank + 1, len(self._targets), dtype=np.int64),
            )
        )
        assert rank < n_out
        return self._outside_row(loc, subset) | (1 << rank)

    def _outside_row(self, src: Location, subset: np.ndarray) -> int:
        """What an outside location of the surface sees among `subset` (target numbers),
        as a row: outside targets are their own bits, apertures give their interiors."""
        source = _Source(
            src.centre,
            src.stand,
            src.centre,
            src.building if src.kind == LocKind.roof else None,
            src.index if src.kind == LocKind.hex else None,
            None,
            self.bit[src.index],
        )
        visible = self._sweep(source, subset)
        n_out = len(self.outside)
        seen = subset[visible]
        outside_seen = seen[seen < n_out]
        row = _bits_of(outside_seen)
        bit = self.bit
        for k in seen[seen >= n_out].tolist():
            ap, inside, _ = self._ap_targets[k - n_out]
            own = src.kind == LocKind.roof and src.building == inside.building
            if not own and in_arc(_bearing(ap.at, src.centre), *ap.arc):
                row |= 1 << bit[inside.index]
        return row

    def _interior_row(self, loc: Location) -> int:
        """A room or zone sees out through its apertures (8.2.5.3): the outside locations in
        an aperture's arc that the aperture sees, swept from the aperture."""
        n_out = len(self.outside)
        row = self._room_mates[(loc.building, loc.room)]
        for k, facade in self._apertures_of.get(loc.id, []):
            ap, inside, _ = self._ap_targets[k - n_out]
            source = _Source(ap.at, inside.stand, inside.centre, None, None, facade)
            subset = np.arange(0, n_out, dtype=np.int64)
            visible = self._sweep(source, subset)
            for t in subset[visible].tolist():
                out = self.outside[t]
                own = out.kind == LocKind.roof and out.building == inside.building
                if not own and in_arc(_bearing(ap.at, out.centre), *ap.arc):
                    row |= 1 << t
        return row

    def _sweep(self, src: _Source, subset: np.ndarray) -> np.ndarray:
        """Which targets of `subset` the source sees: a boolean per target of `subset`."""
        m = len(subset)
        if m == 0:
            return np.zeros(0, dtype=bool)
        sx, sy = src.point
        dx = self._tx[subset] - sx
        dy = self._ty[subset] - sy
        angles = np.arctan2(dy, dx)
        order = np.argsort(angles)  # targets of equal bearing share every run: any order
        angles_in_order = angles[order]
        sorted_angles = angles_in_order.tolist()
        sorted_dists = np.hypot(dx, dy)[order]
        members = subset[order]  # target number at each position
        #: position of each target number in this sweep (-1: not in it)
        position = np.full(len(self._targets), -1, dtype=np.int64)
        position[members] = np.arange(m, dtype=np.int64)
        full = (1 << m) - 1
        stands = self._stand[members]
        stand_mask = {lv: _pack(stands == lv) for lv in self._levels}
        lt = {lv: _or(bits for x, bits in stand_mask.items() if x < lv) for lv in range(-1, 5)}
        le = {lv: _or(bits for x, bits in stand_mask.items() if x <= lv) for lv in range(-1, 5)}
        gt = {lv: _or(bits for x, bits in stand_mask.items() if x > lv) for lv in range(-1, 5)}
        two_pi = 2 * math.pi

        def ranges(lo: float, hi: float) -> list[tuple[int, int]]:
            """Runs of positions with angle in [lo, hi] (radians; any turn)."""
            width = hi - lo
            if width >= two_pi:
                return [(0, m)]
            lo = (lo + math.pi) % two_pi - math.pi
            hi = lo + width
            if hi <= math.pi:
                return [(bisect_left(sorted_angles, lo), bisect_right(sorted_angles, hi))]
            return [(bisect_left(sorted_angles, lo), m), (0, bisect_right(sorted_angles, hi - two_pi))]

        def mask(runs: list[tuple[int, int]]) -> int:
            out = 0
            for i0, i1 in runs:
                if i1 > i0:
                    out |= ((1 << i1) - 1) ^ ((1 << i0) - 1)
            return out

        def farther(runs: list[tuple[int, int]], r: float, strict: bool) -> int:
            """Positions in the runs whose distance is > r (strict) or >= r."""
            out = 0
            for i0, i1 in runs:
                if i1 > i0:
                    part = sorted_dists[i0:i1]
                    out |= _pack(part > r if strict else part >= r) << i0
            return out

        def targets_of(bits: int) -> list[int]:
            out = []
            while bits:
                low = bits & -bits
                out.append(low.bit_length() - 1)
                bits ^= low
            return [int(members[p]) for p in out]

        def own(targets: list[int]) -> int:
            out = 0
            for t in targets:
                p = position[t]
                if p >= 0:
                    out |= 1 << int(p)
            return out

        # obstacles nearest first (the source's own roof building and hex do not count)
        cx, cy, r = self._ob_circles[:, 0], self._ob_circles[:, 1], self._ob_circles[:, 2]
        centre_dist = np.hypot(cx - sx, cy - sy)
        lower_bounds = centre_dist - r
        obstacles = self._obstacles
        a_level = src.stand
        step = self._step
        blocked = checked = 0
        farthest_open = float(sorted_dists.max())
        # the farthest target still in view per sector of bearings: an obstacle beyond it in
        # every sector it covers hides nothing new (most obstacles, behind the first houses)
        sector_of = SECTORS / (2 * math.pi)
        bounds = np.searchsorted(angles_in_order, np.linspace(-math.pi, math.pi, SECTORS + 1), side="left")
        bounds[-1] = m
        empty = bounds[:-1] == bounds[1:]
        starts = np.minimum(bounds[:-1], m)

        def sector_far(open_dists: np.ndarray) -> np.ndarray:
            """Range-maximum table over the sectors (twice round, so that a range across
            the back bearing is one range): table[j, i] = max of sectors i .. i + 2^j - 1."""
            far = np.maximum.reduceat(open_dists, starts)
            far[empty] = -1.0
            return _range_max_table(np.concatenate((far, far)))

        far_table = sector_far(np.append(sorted_dists, -1.0))
        # each obstacle's sectors, from its bounding circle (a superset of its extent)
        ranked = np.argsort(lower_bounds, kind="stable")
        nears = np.maximum(lower_bounds[ranked], 0.0)
        dists_r = centre_dist[ranked]
        radii = r[ranked]
        apart = dists_r > radii + EPS_DIST
        halves = np.arcsin(np.where(apart, radii / np.where(apart, dists_r, 1.0), 0.0)) + 1e-6
        centres = np.arctan2(cy[ranked] - sy, cx[ranked] - sx)
        first = np.floor((centres - halves + math.pi) * sector_of).astype(np.int64)
        last = np.floor((centres + halves + math.pi) * sector_of).astype(np.int64)
        cullable = apart & (last - first < SECTORS // 2)
        first_m = np.mod(first, SECTORS)
        last_m = first_m + np.where(cullable, last - first, 0)
        spans = last_m - first_m + 1
        span_level = np.frexp(spans.astype(np.float64))[1] - 1
        ranked_list = ranked.tolist()

        def shade(ob: _Obstacle, near: float, d: float) -> None:
            """Mark the targets the obstacle hides (levels, blind hexes) as blocked."""
            nonlocal blocked
            ocx, ocy, radius = ob.circle
            if d > radius + EPS_DIST:
                # cheap superset of the angular extent, from the bounding circle
                half = math.asin(radius / d) + 1e-6
                centre = math.atan2(ocy - sy, ocx - sx)
                if not (mask(ranges(centre - half, centre + half)) & ~blocked):
                    return
            lo, hi = _arc_of(ob.vertices, ob.closed, sx, sy)
            loose_runs = ranges(lo - EPS_ANGLE, hi + EPS_ANGLE)
            loose = mask(loose_runs) & ~blocked
            if not loose:
                return
            loose &= farther(loose_runs, near - EPS_DIST, strict=False)
            if not loose:
                return
            far = max(math.hypot(v[0] - sx, v[1] - sy) for v in ob.vertices)
            if hi - lo > 2 * EPS_ANGLE:
                strict_runs = ranges(lo + EPS_ANGLE, hi - EPS_ANGLE)
                shadow = mask(strict_runs) & farther(strict_runs, far + EPS_DIST, strict=True) & loose
            else:
                shadow = 0
            if ob.building is not None:  # apertures are on their building: always exact
                shadow &= ~own(self._aps_of_building.get(ob.building, []))
            doubtful = loose & ~shadow
            while doubtful:
                low = doubtful & -doubtful
                doubtful ^= low
                if self._meets(src, self._targets[int(members[low.bit_length() - 1])], ob):
                    shadow |= low
            # what an obstacle cannot hide: its own building's roof, its own hex
            if ob.building is not None:
                shadow &= ~own(self._roofs_of.get(ob.building, []))
            if ob.hex_index is not None and ob.hex_index in self._hex_target:
                shadow &= ~own([self._hex_target[ob.hex_index]])
            if not shadow:
                return
            level = ob.level
            if a_level < level:
                blocked |= shadow & le[level]  # visual obstruction / plateau effect
                higher = shadow & gt[level]
                # the source may lie right behind it (a room's block: always ask)
                if higher and (near <= step * 1.05 or src.facade is not None):
                    for t in targets_of(higher):
                        if self._blind(src, self._targets[t], ob, src.blind_point):
                            blocked |= 1 << int(position[t])
            elif a_level == level:
                blocked |= shadow & lt[level]  # plateau effect
            else:
                lower = shadow & lt[level]
                for t in targets_of(lower):
                    target = self._targets[t]
                    if self._blind(src, target, ob, target.blind_point):
                        blocked |= 1 << int(position[t])

        stop = False
        for c0 in range(0, len(ranked_list), CHECK_EVERY):
            if blocked != checked:
                checked = blocked
                open_positions = _unpack(full & ~blocked, m)
                far_table = sector_far(np.append(np.where(open_positions, sorted_dists, -1.0), -1.0))
                farthest_open = float(far_table[0].max())
            if nears[c0] - EPS_DIST > farthest_open:
                break  # every target still in view is nearer than this and the next ones
            chunk = slice(c0, c0 + CHECK_EVERY)
            lv = span_level[chunk]
            seen = np.maximum(far_table[lv, first_m[chunk]], far_table[lv, last_m[chunk] - (1 << lv) + 1])
            # beyond the farthest target in view in every sector it covers: hides nothing new
            hidden = cullable[chunk] & (nears[chunk] - EPS_DIST > seen)
            for j in np.flatnonzero(~hidden).tolist():
                k = ranked_list[c0 + j]
                ob = obstacles[k]
                if src.facade is not None and ob.building == src.facade[0]:
                    ob = self._outline_but(src.facade)
                if ob.building is not None and ob.building == src.roof_building:
                    continue  # 5.1.7.3: the roof's own building does not count
                if ob.hex_index is not None and ob.hex_index == src.hex_index:
                    continue  # nor does the hex the block stands in
                lower_bound = float(lower_bounds[k])
                near = max(0.0, lower_bound)
                if near - EPS_DIST > farthest_open:
                    stop = True
                    break
                shade(ob, near, float(centre_dist[k]))
            if stop:
                break
        visible = _unpack(full & ~blocked, m)
        out = np.zeros(m, dtype=bool)
        out[order] = visible
        return out

    def _outline_but(self, facade: Facade) -> _Obstacle:
        """An aperture's building seen from the aperture: its outline without the facade
        segment holding it, an open line (the aperture lies on the outline, where bearings
        of a closed outline would not unwrap)."""
        building, skip = facade
        outline = self.bf.buildings[building]
        level = self.bf.building_level.get(building, self.bf.levels.facade)
        n = len(outline)
        ends = [i for i in skip if (i + 1) % n not in skip]
        if len(ends) != 1 or len(skip) >= n:
            # off the outline (nothing skipped) or a facade in pieces: the whole outline
            return _Obstacle(level, outline, True, building=building)
        # the vertices from the end of the facade segment round to its start
        start = ends[0] + 1
        chain = tuple(outline[(start + i) % n] for i in range(n - len(skip) + 1))
        return _Obstacle(level, chain, False, building=building)

    def _segment(self, src: _Source, t: _Target) -> tuple[Pt, Pt]:
        """The line as los.py draws it: from the outside end to an aperture, else from the
        location of lower id (its canonical order)."""
        if src.facade is not None or (t.facade is None and t.rank < src.rank):
            return t.point, src.point
        return src.point, t.point

    def _meets(self, src: _Source, t: _Target, ob: _Obstacle) -> bool:
        """Exactly los.py's test: does the line between source and target meet the obstacle?"""
        a, b = self._segment(src, t)
        aperture_end = src.facade is not None or t.facade is not None
        facade = src.facade or t.facade
        for p, q in _edges_towards(facade, ob):
            hit = segment_intersection(a, b, p, q)
            if hit is not None:
                if aperture_end and ob.building is None and not ob.closed and hit[0] >= 1.0 - 1e-6:
                    continue  # the wall the aperture is in, where the line ends (los.py: end_at_wall)
                return True
        return False

    def _blind(self, src: _Source, t: _Target, ob: _Obstacle, lower: Pt) -> bool:
        """los.blind for the lower end at `lower` (5.1.7.3)."""
        if ob.centre is not None:
            return dist(lower, ob.centre) <= self._step * 1.05
        a, b = self._segment(src, t)
        hits = _hit_points(a, b, src.facade or t.facade, ob)
        return hits is not None and min(dist(lower, hits[0]), dist(lower, hits[1])) <= self._step


def _id(loc: Location) -> str:
    return loc.id


def _range_max_table(values: np.ndarray) -> np.ndarray:
    """table[j, i]: the largest of values[i : i + 2^j] (a sparse table: any range's maximum
    is that of two overlapping power-of-two spans)."""
    levels = [values]
    span = 1
    while span * 2 <= len(values):
        prev = levels[-1]
        nxt = prev.copy()
        nxt[: len(prev) - span] = np.maximum(prev[: len(prev) - span], prev[span:])
        levels.append(nxt)
        span *= 2
    return np.stack(levels)


def _pack(flags: np.ndarray) -> int:
    """A boolean array as an integer bitset (element i is bit i)."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _unpack(bits: int, m: int) -> np.ndarray:
    raw = np.frombuffer(bits.to_bytes((m + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:m].astype(bool)


def _bits_of(numbers: np.ndarray) -> int:
    if len(numbers) == 0:
        return 0
    flags = np.zeros(int(numbers.max()) + 1, dtype=bool)
    flags[numbers] = True
    return _pack(flags)


def _or(masks: Iterable[int]) -> int:
    out = 0
    for bits in masks:
        out |= bits
    return out


def _symmetrise(rows: list[int]) -> None:
    """Rows were filled one way (sources of lower id, outside): mirror them (reciprocal)."""
    for i, row in enumerate(list(rows)):
        r = row
        while r:
            low = r & -r
            rows[low.bit_length() - 1] |= 1 << i
            r ^= low


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


def _edges_towards(facade: Facade | None, ob: _Obstacle) -> tuple[tuple[Pt, Pt], ...]:
    """The obstacle's edges a line to an aperture may meet: for the aperture's own
    building, all but the facade segment holding it (los.py: facade_edges)."""
    if facade is not None and ob.building == facade[0] and ob.closed:
        return tuple(e for i, e in enumerate(ob.edges) if i not in facade[1])
    return ob.edges


def _hit_points(s: Pt, t: Pt, facade: Facade | None, ob: _Obstacle) -> tuple[Pt, Pt] | None:
    ts = [
        hit[0] for a, b in _edges_towards(facade, ob) if (hit := segment_intersection(s, t, a, b)) is not None
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
