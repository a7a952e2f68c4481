"""Board > Board settings (id, title, rows, the squares' size and where the first one is)
and Board > Segment settings (a segment's id, title and columns). The dialogs only collect
values; the window pushes one undoable command with them (editor/ub/commands.py). A value
the format refuses (an id with a space, a segment id used twice) is said in the dialog,
which stays open. Fewer rows or columns cut squares off (undoable); more are open ground."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.model.common import Ident
from engine.model.square_board import Segment, SquareBoard, SquareGrid

from .commands import resized_rows

_IDENT: TypeAdapter[str] = TypeAdapter(Ident)


def ident_problem(text: str) -> str:
    """Why `text` is not an id ("" when it is one)."""
    try:
        _IDENT.validate_python(text)
    except ValidationError:
        return f"{text!r} is not an id: letters, digits, '_', '-' and '.', starting with a letter or digit"
    return ""


class _Form(QDialog):
    def __init__(self, title: str, parent: QWidget | None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #b3261e;")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._try_accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        #: the fields to change, once accepted
        self.changes: dict[str, Any] = {}

    def _try_accept(self) -> None:
        problem = self.collect()
        self.error.setText(problem)
        if not problem:
            self.accept()

    def collect(self) -> str:
        raise NotImplementedError


def _count(value: int) -> QSpinBox:
    """Squares in a row or rows in a segment, as many as the format allows."""
    box = QSpinBox()
    box.setRange(1, 64)
    box.setValue(value)
    return box


def _spin(value: float, low: float, high: float, suffix: str = " mm") -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(3)
    box.setSuffix(suffix)
    box.setValue(value)
    return box


class BoardSettingsDialog(_Form):
    def __init__(self, board: SquareBoard, parent: QWidget | None = None):
        super().__init__("Board settings", parent)
        self.board = board
        self.ident = QLineEdit(board.id)
        self.title = QLineEdit(board.title)
        self.size = _spin(board.grid.size, 1.0, 200.0)
        self.origin_x = _spin(board.grid.origin[0], -1000.0, 1000.0)
        self.origin_y = _spin(board.grid.origin[1], -1000.0, 1000.0)
        self.rows = _count(len(board.segments[0].rows))
        self.form.addRow("Id:", self.ident)
        self.form.addRow("Title:", self.title)
        self.form.addRow("Rows (every segment):", self.rows)
        self.form.addRow("Square side:", self.size)
        self.form.addRow("First square's corner x:", self.origin_x)
        self.form.addRow("First square's corner y:", self.origin_y)

    def collect(self) -> str:
        ident, title = self.ident.text().strip(), self.title.text().strip()
        problem = ident_problem(ident)
        if problem:
            return problem
        if not title:
            return "the board needs a title"
        grid = SquareGrid(
            kind="square",
            size=round(self.size.value(), 6),
            origin=(self.origin_x.value(), self.origin_y.value()),
        )
        height = self.rows.value()
        segments = [
            s.model_copy(update={"rows": resized_rows(s.rows, height=height)}) for s in self.board.segments
        ]
        new = {"id": ident, "title": title, "grid": grid, "segments": segments}
        self.changes = {k: v for k, v in new.items() if v != getattr(self.board, k)}
        return ""


class SegmentSettingsDialog(_Form):
    def __init__(self, board: SquareBoard, index: int, parent: QWidget | None = None):
        segment = board.segments[index]
        super().__init__(f"Segment {segment.id}", parent)
        self.segment: Segment = segment
        self.others = {s.id for i, s in enumerate(board.segments) if i != index}
        self.ident = QLineEdit(segment.id)
        self.title = QLineEdit(segment.title)
        self.columns = _count(len(segment.rows[0]))
        self.form.addRow("Id:", self.ident)
        self.form.addRow("Title:", self.title)
        self.form.addRow("Columns:", self.columns)

    def collect(self) -> str:
        ident, title = self.ident.text().strip(), self.title.text().strip()
        problem = ident_problem(ident)
        if problem:
            return problem
        if ident in self.others:
            return f"another segment is {ident}"
        new = {
            "id": ident,
            "title": title,
            "rows": resized_rows(self.segment.rows, width=self.columns.value()),
        }
        self.changes = {k: v for k, v in new.items() if v != getattr(self.segment, k)}
        return ""
