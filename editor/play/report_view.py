"""The game report dock's view: one paragraph per log entry, appended as the game goes.

A plain text view, not a list widget: a list with wrapped lines lays every entry out again
for each one added (150 ms an action after 900 entries, so the board lagged the clicks by
the end of a game); a plain text document lays out only the new paragraph. Entries are
found by row (the paragraph's number) for hovering and double-clicking.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget


class ReportView(QPlainTextEdit):
    #: the mouse is over entry `row` (-1: over none)
    hovered = Signal(int)
    #: entry `row` was double-clicked
    activated = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.viewport().setMouseTracking(True)
        self.setStyleSheet("QPlainTextEdit { background: white; }")
        self._count = 0

    # -- entries -------------------------------------------------------------------------
    def count(self) -> int:
        return self._count

    def clear(self) -> None:
        super().clear()
        self._count = 0

    def add(self, text: str) -> None:
        """Append an entry and keep the newest in view."""
        self.appendPlainText(text)
        self._count += 1

    def scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def text(self, row: int) -> str:
        return self.document().findBlockByNumber(row).text()

    def row_at(self, point: QPoint) -> int:
        """The entry under `point` (viewport coordinates), -1 if none."""
        block = self.cursorForPosition(point).block()
        if not block.isValid() or block.blockNumber() >= self._count:
            return -1
        if not self.entry_rect(block.blockNumber()).contains(point):
            return -1
        return block.blockNumber()

    def entry_rect(self, row: int) -> QRect:
        """Where entry `row` is in the viewport."""
        block = self.document().findBlockByNumber(row)
        return self.blockBoundingGeometry(block).translated(self.contentOffset()).toRect()

    def scroll_to(self, row: int) -> None:
        block = self.document().findBlockByNumber(row)
        self.setTextCursor(QTextCursor(block))
        self.ensureCursorVisible()

    def mark(self, row: int) -> None:
        """Shade entry `row` (the one hovered, whose blocks the board marks); -1: none."""
        if row < 0 or row >= self._count:
            self.setExtraSelections([])
            return
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(QColor("#fff3c4"))
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = QTextCursor(self.document().findBlockByNumber(row))
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        self.setExtraSelections([selection])

    # -- mouse ---------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.hovered.emit(self.row_at(event.position().toPoint()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: object) -> None:
        self.hovered.emit(-1)
        super().leaveEvent(event)  # type: ignore[arg-type]

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(event.position().toPoint())
        if row >= 0:
            self.activated.emit(row)
        event.accept()
