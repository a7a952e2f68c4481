"""Calibration maths: a least-squares similarity from clicked hex centres to the scan."""

from __future__ import annotations

import math
import random

import pytest

from engine.geometry.calibration import (
    CalibrationError,
    Pick,
    apply_transform,
    calibrate,
    fit_similarity,
    invert_transform,
    parse_pick_label,
)
from engine.geometry.hexgrid import SQRT3, HexGrid
from engine.model.sheet import Grid, Orientation, Stagger


def scan_of(grid: Grid, mm_per_px: float, theta: float, offset: tuple[float, float]):
    """mm -> pixels of a scan rotated by theta (radians), at mm_per_px, offset in pixels."""

    def to_px(x: float, y: float) -> tuple[float, float]:
        c, s = math.cos(theta), math.sin(theta)
        return (c * x - s * y) / mm_per_px + offset[0], (s * x + c * y) / mm_per_px + offset[1]

    return to_px


def test_fit_similarity_recovers_an_exact_transform():
    src = [(0.0, 0.0), (1.0, 0.0), (0.0, 2.0), (3.0, 1.0)]
    theta, scale = math.radians(17), 4.5
    dst = [
        (
            scale * (math.cos(theta) * x - math.sin(theta) * y) + 10,
            scale * (math.sin(theta) * x + math.cos(theta) * y) - 3,
        )
        for x, y in src
    ]
    fit = fit_similarity(src, dst)
    assert fit.scale == pytest.approx(scale)
    assert fit.theta == pytest.approx(theta)
    assert (fit.tx, fit.ty) == pytest.approx((10, -3))
    for q, p in zip(src, dst, strict=True):
        assert fit.apply(*q) == pytest.approx(p)
        assert fit.invert(*p) == pytest.approx(q)


@pytest.mark.parametrize(
    ("orientation", "stagger", "first"),
    [
        (Orientation.flat, Stagger.even, 1),
        (Orientation.flat, Stagger.odd, 0),
        (Orientation.pointy, Stagger.odd, 1),
    ],
)
def test_calibrate_recovers_the_grid_within_a_tenth_of_a_hex(orientation, stagger, first):
    truth = Grid(
        orientation=orientation,
        size=8.682,
        origin=(4.0, 6.0),
        columns=30,
        rows=20,
        first_column=first,
        first_row=first,
        stagger=stagger,
    )
    hg = HexGrid(truth)
    mm_per_px = 25.4 / 150
    to_px = scan_of(truth, mm_per_px, math.radians(2.5), (120.0, 80.0))
    rng = random.Random(4)
    labels = [
        f"{first + 2:02d}{first + 3:02d}",
        f"{first + 25:02d}{first + 4:02d}",
        f"{first + 14:02d}{first + 17:02d}",
    ]
    picks = []
    for label in labels:
        u, v = to_px(*hg.centre(label))
        picks.append(Pick(u + rng.uniform(-1.5, 1.5), v + rng.uniform(-1.5, 1.5), label))
    # the designer's current grid: right numbering, wrong size and a guessed origin
    start = truth.model_copy(update={"size": 5.0})
    cal = calibrate(picks, start, mm_per_pixel=mm_per_px)
    assert cal.grid.size == pytest.approx(truth.size, rel=0.01)
    assert cal.grid.origin == start.origin
    assert cal.rotation_degrees == pytest.approx(2.5, abs=0.2)
    # the fitted scan placement puts every printed centre within 0.1 hex of the grid's
    fitted = HexGrid(cal.grid)
    worst = 0.0
    for label in hg.labels():
        u, v = to_px(*hg.centre(label))
        x, y = apply_transform(cal.transform, u, v)
        gx, gy = fitted.centre(label)
        # compare in the sheet frame: the scan's hex shown under the grid's hex
        worst = max(worst, math.hypot(x - gx, y - gy) / (SQRT3 * cal.grid.size))
    assert worst < 0.1
    assert cal.rms_hexes < 0.1 and len(cal.residuals) == 3


def test_keeping_the_hex_size_scales_the_scan_to_the_grid():
    grid = Grid(size=10.0, origin=(0.0, 0.0), columns=10, rows=10)
    hg = HexGrid(grid)
    to_px = scan_of(grid, 0.5, 0.0, (0.0, 0.0))
    picks = [Pick(*to_px(*hg.centre(lb)), lb) for lb in ("0101", "0505", "0902")]
    cal = calibrate(picks, grid)
    assert cal.grid.size == 10.0
    assert cal.mm_per_pixel == pytest.approx(0.5)
    assert cal.transform == pytest.approx((0.5, 0, 0, 0, 0.5, 0), abs=1e-9)
    assert cal.rms_mm == pytest.approx(0, abs=1e-9)


def test_residuals_show_a_mistyped_number():
    grid = Grid(size=10.0, origin=(0.0, 0.0), columns=10, rows=10)
    hg = HexGrid(grid)
    picks = [Pick(*hg.centre(lb), lb) for lb in ("0101", "0505", "0902", "0208")]
    wrong = [*picks[:3], Pick(picks[3].u, picks[3].v, "0209")]
    cal = calibrate(wrong, grid)
    worst = max(cal.residuals, key=lambda r: r.hexes)
    assert worst.label == "0209" and worst.hexes > 0.3


def test_label_at_pixel_numbers_further_picks():
    grid = Grid(size=10.0, origin=(0.0, 0.0), columns=10, rows=10, stagger="odd")
    hg = HexGrid(grid)
    to_px = scan_of(grid, 0.2, math.radians(-3), (50.0, 40.0))
    cal = calibrate([Pick(*to_px(*hg.centre(lb)), lb) for lb in ("0102", "0807")], grid)
    for label in ("0303", "0410", "1001"):
        assert cal.label_at_pixel(*to_px(*hg.centre(label))) == label
        assert cal.pixel_of(label) == pytest.approx(to_px(*hg.centre(label)))


def test_bad_picks_are_refused():
    grid = Grid(size=10.0, origin=(0.0, 0.0), columns=10, rows=10)
    with pytest.raises(CalibrationError, match="two"):
        calibrate([Pick(0, 0, "0101")], grid)
    with pytest.raises(CalibrationError, match="once"):
        calibrate([Pick(0, 0, "0101"), Pick(5, 5, "0101")], grid)
    with pytest.raises(CalibrationError, match="coincide"):
        calibrate([Pick(3, 3, "0101"), Pick(3, 3, "0202")], grid)
    with pytest.raises(CalibrationError, match="CCRR"):
        parse_pick_label("A12")
    assert parse_pick_label(" 512") == "0512"


def test_invert_transform_round_trips():
    t = (0.2, 0.05, 3.0, -0.05, 0.2, -7.0)
    inv = invert_transform(t)
    x, y = apply_transform(t, 12.0, 34.0)
    assert apply_transform(inv, x, y) == pytest.approx((12.0, 34.0))
