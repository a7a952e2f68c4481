"""SegmentIndex (engine/battlefield/spatial.py) finds exactly what brute force finds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battlefield.locations import WallPiece
from engine.battlefield.spatial import SegmentIndex
from engine.geometry.polygons import segment_intersection, segments_cross
from engine.model.sheet import WallKind

Pt = tuple[float, float]

# coordinates on and off the 8 mm cell lines, negative ones too, and exact cell corners
coord = st.one_of(
    st.floats(min_value=-40, max_value=120, allow_nan=False, allow_infinity=False),
    st.integers(min_value=-5, max_value=15).map(lambda k: 8.0 * k),
)
point = st.tuples(coord, coord)
segment = st.tuples(point, point)


def pieces_of(segments: list[tuple[Pt, Pt]]) -> list[WallPiece]:
    return [
        WallPiece(a, b, WallKind.outer_wall, f"W{i}", "A", "surface") for i, (a, b) in enumerate(segments)
    ]


def brute_crossing(pieces: list[WallPiece], a: Pt, b: Pt) -> set[str]:
    return {p.wall for p in pieces if segments_cross(a, b, p.a, p.b)}


def brute_meeting(pieces: list[WallPiece], a: Pt, b: Pt) -> set[str]:
    return {p.wall for p in pieces if segment_intersection(a, b, p.a, p.b) is not None}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walls=st.lists(segment, min_size=1, max_size=25), queries=st.lists(segment, min_size=1, max_size=8))
def test_segment_index_finds_exactly_what_brute_force_finds(
    walls: list[tuple[Pt, Pt]], queries: list[tuple[Pt, Pt]]
) -> None:
    pieces = pieces_of(walls)
    index = SegmentIndex(pieces)
    for a, b in queries:
        assert {p.wall for p in index.crossing(a, b)} == brute_crossing(pieces, a, b)
        met = index.meeting(a, b)
        assert {p.wall for _, p in met} == brute_meeting(pieces, a, b)
        ts = [t for t, _ in met]
        assert ts == sorted(ts)


@settings(max_examples=60, deadline=None)
@given(walls=st.lists(segment, min_size=1, max_size=10), cell=st.sampled_from([1.0, 3.5, 8.0, 50.0]))
def test_segment_index_cell_size_does_not_change_answers(walls: list[tuple[Pt, Pt]], cell: float) -> None:
    pieces = pieces_of(walls)
    index = SegmentIndex(pieces, cell=cell)
    for a, b in walls:  # query along the walls themselves: touching, collinear, shared ends
        assert {p.wall for _, p in index.meeting(a, b)} == brute_meeting(pieces, a, b)
        assert {p.wall for p in index.crossing(a, b)} == brute_crossing(pieces, a, b)


def test_segment_index_long_and_axis_aligned_segments() -> None:
    walls = [((0.0, 0.0), (800.0, 0.0)), ((400.0, -400.0), (400.0, 400.0)), ((8.0, 8.0), (16.0, 16.0))]
    pieces = pieces_of(walls)
    index = SegmentIndex(pieces)
    assert {p.wall for p in index.crossing((399.0, -1.0), (401.0, 1.0))} == {"W0", "W1"}
    assert {p.wall for p in index.crossing((8.0, 16.0), (16.0, 8.0))} == {"W2"}
    assert index.crossing((0.0, 16.0), (16.0, 0.0)) == []  # meets W2 at its end only
    assert {p.wall for _, p in index.meeting((16.0, 16.0), (30.0, 10.0))} == {"W2"}  # touching an end
    assert index.crossing((-5.0, -5.0), (-1.0, -1.0)) == []
