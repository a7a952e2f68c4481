"""Grid settings: every field of the sheet's hex grid, checked by the model before it is
applied as one undoable edit."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.model.sheet import Grid, Orientation, Stagger


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def _mm(low: float, high: float, value: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(4)
    box.setSuffix(" mm")
    box.setValue(value)
    return box


class GridDialog(QDialog):
    def __init__(self, grid: Grid, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Grid settings")
        self.original = grid
        #: the accepted grid
        self.grid: Grid | None = None
        self.orientation = QComboBox()
        self.orientation.addItems([o.value for o in Orientation])
        self.orientation.setCurrentText(grid.orientation.value)
        self.size = _mm(0.01, 1000, grid.size)
        self.size.setToolTip("Centre to corner; the distance between neighbouring centres is √3 times this")
        self.origin_x = _mm(-10000, 10000, grid.origin[0])
        self.origin_y = _mm(-10000, 10000, grid.origin[1])
        self.columns = _spin(1, 99, grid.columns)
        self.rows = _spin(1, 99, grid.rows)
        self.first_column = _spin(0, 98, grid.first_column)
        self.first_row = _spin(0, 98, grid.first_row)
        self.stagger = QComboBox()
        self.stagger.addItems([s.value for s in Stagger])
        self.stagger.setCurrentText(grid.stagger.value)
        self.stagger.setToolTip("Printed columns (flat) or rows (pointy) shifted half a hex down (right)")
        self.half_hexes = QCheckBox("Half hexes on the sheet edge are playable")
        self.half_hexes.setChecked(grid.half_hexes_playable)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)

        origin = QHBoxLayout()
        origin.addWidget(self.origin_x)
        origin.addWidget(self.origin_y)
        form = QFormLayout()
        form.addRow("Orientation", self.orientation)
        form.addRow("Hex size", self.size)
        form.addRow("Origin (centre of the first hex)", origin)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow("First column", self.first_column)
        form.addRow("First row", self.first_row)
        form.addRow("Stagger", self.stagger)
        form.addRow("", self.half_hexes)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def edited_grid(self) -> Grid:
        """The grid the fields describe; ValidationError when the model refuses it."""
        return Grid(
            orientation=Orientation(self.orientation.currentText()),
            size=self.size.value(),
            origin=(self.origin_x.value(), self.origin_y.value()),
            columns=self.columns.value(),
            rows=self.rows.value(),
            first_column=self.first_column.value(),
            first_row=self.first_row.value(),
            stagger=Stagger(self.stagger.currentText()),
            half_hexes_playable=self.half_hexes.isChecked(),
        )

    def accept(self) -> None:
        try:
            self.grid = self.edited_grid()
        except ValidationError as exc:
            self.error.setText("; ".join(e["msg"] for e in exc.errors()))
            return
        super().accept()
