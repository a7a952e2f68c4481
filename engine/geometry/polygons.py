"""Plane geometry on sheet millimetres: points, segments, polygons (tolerant to drawing slop)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import pairwise

Pt = tuple[float, float]

#: Drawing tolerance in mm: points closer than this are the same point.
TOL = 0.05


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


def contains_point(poly: Sequence[Pt], p: Pt) -> bool:
    """Even-odd rule; points on the boundary count as inside (within TOL)."""
    if boundary_distance(p, poly) <= TOL:
        return True
    return strictly_inside(poly, p)


def strictly_inside(poly: Sequence[Pt], p: Pt) -> bool:
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


def polygon_within(inner: Sequence[Pt], outer: Sequence[Pt]) -> bool:
    """Every vertex of `inner` is inside or on `outer` and no edges cross."""
    if not all(contains_point(outer, p) for p in inner):
        return False
    # all vertices on the outline of a non-convex outer polygon do not make it within
    return all(contains_point(outer, m) for m in boundary_pieces(inner, outer))


def boundary_pieces(p: Sequence[Pt], q: Sequence[Pt]) -> Iterator[Pt]:
    """Middles of the pieces of p's edges cut where they meet q's edges and vertices: each
    piece is wholly inside q, outside q or along q's outline, so its middle tells which."""
    q_edges = edges(q)
    qx0, qx1 = min(v[0] for v in q) - TOL, max(v[0] for v in q) + TOL
    qy0, qy1 = min(v[1] for v in q) - TOL, max(v[1] for v in q) + TOL
    for a, b in edges(p):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        x0, x1 = min(a[0], b[0]) - TOL, max(a[0], b[0]) + TOL
        y0, y1 = min(a[1], b[1]) - TOL, max(a[1], b[1]) + TOL
        if x1 < qx0 or x0 > qx1 or y1 < qy0 or y0 > qy1:
            yield (a[0] + dx / 2, a[1] + dy / 2)
            continue
        cuts = [0.0, 1.0]
        for c, d in q_edges:
            if max(c[0], d[0]) < x0 or min(c[0], d[0]) > x1 or max(c[1], d[1]) < y0 or min(c[1], d[1]) > y1:
                continue
            hit = segment_intersection(a, b, c, d)
            if hit is not None:
                cuts.append(hit[0])
        for v in q:
            if x0 <= v[0] <= x1 and y0 <= v[1] <= y1 and segment_distance(v, a, b) <= TOL:
                cuts.append(((v[0] - a[0]) * dx + (v[1] - a[1]) * dy) / length2)
        cuts = sorted(min(1.0, max(0.0, t)) for t in cuts)
        for t0, t1 in pairwise(cuts):
            if t1 - t0 < 1e-9:
                continue
            tm = (t0 + t1) / 2
            yield (a[0] + dx * tm, a[1] + dy * tm)


def _boundary_enters(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    """Some stretch of p's boundary runs through q's interior."""
    return any(strictly_inside(q, m) for m in boundary_pieces(p, q))


def polygons_overlap(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    """Interiors overlap (sharing edges or corners is not overlapping)."""
    if any(segments_cross(a, b, c, d) for a, b in edges(p) for c, d in edges(q)):
        return True
    if any(strictly_inside(q, v) for v in p) or any(strictly_inside(p, v) for v in q):
        return True
    # e.g. two strips sharing a top and bottom line: every vertex is on the other's outline
    if _boundary_enters(p, q) or _boundary_enters(q, p):
        return True
    # same or nested outlines with all vertices on the other's boundary
    return strictly_inside(q, interior_point(p)) or strictly_inside(p, interior_point(q))


def is_simple(poly: Sequence[Pt]) -> bool:
    """No two non-adjacent edges cross."""
    es = edges(poly)
    n = len(es)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if segments_cross(*es[i], *es[j]):
                return False
    return True


def bearing(a: Pt, b: Pt) -> float:
    """Bearing from a to b in degrees clockwise from north (up the sheet, -y)."""
    return math.degrees(math.atan2(b[0] - a[0], -(b[1] - a[1]))) % 360.0


def in_arc(angle: float, start: float, end: float) -> bool:
    """Whether a bearing lies in the clockwise sector from start to end (inclusive)."""
    span = (end - start) % 360.0
    return (angle - start) % 360.0 <= span + 1e-9
