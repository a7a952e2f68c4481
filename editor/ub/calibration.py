"""Calibrating a segment's scan: square corners clicked on the scan, named by the square
whose top-left corner they are (`C3`; a corner on the right or bottom edge is named by the
square beyond it, `M1`, `A11`), fitted as the hex sheets' scans are (engine/geometry/
calibration.py: a least-squares similarity, no shear) and turned into the segment's
`scan_transform`, pixels to the segment's millimetres.

Corners rather than centres: a square board's printed lines meet at its corners, the points
a designer finds exactly on a scan. Plain Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry.calibration import CalibrationError, Similarity, fit_similarity
from engine.model.square_board import parse_square, square_name

Transform = tuple[float, float, float, float, float, float]


@dataclass(frozen=True, slots=True)
class CornerPick:
    """A clicked corner: where on the scan (pixels) and the square it is the top-left of."""

    u: float
    v: float
    label: str


@dataclass(frozen=True, slots=True)
class CornerResidual:
    label: str
    fitted: tuple[float, float]  # where the fit puts the corner, in scan pixels
    mm: float
    squares: float


@dataclass(frozen=True, slots=True)
class SquareCalibration:
    #: segment lattice (a square's side = 1, the segment's first corner at 0, 0) -> pixels
    lattice_to_pixels: Similarity
    #: pixels -> millimetres of the segment
    transform: Transform
    #: the side of a square in millimetres (kept, or from the scan's resolution)
    size: float
    first_col: int
    residuals: tuple[CornerResidual, ...]

    @property
    def rms_mm(self) -> float:
        return _rms([r.mm for r in self.residuals])

    @property
    def rms_squares(self) -> float:
        return _rms([r.squares for r in self.residuals])

    @property
    def rotation_degrees(self) -> float:
        return math.degrees(self.lattice_to_pixels.theta)

    @property
    def square_pixels(self) -> float:
        return self.lattice_to_pixels.scale

    def corner_pixel(self, lx: float, ly: float) -> tuple[float, float]:
        """Where the fit puts the segment's lattice corner (lx, ly) on the scan."""
        return self.lattice_to_pixels.apply(lx, ly)

    def label_at_pixel(self, u: float, v: float) -> tuple[str, tuple[float, float]] | None:
        """The corner nearest a point of the scan by the fit (its name and its fitted pixel),
        to name and snap further picks for the designer; None off the board's names."""
        lx, ly = self.lattice_to_pixels.invert(u, v)
        cx, cy = round(lx), round(ly)
        col = self.first_col + cx
        if col < 0 or cy < 0 or col > 701 or cy > 98:
            return None
        return square_name((col, cy)), self.corner_pixel(cx, cy)


def _rms(values: Sequence[float]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values)) if values else 0.0


def parse_corner(text: str) -> str:
    """A typed corner name, upper-cased ('c3' -> 'C3'); CalibrationError if it is not one."""
    name = text.strip().upper()
    try:
        parse_square(name)
    except ValueError:
        raise CalibrationError(
            f"{text.strip()!r} is not a square name (column letter, row number: C3)"
        ) from None
    return name


def lattice_of(label: str, first_col: int) -> tuple[float, float]:
    col, row = parse_square(label)
    return float(col - first_col), float(row)


def calibrate_segment(
    picks: Sequence[CornerPick], first_col: int, size: float, mm_per_pixel: float | None = None
) -> SquareCalibration:
    """Fit the segment's corners to the picks. `mm_per_pixel` (from the scan's resolution)
    sets the square's size; None keeps `size` and scales the scan to it."""
    labels = [p.label for p in picks]
    if len(set(labels)) != len(labels):
        raise CalibrationError("each corner may be picked only once")
    try:
        src = [lattice_of(p.label, first_col) for p in picks]
    except ValueError as exc:
        raise CalibrationError(str(exc)) from None
    fit = fit_similarity(src, [(p.u, p.v) for p in picks])
    if mm_per_pixel is None:
        new_size = size
    else:
        if not (mm_per_pixel > 0 and math.isfinite(mm_per_pixel)):
            raise CalibrationError("the scan resolution must be positive")
        new_size = fit.scale * mm_per_pixel
        if not 0 < new_size <= 200:
            raise CalibrationError(f"a square of {new_size:.3g} mm is out of range: check the resolution")
    # pixels -> lattice is the similarity's inverse; millimetres are lattice * size
    k = new_size / fit.scale
    cos_t, sin_t = math.cos(fit.theta), math.sin(fit.theta)
    a, b = k * cos_t, k * sin_t
    d, e = -k * sin_t, k * cos_t
    c = -(a * fit.tx + b * fit.ty)
    f = -(d * fit.tx + e * fit.ty)
    residuals = []
    for pick, q in zip(picks, src, strict=True):
        fx, fy = fit.apply(*q)
        dist = math.hypot(pick.u - fx, pick.v - fy)
        residuals.append(CornerResidual(pick.label, (fx, fy), dist * k, dist / fit.scale))
    return SquareCalibration(fit, (a, b, c, d, e, f), round(new_size, 6), first_col, tuple(residuals))


def fitted_transform(width_mm: float, height_mm: float, px_width: int, px_height: int) -> Transform:
    """A first placement of a new scan: the whole image over the segment, aspect kept, until
    it is calibrated."""
    k = min(width_mm / px_width, height_mm / px_height) if px_width and px_height else 1.0
    return (k, 0.0, 0.0, 0.0, k, 0.0)
