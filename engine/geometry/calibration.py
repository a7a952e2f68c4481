"""Calibrating a scanned sheet: from clicked hex centres to the scan's placement.

The designer clicks the centres of two or more hexes on the scan and types their printed
numbers. The printed numbers give each hex's centre in the *lattice* frame (the grid drawn
with hexes of size 1 and the first hex at the origin, see `HexGrid`); a least-squares
similarity (scale, rotation, translation, no shear or mirror) maps that lattice onto the
scan's pixels. A printed map's hexes are regular, so a similarity is the right model: an
affine fit would need a third point and would soak up clicking noise as shear.

How the result is represented: the model's `Grid` has no rotation (every polygon of the
sheet is drawn in a frame whose axes follow the grid), so the grid stays axis-aligned in
the sheet frame and the *scan* is rotated to line up with it. The fit therefore sets

* `Grid.size` (mm), unless the designer keeps the current hex size;
* `Background.transform`, the pixel -> mm affine, a pure similarity
  `x = a*u + b*v + c, y = d*u + e*v + f` with `a = e = k*cos(t)`, `d = -b = -k*sin(t)`,
  where `k` is millimetres per pixel and `t` the scan's rotation;

and keeps `Grid.origin`: the first hex's centre stays where the sheet's drawing expects it,
so recalibrating a scan never moves what has already been traced.

The scale `k` comes from either the scan's resolution (`mm_per_pixel = 25.4 / dpi`: the
grid then gets the printed hex size) or the current hex size (the scan is scaled to fit the
grid). Residuals are reported per point in millimetres of the sheet and in hexes, one hex
being the distance between neighbouring centres (`sqrt(3) * size`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..model.sheet import Grid
from .hexgrid import SQRT3, HexGrid, format_label, parse_label

Transform = tuple[float, float, float, float, float, float]
MM_PER_INCH = 25.4


class CalibrationError(ValueError):
    """The picked points cannot fix a grid (too few, repeated hexes, bad numbers)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """A clicked hex centre: where on the scan (pixels) and its printed number (CCRR)."""

    u: float
    v: float
    label: str


@dataclass(frozen=True, slots=True)
class Similarity:
    """p = s * R(theta) * q + (tx, ty): uniform scale, rotation (radians, clockwise on a
    y-down image), translation."""

    scale: float
    theta: float
    tx: float
    ty: float

    def apply(self, x: float, y: float) -> tuple[float, float]:
        c, s = math.cos(self.theta) * self.scale, math.sin(self.theta) * self.scale
        return c * x - s * y + self.tx, s * x + c * y + self.ty

    def invert(self, u: float, v: float) -> tuple[float, float]:
        c, s = math.cos(self.theta) / self.scale, math.sin(self.theta) / self.scale
        du, dv = u - self.tx, v - self.ty
        return c * du + s * dv, -s * du + c * dv


def fit_similarity(src: Sequence[tuple[float, float]], dst: Sequence[tuple[float, float]]) -> Similarity:
    """Least-squares similarity mapping `src` onto `dst` (closed form: with complex numbers
    z = src - mean, w = dst - mean, the best s*e^(i*theta) is sum(conj(z)*w) / sum(|z|^2))."""
    n = len(src)
    if n != len(dst):
        raise CalibrationError("as many source as destination points are needed")
    if n < 2:
        raise CalibrationError("at least two points are needed")
    sx = sum(p[0] for p in src) / n
    sy = sum(p[1] for p in src) / n
    dx = sum(p[0] for p in dst) / n
    dy = sum(p[1] for p in dst) / n
    re = im = norm = 0.0
    for (x, y), (u, v) in zip(src, dst, strict=True):
        zx, zy = x - sx, y - sy
        wx, wy = u - dx, v - dy
        re += zx * wx + zy * wy
        im += zx * wy - zy * wx
        norm += zx * zx + zy * zy
    if norm < 1e-12:
        raise CalibrationError("the points must be at least two different hexes")
    cr, ci = re / norm, im / norm
    scale = math.hypot(cr, ci)
    if scale < 1e-12:
        raise CalibrationError("the clicked points coincide")
    return Similarity(scale, math.atan2(ci, cr), dx - (cr * sx - ci * sy), dy - (ci * sx + cr * sy))


def lattice_grid(grid: Grid) -> HexGrid:
    """The grid's numbering with hexes of size 1 and the first hex at the origin."""
    return HexGrid(grid.model_copy(update={"size": 1.0, "origin": (0.0, 0.0)}))


@dataclass(frozen=True, slots=True)
class Residual:
    label: str
    #: the fitted centre of the labelled hex, in scan pixels
    fitted: tuple[float, float]
    mm: float
    hexes: float


