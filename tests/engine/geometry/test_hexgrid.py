"""Hex maths, with the Red Blob Games test vectors (redblobgames.com/grids/hexagons/implementation)."""

from __future__ import annotations

import itertools

import pytest

from engine.geometry.hexgrid import (
    DIRECTIONS,
    Cube,
    HexGrid,
    cube_distance,
    cube_linedraw,
    cube_neighbor,
    cube_round,
    format_label,
    parse_label,
)
from engine.model.sheet import Grid, Orientation, Stagger


def cube(q: int, r: int, s: int) -> Cube:
    assert q + r + s == 0
    return Cube(q, r)


# --- Red Blob vectors --------------------------------------------------------------------
def test_hex_arithmetic() -> None:
    assert cube(1, -3, 2) + cube(3, -7, 4) == cube(4, -10, 6)
    assert cube(1, -3, 2) - cube(3, -7, 4) == cube(-2, 4, -2)


def test_hex_direction_and_neighbor() -> None:
    assert DIRECTIONS[2] == cube(0, -1, 1)
    assert cube_neighbor(cube(1, -2, 1), 2) == cube(1, -3, 2)


def test_hex_distance() -> None:
    assert cube_distance(cube(3, -7, 4), cube(0, 0, 0)) == 7


def test_hex_round() -> None:
    a, b, c = cube(0, 0, 0), cube(1, -1, 0), cube(0, -1, 1)

    def lerp(x: Cube, y: Cube, t: float) -> tuple[float, float]:
        return x.q + (y.q - x.q) * t, x.r + (y.r - x.r) * t

    assert cube_round(*lerp(cube(0, 0, 0), cube(10, -20, 10), 0.5)) == cube(5, -10, 5)
    assert cube_round(*lerp(a, b, 0.499)) == a
    assert cube_round(*lerp(a, b, 0.501)) == b
    assert cube_round(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3) == a
    assert cube_round(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4) == c


def test_hex_linedraw() -> None:
    assert cube_linedraw(cube(0, 0, 0), cube(1, -5, 4)) == [
        cube(0, 0, 0),
        cube(0, -1, 1),
        cube(0, -2, 2),
        cube(1, -3, 2),
        cube(1, -4, 3),
        cube(1, -5, 4),
    ]


def grid(orientation: Orientation, stagger: Stagger, first: int = 0) -> HexGrid:
    return HexGrid(
        Grid(
            orientation=orientation,
            size=10.0,
            origin=(0.0, 0.0),
            columns=20,
            rows=20,
            first_column=first,
            first_row=first,
            stagger=stagger,
        )
    )


def test_offset_from_cube_vectors() -> None:
    # Red Blob: qoffset_from_cube(EVEN, Hex(1, 2, -3)) == OffsetCoord(1, 3); ODD -> (1, 2)
    assert grid(Orientation.flat, Stagger.even).to_offset(cube(1, 2, -3)) == (1, 3)
    assert grid(Orientation.flat, Stagger.odd).to_offset(cube(1, 2, -3)) == (1, 2)
    # Red Blob's r-offset formulas, col = q + (r +/- (r & 1)) / 2, on an even and an odd row
    assert grid(Orientation.pointy, Stagger.even).to_offset(cube(1, 2, -3)) == (2, 2)
    assert grid(Orientation.pointy, Stagger.odd).to_offset(cube(1, 2, -3)) == (2, 2)
    assert grid(Orientation.pointy, Stagger.even).to_offset(cube(1, 3, -4)) == (3, 3)
    assert grid(Orientation.pointy, Stagger.odd).to_offset(cube(1, 3, -4)) == (2, 3)


def test_offset_to_cube_vectors() -> None:
    assert grid(Orientation.flat, Stagger.even).to_cube(1, 3) == cube(1, 2, -3)
    assert grid(Orientation.flat, Stagger.odd).to_cube(1, 2) == cube(1, 2, -3)
    assert grid(Orientation.pointy, Stagger.even).to_cube(2, 2) == cube(1, 2, -3)
    assert grid(Orientation.pointy, Stagger.odd).to_cube(2, 2) == cube(1, 2, -3)
    assert grid(Orientation.pointy, Stagger.even).to_cube(3, 3) == cube(1, 3, -4)
    assert grid(Orientation.pointy, Stagger.odd).to_cube(2, 3) == cube(1, 3, -4)


ALL_LAYOUTS = list(itertools.product(Orientation, Stagger, [0, 1]))


@pytest.mark.parametrize("orientation,stagger,first", ALL_LAYOUTS)
def test_offset_round_trip(orientation: Orientation, stagger: Stagger, first: int) -> None:
    g = grid(orientation, stagger, first)
    for col, row in g.offsets():
        assert g.to_offset(g.to_cube(col, row)) == (col, row)


# --- printed labels ----------------------------------------------------------------------
def test_label_round_trip() -> None:
    assert format_label(5, 12) == "0512"
    assert parse_label("0512") == (5, 12)
    with pytest.raises(ValueError):
        parse_label("512")


@pytest.mark.parametrize("orientation,stagger,first", ALL_LAYOUTS)
def test_centres_and_pixel_to_hex_agree(orientation: Orientation, stagger: Stagger, first: int) -> None:
    """Every hex centre maps back to its label, also from points near its corners."""
    g = grid(orientation, stagger, first)
    for label in g.labels():
        cx, cy = g.centre(label)
        assert g.label_at(cx, cy) == label
        for x, y in g.corners(label):
            # 80% of the way to a corner is still inside the hex
            assert g.label_at(cx + 0.8 * (x - cx), cy + 0.8 * (y - cy)) == label


@pytest.mark.parametrize("orientation,stagger,first", ALL_LAYOUTS)
def test_neighbours_are_one_hex_apart_in_mm(orientation: Orientation, stagger: Stagger, first: int) -> None:
    g = grid(orientation, stagger, first)
    step = 3**0.5 * 10.0  # centre-to-centre distance of adjacent hexes
    for col, row in g.offsets():
        c = g.to_cube(col, row)
        x0, y0 = g.centre_of(col, row)
        for d in range(6):
            ncol, nrow = g.to_offset(cube_neighbor(c, d))
            x1, y1 = g.centre_of(ncol, nrow)
            assert abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - step) < 1e-9


def test_stagger_means_printed_columns_shifted_down() -> None:
    odd = grid(Orientation.flat, Stagger.odd, first=1)
    # printed column 1 is odd: shifted down relative to column 2
    assert odd.centre_of(1, 1)[1] > odd.centre_of(2, 1)[1]
    even = grid(Orientation.flat, Stagger.even, first=1)
    assert even.centre_of(2, 1)[1] > even.centre_of(1, 1)[1]


def test_half_hexes_at_the_sheet_edge() -> None:
    g = HexGrid(
        Grid(
            size=10.0,
            origin=(0.0, 0.0),
            columns=4,
            rows=3,
            first_column=1,
            first_row=1,
            half_hexes_playable=False,
        )
    )
    w, h = 45.0, 60.0
    assert g.is_half_hex("0101", w, h)  # centred on the corner of the sheet
    playable = g.playable_labels(w, h)
    assert "0101" not in playable
    assert all(not g.is_half_hex(lb, w, h) for lb in playable)
