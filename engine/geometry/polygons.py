"""Plane geometry on sheet millimetres: points, segments, polygons (tolerant to drawing slop)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: numpy and GEOS are for checks, not for play or queries
    import numpy as np

Pt = tuple[float, float]

#: Drawing tolerance in mm: points closer than this are the same point.
TOL = 0.05


def clip_segment(a: Pt, b: Pt, box: tuple[float, float, float, float]) -> tuple[Pt, Pt] | None:
    """The part of segment ab inside the box (x0, y0, x1, y1), by Liang-Barsky; None if no
    part of it is."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return None
    return (a[0] + dx * lo, a[1] + dy * lo), (a[0] + dx * hi, a[1] + dy * hi)


def dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    """Distance from p to segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def polyline_distance(p: Pt, points: Sequence[Pt]) -> float:
    return min(segment_distance(p, points[i], points[i + 1]) for i in range(len(points) - 1))


def edges(poly: Sequence[Pt]) -> list[tuple[Pt, Pt]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def boundary_distance(p: Pt, poly: Sequence[Pt]) -> float:
    return min(segment_distance(p, a, b) for a, b in edges(poly))


def signed_area(poly: Sequence[Pt]) -> float:
    return 0.5 * sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(poly))


def area(poly: Sequence[Pt]) -> float:
    return abs(signed_area(poly))


def centroid(poly: Sequence[Pt]) -> Pt:
    a = signed_area(poly)
    if abs(a) < 1e-12:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    cx = cy = 0.0
    for (x0, y0), (x1, y1) in edges(poly):
        f = x0 * y1 - x1 * y0
        cx += (x0 + x1) * f
        cy += (y0 + y1) * f
    return (cx / (6 * a), cy / (6 * a))


#: Outlines with more vertices than this are tested through an index (Outline, below),
#: built once and kept for the last few outlines; the plain loops are faster below it.
INDEX_FROM = 64


def _indexed(poly: Sequence[Pt]) -> Outline | None:
    if len(poly) <= INDEX_FROM:
        return None
    try:
        key = tuple(poly)
        hash(key)
    except TypeError:  # points as lists
        key = tuple(tuple(v) for v in poly)  # type: ignore[misc]
    return _outline_of(key)


@lru_cache(maxsize=8)
def _outline_of(poly: tuple[Pt, ...]) -> Outline:
    # keyed by the vertices, not the list: an edited outline is another key
    return Outline(poly)


def contains_point(poly: Sequence[Pt], p: Pt) -> bool:
    """Even-odd rule; points on the boundary count as inside (within TOL)."""
    shape = _indexed(poly)
    if shape is not None:
        return bool(shape.covers([p])[0])
    if boundary_distance(p, poly) <= TOL:
        return True
    return strictly_inside(poly, p)


def strictly_inside(poly: Sequence[Pt], p: Pt) -> bool:
    """Even-odd rule, and farther than TOL from the outline."""
    shape = _indexed(poly)
    if shape is not None:
        return bool(shape.strictly_contains([p])[0])
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in edges(poly):
        if (y0 > y) != (y1 > y):
            xi = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if xi > x:
                inside = not inside
    return inside and boundary_distance(p, poly) > TOL


def _orient(a: Pt, b: Pt, c: Pt) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """Proper crossing: the segments cut each other at one interior point of both."""
    # bounding boxes apart: the common case, and far cheaper than the orientations
    if max(a[0], b[0]) < min(c[0], d[0]) or max(c[0], d[0]) < min(a[0], b[0]):
        return False
    if max(a[1], b[1]) < min(c[1], d[1]) or max(c[1], d[1]) < min(a[1], b[1]):
        return False
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    eps = 1e-9 * max(1.0, dist(a, b) * dist(c, d))
    return ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and (
        (d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps)
    )


def segment_intersection(a: Pt, b: Pt, c: Pt, d: Pt) -> tuple[float, float] | None:
    """Parameters (t along ab, u along cd) where the segments meet, or None if parallel/apart."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-12:
        return None
    qx, qy = c[0] - a[0], c[1] - a[1]
    t = (qx * sy - qy * sx) / denom
    u = (qx * ry - qy * rx) / denom
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return t, u
    return None


