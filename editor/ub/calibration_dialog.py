"""Calibrate a segment's scan: click square corners on the scan, name each by the square it
is the top-left corner of, see the fitted squares over the scan with each point's error, and
apply the fit as one undoable edit. Once two corners are named, a click snaps to the nearest
fitted corner and is named for you (the hex sheets' dialog, editor/digitise/, does the same
with hex centres; the view is its ScanView)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.geometry.calibration import MM_PER_INCH, CalibrationError

from ..digitise.scan_view import ScanView
from .calibration import CornerPick, SquareCalibration, calibrate_segment, parse_corner

PICK_COLOUR = QColor("#e0007a")
FIT_COLOUR = QColor(0, 150, 255, 200)
MIN_SCANNER_DPI = 100.0
COLUMNS = ["Corner of", "u (px)", "v (px)", "error (mm)", "error (squares)"]


@dataclass
class PickRow:
    u: float
    v: float
    label: str = ""


class SquareCalibrationDialog(QDialog):
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
        super().__init__(parent)
        self.setWindowTitle(f"Calibrate the scan of segment {segment_id}")
        self.first_col, self.width, self.height, self.size = first_col, width, height, size
        self.rows: list[PickRow] = []
        self.calibration: SquareCalibration | None = None
        self._markers: list[QGraphicsItem] = []

        self.view = ScanView(pixmap)
        self.view.setMinimumSize(500, 400)
        self.fit_overlay = QGraphicsPathItem()
        pen = QPen(FIT_COLOUR, 1.5)
        pen.setCosmetic(True)
        self.fit_overlay.setPen(pen)
        self.fit_overlay.setZValue(1)
        self.view.scene().addItem(self.fit_overlay)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.label_edit = QLineEdit()
        self.label_edit.setPlaceholderText("square whose top-left corner it is, e.g. C3")
        self.label_edit.setMaxLength(4)
        self.remove_button = QPushButton("Remove point")
        self.from_dpi = QCheckBox("Square size from the scan resolution:")
        self.dpi = QDoubleSpinBox()
        self.dpi.setRange(10, 4800)
        self.dpi.setDecimals(1)
        self.dpi.setSuffix(" dpi")
        self.dpi.setValue(dpi if dpi and dpi >= MIN_SCANNER_DPI else 300.0)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        intro = QLabel(
            "Click two or more square corners far apart on the scan and type the square each"
            " is the top-left corner of (a corner on the right or bottom edge: the square"
            " beyond it). After two, clicks snap to the fitted corners and are named for you."
            " Wheel: zoom; middle button: pan."
        )
        intro.setWordWrap(True)
        side_layout.addWidget(intro)
        side_layout.addWidget(self.table, 1)
        edit_row = QHBoxLayout()
        edit_row.addWidget(QLabel("Corner of:"))
        edit_row.addWidget(self.label_edit, 1)
        edit_row.addWidget(self.remove_button)
        side_layout.addLayout(edit_row)
        dpi_row = QHBoxLayout()
        dpi_row.addWidget(self.from_dpi)
        dpi_row.addWidget(self.dpi)
        side_layout.addLayout(dpi_row)
        side_layout.addWidget(self.result)
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)

        self.view.picked.connect(self.add_pick)
        self.label_edit.returnPressed.connect(self._commit_label)
        self.remove_button.clicked.connect(self.remove_selected)
        self.from_dpi.toggled.connect(lambda *_: self.refit())
        self.dpi.valueChanged.connect(lambda *_: self.refit())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(1100, 700)
        self.refit()

    # -- picks -----------------------------------------------------------------------
    def add_pick(self, pos: QPointF) -> None:
        u, v, label = pos.x(), pos.y(), ""
        if self.calibration is not None:
            guess = self.calibration.label_at_pixel(u, v)
            if guess is not None and guess[0] not in {r.label for r in self.rows}:
                label = guess[0]
                u, v = guess[1]  # snapped to the fitted corner
        self.rows.append(PickRow(u, v, label))
        self.refit()
        self.table.selectRow(len(self.rows) - 1)
        self.label_edit.setFocus()
        self.label_edit.selectAll()

    def set_label(self, row: int, text: str) -> bool:
        try:
            label = parse_corner(text)
        except CalibrationError as exc:
            self.result.setText(str(exc))
            return False
        for i, other in enumerate(self.rows):
            if i != row and other.label == label:
                other.label = ""  # a corner is picked once: the newer click wins
        self.rows[row].label = label
        self.refit()
        return True

    def _commit_label(self) -> None:
        row = self.current_row()
        if row is not None and self.set_label(row, self.label_edit.text()):
            self.label_edit.clear()
            self.table.selectRow(row)

    def current_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else (len(self.rows) - 1 if self.rows else None)

    def remove_selected(self) -> None:
        row = self.current_row()
        if row is not None:
            del self.rows[row]
            self.refit()

    def picks(self) -> list[CornerPick]:
        return [CornerPick(r.u, r.v, r.label) for r in self.rows if r.label]

    # -- fitting ---------------------------------------------------------------------
    def refit(self) -> None:
        picks = self.picks()
        self.calibration = None
        message = ""
        if len(picks) < 2:
            message = "Pick at least two named corners."
        else:
            mm_per_px = MM_PER_INCH / self.dpi.value() if self.from_dpi.isChecked() else None
            try:
                self.calibration = calibrate_segment(picks, self.first_col, self.size, mm_per_px)
            except CalibrationError as exc:
                message = str(exc)
        cal = self.calibration
        if cal is not None:
            message = (
                f"RMS error {cal.rms_mm:.2f} mm ({cal.rms_squares:.3f} square) over {len(picks)} points."
                f" Square {cal.size:.3f} mm = {cal.square_pixels:.1f} px;"
                f" scan rotated {cal.rotation_degrees:+.2f}°."
            )
            if len(picks) == 2:
                message += " Two points always fit exactly: add a third to check them."
        self.result.setText(message)
        self.apply_button.setEnabled(cal is not None)
        self._fill_table()
        self._draw()

    def _fill_table(self) -> None:
        errors = {r.label: r for r in self.calibration.residuals} if self.calibration else {}
        self.table.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            residual = errors.get(row.label)
            cells = [
                row.label or "?",
                f"{row.u:.1f}",
                f"{row.v:.1f}",
                f"{residual.mm:.2f}" if residual else "",
                f"{residual.squares:.3f}" if residual else "",
            ]
            for c, text in enumerate(cells):
                self.table.setItem(i, c, QTableWidgetItem(text))

    def _draw(self) -> None:
        scene = self.view.scene()
        for item in self._markers:
            scene.removeItem(item)
        self._markers = []
        pen = QPen(PICK_COLOUR, 2)
        pen.setCosmetic(True)
        font = QFont()
        font.setBold(True)
        for row in self.rows:
            cross = QGraphicsPathItem(_cross())
            cross.setPen(pen)
            cross.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            cross.setPos(row.u, row.v)
            cross.setZValue(2)
            text = QGraphicsSimpleTextItem(row.label or "?")
            text.setBrush(QBrush(PICK_COLOUR))
            text.setFont(font)
            text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            text.setPos(row.u, row.v)
            text.setZValue(2)
            for item in (cross, text):
                scene.addItem(item)
                self._markers.append(item)
        path = QPainterPath()
        cal = self.calibration
        if cal is not None:
            # the segment's grid lines as fitted
            for col in range(self.width + 1):
                path.moveTo(*cal.corner_pixel(col, 0))
                path.lineTo(*cal.corner_pixel(col, self.height))
            for row in range(self.height + 1):
                path.moveTo(*cal.corner_pixel(0, row))
                path.lineTo(*cal.corner_pixel(self.width, row))
        self.fit_overlay.setPath(path)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Return confirms a typed corner name; it must never also press Apply
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        self.view.fit()


def _cross() -> QPainterPath:
    path = QPainterPath()
    for (x0, y0), (x1, y1) in (((-8, 0), (-2, 0)), ((2, 0), (8, 0)), ((0, -8), (0, -2)), ((0, 2), (0, 8))):
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    return path
