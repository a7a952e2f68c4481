"""Calibrate a segment's scan: click square corners on the scan, name each by the square it
is the top-left corner of, see the fitted squares over the scan with each point's error, and
apply the fit as one undoable edit. Once two corners are named, a click snaps to the nearest
fitted corner and is named for you (the hex sheets' dialog, editor/digitise/, does the same
with hex centres; the dialog both are is editor/digitise/pick_calibration.py)."""

from __future__ import annotations

from PySide6.QtGui import QPainterPath, QPixmap
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QWidget

from ..digitise.pick_calibration import PickCalibrationDialog
from .calibration import CornerPick, CornerResidual, SquareCalibration, calibrate_segment, parse_corner

COLUMNS = ["Corner of", "u (px)", "v (px)", "error (mm)", "error (squares)"]


class SquareCalibrationDialog(PickCalibrationDialog):
    calibration: SquareCalibration | None

    def __init__(
        self,
        pixmap: QPixmap,
        segment_id: str,
        first_col: int,
        width: int,
        height: int,
        size: float,
        dpi: float | None,
        parent: QWidget | None = None,
    ):
        super().__init__(
            pixmap,
            COLUMNS,
            "Click two or more square corners far apart on the scan and type the square each"
            " is the top-left corner of (a corner on the right or bottom edge: the square"
            " beyond it). After two, clicks snap to the fitted corners and are named for you."
            " Wheel: zoom; middle button: pan.",
            "Corner of:",
            "square whose top-left corner it is, e.g. C3",
            dpi,
            parent,
        )
        self.setWindowTitle(f"Calibrate the scan of segment {segment_id}")
        self.first_col, self.width, self.height, self.size = first_col, width, height, size
        self.from_dpi = QCheckBox("Square size from the scan resolution:")
        dpi_row = QHBoxLayout()
        dpi_row.addWidget(self.from_dpi)
        dpi_row.addWidget(self.dpi)
        self.scale_row.addLayout(dpi_row)
        self.from_dpi.toggled.connect(lambda *_: self.refit())
        self.refit()

    # -- square corners --------------------------------------------------------------------
    def parse_label(self, text: str) -> str:
        return parse_corner(text)

    def guess(self, u: float, v: float) -> tuple[str, float, float] | None:
        assert self.calibration is not None
        found = self.calibration.label_at_pixel(u, v)
        if found is None:
            return None
        label, (cu, cv) = found
        return label, cu, cv  # snapped to the fitted corner

    def picks(self) -> list[CornerPick]:
        return [CornerPick(r.u, r.v, r.label) for r in self.rows if r.label]

    def fit(self, picks: list[CornerPick]) -> SquareCalibration:
        return calibrate_segment(picks, self.first_col, self.size, self.mm_per_pixel())

    def too_few(self) -> str:
        return "Pick at least two named corners."

    def describe(self, cal: SquareCalibration, points: int) -> str:
        return (
            f"RMS error {cal.rms_mm:.2f} mm ({cal.rms_squares:.3f} square) over {points} points."
            f" Square {cal.size:.3f} mm = {cal.square_pixels:.1f} px;"
            f" scan rotated {cal.rotation_degrees:+.2f}°."
        )

    def residual_size(self, residual: CornerResidual) -> float:
        return residual.squares

    def fit_path(self, cal: SquareCalibration) -> QPainterPath:
        """The segment's grid lines as fitted."""
        path = QPainterPath()
        for col in range(self.width + 1):
            path.moveTo(*cal.corner_pixel(col, 0))
            path.lineTo(*cal.corner_pixel(col, self.height))
        for row in range(self.height + 1):
            path.moveTo(*cal.corner_pixel(0, row))
            path.lineTo(*cal.corner_pixel(self.width, row))
        return path