@dataclass(frozen=True, slots=True)
class Calibration:
    """A fitted calibration, ready to apply to a sheet."""

    #: lattice -> scan pixels
    lattice_to_pixels: Similarity
    #: the new background transform, pixels -> sheet mm
    transform: Transform
    #: the new grid (size may change; origin, numbering and orientation are kept)
    grid: Grid
    mm_per_pixel: float
    residuals: tuple[Residual, ...]

    @property
    def rotation_degrees(self) -> float:
        """Rotation of the scan's grid on the image (clockwise, as seen on screen)."""
        return math.degrees(self.lattice_to_pixels.theta)

    @property
    def hex_pixels(self) -> float:
        """Hex size (centre to corner) on the scan, in pixels."""
        return self.lattice_to_pixels.scale

    @property
    def rms_mm(self) -> float:
        return _rms([r.mm for r in self.residuals])

    @property
    def rms_hexes(self) -> float:
        return _rms([r.hexes for r in self.residuals])

    def pixel_of(self, label: str) -> tuple[float, float]:
        """Where the fitted grid puts a hex's centre on the scan."""
        return self.lattice_to_pixels.apply(*_lattice_point(lattice_grid(self.grid), label))

    def label_at_pixel(self, u: float, v: float) -> str | None:
        """The printed number of the hex under a point of the scan, by the fitted grid
        (None off the numbers' range), to number further picks for the designer."""
        lattice = lattice_grid(self.grid)
        col, row = lattice.to_offset(lattice.cube_at(*self.lattice_to_pixels.invert(u, v)))
        return format_label(col, row) if 0 <= col <= 99 and 0 <= row <= 99 else None

    def pixel_corners(self, label: str) -> list[tuple[float, float]]:
        lattice = lattice_grid(self.grid)
        return [self.lattice_to_pixels.apply(x, y) for x, y in lattice.corners(label)]


def _rms(values: Sequence[float]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values)) if values else 0.0


def _lattice_point(lattice: HexGrid, label: str) -> tuple[float, float]:
    try:
        return lattice.centre(label)
    except ValueError:
        raise CalibrationError(f"{label!r} is not a printed hex number (CCRR)") from None


def calibrate(picks: Sequence[Pick], grid: Grid, mm_per_pixel: float | None = None) -> Calibration:
    """Fit the grid to the picks. `mm_per_pixel` sets the scale from the scan's resolution
    (and so the hex size); None keeps the grid's hex size and scales the scan to it."""
    labels = [p.label for p in picks]
    if len(set(labels)) != len(labels):
        raise CalibrationError("each hex may be picked only once")
    lattice = lattice_grid(grid)
    src = [_lattice_point(lattice, p.label) for p in picks]
    fit = fit_similarity(src, [(p.u, p.v) for p in picks])
    if mm_per_pixel is None:
        k = grid.size / fit.scale
        size = grid.size
    else:
        if not (mm_per_pixel > 0 and math.isfinite(mm_per_pixel)):
            raise CalibrationError("the scan resolution must be positive")
        k = mm_per_pixel
        size = fit.scale * k
        if not 0 < size <= 1000:
            raise CalibrationError(f"a hex of {size:.3g} mm is out of range: check the resolution")
    new_grid = grid.model_copy(update={"size": round(size, 6)})
    # pixels -> mm: undo the scan's translation and rotation, scale to mm, put the first
    # hex's centre on the grid's origin.
    cos_t, sin_t = math.cos(fit.theta), math.sin(fit.theta)
    a, b = k * cos_t, k * sin_t
    d, e = -k * sin_t, k * cos_t
    ox, oy = grid.origin
    c = ox - (a * fit.tx + b * fit.ty)
    f = oy - (d * fit.tx + e * fit.ty)
    hex_px = SQRT3 * fit.scale
    residuals = []
    for pick, q in zip(picks, src, strict=True):
        fx, fy = fit.apply(*q)
        dist = math.hypot(pick.u - fx, pick.v - fy)
        residuals.append(Residual(pick.label, (fx, fy), dist * k, dist / hex_px))
    return Calibration(fit, (a, b, c, d, e, f), new_grid, k, tuple(residuals))


def parse_pick_label(text: str) -> str:
    """Normalise a typed hex number ('512' -> '0512'); CalibrationError if it is not one."""
    text = text.strip()
    if text.isdigit() and 3 <= len(text) <= 4:
        text = text.zfill(4)
    try:
        parse_label(text)
    except ValueError:
        raise CalibrationError(f"{text!r} is not a printed hex number (CCRR)") from None
    return text


def apply_transform(transform: Transform, u: float, v: float) -> tuple[float, float]:
    a, b, c, d, e, f = transform
    return a * u + b * v + c, d * u + e * v + f


def invert_transform(transform: Transform) -> Transform:
    """The inverse affine (mm -> pixels); CalibrationError if it is singular."""
    a, b, c, d, e, f = transform
    det = a * e - b * d
    if abs(det) < 1e-15:
        raise CalibrationError("the scan's transform is singular")
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return ia, ib, -(ia * c + ib * f), id_, ie, -(id_ * c + ie * f)
