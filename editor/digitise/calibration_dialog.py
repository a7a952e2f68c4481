"""Calibrate scan: click hex centres on the scan, type their printed numbers, see the fitted
grid over the scan with the error of each point, apply it as one undoable edit (the dialog
itself: pick_calibration.py, shared with Urban Battle's square corners)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QButtonGroup,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGridLayout,
    QPushButton,
    QRadioButton,
    QWidget,
)

from engine.geometry.calibration import Calibration, Pick, Residual, calibrate, parse_pick_label
from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Grid

from .pick_calibration import FIT_COLOUR, MIN_SCANNER_DPI, PickCalibrationDialog

COLUMNS = ["Hex", "u (px)", "v (px)", "error (mm)", "error (hex)"]


class CalibrationDialog(PickCalibrationDialog):
    calibration: Calibration | None

    def __init__(self, pixmap: QPixmap, grid: Grid, dpi: float | None, parent: QWidget | None = None):
        super().__init__(
            pixmap,
            COLUMNS,
            "Click the centres of two or more hexes far apart on the scan and type their"
            " printed numbers. After two, further clicks are numbered for you."
            " Wheel: zoom; middle button: pan.",
            "Hex:",
            "printed number, e.g. 0512",
            dpi,
            parent,
        )
        self.setWindowTitle("Calibrate scan")
        self.grid = grid
        self.clear_button = QPushButton("Clear")
        self.edit_row.addWidget(self.clear_button)
        self.keep_size = QRadioButton(f"Keep the hex size ({grid.size:.3f} mm)")
        self.from_dpi = QRadioButton("Scan resolution:")
        scale_group = QButtonGroup(self)
        scale_group.addButton(self.keep_size)
        scale_group.addButton(self.from_dpi)
        # a scan that states its resolution gives the printed hex size; otherwise the grid's
        (self.from_dpi if dpi and dpi >= MIN_SCANNER_DPI else self.keep_size).setChecked(True)
        scale = QGridLayout()
        scale.addWidget(self.keep_size, 0, 0, 1, 2)
        scale.addWidget(self.from_dpi, 1, 0)
        scale.addWidget(self.dpi, 1, 1)
        self.scale_row.addLayout(scale)

        self.table.itemSelectionChanged.connect(self._on_row_selected)
        self.clear_button.clicked.connect(self.clear)
        scale_group.buttonToggled.connect(lambda *_: self.refit())
        self.refit()

    def _on_row_selected(self) -> None:
        row = self.current_row()
        if row is not None and row < len(self.rows):
            self.label_edit.setText(self.rows[row].label)
            self.label_edit.selectAll()

    # -- hex centres -----------------------------------------------------------------------
    def parse_label(self, text: str) -> str:
        return parse_pick_label(text)

    def guess(self, u: float, v: float) -> tuple[str, float, float] | None:
        assert self.calibration is not None
        label = self.calibration.label_at_pixel(u, v)
        return (label, u, v) if label else None

    def picks(self) -> list[Pick]:
        return [Pick(r.u, r.v, r.label) for r in self.rows if r.label]

    def fit(self, picks: list[Pick]) -> Calibration:
        return calibrate(picks, self.grid, self.mm_per_pixel())

    def too_few(self) -> str:
        return "Pick at least two numbered hexes."

    def describe(self, cal: Calibration, points: int) -> str:
        return (
            f"RMS error {cal.rms_mm:.2f} mm ({cal.rms_hexes:.3f} hex) over {points} points."
            f" Hex {cal.grid.size:.3f} mm = {cal.hex_pixels:.1f} px;"
            f" scan rotated {cal.rotation_degrees:+.2f}°."
        )

    def residual_size(self, residual: Residual) -> float:
        return residual.hexes

    def fit_path(self, cal: Calibration) -> QPainterPath:
        path = QPainterPath()
        for label in HexGrid(cal.grid).labels():
            path.addPolygon(QPolygonF([QPointF(u, v) for u, v in cal.pixel_corners(label)]))
            path.closeSubpath()
        return path

    def fit_marks(self, cal: Calibration) -> list[QGraphicsItem]:
        """Where each numbered point falls by the fit: a dot off its cross is its error."""
        dots: list[QGraphicsItem] = []
        for residual in cal.residuals:
            dot = QGraphicsEllipseItem(-4, -4, 8, 8)
            dot.setPen(QPen(FIT_COLOUR, 2))
            dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setPos(*residual.fitted)
            dot.setZValue(2)
            dots.append(dot)
        return dots
