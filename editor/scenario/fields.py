"""Small widgets the scenario pages share: a multi-line text with a Markdown preview that
commits when the user leaves it, a d10 strip showing which die results a table covers, and
the red line under a page that says why a value was refused."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.model.d10_coverage import D10_ROLLS, Coverage

COVERED = QColor("#cfe8cf")
UNCOVERED = QColor("#f6d68a")
DOUBLED = QColor("#f1a7a0")


class CommitTextEdit(QPlainTextEdit):
    """A plain-text editor that says `committed` when focus leaves it (one undo entry per
    visit, not per key)."""

    committed = Signal(str)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.committed.emit(self.toPlainText())


class MarkdownField(QWidget):
    """Text typed on the left, its Markdown rendering on the right, updated as one types."""

    committed = Signal(str)

    def __init__(self, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.edit = CommitTextEdit()
        self.edit.setObjectName(title.lower().replace(" ", "_"))
        self.edit.setTabChangesFocus(True)
        self.preview = QTextBrowser()
        self.preview.setOpenExternalLinks(False)
        self.preview.setObjectName(self.edit.objectName() + "_preview")
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.edit)
        split.addWidget(self.preview)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(QLabel(f"<b>{title}</b> (Markdown; preview on the right)"))
        layout.addWidget(split)
        self.edit.textChanged.connect(self._preview)
        self.edit.committed.connect(self.committed)

    def _preview(self) -> None:
        self.preview.setMarkdown(self.edit.toPlainText())

    def set_text(self, text: str) -> None:
        # never overwrite what the user is typing: it commits when they leave the field
        if self.edit.hasFocus() or self.edit.toPlainText() == text:
            return
        self.edit.setPlainText(text)


class DieStrip(QWidget):
    """Ten boxes, one per d10 result: green when one row gives it, amber when none does,
    red when several do, so gaps and overlaps show at a glance."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.coverage: Coverage | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(10 * 26, 24)

    def minimumSizeHint(self) -> QSize:
        return QSize(10 * 18, 24)  # each die result still reads as a box of its own

    def set_coverage(self, coverage: Coverage | None) -> None:
        self.coverage = coverage
        self.setToolTip(describe(coverage) if coverage else "")
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.coverage is None:
            return
        painter = QPainter(self)
        owners = self.coverage.owners
        w = min(26, (self.width() - 1) // 10)
        h = self.height() - 1
        for roll in D10_ROLLS:
            n = len(owners[roll])
            colour = COVERED if n == 1 else UNCOVERED if n == 0 else DOUBLED
            painter.fillRect(roll * w, 0, w - 2, h, colour)
            painter.setPen(QColor("#333333"))
            painter.drawRect(roll * w, 0, w - 2, h)
            painter.drawText(roll * w, 0, w - 2, h, Qt.AlignmentFlag.AlignCenter, str(roll))
        painter.end()


def describe(coverage: Coverage) -> str:
    """'every roll 0-9 once', or the gaps and overlaps in words."""
    if coverage.complete:
        return "every roll 0-9 once"
    parts = []
    if coverage.uncovered:
        parts.append("no result for " + ", ".join(map(str, coverage.uncovered)))
    if coverage.doubled:
        parts.append("twice: " + ", ".join(map(str, coverage.doubled)))
    return "; ".join(parts)


class ProblemLabel(QLabel):
    """Why the last value typed was refused; empty when it was accepted."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("refused")
        self.setStyleSheet("color: #b3261e;")
        self.setWordWrap(True)

    def say(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))
