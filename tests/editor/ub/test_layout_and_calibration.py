"""The board's squares in millimetres, and the calibration of a segment's scan from clicked
corners (plain Python, no window)."""

from __future__ import annotations

import math
import random

import pytest

from editor.ub.calibration import CornerPick, calibrate_segment, parse_corner
from editor.ub.commands import painted_rows
from editor.ub.layout import Layout
from engine.geometry.calibration import CalibrationError
from engine.io.files import load_document

from ..conftest import ROOT


@pytest.fixture(scope="module")
def layout() -> Layout:
    return Layout(load_document(ROOT / "maps" / "ub" / "two-segments.yaml").model)


def test_squares_are_named_over_the_whole_board(layout):
    assert (layout.width, layout.height, layout.size) == (24, 10, 25.0)
    assert layout.name((0, 0, 0)) == "A1"
    assert layout.name((1, 0, 0)) == "M1"  # the second segment continues the columns
    assert layout.name((1, 11, 9)) == "X10"
    assert layout.spot_named("M1") == (1, 0, 0)
    assert layout.spot_named("Y1") is None and layout.spot_named("A11") is None
    assert layout.spot_named("bad") is None


def test_a_point_finds_its_square(layout):
    # origin (10, 10), squares of 25 mm
    assert layout.spot_at(10.1, 10.1) == (0, 0, 0)
    assert layout.spot_at(10 + 12 * 25 + 1, 10 + 9 * 25 + 24) == (1, 0, 9)
    assert layout.spot_at(9.9, 50) is None and layout.spot_at(10 + 24 * 25 + 0.1, 50) is None
    assert layout.rect((1, 2, 3)) == (10 + 14 * 25, 10 + 3 * 25, 25.0)
    assert layout.segment_rect(1) == (310.0, 10.0, 300.0, 250.0)


def test_painting_changes_one_letter_and_never_lengthens_a_row():
    rows = ["....", ".."]
    assert painted_rows(rows, 2, 0, "B") == ["..B.", ".."]
    assert painted_rows(rows, 3, 1, "B") is None  # the short row of a board that does not validate
    assert painted_rows(rows, 0, 0, ".") is None  # no change


def truth(col: float, row: float) -> tuple[float, float]:
    """Where a segment's lattice corner lies on a made-up scan: 47.3 px a square, rotated
    2 degrees, offset."""
    k, t = 47.3, math.radians(2.0)
    return 80 + k * (col * math.cos(t) - row * math.sin(t)), 55 + k * (col * math.sin(t) + row * math.cos(t))


def test_a_segment_scan_is_calibrated_from_named_corners():
    rng = random.Random(3)
    picks = []
    for label, (c, r) in (("M1", (0, 0)), ("X1", (11, 0)), ("M11", (0, 10)), ("S6", (6, 5))):
        u, v = truth(c, r)
        picks.append(CornerPick(u + rng.uniform(-0.5, 0.5), v + rng.uniform(-0.5, 0.5), label))
    cal = calibrate_segment(picks, first_col=12, size=25.0)
    assert cal.rotation_degrees == pytest.approx(2.0, abs=0.05)
    assert cal.rms_squares < 0.02 and cal.size == 25.0
    a, b, c, d, e, f = cal.transform
    for col, row in ((3, 7), (11, 10)):
        u, v = truth(col, row)
        assert (a * u + b * v + c, d * u + e * v + f) == pytest.approx((col * 25.0, row * 25.0), abs=0.3)
    # a click near a corner is named and snapped by the fit
    u, v = truth(4, 2)
    name, fitted = cal.label_at_pixel(u + 6, v - 5)
    assert name == "Q3" and math.hypot(fitted[0] - u, fitted[1] - v) < 1.0
    # from the scan's resolution: 47.3 px at 150 dpi is 8.01 mm a square
    by_dpi = calibrate_segment(picks, first_col=12, size=25.0, mm_per_pixel=25.4 / 150)
    assert by_dpi.size == pytest.approx(47.3 * 25.4 / 150, rel=0.005)


def test_bad_corner_picks_are_refused_with_a_reason():
    with pytest.raises(CalibrationError, match="not a square name"):
        parse_corner("3C")
    assert parse_corner(" c3 ") == "C3"
    with pytest.raises(CalibrationError, match="only once"):
        calibrate_segment([CornerPick(0, 0, "A1"), CornerPick(9, 9, "A1")], 0, 25.0)
    with pytest.raises(CalibrationError):
        calibrate_segment([CornerPick(0, 0, "A1")], 0, 25.0)