def interior_point(poly: Sequence[Pt]) -> Pt:
    """A point strictly inside a simple polygon (the centroid if it is inside, else the
    centre of the widest inside span of a horizontal line through the middle)."""
    c = centroid(poly)
    if strictly_inside(poly, c):
        return c
    ys = sorted({p[1] for p in poly})
    y = (ys[0] + ys[-1]) / 2 if len(ys) < 2 else (ys[0] + ys[1]) / 2
    for y in [(ys[i] + ys[i + 1]) / 2 for i in range(len(ys) - 1)]:
        xs = []
        for (x0, y0), (x1, y1) in edges(poly):
            if (y0 > y) != (y1 > y):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        spans = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        if spans:
            lo, hi = max(spans, key=lambda s: s[1] - s[0])
            p = ((lo + hi) / 2, y)
            if strictly_inside(poly, p):
                return p
    return c


class Outline:
    """A polygon indexed for checks against it that stay O((n + m) log n): its edges and
    vertices in R-trees (GEOS, through shapely), its area prepared for point-in-polygon tests.

    The pure-Python tests above are O(n) per point and O(n * m) per pair of outlines: a
    building of 20,000 vertices took minutes to validate (issue 17.8)."""

    def __init__(self, poly: Sequence[Pt]):
        import numpy as np
        import shapely

        self.poly = poly
        coords = np.asarray(poly, dtype=float).reshape(-1, 2)
        self.coords = coords
        self.segments = shapely.linestrings(np.stack([coords, np.roll(coords, -1, axis=0)], axis=1))
        self.edge_tree = shapely.STRtree(self.segments)
        self.vertex_tree = shapely.STRtree(shapely.points(coords))
        # even-odd parity, as GEOS counts ring crossings even for a ring that crosses itself
        self.area = shapely.Polygon(coords)
        self.ring = shapely.LinearRing(coords)
        shapely.prepare(self.area)
        shapely.prepare(self.ring)

    def _near(self, pts: np.ndarray) -> np.ndarray:
        import numpy as np
        import shapely

        return np.asarray(shapely.dwithin(self.ring, shapely.points(pts), TOL), dtype=bool)

    def covers(self, points: Sequence[Pt]) -> np.ndarray:
        """contains_point for each point: inside (even-odd) or within TOL of the outline."""
        import numpy as np
        import shapely

        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        if not len(pts):
            return np.zeros(0, dtype=bool)
        inside = np.asarray(shapely.contains_xy(self.area, pts[:, 0], pts[:, 1]), dtype=bool)
        return inside | self._near(pts)

    def strictly_contains(self, points: Sequence[Pt]) -> np.ndarray:
        """strictly_inside for each point: inside and farther than TOL from the outline."""
        import numpy as np
        import shapely

        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        if not len(pts):
            return np.zeros(0, dtype=bool)
        inside = np.asarray(shapely.contains_xy(self.area, pts[:, 0], pts[:, 1]), dtype=bool)
        return inside & ~self._near(pts)

    def crossing_pairs(self, other: Outline) -> Iterator[tuple[int, int]]:
        """(i, j): edge i of self and edge j of other whose geometries meet (touching included)."""
        left, right = other.edge_tree.query(self.segments, predicate="intersects")
        return zip(left.tolist(), right.tolist(), strict=True)


def self_crossing(poly: Sequence[Pt]) -> bool:
    """Two non-adjacent edges cross properly (see segments_cross); touching is allowed."""
    import shapely

    n = len(poly)
    if n < 4:
        return False
    if shapely.is_simple(shapely.LinearRing(poly)):  # no two edges meet at all but neighbours
        return False
    # only pairs that meet can cross: output-sensitive, not every pair of edges
    shape = Outline(poly)
    for i, j in shape.crossing_pairs(shape):
        if j - i < 2 or (i == 0 and j == n - 1):
            continue
        a, b = poly[i], poly[(i + 1) % n]
        c, d = poly[j], poly[(j + 1) % n]
        if segments_cross(a, b, c, d):
            return True
    return False


