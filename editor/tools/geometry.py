"""Pure drawing geometry for the tools (no Qt): nearest points, splitting a polygon with a
polyline, sides of a wall. Coordinates are sheet millimetres, rounded to micrometres so
files stay readable and equal points stay equal."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from engine.geometry.polygons import TOL, boundary_distance, contains_point, dist, edges, signed_area

Pt = tuple[float, float]

#: Decimals kept for drawn coordinates (1 µm).
DECIMALS = 3


def rounded(p: Sequence[float]) -> Pt:
    return (round(float(p[0]), DECIMALS) + 0.0, round(float(p[1]), DECIMALS) + 0.0)


def nearest_on_segment(p: Pt, a: Pt, b: Pt) -> tuple[Pt, float]:
    """The point of segment ab nearest to p, and its parameter t in [0, 1]."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return a, 0.0
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return (a[0] + t * dx, a[1] + t * dy), t


def nearest_on_path(p: Pt, points: Sequence[Pt], closed: bool) -> tuple[Pt, int, float]:
    """(nearest point, index of its segment, distance) on a polyline or polygon outline."""
    segments = edges(points) if closed else list(pairwise(points))
    best: tuple[Pt, int, float] = (points[0], 0, math.inf)
    for i, (a, b) in enumerate(segments):
        q, _t = nearest_on_segment(p, a, b)
        d = dist(p, q)
        if d < best[2]:
            best = (q, i, d)
    return best


def dedupe(points: list[Pt], closed: bool) -> list[Pt]:
    """Drop points that repeat their predecessor (and, closed, the last if it is the first)."""
    out: list[Pt] = []
    for p in points:
        if not out or dist(out[-1], p) > 1e-6:
            out.append(p)
    if closed and len(out) > 1 and dist(out[0], out[-1]) <= 1e-6:
        out.pop()
    return out


def split_polygon(poly: Sequence[Pt], line: Sequence[Pt]) -> tuple[list[Pt], list[Pt]] | None:
    """Cut a simple polygon in two with a polyline running from its boundary, through its
    inside, back to its boundary. None when the line does not cut it that way."""
    if len(line) < 2 or len(poly) < 3:
        return None
    start, end = line[0], line[-1]
    if boundary_distance(start, poly) > TOL or boundary_distance(end, poly) > TOL:
        return None
    inner = list(line[1:-1])
    if not all(contains_point(poly, p) and boundary_distance(p, poly) > TOL for p in inner):
        return None
    for a, b in pairwise(line):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        if boundary_distance(mid, poly) <= TOL or not contains_point(poly, mid):
            return None
    _q, i, _d = nearest_on_path(start, poly, closed=True)
    _q, j, _d = nearest_on_path(end, poly, closed=True)
    n = len(poly)
    if i == j:
        a = poly[i]
        if dist(a, start) > dist(a, end):
            # walk the line the other way so it starts nearer the edge's first vertex
            return split_polygon(poly, list(reversed(line)))
        first = [start, *inner, end]
        second = [end] + [poly[(i + 1 + k) % n] for k in range(n)] + [start, *inner]
    else:
        around_ij = [poly[(i + 1 + k) % n] for k in range((j - i) % n)]
        around_ji = [poly[(j + 1 + k) % n] for k in range((i - j) % n)]
        first = [start, *around_ij, end, *reversed(inner)]
        second = [end, *around_ji, start, *inner]
    first, second = dedupe(first, True), dedupe(second, True)
    if len(first) < 3 or len(second) < 3:
        return None
    if abs(signed_area(first)) < 1e-6 or abs(signed_area(second)) < 1e-6:
        return None
    return first, second


def normal_sides(p: Pt, a: Pt, b: Pt, offset: float) -> tuple[Pt, Pt]:
    """Points at `offset` either side of segment ab, next to p: (left, right) as seen
    walking from a to b on the sheet (y down, so 'left' is the outward side of a
    clockwise-on-screen outline)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = dy / length, -dx / length
    return (p[0] + nx * offset, p[1] + ny * offset), (p[0] - nx * offset, p[1] - ny * offset)
