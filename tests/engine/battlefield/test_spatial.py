"""SegmentIndex (engine/battlefield/spatial.py) finds exactly what brute force finds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battlefield.locations import WallPiece
from engine.battlefield.spatial import BoxIndex, SegmentIndex, box_of
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


def test_a_query_away_from_the_walls_walks_no_cell() -> None:
    index = SegmentIndex(pieces_of([((0.0, 0.0), (100.0, 0.0)), ((0.0, 50.0), (100.0, 50.0))]))
    assert index.cells_along((5000.0, 5000.0), (9000.0, 9000.0)) == []
    assert index.crossing((5000.0, 5000.0), (9000.0, 9000.0)) == []
    # a long line across the walls walks only their box, plus one cell of margin each side
    across = index.cells_along((50.0, -100_000.0), (50.0, 100_000.0))
    assert 0 < len(across) <= 50.0 / index.cell + 4
    assert {p.wall for p in index.crossing((50.0, -100_000.0), (50.0, 100_000.0))} == {"W0", "W1"}
    assert SegmentIndex([]).cells_along((0.0, 0.0), (1e6, 1e6)) == []


def test_cell_size_follows_the_walls_spread() -> None:
    """About one cell per wall over the walls' box, never below 8 mm."""
    far_apart = SegmentIndex(
        pieces_of([((0.0, 0.0), (10.0, 0.0)), ((90_000.0, 90_000.0), (90_010.0, 90_000.0))])
    )
    assert far_apart.cell >= 90_000.0 / 2
    assert len(far_apart.cells) <= 8
    dense = SegmentIndex(pieces_of([((x, 0.0), (x, 5.0)) for x in range(0, 40, 4)]))
    assert dense.cell == 8.0


def test_17_9_hexes_of_1000_mm_compile_with_work_bounded_by_the_walls(monkeypatch) -> None:
    """Issue 17 item 9: a 99 x 99 grid of 1000 mm hexes (the schema's maxima) took 68 s to
    answer one LOS query: every hex side walked ~100 empty 8 mm cells, 25 million in all.
    Count the cells walked (work, not time): compile plus a corner-to-corner LOS query."""
    from engine.battlefield import Placement, compile_sheets
    from engine.battlefield.los import los

    from .mapkit import MapKit

    kit = MapKit(columns=99, rows=99, size=1000.0, origin=(1000.0, 1000.0))
    kit.building("1", {"1.1": ["0505", "0506"], "1.2": ["0605"]})
    kit.side_wall("outer_wall", ("1010", "1011"))
    kit.side_wall("outer_wall", ("4040", "4041"))
    walked = [0]
    queries = [0]
    cells_along = SegmentIndex._cells_along
    find = SegmentIndex.near

    def counting(self: SegmentIndex, a: Pt, b: Pt):  # type: ignore[no-untyped-def]
        for cell in cells_along(self, a, b):
            walked[0] += 1
            yield cell

    def counting_near(self: SegmentIndex, a: Pt, b: Pt) -> list[int]:
        queries[0] += 1
        return find(self, a, b)

    monkeypatch.setattr(SegmentIndex, "near", counting_near)

    monkeypatch.setattr(SegmentIndex, "_cells_along", counting)
    bf = compile_sheets([(kit.sheet(), Placement())])
    result = los(bf, "A0101", "A9999")
    assert len(bf) > 9_700
    assert not result.clear and result.blocker == "building 1"
    assert los(bf, "A0101", "A0199").clear
    # 29,000 neighbour pairs (was 174,000 queries walking 25.7 million cells): only sides
    # near the walls query the index, and a query walks a couple of cells within their box
    assert queries[0] < 20_000, queries[0]
    assert walked[0] < queries[0] * 2, (walked[0], queries[0])
    assert all(len(index.cells) <= 10 * max(1, len(index.pieces)) for index in bf.wall_index.values())


box = st.tuples(coord, coord, st.floats(min_value=0, max_value=60), st.floats(min_value=0, max_value=60)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3])
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    boxes=st.lists(box, min_size=0, max_size=30),
    queries=st.lists(box, min_size=1, max_size=8),
    cell=st.sampled_from([None, 0.5, 8.0, 100.0]),
)
def test_box_index_finds_exactly_what_brute_force_finds(
    boxes: list[tuple[float, float, float, float]],
    queries: list[tuple[float, float, float, float]],
    cell: float | None,
) -> None:
    """Issue 14: the compiler asks a BoxIndex which buildings may hold a point and which
    hexes lie near an outline; it must return every box a brute-force scan returns, in the
    order given (compiled steps keep their order). Tiny cells make some boxes large ones."""
    index = BoxIndex([(b, i) for i, b in enumerate(boxes)], cell)
    for q in queries:
        x0, y0, x1, y1 = q
        expected = [i for i, b in enumerate(boxes) if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]]
        assert index.overlapping(q) == expected
        holding = [i for i, b in enumerate(boxes) if b[0] <= x0 <= b[2] and b[1] <= y0 <= b[3]]
        assert index.at((x0, y0)) == holding


def test_box_index_of_points_and_a_box_far_larger_than_its_cell() -> None:
    hexes = BoxIndex([((x, y, x, y), (x, y)) for x in range(0, 100, 10) for y in range(0, 100, 10)], 10.0)
    assert hexes.overlapping(box_of([(12.0, 12.0), (31.0, 20.0)], 0.0)) == [(20, 20), (30, 20)]
    assert hexes.overlapping((-1e6, -1e6, 1e6, 1e6)) == hexes.items  # wider than the grid
    huge = BoxIndex([((0.0, 0.0, 1.0, 1.0), "small"), ((-5e4, -5e4, 5e4, 5e4), "huge")], 1.0)
    assert huge.large == [1]
    assert huge.at((0.5, 0.5)) == ["small", "huge"] and huge.at((900.0, 900.0)) == ["huge"]