def is_simple(poly: Sequence[Pt]) -> bool:
    """No two non-adjacent edges cross."""
    return not self_crossing(poly)


def polygon_within(inner: Sequence[Pt], outer: Sequence[Pt]) -> bool:
    """Every vertex of `inner` is inside or on `outer` and no edges cross."""
    shape = Outline(outer)
    if not shape.covers(inner).all():
        return False
    # all vertices on the outline of a non-convex outer polygon do not make it within
    return bool(shape.covers(boundary_pieces(inner, outer, shape)).all())


def boundary_pieces(p: Sequence[Pt], q: Sequence[Pt], q_shape: Outline | None = None) -> list[Pt]:
    """Middles of the pieces of p's edges cut where they meet q's edges and vertices: each
    piece is wholly inside q, outside q or along q's outline, so its middle tells which.
    q's edges and vertices near each edge of p come from q's R-trees (`q_shape`)."""
    import numpy as np
    import shapely

    shape = q_shape or Outline(q)
    n, m = len(p), len(q)
    if not n:
        return []
    pc = np.asarray(p, dtype=float).reshape(-1, 2)
    segments = shapely.linestrings(np.stack([pc, np.roll(pc, -1, axis=0)], axis=1))
    # what the cuts below can come from: q's edges and vertices within TOL of p's edge
    near_edges: list[list[int]] = [[] for _ in range(n)]
    found = shape.edge_tree.query(segments, predicate="dwithin", distance=TOL)
    for i, j in zip(*(a.tolist() for a in found), strict=True):
        near_edges[i].append(j)
    near_vertices: list[list[int]] = [[] for _ in range(n)]
    found = shape.vertex_tree.query(segments, predicate="dwithin", distance=TOL)
    for i, k in zip(*(a.tolist() for a in found), strict=True):
        near_vertices[i].append(k)
    out: list[Pt] = []
    for i in range(n):
        a, b = p[i], p[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        cuts = [0.0, 1.0]
        for j in sorted(near_edges[i]):
            hit = segment_intersection(a, b, q[j], q[(j + 1) % m])
            if hit is not None:
                cuts.append(hit[0])
        for k in sorted(near_vertices[i]):
            v = q[k]
            if segment_distance(v, a, b) <= TOL:
                cuts.append(((v[0] - a[0]) * dx + (v[1] - a[1]) * dy) / length2)
        cuts = sorted(min(1.0, max(0.0, t)) for t in cuts)
        for t0, t1 in pairwise(cuts):
            if t1 - t0 < 1e-9:
                continue
            tm = (t0 + t1) / 2
            out.append((a[0] + dx * tm, a[1] + dy * tm))
    return out


def polygons_overlap(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    """Interiors overlap (sharing edges or corners is not overlapping)."""
    ps, qs = Outline(p), Outline(q)
    n, m = len(p), len(q)
    for i, j in ps.crossing_pairs(qs):
        if segments_cross(p[i], p[(i + 1) % n], q[j], q[(j + 1) % m]):
            return True
    if qs.strictly_contains(p).any() or ps.strictly_contains(q).any():
        return True
    # e.g. two strips sharing a top and bottom line: every vertex is on the other's outline
    if (
        qs.strictly_contains(boundary_pieces(p, q, qs)).any()
        or ps.strictly_contains(boundary_pieces(q, p, ps)).any()
    ):
        return True
    # same or nested outlines with all vertices on the other's boundary
    return bool(qs.strictly_contains([interior_point(p)])[0] or ps.strictly_contains([interior_point(q)])[0])


def bearing(a: Pt, b: Pt) -> float:
    """Bearing from a to b in degrees clockwise from north (up the sheet, -y)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360.0


def in_arc(angle: float, start: float, end: float) -> bool:
    """Whether a bearing lies in the clockwise sector from start to end (inclusive)."""
    span = (end - start) % 360.0
    return (angle - start) % 360.0 <= span + 1e-9
