"""Real mouse and keyboard input on the scenario pages' widgets."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTableWidget, QWidget

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, LEFT, pos=widget.rect().center())


def click_check(qtbot, box: QWidget) -> None:
    """Click a check box on its indicator (its text may end before the widget's centre)."""
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))


def select_row(qtbot, table: QTableWidget, row: int, column: int = 0) -> None:
    table.scrollToItem(table.item(row, column))
    rect = table.visualItemRect(table.item(row, column))
    qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())


def type_in_cell(qtbot, table: QTableWidget, row: int, column: int, text: str) -> None:
    """Double-click the cell, replace its text by typing, press Enter."""
    table.scrollToItem(table.item(row, column))
    rect = table.visualItemRect(table.item(row, column))
    qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), LEFT, pos=rect.center())
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not table
    qtbot.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def type_in_line(qtbot, line: QWidget, text: str) -> None:
    qtbot.mouseClick(line, LEFT, pos=line.rect().center())
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)
