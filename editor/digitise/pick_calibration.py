"""What the two scan calibration dialogs share: the scan to click points on (ScanView), the
table of the points picked with the name typed for each and its error once fitted, the fit
redone at every change and drawn over the scan, the scan's resolution, Apply and Cancel.

The hex sheets' dialog (calibration_dialog.py) names hex centres by their printed numbers;
Urban Battle's (editor/ub/calibration_dialog.py) names square corners and snaps a click to
the fitted corner. Each says how a name is read, what a fit is, how a click is named once
two points fit, how the fit is drawn and which scale controls it has."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
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

from .scan_view import ScanView

PICK_COLOUR = QColor("#e0007a")
FIT_COLOUR = QColor(0, 150, 255, 200)
#: Resolutions below this are what image writers put when they know nothing (72, 96 dpi):
#: a scanner writes 150 dpi or more.
MIN_SCANNER_DPI = 100.0


@dataclass
class PickRow:
    u: float
    v: float
    label: str = ""


class PickCalibrationDialog(QDialog):
    """The shared dialog. A subclass adds its scale controls to `scale_row` (and sets
    `from_dpi`, the control that says the scan's resolution gives the size), any button of
    its own to `edit_row`, then calls `refit()`."""

    #: the subclass's toggle: the size comes from the scan's resolution when checked
    from_dpi: QAbstractButton

    def __init__(
        self,
        pixmap: QPixmap,
        columns: list[str],
        intro: str,
        caption: str,
        placeholder: str,
        dpi: float | None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.rows: list[PickRow] = []
        #: the last good fit (None while fewer than two named points fit)
        self.calibration: Any = None
        self._markers: list[QGraphicsItem] = []

        self.view = ScanView(pixmap)
        self.view.setMinimumSize(500, 400)
        self.fit_overlay = QGraphicsPathItem()
        pen = QPen(FIT_COLOUR, 1.5)
        pen.setCosmetic(True)  # one screen pixel at any zoom
        self.fit_overlay.setPen(pen)
        self.fit_overlay.setZValue(1)
        self.view.scene().addItem(self.fit_overlay)

        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels(columns)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.label_edit = QLineEdit()
        self.label_edit.setPlaceholderText(placeholder)
        self.label_edit.setMaxLength(4)
        self.remove_button = QPushButton("Remove point")
        self.dpi = QDoubleSpinBox()
        self.dpi.setRange(10, 4800)
        self.dpi.setDecimals(1)
        self.dpi.setSuffix(" dpi")
        self.dpi.setValue(dpi if dpi and dpi >= MIN_SCANNER_DPI else 300.0)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        intro_label = QLabel(intro)
        intro_label.setWordWrap(True)
        side_layout.addWidget(intro_label)
        side_layout.addWidget(self.table, 1)
        self.edit_row = QHBoxLayout()
        self.edit_row.addWidget(QLabel(caption))
        self.edit_row.addWidget(self.label_edit, 1)
        self.edit_row.addWidget(self.remove_button)
        side_layout.addLayout(self.edit_row)
        self.scale_row = QVBoxLayout()
        self.scale_row.setContentsMargins(0, 0, 0, 0)
        side_layout.addLayout(self.scale_row)
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
        self.dpi.valueChanged.connect(lambda *_: self.refit())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(1100, 700)

    # -- what each dialog says -------------------------------------------------------------
    def parse_label(self, text: str) -> str:
        """The name typed, normalised; CalibrationError if it is not one."""
        raise NotImplementedError

    def guess(self, u: float, v: float) -> tuple[str, float, float] | None:
        """Once points fit: the name of the point clicked at (u, v) and where it goes."""
        raise NotImplementedError

    def picks(self) -> list[Any]:
        """The named points as the engine's picks."""
        raise NotImplementedError

    def fit(self, picks: list[Any]) -> Any:
        """The calibration from the picks; CalibrationError if they do not fit."""
        raise NotImplementedError

    def too_few(self) -> str:
        raise NotImplementedError

    def describe(self, cal: Any, points: int) -> str:
        """The fit's figures (RMS error, size, rotation)."""
        raise NotImplementedError

    def residual_size(self, residual: Any) -> float:
        """A point's error in grid units (the table's last column)."""
        raise NotImplementedError

    def fit_path(self, cal: Any) -> QPainterPath:
        """The fitted grid over the scan."""
        raise NotImplementedError

    def fit_marks(self, cal: Any) -> list[QGraphicsItem]:
        """More marks of the fit on the scan (none by default)."""
        return []

    # -- picks -----------------------------------------------------------------------------
    def add_pick(self, pos: QPointF) -> None:
        u, v, label = pos.x(), pos.y(), ""
        if self.calibration is not None:
            guess = self.guess(u, v)
            if guess is not None and guess[0] not in {r.label for r in self.rows}:
                label, u, v = guess
        self.rows.append(PickRow(u, v, label))
        self.refit()
        self.table.selectRow(len(self.rows) - 1)
        # the designer's next move is to type the name of the point clicked
        self.label_edit.setFocus()
        self.label_edit.selectAll()

    def set_label(self, row: int, text: str) -> bool:
        try:
            label = self.parse_label(text)
        except CalibrationError as exc:
            self.result.setText(str(exc))
            return False
        for i, other in enumerate(self.rows):
            if i != row and other.label == label:
                other.label = ""  # a point is picked once: the newer click wins
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

    def clear(self) -> None:
        self.rows = []
        self.refit()

    def mm_per_pixel(self) -> float | None:
        return MM_PER_INCH / self.dpi.value() if self.from_dpi.isChecked() else None

    # -- fitting ---------------------------------------------------------------------------
    def refit(self) -> None:
        picks = self.picks()
        self.calibration = None
        message = ""
        if len(picks) < 2:
            message = self.too_few()
        else:
            try:
                self.calibration = self.fit(picks)
            except CalibrationError as exc:
                message = str(exc)
        cal = self.calibration
        if cal is not None:
            message = self.describe(cal, len(picks))
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
                f"{self.residual_size(residual):.3f}" if residual else "",
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
        cal = self.calibration
        if cal is None:
            self.fit_overlay.setPath(QPainterPath())
            return
        for item in self.fit_marks(cal):
            scene.addItem(item)
            self._markers.append(item)
        self.fit_overlay.setPath(self.fit_path(cal))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Return confirms a typed name; it must never also press Apply
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
