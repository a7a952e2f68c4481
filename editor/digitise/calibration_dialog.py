"""Calibrate scan: click hex centres on the scan, type their printed numbers, see the fitted
grid over the scan with the error of each point, apply it as one undoable edit."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.geometry.calibration import (
    MM_PER_INCH,
    Calibration,
    CalibrationError,
    Pick,
    calibrate,
    parse_pick_label,
)
from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Grid

from .scan_view import ScanView

PICK_COLOUR = QColor("#e0007a")
FIT_COLOUR = QColor(0, 150, 255, 200)
#: Resolutions below this are what image writers put when they know nothing (72, 96 dpi):
#: a scanner writes 150 dpi or more.
MIN_SCANNER_DPI = 100.0
COLUMNS = ["Hex", "u (px)", "v (px)", "error (mm)", "error (hex)"]


@dataclass
class PickRow:
    u: float
    v: float
    label: str = ""


class CalibrationDialog(QDialog):
    def __init__(self, pixmap: QPixmap, grid: Grid, dpi: float | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Calibrate scan")
        self.grid = grid
        self.rows: list[PickRow] = []
        #: the last good fit (None while there are fewer than two numbered points)
        self.calibration: Calibration | None = None
        self._markers: list[QGraphicsItem] = []

        self.view = ScanView(pixmap)
        self.view.setMinimumSize(500, 400)
        self.fit_overlay = QGraphicsPathItem()
        pen = QPen(FIT_COLOUR, 1.5)
        pen.setCosmetic(True)  # one screen pixel at any zoom
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
        self.label_edit.setPlaceholderText("printed number, e.g. 0512")
        self.label_edit.setMaxLength(4)
        self.remove_button = QPushButton("Remove point")
        self.clear_button = QPushButton("Clear")

        self.keep_size = QRadioButton(f"Keep the hex size ({grid.size:.3f} mm)")
        self.from_dpi = QRadioButton("Scan resolution:")
        self.dpi = QDoubleSpinBox()
        self.dpi.setRange(10, 4800)
        self.dpi.setDecimals(1)
        self.dpi.setSuffix(" dpi")
        self.dpi.setValue(dpi if dpi and dpi >= MIN_SCANNER_DPI else 300.0)
        scale_group = QButtonGroup(self)
        scale_group.addButton(self.keep_size)
        scale_group.addButton(self.from_dpi)
        # a scan that states its resolution gives the printed hex size; otherwise the grid's
        (self.from_dpi if dpi and dpi >= MIN_SCANNER_DPI else self.keep_size).setChecked(True)

        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(
            QLabel(
                "Click the centres of two or more hexes far apart on the scan and type their"
                " printed numbers. After two, further clicks are numbered for you."
                " Wheel: zoom; middle button: pan."
            )
        )
        side_layout.itemAt(0).widget().setWordWrap(True)  # type: ignore[union-attr]
        side_layout.addWidget(self.table, 1)
        edit_row = QHBoxLayout()
        edit_row.addWidget(QLabel("Hex:"))
        edit_row.addWidget(self.label_edit, 1)
        edit_row.addWidget(self.remove_button)
        edit_row.addWidget(self.clear_button)
        side_layout.addLayout(edit_row)
        scale = QGridLayout()
        scale.addWidget(self.keep_size, 0, 0, 1, 2)
        scale.addWidget(self.from_dpi, 1, 0)
        scale.addWidget(self.dpi, 1, 1)
        side_layout.addLayout(scale)
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
        self.table.itemSelectionChanged.connect(self._on_row_selected)
        self.remove_button.clicked.connect(self.remove_selected)
        self.clear_button.clicked.connect(self.clear)
        scale_group.buttonToggled.connect(lambda *_: self.refit())
        self.dpi.valueChanged.connect(lambda *_: self.refit())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(1100, 700)
        self.refit()

    # -- picks ---------------------------------------------------------------------------
    def add_pick(self, pos: QPointF) -> None:
        label = ""
        if self.calibration is not None:
            guess = self.calibration.label_at_pixel(pos.x(), pos.y())
            if guess and guess not in {r.label for r in self.rows}:
                label = guess
        self.rows.append(PickRow(pos.x(), pos.y(), label))
        self.refit()
        self.table.selectRow(len(self.rows) - 1)
        # the designer's next move is to type the number printed in that hex
        self.label_edit.setFocus()
        self.label_edit.selectAll()

    def set_label(self, row: int, text: str) -> bool:
        try:
            label = parse_pick_label(text)
        except CalibrationError as exc:
            self.result.setText(str(exc))
            return False
        for i, other in enumerate(self.rows):
            if i != row and other.label == label:
                other.label = ""  # a hex is picked once: the newer click wins
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

    def _on_row_selected(self) -> None:
        row = self.current_row()
        if row is not None and row < len(self.rows):
            self.label_edit.setText(self.rows[row].label)
            self.label_edit.selectAll()

    def remove_selected(self) -> None:
        row = self.current_row()
        if row is not None:
            del self.rows[row]
            self.refit()

    def clear(self) -> None:
        self.rows = []
        self.refit()

    def picks(self) -> list[Pick]:
        return [Pick(r.u, r.v, r.label) for r in self.rows if r.label]

    def mm_per_pixel(self) -> float | None:
        return MM_PER_INCH / self.dpi.value() if self.from_dpi.isChecked() else None

    # -- fitting -------------------------------------------------------------------------
    def refit(self) -> None:
        picks = self.picks()
        self.calibration = None
        message = ""
        if len(picks) < 2:
            message = "Pick at least two numbered hexes."
        else:
            try:
                self.calibration = calibrate(picks, self.grid, self.mm_per_pixel())
            except CalibrationError as exc:
                message = str(exc)
        cal = self.calibration
        if cal is not None:
            message = (
                f"RMS error {cal.rms_mm:.2f} mm ({cal.rms_hexes:.3f} hex) over {len(picks)} points."
                f" Hex {cal.grid.size:.3f} mm = {cal.hex_pixels:.1f} px;"
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
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            residual = errors.get(row.label)
            cells = [
                row.label or "?",
                f"{row.u:.1f}",
                f"{row.v:.1f}",
                f"{residual.mm:.2f}" if residual else "",
                f"{residual.hexes:.3f}" if residual else "",
            ]
            for c, text in enumerate(cells):
                self.table.setItem(i, c, QTableWidgetItem(text))
        self.table.blockSignals(False)

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
            # drawn in screen pixels: a mark that stays readable at any zoom
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
            for label in HexGrid(cal.grid).labels():
                path.addPolygon(QPolygonF([QPointF(u, v) for u, v in cal.pixel_corners(label)]))
                path.closeSubpath()
            for residual in cal.residuals:
                dot = QGraphicsEllipseItem(-4, -4, 8, 8)
                dot.setPen(QPen(FIT_COLOUR, 2))
                dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
                dot.setPos(*residual.fitted)
                dot.setZValue(2)
                scene.addItem(dot)
                self._markers.append(dot)
        self.fit_overlay.setPath(path)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Return confirms a typed hex number; it must never also press Apply
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
