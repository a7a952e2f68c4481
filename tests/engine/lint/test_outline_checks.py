"""Outline checks (L102 self-crossing, L103/L104 containment, L105-L107 overlaps) scale as
n log n (issue 17.8) and give the same answers as the plain all-pairs definitions.

No timing here (speed lives in bench/bench_outline.py): the work is counted instead, as the
number of exact segment tests the checks make, which was quadratic before the R-trees."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.bench_outline import outline_sheet_text
from engine.geometry import polygons
from engine.geometry.polygons import TOL, Pt, boundary_distance, edges, segment_intersection, segments_cross
from engine.lint.checks import sheet
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths

# --- the definitions, all pairs (the checks as they were before issue 17.8) -------------------


def ref_self_crossing(poly: Sequence[Pt]) -> bool:
    es = edges(poly)
    n = len(es)
    return any(
        segments_cross(*es[i], *es[j])
        for i in range(n)
        for j in range(i + 2, n)
        if not (i == 0 and j == n - 1)
    )


def ref_covers(poly: Sequence[Pt], p: Pt) -> bool:
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in edges(poly):
        if (y0 > y) != (y1 > y) and x0 + (y - y0) * (x1 - x0) / (y1 - y0) > x:
            inside = not inside
    return inside or boundary_distance(p, poly) <= TOL


def ref_strictly_inside(poly: Sequence[Pt], p: Pt) -> bool:
    return ref_covers(poly, p) and boundary_distance(p, poly) > TOL


def ref_pieces(p: Sequence[Pt], q: Sequence[Pt]) -> list[Pt]:
    out = []
    for a, b in edges(p):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        cuts = [0.0, 1.0]
        for c, d in edges(q):
            hit = segment_intersection(a, b, c, d)
            if hit is not None:
                cuts.append(hit[0])
        for v in q:
            if polygons.segment_distance(v, a, b) <= TOL:
                cuts.append(((v[0] - a[0]) * dx + (v[1] - a[1]) * dy) / length2)
        cuts = sorted(min(1.0, max(0.0, t)) for t in cuts)
        for t0, t1 in pairwise(cuts):
            if t1 - t0 >= 1e-9:
                out.append((a[0] + dx * (t0 + t1) / 2, a[1] + dy * (t0 + t1) / 2))
    return out


def ref_outside(inner: Sequence[Pt], outer: Sequence[Pt]) -> str | None:
    for k, p in enumerate(inner):
        if not ref_covers(outer, p):
            return f"/{k}"
    return "" if not all(ref_covers(outer, m) for m in ref_pieces(inner, outer)) else None


def ref_overlap(p: Sequence[Pt], q: Sequence[Pt]) -> bool:
    if any(segments_cross(a, b, c, d) for a, b in edges(p) for c, d in edges(q)):
        return True
    if any(ref_strictly_inside(q, v) for v in p) or any(ref_strictly_inside(p, v) for v in q):
        return True
    if any(ref_strictly_inside(q, m) for m in ref_pieces(p, q)):
        return True
    if any(ref_strictly_inside(p, m) for m in ref_pieces(q, p)):
        return True
    ip, iq = polygons.interior_point(p), polygons.interior_point(q)
    return ref_strictly_inside(q, ip) or ref_strictly_inside(p, iq)


# Small integer grids make the degenerate cases common: shared vertices, collinear edges,
# vertices on edges, zero-length edges, spikes.
coord = st.integers(0, 6).map(lambda v: v * 5.0)
polygon = st.lists(st.tuples(coord, coord), min_size=3, max_size=8)


@settings(max_examples=400, deadline=None)
@given(p=polygon, q=polygon)
def test_17_8_indexed_checks_match_the_all_pairs_definitions(p: list[Pt], q: list[Pt]) -> None:
    assert polygons.self_crossing(p) == ref_self_crossing(p)
    # an outline that encloses no area is L124's error already, and "inside" or "overlapping"
    # is undefined for it (a spike q = (0,0),(5,0),(5,5),(5,0) against a triangle on its base
    # made the two definitions differ at random seeds): compare them on real outlines only
    assume(polygons.area(p) >= 1.0 and polygons.area(q) >= 1.0)
    assert sheet._outside(p, q, "") == ref_outside(p, q)
    assert polygons.polygons_overlap(p, q) == ref_overlap(p, q)


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, counts: dict[str, int]) -> None:
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any) -> Any:
        counts[name] = counts.get(name, 0) + 1
        return original(*args)

    monkeypatch.setattr(module, name, counted)


def test_17_8_a_20000_vertex_outline_costs_a_bounded_number_of_segment_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 20_000
    path = tmp_path / "outline.yaml"
    path.write_text(outline_sheet_text(n), encoding="utf-8")
    counts: dict[str, int] = {}
    for name in ("segments_cross", "segment_intersection", "segment_distance", "boundary_distance"):
        _counting(monkeypatch, polygons, name, counts)
    for name in ("segments_cross", "boundary_distance", "contains_point"):
        if hasattr(sheet, name):
            _counting(monkeypatch, sheet, name, counts)
    report = validate_paths([path], Workspace())
    assert [p.format() for p in report.problems] == []
    # all pairs would be n * n / 20 = 20 million tests for the room alone; an R-tree finds the
    # few edges near each edge (this outline is dense: about 10 within the tolerance)
    assert sum(counts.values()) < 30 * n, counts


def test_17_8_a_crossing_in_a_20000_vertex_outline_is_still_found(tmp_path: Path) -> None:
    text = outline_sheet_text(20_000)
    # swap two far-apart vertices of the building outline: two pairs of edges now cross
    head, rest = text.split("outline: [", 1)
    points, tail = rest.split("]]", 1)
    pts = points.split("], [")
    pts[100], pts[10_100] = pts[10_100], pts[100]
    path = tmp_path / "crossing.yaml"
    path.write_text(head + "outline: [" + "], [".join(pts) + "]]" + tail, encoding="utf-8")
    report = validate_paths([path], Workspace())
    assert "L102" in {p.code for p in report.problems}


@settings(max_examples=300, deadline=None)
@given(p=polygon, points=st.lists(st.tuples(coord, coord), min_size=1, max_size=6))
def test_17_8_indexed_point_tests_match_the_plain_ones(p: list[Pt], points: list[Pt]) -> None:
    # as above: an outline of no area (L124) has no inside; GEOS called (5, 5) inside the
    # spike (0,10),(10,10),(0,10),(0,0) at a random seed, the even-odd walk outside
    assume(polygons.area(p) >= 1.0)
    plain = [(polygons.contains_point(p, q), polygons.strictly_inside(p, q)) for q in points]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(polygons, "INDEX_FROM", 0)  # every outline through the index
        indexed = [(polygons.contains_point(p, q), polygons.strictly_inside(p, q)) for q in points]
    assert indexed == plain
    assert plain == [(ref_covers(p, q), ref_strictly_inside(p, q)) for q in points]


def test_17_8_hexes_inside_a_20000_vertex_building_cost_no_walk_of_its_outline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheet's locations leave out the hexes whose centre is in a building: with the
    outline indexed, no hex walks its 20,000 edges (that took 7 s for 285 hexes)."""
    from engine.io.files import load_document
    from engine.lint.context import SheetContext

    path = tmp_path / "outline.yaml"
    text = outline_sheet_text(20_000).replace("columns: 6, rows: 4", "columns: 9, rows: 7")
    path.write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    _counting(monkeypatch, polygons, "edges", counts)
    ctx = SheetContext(load_document(path))
    inside = {lb for lb in ctx.on_sheet if lb not in ctx.playable}
    assert len(inside) > 10  # the hexes under the building are not locations
    assert counts.get("edges", 0) < 5, counts
